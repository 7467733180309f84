/* SPDX-License-Identifier: MIT */
/*
 * The command streamer: runs one request's batch, one command at a time,
 * each sized by hwdefs/intel_commands.h and dispatched by its client: MI
 * commands to a handler each (mi_handlers[], indexed by opcode), 2D commands
 * to the blitter core (hw/blt.h), PIPE_CONTROL's post-sync write here; other
 * 3D and media commands are length-checked and skipped (counted in the
 * trace). Registers: the engine's GPRs and, on render, MI_PREDICATE's are
 * the context's (struct shim_context_regs, copied in and out around the batch
 * by intel_engine.c), TIMESTAMP reads the clock REG_READ reads, and any other
 * register a batch loads is plain storage for the batch. GPU addresses resolve
 * only to the request's own objects; anything else is a GPU page fault,
 * reported before the faulting command writes anything. The loop runs under
 * a fault guard (base/fault_guard.h): an object page the host cannot give
 * (the memory file on a full tmpfs, a userptr range the program unmapped) is
 * a GPU page fault too, contained like one, never a signal.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <i915_drm.h>

#include "base/fault_guard.h"
#include "base/log.h"
#include "drm/dma_fence.h"
#include "hw/blt.h"
#include "hwdefs/intel_commands.h"
#include "i915/gt/intel_engine.h"
#include "i915/gt/intel_reset.h"
#include "i915/gt/sysfs_engines.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"
#include "i915/intel_uncore.h"

#define MAX_DEPTH 2	/* batch levels: the first, and one second-level call */

/* One batch being run. */
struct cs {
	struct shim_request *rq;
	const struct shim_context *ctx;
	unsigned gen;
	uint64_t start;		/* when the batch started: hangcheck counts from here */
	uint64_t start_ticks;	/* the same in CS timestamp ticks: the context's clock runs from here */
	struct shim_blt_state blt;
	struct shim_gpu_vm vm;		/* the blitter's view of the request's objects */
	struct shim_context_regs *ctx_regs;	/* the context's GPRs and predicate (gen8+: saved) */
	uint32_t mmio_base;		/* the engine's registers */
	uint32_t regs[64];		/* other registers batches load and store: plain storage */
	uint32_t reg_addr[64];
	unsigned nregs;
	unsigned skipped;
	uint64_t fault_addr;		/* the last address that did not translate */
	uint64_t ip;			/* the next command */
	uint64_t end;			/* where the first-level batch ends (UINT64_MAX once chained) */
	uint64_t ret_stack[MAX_DEPTH];	/* where second-level batches return to */
	unsigned depth;
	uint8_t *sink;			/* where writes to read-only objects go (and are dropped) */
	uint64_t sink_size;
};

/*
 * What a command handler returns: CS_NEXT to go on with cs->ip, CS_END when
 * the batch ends normally, or a negative errno that stops it (-EFAULT a GPU
 * fault, -ETIME a hang, -ECANCELED a cancelled context).
 */
enum { CS_NEXT = 0, CS_END = 1 };

/* Handles the command c of n dwords (cs->ip already points past it). */
typedef int (*cs_handler)(struct cs *cs, const uint32_t *c, uint32_t n);

/*
 * A write to an object bound read-only (a READ_ONLY userptr) goes nowhere, as through
 * i915's read-only PTEs (doc/uapi-conformance.md U22): the writer gets a private copy of
 * the len bytes at out (what it reads back, a ROP's destination, is the object's), dropped
 * when the batch ends.
 */
static int sink(struct cs *cs, struct shim_gpu_range *out, uint64_t len)
{
	if (len > cs->sink_size) {
		uint8_t *p = realloc(cs->sink, len);
		if (!p)
			return -EFAULT;
		cs->sink = p;
		cs->sink_size = len;
	}
	memcpy(cs->sink, out->host, len);
	*out = (struct shim_gpu_range){ .host = cs->sink, .bytes = len };
	return 0;
}

static int translate(void *ctx, uint64_t addr, uint64_t len, bool write, struct shim_gpu_range *out)
{
	struct cs *cs = ctx;
	struct shim_request *rq = cs->rq;
	uint32_t lo = 0, hi = rq->nobjs;
	addr &= (1ull << 48) - 1;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		struct shim_request_object *o = &rq->objs[mid];
		if (addr < o->start) {
			hi = mid;
		} else if (addr >= o->start + o->size) {
			lo = mid + 1;
		} else {
			if (len > o->start + o->size - addr || !o->host)
				return -EFAULT;
			out->host = o->host + (addr - o->start);
			out->bytes = o->start + o->size - addr;
			out->fence_tiling = o->fence_tiling;
			out->fence_pitch = o->fence_pitch;
			out->fence_offset = addr - o->start;
			if (write && o->read_only)
				return sink(cs, out, len);
			return 0;
		}
	}
	cs->fault_addr = addr;
	return -EFAULT;
}

