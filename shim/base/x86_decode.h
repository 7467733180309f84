/* SPDX-License-Identifier: MIT */
/*
 * The x86-64 instructions a trapped memory range emulates (base/mmio_trap.h):
 * the plain moves compilers emit for volatile 8, 16, 32 and 64-bit loads and
 * stores, and nothing else. Recognised, with the 0x66 operand-size prefix and
 * a REX prefix:
 *
 *   88 /r  MOV r/m8, r8          8A /r  MOV r8, r/m8
 *   89 /r  MOV r/m, r            8B /r  MOV r, r/m
 *   C6 /0  MOV r/m8, imm8        C7 /0  MOV r/m, imm16/imm32 (sign-extended to 64)
 *   0F B6  MOVZX r, r/m8         0F B7  MOVZX r, r/m16
 *
 * with a memory operand only (ModRM mod != 3). Every other instruction, a
 * LOCK or REP prefix, an FS/GS override or a 32-bit address size, is
 * refused: the caller then treats the access as a fault it cannot serve.
 * Decoding finds the instruction's length, the register or immediate it
 * moves and the parts of its memory operand, so that the caller can check
 * the effective address against the faulting one.
 *
 * Pure functions; libc only. The decoder reads the code one byte at a time
 * and never past the end of an instruction it recognises, nor past the byte
 * that makes it refuse one, so it reads only bytes the CPU fetched.
 */
#ifndef SHIM_X86_DECODE_H
#define SHIM_X86_DECODE_H

#include <stdbool.h>
#include <stdint.h>

/* Register numbers are the encoding's: 0 rax, 1 rcx, 2 rdx, 3 rbx, 4 rsp, 5 rbp, 6 rsi,
 * 7 rdi, 8..15 r8..r15. SHIM_X86_RIP as a base: the operand is RIP-relative (to the next
 * instruction); SHIM_X86_NONE: no base or no index. */
#define SHIM_X86_RIP 16
#define SHIM_X86_NONE (-1)

struct shim_x86_mov {
	unsigned len;		/* bytes of the instruction, prefixes included */
	unsigned size;		/* bytes it reads or writes in memory: 1, 2, 4 or 8 */
	bool store;		/* writes memory (else reads it into reg) */
	bool has_imm;		/* a store of imm (else of register reg) */
	uint64_t imm;		/* the immediate as the CPU extends it to size bytes */
	unsigned reg;		/* the register operand */
	bool high8;		/* reg 4..7 name AH, CH, DH, BH (a byte register without REX) */
	unsigned dest_size;	/* loads: bytes of reg written; MOVZX writes more than it reads */
	bool zero_extend;	/* loads: MOVZX */
	int base;		/* the memory operand: base + index * scale + disp */
	int index;
	unsigned scale;
	int64_t disp;
};

/* Decodes the instruction at code: 0, or -1 when it is not one of the moves above. */
int shim_x86_decode_mov(const uint8_t *code, struct shim_x86_mov *out);

#endif
