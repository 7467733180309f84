/* SPDX-License-Identifier: MIT */
/*
 * The MI commands that compute on the engine (doc/uapi-conformance.md §27i,
 * rows MI1-MI12): the command streamer's 64-bit general purpose registers
 * loaded and stored by LRI, SRM, LRM and LRR, MI_MATH's ALU, MI_PREDICATE and
 * predicated jumps, the CS TIMESTAMP against REG_READ's clock, GPRs as part
 * of a context's state, and the gen9 blitter parser's register whitelist.
 * Kernel-agnostic: gen8+ encodings (it skips elsewhere), only open/ioctl,
 * every batch and data object softpinned; each test makes its own objects.
 */
#include <time.h>

#include "tests/i915/i915_test.h"

#define BATCH_AT 0x100000ull
#define DATA_AT 0x200000ull		/* a 4 KiB data object */

#define RCS INTEL_RENDER_RING_BASE
#define GPR(n) INTEL_CS_GPR(RCS, n)
#define GPR_UDW(n) INTEL_CS_GPR_UDW(RCS, n)

/* The commands of one test's batch, built up in order. */
struct batch {
	uint32_t dw[1024];
	unsigned n;
};

static void emit(struct batch *b, uint32_t dw)
{
	ASSERT(b->n < ARRAY_SIZE(b->dw));
	b->dw[b->n++] = dw;
}

static void lri(struct batch *b, uint32_t reg, uint32_t v)
{
	emit(b, MI_LOAD_REGISTER_IMM_N(1));
	emit(b, reg);
	emit(b, v);
}

/* Both dwords of a 64-bit register pair. */
static void lri64(struct batch *b, uint32_t reg, uint64_t v)
{
	lri(b, reg, (uint32_t)v);
	lri(b, reg + 4, (uint32_t)(v >> 32));
}

/* SRM of reg to the data object at byte offset off. */
static void srm(struct batch *b, uint32_t reg, uint32_t off)
{
	emit(b, MI_STORE_REGISTER_MEM_GEN8);
	emit(b, reg);
	emit(b, (uint32_t)(DATA_AT + off));
	emit(b, 0);
}

static void srm64(struct batch *b, uint32_t reg, uint32_t off)
{
	srm(b, reg, off);
	srm(b, reg + 4, off + 4);
}

static void lrm(struct batch *b, uint32_t reg, uint32_t off)
{
	emit(b, MI_LOAD_REGISTER_MEM_GEN8);
	emit(b, reg);
	emit(b, (uint32_t)(DATA_AT + off));
	emit(b, 0);
}

static void lrr(struct batch *b, uint32_t src, uint32_t dst)
{
	emit(b, MI_LOAD_REGISTER_REG_N);
	emit(b, src);
	emit(b, dst);
}

/* MI_MATH: srca OP srcb, the result (operand `what`: ACCU, ZF or CF) stored to dst. */
static void math(struct batch *b, unsigned op, unsigned a, unsigned bb, unsigned store, unsigned dst,
		 unsigned what)
{
	emit(b, MI_MATH_N(4));
	emit(b, INTEL_ALU(INTEL_ALU_LOAD, INTEL_ALU_SRCA, a));
	emit(b, INTEL_ALU(INTEL_ALU_LOAD, INTEL_ALU_SRCB, bb));
	emit(b, INTEL_ALU(op, 0, 0));
	emit(b, INTEL_ALU(store, dst, what));
}

/* Runs b on ring in ctx with the data object; waits; 0 or the execbuf's errno. */
static int run_on(int fd, struct batch *b, uint32_t data, uint64_t ring, uint32_t ctx)
{
	emit(b, MI_BATCH_BUFFER_END);
	if (b->n & 1)
		emit(b, MI_NOOP);
	uint32_t batch = gem_create(fd, 4096 * 2);
	gem_write(fd, batch, 0, b->dw, b->n * 4);
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = data, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = DATA_AT },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = BATCH_AT },
	};
	int err = gem_execbuf_ctx(fd, o, 2, ring, ctx) ? errno : 0;
	if (!err)
		gem_wait(fd, batch);
	struct drm_gem_close c = { .handle = batch };
	ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
	b->n = 0;
	return err;
}

static void run(int fd, struct batch *b, uint32_t data)
{
	ASSERT_EQ(run_on(fd, b, data, I915_EXEC_RENDER, 0), 0);
}

