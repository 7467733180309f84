/* SPDX-License-Identifier: MIT */
/*
 * Writes the seed corpora of the fuzz harnesses (checked in under
 * tests/fuzz/corpus/; make fuzz-seeds runs this again):
 *   make_seeds DIR  ->  DIR/ioctl_fuzz/<name>, DIR/batch_fuzz/<name>
 *
 * Each ioctl seed is a small program in ioctl_fuzz.c's encoding
 * (tests/fuzz/ioctl_ops.h; the arguments in the order its op_*() functions
 * read them), each doing one thing a driver does: objects and their data,
 * maps and domains, a blit with an out-fence, sharing by name and by
 * dma-buf, sync objects, contexts, userptr and tiling, queries. Each batch
 * seed is a settings byte and a batch (batch_fuzz.c), written with the
 * command vocabulary of hwdefs/intel_commands.h against the objects that
 * harness binds. A seed that drifts from the harness is only a worse start.
 *
 * Links: libc and hwdefs/intel_commands.h.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hwdefs/intel_commands.h"
#include "tests/fuzz/ioctl_ops.h"

static uint8_t buf[8192];
static size_t len;

static void b8(unsigned v) { buf[len++] = (uint8_t)v; }
static void b16(unsigned v) { b8(v); b8(v >> 8); }
static void b32(uint32_t v) { b16(v & 0xffff); b16(v >> 16); }
static void op(enum ioctl_fuzz_op o) { b8(ioctl_op_byte(o)); }

static const char *outdir;

static void save(const char *harness, const char *name)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", outdir, harness);
	if (mkdir(path, 0755) && errno != EEXIST) {
		perror(path);
		exit(1);
	}
	snprintf(path, sizeof(path), "%s/%s/%s", outdir, harness, name);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
	len = 0;
}

/* ---- ioctl_fuzz programs (file 0 is a render node the harness opens) ---- */

static void create_4k(void) { op(IOCTL_OP_CREATE); b8(0); b8(0); b8(0); }
static void create_pages(unsigned n) { op(IOCTL_OP_CREATE); b8(0); b8(1u << 5 | (n - 1)); b8(0); }

static void pwrite_at(unsigned handle, unsigned offset, unsigned n)
{
	b8(IOCTL_OP_PWRITE_BYTE); b8(0); b8(handle); b8(0); b16(n); b16(offset);
	for (unsigned i = 0; i < n; i++)
		b8(i * 7 + 1);
	b8(0); b8(0);
}

static void pread_at(unsigned handle, unsigned offset, unsigned n)
{
	b8(IOCTL_OP_PREAD_BYTE); b8(0); b8(handle); b8(0); b16(n); b16(offset); b8(0); b8(0);
}

static void wait_handle(unsigned file, unsigned handle)
{
	op(IOCTL_OP_OBJECT_STATE); b8(file); b8(3); b8(handle); b8(200); b8(0);
}

/* An exec on ring BLT of one target (table index target, pinned at 1 MiB) and a fill batch. */
static void exec_fill(unsigned target, unsigned ring_flags)
{
	op(IOCTL_OP_EXEC); b8(0); b8(0); b8(0);	/* file 0, batch last, one object */
	b8(1);					/* the batch's target address: 1 MiB */
	b8(2); b8(64); b32(0); b32(16u << 16 | 32); b32(0x00ff00ff);	/* XY_COLOR_BLT 32x16 */
	b8(target); b8(3); b8(1); b8(0);	/* target: PINNED|WRITE at 1 MiB, no relocations */
	b8(2); b8(2); b8(0);			/* the batch: PINNED at 2 MiB */
	b16(ring_flags); b8(0); b8(0); b8(0); b8(0);
}