static uint8_t *gpu_ptr(struct cs *cs, uint64_t addr, uint64_t len, bool write)
{
	struct shim_gpu_range r;
	return translate(cs, addr, len, write, &r) ? NULL : r.host;
}

static uint32_t *reg(struct cs *cs, uint32_t addr)
{
	for (unsigned i = 0; i < cs->nregs; i++)
		if (cs->reg_addr[i] == addr)
			return &cs->regs[i];
	if (cs->nregs == 64)
		return NULL;
	cs->reg_addr[cs->nregs] = addr;
	cs->regs[cs->nregs] = 0;
	return &cs->regs[cs->nregs++];
}

/* The engines' clock: the one the CPU reads through the BAR and REG_READ answers. */
static uint64_t timestamp(struct cs *cs)
{
	return intel_uncore_timestamp(cs->rq->dev->model);
}

/*
 * The dword of the context's register state at addr, or NULL: the engine's own GPRs (gen8+;
 * another engine's GPRs, like any other register, are plain storage here), and on the render
 * engine (gen7+) MI_PREDICATE's sources and result.
 */
static uint32_t *ctx_reg(struct cs *cs, uint32_t addr)
{
	uint32_t *gpr = (uint32_t *)cs->ctx_regs->gpr;	/* little-endian: the low dword first */
	uint32_t *src = (uint32_t *)cs->ctx_regs->predicate_src;
	if (cs->gen >= 8 && addr - INTEL_CS_GPR(cs->mmio_base, 0) < 8 * INTEL_CS_GPR_COUNT)
		return &gpr[(addr - INTEL_CS_GPR(cs->mmio_base, 0)) / 4];
	if (cs->gen >= 7 && cs->rq->engine == SHIM_ENGINE_RENDER) {
		if (addr - INTEL_MI_PREDICATE_SRC0 < 16)
			return &src[(addr - INTEL_MI_PREDICATE_SRC0) / 4];
		if (addr == INTEL_MI_PREDICATE_RESULT)
			return &cs->ctx_regs->predicate_result;
	}
	return NULL;
}

/* Is addr this engine's RING_CTX_TIMESTAMP, the running time of the context it runs (gen8+)? */
static bool is_ctx_timestamp(const struct cs *cs, uint32_t addr)
{
	return cs->gen >= 8 && addr == cs->mmio_base + INTEL_RING_CTX_TIMESTAMP;
}

static uint32_t read_reg(struct cs *cs, uint32_t addr)
{
	if (is_ctx_timestamp(cs, addr))		/* what it had, and counting since the batch began */
		return cs->ctx_regs->ctx_timestamp + (uint32_t)(timestamp(cs) - cs->start_ticks);
	if ((addr & 0xfff) == INTEL_RING_TIMESTAMP)	/* of any engine */
		return (uint32_t)timestamp(cs);
	if ((addr & 0xfff) == INTEL_RING_TIMESTAMP_UDW)
		return (uint32_t)(timestamp(cs) >> 32);
	uint32_t *r = ctx_reg(cs, addr);
	if (!r)
		r = reg(cs, addr);
	return r ? *r : 0;
}

static void write_reg(struct cs *cs, uint32_t addr, uint32_t value)
{
	if (addr == INTEL_BCS_SWCTRL) {		/* masked: bits 31:16 enable bits 15:0 */
		uint32_t mask = value >> 16;
		cs->blt.bcs_swctrl = (cs->blt.bcs_swctrl & ~mask) | (value & mask & 0xffff);
		return;
	}
	if ((addr & 0xfff) == INTEL_RING_TIMESTAMP || (addr & 0xfff) == INTEL_RING_TIMESTAMP_UDW)
		return;				/* the clock runs on: loads are dropped */
	if (is_ctx_timestamp(cs, addr)) {	/* it counts on from the value loaded */
		cs->ctx_regs->ctx_timestamp = value - (uint32_t)(timestamp(cs) - cs->start_ticks);
		return;
	}
	if (addr == INTEL_MI_PREDICATE_RESULT && ctx_reg(cs, addr))
		value &= 1;			/* one bit */
	uint32_t *r = ctx_reg(cs, addr);
	if (!r)
		r = reg(cs, addr);
	if (r)
		*r = value;
}

