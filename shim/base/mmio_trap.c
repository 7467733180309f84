/* SPDX-License-Identifier: MIT */
/*
 * Trapped ranges (base/mmio_trap.h): the table, its lock-free reader in the
 * fault handler, and the emulation of one decoded move on the interrupted
 * context.
 *
 * The table is a fixed array of slots, each with a sequence count (odd while
 * a writer rewrites it), so the handler, which may interrupt any thread
 * (even one holding the writers' mutex), reads a slot whole or not at all and
 * never waits. A range that is trimmed or split gets its new pieces published
 * before the old slot changes, so an address never drops out of the table
 * while it is still mapped. Slots hold only this process's addresses and
 * function pointers; nothing here is shared. Calls libc and
 * base/x86_decode.h, base/fault_guard.h only.
 */
#define _GNU_SOURCE
#include "base/raw_syscall.h"
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "base/fault_guard.h"
#include "base/mmio_trap.h"
#include "base/signal_hold.h"
#include "base/x86_decode.h"

#define MAX_TRAPS 64

struct trap {
	unsigned seq;			/* even: whole; odd: being rewritten */
	unsigned live;
	uintptr_t start, end;		/* [start, end) of this process's addresses */
	uint64_t offset;		/* what start stands for */
	int prot;			/* what the program may do there */
	shim_mmio_access_fn access;
	void *ctx;
};

static struct trap traps[MAX_TRAPS];
static unsigned live_count;		/* lets every other fault skip the table */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* --- writers (lock held) ----------------------------------------------------------- */