static void ioctl_seeds(void)
{
	create_4k(); pwrite_at(0, 0, 64); pread_at(0, 0, 64); pread_at(0, 4032, 128);
	op(IOCTL_OP_CLOSE); b8(0); b8(0); b8(0xff); b8(0);
	pread_at(0, 0, 4);
	save("ioctl_fuzz", "objects-data");

	create_pages(4);
	op(IOCTL_OP_MMAP); b8(0); b8(0); b8(2 << 3); b8(0);		/* MMAP_OFFSET WB, touched */
	op(IOCTL_OP_MMAP); b8(0); b8(0); b8(1 << 3 | 1); b8(1); b8(0);	/* WC, 2 pages */
	op(IOCTL_OP_MMAP); b8(0); b8(0); b8(2 | 32); b8(0);		/* legacy GEM_MMAP, WC */
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(32); b8(0); b8(1); b8(0);	/* SET_DOMAIN GTT, write */
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(1); b8(0); b8(0);		/* SW_FINISH */
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(2); b8(0); b8(0);		/* BUSY */
	op(IOCTL_OP_MUNMAP); b8(1);
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(5 | 64); b8(0); b8(0);	/* GET_CACHING */
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(5 | 1 << 4); b8(0); b8(0);	/* SET_CACHING cached */
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(7); b8(0);			/* GET_APERTURE */
	save("ioctl_fuzz", "maps-domains");

	create_pages(16);
	exec_fill(0, 3 + 5 * 13);		/* BLT (68 % 5 == 3) with FENCE_OUT (bit 6) */
	wait_handle(0, 0);
	op(IOCTL_OP_SYNC_FILE); b8(0); b8(2);				/* poll the out-fence */
	op(IOCTL_OP_SYNC_FILE); b8(0); b8(1); b8(1); b8(0); b8(0);	/* FILE_INFO, one fence */
	pread_at(0, 0, 256);
	save("ioctl_fuzz", "blit-fence-out");

	create_pages(2);
	op(IOCTL_OP_FILE); b8(0 | 8);					/* open card0: file 1 */
	op(IOCTL_OP_FLINK_OPEN); b8(0); b8(1); b8(0); b8(0);		/* FLINK on file 0 */
	op(IOCTL_OP_FLINK_OPEN); b8(1); b8(0); b8(1); b8(0);		/* GEM_OPEN name 1 on file 1 */
	op(IOCTL_OP_FILE); b8(0);					/* open another render node: file 2 */
	op(IOCTL_OP_PRIME); b8(0); b8(1 | 4); b8(0); b8(0);		/* export handle 0 RDWR */
	op(IOCTL_OP_PRIME); b8(2); b8(0); b8(0); b8(0);		/* import it on file 2 */
	op(IOCTL_OP_DMABUF); b8(0); b8(0 | 3 << 3); b8(0);		/* DMA_BUF_IOCTL_SYNC start rw */
	op(IOCTL_OP_DMABUF); b8(0); b8(3);				/* mmap the dma-buf */
	op(IOCTL_OP_DMABUF); b8(0); b8(0 | 3 << 3 | 32); b8(0);	/* SYNC end */
	op(IOCTL_OP_DMABUF); b8(0); b8(1 | 1 << 3); b8(0);		/* EXPORT_SYNC_FILE read */
	save("ioctl_fuzz", "names-prime");

	op(IOCTL_OP_SYNCOBJ); b8(0); b8(0 | 32); b8(0); b8(0); b8(0); b8(0);	/* CREATE signaled */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(0); b8(0); b8(0); b8(0); b8(0);		/* CREATE */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(4); b8(1); b8(0); b8(0); b8(1); b8(0); b8(0); b8(0);
	b8(0); b8(20); b8(0); b8(0);						/* WAIT both */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(2); b8(0); b8(1); b8(0); b8(0); b8(0); b8(0);	/* SIGNAL */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(9 | 32 | 64); b8(0); b8(0); b8(0); b8(0); b8(0);	/* to sync_file */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(9 | 32); b8(0); b8(1); b8(0); b8(0); b8(0); b8(0);	/* import it */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(6); b8(0); b8(0); b8(3); b8(0); b8(0); b8(0); b8(0);	/* TL SIGNAL 3 */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(7); b8(0); b8(0); b8(0); b8(0); b8(0); b8(0); b8(0);	/* QUERY */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(8); b8(1); b8(0); b8(2); b8(1); b8(1); b8(0); b8(0);	/* TRANSFER */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(5 | 128); b8(0); b8(1); b8(2); b8(0); b8(0); b8(10);
	b8(0); b8(0); b8(0);							/* TL WAIT, WAIT_ALL */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(3); b8(0); b8(0); b8(0); b8(0); b8(0); b8(0);	/* RESET */
	op(IOCTL_OP_SYNCOBJ); b8(0); b8(1); b8(0); b8(1); b8(0); b8(0); b8(0);		/* DESTROY */
	save("ioctl_fuzz", "syncobjs");

	op(IOCTL_OP_CONTEXT); b8(0); b8(0); b8(1);		/* CREATE with one SETPARAM extension */
	b8(0); b8(0); b8(6); b8(0); b8(1); b8(0);		/* PRIORITY = 1 */
	b8(0); b8(0);
	op(IOCTL_OP_CONTEXT); b8(0); b8(3); b8(1); b8(0); b8(0); b8(5); b8(0); b8(0);	/* GETPARAM BANNABLE */
	op(IOCTL_OP_CONTEXT); b8(0); b8(2); b8(1); b8(0); b8(0); b8(11); b8(0); b8(0);	/* SETPARAM PERSISTENCE 0 */
	create_pages(1);
	op(IOCTL_OP_EXEC); b8(0); b8(0); b8(0); b8(0);
	b8(1); b8(0); b32(0xc0ffee);				/* a store, render ring */
	b8(0); b8(3); b8(0); b8(0);
	b8(2); b8(2); b8(0);
	b16(1); b8(0); b8(0); b8(16); b8(0); b8(0);		/* rsvd1: the context */
	op(IOCTL_OP_QUERY); b8(0); b8(6); b8(0); b8(0); b8(0); b8(0);	/* RESET_STATS, REG_READ */
	op(IOCTL_OP_CONTEXT); b8(0); b8(1); b8(0); b8(0);		/* DESTROY */
	save("ioctl_fuzz", "contexts");

	op(IOCTL_OP_USERPTR); b8(0); b8(64); b8(0); b8(3); b8(0);	/* 4 pages, PROBE */
	create_pages(8);
	op(IOCTL_OP_TILING); b8(0); b8(4); b8(1); b8(2); b8(0);	/* X-tiled, stride 512 */
	op(IOCTL_OP_TILING); b8(0); b8(1); b8(1); b8(0);		/* GET_TILING */
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(0); b8(0); b8(0); b8(0);	/* SET_DOMAIN CPU on the userptr */
	exec_fill(0, 3);
	wait_handle(0, 0);
	op(IOCTL_OP_OBJECT_STATE); b8(0); b8(4 | 16); b8(1); b8(0);	/* MADVISE DONTNEED */
	save("ioctl_fuzz", "userptr-tiling");

	for (unsigned p = 1; p < 57; p += 5) {
		op(IOCTL_OP_QUERY); b8(0); b8(0); b8(p); b8(0); b8(0);	/* GETPARAM */
	}
	op(IOCTL_OP_QUERY); b8(0); b8(1); b8(1); b8(0);			/* GET_CAP DUMB_BUFFER */
	op(IOCTL_OP_QUERY); b8(0); b8(2); b8(2); b8(0);			/* SET_CLIENT_CAP */
	op(IOCTL_OP_QUERY); b8(0); b8(3); b8(16); b8(0); b8(0); b8(0);	/* VERSION */
	op(IOCTL_OP_FILE); b8(8);					/* card0 */
	op(IOCTL_OP_QUERY); b8(1); b8(4); b8(1); b8(0);			/* GET_MAGIC, AUTH_MAGIC */
	op(IOCTL_OP_QUERY); b8(1); b8(5);				/* DROP_MASTER */
	op(IOCTL_OP_DUMB); b8(1); b8(0); b8(64); b8(16); b8(2); b8(0);	/* CREATE_DUMB 256x16x32 */
	op(IOCTL_OP_DUMB); b8(1); b8(1); b8(0); b8(0);			/* DESTROY_DUMB */
	op(IOCTL_OP_RAW); b8(0); b8(0x00); b8(3); b16(64);		/* DRM_IOCTL_VERSION, raw */
	for (unsigned i = 0; i < 64; i++)
		b8(0);
	save("ioctl_fuzz", "device-queries");
}

