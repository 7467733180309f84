/* SPDX-License-Identifier: MIT */
/*
 * The decoder of base/x86_decode.h: legacy prefixes, REX, the opcode, ModRM,
 * SIB, displacement and immediate of the few moves it knows. Encodings are
 * the architecture manual's (Intel SDM vol. 2, "Instruction Format"); this
 * file owns nothing and hands out nothing; libc only.
 */
#include "config.h"

#include <string.h>

#include "base/x86_decode.h"

/* x86 instructions are at most 15 bytes long. */
#define MAX_LEN 15

/* A little-endian signed value of n bytes at *p, which advances. */
static int64_t take_signed(const uint8_t **p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)(*p)[i] << (8 * i);
	*p += n;
	unsigned shift = 64 - 8 * n;
	return (int64_t)(v << shift) >> shift;
}

int shim_x86_decode_mov(const uint8_t *code, struct shim_x86_mov *out)
{
	const uint8_t *p = code;
	bool opsize16 = false;
	unsigned rex = 0;

	memset(out, 0, sizeof(*out));
	/* Prefixes. A REX counts only right before the opcode: a legacy prefix after it
	 * makes the CPU ignore it. CS, DS, ES and SS overrides do nothing in 64-bit mode;
	 * FS/GS would move the address (refused), as would a 32-bit address size (0x67);
	 * LOCK and REP make other instructions of these opcodes or fault. */
	for (;;) {
		if (p - code >= MAX_LEN - 2)
			return -1;
		uint8_t b = *p;
		if (b == 0x66) {
			opsize16 = true;
			rex = 0;
		} else if (b == 0x2e || b == 0x3e || b == 0x26 || b == 0x36) {
			rex = 0;
		} else if ((b & 0xf0) == 0x40) {
			rex = b;
		} else {
			break;
		}
		p++;
	}

	bool w = rex & 0x8;
	unsigned full = w ? 8 : opsize16 ? 2 : 4;	/* the operand size of the non-byte forms */
	bool two_byte = false, byte_reg = false, imm_form = false;
	uint8_t op = *p++;
	if (op == 0x0f) {
		two_byte = true;
		op = *p++;
	}
	if (!two_byte) {
		switch (op) {
		case 0x88: out->store = true; out->size = 1; byte_reg = true; break;
		case 0x89: out->store = true; out->size = full; break;
		case 0x8a: out->size = 1; out->dest_size = 1; byte_reg = true; break;
		case 0x8b: out->size = full; out->dest_size = full; break;
		case 0xc6: out->store = true; out->size = 1; imm_form = true; break;
		case 0xc7: out->store = true; out->size = full; imm_form = true; break;
		default: return -1;
		}
	} else {
		switch (op) {
		case 0xb6: out->size = 1; break;
		case 0xb7: out->size = 2; break;
		default: return -1;
		}
		out->zero_extend = true;
		out->dest_size = full;
	}

	uint8_t modrm = *p++;
	unsigned mod = modrm >> 6, regfield = (modrm >> 3) & 7, rm = modrm & 7;
	if (mod == 3)
		return -1;	/* a register operand: no memory, nothing that could fault here */
	if (imm_form && regfield != 0)
		return -1;	/* C6/C7 with another /digit are other instructions */
	out->reg = regfield | (rex & 0x4 ? 8 : 0);
	out->has_imm = imm_form;
	out->high8 = byte_reg && !rex && out->reg >= 4 && out->reg <= 7;

	out->index = SHIM_X86_NONE;
	out->scale = 1;
	if (rm == 4) {
		uint8_t sib = *p++;
		unsigned index = ((sib >> 3) & 7) | (rex & 0x2 ? 8 : 0);
		out->scale = 1u << (sib >> 6);
		out->index = index == 4 ? SHIM_X86_NONE : (int)index;	/* 4 without REX.X: none */
		if ((sib & 7) == 5 && mod == 0) {
			out->base = SHIM_X86_NONE;
			out->disp = take_signed(&p, 4);
		} else {
			out->base = (int)((sib & 7) | (rex & 0x1 ? 8 : 0));
		}
	} else if (rm == 5 && mod == 0) {
		out->base = SHIM_X86_RIP;
		out->disp = take_signed(&p, 4);
	} else {
		out->base = (int)(rm | (rex & 0x1 ? 8 : 0));
	}
	if (mod == 1)
		out->disp = take_signed(&p, 1);
	else if (mod == 2)
		out->disp = take_signed(&p, 4);

	if (imm_form) {
		unsigned n = out->size == 1 ? 1 : out->size == 2 ? 2 : 4;
		uint64_t v = (uint64_t)take_signed(&p, n);	/* imm32 sign-extends to 64 bits */
		out->imm = out->size == 8 ? v : v & ((1ull << (8 * out->size)) - 1);
	}
	out->len = (unsigned)(p - code);
	return out->len <= MAX_LEN ? 0 : -1;
}
