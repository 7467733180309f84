/* SPDX-License-Identifier: MIT */
/*
 * The Intel GPU command vocabulary, defined once (doc/blitter.md): the MI,
 * 2D (blitter) and 3D/media command names and opcodes, how long each command
 * is on each generation, the dword layout of the 2D commands, and the DW0,
 * BR13 and register fields that the decoder, the shim, the tools and the
 * tests use. Outside this file an opcode is spelled only where checking
 * these definitions independently is the point: the blitter tests' encoder
 * and reference model (tests/blt) and the decoder's golden text and
 * deliberately unknown opcodes (tests/intel/decode.c).
 *
 * Header only: X-macro lists, enums and static inline helpers, nothing to
 * link. It includes only <stdint.h> and <stdbool.h>, so libdrm_intel
 * (intel/decode*.c), every shim layer, the tools and the tests may include
 * it without depending on each other. The tables the lookups return are
 * function-local constants: pointers into them are valid forever.
 *
 * Conventions. A command's header value (MI_BATCH_BUFFER_END, XY_COLOR_BLT,
 * PIPE_CONTROL) is DW0 with the client and opcode bits set and every other
 * bit clear; OR in INTEL_LEN(total dwords) and the DW0 flags. Before gen8 a
 * graphics address is one dword; from gen8 it is two (low, then bits 47:32),
 * so a command grows by one dword per address field. Lengths below are
 * total dwords including DW0; the length field holds the total minus 2.
 */
#ifndef HWDEFS_INTEL_COMMANDS_H
#define HWDEFS_INTEL_COMMANDS_H

#include <stdbool.h>
#include <stdint.h>

/* ---- DW0: client and length ------------------------------------------- */

/* DW0 bits 31:29. */
enum intel_client {
	INTEL_CLIENT_MI = 0,
	INTEL_CLIENT_2D = 2,
	INTEL_CLIENT_GFX = 3,		/* 3D and media, PIPE_CONTROL */
};
#define INTEL_CLIENT(dw0) ((unsigned)((dw0) >> 29))

/* The opcode of an MI header (bits 28:23) and of a 2D header (bits 28:22). */
#define INTEL_MI_OPCODE(dw0) ((unsigned)((dw0) >> 23) & 0x3f)
#define INTEL_2D_OPCODE(dw0) ((unsigned)((dw0) >> 22) & 0x7f)
/* A 3D/media command's client, subtype, opcode and sub-opcode: DW0 bits 31:16. */
#define INTEL_GFX_OPCODE(dw0) ((unsigned)((dw0) >> 16))
#define INTEL_GFX_SUBTYPE(dw0) ((unsigned)((dw0) >> 27) & 3)
#define INTEL_GFX_PIPE_OPCODE(dw0) ((unsigned)((dw0) >> 24) & 7)

/* The length field of a command of n dwords in all (the field is biased by 2). */
#define INTEL_LEN(n) ((uint32_t)(n) - 2)

/* ---- MI commands --------------------------------------------------------- */

/*
 * X(NAME, opcode, first gen, length field mask before gen8, from gen8,
 *   valid dwords before gen8 (min, max), from gen8 (min, max))
 *
 * Opcodes 0x00-0x0f are one dword and have no length field (mask 0). A max
 * of 0 means "as far as the length field reaches". The masks are the width
 * of the length field the engine uses to find the next command; the ranges
 * are what a well-formed command holds (the decoder reports others).
 * MI_STORE_DATA_IMM has a reserved DW1 on gen4-7 (one dword more there,
 * see intel_mi_valid_length()).
 */
#define INTEL_MI_COMMANDS(X) \
	X(MI_NOOP,                         0x00, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_USER_INTERRUPT,               0x02, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_WAIT_FOR_EVENT,               0x03, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_FLUSH,                        0x04, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_ARB_CHECK,                    0x05, 4, 0,    0,     1, 1, 1, 1) \
	X(MI_REPORT_HEAD,                  0x07, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_ARB_ON_OFF,                   0x08, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_BATCH_BUFFER_END,             0x0a, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_SUSPEND_FLUSH,                0x0b, 2, 0,    0,     1, 1, 1, 1) \
	X(MI_PREDICATE,                    0x0c, 7, 0,    0,     1, 1, 1, 1) \
	X(MI_TOPOLOGY_FILTER,              0x0d, 8, 0,    0,     1, 1, 1, 1) \
	X(MI_OVERLAY_FLIP,                 0x11, 2, 0x3f, 0x3f,  2, 2, 2, 2) \
	X(MI_LOAD_SCAN_LINES_INCL,         0x12, 2, 0x3f, 0x3f,  2, 2, 2, 2) \
	X(MI_LOAD_SCAN_LINES_EXCL,         0x13, 2, 0x3f, 0x3f,  2, 2, 2, 2) \
	X(MI_DISPLAY_BUFFER_INFO,          0x14, 2, 0x3f, 0x3f,  3, 3, 3, 3) \
	X(MI_SEMAPHORE_MBOX,               0x16, 6, 0x3f, 0x3f,  3, 3, 3, 3) \
	X(MI_SET_CONTEXT,                  0x18, 2, 0x3f, 0x3f,  2, 2, 2, 2) \
	X(MI_MATH,                         0x1a, 7, 0xff, 0xff,  2, 0, 2, 0) \
	X(MI_SEMAPHORE_WAIT,               0x1c, 8, 0xff, 0xff,  4, 5, 4, 5) \
	X(MI_STORE_DATA_IMM,               0x20, 2, 0x3f, 0x3ff, 3, 4, 4, 0) \
	X(MI_STORE_DATA_INDEX,             0x21, 2, 0xff, 0xff,  3, 4, 3, 4) \
	X(MI_LOAD_REGISTER_IMM,            0x22, 2, 0xff, 0xff,  3, 0, 3, 0) \
	X(MI_UPDATE_GTT,                   0x23, 7, 0xff, 0xff,  2, 0, 2, 0) \
	X(MI_STORE_REGISTER_MEM,           0x24, 2, 0xff, 0xff,  3, 3, 4, 4) \
	X(MI_FLUSH_DW,                     0x26, 6, 0xff, 0xff,  3, 4, 4, 5) \
	X(MI_REPORT_PERF_COUNT,            0x28, 2, 0xff, 0xff,  3, 3, 3, 3) \
	X(MI_LOAD_REGISTER_MEM,            0x29, 2, 0xff, 0xff,  3, 3, 4, 4) \
	X(MI_LOAD_REGISTER_REG,            0x2a, 7, 0x3f, 0x3f,  3, 3, 3, 3) \
	X(MI_COPY_MEM_MEM,                 0x2e, 8, 0xff, 0xff,  4, 4, 5, 5) \
	X(MI_BATCH_BUFFER,                 0x30, 2, 0x3f, 0x3f,  3, 3, 3, 3) \
	X(MI_BATCH_BUFFER_START,           0x31, 2, 0xff, 0xff,  2, 2, 3, 3) \
	X(MI_CONDITIONAL_BATCH_BUFFER_END, 0x36, 6, 0xff, 0xff,  2, 4, 3, 4)

/* Length field mask of an MI opcode that is not in the list. */
#define INTEL_MI_DEFAULT_LEN_MASK 0x3f

#define INTEL_MI_HEADER_(name, op, ...) name = (int)((uint32_t)(op) << 23),
enum intel_mi_command { INTEL_MI_COMMANDS(INTEL_MI_HEADER_) };
#undef INTEL_MI_HEADER_