/* ---- batch_fuzz batches: settings byte (ring in bits 1:0), then dwords ---- */

#define TARGET(i) (0x100000u * ((i) + 1))	/* 0: linear, 1: X-tiled, 2: Y-tiled, 3: linear */

static void settings(unsigned s) { len = 0; b8(s); }

static void xy_color(uint32_t dst, uint32_t pitch, unsigned depth_flags)
{
	b32(XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | depth_flags | INTEL_LEN(7));
	b32(INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0u << INTEL_BR13_ROP_SHIFT | pitch);
	b32(2u << 16 | 4); b32(40u << 16 | 60); b32(dst); b32(0); b32(0x11223344);
}

static void xy_src_copy(uint32_t dst, uint32_t dpitch, uint32_t src, uint32_t spitch, uint32_t flags)
{
	b32(XY_SRC_COPY_BLT | INTEL_BLT_WRITE_RGBA | flags | INTEL_LEN(10));
	b32(INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xccu << INTEL_BR13_ROP_SHIFT | dpitch);
	b32(0); b32(32u << 16 | 64); b32(dst); b32(0);
	b32(1u << 16 | 3); b32(spitch); b32(src); b32(0);
}

static void end(void) { b32(MI_BATCH_BUFFER_END); b32(MI_NOOP); }

