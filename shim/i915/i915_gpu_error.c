/* SPDX-License-Identifier: MIT */
/*
 * The GPU error state (i915_gpu_error.c). When i915 resets work — a hang the
 * heartbeat caught, a GPU page fault, or a reset a program asked for through
 * debugfs i915_wedged — it captures what the GPU was doing and shows it as
 * text at /sys/class/drm/card0/error and at debugfs dri/N/i915_error_state,
 * keeping the first capture until someone writes to either file.
 *
 * The text follows Linux 6.1's layout, so that tools reading it
 * (intel_error_decode) find what they look for: the "GPU HANG: ecode" line,
 * the header (Kernel, Time, PCI ID, Platform...), the GT registers, then per
 * engine with a captured request its "<engine> command stream:" registers
 * and its objects, each a "<engine> --- <name> = 0x<hi> <lo>" line and one
 * line of ascii85 words, zlib-deflated first (":") when built with zlib as
 * Debian's kernel (CONFIG_DRM_I915_COMPRESS_ERROR) does, else raw ("~").
 * The objects are the batch the engine ran (its whole object), the objects
 * the request flagged EXEC_OBJECT_CAPTURE ("user"), and a ring:
 * the shim has no ring, so it dumps the one page i915 would have written for
 * the request (MI_BATCH_BUFFER_START of the batch, the breadcrumb), with
 * HEAD just past the batch start, where the engine is while in the batch.
 * A context with NO_ERROR_CAPTURE set is left out (i915 drops the engine
 * whose request belongs to one; the capture itself is still stored).
 *
 * State: the three files of the instance tree are the error state; nothing
 * of it lives in shared memory. A capture is written by the process whose
 * engine ran the request (or, for i915_wedged, by the writer), under the
 * device lock. The sysfs file holding a report means "captured": a later
 * capture leaves it. A program's write is seen when it closes the file (as
 * i915_wedged's, i915_driver.c sends the close here): a file that no longer
 * holds a report was written, and all three become empty again — sysfs
 * "No error state collected", debugfs nothing, as 6.1 reads them.
 * Only failure paths come here: the exec fast path never does.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "base/fault_guard.h"
#include "base/real.h"
#include "drm/dma_fence.h"
#include "i915/gt/intel_engine.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gpu_error.h"

extern char *program_invocation_short_name;

#define REPORT_MAGIC "GPU HANG: "
#define SYSFS_ERROR "/sys/devices/pci0000:00/0000:00:02.0/drm/card0/error"
#define SYSFS_EMPTY "No error state collected\n"

static const char *const engine_names[4] = { "rcs0", "bcs0", "vcs0", "vecs0" };
static const char *const debugfs_files[2] = {
	"/sys/kernel/debug/dri/0/i915_error_state", "/sys/kernel/debug/dri/128/i915_error_state",
};

/* Where the emulated engine keeps what i915 would have in the GGTT: per engine, a status
 * page and a one-page ring. Only the error state shows these addresses. */
#define GGTT_ENGINE_BASE 0x00100000u
#define GGTT_ENGINE_STRIDE 0x00010000u
#define RING_SIZE 4096u

/* A growing text: the report is built in memory and written in one go. */
struct text {
	char *buf;
	size_t len, cap;
	bool failed;
};

static void reserve(struct text *t, size_t more)
{
	if (t->failed || t->len + more + 1 <= t->cap)
		return;
	size_t cap = t->cap ? t->cap : 16384;
	while (cap < t->len + more + 1)
		cap *= 2;
	char *p = realloc(t->buf, cap);
	if (!p) {
		t->failed = true;
		return;
	}
	t->buf = p;
	t->cap = cap;
}