/* The opcode of a header value, for case labels and table indices: INTEL_MI_OP(MI_NOOP). */
#define INTEL_MI_OP(header) INTEL_MI_OPCODE(header)

/* ---- 2D commands --------------------------------------------------------- */

/*
 * The dword layout of a 2D command, as a list of field roles after DW0. An
 * address role takes one dword before gen8 and two from gen8.
 */
enum intel_field {
	INTEL_F_END = 0,
	INTEL_F_BR13,		/* pitch, ROP, depth, flags (INTEL_BR13_*) */
	INTEL_F_BR14,		/* non-XY commands: height << 16 | width in bytes */
	INTEL_F_FAST_DW1,	/* XY_FAST_COPY_BLT: pitch, depth, Tile-Y types (INTEL_FAST_COPY_*) */
	INTEL_F_CLIP_TL,	/* clip rectangle (y << 16 | x), x2/y2 exclusive */
	INTEL_F_CLIP_BR,
	INTEL_F_PIXEL,		/* XY_PIXEL_BLT: the one pixel */
	INTEL_F_DST_TL,		/* destination rectangle */
	INTEL_F_DST_BR,
	INTEL_F_DST_ADDR,
	INTEL_F_SRC_XY,		/* colour source: top-left pixel, pitch, address */
	INTEL_F_SRC_PITCH,
	INTEL_F_SRC_ADDR,
	INTEL_F_MONO_ADDR,	/* monochrome source in memory */
	INTEL_F_GLYPH_ADDR,	/* XY_TEXT_BLT glyph bits */
	INTEL_F_PAT_ADDR,	/* 8x8 colour pattern */
	INTEL_F_BG,		/* source (or setup) background / foreground colour */
	INTEL_F_FG,
	INTEL_F_PAT_BG,		/* mono pattern background / foreground colour */
	INTEL_F_PAT_FG,
	INTEL_F_PAT_DW0,	/* 8x8 mono pattern, rows 0-3 and 4-7 */
	INTEL_F_PAT_DW1,
	INTEL_F_COLOR,		/* solid fill colour */
	INTEL_F_DATA,		/* immediate data to the end of the command */
	INTEL_F_COUNT
};

static inline bool intel_field_is_address(enum intel_field f)
{
	return f == INTEL_F_DST_ADDR || f == INTEL_F_SRC_ADDR || f == INTEL_F_MONO_ADDR ||
	       f == INTEL_F_GLYPH_ADDR || f == INTEL_F_PAT_ADDR;
}

/*
 * X(NAME, opcode, first gen, length field mask, valid dwords (min, max) with
 *   32-bit addresses, (field roles))
 *
 * From gen8 both bounds grow by the number of address roles. A max of 0
 * means "as far as the length field reaches"; an empty layout is
 * (INTEL_F_END): commands only named and sized, never executed or decoded
 * field by field. XY_FAST_COPY_BLT exists from gen9 only; its 32-bit form
 * is notional (8 dwords + 2 address dwords = 10).
 */
#define INTEL_2D_COMMANDS(X) \
	X(XY_SETUP_BLT,                      0x01, 2,  0xff,  8,   8, (INTEL_F_BR13, INTEL_F_CLIP_TL, \
		INTEL_F_CLIP_BR, INTEL_F_DST_ADDR, INTEL_F_BG, INTEL_F_FG, INTEL_F_PAT_ADDR)) \
	X(XY_SETUP_CLIP_BLT,                 0x03, 2,  0xff,  3,   3, (INTEL_F_CLIP_TL, INTEL_F_CLIP_BR)) \
	X(XY_SETUP_MONO_PATTERN_SL_BLT,      0x11, 2,  0xff,  9,   9, (INTEL_F_BR13, INTEL_F_CLIP_TL, \
		INTEL_F_CLIP_BR, INTEL_F_DST_ADDR, INTEL_F_BG, INTEL_F_FG, INTEL_F_PAT_DW0, INTEL_F_PAT_DW1)) \
	X(XY_PIXEL_BLT,                      0x24, 2,  0xff,  2,   2, (INTEL_F_PIXEL)) \
	X(XY_SCANLINES_BLT,                  0x25, 2,  0xff,  3,   3, (INTEL_F_DST_TL, INTEL_F_DST_BR)) \
	X(XY_TEXT_BLT,                       0x26, 2,  0xff,  4,   4, (INTEL_F_DST_TL, INTEL_F_DST_BR, \
		INTEL_F_GLYPH_ADDR)) \
	X(XY_TEXT_IMMEDIATE_BLT,             0x31, 2,  0xff,  5, 134, (INTEL_F_DST_TL, INTEL_F_DST_BR, \
		INTEL_F_DATA)) \
	X(COLOR_BLT,                         0x40, 2,  0xff,  5,   5, (INTEL_F_BR13, INTEL_F_BR14, \
		INTEL_F_DST_ADDR, INTEL_F_COLOR)) \
	X(XY_BLOCK_COPY_BLT,                 0x41, 12, 0x1ff, 2,   0, (INTEL_F_END)) \
	X(XY_FAST_COPY_BLT,                  0x42, 9,  0xff,  8,   8, (INTEL_F_FAST_DW1, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_SRC_XY, INTEL_F_SRC_PITCH, INTEL_F_SRC_ADDR)) \
	X(SRC_COPY_BLT,                      0x43, 2,  0xff,  6,   6, (INTEL_F_BR13, INTEL_F_BR14, \
		INTEL_F_DST_ADDR, INTEL_F_SRC_PITCH, INTEL_F_SRC_ADDR)) \
	X(XY_FAST_COLOR_BLT,                 0x44, 12, 0x1ff, 2,   0, (INTEL_F_END)) \
	X(XY_COLOR_BLT,                      0x50, 2,  0xff,  6,   6, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_COLOR)) \
	X(XY_PAT_BLT,                        0x51, 2,  0xff,  6,   6, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_PAT_ADDR)) \
	X(XY_MONO_PAT_BLT,                   0x52, 2,  0xff,  9,   9, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_PAT_BG, INTEL_F_PAT_FG, INTEL_F_PAT_DW0, \
		INTEL_F_PAT_DW1)) \
	X(XY_SRC_COPY_BLT,                   0x53, 2,  0xff,  8,   8, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_SRC_XY, INTEL_F_SRC_PITCH, INTEL_F_SRC_ADDR)) \
	X(XY_MONO_SRC_COPY_BLT,              0x54, 2,  0xff,  8,   8, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_MONO_ADDR, INTEL_F_BG, INTEL_F_FG)) \
	X(XY_FULL_BLT,                       0x55, 2,  0xff,  9,   9, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_SRC_XY, INTEL_F_SRC_PITCH, INTEL_F_SRC_ADDR, \
		INTEL_F_PAT_ADDR)) \
	X(XY_FULL_MONO_SRC_BLT,              0x56, 2,  0xff,  9,   9, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_MONO_ADDR, INTEL_F_BG, INTEL_F_FG, \
		INTEL_F_PAT_ADDR)) \
	X(XY_FULL_MONO_PATTERN_BLT,          0x57, 2,  0xff, 12,  12, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_SRC_PITCH, INTEL_F_SRC_XY, INTEL_F_SRC_ADDR, \
		INTEL_F_PAT_BG, INTEL_F_PAT_FG, INTEL_F_PAT_DW0, INTEL_F_PAT_DW1)) \
	X(XY_FULL_MONO_PATTERN_MONO_SRC_BLT, 0x58, 2,  0xff, 12,  12, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_MONO_ADDR, INTEL_F_BG, INTEL_F_FG, \
		INTEL_F_PAT_BG, INTEL_F_PAT_FG, INTEL_F_PAT_DW0, INTEL_F_PAT_DW1)) \
	X(XY_MONO_PAT_FIXED_BLT,             0x59, 2,  0xff,  7,   7, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_PAT_BG, INTEL_F_PAT_FG)) \
	X(XY_MONO_SRC_COPY_IMMEDIATE_BLT,    0x71, 2,  0xff,  9, 137, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_BG, INTEL_F_FG, INTEL_F_DATA)) \
	X(XY_PAT_BLT_IMMEDIATE,              0x72, 2,  0xff,  7, 135, (INTEL_F_BR13, INTEL_F_DST_TL, \
		INTEL_F_DST_BR, INTEL_F_DST_ADDR, INTEL_F_DATA)) \
	X(XY_SRC_COPY_CHROMA_BLT,            0x73, 2,  0xff,  2,   0, (INTEL_F_END)) \
	X(XY_FULL_IMMEDIATE_PATTERN_BLT,     0x74, 2,  0xff,  2,   0, (INTEL_F_END)) \
	X(XY_FULL_MONO_SRC_IMMEDIATE_PATTERN_BLT, 0x75, 2, 0xff, 10, 138, (INTEL_F_END)) \
	X(XY_PAT_CHROMA_BLT,                 0x76, 2,  0xff,  8,   8, (INTEL_F_END)) \
	X(XY_PAT_CHROMA_BLT_IMMEDIATE,       0x77, 2,  0xff,  9, 137, (INTEL_F_END))