static uint64_t read64(int fd, uint32_t data, uint32_t off)
{
	uint64_t v;
	ASSERT_OK(gem_pread(fd, data, off, &v, 8));
	return v;
}

static uint32_t read32(int fd, uint32_t data, uint32_t off)
{
	uint32_t v;
	ASSERT_OK(gem_pread(fd, data, off, &v, 4));
	return v;
}

static uint64_t pattern(unsigned n)
{
	return 0x0123456789abcdefull * (n + 1) ^ (uint64_t)n << 56;
}

/* MI1, MI2: LRI writes and SRM reads each dword of the 16 GPRs at 0x2600 + 8n (low dword first). */
TEST(gpr_round_trip)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	struct batch b = { .n = 0 };
	for (unsigned i = 0; i < 16; i++)
		lri64(&b, GPR(i), pattern(i));
	for (unsigned i = 0; i < 16; i++)
		srm64(&b, GPR(i), 8 * i);
	run(fd, &b, data);
	for (unsigned i = 0; i < 16; i++)
		ASSERT_EQ(read64(fd, data, 8 * i), pattern(i));
	close(fd);
}

/* MI3: LRR copies one register dword to another, GPR halves included. */
TEST(lrr_between_gprs)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	struct batch b = { .n = 0 };
	lri64(&b, GPR(0), 0x1111111122222222ull);
	lri64(&b, GPR(1), 0);
	lrr(&b, GPR(0), GPR_UDW(1));
	lrr(&b, GPR_UDW(0), GPR(1));
	lrr(&b, GPR(1), GPR(2));
	lrr(&b, GPR_UDW(1), GPR_UDW(2));
	srm64(&b, GPR(1), 0);
	srm64(&b, GPR(2), 8);
	run(fd, &b, data);
	ASSERT_EQ(read64(fd, data, 0), 0x2222222211111111ull);
	ASSERT_EQ(read64(fd, data, 8), 0x2222222211111111ull);
	close(fd);
}

/* MI4: LRM loads a register dword from memory (gen8: a 64-bit address). */
TEST(lrm_from_object)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	uint64_t v = 0xfeedfacecafef00dull;
	gem_write(fd, data, 512, &v, 8);
	struct batch b = { .n = 0 };
	lrm(&b, GPR(3), 512);
	lrm(&b, GPR_UDW(3), 516);
	srm64(&b, GPR(3), 0);
	run(fd, &b, data);
	ASSERT_EQ(read64(fd, data, 0), v);
	close(fd);
}

/* MI5, MI6: ADD and SUB on 64 bits; CF is the carry (ADD) or the borrow (SUB), ZF a zero result;
 * both stored as all ones or 0. */
TEST(math_add_sub_flags)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	struct batch b = { .n = 0 };
	lri64(&b, GPR(0), 0xffffffffffffffffull);
	lri64(&b, GPR(1), 1);
	lri64(&b, GPR(2), 0x00000000ffffffffull);
	lri64(&b, GPR(3), 5);
	lri64(&b, GPR(4), 7);
	math(&b, INTEL_ALU_ADD, 0, 1, INTEL_ALU_STORE, 5, INTEL_ALU_ACCU);	/* ~0 + 1 = 0 */
	math(&b, INTEL_ALU_ADD, 0, 1, INTEL_ALU_STORE, 6, INTEL_ALU_CF);	/* carry */
	math(&b, INTEL_ALU_ADD, 0, 1, INTEL_ALU_STORE, 7, INTEL_ALU_ZF);	/* zero */
	math(&b, INTEL_ALU_ADD, 2, 1, INTEL_ALU_STORE, 8, INTEL_ALU_ACCU);	/* carries into the high dword */
	math(&b, INTEL_ALU_ADD, 2, 1, INTEL_ALU_STORE, 9, INTEL_ALU_CF);	/* no carry out */
	math(&b, INTEL_ALU_SUB, 3, 4, INTEL_ALU_STORE, 10, INTEL_ALU_ACCU);	/* 5 - 7 = -2 */
	math(&b, INTEL_ALU_SUB, 3, 4, INTEL_ALU_STORE, 11, INTEL_ALU_CF);	/* borrow */
	math(&b, INTEL_ALU_SUB, 4, 3, INTEL_ALU_STORE, 12, INTEL_ALU_CF);	/* none */
	math(&b, INTEL_ALU_SUB, 4, 3, INTEL_ALU_STORE, 13, INTEL_ALU_ZF);	/* not zero */
	math(&b, INTEL_ALU_SUB, 4, 4, INTEL_ALU_STOREINV, 14, INTEL_ALU_ZF);	/* equal: ~ZF = 0 */
	for (unsigned i = 5; i <= 14; i++)
		srm64(&b, GPR(i), 8 * i);
	run(fd, &b, data);
	ASSERT_EQ(read64(fd, data, 8 * 5), 0);
	ASSERT_EQ(read64(fd, data, 8 * 6), ~0ull);
	ASSERT_EQ(read64(fd, data, 8 * 7), ~0ull);
	ASSERT_EQ(read64(fd, data, 8 * 8), 0x100000000ull);
	ASSERT_EQ(read64(fd, data, 8 * 9), 0);
	ASSERT_EQ(read64(fd, data, 8 * 10), (uint64_t)-2);
	ASSERT_EQ(read64(fd, data, 8 * 11), ~0ull);
	ASSERT_EQ(read64(fd, data, 8 * 12), 0);
	ASSERT_EQ(read64(fd, data, 8 * 13), 0);
	ASSERT_EQ(read64(fd, data, 8 * 14), 0);
	close(fd);
}