/* Does the predicate hold (MI_PREDICATE_RESULT bit 0)? Predicated commands run only then. */
static bool predicate(const struct cs *cs)
{
	return cs->ctx_regs->predicate_result & 1;
}

static int store(struct cs *cs, uint64_t addr, const void *data, unsigned len)
{
	uint8_t *p = gpu_ptr(cs, addr & ~3ull, len, true);
	if (!p)
		return -EFAULT;
	memmove(p, data, len);	/* the data may be the command's own, in the object it writes */
	return 0;
}

/* A dword of GPU memory at addr (dword-aligned): 0, or -EFAULT where nothing is bound. */
static int load_dword(struct cs *cs, uint64_t addr, uint32_t *v)
{
	const uint8_t *p = gpu_ptr(cs, addr, 4, false);
	if (!p)
		return -EFAULT;
	memcpy(v, p, 4);
	return 0;
}

static int pipe_control(struct cs *cs, const uint32_t *c, uint32_t n)
{
	unsigned at = intel_pipe_control_address_dw(cs->gen);	/* the data follows the address */
	if (n < (cs->gen >= 8 ? 6u : 4u))
		return 0;
	enum intel_post_sync op = INTEL_POST_SYNC(c[intel_pipe_control_flags_dw(cs->gen)]);
	uint64_t addr = intel_address(cs->gen, c, at) & ~7ull;
	unsigned d = at + INTEL_ADDRESS_DWORDS(cs->gen);
	uint64_t data = c[d];
	if (cs->gen >= 8 || cs->gen < 6 || n > 4)
		data |= (uint64_t)c[d + 1] << 32;
	if (op == INTEL_POST_SYNC_WRITE_IMM)
		return store(cs, addr, &data, cs->gen >= 8 ? 8 : (n > 4 ? 8 : 4));
	if (op == INTEL_POST_SYNC_WRITE_TIMESTAMP) {
		uint64_t t = timestamp(cs);
		return store(cs, addr, &t, 8);
	}
	if (op == INTEL_POST_SYNC_WRITE_DEPTH_COUNT) {
		uint64_t zero = 0;
		return store(cs, addr, &zero, 8);
	}
	return 0;
}

static bool semaphore_true(unsigned op, uint32_t mem, uint32_t data)
{
	switch (op) {
	case INTEL_SAD_GREATER_THAN_SDD: return mem > data;
	case INTEL_SAD_GREATER_THAN_OR_EQUAL_SDD: return mem >= data;
	case INTEL_SAD_LESS_THAN_SDD: return mem < data;
	case INTEL_SAD_LESS_THAN_OR_EQUAL_SDD: return mem <= data;
	case INTEL_SAD_EQUAL_SDD: return mem == data;
	case INTEL_SAD_NOT_EQUAL_SDD: return mem != data;
	default: return true;
	}
}

/* Has the batch run a full heartbeat interval of its engine (0: heartbeats off)? The interval
 * is looked up at each check, so a new value applies to the batch already running. */
static bool hung(const struct cs *cs)
{
	uint64_t ms = shim_engine_heartbeat_ms(cs->rq->dev, cs->rq->engine);
	return ms && shim_now_ns() - cs->start > ms * 1000000ull;
}

/* Hangcheck and cancellation: 0 while the batch may go on, else why it stops. */
static int watchdog(const struct cs *cs)
{
	if (hung(cs))
		return -ETIME;		/* hangcheck */
	if (__atomic_load_n(&cs->ctx->killed, __ATOMIC_RELAXED) || shim_gt_wedged(cs->rq->dev))
		return -ECANCELED;	/* its context was closed, or the GPU wedged */
	return 0;
}

/* ---- MI commands, one handler each ---------------------------------------- */

static int mi_batch_buffer_end(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (!cs->depth)
		return CS_END;
	cs->ip = cs->ret_stack[--cs->depth];	/* back from a second-level batch */
	return CS_NEXT;
}

static int mi_batch_buffer_start(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (cs->gen >= 8 && (c[0] & INTEL_BB_START_PREDICATED) && !predicate(cs))
		return CS_NEXT;			/* predicated off: the engine goes on with the next command */
	uint64_t target = intel_address(cs->gen, c, 1) & ~3ull;
	if ((c[0] & INTEL_BB_START_2ND_LEVEL) && cs->gen >= 7 && cs->depth < MAX_DEPTH - 1)
		cs->ret_stack[cs->depth++] = cs->ip;	/* second level: a call */
	cs->ip = target;
	cs->end = UINT64_MAX;			/* chained: runs to its own end */
	return CS_NEXT;
}