/* Length field mask of a 2D opcode that is not in the list. */
#define INTEL_2D_DEFAULT_LEN_MASK 0xff

#define INTEL_2D_HEADER_(name, op, ...) name = (int)(2u << 29 | (uint32_t)(op) << 22),
enum intel_2d_command { INTEL_2D_COMMANDS(INTEL_2D_HEADER_) };
#undef INTEL_2D_HEADER_

/* The opcode of a header value, for case labels and table indices: INTEL_2D_OP(XY_COLOR_BLT). */
#define INTEL_2D_OP(header) INTEL_2D_OPCODE(header)

/* 2D DW0 flags. */
#define INTEL_BLT_WRITE_ALPHA (1u << 21)	/* 32bpp: write byte 3 of each pixel */
#define INTEL_BLT_WRITE_RGB (1u << 20)		/* 32bpp: write bytes 0-2 */
#define INTEL_BLT_WRITE_RGBA (INTEL_BLT_WRITE_ALPHA | INTEL_BLT_WRITE_RGB)
#define INTEL_BLT_MONO_BIT_OFFSET(dw0) ((unsigned)((dw0) >> 17) & 7)	/* first pixel's bit in a mono row */
#define INTEL_BLT_MONO_BIT_OFFSET_SHIFT 17
#define INTEL_BLT_TEXT_BYTE_PACKED (1u << 16)	/* XY_TEXT_IMMEDIATE_BLT glyph rows */
#define INTEL_BLT_SRC_TILED (1u << 15)		/* gen4+: X, or Y per BCS_SWCTRL on gen6+ */
#define INTEL_BLT_HSEED(dw0) ((unsigned)((dw0) >> 12) & 7)	/* pattern seeds */
#define INTEL_BLT_DST_TILED (1u << 11)
#define INTEL_BLT_VSEED(dw0) ((unsigned)((dw0) >> 8) & 7)
#define INTEL_BLT_HSEED_SHIFT 12
#define INTEL_BLT_VSEED_SHIFT 8

/* A pitch field (BR13, source pitch): signed 16-bit bytes, or dwords when tiled (gen4+). */
#define INTEL_PITCH(v) ((int16_t)((v) & 0xffff))

/* BR13: the first dword of most 2D commands. */
#define INTEL_BR13_PITCH(br13) INTEL_PITCH(br13)
#define INTEL_BR13_ROP(br13) ((uint8_t)((br13) >> 16))
#define INTEL_BR13_ROP_SHIFT 16
#define INTEL_BR13_DEPTH(br13) ((unsigned)((br13) >> 24) & 3)
#define INTEL_BR13_DEPTH_SHIFT 24
enum intel_br13_depth {
	INTEL_BR13_DEPTH_8 = 0,
	INTEL_BR13_DEPTH_565 = 1,
	INTEL_BR13_DEPTH_1555 = 2,
	INTEL_BR13_DEPTH_8888 = 3,
};
#define INTEL_BR13_MONO_PAT_TRANSPARENT (1u << 28)
#define INTEL_BR13_MONO_SRC_TRANSPARENT (1u << 29)
#define INTEL_BR13_CLIP_ENABLE (1u << 30)
#define INTEL_BR13_SOLID_PATTERN (1u << 31)	/* setup commands: pattern = BG */

/* Bytes per pixel of a BR13 colour depth. */
static inline uint32_t intel_br13_cpp(uint32_t br13)
{
	static const uint8_t cpp[4] = { 1, 2, 2, 4 };
	return cpp[INTEL_BR13_DEPTH(br13)];
}

/* Non-XY commands: BR14 = height << 16 | width in bytes. */
#define INTEL_BR14_WIDTH_BYTES(br14) ((uint32_t)(br14) & 0xffff)
#define INTEL_BR14_HEIGHT(br14) ((uint32_t)(br14) >> 16)

/* Rectangle corners and points: (y << 16) | x, both signed 16-bit. */
#define INTEL_XY(x, y) ((uint32_t)(y) << 16 | ((uint32_t)(x) & 0xffff))
#define INTEL_XY_X(v) ((int16_t)((v) & 0xffff))
#define INTEL_XY_Y(v) ((int16_t)((uint32_t)(v) >> 16))

/* XY_FAST_COPY_BLT (gen9+): DW0 tiling fields, DW1 pitch/depth/Tile-Y types. */
enum intel_fast_copy_tiling {
	INTEL_FAST_COPY_LINEAR = 0,
	INTEL_FAST_COPY_TILE_X = 1,
	INTEL_FAST_COPY_TILE_Y = 2,	/* legacy Y, or Yf with the Tile-Y type bit */
	INTEL_FAST_COPY_TILE_64K = 3,	/* Ys / Tile64 */
};
#define INTEL_FAST_COPY_SRC_TILING(dw0) ((unsigned)((dw0) >> 20) & 3)
#define INTEL_FAST_COPY_DST_TILING(dw0) ((unsigned)((dw0) >> 13) & 3)
#define INTEL_FAST_COPY_SRC_TILING_SHIFT 20
#define INTEL_FAST_COPY_DST_TILING_SHIFT 13
#define INTEL_FAST_COPY_DEPTH(dw1) ((unsigned)((dw1) >> 24) & 7)
#define INTEL_FAST_COPY_DEPTH_SHIFT 24
#define INTEL_FAST_COPY_DST_TILE_Y_TYPE (1u << 30)	/* 0 legacy Y, 1 Yf */
#define INTEL_FAST_COPY_SRC_TILE_Y_TYPE (1u << 31)

/* Bytes per pixel of a fast-copy colour depth; 0 if reserved. */
static inline uint32_t intel_fast_copy_cpp(uint32_t dw1)
{
	static const uint8_t cpp[8] = { 1, 2, 0, 4, 8, 16, 0, 0 };
	return cpp[INTEL_FAST_COPY_DEPTH(dw1)];
}