/* MI7: AND, OR, XOR; LOADINV and STOREINV invert; LOAD0 loads zero. */
TEST(math_logic_and_inversion)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	const uint64_t x = 0xff00ff00f0f0f0f0ull, y = 0x0ff00ff0ccccccccull;
	struct batch b = { .n = 0 };
	lri64(&b, GPR(0), x);
	lri64(&b, GPR(1), y);
	math(&b, INTEL_ALU_AND, 0, 1, INTEL_ALU_STORE, 2, INTEL_ALU_ACCU);
	math(&b, INTEL_ALU_OR, 0, 1, INTEL_ALU_STORE, 3, INTEL_ALU_ACCU);
	math(&b, INTEL_ALU_XOR, 0, 1, INTEL_ALU_STORE, 4, INTEL_ALU_ACCU);
	math(&b, INTEL_ALU_XOR, 0, 1, INTEL_ALU_STOREINV, 5, INTEL_ALU_ACCU);
	math(&b, INTEL_ALU_XOR, 0, 0, INTEL_ALU_STORE, 6, INTEL_ALU_ZF);	/* x ^ x = 0 */
	/* ~x + 0 */
	emit(&b, MI_MATH_N(4));
	emit(&b, INTEL_ALU(INTEL_ALU_LOADINV, INTEL_ALU_SRCA, 0));
	emit(&b, INTEL_ALU(INTEL_ALU_LOAD0, INTEL_ALU_SRCB, 0));
	emit(&b, INTEL_ALU(INTEL_ALU_ADD, 0, 0));
	emit(&b, INTEL_ALU(INTEL_ALU_STORE, 7, INTEL_ALU_ACCU));
	for (unsigned i = 2; i <= 7; i++)
		srm64(&b, GPR(i), 8 * i);
	run(fd, &b, data);
	ASSERT_EQ(read64(fd, data, 8 * 2), x & y);
	ASSERT_EQ(read64(fd, data, 8 * 3), x | y);
	ASSERT_EQ(read64(fd, data, 8 * 4), x ^ y);
	ASSERT_EQ(read64(fd, data, 8 * 5), ~(x ^ y));
	ASSERT_EQ(read64(fd, data, 8 * 6), ~0ull);
	ASSERT_EQ(read64(fd, data, 8 * 7), ~x);
	close(fd);
}

/* MI8: a loop on the engine: MI_MATH counts a GPR down, SRM puts it where
 * MI_CONDITIONAL_BATCH_BUFFER_END looks, and a jump back repeats until it ends the batch. */