static int mi_store_data_imm(struct cs *cs, const uint32_t *c, uint32_t n)
{
	unsigned first = intel_sdi_data_dw(cs->gen);
	uint64_t addr = intel_address(cs->gen, c, intel_sdi_address_dw(cs->gen));
	if (n > first)
		return store(cs, addr, &c[first], (n - first) * 4);
	return CS_NEXT;
}

static int mi_load_register_imm(struct cs *cs, const uint32_t *c, uint32_t n)
{
	for (uint32_t i = 1; i + 1 < n; i += 2)
		write_reg(cs, INTEL_MMIO_OFFSET(c[i]), c[i + 1]);
	return CS_NEXT;
}

static int mi_store_register_mem(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (n < 2 + INTEL_ADDRESS_DWORDS(cs->gen))
		return CS_NEXT;
	if (cs->gen >= 8 && (c[0] & INTEL_SRM_PREDICATE) && !predicate(cs))
		return CS_NEXT;
	uint32_t v = read_reg(cs, INTEL_MMIO_OFFSET(c[INTEL_SRM_REGISTER_DW]));
	uint64_t addr = intel_address(cs->gen, c, INTEL_SRM_ADDRESS_DW);
	return store(cs, addr, &v, 4);
}

/* A dword from memory into a register. */
static int mi_load_register_mem(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (n < 2 + INTEL_ADDRESS_DWORDS(cs->gen))
		return CS_NEXT;
	uint64_t addr = intel_address(cs->gen, c, INTEL_SRM_ADDRESS_DW) & ~3ull;
	uint32_t v;
	if (load_dword(cs, addr, &v))
		return -EFAULT;
	write_reg(cs, INTEL_MMIO_OFFSET(c[INTEL_SRM_REGISTER_DW]), v);
	return CS_NEXT;
}

/* A register's dword into another register. */
static int mi_load_register_reg(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (n < 3)
		return CS_NEXT;
	write_reg(cs, INTEL_MMIO_OFFSET(c[INTEL_LRR_DST_DW]), read_reg(cs, INTEL_MMIO_OFFSET(c[INTEL_LRR_SRC_DW])));
	return CS_NEXT;
}

/*
 * The ALU (gen8+; Haswell's is not emulated): each dword after DW0 is one instruction on the
 * 64-bit GPRs, SRCA, SRCB, ACCU and the flags, which live for this one command. An opcode or an
 * operand the ALU does not have is not documented to do anything sensible; here the engine
 * hangs on it (-ETIME: reset, error state), contained like any hang.
 */
struct alu {
	uint64_t srca, srcb, accu;
	bool zf, cf;
};

/* The value of a LOAD's source or a STORE's: a GPR, ACCU or a flag (all ones when set). */
__attribute__((noinline))	/* else GCC 12 sees a GPR index of 49 in code it cannot reach */
static bool alu_read(struct cs *cs, const struct alu *a, unsigned operand, uint64_t *v)
{
	if (operand < INTEL_CS_GPR_COUNT)
		*v = cs->ctx_regs->gpr[operand];
	else if (operand == INTEL_ALU_ACCU)
		*v = a->accu;
	else if (operand == INTEL_ALU_ZF)
		*v = a->zf ? ~0ull : 0;
	else if (operand == INTEL_ALU_CF)
		*v = a->cf ? ~0ull : 0;
	else
		return false;
	return true;
}

