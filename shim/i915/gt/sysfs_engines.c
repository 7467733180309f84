/* SPDX-License-Identifier: MIT */
/*
 * i915's per-engine sysfs directories (Linux 6.1's gt/sysfs_engines.c): for every engine of the
 * device model, /sys/class/drm/card0/engine/<rcs0|bcs0|vcs0|vcs1|vecs0>/ with name, class,
 * instance, the tunable properties (heartbeat_interval_ms, preempt_timeout_ms, stop_timeout_ms,
 * timeslice_duration_ms, max_busywait_duration_ns; mode 0644) and .defaults/ holding their
 * boot values (0444).
 *
 * heartbeat_interval_ms is what the shim's hangcheck obeys: a request still running one full
 * interval after it started is reset (i915 resets a request that does not let a heartbeat
 * through within a few intervals; 0 turns heartbeats, and so hang detection, off). The others
 * are reported only: the engines do not preempt or timeslice.
 *
 * The files are plain files: a write is not validated as i915's store functions do it.
 * The engine threads of one class share the file of that class's first instance (vcs0 for vcs1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include "drm/drm_sysfs.h"
#include "hw/device_model.h"
#include "i915/gt/sysfs_engines.h"

#define ENGINE_DIR SHIM_PCI_DEV_DIR "/drm/card0/engine"

static const char *const class_prefix[4] = {
	[SHIM_ENGINE_RENDER] = "rcs",
	[SHIM_ENGINE_COPY] = "bcs",
	[SHIM_ENGINE_VIDEO] = "vcs",
	[SHIM_ENGINE_VIDEO_ENHANCE] = "vecs",
};

/* The uAPI's engine class numbers (I915_ENGINE_CLASS_*) for the class file. */
static const unsigned uapi_class[4] = {
	[SHIM_ENGINE_RENDER] = 0, [SHIM_ENGINE_COPY] = 1, [SHIM_ENGINE_VIDEO] = 2,
	[SHIM_ENGINE_VIDEO_ENHANCE] = 3,
};

/* The mtime (s) of a freshly built property file: old, so the engines' cache trusts it at once. */
#define BUILT_MTIME_S 1

static void add_props(struct shim_fs_builder *b, const char *dir, mode_t mode)
{
	char rel[256];
	snprintf(rel, sizeof(rel), "%s/heartbeat_interval_ms", dir);
	shim_fs_file(b, rel, mode, "%u\n", SHIM_HEARTBEAT_INTERVAL_MS);
	shim_fs_set_mtime(b, rel, BUILT_MTIME_S);
	snprintf(rel, sizeof(rel), "%s/preempt_timeout_ms", dir);
	shim_fs_file(b, rel, mode, "%u\n", SHIM_PREEMPT_TIMEOUT_MS);
	snprintf(rel, sizeof(rel), "%s/stop_timeout_ms", dir);
	shim_fs_file(b, rel, mode, "%u\n", SHIM_STOP_TIMEOUT_MS);
	snprintf(rel, sizeof(rel), "%s/timeslice_duration_ms", dir);
	shim_fs_file(b, rel, mode, "%u\n", SHIM_TIMESLICE_DURATION_MS);
	snprintf(rel, sizeof(rel), "%s/max_busywait_duration_ns", dir);
	shim_fs_file(b, rel, mode, "%u\n", SHIM_MAX_BUSYWAIT_NS);
}

static void add_engine(struct shim_fs_builder *b, unsigned cls, unsigned instance)
{
	char dir[200], rel[256];
	snprintf(dir, sizeof(dir), ENGINE_DIR "/%s%u", class_prefix[cls], instance);
	shim_fs_dir(b, dir);
	snprintf(rel, sizeof(rel), "%s/name", dir);
	shim_fs_file(b, rel, 0444, "%s%u\n", class_prefix[cls], instance);
	snprintf(rel, sizeof(rel), "%s/class", dir);
	shim_fs_file(b, rel, 0444, "%u\n", uapi_class[cls]);
	snprintf(rel, sizeof(rel), "%s/instance", dir);
	shim_fs_file(b, rel, 0444, "%u\n", instance);
	add_props(b, dir, 0644);	/* as on Linux; the instance's users may write it */
	snprintf(rel, sizeof(rel), "%s/.defaults", dir);
	shim_fs_dir(b, rel);
	add_props(b, rel, 0444);
}

void shim_engines_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *m)
{
	shim_fs_dir(b, ENGINE_DIR);
	add_engine(b, SHIM_ENGINE_RENDER, 0);
	if (m->has_blt)
		add_engine(b, SHIM_ENGINE_COPY, 0);
	if (m->has_bsd)
		add_engine(b, SHIM_ENGINE_VIDEO, 0);
	if (m->has_bsd2)
		add_engine(b, SHIM_ENGINE_VIDEO, 1);
	if (m->has_vebox)
		add_engine(b, SHIM_ENGINE_VIDEO_ENHANCE, 0);
}

struct heartbeat_cache {
	const struct shim_device *dev;
	uint64_t mtime_ns;
	off_t size;
	uint64_t ms;
	uint64_t checked;	/* CLOCK_MONOTONIC_COARSE of the last look at the file */
	bool valid;
};

/* Writes within this long of a read may share its mtime (coarse file-system clocks). */
#define MTIME_GRANULE_NS 20000000ull

uint64_t shim_engine_heartbeat_ms(struct shim_device *dev, unsigned cls)
{
	static __thread struct heartbeat_cache cache[4];
	char rel[128], text[32];
	struct stat st;

	if (cls >= 4)
		return SHIM_HEARTBEAT_INTERVAL_MS;
	struct heartbeat_cache *c = &cache[cls];
	bool cached = c->valid && c->dev == dev;
	/* What to answer when the file cannot be read now: the last value, else the default. */
	uint64_t fallback = cached ? c->ms : SHIM_HEARTBEAT_INTERVAL_MS;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	uint64_t tick = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	if (cached && tick == c->checked)
		return c->ms;	/* looked at within this clock tick (a few ms) */
	c->checked = tick;
	snprintf(rel, sizeof(rel), ENGINE_DIR "/%s0/heartbeat_interval_ms", class_prefix[cls]);
	if (shim_fs_stat(dev, rel, &st) < 0)
		return SHIM_HEARTBEAT_INTERVAL_MS;	/* an instance built before the file existed */
	uint64_t mtime = shim_fs_mtime_ns(&st);
	clock_gettime(CLOCK_REALTIME_COARSE, &ts);	/* the clock file-system times come from */
	uint64_t now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	if (cached && c->mtime_ns == mtime && c->size == st.st_size && mtime + MTIME_GRANULE_NS < now)
		return c->ms;
	shim_fs_read(dev, rel, text, sizeof(text));
	char *end;
	unsigned long long ms = strtoull(text, &end, 0);
	if (end == text)
		return fallback;	/* unreadable, or no number */
	*c = (struct heartbeat_cache){ .dev = dev, .mtime_ns = mtime, .size = st.st_size, .ms = ms,
				       .checked = tick, .valid = true };
	return ms;
}