TEST(math_loop_with_conditional_end)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	struct batch b = { .n = 0 };
	lri64(&b, GPR(0), 5);		/* the counter */
	lri64(&b, GPR(1), 0);		/* the iterations */
	lri64(&b, GPR(2), 1);
	unsigned loop = b.n;
	math(&b, INTEL_ALU_ADD, 1, 2, INTEL_ALU_STORE, 1, INTEL_ALU_ACCU);
	math(&b, INTEL_ALU_SUB, 0, 2, INTEL_ALU_STORE, 0, INTEL_ALU_ACCU);
	srm(&b, GPR(1), 8);
	srm(&b, GPR(0), 0);
	emit(&b, MI_CONDITIONAL_BATCH_BUFFER_END | INTEL_COND_BBE_COMPARE_SEMAPHORE | INTEL_LEN(4));
	emit(&b, 0);			/* goes on while the counter > 0 */
	emit(&b, (uint32_t)DATA_AT);
	emit(&b, 0);
	emit(&b, MI_BATCH_BUFFER_START_GEN8);
	emit(&b, (uint32_t)(BATCH_AT + 4 * loop));
	emit(&b, 0);
	run(fd, &b, data);
	ASSERT_EQ(read32(fd, data, 0), 0);
	ASSERT_EQ(read32(fd, data, 8), 5);
	close(fd);
}

/* MI9, MI10: MI_PREDICATE sets MI_PREDICATE_RESULT from SRC0 == SRC1 (LOAD/LOADINV, SET/AND/OR/XOR);
 * a predicated MI_BATCH_BUFFER_START jumps only while it holds, else the next command runs. */
TEST(predicate_and_predicated_jump)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	struct batch b = { .n = 0 };
	lri64(&b, INTEL_MI_PREDICATE_SRC0, 42);
	lri64(&b, INTEL_MI_PREDICATE_SRC1, 42);
	emit(&b, INTEL_PREDICATE(INTEL_PREDICATE_LOAD_LOAD, INTEL_PREDICATE_COMBINE_SET,
				 INTEL_PREDICATE_COMPARE_SRCS_EQUAL));
	srm(&b, INTEL_MI_PREDICATE_RESULT, 0);		/* 1 */
	emit(&b, INTEL_PREDICATE(INTEL_PREDICATE_LOAD_LOADINV, INTEL_PREDICATE_COMBINE_SET,
				 INTEL_PREDICATE_COMPARE_SRCS_EQUAL));
	srm(&b, INTEL_MI_PREDICATE_RESULT, 4);		/* 0 */
	emit(&b, INTEL_PREDICATE(INTEL_PREDICATE_LOAD_LOAD, INTEL_PREDICATE_COMBINE_OR,
				 INTEL_PREDICATE_COMPARE_SRCS_EQUAL));
	srm(&b, INTEL_MI_PREDICATE_RESULT, 8);		/* 0 | 1 */
	emit(&b, INTEL_PREDICATE(INTEL_PREDICATE_LOAD_LOAD, INTEL_PREDICATE_COMBINE_XOR,
				 INTEL_PREDICATE_COMPARE_SRCS_EQUAL));
	srm(&b, INTEL_MI_PREDICATE_RESULT, 12);		/* 1 ^ 1 */
	/* Now false: the predicated jump over the first store falls through to it. */
	emit(&b, MI_BATCH_BUFFER_START_GEN8 | INTEL_BB_START_PREDICATED);
	unsigned jump1 = b.n;
	emit(&b, 0);
	emit(&b, 0);
	emit(&b, MI_STORE_DATA_IMM_GEN8);
	emit(&b, (uint32_t)(DATA_AT + 16));
	emit(&b, 0);
	emit(&b, 0xf00d);
	b.dw[jump1] = (uint32_t)(BATCH_AT + 4 * b.n);
	/* True again (AND-combined with SRC0 != SRC1 inverted): this time it jumps. */
	lri64(&b, INTEL_MI_PREDICATE_SRC1, 43);
	emit(&b, INTEL_PREDICATE(INTEL_PREDICATE_LOAD_LOADINV, INTEL_PREDICATE_COMBINE_SET,
				 INTEL_PREDICATE_COMPARE_SRCS_EQUAL));
	emit(&b, MI_BATCH_BUFFER_START_GEN8 | INTEL_BB_START_PREDICATED);
	unsigned jump2 = b.n;
	emit(&b, 0);
	emit(&b, 0);
	emit(&b, MI_STORE_DATA_IMM_GEN8);
	emit(&b, (uint32_t)(DATA_AT + 20));
	emit(&b, 0);
	emit(&b, 0xbad);
	b.dw[jump2] = (uint32_t)(BATCH_AT + 4 * b.n);
	run(fd, &b, data);
	ASSERT_EQ(read32(fd, data, 0) & 1, 1);
	ASSERT_EQ(read32(fd, data, 4) & 1, 0);
	ASSERT_EQ(read32(fd, data, 8) & 1, 1);
	ASSERT_EQ(read32(fd, data, 12) & 1, 0);
	ASSERT_EQ(read32(fd, data, 16), 0xf00d);
	ASSERT_EQ(read32(fd, data, 20), 0);
	close(fd);
}