static int alu_instruction(struct cs *cs, struct alu *a, uint32_t dw)
{
	unsigned op = INTEL_ALU_OPCODE(dw), o1 = INTEL_ALU_OPERAND1(dw), o2 = INTEL_ALU_OPERAND2(dw);
	uint64_t v;
	switch (op) {
	case INTEL_ALU_NOOP:
		return 0;
	case INTEL_ALU_LOAD: case INTEL_ALU_LOADINV: case INTEL_ALU_LOAD0: case INTEL_ALU_LOAD1:
		if (o1 != INTEL_ALU_SRCA && o1 != INTEL_ALU_SRCB)
			return -ETIME;
		if (op == INTEL_ALU_LOAD0 || op == INTEL_ALU_LOAD1)
			v = 0;
		else if (!alu_read(cs, a, o2, &v))
			return -ETIME;
		if (op & 0x400)			/* the inverting forms */
			v = ~v;
		*(o1 == INTEL_ALU_SRCA ? &a->srca : &a->srcb) = v;
		return 0;
	case INTEL_ALU_ADD:
		a->accu = a->srca + a->srcb;
		a->cf = a->accu < a->srca;
		break;
	case INTEL_ALU_SUB:
		a->accu = a->srca - a->srcb;
		a->cf = a->srca < a->srcb;	/* the borrow */
		break;
	case INTEL_ALU_AND:
		a->accu = a->srca & a->srcb;
		a->cf = false;
		break;
	case INTEL_ALU_OR:
		a->accu = a->srca | a->srcb;
		a->cf = false;
		break;
	case INTEL_ALU_XOR:
		a->accu = a->srca ^ a->srcb;
		a->cf = false;
		break;
	case INTEL_ALU_STORE: case INTEL_ALU_STOREINV:
		if (o1 >= INTEL_CS_GPR_COUNT || o2 < INTEL_ALU_ACCU || !alu_read(cs, a, o2, &v))
			return -ETIME;		/* only ACCU and the flags are stored */
		cs->ctx_regs->gpr[o1] = op == INTEL_ALU_STOREINV ? ~v : v;
		return 0;
	default:
		return -ETIME;
	}
	a->zf = a->accu == 0;
	return 0;
}

static int mi_math(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (cs->gen < 7)
		return CS_NEXT;			/* no such command yet: ignored, as other unknown opcodes */
	if (cs->gen < 8)
		return -ETIME;			/* Haswell's 32-bit ALU is not emulated: a hang */
	struct alu a = { 0 };
	for (uint32_t i = 1; i < n; i++) {
		int err = alu_instruction(cs, &a, c[i]);
		if (err)
			return err;
	}
	return CS_NEXT;
}

/* MI_PREDICATE (render, gen7+): MI_PREDICATE_RESULT = combine(result, load(compare(SRC0, SRC1))). */
static int mi_predicate(struct cs *cs, const uint32_t *c, uint32_t n)
{
	struct shim_context_regs *r = cs->ctx_regs;
	bool cmp, v, old = r->predicate_result & 1;
	if (cs->gen < 7)
		return CS_NEXT;			/* no such command yet: ignored, as other unknown opcodes */
	if (cs->rq->engine != SHIM_ENGINE_RENDER)
		return -ETIME;			/* the predicate registers are the render engine's: a hang */
	switch (INTEL_PREDICATE_COMPARE(c[0])) {
	case INTEL_PREDICATE_COMPARE_TRUE: cmp = true; break;
	case INTEL_PREDICATE_COMPARE_FALSE: cmp = false; break;
	case INTEL_PREDICATE_COMPARE_SRCS_EQUAL: cmp = r->predicate_src[0] == r->predicate_src[1]; break;
	default: return -ETIME;			/* DELTAS_EQUAL: not emulated, a hang */
	}
	switch (INTEL_PREDICATE_LOAD(c[0])) {
	case INTEL_PREDICATE_LOAD_KEEP: v = old; break;
	case INTEL_PREDICATE_LOAD_LOAD: v = cmp; break;
	case INTEL_PREDICATE_LOAD_LOADINV: v = !cmp; break;
	default: return -ETIME;			/* reserved */
	}
	switch (INTEL_PREDICATE_COMBINE(c[0])) {
	case INTEL_PREDICATE_COMBINE_SET: break;
	case INTEL_PREDICATE_COMBINE_AND: v = old && v; break;
	case INTEL_PREDICATE_COMBINE_OR: v = old || v; break;
	default: v = old != v; break;
	}
	r->predicate_result = v;
	return CS_NEXT;
}

static int mi_flush_dw(struct cs *cs, const uint32_t *c, uint32_t n)
{
	enum intel_post_sync op = INTEL_POST_SYNC(c[0]);
	uint64_t addr = intel_address(cs->gen, c, INTEL_FLUSH_DW_ADDRESS_DW) & ~7ull;
	unsigned first = INTEL_FLUSH_DW_ADDRESS_DW + INTEL_ADDRESS_DWORDS(cs->gen);
	if (op == INTEL_POST_SYNC_WRITE_IMM && n > first)
		return store(cs, addr, &c[first], (n - first) * 4 > 8 ? 8 : (n - first) * 4);
	if (op == INTEL_POST_SYNC_WRITE_TIMESTAMP) {
		uint64_t t = timestamp(cs);
		return store(cs, addr, &t, 8);
	}
	return CS_NEXT;
}