static void batch_seeds(void)
{
	settings(0); xy_color(TARGET(0), 512, 0); end();
	save("batch_fuzz", "blt-fill");

	settings(0);
	xy_color(TARGET(1), 512 / 4, INTEL_BLT_DST_TILED);
	xy_src_copy(TARGET(0), 512, TARGET(1), 512 / 4, INTEL_BLT_SRC_TILED);
	end();
	save("batch_fuzz", "blt-x-tiled-copy");

	settings(4);		/* batch_len: just the batch */
	b32(MI_LOAD_REGISTER_IMM | INTEL_LEN(3)); b32(INTEL_BCS_SWCTRL);
	b32(INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y,
			       INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y));
	xy_src_copy(TARGET(2), 512 / 4, TARGET(2) + 4096, 512 / 4, INTEL_BLT_SRC_TILED | INTEL_BLT_DST_TILED);
	b32(MI_FLUSH_DW | INTEL_LEN(4)); b32(0); b32(0); b32(0);
	end();
	save("batch_fuzz", "blt-y-tiled-swctrl");

	settings(0);
	b32(XY_SETUP_MONO_PATTERN_SL_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(10));
	b32(INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0u << INTEL_BR13_ROP_SHIFT | 512);
	b32(0); b32(64u << 16 | 64); b32(TARGET(3)); b32(0); b32(0); b32(~0u); b32(0x55aa55aa); b32(0xaa55aa55);
	b32(XY_SCANLINES_BLT | INTEL_LEN(3)); b32(4u << 16 | 4); b32(5u << 16 | 40);
	b32(XY_MONO_SRC_COPY_IMMEDIATE_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(11));
	b32(INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xccu << INTEL_BR13_ROP_SHIFT | 512);
	b32(8u << 16 | 8); b32(16u << 16 | 16); b32(TARGET(3)); b32(0); b32(0); b32(~0u);
	b32(0xff00ff00); b32(0x00ff00ff);
	b32(XY_TEXT_IMMEDIATE_BLT | INTEL_BLT_TEXT_BYTE_PACKED | INTEL_LEN(5));
	b32(20u << 16 | 20); b32(28u << 16 | 28); b32(0x3c7e7e3c); b32(0x3c7e7e3c);
	end();
	save("batch_fuzz", "blt-mono-text");

	settings(1);		/* render ring: no parser */
	b32(MI_STORE_DATA_IMM_GEN8); b32(TARGET(3)); b32(0); b32(0xdeadbeef);
	b32(MI_STORE_REGISTER_MEM | INTEL_LEN(4)); b32(INTEL_RING_TIMESTAMP + 0x2000); b32(TARGET(3) + 8); b32(0);
	b32(MI_LOAD_REGISTER_IMM | INTEL_LEN(3)); b32(0x2600); b32(7);
	b32(MI_SEMAPHORE_WAIT | INTEL_LEN(4)); b32(0); b32(TARGET(0) + 4000); b32(0);
	b32(MI_CONDITIONAL_BATCH_BUFFER_END | INTEL_COND_BBE_COMPARE_SEMAPHORE | INTEL_LEN(4)); b32(1);
	b32(TARGET(3)); b32(0);
	b32(MI_BATCH_BUFFER_START_GEN8 | INTEL_BB_START_2ND_LEVEL); b32(0x2000000); b32(0);
	b32(PIPE_CONTROL_GEN8); b32(INTEL_POST_SYNC_WRITE_IMM << 14); b32(TARGET(3) + 64); b32(0); b32(42); b32(0);
	end();
	save("batch_fuzz", "render-mi");

	settings(0);		/* the blitter: a jump back to a parsed command ends by a conditional end */
	b32(MI_NOOP);
	b32(MI_CONDITIONAL_BATCH_BUFFER_END | INTEL_COND_BBE_COMPARE_SEMAPHORE | INTEL_LEN(4)); b32(~0u);
	b32(TARGET(3)); b32(0);
	b32(MI_BATCH_BUFFER_START_GEN8); b32(0x1000000); b32(0);
	end();
	save("batch_fuzz", "blt-jump-back");

	settings(3 | 2 << 5);	/* video ring; decoded as gen4 */
	b32(MI_FLUSH); b32(MI_STORE_DATA_IMM | INTEL_LEN(4)); b32(0); b32(TARGET(0)); b32(7);
	b32(COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(5));
	b32(INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0u << INTEL_BR13_ROP_SHIFT | 256);
	b32(4u << 16 | 64); b32(TARGET(0)); b32(0x01020304);
	end();
	save("batch_fuzz", "older-gens");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	outdir = argv[1];
	if (mkdir(outdir, 0755) && errno != EEXIST) {
		perror(outdir);
		return 1;
	}
	ioctl_seeds();
	batch_seeds();
	return 0;
}