static uint64_t reg_read_timestamp(int fd)
{
	struct drm_i915_reg_read r = { .offset = 0x2358 | I915_REG_READ_8B_WA };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &r));
	return r.val;
}

/* MI11, RR2: the render TIMESTAMP (0x2358/0x235c) that SRM stores runs on REG_READ's clock at
 * the CS_TIMESTAMP_FREQUENCY rate: it lies between REG_READs taken before and after, and it
 * advances from one batch to a later one. */
TEST(timestamp_agrees_with_reg_read)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	int hz = gem_getparam(fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY);
	ASSERT(hz > 0);
	uint64_t slack = (uint64_t)hz / 1000;		/* 1 ms: the two dwords are read apart */
	struct batch b = { .n = 0 };
	uint64_t before = reg_read_timestamp(fd);
	srm(&b, RCS + INTEL_RING_TIMESTAMP, 0);
	srm(&b, RCS + INTEL_RING_TIMESTAMP_UDW, 4);
	for (unsigned i = 0; i < 64; i++)
		emit(&b, MI_NOOP);
	srm(&b, RCS + INTEL_RING_TIMESTAMP, 8);
	srm(&b, RCS + INTEL_RING_TIMESTAMP_UDW, 12);
	run(fd, &b, data);
	uint64_t after = reg_read_timestamp(fd);
	uint64_t t0 = read64(fd, data, 0), t1 = read64(fd, data, 8);
	ASSERT(t1 >= t0);
	ASSERT(t0 + slack >= before);
	ASSERT(t1 <= after + slack);

	struct timespec ms = { 0, 2000000 };
	nanosleep(&ms, NULL);
	srm(&b, RCS + INTEL_RING_TIMESTAMP, 16);
	srm(&b, RCS + INTEL_RING_TIMESTAMP_UDW, 20);
	run(fd, &b, data);
	uint64_t t2 = read64(fd, data, 16);
	ASSERT(t2 > t1 + slack);		/* 2 ms later: more than 1 ms of ticks */
	close(fd);
}

/* MI14: RING_CTX_TIMESTAMP (engine base + 0x3a8) counts CS timestamp ticks while its context
 * runs: a batch that stores it while it spins sees it grow past 3 ms of ticks,
 * the context's next batch starts from there, and a new context's is far smaller. IGT's
 * gem_wsim times its busy batches with it. */
TEST(ctx_timestamp_counts_while_the_context_runs)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	int hz = gem_getparam(fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY);
	ASSERT(hz > 0);
	uint32_t a = gem_context_create(fd), c = gem_context_create(fd);
	/* The spinner: store the register, jump back; the CPU ends it by ending the first command. */
	struct batch b = { .n = 0 };
	srm(&b, RCS + INTEL_RING_CTX_TIMESTAMP, 0);
	emit(&b, MI_BATCH_BUFFER_START_GEN8);
	emit(&b, (uint32_t)BATCH_AT);
	emit(&b, 0);
	uint32_t spin = gem_create(fd, 4096);
	gem_write(fd, spin, 0, b.dw, b.n * 4);
	struct drm_i915_gem_mmap m = { .handle = spin, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	volatile uint32_t *map = (uint32_t *)(uintptr_t)m.addr_ptr;
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = data, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = DATA_AT },
		{ .handle = spin, .flags = EXEC_OBJECT_PINNED, .offset = BATCH_AT },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_RENDER, a));
	/* Until it has run 3 ms by its own count (5 s at most): on a loaded machine the
	 * engine may start late or lose its CPU, so a fixed sleep proves nothing. */
	struct drm_i915_gem_mmap dm = { .handle = data, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &dm));
	volatile uint32_t *seen = (uint32_t *)(uintptr_t)dm.addr_ptr;
	struct timespec ms1 = { 0, 1000000 };
	for (int i = 0; i < 5000 && seen[0] <= (uint32_t)hz / 1000 * 3; i++)
		nanosleep(&ms1, NULL);
	map[0] = MI_BATCH_BUFFER_END;
	gem_wait(fd, spin);
	uint32_t spun = read32(fd, data, 0);
	ASSERT(spun > (uint32_t)hz / 1000 * 3);
	b.n = 0;
	srm(&b, RCS + INTEL_RING_CTX_TIMESTAMP, 8);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, a), 0);
	srm(&b, RCS + INTEL_RING_CTX_TIMESTAMP, 16);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, c), 0);
	ASSERT(read32(fd, data, 8) >= spun);
	ASSERT(read32(fd, data, 16) < spun / 2);
	munmap((void *)map, 4096);
	munmap((void *)seen, 4096);
	close(fd);
}