static int mi_conditional_batch_buffer_end(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (!(c[0] & INTEL_COND_BBE_COMPARE_SEMAPHORE))
		return CS_NEXT;
	uint64_t addr = intel_address(cs->gen, c, INTEL_COND_BBE_ADDRESS_DW) & ~7ull;
	uint32_t mem;
	if (load_dword(cs, addr, &mem))
		return -EFAULT;
	return mem > c[INTEL_COND_BBE_DATA_DW] ? CS_NEXT : CS_END;	/* ends the batch (and its parent) */
}

/* Polls until the condition holds (or hangcheck / cancellation). */
static int mi_semaphore_wait(struct cs *cs, const uint32_t *c, uint32_t n)
{
	uint64_t addr = intel_address(cs->gen, c, INTEL_SEMAPHORE_ADDRESS_DW) & ~3ull;
	uint8_t *p = gpu_ptr(cs, addr, 4, false);
	if (!p)
		return -EFAULT;
	for (;;) {
		uint32_t mem = __atomic_load_n((uint32_t *)p, __ATOMIC_ACQUIRE);
		if (semaphore_true(INTEL_SEMAPHORE_OP(c[0]), mem, c[INTEL_SEMAPHORE_DATA_DW]))
			return CS_NEXT;
		int err = watchdog(cs);
		if (err)
			return err;
		sched_yield();
	}
}

/*
 * The MI commands that act; every other one (MI_NOOP, MI_ARB_CHECK,
 * MI_USER_INTERRUPT, MI_FLUSH, MI_STORE_DATA_INDEX into the status page
 * nobody sees, ...) has nothing to do here.
 */
static const cs_handler mi_handlers[64] = {
	[INTEL_MI_OP(MI_BATCH_BUFFER_END)] = mi_batch_buffer_end,
	[INTEL_MI_OP(MI_BATCH_BUFFER_START)] = mi_batch_buffer_start,
	[INTEL_MI_OP(MI_STORE_DATA_IMM)] = mi_store_data_imm,
	[INTEL_MI_OP(MI_LOAD_REGISTER_IMM)] = mi_load_register_imm,
	[INTEL_MI_OP(MI_STORE_REGISTER_MEM)] = mi_store_register_mem,
	[INTEL_MI_OP(MI_LOAD_REGISTER_MEM)] = mi_load_register_mem,
	[INTEL_MI_OP(MI_LOAD_REGISTER_REG)] = mi_load_register_reg,
	[INTEL_MI_OP(MI_MATH)] = mi_math,
	[INTEL_MI_OP(MI_PREDICATE)] = mi_predicate,
	[INTEL_MI_OP(MI_FLUSH_DW)] = mi_flush_dw,
	[INTEL_MI_OP(MI_CONDITIONAL_BATCH_BUFFER_END)] = mi_conditional_batch_buffer_end,
	[INTEL_MI_OP(MI_SEMAPHORE_WAIT)] = mi_semaphore_wait,
};

/* ---- The clients ------------------------------------------------------------ */

static int run_mi(struct cs *cs, const uint32_t *c, uint32_t n)
{
	cs_handler run = mi_handlers[INTEL_MI_OPCODE(c[0])];
	return run ? run(cs, c, n) : CS_NEXT;
}

/* 2D: the blitter core; what it cannot execute is skipped, a GPU fault stops the batch. */
static const struct shim_request_object *object_at(const struct shim_request *rq, uintptr_t a);

static int run_2d(struct cs *cs, const uint32_t *c, uint32_t n)
{
	cs->fault_addr = 0;
	uint64_t ms = shim_engine_heartbeat_ms(cs->rq->dev, cs->rq->engine);
	cs->blt.deadline_ns = ms ? cs->start + ms * 1000000ull : 0;	/* hangcheck inside one command */
	int err = shim_blt_execute(&cs->blt, &cs->vm, c, n);
	if (err == -ETIME)
		return -ETIME;
	if (err == -EFAULT) {
		/* Not a translation that failed: a page of a surface that could not be had. */
		const struct shim_request_object *o;
		uintptr_t host = shim_fault_last().addr;
		if (!cs->fault_addr && (o = object_at(cs->rq, host)))
			cs->fault_addr = o->start + (host - (uintptr_t)o->host);
		return -EFAULT;
	}
	if (err)
		cs->skipped++;
	return CS_NEXT;
}