/* ---- 3D and media (client 3) ---------------------------------------------- */

#define PIPE_CONTROL ((uint32_t)3 << 29 | 3u << 27 | 2u << 24)	/* subtype 3, opcode 2, sub-opcode 0 */
#define INTEL_IS_PIPE_CONTROL(dw0) (((dw0) & 0xffff0000u) == PIPE_CONTROL)

/*
 * X(DW0 bits 31:16, first gen, last gen, "name"): the gen4+ 3D and media
 * commands that are named (decoded only by length; PIPE_CONTROL field by
 * field). Gen2/3 3D commands are only sized (intel_gfx_length()).
 */
#define INTEL_GFX_COMMANDS(X) \
	X(0x6000, 4, 5, "URB_FENCE") X(0x6001, 4, 5, "CS_URB_STATE") \
	X(0x6002, 4, 5, "CONSTANT_BUFFER") X(0x6003, 4, 7, "STATE_PREFETCH") \
	X(0x6101, 4, 11, "STATE_BASE_ADDRESS") X(0x6102, 4, 11, "STATE_SIP") \
	X(0x6104, 4, 5, "PIPELINE_SELECT") X(0x6904, 4, 11, "PIPELINE_SELECT") \
	X(0x6106, 9, 11, "3DSTATE_VF_STATISTICS") X(0x680b, 4, 11, "3DSTATE_VF_STATISTICS") \
	X(0x7000, 4, 11, "MEDIA_VFE_STATE") X(0x7001, 4, 11, "MEDIA_CURBE_LOAD") \
	X(0x7002, 4, 11, "MEDIA_INTERFACE_DESCRIPTOR_LOAD") \
	X(0x7003, 5, 11, "MEDIA_GATEWAY_STATE") X(0x7004, 5, 11, "MEDIA_STATE_FLUSH") \
	X(0x7100, 4, 11, "MEDIA_OBJECT") X(0x7101, 4, 6, "MEDIA_OBJECT_EX") \
	X(0x7102, 6, 11, "MEDIA_OBJECT_PRT") X(0x7103, 6, 11, "MEDIA_OBJECT_WALKER") \
	X(0x7105, 7, 11, "GPGPU_WALKER") \
	X(0x7800, 4, 5, "3DSTATE_PIPELINED_POINTERS") \
	X(0x7801, 4, 6, "3DSTATE_BINDING_TABLE_POINTERS") \
	X(0x7802, 6, 6, "3DSTATE_SAMPLER_STATE_POINTERS") \
	X(0x7804, 7, 11, "3DSTATE_CLEAR_PARAMS") \
	X(0x7805, 6, 6, "3DSTATE_URB") X(0x7805, 7, 11, "3DSTATE_DEPTH_BUFFER") \
	X(0x7806, 7, 11, "3DSTATE_STENCIL_BUFFER") \
	X(0x7807, 7, 11, "3DSTATE_HIER_DEPTH_BUFFER") \
	X(0x7808, 4, 11, "3DSTATE_VERTEX_BUFFERS") X(0x7809, 4, 11, "3DSTATE_VERTEX_ELEMENTS") \
	X(0x780a, 4, 11, "3DSTATE_INDEX_BUFFER") X(0x780b, 4, 4, "3DSTATE_VF_STATISTICS") \
	X(0x780c, 8, 11, "3DSTATE_VF") \
	X(0x780d, 6, 7, "3DSTATE_VIEWPORT_STATE_POINTERS") X(0x780d, 8, 11, "3DSTATE_MULTISAMPLE") \
	X(0x780e, 6, 6, "3DSTATE_CC_STATE_POINTERS") \
	X(0x780f, 6, 11, "3DSTATE_SCISSOR_STATE_POINTERS") \
	X(0x7810, 6, 11, "3DSTATE_VS") X(0x7811, 6, 11, "3DSTATE_GS") \
	X(0x7812, 6, 11, "3DSTATE_CLIP") X(0x7813, 6, 11, "3DSTATE_SF") \
	X(0x7814, 6, 11, "3DSTATE_WM") X(0x7815, 6, 11, "3DSTATE_CONSTANT_VS") \
	X(0x7816, 6, 11, "3DSTATE_CONSTANT_GS") X(0x7817, 6, 11, "3DSTATE_CONSTANT_PS") \
	X(0x7818, 6, 11, "3DSTATE_SAMPLE_MASK") X(0x7819, 7, 11, "3DSTATE_CONSTANT_HS") \
	X(0x781a, 7, 11, "3DSTATE_CONSTANT_DS") X(0x781b, 7, 11, "3DSTATE_HS") \
	X(0x781c, 7, 11, "3DSTATE_TE") X(0x781d, 7, 11, "3DSTATE_DS") \
	X(0x781e, 7, 11, "3DSTATE_STREAMOUT") X(0x781f, 7, 11, "3DSTATE_SBE") \
	X(0x7820, 7, 11, "3DSTATE_PS") \
	X(0x7821, 7, 11, "3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP") \
	X(0x7823, 7, 11, "3DSTATE_VIEWPORT_STATE_POINTERS_CC") \
	X(0x7824, 7, 11, "3DSTATE_BLEND_STATE_POINTERS") \
	X(0x7825, 7, 11, "3DSTATE_DEPTH_STENCIL_STATE_POINTERS") \
	X(0x7826, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_VS") \
	X(0x7827, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_HS") \
	X(0x7828, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_DS") \
	X(0x7829, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_GS") \
	X(0x782a, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_PS") \
	X(0x782b, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_VS") \
	X(0x782c, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_HS") \
	X(0x782d, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_DS") \
	X(0x782e, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_GS") \
	X(0x782f, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_PS") \
	X(0x7830, 7, 11, "3DSTATE_URB_VS") X(0x7831, 7, 11, "3DSTATE_URB_HS") \
	X(0x7832, 7, 11, "3DSTATE_URB_DS") X(0x7833, 7, 11, "3DSTATE_URB_GS") \
	X(0x7849, 8, 11, "3DSTATE_VF_INSTANCING") X(0x784a, 8, 11, "3DSTATE_VF_SGVS") \
	X(0x784b, 8, 11, "3DSTATE_VF_TOPOLOGY") X(0x784c, 8, 11, "3DSTATE_WM_CHROMAKEY") \
	X(0x784d, 8, 11, "3DSTATE_PS_BLEND") X(0x784e, 8, 11, "3DSTATE_WM_DEPTH_STENCIL") \
	X(0x784f, 8, 11, "3DSTATE_PS_EXTRA") X(0x7850, 8, 11, "3DSTATE_RASTER") \
	X(0x7851, 8, 11, "3DSTATE_SBE_SWIZ") X(0x7852, 8, 11, "3DSTATE_WM_HZ_OP") \
	X(0x7855, 9, 11, "3DSTATE_VF_COMPONENT_PACKING") \
	X(0x7900, 4, 11, "3DSTATE_DRAWING_RECTANGLE") X(0x7901, 4, 5, "3DSTATE_CONSTANT_COLOR") \
	X(0x7902, 4, 11, "3DSTATE_SAMPLER_PALETTE_LOAD0") \
	X(0x7904, 4, 11, "3DSTATE_CHROMA_KEY") X(0x7905, 4, 6, "3DSTATE_DEPTH_BUFFER") \
	X(0x7906, 4, 11, "3DSTATE_POLY_STIPPLE_OFFSET") \
	X(0x7907, 4, 11, "3DSTATE_POLY_STIPPLE_PATTERN") \
	X(0x7908, 4, 11, "3DSTATE_LINE_STIPPLE") \
	X(0x7909, 4, 5, "3DSTATE_GLOBAL_DEPTH_OFFSET_CLAMP") \
	X(0x790a, 4, 11, "3DSTATE_AA_LINE_PARAMETERS") X(0x790b, 5, 7, "3DSTATE_GS_SVB_INDEX") \
	X(0x790c, 4, 11, "3DSTATE_SAMPLER_PALETTE_LOAD1") \
	X(0x790d, 6, 7, "3DSTATE_MULTISAMPLE") X(0x790e, 5, 6, "3DSTATE_STENCIL_BUFFER") \
	X(0x790f, 5, 6, "3DSTATE_HIER_DEPTH_BUFFER") X(0x7910, 5, 6, "3DSTATE_CLEAR_PARAMS") \
	X(0x7911, 6, 11, "3DSTATE_MONOFILTER_SIZE") \
	X(0x7912, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_VS") \
	X(0x7913, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_HS") \
	X(0x7914, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_DS") \
	X(0x7915, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_GS") \
	X(0x7916, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_PS") \
	X(0x7917, 7, 11, "3DSTATE_SO_DECL_LIST") X(0x7918, 7, 11, "3DSTATE_SO_BUFFER") \
	X(0x7919, 8, 11, "3DSTATE_BINDING_TABLE_POOL_ALLOC") \
	X(0x791a, 8, 11, "3DSTATE_GATHER_POOL_ALLOC") \
	X(0x791c, 8, 11, "3DSTATE_SAMPLE_PATTERN") \
	X(0x7a00, 4, 11, "PIPE_CONTROL") \
	X(0x7b00, 4, 11, "3DPRIMITIVE")

/* Gen2/3 3D opcodes (DW0 bits 28:24) that size themselves. */
#define INTEL_GFX_LEGACY_STATE_1C 0x1c		/* one dword, sub-opcode in 23:19 */
#define INTEL_GFX_LEGACY_3DSTATE 0x1d		/* length in bits 7:0; state in 23:16 */
#define INTEL_GFX_LEGACY_3DPRIMITIVE 0x1f	/* bit 23: indirect (one dword), else length in 15:0 */
#define INTEL_GFX_LEGACY_OPCODE(dw0) ((unsigned)((dw0) >> 24) & 0x1f)
#define INTEL_GFX_LEGACY_STATE(dw0) ((unsigned)((dw0) >> 16) & 0xff)	/* 3DSTATE's sub-opcode */
/* 3DSTATE_LOAD_STATE_IMMEDIATE_1: bits 11:4 say which S registers follow, 3:0 how many less one. */
#define INTEL_GFX_LEGACY_LIS1 0x04
/* 3DSTATE_PIXEL_SHADER_PROGRAM: a 9-bit length (programs run past 255 dwords). */
#define INTEL_GFX_LEGACY_PS_PROGRAM 0x05

/*
 * Gen3 3D command names (the 915/945 and G33 3D documentation's): X(opcode,
 * sub-opcode, name) where opcode is DW0 bits 28:24 and the sub-opcode is
 * 3DSTATE's (0x1d) bits 23:16 or opcode 0x1c's bits 23:19; one-dword states
 * have sub-opcode 0. Gen2 numbers some of these differently: not named.
 */
#define INTEL_GFX_LEGACY_COMMANDS(X) \
	X(0x06, 0, "3DSTATE_AA") X(0x07, 0, "3DSTATE_RASTERIZATION_RULES") \
	X(0x08, 0, "3DSTATE_BACKFACE_STENCIL_OPS") X(0x09, 0, "3DSTATE_BACKFACE_STENCIL_MASKS") \
	X(0x0b, 0, "3DSTATE_INDEPENDENT_ALPHA_BLEND") X(0x0c, 0, "3DSTATE_MODES_5") \
	X(0x0d, 0, "3DSTATE_MODES_4") X(0x15, 0, "3DSTATE_FOG_COLOR") \
	X(0x16, 0, "3DSTATE_COORD_SET_BINDINGS") \
	X(0x1c, 0x10, "3DSTATE_SCISSOR_ENABLE") X(0x1c, 0x11, "3DSTATE_DEPTH_SUBRECT_DISABLE") \
	X(0x1d, 0x00, "3DSTATE_MAP_STATE") X(0x1d, 0x01, "3DSTATE_SAMPLER_STATE") \
	X(0x1d, 0x04, "3DSTATE_LOAD_STATE_IMMEDIATE_1") X(0x1d, 0x05, "3DSTATE_PIXEL_SHADER_PROGRAM") \
	X(0x1d, 0x06, "3DSTATE_PIXEL_SHADER_CONSTANTS") X(0x1d, 0x07, "3DSTATE_LOAD_INDIRECT") \
	X(0x1d, 0x80, "3DSTATE_DRAWING_RECTANGLE") X(0x1d, 0x81, "3DSTATE_SCISSOR_RECTANGLE_0") \
	X(0x1d, 0x83, "3DSTATE_SPAN_STIPPLE") X(0x1d, 0x85, "3DSTATE_DEST_BUFFER_VARIABLES") \
	X(0x1d, 0x88, "3DSTATE_CONSTANT_BLEND_COLOR") X(0x1d, 0x89, "3DSTATE_FOG_MODE") \
	X(0x1d, 0x8e, "3DSTATE_BUFFER_INFO") X(0x1d, 0x8f, "3DSTATE_MAP_PALETTE_LOAD_32") \
	X(0x1d, 0x97, "3DSTATE_DEPTH_OFFSET_SCALE") X(0x1d, 0x98, "3DSTATE_DEFAULT_Z") \
	X(0x1d, 0x99, "3DSTATE_DEFAULT_DIFFUSE") X(0x1d, 0x9a, "3DSTATE_DEFAULT_SPECULAR")

/* The name of a gen3 3D command other than 3DPRIMITIVE, or NULL. */
static inline const char *intel_gfx_legacy_name(unsigned gen, uint32_t dw0)
{
	static const struct { uint8_t op, sub; const char *name; } names[] = {
#define INTEL_GFX_LEGACY_NAME_(op, sub, name) { op, sub, name },
		INTEL_GFX_LEGACY_COMMANDS(INTEL_GFX_LEGACY_NAME_)
#undef INTEL_GFX_LEGACY_NAME_
	};
	unsigned op = INTEL_GFX_LEGACY_OPCODE(dw0), sub = 0;
	if (gen != 3)
		return 0;
	if (op == INTEL_GFX_LEGACY_3DSTATE)
		sub = INTEL_GFX_LEGACY_STATE(dw0);
	else if (op == INTEL_GFX_LEGACY_STATE_1C)
		sub = (dw0 >> 19) & 0x1f;
	for (unsigned k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (names[k].op == op && names[k].sub == sub)
			return names[k].name;
	return 0;
}

/*
 * Total dwords of a client-3 command. Gen2/3: 3DSTATE and inline
 * 3DPRIMITIVE carry a length (3DSTATE's in bits 7:0, but
 * LOAD_STATE_IMMEDIATE_1's in 3:0 under its register mask and the pixel
 * shader program's in 8:0), everything else is one dword. Gen4+: subtype 1
 * with opcode 0 or 1 is one dword (3DSTATE_VF_STATISTICS, PIPELINE_SELECT),
 * media (subtype 2) has a 16-bit length field, the rest an 8-bit one.
 */
static inline uint32_t intel_gfx_length(unsigned gen, uint32_t dw0)
{
	if (gen < 4) {
		switch (INTEL_GFX_LEGACY_OPCODE(dw0)) {
		case INTEL_GFX_LEGACY_3DSTATE:
			switch (INTEL_GFX_LEGACY_STATE(dw0)) {
			case INTEL_GFX_LEGACY_LIS1:
				return (dw0 & 0xf) + 2;
			case INTEL_GFX_LEGACY_PS_PROGRAM:
				return (dw0 & 0x1ff) + 2;
			default:
				return (dw0 & 0xff) + 2;
			}
		case INTEL_GFX_LEGACY_3DPRIMITIVE:
			return (dw0 & (1u << 23)) ? 1 : (dw0 & 0xffff) + 2;
		default:
			return 1;
		}
	}
	if (INTEL_GFX_SUBTYPE(dw0) == 1 && INTEL_GFX_PIPE_OPCODE(dw0) <= 1)
		return 1;
	if (INTEL_GFX_SUBTYPE(dw0) == 2)
		return (dw0 & 0xffff) + 2;
	return (dw0 & 0xff) + 2;
}

/* The name of a gen4+ 3D/media command, or NULL. */
static inline const char *intel_gfx_name(unsigned gen, uint32_t dw0)
{
	static const struct { uint16_t op; uint8_t first, last; const char *name; } names[] = {
#define INTEL_GFX_NAME_(op, first, last, name) { op, first, last, name },
		INTEL_GFX_COMMANDS(INTEL_GFX_NAME_)
#undef INTEL_GFX_NAME_
	};
	for (unsigned k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (names[k].op == INTEL_GFX_OPCODE(dw0) && gen >= names[k].first && gen <= names[k].last)
			return names[k].name;
	return 0;
}

/* ---- The command tables -------------------------------------------------- */

/* One MI or 2D command as the lists above describe it. */
struct intel_cmd_info {
	const char *name;		/* NULL: no such opcode */
	uint8_t opcode, first_gen;
	uint16_t len_mask, len_mask_gen8;	/* 0: one dword, no length field */
	uint16_t min, max;		/* valid dwords before gen8 (MI) or with 32-bit addresses (2D) */
	uint16_t min_gen8, max_gen8;	/* MI only: from gen8 (2D: add intel_2d_naddr()) */
	uint8_t fields[14];		/* 2D: roles after DW0, INTEL_F_END-terminated */
};

#define INTEL_UNPAREN_(...) __VA_ARGS__

/* The MI command with this opcode, whatever the generation; NULL if unknown. */
static inline const struct intel_cmd_info *intel_mi_info(unsigned opcode)
{
	static const struct intel_cmd_info table[64] = {
#define INTEL_MI_ENTRY_(nm, op, gen, mask, mask8, mn, mx, mn8, mx8) \
		[op] = { .name = #nm, .opcode = op, .first_gen = gen, .len_mask = mask, \
			 .len_mask_gen8 = mask8, .min = mn, .max = mx, .min_gen8 = mn8, .max_gen8 = mx8 },
		INTEL_MI_COMMANDS(INTEL_MI_ENTRY_)
#undef INTEL_MI_ENTRY_
	};
	return opcode < 64 && table[opcode].name ? &table[opcode] : 0;
}

/* The 2D command with this opcode, whatever the generation; NULL if unknown. */
static inline const struct intel_cmd_info *intel_2d_info(unsigned opcode)
{
	static const struct intel_cmd_info table[128] = {
#define INTEL_2D_ENTRY_(nm, op, gen, mask, mn, mx, layout) \
		[op] = { .name = #nm, .opcode = op, .first_gen = gen, .len_mask = mask, \
			 .len_mask_gen8 = mask, .min = mn, .max = mx, \
			 .fields = { INTEL_UNPAREN_ layout } },
		INTEL_2D_COMMANDS(INTEL_2D_ENTRY_)
#undef INTEL_2D_ENTRY_
	};
	return opcode < 128 && table[opcode].name ? &table[opcode] : 0;
}

/* The command in its generation: NULL where it does not exist yet. */
static inline const struct intel_cmd_info *intel_cmd_known(const struct intel_cmd_info *ci, unsigned gen)
{
	return ci && gen >= ci->first_gen ? ci : 0;
}

/* Address roles in a 2D layout. */
static inline unsigned intel_2d_naddr(const struct intel_cmd_info *ci)
{
	unsigned n = 0;
	for (unsigned k = 0; k < sizeof(ci->fields) && ci->fields[k] != INTEL_F_END; k++)
		n += intel_field_is_address((enum intel_field)ci->fields[k]);
	return n;
}

/* MI opcodes 0x00-0x0f are one dword, without a length field. */
static inline bool intel_mi_is_one_dword(unsigned opcode)
{
	return opcode < 0x10;
}

/*
 * Total dwords of the MI command dw0 on gen, from its length field; unknown
 * opcodes use the default field.
 */
static inline uint32_t intel_mi_length(unsigned gen, uint32_t dw0)
{
	unsigned op = INTEL_MI_OPCODE(dw0);
	const struct intel_cmd_info *ci = intel_mi_info(op);
	uint32_t mask;
	if (intel_mi_is_one_dword(op))
		return 1;
	mask = ci ? (gen >= 8 ? ci->len_mask_gen8 : ci->len_mask) : INTEL_MI_DEFAULT_LEN_MASK;
	return (dw0 & mask) + 2;
}

/* Total dwords of the 2D command dw0 on gen, from its length field. */
static inline uint32_t intel_2d_length(unsigned gen, uint32_t dw0)
{
	const struct intel_cmd_info *ci = intel_cmd_known(intel_2d_info(INTEL_2D_OPCODE(dw0)), gen);
	return (dw0 & (ci ? ci->len_mask : INTEL_2D_DEFAULT_LEN_MASK)) + 2;
}

/*
 * Total dwords of the command that starts with dw0 on gen, whatever its
 * client; 0 for clients 1 and 4-7, which are not commands (the engine hangs).
 */
static inline uint32_t intel_cmd_length(unsigned gen, uint32_t dw0)
{
	switch (INTEL_CLIENT(dw0)) {
	case INTEL_CLIENT_MI:
		return intel_mi_length(gen, dw0);
	case INTEL_CLIENT_2D:
		return intel_2d_length(gen, dw0);
	case INTEL_CLIENT_GFX:
		return intel_gfx_length(gen, dw0);
	default:
		return 0;
	}
}

/* The dwords a well-formed MI command holds on gen: [*min, *max]. */
static inline void intel_mi_valid_length(const struct intel_cmd_info *ci, unsigned gen, unsigned *min,
					 unsigned *max)
{
	bool g8 = gen >= 8;
	*min = g8 ? ci->min_gen8 : ci->min;
	*max = g8 ? ci->max_gen8 : ci->max;
	if (!*max)
		*max = (g8 ? ci->len_mask_gen8 : ci->len_mask) + 2u;
	if (ci->opcode == INTEL_MI_OP(MI_STORE_DATA_IMM) && gen >= 4 && !g8) {
		++*min;		/* DW1 is reserved on gen4-7 */
		++*max;
	}
}

/* The dwords a well-formed 2D command holds on gen: [*min, *max]; equal if fixed. */
static inline void intel_2d_valid_length(const struct intel_cmd_info *ci, unsigned gen, unsigned *min,
					 unsigned *max)
{
	unsigned extra = gen >= 8 ? intel_2d_naddr(ci) : 0;
	*min = ci->min + extra;
	*max = ci->max ? ci->max + extra : ci->len_mask + 2u;
}

/*
 * Dword index of each role of a 2D command on gen: idx[role], 0 where the
 * command has no such role.
 */
static inline void intel_2d_layout(const struct intel_cmd_info *ci, unsigned gen,
				   uint8_t idx[INTEL_F_COUNT])
{
	unsigned i = 1;
	for (unsigned k = 0; k < INTEL_F_COUNT; k++)
		idx[k] = 0;
	for (unsigned k = 0; k < sizeof(ci->fields) && ci->fields[k] != INTEL_F_END; k++) {
		idx[ci->fields[k]] = (uint8_t)i;
		i += gen >= 8 && intel_field_is_address((enum intel_field)ci->fields[k]) ? 2 : 1;
	}
}

/* A graphics address at dword i: one dword before gen8, low and high (47:32) from gen8. */
static inline uint64_t intel_address(unsigned gen, const uint32_t *cmd, unsigned i)
{
	if (gen >= 8)
		return (cmd[i] | (uint64_t)cmd[i + 1] << 32) & ((1ull << 48) - 1);
	return cmd[i];
}

/* Dwords of a graphics address on gen. */
#define INTEL_ADDRESS_DWORDS(gen) ((gen) >= 8 ? 2u : 1u)

/* ---- MI fields ------------------------------------------------------------- */

/* MI_NOOP: bit 22 writes bits 21:0 to the NOPID register. */
#define INTEL_NOOP_WRITE_ID (1u << 22)
#define INTEL_NOOP_ID(dw0) ((dw0) & 0x3fffff)

/* MI_BATCH_BUFFER_START: DW1 (+ DW2 from gen8) is the address. */
#define INTEL_BB_START_PPGTT (1u << 8)		/* gen6+: PPGTT; gen4/5: non-secure */
#define INTEL_BB_START_2ND_LEVEL (1u << 22)	/* gen7+: a call, returns at its end */
#define INTEL_BB_START_PREDICATED (1u << 15)	/* gen8+: jumps only if MI_PREDICATE_RESULT holds */
#define INTEL_BB_START_NON_SECURE_GEN2 (1u << 0)	/* gen2/3: in DW1 */
/* The gen8+ forms most batches use: a PPGTT jump of 3 dwords. */
#define MI_BATCH_BUFFER_START_GEN8 (MI_BATCH_BUFFER_START | INTEL_BB_START_PPGTT | INTEL_LEN(3))

/* MI_STORE_DATA_IMM: the address, then the data. */
#define INTEL_SDI_GGTT (1u << 22)		/* use the global GTT */
#define INTEL_SDI_QWORD (1u << 21)		/* gen8+: store qwords */
static inline unsigned intel_sdi_address_dw(unsigned gen)
{
	return gen >= 4 && gen < 8 ? 2 : 1;	/* DW1 is reserved on gen4-7 */
}
static inline unsigned intel_sdi_data_dw(unsigned gen)
{
	return intel_sdi_address_dw(gen) + INTEL_ADDRESS_DWORDS(gen);
}
/* SDI of one dword through a 64-bit address: 4 dwords. */
#define MI_STORE_DATA_IMM_GEN8 (MI_STORE_DATA_IMM | INTEL_LEN(4))

/* MI_STORE_DATA_INDEX: DW1 is an offset in the status page. */
#define INTEL_SDX_PER_PROCESS_HWS (1u << 21)

/* MI_LOAD_REGISTER_IMM: (register, value) pairs from DW1. */
#define INTEL_MMIO_OFFSET(dw) ((dw) & 0x7ffffcu)
#define MI_LOAD_REGISTER_IMM_N(pairs) (MI_LOAD_REGISTER_IMM | INTEL_LEN(1 + 2 * (pairs)))

/* MI_STORE_REGISTER_MEM / MI_LOAD_REGISTER_MEM: DW1 register, DW2 address. */
#define INTEL_MI_MEM_GGTT (1u << 22)
#define INTEL_SRM_PREDICATE (1u << 21)		/* gen8+ SRM: store only if the predicate holds */
#define INTEL_LRM_ASYNC (1u << 21)		/* gen8+ LRM: no wait for earlier loads */
#define INTEL_SRM_REGISTER_DW 1u
#define INTEL_SRM_ADDRESS_DW 2u
/* SRM / LRM of one register through a 64-bit address: 4 dwords. */
#define MI_STORE_REGISTER_MEM_GEN8 (MI_STORE_REGISTER_MEM | INTEL_LEN(4))
#define MI_LOAD_REGISTER_MEM_GEN8 (MI_LOAD_REGISTER_MEM | INTEL_LEN(4))

/* MI_LOAD_REGISTER_REG (gen7+): DW1 source register, DW2 destination register. */
#define INTEL_LRR_SRC_DW 1u
#define INTEL_LRR_DST_DW 2u
#define MI_LOAD_REGISTER_REG_N (MI_LOAD_REGISTER_REG | INTEL_LEN(3))

/*
 * MI_MATH (gen7.5/gen8+): DW1.. are ALU instructions, one a dword: opcode in
 * bits 31:20, operand 1 in 19:10, operand 2 in 9:0. The ALU works on 64-bit
 * values: the engine's 16 GPRs, two source registers, an accumulator and the
 * zero and carry flags (read as all ones or 0). Bit 10 of an opcode (0x400)
 * inverts: LOADINV/STOREINV/LOAD1 are LOAD/STORE/LOAD0 inverted.
 */
#define MI_MATH_N(instructions) (MI_MATH | INTEL_LEN(1 + (instructions)))
enum intel_alu_opcode {
	INTEL_ALU_NOOP = 0x000,
	INTEL_ALU_LOAD = 0x080,		/* SRCA/SRCB <- register */
	INTEL_ALU_LOADINV = 0x480,	/* SRCA/SRCB <- ~register */
	INTEL_ALU_LOAD0 = 0x081,	/* SRCA/SRCB <- 0 */
	INTEL_ALU_LOAD1 = 0x481,	/* SRCA/SRCB <- ~0 */
	INTEL_ALU_ADD = 0x100,		/* ACCU <- SRCA + SRCB, CF the carry */
	INTEL_ALU_SUB = 0x101,		/* ACCU <- SRCA - SRCB, CF the borrow */
	INTEL_ALU_AND = 0x102,
	INTEL_ALU_OR = 0x103,
	INTEL_ALU_XOR = 0x104,
	INTEL_ALU_STORE = 0x180,	/* register <- ACCU, ZF or CF */
	INTEL_ALU_STOREINV = 0x580,	/* register <- ~(ACCU, ZF or CF) */
	/* gen12 adds SHL 0x105, SHR 0x106, SAR 0x107, LOADIND, STOREIND, FENCE: not here */
};
enum intel_alu_operand {
	INTEL_ALU_R0 = 0x00,		/* .. INTEL_ALU_R0 + 15: the GPRs */
	INTEL_ALU_SRCA = 0x20,
	INTEL_ALU_SRCB = 0x21,
	INTEL_ALU_ACCU = 0x31,
	INTEL_ALU_ZF = 0x32,
	INTEL_ALU_CF = 0x33,
};
#define INTEL_ALU(op, a, b) ((uint32_t)(op) << 20 | (uint32_t)(a) << 10 | (uint32_t)(b))
#define INTEL_ALU_OPCODE(dw) ((unsigned)((dw) >> 20) & 0xfff)
#define INTEL_ALU_OPERAND1(dw) ((unsigned)((dw) >> 10) & 0x3ff)
#define INTEL_ALU_OPERAND2(dw) ((unsigned)(dw) & 0x3ff)

/*
 * MI_PREDICATE (gen7+, render): one dword. The engine compares
 * MI_PREDICATE_SRC0 with SRC1, optionally inverts the outcome (load op) and
 * combines it with the current result (combine op) into MI_PREDICATE_RESULT,
 * which predicated commands test.
 */
#define INTEL_PREDICATE_LOAD(dw0) ((unsigned)((dw0) >> 6) & 3)
#define INTEL_PREDICATE_COMBINE(dw0) ((unsigned)((dw0) >> 3) & 3)
#define INTEL_PREDICATE_COMPARE(dw0) ((unsigned)(dw0) & 3)
enum intel_predicate_load {
	INTEL_PREDICATE_LOAD_KEEP = 0,
	INTEL_PREDICATE_LOAD_LOAD = 2,
	INTEL_PREDICATE_LOAD_LOADINV = 3,
};
enum intel_predicate_combine {
	INTEL_PREDICATE_COMBINE_SET = 0,
	INTEL_PREDICATE_COMBINE_AND = 1,
	INTEL_PREDICATE_COMBINE_OR = 2,
	INTEL_PREDICATE_COMBINE_XOR = 3,
};
enum intel_predicate_compare {
	INTEL_PREDICATE_COMPARE_TRUE = 0,
	INTEL_PREDICATE_COMPARE_FALSE = 1,
	INTEL_PREDICATE_COMPARE_SRCS_EQUAL = 2,
	INTEL_PREDICATE_COMPARE_DELTAS_EQUAL = 3,
};
#define INTEL_PREDICATE(load, combine, compare) \
	(MI_PREDICATE | (uint32_t)(load) << 6 | (uint32_t)(combine) << 3 | (uint32_t)(compare))

/* Post-sync operation of MI_FLUSH_DW (DW0) and PIPE_CONTROL (DW1, gen4/5 DW0): bits 15:14. */
enum intel_post_sync {
	INTEL_POST_SYNC_NONE = 0,
	INTEL_POST_SYNC_WRITE_IMM = 1,
	INTEL_POST_SYNC_WRITE_DEPTH_COUNT = 2,	/* PIPE_CONTROL only; reserved in MI_FLUSH_DW */
	INTEL_POST_SYNC_WRITE_TIMESTAMP = 3,
};
#define INTEL_POST_SYNC(dw) ((enum intel_post_sync)(((dw) >> 14) & 3))
#define INTEL_POST_SYNC_SHIFT 14

/* MI_FLUSH_DW: DW1 (+ DW2) address, then the immediate data. */
#define INTEL_FLUSH_DW_STORE_INDEX (1u << 21)	/* the address is a status-page index */
#define INTEL_FLUSH_DW_ADDRESS_DW 1u
#define MI_FLUSH_DW_GEN8 (MI_FLUSH_DW | INTEL_LEN(4))

/* MI_CONDITIONAL_BATCH_BUFFER_END: DW1 compare data, DW2 (+ DW3) address. */
#define INTEL_COND_BBE_COMPARE_SEMAPHORE (1u << 21)	/* 0: the command does nothing */
#define INTEL_COND_BBE_DATA_DW 1u
#define INTEL_COND_BBE_ADDRESS_DW 2u

/* MI_SEMAPHORE_WAIT (gen8+): DW1 data, DW2-3 address; DW0 compare op and mode. */
enum intel_semaphore_op {
	INTEL_SAD_GREATER_THAN_SDD = 0,
	INTEL_SAD_GREATER_THAN_OR_EQUAL_SDD = 1,
	INTEL_SAD_LESS_THAN_SDD = 2,
	INTEL_SAD_LESS_THAN_OR_EQUAL_SDD = 3,
	INTEL_SAD_EQUAL_SDD = 4,
	INTEL_SAD_NOT_EQUAL_SDD = 5,
};
#define INTEL_SEMAPHORE_OP(dw0) ((unsigned)((dw0) >> 12) & 7)
#define INTEL_SEMAPHORE_OP_SHIFT 12
#define INTEL_SEMAPHORE_POLL (1u << 15)
#define INTEL_SEMAPHORE_DATA_DW 1u
#define INTEL_SEMAPHORE_ADDRESS_DW 2u

/* PIPE_CONTROL: the DW holding the flags and post-sync op, and the address DW. */
static inline unsigned intel_pipe_control_flags_dw(unsigned gen)
{
	return gen >= 6 ? 1 : 0;
}
static inline unsigned intel_pipe_control_address_dw(unsigned gen)
{
	return gen >= 6 ? 2 : 1;
}
#define INTEL_PIPE_CONTROL_GGTT (1u << 24)	/* gen6+ DW1 */
#define PIPE_CONTROL_GEN8 (PIPE_CONTROL | INTEL_LEN(6))

/* ---- Registers ------------------------------------------------------------- */

/* Masked registers: bits 31:16 enable the writes of bits 15:0. */
#define INTEL_MASKED_FIELD(mask, value) ((uint32_t)(mask) << 16 | (uint32_t)(value))

/* gen6+ blitter: which tiled operand is Y (else X). Masked. */
#define INTEL_BCS_SWCTRL 0x22200u
#define INTEL_BCS_SWCTRL_SRC_Y (1u << 0)
#define INTEL_BCS_SWCTRL_DST_Y (1u << 1)

/* Engine-relative offsets (addr & 0xfff) of the command streamer timestamp. */
#define INTEL_RING_TIMESTAMP 0x358u
#define INTEL_RING_TIMESTAMP_UDW 0x35cu
/* The context's own running time, 32 bits (gen8+). */
#define INTEL_RING_CTX_TIMESTAMP 0x3a8u

/* The engines' MMIO bases (the per-engine registers are base + offset). */
#define INTEL_RENDER_RING_BASE 0x02000u
#define INTEL_BLT_RING_BASE 0x22000u
#define INTEL_BSD_RING_BASE 0x12000u		/* gen11: 0x1c0000 */
#define INTEL_VEBOX_RING_BASE 0x1a000u		/* gen11: 0x1c8000 */
#define INTEL_GEN8_BSD2_RING_BASE 0x1c000u	/* the second video engine, gen8/9 */
#define INTEL_GEN11_BSD_RING_BASE 0x1c0000u
#define INTEL_GEN11_VEBOX_RING_BASE 0x1c8000u

/* The command streamer's 16 64-bit general purpose registers (gen8+): base + 0x600 + 8 n, low
 * dword first. */
#define INTEL_CS_GPR(base, n) ((base) + 0x600u + 8u * (n))
#define INTEL_CS_GPR_UDW(base, n) (INTEL_CS_GPR(base, n) + 4u)
#define INTEL_CS_GPR_COUNT 16u

/* MI_PREDICATE's registers (render engine): 64-bit sources, and the result in bit 0. */
#define INTEL_MI_PREDICATE_SRC0 0x2400u
#define INTEL_MI_PREDICATE_SRC0_UDW 0x2404u
#define INTEL_MI_PREDICATE_SRC1 0x2408u
#define INTEL_MI_PREDICATE_SRC1_UDW 0x240cu
#define INTEL_MI_PREDICATE_RESULT 0x2418u

#endif
