/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the shim's x86-64 move decoder (shim/base/x86_decode.h), the
 * part of the MMIO BAR's trap that reads instructions: lengths, operand
 * sizes, registers, immediates and memory operands of the moves it knows,
 * from encodings written out by hand, and refusal of everything else (other
 * opcodes, register-only forms, LOCK, REP, FS/GS, 32-bit addressing). Links
 * the decoder itself; needs no device.
 */
#include <stdio.h>

#include "base/x86_decode.h"
#include "tests/harness.h"

struct want {
	const char *what;
	uint8_t code[16];
	unsigned len, size;
	bool store, has_imm, high8, zero_extend;
	uint64_t imm;
	unsigned reg, dest_size;
	int base, index;
	unsigned scale;
	int64_t disp;
};

#define NONE SHIM_X86_NONE
#define RIP SHIM_X86_RIP

static const struct want moves[] = {
	{ "mov eax,[rsi]", { 0x8b, 0x06 }, 2, 4, false, false, false, false, 0, 0, 4, 6, NONE, 1, 0 },
	{ "mov rax,[rsp]", { 0x48, 0x8b, 0x04, 0x24 }, 4, 8, false, false, false, false, 0, 0, 8, 4, NONE, 1, 0 },
	{ "mov eax,[rsp+8]", { 0x8b, 0x44, 0x24, 0x08 }, 4, 4, false, false, false, false, 0, 0, 4, 4, NONE, 1, 8 },
	{ "mov eax,[rip+0x100]", { 0x8b, 0x05, 0x00, 0x01, 0x00, 0x00 }, 6, 4, false, false, false, false, 0, 0, 4,
	  RIP, NONE, 1, 0x100 },
	{ "mov eax,[0x1000]", { 0x8b, 0x04, 0x25, 0x00, 0x10, 0x00, 0x00 }, 7, 4, false, false, false, false, 0, 0, 4,
	  NONE, NONE, 1, 0x1000 },
	{ "mov r8d,[rsi+rcx*4+0x100]", { 0x44, 0x8b, 0x84, 0x8e, 0x00, 0x01, 0x00, 0x00 }, 8, 4, false, false, false,
	  false, 0, 8, 4, 6, 1, 4, 0x100 },
	{ "mov r12d,[r8+r11*8-4]", { 0x47, 0x8b, 0x64, 0xd8, 0xfc }, 5, 4, false, false, false, false, 0, 12, 4, 8, 11,
	  8, -4 },
	{ "mov ax,[rdi]", { 0x66, 0x8b, 0x07 }, 3, 2, false, false, false, false, 0, 0, 2, 7, NONE, 1, 0 },
	{ "mov al,[rdi]", { 0x8a, 0x07 }, 2, 1, false, false, false, false, 0, 0, 1, 7, NONE, 1, 0 },
	{ "mov ah,[rdi]", { 0x8a, 0x27 }, 2, 1, false, false, true, false, 0, 4, 1, 7, NONE, 1, 0 },
	{ "mov spl,[rdi]", { 0x40, 0x8a, 0x27 }, 3, 1, false, false, false, false, 0, 4, 1, 7, NONE, 1, 0 },
	{ "mov [rdi],cx", { 0x66, 0x89, 0x0f }, 3, 2, true, false, false, false, 0, 1, 0, 7, NONE, 1, 0 },
	{ "mov [rdi+1],ah", { 0x88, 0x67, 0x01 }, 3, 1, true, false, true, false, 0, 4, 0, 7, NONE, 1, 1 },
	{ "mov [rdi+2],sil", { 0x40, 0x88, 0x77, 0x02 }, 4, 1, true, false, false, false, 0, 6, 0, 7, NONE, 1, 2 },
	{ "mov [r13],r9", { 0x4d, 0x89, 0x4d, 0x00 }, 4, 8, true, false, false, false, 0, 9, 0, 13, NONE, 1, 0 },
	{ "mov dword [rdi],0x12345678", { 0xc7, 0x07, 0x78, 0x56, 0x34, 0x12 }, 6, 4, true, true, false, false,
	  0x12345678, 0, 0, 7, NONE, 1, 0 },
	{ "mov qword [rdi],-1", { 0x48, 0xc7, 0x07, 0xff, 0xff, 0xff, 0xff }, 7, 8, true, true, false, false,
	  ~0ull, 0, 0, 7, NONE, 1, 0 },
	{ "mov dword [rdi],-1", { 0xc7, 0x07, 0xff, 0xff, 0xff, 0xff }, 6, 4, true, true, false, false,
	  0xffffffffull, 0, 0, 7, NONE, 1, 0 },
	{ "mov word [rdi+0x10],0x1234", { 0x66, 0xc7, 0x47, 0x10, 0x34, 0x12 }, 6, 2, true, true, false, false,
	  0x1234, 0, 0, 7, NONE, 1, 0x10 },
	{ "mov byte [rdi],0xab", { 0xc6, 0x07, 0xab }, 3, 1, true, true, false, false, 0xab, 0, 0, 7, NONE, 1, 0 },
	{ "movzx eax,byte [rdi]", { 0x0f, 0xb6, 0x07 }, 3, 1, false, false, false, true, 0, 0, 4, 7, NONE, 1, 0 },
	{ "movzx eax,word [rdi+0x10]", { 0x0f, 0xb7, 0x47, 0x10 }, 4, 2, false, false, false, true, 0, 0, 4, 7, NONE,
	  1, 0x10 },
	{ "movzx dx,byte [rdi]", { 0x66, 0x0f, 0xb6, 0x17 }, 4, 1, false, false, false, true, 0, 2, 2, 7, NONE, 1, 0 },
	{ "movzx rdx,byte [rdi]", { 0x48, 0x0f, 0xb6, 0x17 }, 4, 1, false, false, false, true, 0, 2, 8, 7, NONE, 1, 0 },
	{ "ds mov eax,[rsi] (a null prefix)", { 0x3e, 0x8b, 0x06 }, 3, 4, false, false, false, false, 0, 0, 4, 6, NONE,
	  1, 0 },
	{ "REX then 0x66: the REX is ignored", { 0x48, 0x66, 0x8b, 0x06 }, 4, 2, false, false, false, false, 0, 0, 2, 6,
	  NONE, 1, 0 },
};