static void slot_write(struct trap *t, const struct trap *v)
{
	unsigned s = t->seq;
	__atomic_store_n(&t->seq, s + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	__atomic_store_n(&t->live, v->live, __ATOMIC_RELAXED);
	__atomic_store_n(&t->start, v->start, __ATOMIC_RELAXED);
	__atomic_store_n(&t->end, v->end, __ATOMIC_RELAXED);
	__atomic_store_n(&t->offset, v->offset, __ATOMIC_RELAXED);
	__atomic_store_n(&t->prot, v->prot, __ATOMIC_RELAXED);
	__atomic_store_n(&t->access, v->access, __ATOMIC_RELAXED);
	__atomic_store_n(&t->ctx, v->ctx, __ATOMIC_RELAXED);
	__atomic_store_n(&t->seq, s + 2, __ATOMIC_RELEASE);
}

static struct trap *free_slot(void)
{
	for (unsigned i = 0; i < MAX_TRAPS; i++)
		if (!traps[i].live)
			return &traps[i];
	return NULL;
}

/* A live slot's copy as the writers see it. */
static struct trap piece(const struct trap *t, uintptr_t start, uintptr_t end, int prot)
{
	struct trap p = *t;
	p.live = 1;
	p.offset = t->offset + (start - t->start);
	p.start = start;
	p.end = end;
	p.prot = prot;
	return p;
}

/*
 * Replaces slot t by the parts of it outside [lo, hi) (keeping their protection) and, unless
 * drop, [lo, hi) itself with prot. The extra pieces take free slots first; with none free
 * the outer parts stop being trapped (their accesses then fault as plain PROT_NONE memory).
 */
static void reshape(struct trap *t, uintptr_t lo, uintptr_t hi, bool drop, int prot)
{
	struct trap pieces[3];
	unsigned n = 0;
	if (lo < t->start)
		lo = t->start;
	if (hi > t->end)
		hi = t->end;
	if (!drop)
		pieces[n++] = piece(t, lo, hi, prot);
	if (t->start < lo)
		pieces[n++] = piece(t, t->start, lo, t->prot);
	if (hi < t->end)
		pieces[n++] = piece(t, hi, t->end, t->prot);
	for (unsigned i = 1; i < n; i++) {
		struct trap *s = free_slot();
		if (!s)
			break;
		slot_write(s, &pieces[i]);
		__atomic_add_fetch(&live_count, 1, __ATOMIC_RELEASE);
	}
	if (n) {
		slot_write(t, &pieces[0]);
	} else {
		struct trap dead = { 0 };
		slot_write(t, &dead);
		__atomic_sub_fetch(&live_count, 1, __ATOMIC_RELEASE);
	}
}

int shim_mmio_trap_add(void *addr, size_t len, uint64_t offset, int prot, shim_mmio_access_fn access,
		       void *ctx)
{
#ifndef __x86_64__
	(void)addr; (void)len; (void)offset; (void)prot; (void)access; (void)ctx;
	return -ENOSYS;		/* the decoder knows x86-64 only */
#else
	shim_fault_install();
	struct trap v = { .live = 1, .start = (uintptr_t)addr, .end = (uintptr_t)addr + len,
			  .offset = offset, .prot = prot, .access = access, .ctx = ctx };
	shim_mutex_lock(&lock);
	struct trap *t = free_slot();
	if (t) {
		slot_write(t, &v);
		__atomic_add_fetch(&live_count, 1, __ATOMIC_RELEASE);
	}
	shim_mutex_unlock(&lock);
	return t ? 0 : -ENOMEM;
#endif
}

static bool overlaps(const struct trap *t, uintptr_t a, uintptr_t b)
{
	return t->live && t->start < b && a < t->end;
}

void shim_mmio_trap_remove(void *addr, size_t len)
{
	if (!__atomic_load_n(&live_count, __ATOMIC_ACQUIRE))
		return;
	uintptr_t a = (uintptr_t)addr, b = a + len;
	shim_mutex_lock(&lock);
	for (unsigned i = 0; i < MAX_TRAPS; i++)
		if (overlaps(&traps[i], a, b))
			reshape(&traps[i], a, b, true, 0);
	shim_mutex_unlock(&lock);
}

bool shim_mmio_trap_overlaps(const void *addr, size_t len)
{
	if (!__atomic_load_n(&live_count, __ATOMIC_ACQUIRE))
		return false;
	uintptr_t a = (uintptr_t)addr, b = a + len;
	bool found = false;
	shim_mutex_lock(&lock);
	for (unsigned i = 0; i < MAX_TRAPS && !found; i++)
		found = overlaps(&traps[i], a, b);
	shim_mutex_unlock(&lock);
	return found;
}

int shim_mmio_trap_protect(void *addr, size_t len, int prot)
{
	uintptr_t a = (uintptr_t)addr, b = a + len;
	shim_mutex_lock(&lock);
	int ret = (int)shim_syscall(SYS_mprotect, addr, len, prot);
	int err = errno;
	for (unsigned i = 0; !ret && i < MAX_TRAPS; i++) {
		struct trap *t = &traps[i];
		if (!overlaps(t, a, b))
			continue;
		uintptr_t lo = t->start > a ? t->start : a, hi = t->end < b ? t->end : b;
		shim_syscall(SYS_mprotect, (void *)lo, hi - lo, PROT_NONE);	/* a range of ours: cannot fail */
		if (t->prot != prot)
			reshape(t, lo, hi, false, prot);
	}
	shim_mutex_unlock(&lock);
	errno = err;
	return ret;
}

/* --- the handler's side ------------------------------------------------------------- */

#ifdef __x86_64__

/* The slot covering addr, copied whole; false if none. Never waits for a writer: one that
 * this very thread interrupted would never finish. */
static bool find(uintptr_t addr, struct trap *out)
{
	for (unsigned i = 0; i < MAX_TRAPS; i++) {
		struct trap *t = &traps[i];
		for (unsigned tries = 0; tries < 1000; tries++) {
			unsigned s1 = __atomic_load_n(&t->seq, __ATOMIC_ACQUIRE);
			if (s1 & 1)
				continue;
			struct trap c;
			c.live = __atomic_load_n(&t->live, __ATOMIC_RELAXED);
			c.start = __atomic_load_n(&t->start, __ATOMIC_RELAXED);
			c.end = __atomic_load_n(&t->end, __ATOMIC_RELAXED);
			c.offset = __atomic_load_n(&t->offset, __ATOMIC_RELAXED);
			c.prot = __atomic_load_n(&t->prot, __ATOMIC_RELAXED);
			c.access = __atomic_load_n(&t->access, __ATOMIC_RELAXED);
			c.ctx = __atomic_load_n(&t->ctx, __ATOMIC_RELAXED);
			__atomic_thread_fence(__ATOMIC_ACQUIRE);
			if (__atomic_load_n(&t->seq, __ATOMIC_RELAXED) != s1)
				continue;
			if (c.live && addr >= c.start && addr < c.end) {
				*out = c;
				return true;
			}
			break;
		}
	}
	return false;
}

/* The encoding's register numbers as ucontext's. */
static const int greg_of[16] = {
	REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
	REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

static uint64_t get_reg(const greg_t *g, unsigned r)
{
	return (uint64_t)g[greg_of[r]];
}

static uint64_t mask_of(unsigned size)
{
	return size >= 8 ? ~0ull : (1ull << (8 * size)) - 1;
}

/* A load's value into its register, as the CPU writes it: 8 and 16-bit destinations keep
 * the register's other bits, 32-bit ones clear the upper half, MOVZX's value is already
 * zero-extended to the destination's size. */
static void load_into(greg_t *g, const struct shim_x86_mov *m, uint64_t v)
{
	v &= mask_of(m->size);
	if (m->high8) {
		uint64_t *r = (uint64_t *)&g[greg_of[m->reg - 4]];
		*r = (*r & ~0xff00ull) | v << 8;
		return;
	}
	uint64_t *r = (uint64_t *)&g[greg_of[m->reg]];
	switch (m->dest_size) {
	case 1: *r = (*r & ~0xffull) | v; break;
	case 2: *r = (*r & ~0xffffull) | v; break;
	default: *r = v; break;		/* 4: zero-extends; 8: the whole register */
	}
}

/* A line on stderr once per process and reason, from a signal handler (write(2) only). */
static void say_once(unsigned *said, const char *what, uintptr_t rip, uintptr_t addr)
{
	if (__atomic_exchange_n(said, 1, __ATOMIC_RELAXED))
		return;
	char line[256];
	size_t n = 0;
	const char *parts[2] = { "i915-shim: the instruction at 0x", " touches emulated registers at 0x" };
	uintptr_t nums[2] = { rip, addr };
	for (unsigned k = 0; k < 2; k++) {
		for (const char *s = parts[k]; *s && n < sizeof(line); s++)
			line[n++] = *s;
		char hex[16];
		unsigned h = 0;
		uintptr_t v = nums[k];
		do {
			hex[h++] = "0123456789abcdef"[v & 15];
			v >>= 4;
		} while (v && h < sizeof(hex));
		while (h && n < sizeof(line))
			line[n++] = hex[--h];
	}
	for (const char *s = what; *s && n < sizeof(line) - 1; s++)
		line[n++] = *s;
	line[n++] = '\n';
	ssize_t r = shim_syscall(SYS_write, 2, line, n);
	(void)r;
}

bool shim_mmio_trap_fault(int sig, siginfo_t *si, void *ucv)
{
	static unsigned said_insn, said_offset;
	if (sig != SIGSEGV || si->si_code <= 0 || !__atomic_load_n(&live_count, __ATOMIC_ACQUIRE))
		return false;
	uintptr_t fa = (uintptr_t)si->si_addr;
	struct trap t;
	if (!find(fa, &t))
		return false;
	ucontext_t *uc = ucv;
	greg_t *g = uc->uc_mcontext.gregs;
	const uint8_t *rip = (const uint8_t *)g[REG_RIP];
	struct shim_x86_mov m;
	if (shim_x86_decode_mov(rip, &m)) {
		say_once(&said_insn, " in a way the shim does not emulate (only MOV/MOVZX loads and stores):"
			 " it faults as it would without the shim", (uintptr_t)rip, fa);
		return false;
	}
	/* The operand the instruction names must be where it faulted: a check of the decoding
	 * that also catches an access starting outside the range. */
	uint64_t ea = (uint64_t)m.disp;
	if (m.base == SHIM_X86_RIP)
		ea += (uint64_t)(uintptr_t)rip + m.len;
	else if (m.base != SHIM_X86_NONE)
		ea += get_reg(g, (unsigned)m.base);
	if (m.index != SHIM_X86_NONE)
		ea += get_reg(g, (unsigned)m.index) * m.scale;
	if (fa < ea || fa - ea >= m.size || ea < t.start || ea + m.size > t.end)
		return false;
	if (m.store ? !(t.prot & PROT_WRITE) : !(t.prot & (PROT_READ | PROT_WRITE)))
		return false;	/* what the mapping's protection refuses faults, as it would */
	uint64_t v = 0;
	if (m.store) {
		v = m.has_imm ? m.imm : m.high8 ? get_reg(g, m.reg - 4) >> 8 : get_reg(g, m.reg);
		v &= mask_of(m.size);
	}
	if (!t.access(t.ctx, t.offset + (ea - t.start), m.size, m.store, &v)) {
		say_once(&said_offset, " where the emulated device serves nothing: it faults", (uintptr_t)rip, fa);
		return false;
	}
	if (!m.store)
		load_into(g, &m, v);
	g[REG_RIP] += m.len;
	return true;
}

#else

bool shim_mmio_trap_fault(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	return false;
}

#endif