__attribute__((format(printf, 2, 3))) static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	reserve(t, (size_t)n);
	if (t->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

/* Words as i915 prints them: each little-endian dword as five ascii85 digits, or "z" for 0. */
static void put_ascii85(struct text *t, const uint8_t *bytes, size_t len)
{
	reserve(t, (len + 3) / 4 * 5 + 2);
	if (t->failed)
		return;
	for (size_t i = 0; i < len; i += 4) {
		uint32_t w = 0;
		memcpy(&w, bytes + i, len - i < 4 ? len - i : 4);
		if (!w) {
			t->buf[t->len++] = 'z';
			continue;
		}
		for (int k = 4; k >= 0; k--) {
			t->buf[t->len + (size_t)k] = (char)('!' + w % 85);
			w /= 85;
		}
		t->len += 5;
	}
	t->buf[t->len] = 0;
}

/* One captured object: its line, then its bytes (deflated when we can, as i915 does). */
static void put_object(struct text *t, unsigned engine, const char *name, uint64_t gtt, const uint8_t *bytes,
		       size_t len)
{
	put(t, "%s --- %s = 0x%08x %08x\n", engine_names[engine & 3], name, (unsigned)(gtt >> 32), (unsigned)gtt);
#ifdef HAVE_ZLIB
	uLongf out_len = compressBound((uLong)len);
	uint8_t *out = malloc(out_len);
	if (out && compress2(out, &out_len, bytes, (uLong)len, Z_DEFAULT_COMPRESSION) == Z_OK) {
		put(t, ":");
		put_ascii85(t, out, out_len);
		put(t, "\n");
		free(out);
		return;
	}
	free(out);
#endif
	put(t, "~");
	put_ascii85(t, bytes, len);
	put(t, "\n");
}

/* What the engine was doing when the capture was taken. */
struct engine_capture {
	const struct shim_request *rq;
	uint64_t head;			/* ACTHD: the command it was on */
	uint32_t header;		/* IPEHR: that command's first dword */
	uint64_t fault;			/* the address that faulted, or 0 */
	bool hung;
};

static const struct shim_request_object *batch_object(const struct shim_request *rq)
{
	for (uint32_t i = 0; i < rq->nobjs; i++)
		if (rq->batch_addr >= rq->objs[i].start && rq->batch_addr - rq->objs[i].start < rq->objs[i].size)
			return &rq->objs[i];
	return NULL;
}

/*
 * NOPID (gen11+): the id of the last MI_NOOP with its identification bit (22) the engine
 * went past, as the hardware keeps it. Found by reading the batch up to the head.
 */
static uint32_t last_nop_id(const struct shim_request_object *o, uint64_t head)
{
	uint32_t id = 0;
	if (!o || !o->host || head < o->start)
		return 0;
	uint64_t end = head - o->start;
	if (end > o->size)
		end = o->size;
	for (uint64_t off = 0; off + 4 <= end; off += 4) {
		uint32_t w;
		memcpy(&w, o->host + off, 4);
		if ((w >> 23) == 0 && (w & (1u << 22)))
			id = w & 0x3fffff;
	}
	return id;
}

static void put_engine(struct text *t, struct shim_device *dev, const struct engine_capture *c)
{
	const struct shim_request *rq = c->rq;
	const struct shim_context *ctx = shim_ptr(rq->ctx);
	const struct shim_fence *fence = shim_ptr(rq->fence);	/* its timeline and seqno */
	const unsigned gen = dev->model->gen, e = rq->engine & 3;
	const struct shim_request_object *batch = batch_object(rq);
	const uint32_t ring = GGTT_ENGINE_BASE + e * GGTT_ENGINE_STRIDE + 4096, hws = ring - 4096;
	const uint32_t bb_start_len = gen >= 8 ? 3 : 2;
	/* The ring as i915 fills it for one request: on gen8+ the batch start between an
	 * arbitration point and its end (gen8_emit_bb_start), on older engines the batch start
	 * alone; then the breadcrumb (a store of the seqno and the interrupt). */
	uint32_t words[RING_SIZE / 4] = { 0 }, n = 0;
	const uint32_t rq_head = n * 4;
	if (gen >= 8)
		words[n++] = 0x08u << 23 | 1;				/* MI_ARB_ON_OFF | enable */
	words[n++] = 0x31u << 23 | (gen >= 8 ? 1u << 8 : 0) | (bb_start_len - 2);	/* MI_BATCH_BUFFER_START */
	words[n++] = (uint32_t)rq->batch_addr;
	if (gen >= 8)
		words[n++] = (uint32_t)(rq->batch_addr >> 32);
	const uint32_t head = n * 4;					/* the engine is in the batch */
	if (gen >= 8) {
		words[n++] = 0x08u << 23;				/* MI_ARB_ON_OFF | disable */
		words[n++] = 0;						/* MI_NOOP */
	}
	const uint32_t rq_post = n * 4;
	words[n++] = 0x20u << 23 | 1u << 22 | (gen >= 8 ? 2 : 1);	/* MI_STORE_DWORD_IMM, GGTT */
	words[n++] = hws + 0x100;
	if (gen >= 8)
		words[n++] = 0;
	words[n++] = (uint32_t)fence->seqno;
	words[n++] = 0x02u << 23;					/* MI_USER_INTERRUPT */
	words[n++] = 0;							/* MI_NOOP */
	const uint32_t tail = n * 4;
	const uint32_t instdone = 0xffffffff;

	put(t, "%s command stream:\n", engine_names[e]);
	put(t, "  CCID:  0x%08x\n", gen >= 8 ? hws + 0x2000 + 0x109 : 0);
	put(t, "  START: 0x%08x\n", ring);
	put(t, "  HEAD:  0x%08x [0x%08x]\n", head, rq_head);
	put(t, "  TAIL:  0x%08x [0x%08x, 0x%08x]\n", tail, rq_post, tail);
	put(t, "  CTL:   0x%08x\n", ((RING_SIZE / 4096 - 1) << 12) | 1);
	put(t, "  MODE:  0x%08x\n", 0);
	put(t, "  HWS:   0x%08x\n", hws);
	put(t, "  ACTHD: 0x%08x %08x\n", (unsigned)(c->head >> 32), (unsigned)c->head);
	put(t, "  IPEIR: 0x%08x\n", 0);
	put(t, "  IPEHR: 0x%08x\n", c->header);
	put(t, "  ESR:   0x%08x\n", 0);
	put(t, "  INSTDONE: 0x%08x\n", instdone);
	if (e == SHIM_ENGINE_RENDER && gen > 3)
		put(t, "  SC_INSTDONE: 0x%08x\n", 0xffffffff);
	if (batch)
		put(t, "  batch: [0x%08x_%08x, 0x%08x_%08x]\n", (unsigned)(batch->start >> 32), (unsigned)batch->start,
		    (unsigned)((batch->start + batch->size) >> 32), (unsigned)(batch->start + batch->size));
	if (gen >= 4) {
		put(t, "  BBADDR: 0x%08x_%08x\n", (unsigned)(c->head >> 32), (unsigned)c->head);
		put(t, "  BB_STATE: 0x%08x\n", gen >= 8 ? 0x20 : 0);
		put(t, "  INSTPS: 0x%08x\n", 0);
	}
	put(t, "  INSTPM: 0x%08x\n", 0);
	put(t, "  FADDR: 0x%08x %08x\n", (unsigned)(c->head >> 32), (unsigned)c->head);
	if (gen >= 6) {
		/* A fault's FAULT_REG: valid, the faulting engine's id (GFX 0, MFX0 1, VEBX 3, BLT 4). */
		static const uint32_t fault_engine[4] = { 0, 4, 1, 3 };
		put(t, "  RC PSMI: 0x%08x\n", 0);
		put(t, "  FAULT_REG: 0x%08x\n", c->fault ? fault_engine[e] << 12 | 1 : 0);
	}
	if (gen >= 11) {
		put(t, "  NOPID: 0x%08x\n", last_nop_id(batch, c->head));
		put(t, "  EXCC: 0x%08x\n", 0);
		put(t, "  CMD_CCTL: 0x%08x\n", 0);
		put(t, "  CSCMDOP: 0x%08x\n", c->header >> 23);
		put(t, "  CTX_SR_CTL: 0x%08x\n", 0);
		put(t, "  DMA_FADDR_HI: 0x%08x\n", (unsigned)(c->head >> 32));
		put(t, "  DMA_FADDR_LO: 0x%08x\n", (unsigned)c->head);
	}
	if (dev->model->ppgtt_type) {
		put(t, "  GFX_MODE: 0x%08x\n", gen >= 8 ? 0x00008200 : 0x00000200);
		if (gen >= 8)
			for (int i = 0; i < 4; i++)
				put(t, "  PDP%d: 0x%016llx\n", i, 0ull);
		else
			put(t, "  PP_DIR_BASE: 0x%08x\n", 0);
	}
	if (gen >= 8)	/* the request in the first port; an empty port prints nothing */
		put(t, "  ELSP[0]:  pid %d, seqno %8x:%08x, prio %d, head %08x, tail %08x\n", getpid(),
		    (unsigned)fence->context, (unsigned)fence->seqno, 0, rq_head, tail);
	put(t, "  hung: %u\n", c->hung ? 1u : 0u);
	put(t, "  engine reset count: %llu\n", (unsigned long long)i915_shared(dev)->reset_count);
	put(t, "  Active context: %s[%d] prio %d, guilty %u active %u, runtime total %lluns, avg %lluns\n",
	    program_invocation_short_name, getpid(), 0, ctx->guilty_count, 1u, 0ull, 0ull);
	put(t, "  context timeline seqno %u\n", (unsigned)fence->seqno);

	/* i915's order: the ring, then the batch, then what the request asked to have captured
	 * (EXEC_OBJECT_CAPTURE), each a "user" object; the batch is not repeated. An object out
	 * of this process's reach (another process's userptr) is left out, as i915 leaves out
	 * what it cannot read. */
	put_object(t, e, "ring", ring, (const uint8_t *)words, sizeof(words));
	if (batch && batch->host)
		put_object(t, e, "batch", batch->start, batch->host, batch->size);
	for (uint32_t i = 0; i < rq->nobjs; i++) {
		const struct shim_request_object *o = &rq->objs[i];
		if (!o->capture || o == batch || !o->host)
			continue;
		/* Read under a fault guard: a userptr range may be gone, a page of a full tmpfs
		 * never there; such an object is left out rather than the capture lost. */
		uint8_t *copy = malloc(o->size);
		if (copy && !shim_fault_memcpy(copy, o->host, o->size, NULL))
			put_object(t, e, "user", o->start, copy, o->size);
		free(copy);
	}
}

/* The header and the GT's registers, before the engines. */
static void put_header(struct text *t, struct shim_device *dev, const struct engine_capture *first,
		       unsigned hung_classes)
{
	const struct shim_device_model *m = dev->model;
	const unsigned gen = m->gen;
	struct timespec real, mono, boot;
	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_BOOTTIME, &boot);
	struct utsname u;
	if (uname(&u))
		strcpy(u.machine, "x86_64");

	/* ecode: the graphics version, the hung engines' uabi classes, IPEHR ^ INSTDONE. */
	put(t, REPORT_MAGIC "ecode %u:%x:%08x", gen, hung_classes, first ? first->header ^ 0xffffffffu : 0);
	if (first)
		put(t, ", in %s [%d]", program_invocation_short_name, getpid());
	put(t, "\n");
	put(t, "Kernel: 6.1.0-i915-shim %s\n", u.machine);
	put(t, "Driver: 20201103\n");
	put(t, "Time: %lld s %ld us\n", (long long)real.tv_sec, real.tv_nsec / 1000);
	put(t, "Boottime: %lld s %ld us\n", (long long)boot.tv_sec, boot.tv_nsec / 1000);
	put(t, "Uptime: %lld s %ld us\n", (long long)mono.tv_sec, mono.tv_nsec / 1000);
	/* jiffies at HZ=250 from the boot clock; the file is written once, so "0 ms ago" */
	put(t, "Capture: %llu jiffies; %d ms ago\n",
	    (unsigned long long)boot.tv_sec * 250 + (unsigned long long)boot.tv_nsec / 4000000, 0);
	if (first)
		put(t, "Active process (on ring %s): %s [%d]\n", engine_names[first->rq->engine & 3],
		    program_invocation_short_name, getpid());
	put(t, "Reset count: %llu\n", (unsigned long long)i915_shared(dev)->reset_count);
	put(t, "Suspend count: %u\n", 0u);
	put(t, "Platform: %s\n", m->marketing_name);
	put(t, "Subplatform: 0x%x\n", 0u);
	put(t, "PCI ID: 0x%04x\n", m->devid);
	put(t, "PCI Revision: 0x%02x\n", m->revision);
	put(t, "PCI Subsystem: %04x:%04x\n", m->subsystem_vendor, m->subsystem_device);
	put(t, "IOMMU enabled?: %d\n", 0);
	put(t, "RPM wakelock: yes\n");
	put(t, "PM suspended: no\n");
	put(t, "IER: 0x%08x\n", 0u);
	if (gen >= 6)
		put(t, "DERRMR: 0x%08x\n", 0xffffffffu);
	put(t, "GT awake: yes\n");
	put(t, "CS timestamp frequency: %u Hz, %u ns\n", m->cs_timestamp_hz,
	    m->cs_timestamp_hz ? 1000000000u / m->cs_timestamp_hz : 0u);
	put(t, "EIR: 0x%08x\n", 0u);
	put(t, "PGTBL_ER: 0x%08x\n", 0u);
	for (unsigned i = 0, n = gen >= 11 ? 6 : gen >= 8 ? 4 : gen >= 5 ? 1 : 0; i < n; i++)
		put(t, "GTIER[%u]: 0x%08x\n", i, 0u);
	for (unsigned i = 0; i < m->num_fences; i++)
		put(t, "  fence[%u] = %08llx\n", i, 0ull);
	put(t, "FORCEWAKE: 0x%08x\n", 0u);
	if (gen >= 6 && gen <= 11) {
		put(t, "ERROR: 0x%08x\n", 0u);
		put(t, "DONE_REG: 0x%08x\n", 0xffffffffu);
	}
	if (gen >= 8) {
		/* A fault's address as the TLB data keeps it: bits 44-47 in DATA1, the page in DATA0. */
		uint64_t addr = first ? first->fault : 0;
		put(t, "FAULT_TLB_DATA: 0x%08x 0x%08x\n", (unsigned)(addr >> 44) & 0xf, (unsigned)(addr >> 12));
	}
	if (gen == 7)
		put(t, "ERR_INT: 0x%08x\n", 0u);
	if (gen >= 8 && gen <= 11)
		put(t, "GTT_CACHE_EN: 0x%08x\n", 0u);
	if (gen == 12)
		put(t, "AUX_ERR_DBG: 0x%08x\n", 0u);
	if (gen >= 12)
		put(t, "  GAM_DONE: 0x%08x\n", 0u);
}