/* 3D and media: PIPE_CONTROL's post-sync write; the rest is skipped. */
static int run_gfx(struct cs *cs, const uint32_t *c, uint32_t n)
{
	if (INTEL_IS_PIPE_CONTROL(c[0]))
		return pipe_control(cs, c, n) ? -EFAULT : CS_NEXT;
	cs->skipped++;
	return CS_NEXT;
}

/* By DW0's client; the others are garbage, on which the engine hangs (intel_cmd_length() is 0). */
static const cs_handler clients[8] = {
	[INTEL_CLIENT_MI] = run_mi,
	[INTEL_CLIENT_2D] = run_2d,
	[INTEL_CLIENT_GFX] = run_gfx,
};

/* The command at cs->ip: *c and the bytes readable from it, or -EFAULT. */
static int fetch(struct cs *cs, const uint32_t **c, uint64_t *bytes)
{
	const struct shim_request *rq = cs->rq;
	struct shim_gpu_range r;
	if (rq->shadow) {		/* a parsed batch runs its copy, and nothing else */
		if (cs->ip - rq->batch_addr >= rq->batch_len) {
			cs->fault_addr = cs->ip;	/* the parser lets no jump out: never the pages */
			return -EFAULT;
		}
		r.host = rq->shadow + (cs->ip - rq->batch_addr);
		r.bytes = rq->batch_len - (cs->ip - rq->batch_addr);
	} else if (translate(cs, cs->ip, 4, false, &r)) {
		return -EFAULT;
	}
	*c = (const uint32_t *)r.host;
	*bytes = r.bytes;
	return 0;
}

/* The decoder's name of the command dw0 on gen (from hwdefs), or NULL if it has none. */
static const char *cmd_name(unsigned gen, uint32_t dw0)
{
	const struct intel_cmd_info *ci = NULL;
	switch (INTEL_CLIENT(dw0)) {
	case INTEL_CLIENT_MI:
		ci = intel_cmd_known(intel_mi_info(INTEL_MI_OPCODE(dw0)), gen);
		break;
	case INTEL_CLIENT_2D:
		ci = intel_cmd_known(intel_2d_info(INTEL_2D_OPCODE(dw0)), gen);
		break;
	case INTEL_CLIENT_GFX:
		if (gen >= 4)
			return intel_gfx_name(gen, dw0);
		if (INTEL_GFX_LEGACY_OPCODE(dw0) == INTEL_GFX_LEGACY_3DPRIMITIVE)
			return "3DPRIMITIVE";
		return intel_gfx_legacy_name(gen, dw0);
	}
	return ci ? ci->name : NULL;
}

/* I915_SHIM_DEBUG=cmd: one line per command the engine ran or skipped. */
static void trace_cmd(const struct cs *cs, uint64_t at, const uint32_t *c, uint32_t n, bool skipped)
{
	const char *name = cmd_name(cs->gen, c[0]);
	char unknown[32];
	if (!name) {
		unsigned client = INTEL_CLIENT(c[0]);
		unsigned op = client == INTEL_CLIENT_MI ? INTEL_MI_OPCODE(c[0])
			    : client == INTEL_CLIENT_2D ? INTEL_2D_OPCODE(c[0]) : INTEL_GFX_OPCODE(c[0]) & 0x1fff;
		snprintf(unknown, sizeof(unknown), "client %u opcode %#x", client, op);
		name = unknown;
	}
	/* The operands too (the first 16): a batch is read from the trace, not from memory. */
	char ops[16 * 9 + 8] = "";
	size_t len = 0;
	for (uint32_t i = 1; i < n && i <= 16; i++)
		len += (size_t)snprintf(ops + len, sizeof(ops) - len, "%s%08x", i == 1 ? ": " : " ", c[i]);
	if (n > 17)
		snprintf(ops + len, sizeof(ops) - len, " ...");
	shim_log("i915-shim[%d]: engine %u %s0x%llx: %08x %s, %u dword%s%s%s\n", getpid(), cs->rq->engine,
		 cs->depth ? "2nd-level " : "", (unsigned long long)at, c[0], name, n, n == 1 ? "" : "s",
		 skipped ? " (skipped)" : "", ops);
}

/* One run of the command loop, under the fault guard: what it got to and how it ended. */
struct loop {
	struct cs *cs;
	uint64_t head;		/* the command being run */
	uint32_t header;
	int ret;
};

