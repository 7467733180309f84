/* SPDX-License-Identifier: MIT */
/*
 * GPU-wide resets and wedging, driven as i915 drives them from debugfs.
 *
 * Writing a number to /sys/kernel/debug/dri/N/i915_wedged asks i915 to
 * reset the engines. With resets enabled (the device's i915_params/reset,
 * else the module's parameters/reset, not 0) that is a reset: the reset
 * count goes up and, if the GPU was wedged, it is usable again; requests
 * that were running are not at fault and carry on (i915 replays them).
 * With resets disabled the reset cannot happen and the GPU is wedged for
 * good: every request in flight completes with EIO, and execbuf,
 * CONTEXT_CREATE and THROTTLE fail with EIO until a later write with resets
 * enabled. Reading the file says 1 while the GPU is wedged, else 0.
 *
 * The shim sees the write when the writer closes the file (it records
 * descriptors of the file opened for writing, see base/fd_table.h), in the
 * writer's process, so that the reset parameter in force at the write is
 * the one that decides. The wedged state lives in the shared device state;
 * engines of every process look at it before and while running a request.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/real.h"
#include "drm/drm_device.h"
#include "drm/drm_sysfs.h"
#include "i915/gt/intel_engine.h"
#include "i915/gt/intel_reset.h"
#include "i915/i915_drv.h"

static const char *const control_name = "/i915_wedged";

int shim_gt_reset_control_minor(struct shim_device *dev, const char *path)
{
	char prefix[PATH_MAX + 32];
	unsigned minor;
	int n = snprintf(prefix, sizeof(prefix), "%s/sys/kernel/debug/dri/", dev->inst.root);
	if (n < 0 || (size_t)n >= sizeof(prefix) || strncmp(path, prefix, (size_t)n))
		return -1;
	const char *rest = path + n;
	char *end;
	minor = (unsigned)strtoul(rest, &end, 10);
	if (end == rest || strcmp(end, control_name))
		return -1;
	return (int)minor;
}

/* When the file was last modified, in ns; 0 if it cannot be looked at. */
static uint64_t mtime_ns(struct shim_device *dev, const char *rel)
{
	struct stat st;
	return shim_fs_stat(dev, rel, &st) < 0 ? 0 : shim_fs_mtime_ns(&st);
}

/* Writes text and returns the file's new mtime (0 if it could not). */
static uint64_t write_text(struct shim_device *dev, const char *rel, const char *text)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof(path), "%s%s", dev->inst.root, rel);
	int fd = shim_real.openat(AT_FDCWD, path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (shim_raw_write(fd, text, strlen(text)) < 0) {
		/* the state is in the shared memory; the file only reports it */
	}
	shim_real.close(fd);
	return mtime_ns(dev, rel);
}

/* Are resets enabled? The device's copy of the parameter first, as i915 reads it. */
static bool resets_enabled(struct shim_device *dev, unsigned minor)
{
	char rel[96], text[32];
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params/reset", minor);
	shim_fs_read(dev, rel, text, sizeof(text));
	if (!text[0])
		shim_fs_read(dev, "/sys/module/i915/parameters/reset", text, sizeof(text));
	return !text[0] || strtol(text, NULL, 0) != 0;
}

/* Device lock held. The files say the state; their mtimes tell our writes from the program's. */
static void report_state(struct shim_device *dev, bool wedged)
{
	static const unsigned minors[2] = { 0, 128 };
	for (unsigned i = 0; i < 2; i++) {
		char rel[96];
		snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u%s", minors[i], control_name);
		SHIM_SET(i915_shared(dev)->wedged_file_ns[i], write_text(dev, rel, wedged ? "1\n" : "0\n"));
	}
}

void shim_gt_reset_control_closed(struct shim_device *dev, unsigned minor)
{
	char rel[96], text[64];
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u%s", minor, control_name);
	bool reset = resets_enabled(dev, minor);
	shim_device_lock(dev);
	uint64_t t = mtime_ns(dev, rel), ours = i915_shared(dev)->wedged_file_ns[minor == 128];
	if (!ours)
		ours = SHIM_GT_RESET_BUILT_S * 1000000000ull;
	if (!t || t == ours) {
		shim_device_unlock(dev);
		return;		/* closed without a write (or a dup of it was) */
	}
	shim_fs_read(dev, rel, text, sizeof(text));
	char *end;
	strtoull(text, &end, 0);
	if (end == text) {
		shim_device_unlock(dev);
		return;		/* no number: i915 would have refused the write */
	}
	/* i915_wedged_set: intel_gt_handle_error with I915_ERROR_CAPTURE captures first. */
	shim_error_state_record_reset(dev);
	if (reset) {
		SHIM_INC(i915_shared(dev)->reset_count);
		SHIM_NOTE(&i915_shared(dev)->wedged);
		__atomic_store_n(&i915_shared(dev)->wedged, 0, __ATOMIC_RELEASE);
	} else {
		SHIM_NOTE(&i915_shared(dev)->wedged);
		__atomic_store_n(&i915_shared(dev)->wedged, 1, __ATOMIC_RELEASE);
		shim_engine_cancel_context(dev, 0);	/* what this process has queued */
	}
	report_state(dev, i915_shared(dev)->wedged);
	shim_device_unlock(dev);
}