static const struct { const char *what; uint8_t code[16]; } refused[] = {
	{ "add eax,[rdi]", { 0x03, 0x07 } },
	{ "mov eax,ecx (no memory)", { 0x8b, 0xc1 } },
	{ "lock inc dword [rdi]", { 0xf0, 0xff, 0x07 } },
	{ "rep movsb", { 0xf3, 0xa4 } },
	{ "movdqu xmm0,[rdi]", { 0xf3, 0x0f, 0x6f, 0x07 } },
	{ "mov eax,fs:[0]", { 0x64, 0x8b, 0x04, 0x25, 0, 0, 0, 0 } },
	{ "mov eax,[edi] (32-bit address)", { 0x67, 0x8b, 0x07 } },
	{ "add dword [rdi],1", { 0x83, 0x07, 0x01 } },
	{ "C7 /1 (not a move)", { 0xc7, 0x0f, 0, 0, 0, 0 } },
	{ "movsx eax,byte [rdi]", { 0x0f, 0xbe, 0x07 } },
	{ "mov eax,[moffs64]", { 0xa1, 0, 0, 0, 0, 0, 0, 0, 0 } },
	{ "fifteen prefixes", { 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
				0x8b } },
};

TEST(moves_decode)
{
	for (size_t i = 0; i < ARRAY_SIZE(moves); i++) {
		const struct want *w = &moves[i];
		struct shim_x86_mov m;
		printf("# %s\n", w->what);
		ASSERT_EQ(shim_x86_decode_mov(w->code, &m), 0);
		ASSERT_EQ(m.len, w->len);
		ASSERT_EQ(m.size, w->size);
		ASSERT_EQ(m.store, w->store);
		ASSERT_EQ(m.has_imm, w->has_imm);
		ASSERT_EQ(m.high8, w->high8);
		ASSERT_EQ(m.zero_extend, w->zero_extend);
		if (w->has_imm)
			ASSERT_EQ(m.imm, w->imm);
		else
			ASSERT_EQ(m.reg, w->reg);
		if (!w->store)
			ASSERT_EQ(m.dest_size, w->dest_size);
		ASSERT_EQ(m.base, w->base);
		ASSERT_EQ(m.index, w->index);
		if (w->index != NONE)
			ASSERT_EQ(m.scale, w->scale);
		ASSERT_EQ(m.disp, w->disp);
	}
}

TEST(others_are_refused)
{
	for (size_t i = 0; i < ARRAY_SIZE(refused); i++) {
		struct shim_x86_mov m;
		printf("# %s\n", refused[i].what);
		ASSERT_EQ(shim_x86_decode_mov(refused[i].code, &m), -1);
	}
}

TEST_MAIN(T(moves_decode), T(others_are_refused))