/* MI12: GPRs are context state (gen8+ context image): a context's GPRs survive from one of its
 * batches to the next, another context's writes do not reach them, and a new context reads 0. */
TEST(gprs_belong_to_the_context)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	uint32_t a = gem_context_create(fd), c = gem_context_create(fd);
	struct batch b = { .n = 0 };
	lri64(&b, GPR(7), 0xaaaaaaaa55555555ull);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, a), 0);
	lri64(&b, GPR(7), 0x1234);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, 0), 0);
	srm64(&b, GPR(7), 0);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, a), 0);
	srm64(&b, GPR(7), 8);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, 0), 0);
	srm64(&b, GPR(7), 16);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_RENDER, c), 0);
	ASSERT_EQ(read64(fd, data, 0), 0xaaaaaaaa55555555ull);
	ASSERT_EQ(read64(fd, data, 8), 0x1234);
	ASSERT_EQ(read64(fd, data, 16), 0);
	close(fd);
}

static void require_blt_parser(int fd)
{
	if ((i915_devid(fd) & 0xff00) != 0x1900 || !gem_getparam(fd, I915_PARAM_HAS_BLT))
		SKIP_DEVICE("the mandatory blitter command parser is Skylake's");
	if (gem_getparam(fd, I915_PARAM_CMD_PARSER_VERSION) == 0)
		SKIP_UNSUPPORTED(false, "no command parser");
}

/* MI13, X64: the gen9 blitter parser lets LRI, LRM, LRR, SRM and MI_MATH reach the blitter's own
 * GPRs (0x22600..) and timestamps, and refuses (EACCES) any other register: the render GPRs, in
 * LRR's source or destination, in SRM and LRM. */
TEST(blitter_parser_register_whitelist)
{
	int fd = i915_open_gen8();
	require_blt_parser(fd);
	uint32_t data = gem_create(fd, 4096);
	const uint32_t bgpr0 = INTEL_CS_GPR(INTEL_BLT_RING_BASE, 0), bgpr1 = INTEL_CS_GPR(INTEL_BLT_RING_BASE, 1);
	uint32_t v = 40;
	gem_write(fd, data, 64, &v, 4);
	struct batch b = { .n = 0 };
	lri64(&b, bgpr0, 2);
	lri(&b, bgpr1 + 4, 0);
	lrm(&b, bgpr1, 64);
	math(&b, INTEL_ALU_ADD, 0, 1, INTEL_ALU_STORE, 2, INTEL_ALU_ACCU);
	lrr(&b, INTEL_CS_GPR(INTEL_BLT_RING_BASE, 2), INTEL_CS_GPR(INTEL_BLT_RING_BASE, 3));
	srm(&b, INTEL_CS_GPR(INTEL_BLT_RING_BASE, 3), 0);
	srm(&b, INTEL_BLT_RING_BASE + INTEL_RING_TIMESTAMP, 8);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_BLT, 0), 0);
	ASSERT_EQ(read32(fd, data, 0), 42);

	lrr(&b, GPR(0), bgpr0);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_BLT, 0), EACCES);
	lrr(&b, bgpr0, GPR(0));
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_BLT, 0), EACCES);
	srm(&b, GPR(0), 0);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_BLT, 0), EACCES);
	lrm(&b, GPR(0), 0);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_BLT, 0), EACCES);
	lri(&b, GPR(0), 0);
	ASSERT_EQ(run_on(fd, &b, data, I915_EXEC_BLT, 0), EACCES);
	close(fd);
}

TEST_MAIN(T(ctx_timestamp_counts_while_the_context_runs), T(gpr_round_trip), T(lrr_between_gprs), T(lrm_from_object), T(math_add_sub_flags),
	  T(math_logic_and_inversion), T(math_loop_with_conditional_end), T(predicate_and_predicated_jump),
	  T(timestamp_agrees_with_reg_read), T(gprs_belong_to_the_context), T(blitter_parser_register_whitelist))