static void write_file(struct shim_device *dev, const char *rel, const char *text, size_t len)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof(path), "%s%s", dev->inst.root, rel);
	int fd = shim_real.openat(AT_FDCWD, path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return;
	for (size_t done = 0; done < len;) {
		ssize_t n = shim_raw_write(fd, text + done, len - done);
		if (n <= 0)
			break;		/* a partial report is still a report */
		done += (size_t)n;
	}
	shim_real.close(fd);
}

/* Does the sysfs file hold a report (a capture nobody has cleared)? */
static bool captured(struct shim_device *dev)
{
	char path[PATH_MAX + 64], head[16] = "";
	snprintf(path, sizeof(path), "%s%s", dev->inst.root, SYSFS_ERROR);
	int fd = shim_real.openat(AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return true;	/* no file: nowhere to put one */
	ssize_t n = shim_real.read(fd, head, sizeof(head) - 1);
	shim_real.close(fd);
	return n > 0 && !strncmp(head, REPORT_MAGIC, strlen(REPORT_MAGIC));
}

static void store(struct shim_device *dev, struct text *t)
{
	if (t->failed || !t->buf)
		return;
	write_file(dev, SYSFS_ERROR, t->buf, t->len);
	for (unsigned i = 0; i < 2; i++)
		write_file(dev, debugfs_files[i], t->buf, t->len);
}

static bool left_out(const struct shim_request *rq)
{
	const struct shim_context *ctx = shim_ptr(rq->ctx);
	return !ctx || ctx->no_error_capture;
}

void shim_error_state_record(struct shim_device *dev, const struct shim_request *rq, int error,
			     const struct shim_batch_fault *fault)
{
	if (captured(dev))
		return;		/* the first report stays until cleared */
	struct engine_capture c = {
		.rq = rq, .head = fault->head, .header = fault->header,
		.fault = error == -EFAULT ? fault->address : 0, .hung = true,
	};
	bool keep = !left_out(rq);
	struct text t = { 0 };
	put_header(&t, dev, keep ? &c : NULL, keep ? 1u << (rq->engine & 3) : 0);
	if (keep)
		put_engine(&t, dev, &c);
	store(dev, &t);
	free(t.buf);
}

struct running {
	struct engine_capture c[4];
	unsigned n, classes;
};

static void add_running(const struct shim_request *rq, void *arg)
{
	struct running *r = arg;
	if (r->n >= 4 || left_out(rq))
		return;
	/* Where in its batch the engine is, the shim does not publish: the batch start stands for it. */
	uint32_t header = 0;
	const struct shim_request_object *o = batch_object(rq);
	if (o && o->host && rq->batch_addr - o->start + 4 <= o->size)
		memcpy(&header, o->host + (rq->batch_addr - o->start), 4);
	r->c[r->n++] = (struct engine_capture){ .rq = rq, .head = rq->batch_addr, .header = header, .hung = true };
	r->classes |= 1u << (rq->engine & 3);
}

void shim_error_state_record_reset(struct shim_device *dev)
{
	if (captured(dev))
		return;
	struct running r = { .n = 0 };
	shim_engines_each_running(add_running, &r);
	struct text t = { 0 };
	put_header(&t, dev, r.n ? &r.c[0] : NULL, r.classes);
	for (unsigned i = 0; i < r.n; i++)
		put_engine(&t, dev, &r.c[i]);
	store(dev, &t);
	free(t.buf);
}

int i915_error_state_control(struct shim_device *dev, const char *path)
{
	size_t root = strlen(dev->inst.root);
	if (strncmp(path, dev->inst.root, root))
		return -1;
	const char *rel = path + root;
	if (!strcmp(rel, SYSFS_ERROR) || !strcmp(rel, debugfs_files[0]) || !strcmp(rel, debugfs_files[1]))
		return 0;
	/* Programs reach the sysfs file through links (/sys/class/drm/card0/error): resolve those. */
	size_t len = strlen(rel);
	if (len < 6 || strcmp(rel + len - 6, "/error"))
		return -1;
	char real[PATH_MAX];
	if (!shim_real.realpath(path, real) || strncmp(real, dev->inst.root, root) || strcmp(real + root, SYSFS_ERROR))
		return -1;
	return 0;
}

void i915_error_state_closed(struct shim_device *dev)
{
	shim_device_lock(dev);
	/* A file still holding a report was not written to (or a capture came after the write,
	 * and i915 keeps that one too). Any other content is a program's write: clear. */
	bool written = !captured(dev);
	for (unsigned i = 0; i < 2 && !written; i++) {
		char path[PATH_MAX + 64], head[16] = "";
		snprintf(path, sizeof(path), "%s%s", dev->inst.root, debugfs_files[i]);
		int fd = shim_real.openat(AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		ssize_t n = shim_real.read(fd, head, sizeof(head) - 1);
		shim_real.close(fd);
		written = n <= 0 || strncmp(head, REPORT_MAGIC, strlen(REPORT_MAGIC));
	}
	if (written) {
		write_file(dev, SYSFS_ERROR, SYSFS_EMPTY, strlen(SYSFS_EMPTY));
		for (unsigned i = 0; i < 2; i++)
			write_file(dev, debugfs_files[i], "", 0);
	}
	shim_device_unlock(dev);
}
