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
#include "i915/i915_gem_context.h"
#include "i915/gt/intel_engine.h"
#include "drm/dma_fence.h"
#include "i915/gt/intel_reset.h"
#include "i915/gt/sysfs_engines.h"
#include "base/log.h"

#define MI_OPCODE(dw) (((dw) >> 23) & 0x3f)

struct cs {
	struct shim_request *rq;
	unsigned gen;
	uint64_t start;		/* when the batch started: hangcheck counts from here */
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

static uint64_t addr_at(struct cs *cs, const uint32_t *cmd, unsigned i)
{
	uint64_t a = cmd[i];
	if (cs->gen >= 8)
		a |= (uint64_t)(cmd[i + 1] & 0xffff) << 32;
	return a;
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
	if ((addr & 0xfff) == 0x358)		/* RING_TIMESTAMP of any engine */
		return (uint32_t)timestamp(cs);
	if ((addr & 0xfff) == 0x35c)
		return (uint32_t)(timestamp(cs) >> 32);
	uint32_t *r = reg(cs, addr);
	return r ? *r : 0;
}

static void write_reg(struct cs *cs, uint32_t addr, uint32_t value)
{
	if (addr == SHIM_BCS_SWCTRL) {		/* masked: bits 31:16 enable bits 15:0 */
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

/* The length in dwords of the MI command dw, 0 if unknown. */
static uint32_t mi_length(unsigned gen, uint32_t dw)
{
	unsigned op = MI_OPCODE(dw);
	if (op < 0x10)
		return 1;
	switch (op) {
	case 0x20:	/* STORE_DATA_IMM: 9:0 on gen8+ */
		return (dw & (gen >= 8 ? 0x3ff : 0x3f)) + 2;
	case 0x22: case 0x24: case 0x26: case 0x31: case 0x36: case 0x1c: case 0x21: case 0x1a:
	case 0x23: case 0x29: case 0x2e: case 0x28:
		return (dw & 0xff) + 2;
	default:
		return (dw & 0x3f) + 2;
	}
}

/* Length of a 3D/media command (client 3): bits 7:0 (15:0 for a few). */
static uint32_t gfx_length(uint32_t dw)
{
	unsigned subtype = (dw >> 27) & 3, opcode = (dw >> 24) & 7;
	if (subtype == 1 && opcode == 1)	/* pipeline-select style single dwords */
		return 1;
	return (dw & 0xff) + 2;
}

static int pipe_control(struct cs *cs, const uint32_t *c, uint32_t n)
{
	unsigned op;
	uint64_t addr;
	uint64_t data = 0;
	if (cs->gen >= 8) {
		if (n < 6)
			return 0;
		op = (c[1] >> 14) & 3;
		addr = addr_at(cs, c, 2) & ~7ull;
		data = c[4] | (uint64_t)c[5] << 32;
	} else if (cs->gen >= 6) {
		if (n < 4)
			return 0;
		op = (c[1] >> 14) & 3;
		addr = c[2] & ~7u;
		data = c[3] | (n > 4 ? (uint64_t)c[4] << 32 : 0);
	} else {
		if (n < 4)
			return 0;
		op = (c[0] >> 14) & 3;
		addr = c[1] & ~7u;
		data = c[2] | (uint64_t)c[3] << 32;
	}
	if (op == 1)
		return store(cs, addr, &data, cs->gen >= 8 ? 8 : (n > 4 ? 8 : 4));
	if (op == 3) {
		uint64_t t = timestamp(cs);
		return store(cs, addr, &t, 8);
	}
	if (op == 2) {
		uint64_t zero = 0;
		return store(cs, addr, &zero, 8);
	}
	return 0;
}

static bool semaphore_true(unsigned op, uint32_t mem, uint32_t data)
{
	switch (op) {
	case 0: return mem > data;
	case 1: return mem >= data;
	case 2: return mem < data;
	case 3: return mem <= data;
	case 4: return mem == data;
	case 5: return mem != data;
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

#define MAX_DEPTH 2

int shim_batch_run(struct shim_request *rq, uint32_t *bcs_swctrl, struct shim_batch_fault *fault)
{
	struct cs cs = { .rq = rq, .gen = rq->dev->model->gen };
	const struct shim_context *ctx = shim_ptr(rq->ctx);
	cs.start = shim_now_ns();
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
			if (hung(&cs)) {
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
		uint32_t client = dw >> 29, n;

		if (client == 0) {
			n = mi_length(cs.gen, dw);
		} else if (client == 2) {
			n = shim_blt_cmd_length(cs.gen, dw);
			if (!n)
				n = (dw & 0xff) + 2;
		} else if (client == 3) {
			n = gfx_length(dw);
		} else {
			ret = -ETIME;	/* garbage in the command stream: the engine hangs */
			break;
		}
		if ((uint64_t)n * 4 > r.bytes) {
			ret = -EFAULT;	/* the command runs off the end of its object */
			break;
		}
		ip += (uint64_t)n * 4;

		if (client == 2) {
			int err = shim_blt_execute(&cs.blt, &vm, c, n);
			if (err == -EFAULT) {
				ret = -EFAULT;
				break;
			}
			if (err)
				cs.skipped++;
			continue;
		}
		if (client == 3) {
			if (dw >> 16 == 0x7a00) {	/* PIPE_CONTROL */
				if (pipe_control(&cs, c, n)) {
					ret = -EFAULT;
					break;
				}
			} else {
				cs.skipped++;
			}
			continue;
		}

		switch (MI_OPCODE(dw)) {
		case 0x0a:	/* MI_BATCH_BUFFER_END */
			if (depth) {
				ip = ret_stack[--depth];
				continue;
			}
			goto done;
		case 0x31: {	/* MI_BATCH_BUFFER_START */
			uint64_t target = cs.gen >= 8 ? addr_at(&cs, c, 1) : c[1];
			target &= cs.gen >= 8 ? ~3ull : ~3u;
			if ((dw & (1u << 22)) && cs.gen >= 7 && depth < MAX_DEPTH - 1)
				ret_stack[depth++] = ip;	/* second level: a call */
			ip = target;
			end = UINT64_MAX;			/* chained: runs to its own end */
			continue;
		}
		case 0x20: {	/* MI_STORE_DATA_IMM */
			unsigned first = cs.gen >= 8 ? 3 : cs.gen >= 4 ? 3 : 2;
			uint64_t addr = cs.gen >= 8 ? addr_at(&cs, c, 1) : cs.gen >= 4 ? c[2] : c[1];
			if (n > first && store(&cs, addr, &c[first], (n - first) * 4)) {
				ret = -EFAULT;
				goto done;
			}
			continue;
		}
		case 0x21:	/* MI_STORE_DATA_INDEX: the status page, not user-visible */
			continue;
		case 0x22:	/* MI_LOAD_REGISTER_IMM */
			for (uint32_t i = 1; i + 1 < n; i += 2)
				write_reg(&cs, c[i] & 0x7ffffc, c[i + 1]);
			continue;
		case 0x24: {	/* MI_STORE_REGISTER_MEM */
			uint32_t v = read_reg(&cs, c[1] & 0x7ffffc);
			uint64_t addr = cs.gen >= 8 ? addr_at(&cs, c, 2) : c[2];
			if (n >= 3 && store(&cs, addr, &v, 4)) {
				ret = -EFAULT;
				goto done;
			}
			continue;
		}
		case 0x26: {	/* MI_FLUSH_DW */
			unsigned op = (dw >> 14) & 3;
			uint64_t addr = (cs.gen >= 8 ? addr_at(&cs, c, 1) : c[1]) & ~7ull;
			unsigned first = cs.gen >= 8 ? 3 : 2;
			int err = 0;
			if (op == 1 && n > first)
				err = store(&cs, addr, &c[first], (n - first) * 4 > 8 ? 8 : (n - first) * 4);
			else if (op == 3) {
				uint64_t t = timestamp(&cs);
				err = store(&cs, addr, &t, 8);
			}
			if (err) {
				ret = -EFAULT;
				goto done;
			}
			continue;
		}
		case 0x36: {	/* MI_CONDITIONAL_BATCH_BUFFER_END */
			if (!(dw & (1u << 21)))
				continue;
			uint64_t addr = (cs.gen >= 8 ? addr_at(&cs, c, 2) : c[2]) & ~7ull;
			uint8_t *p = gpu_ptr(&cs, addr, 4);
			if (!p) {
				ret = -EFAULT;
				goto done;
			}
			uint32_t mem;
			memcpy(&mem, p, 4);
			if (!(mem > c[1]))
				goto done;	/* ends the batch (and its parent) */
			continue;
		}
		case 0x1c: {	/* MI_SEMAPHORE_WAIT (poll) */
			uint64_t addr = addr_at(&cs, c, 2) & ~3ull;
			uint8_t *p = gpu_ptr(&cs, addr, 4);
			if (!p) {
				ret = -EFAULT;
				goto done;
			}
			for (;;) {
				uint32_t mem = __atomic_load_n((uint32_t *)p, __ATOMIC_ACQUIRE);
				if (semaphore_true((dw >> 12) & 7, mem, c[1]))
					break;
				if (hung(&cs)) {
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
