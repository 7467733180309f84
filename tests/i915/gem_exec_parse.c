/* SPDX-License-Identifier: MIT */
/*
 * The gen9 blitter's command parser checks what the engine runs: i915 copies
 * the batch into a shadow, parses the copy and executes the copy, so a CPU
 * thread rewriting the batch during EXECBUFFER2 cannot slip in a command the
 * parser refused; and every batch is parsed, in GEM memory or userptr.
 * Kernel-agnostic (gen8+ encodings, Skylake's mandatory blitter parser); it
 * skips on devices without it. Uses only open/ioctl/mmap, and a thread.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <time.h>

#include "tests/i915/i915_test.h"

/* Where the objects are pinned. The batch sits below 4 MiB so that the low dword of an
 * address into it reads as an MI_NOOP (opcode 0, no NOPID write) when it is not a jump's. */
#define BATCH_AT 0x100000ull
#define TARGET_AT 0x200000ull
#define EVIL 8			/* dword index of the path the parser must never let run */
#define FLIP 4			/* the dword the racing thread rewrites */
#define SEQ 3			/* the good store's data, set before each submission */
#define BAD_MARK 0xbadbadu

/*
 * The batch: a store of a sequence number to target[0], then at FLIP either an MI_NOOP
 * (allowed: the two next dwords, the jump's address, are MI_NOOPs too) or a jump forward to
 * EVIL (refused: not a command already parsed), then the end. At EVIL, after the end, a store
 * of BAD_MARK to target[1].
 */
static void write_batch(uint32_t *b)
{
	const uint32_t cmds[] = {
		MI_STORE_DATA_IMM_GEN8, (uint32_t)TARGET_AT, 0, 0,
		MI_NOOP, (uint32_t)(BATCH_AT + EVIL * 4), 0,
		MI_BATCH_BUFFER_END,
		MI_STORE_DATA_IMM_GEN8, (uint32_t)(TARGET_AT + 4), 0, BAD_MARK,
		MI_BATCH_BUFFER_END,
	};
	memcpy(b, cmds, sizeof(cmds));
}

static void require_blt_parser(int fd)
{
	if ((i915_devid(fd) & 0xff00) != 0x1900 || !gem_getparam(fd, I915_PARAM_HAS_BLT))
		SKIP_DEVICE("the mandatory blitter command parser is Skylake's");
	if (gem_getparam(fd, I915_PARAM_CMD_PARSER_VERSION) == 0)	/* 0: no engine parses */
		SKIP_UNSUPPORTED(false, "no command parser");
}

static int exec_blt(int fd, uint32_t batch, uint32_t target)
{
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = TARGET_AT },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = BATCH_AT },
	};
	return gem_execbuf_ctx(fd, o, 2, I915_EXEC_BLT, 0);
}

/* Both forms of the batch are judged as they should be when nobody races. */
static void check_forms(int fd, uint32_t batch, volatile uint32_t *b, uint32_t target)
{
	uint32_t got[2];
	b[SEQ] = 1;
	b[FLIP] = MI_NOOP;
	ASSERT_OK(exec_blt(fd, batch, target));
	gem_wait(fd, target);
	ASSERT_OK(gem_pread(fd, target, 0, got, sizeof(got)));
	ASSERT_EQ(got[0], 1);
	ASSERT_EQ(got[1], 0);
	b[FLIP] = MI_BATCH_BUFFER_START_GEN8;
	ASSERT_ERRNO(exec_blt(fd, batch, target), EINVAL);	/* a jump ahead of the parse */
}

struct flipper {
	volatile uint32_t *dw;
	int stop;
	unsigned long flips;
};

static void *flip_loop(void *arg)
{
	struct flipper *f = arg;
	uint32_t v = MI_NOOP, lcg = 1;
	while (!__atomic_load_n(&f->stop, __ATOMIC_RELAXED)) {
		v = v == MI_NOOP ? MI_BATCH_BUFFER_START_GEN8 : MI_NOOP;
		__atomic_store_n(f->dw, v, __ATOMIC_RELAXED);
		__atomic_add_fetch(&f->flips, 1, __ATOMIC_RELAXED);
		/* Each state held for a varying while, so that a scheduler running one thread at a
		 * time (valgrind) preempts this one in either state, not always in the same. */
		lcg = lcg * 1103515245u + 12345u;
		for (volatile unsigned spin = lcg >> 26; spin; spin--)
			;
	}
	return NULL;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * ROUNDS submissions while another thread flips the FLIP dword as fast as it can. Each one is
 * either refused (EINVAL) or accepted, and an accepted one must have run exactly the batch
 * the parser accepted: its store landed, the refused path's never did. Bounded: ROUNDS
 * submissions (more if one outcome has not been seen yet, the flipper being descheduled in
 * one state), and never more than 8 s.
 */
#define ROUNDS 3000
static void race(int fd, uint32_t batch, volatile uint32_t *b)
{
	uint32_t target = gem_create(fd, 4096);
	check_forms(fd, batch, b, target);

	struct flipper f = { .dw = &b[FLIP] };
	pthread_t t;
	ASSERT_EQ(pthread_create(&t, NULL, flip_loop, &f), 0);
	while (!__atomic_load_n(&f.flips, __ATOMIC_RELAXED))
		sched_yield();					/* the race is on */
	unsigned accepted = 0, refused = 0, rounds = 0;
	double deadline = now_s() + 8;
	for (uint32_t seq = 2; (rounds < ROUNDS || !accepted || !refused) && now_s() < deadline;
	     seq++, rounds++) {
		b[SEQ] = seq;
		if (exec_blt(fd, batch, target)) {
			ASSERT_EQ(errno, EINVAL);
			refused++;
			continue;
		}
		accepted++;
		gem_wait(fd, target);
		uint32_t got[2];
		ASSERT_OK(gem_pread(fd, target, 0, got, sizeof(got)));
		if (got[1] == BAD_MARK)
			TEST_FAIL("submission %u of %u ran the jump the parser refuses", rounds + 1, ROUNDS);
		ASSERT_EQ(got[0], seq);				/* what was accepted did run */
	}
	__atomic_store_n(&f.stop, 1, __ATOMIC_RELAXED);
	ASSERT_EQ(pthread_join(t, NULL), 0);
	printf("# %u submissions: %u accepted, %u refused, %lu flips\n", rounds, accepted, refused, f.flips);
	/* The race was really run when both outcomes were seen; a scheduler that never lets the
	 * flipper in between (memcheck runs one thread at a time) proves less, but nothing wrong. */
	ASSERT(accepted > 0);
	if (!refused)
		printf("# the flipper never changed the batch under a submission this run\n");
}

/* The batch in a GEM object, rewritten through a CPU mapping. */
TEST(parser_race_gem_object)
{
	int fd = i915_open_gen8();
	require_blt_parser(fd);
	uint32_t batch = gem_create(fd, 4096);
	struct drm_i915_gem_mmap m = { .handle = batch, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	uint32_t *b = (uint32_t *)(uintptr_t)m.addr_ptr;
	write_batch(b);
	race(fd, batch, b);
	close(fd);
}

/* The batch in a userptr object: parsed as well, and raced the same way. */
TEST(parser_race_userptr)
{
	int fd = i915_open_gen8();
	require_blt_parser(fd);
	uint32_t *b = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(b != MAP_FAILED);
	write_batch(b);
	uint32_t batch = gem_userptr_or_skip(fd, b, 4096);
	race(fd, batch, b);
	close(fd);
	munmap(b, 4096);
}

TEST_MAIN(T(parser_race_gem_object), T(parser_race_userptr))
