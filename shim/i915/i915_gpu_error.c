/* SPDX-License-Identifier: MIT */
/*
 * The GPU error state. When a request is reset — a GPU page fault or a hang
 * — i915 captures what the GPU was doing and shows it as text at
 * /sys/class/drm/card0/error, keeping the first capture until someone writes
 * to that file to clear it. The shim writes the same kind of report into the
 * file of its sysfs tree: a first line naming the hang, then the time, the
 * process, the reset count, the platform and, per engine, the failing
 * command's address and header and the batch it came from.
 *
 * A file whose content does not start with a report (the initial "No error
 * state collected", or whatever a program wrote to clear it) takes the next
 * report; a report stays until then. Device lock held.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/real.h"
#include "i915/gt/intel_engine.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"

#define REPORT_MAGIC "GPU HANG: "

static const char *const engine_names[4] = { "rcs0", "bcs0", "vcs0", "vecs0" };

void shim_error_state_record(struct shim_device *dev, const struct shim_request *rq, int error,
			     const struct shim_batch_fault *fault)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof(path), "%s/sys/devices/pci0000:00/0000:00:02.0/drm/card0/error", dev->inst.root);

	char head[16] = "";
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	if (read(fd, head, sizeof(head) - 1) > 0 && !strncmp(head, REPORT_MAGIC, strlen(REPORT_MAGIC))) {
		shim_real.close(fd);	/* the first report stays until cleared */
		return;
	}

	extern char *program_invocation_short_name;
	const struct shim_context *ctx = shim_ptr(rq->ctx);
	const char *engine = engine_names[rq->engine & 3];
	struct timespec real, mono;
	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	char report[2048];
	int n = snprintf(report, sizeof(report),
		REPORT_MAGIC "ecode %u:%u:%08x, in %s [%d], %s on %s\n"
		"Kernel: i915-shim (Linux 6.1 i915 emulation)\n"
		"Time: %lld s %ld us\n"
		"Uptime: %lld s %ld us\n"
		"Capture: the request was reset by the shim\n"
		"Process: %s [%d]\n"
		"Reset count: %llu\n"
		"Platform: %s\n"
		"PCI ID: 0x%04x\n"
		"PCI Revision: 0x%02x\n"
		"GT awake: yes\n"
		"%s command stream:\n"
		"  IDLE? no\n"
		"  ACTHD: 0x%016llx\n"
		"  IPEHR: 0x%08x\n"
		"  BATCH: 0x%016llx\n"
		"  FAULT: 0x%016llx\n"
		"  Context: timeline %llu, seqno %llu, guilty %u, banned %s\n"
		"  Cause: %s\n",
		dev->model->gen, (unsigned)rq->engine, fault->header, program_invocation_short_name, getpid(),
		error == -EFAULT ? "GPU page fault" : "hang", engine,
		(long long)real.tv_sec, real.tv_nsec / 1000, (long long)mono.tv_sec, mono.tv_nsec / 1000,
		program_invocation_short_name, getpid(), (unsigned long long)i915_shared(dev)->reset_count,
		dev->model->marketing_name, dev->model->devid, dev->model->revision, engine,
		(unsigned long long)fault->head, fault->header, (unsigned long long)rq->batch_addr,
		(unsigned long long)(error == -EFAULT ? fault->address : 0),
		(unsigned long long)ctx->timeline, (unsigned long long)ctx->seqno, ctx->guilty_count,
		ctx->banned ? "yes" : "no",
		error == -EFAULT ? "an access outside every object bound in the context"
				 : "the batch ran past hangcheck");
	if (n > (int)sizeof(report))
		n = sizeof(report);
	if (ftruncate(fd, 0) == 0 && pwrite(fd, report, (size_t)n, 0) != n) {
		/* a partial report is still a report */
	}
	shim_real.close(fd);
}
