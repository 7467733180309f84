/*
 * The command streamer: runs one request's batch, MI commands here and 2D
 * commands through the blitter core (hw/blt.h). 3D and media commands are
 * length-checked and skipped (counted in the trace). GPU addresses resolve
 * only to the request's own objects; anything else is a GPU page fault,
 * reported before the faulting command writes anything.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hw/blt.h"
#include "hwdefs/intel_commands.h"
#include "i915/i915_gem_context.h"
#include "i915/gt/intel_engine.h"
#include "drm/dma_fence.h"
#include "i915/gt/intel_reset.h"
#include "drm/drm_trace.h"

struct cs {
	struct shim_request *rq;
	unsigned gen;
	uint64_t deadline;
	struct shim_blt_state blt;
	uint32_t regs[64];		/* the few registers batches load and store */
	uint32_t reg_addr[64];
	unsigned nregs;
	unsigned skipped;
	uint64_t fault_addr;		/* the last address that did not translate */
};

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
			(void)write;
			return 0;
		}
	}
	cs->fault_addr = addr;
	return -EFAULT;
}

static uint8_t *gpu_ptr(struct cs *cs, uint64_t addr, uint64_t len)
{
	struct shim_gpu_range r;
	return translate(cs, addr, len, true, &r) ? NULL : r.host;
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

static uint64_t timestamp(struct cs *cs)
{
	uint64_t hz = cs->rq->dev->model->cs_timestamp_hz ? cs->rq->dev->model->cs_timestamp_hz : 12500000;
	return (uint64_t)((unsigned __int128)shim_now_ns() * hz / 1000000000u);
}

static uint32_t read_reg(struct cs *cs, uint32_t addr)
{
	if ((addr & 0xfff) == INTEL_RING_TIMESTAMP)	/* of any engine */
		return (uint32_t)timestamp(cs);
	if ((addr & 0xfff) == INTEL_RING_TIMESTAMP_UDW)
		return (uint32_t)(timestamp(cs) >> 32);
	uint32_t *r = reg(cs, addr);
	return r ? *r : 0;
}

static void write_reg(struct cs *cs, uint32_t addr, uint32_t value)
{
	if (addr == INTEL_BCS_SWCTRL) {		/* masked: bits 31:16 enable bits 15:0 */
		uint32_t mask = value >> 16;
		cs->blt.bcs_swctrl = (cs->blt.bcs_swctrl & ~mask) | (value & mask & 0xffff);
		return;
	}
	uint32_t *r = reg(cs, addr);
	if (r)
		*r = value;
}

static int store(struct cs *cs, uint64_t addr, const void *data, unsigned len)
{
	uint8_t *p = gpu_ptr(cs, addr & ~3ull, len);
	if (!p)
		return -EFAULT;
	memcpy(p, data, len);
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

#define MAX_DEPTH 2

int shim_batch_run(struct shim_request *rq, uint32_t *bcs_swctrl, struct shim_batch_fault *fault)
{
	struct cs cs = { .rq = rq, .gen = rq->dev->model->gen };
	const struct shim_context *ctx = shim_ptr(rq->ctx);
	const char *hc = getenv("I915_SHIM_HANGCHECK_MS");
	uint64_t hang_ms = hc && *hc ? strtoull(hc, NULL, 0) : 2000;
	cs.deadline = shim_now_ns() + hang_ms * 1000000ull;
	shim_blt_state_init(&cs.blt, cs.gen);
	cs.blt.bcs_swctrl = *bcs_swctrl;
	struct shim_gpu_vm vm = { .ctx = &cs, .translate = translate };

	uint64_t ip = rq->batch_addr;
	uint64_t end = rq->batch_len ? rq->batch_addr + rq->batch_len : UINT64_MAX;
	uint64_t ret_stack[MAX_DEPTH] = { 0 };
	uint64_t head = ip;
	uint32_t header = 0;
	unsigned depth = 0;
	unsigned long steps = 0;
	int ret = 0;

	for (;;) {
		if ((++steps & 1023) == 0) {
			if (shim_now_ns() > cs.deadline) {
				ret = -ETIME;	/* hangcheck */
				break;
			}
			if (__atomic_load_n(&ctx->killed, __ATOMIC_RELAXED) || shim_gt_wedged(rq->dev)) {
				ret = -ECANCELED;	/* its context was closed, or the GPU wedged */
				break;
			}
			sched_yield();	/* a spinning batch must leave the CPU to its writer */
		}
		if (depth == 0 && ip >= end) {
			/* past the end of the batch: the CS keeps fetching zeros (MI_NOOP) into a hang */
			ret = -ETIME;
			break;
		}
		struct shim_gpu_range r;
		head = ip;
		if (rq->shadow && ip - rq->batch_addr < rq->batch_len) {	/* a parsed batch runs its copy */
			r.host = rq->shadow + (ip - rq->batch_addr);
			r.bytes = rq->batch_len - (ip - rq->batch_addr);
		} else if (translate(&cs, ip, 4, false, &r)) {
			ret = -EFAULT;
			break;
		}
		const uint32_t *c = (const uint32_t *)r.host;
		uint32_t dw = c[0];
		header = dw;
		uint32_t client = INTEL_CLIENT(dw), n = intel_cmd_length(cs.gen, dw);

		if (!n) {
			ret = -ETIME;	/* garbage in the command stream: the engine hangs */
			break;
		}
		if ((uint64_t)n * 4 > r.bytes) {
			ret = -EFAULT;	/* the command runs off the end of its object */
			break;
		}
		ip += (uint64_t)n * 4;

		if (client == INTEL_CLIENT_2D) {
			int err = shim_blt_execute(&cs.blt, &vm, c, n);
			if (err == -EFAULT) {
				ret = -EFAULT;
				break;
			}
			if (err)
				cs.skipped++;
			continue;
		}
		if (client == INTEL_CLIENT_GFX) {
			if (INTEL_IS_PIPE_CONTROL(dw)) {
				if (pipe_control(&cs, c, n)) {
					ret = -EFAULT;
					break;
				}
			} else {
				cs.skipped++;
			}
			continue;
		}

		switch (INTEL_MI_OPCODE(dw)) {
		case INTEL_MI_OP(MI_BATCH_BUFFER_END):
			if (depth) {
				ip = ret_stack[--depth];
				continue;
			}
			goto done;
		case INTEL_MI_OP(MI_BATCH_BUFFER_START): {
			uint64_t target = intel_address(cs.gen, c, 1) & ~3ull;
			if ((dw & INTEL_BB_START_2ND_LEVEL) && cs.gen >= 7 && depth < MAX_DEPTH - 1)
				ret_stack[depth++] = ip;	/* second level: a call */
			ip = target;
			end = UINT64_MAX;			/* chained: runs to its own end */
			continue;
		}
		case INTEL_MI_OP(MI_STORE_DATA_IMM): {
			unsigned first = intel_sdi_data_dw(cs.gen);
			uint64_t addr = intel_address(cs.gen, c, intel_sdi_address_dw(cs.gen));
			if (n > first && store(&cs, addr, &c[first], (n - first) * 4)) {
				ret = -EFAULT;
				goto done;
			}
			continue;
		}
		case INTEL_MI_OP(MI_STORE_DATA_INDEX):	/* the status page, not user-visible */
			continue;
		case INTEL_MI_OP(MI_LOAD_REGISTER_IMM):
			for (uint32_t i = 1; i + 1 < n; i += 2)
				write_reg(&cs, INTEL_MMIO_OFFSET(c[i]), c[i + 1]);
			continue;
		case INTEL_MI_OP(MI_STORE_REGISTER_MEM): {
			uint32_t v = read_reg(&cs, INTEL_MMIO_OFFSET(c[INTEL_SRM_REGISTER_DW]));
			uint64_t addr = intel_address(cs.gen, c, INTEL_SRM_ADDRESS_DW);
			if (n >= 3 && store(&cs, addr, &v, 4)) {
				ret = -EFAULT;
				goto done;
			}
			continue;
		}
		case INTEL_MI_OP(MI_FLUSH_DW): {
			enum intel_post_sync op = INTEL_POST_SYNC(dw);
			uint64_t addr = intel_address(cs.gen, c, INTEL_FLUSH_DW_ADDRESS_DW) & ~7ull;
			unsigned first = INTEL_FLUSH_DW_ADDRESS_DW + INTEL_ADDRESS_DWORDS(cs.gen);
			int err = 0;
			if (op == INTEL_POST_SYNC_WRITE_IMM && n > first)
				err = store(&cs, addr, &c[first], (n - first) * 4 > 8 ? 8 : (n - first) * 4);
			else if (op == INTEL_POST_SYNC_WRITE_TIMESTAMP) {
				uint64_t t = timestamp(&cs);
				err = store(&cs, addr, &t, 8);
			}
			if (err) {
				ret = -EFAULT;
				goto done;
			}
			continue;
		}
		case INTEL_MI_OP(MI_CONDITIONAL_BATCH_BUFFER_END): {
			if (!(dw & INTEL_COND_BBE_COMPARE_SEMAPHORE))
				continue;
			uint64_t addr = intel_address(cs.gen, c, INTEL_COND_BBE_ADDRESS_DW) & ~7ull;
			uint8_t *p = gpu_ptr(&cs, addr, 4);
			if (!p) {
				ret = -EFAULT;
				goto done;
			}
			uint32_t mem;
			memcpy(&mem, p, 4);
			if (!(mem > c[INTEL_COND_BBE_DATA_DW]))
				goto done;	/* ends the batch (and its parent) */
			continue;
		}
		case INTEL_MI_OP(MI_SEMAPHORE_WAIT): {	/* (poll) */
			uint64_t addr = intel_address(cs.gen, c, INTEL_SEMAPHORE_ADDRESS_DW) & ~3ull;
			uint8_t *p = gpu_ptr(&cs, addr, 4);
			if (!p) {
				ret = -EFAULT;
				goto done;
			}
			for (;;) {
				uint32_t mem = __atomic_load_n((uint32_t *)p, __ATOMIC_ACQUIRE);
				if (semaphore_true(INTEL_SEMAPHORE_OP(dw), mem, c[INTEL_SEMAPHORE_DATA_DW]))
					break;
				if (shim_now_ns() > cs.deadline) {
					ret = -ETIME;
					goto done;
				}
				if (__atomic_load_n(&ctx->killed, __ATOMIC_RELAXED) || shim_gt_wedged(rq->dev)) {
					ret = -ECANCELED;
					goto done;
				}
				sched_yield();
			}
			continue;
		}
		default:	/* NOOP, ARB_CHECK, USER_INTERRUPT, FLUSH and the rest: nothing to do */
			continue;
		}
	}
done:
	*bcs_swctrl = cs.blt.bcs_swctrl;
	*fault = (struct shim_batch_fault){ .head = head, .header = header, .address = cs.fault_addr };
	if (shim_debug & SHIM_DEBUG_EXEC)
		shim_log("i915-shim[%d]: batch 0x%llx on engine %u: %s, %u commands skipped\n", getpid(),
			 (unsigned long long)rq->batch_addr, rq->engine,
			 ret == -EFAULT ? "GPU fault" : ret == -ETIME ? "hang" : ret == -ECANCELED ? "cancelled" : "done", cs.skipped);
	return ret;
}