static void run_loop(void *arg)
{
	struct loop *l = arg;
	struct cs *cs = l->cs;
	unsigned long steps = 0;
	int ret;

	for (;;) {
		if ((++steps & 1023) == 0) {
			if ((ret = watchdog(cs)))
				break;
			sched_yield();	/* a spinning batch must leave the CPU to its writer */
		}
		if (cs->depth == 0 && cs->ip >= cs->end) {
			/* past the end of the batch: the CS keeps fetching zeros (MI_NOOP) into a hang */
			ret = -ETIME;
			break;
		}
		const uint32_t *c;
		uint64_t bytes;
		l->head = cs->ip;
		if ((ret = fetch(cs, &c, &bytes)))
			break;
		l->header = c[0];
		uint32_t n = intel_cmd_length(cs->gen, l->header);
		if (!n) {
			ret = -ETIME;	/* garbage in the command stream: the engine hangs */
			break;
		}
		if ((uint64_t)n * 4 > bytes) {
			ret = -EFAULT;	/* the command runs off the end of its object */
			break;
		}
		cs->ip += (uint64_t)n * 4;
		unsigned skipped = cs->skipped;
		ret = clients[INTEL_CLIENT(l->header)](cs, c, n);
		if (shim_debug & SHIM_DEBUG_CMD)
			trace_cmd(cs, l->head, c, n, cs->skipped != skipped);
		if (ret)
			break;
	}
	l->ret = ret;
}

/* The request's object of host address a (its pages, or a userptr range), or NULL. */
static const struct shim_request_object *object_at(const struct shim_request *rq, uintptr_t a)
{
	for (uint32_t i = 0; i < rq->nobjs; i++) {
		const struct shim_request_object *o = &rq->objs[i];
		if (o->host && a - (uintptr_t)o->host < o->size)
			return o;
	}
	return NULL;
}

/* A fault on an object's memory (a page a full tmpfs cannot give, a userptr range the
 * program unmapped) is the GPU's page fault; any other fault is not the batch's doing. */
static bool loop_expects(void *arg, uintptr_t addr)
{
	const struct loop *l = arg;
	return object_at(l->cs->rq, addr) != NULL;
}

int shim_batch_run(struct shim_request *rq, struct shim_engine_state *state, struct shim_batch_fault *fault)
{
	struct cs cs = { .rq = rq, .ctx = shim_ptr(rq->ctx), .gen = rq->dev->model->gen };
	cs.start = shim_now_ns();
	cs.start_ticks = timestamp(&cs);
	cs.ctx_regs = &state->regs;
	cs.mmio_base = intel_engine_mmio_base(cs.gen, rq->engine);
	shim_blt_state_init(&cs.blt, cs.gen);
	cs.blt.bcs_swctrl = state->bcs_swctrl;
	cs.blt.swizzle_x = (uint8_t)shim_i915_swizzle_for(rq->dev->model, I915_TILING_X);
	cs.blt.swizzle_y = (uint8_t)shim_i915_swizzle_for(rq->dev->model, I915_TILING_Y);
	cs.vm = (struct shim_gpu_vm){ .ctx = &cs, .translate = translate };
	cs.ip = rq->batch_addr;
	cs.end = rq->batch_len ? rq->batch_addr + rq->batch_len : UINT64_MAX;

	struct loop l = { .cs = &cs, .head = cs.ip };
	struct shim_fault f;
	int ret;
	if (shim_fault_call(run_loop, &l, loop_expects, &f)) {
		const struct shim_request_object *o = object_at(rq, f.addr);
		ret = -EFAULT;		/* the object's memory could not be reached: a GPU page fault */
		cs.fault_addr = o ? o->start + (f.addr - (uintptr_t)o->host) : 0;
	} else {
		ret = l.ret;
	}
	if (ret == CS_END)
		ret = 0;
	free(cs.sink);
	if (cs.gen >= 8)		/* the context's clock stops when its batch does */
		state->regs.ctx_timestamp += (uint32_t)(timestamp(&cs) - cs.start_ticks);
	state->bcs_swctrl = cs.blt.bcs_swctrl;
	*fault = (struct shim_batch_fault){ .head = l.head, .header = l.header, .address = cs.fault_addr };
	if (shim_debug & SHIM_DEBUG_EXEC)
		shim_log("i915-shim[%d]: batch 0x%llx on engine %u: %s, %u commands skipped\n", getpid(),
			 (unsigned long long)rq->batch_addr, rq->engine,
			 ret == -EFAULT ? "GPU fault" : ret == -ETIME ? "hang" : ret == -ECANCELED ? "cancelled" : "done", cs.skipped);
	return ret;
}
