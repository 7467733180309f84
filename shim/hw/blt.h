/* SPDX-License-Identifier: MIT */
/*
 * The blitter execution core (doc/blitter.md §3-8): decodes and executes
 * the 2D (client 2) commands on buffer memory reached through a GPU address
 * space. Self-contained: it knows nothing of devices, engines or ioctls. The
 * caller owns a struct shim_blt_state per engine/context (the setup and clip
 * registers plus BCS_SWCTRL) and a struct shim_gpu_vm that turns GPU
 * addresses into host memory for the duration of one shim_blt_execute()
 * call; nothing is retained between calls except the state struct.
 *
 * Memory safety: every surface a command touches is translated (once per
 * command, as one extent) before anything is written. If any extent is not
 * inside one bound object the command returns -EFAULT and writes nothing.
 * A surface must lie within one object.
 */
#ifndef SHIM_BLT_H
#define SHIM_BLT_H

#include <stdbool.h>
#include <stdint.h>

/* What translate() reports for a GPU address. */
struct shim_gpu_range {
	uint8_t *host;		/* host memory of gpu_addr; valid to the end of its object */
	uint64_t bytes;		/* bytes from gpu_addr to the end of the object */
	/*
	 * gen2/3 only: the fence covering the object (I915_TILING_X/Y and its
	 * pitch in bytes), else 0/0, and the offset of gpu_addr from the start
	 * of the fenced object. The blitter sees such an object linearly
	 * through the fence; host memory holds the tiled layout.
	 */
	uint32_t fence_tiling, fence_pitch;
	uint64_t fence_offset;
};

struct shim_gpu_vm {
	void *ctx;
	/* 0 and *out filled, or -EFAULT: no object bound at gpu_addr (a GPU page fault). */
	int (*translate)(void *ctx, uint64_t gpu_addr, uint64_t len, bool write,
			 struct shim_gpu_range *out);
};

/* Blitter registers that outlive one command. */
struct shim_blt_state {
	unsigned gen;
	/*
	 * BCS_SWCTRL value (bits 15:0 after the masked write; the caller
	 * applies MI_LOAD_REGISTER_IMM's write-enable mask). gen6+:
	 * INTEL_BCS_SWCTRL_SRC_Y / _DST_Y (hwdefs/intel_commands.h).
	 */
	uint32_t bcs_swctrl;
	/*
	 * The platform's bit-6 swizzling of X- and Y-tiled pages
	 * (I915_BIT_6_SWIZZLE_*, 0 = none): the pages hold the CPU's view, so
	 * the engine swizzles its tiled addresses. Set by the driver.
	 */
	uint8_t swizzle_x, swizzle_y;
	/* Loaded by XY_SETUP_BLT / XY_SETUP_MONO_PATTERN_SL_BLT (clip also by XY_SETUP_CLIP_BLT). */
	uint32_t br13;
	uint32_t clip_tl, clip_br;	/* (y << 16) | x, x2/y2 exclusive */
	uint64_t dst;
	uint32_t bg, fg;
	uint64_t pat_addr;		/* XY_SETUP_BLT colour pattern */
	uint32_t mono_pat[2];		/* XY_SETUP_MONO_PATTERN_SL_BLT */
	uint32_t write_mask;		/* the setup's DW0 bits 21:20 (INTEL_BLT_WRITE_*) */
	bool mono_setup;		/* the last setup was the mono-pattern one */
	/*
	 * CLOCK_MONOTONIC ns after which one command stops with -ETIME, 0 for
	 * never: the engine's hangcheck, set by the caller. One command may
	 * cover 65535 rows of a pitch-0 surface; real hardware gets through
	 * that in a fraction of a second, the emulation in tens of seconds.
	 */
	uint64_t deadline_ns;
};

void shim_blt_state_init(struct shim_blt_state *st, unsigned gen);

/*
 * Length in dwords of the 2D command whose header is dw (its length field +
 * 2), or 0 if dw is not a 2D command known on that generation.
 */
uint32_t shim_blt_cmd_length(unsigned gen, uint32_t dw);

/*
 * Executes one 2D command cmd[0..ndw). Returns 0; -EFAULT on a GPU fault
 * (nothing written); -EINVAL for a malformed command (bad length, too little
 * immediate data, impossible surface); -EOPNOTSUPP for a known 2D command
 * this core does not execute (XY_TEXT_BLT, XY_FULL_BLT, XY_FULL_MONO_SRC_BLT,
 * XY_PAT_BLT_IMMEDIATE, ...), which the caller may skip; -ENOMEM if a
 * temporary buffer could not be allocated; -ETIME if it ran past
 * st->deadline_ns (the rows done so far stay written: a hang).
 */
int shim_blt_execute(struct shim_blt_state *st, const struct shim_gpu_vm *vm,
		     const uint32_t *cmd, uint32_t ndw);

#endif
