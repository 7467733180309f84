/* SPDX-License-Identifier: MIT */
/*
 * i915's per-engine sysfs directories (Linux 5.7+; as in 6.1): <card>/engine/<name>/ for
 * each engine the device has, the scheduling properties as decimal numbers, writable by root,
 * their boot values read-only under .defaults/, and heartbeat_interval_ms deciding how soon a
 * request that does not let the heartbeat through is reset. Only open/read/write/ioctl; run as
 * root on a real i915 to change the properties.
 */
#define _GNU_SOURCE
#include <time.h>

#include "tests/i915/i915_test.h"

static const char *const props[] = { "heartbeat_interval_ms", "preempt_timeout_ms", "stop_timeout_ms" };

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* There is a directory for each engine GETPARAM reports, and for no other. */
TEST(a_directory_per_engine)
{
	int fd = i915_open();
	char path[PATH_MAX];
	if (!i915_engine_prop_path(fd, "rcs0", "name", path, sizeof(path)))
		SKIP_MISSING("no engine directories in sysfs (Linux before 5.7)");
	struct { const char *name; int param; } engines[] = {
		{ "bcs0", I915_PARAM_HAS_BLT }, { "vcs0", I915_PARAM_HAS_BSD },
		{ "vcs1", I915_PARAM_HAS_BSD2 }, { "vecs0", I915_PARAM_HAS_VEBOX },
	};
	for (size_t i = 0; i < ARRAY_SIZE(engines); i++)
		ASSERT_EQ(i915_engine_prop_path(fd, engines[i].name, "name", path, sizeof(path)),
			  gem_getparam(fd, engines[i].param) != 0);
	close(fd);
}

/* The properties and their defaults are numbers; the properties are writable files (0644),
 * the defaults read-only (0444). */
TEST(properties_are_numbers_and_defaults_read_only)
{
	int fd = i915_open();
	char path[PATH_MAX], def[PATH_MAX + 16];
	struct stat st;
	for (size_t i = 0; i < ARRAY_SIZE(props); i++) {
		if (!i915_engine_prop_path(fd, "rcs0", props[i], path, sizeof(path)))
			SKIP_MISSING("no engine/rcs0/%s", props[i]);
		ASSERT(sysfs_read_number(path) >= 0);
		ASSERT_OK(stat(path, &st));
		ASSERT(st.st_mode & S_IWUSR);
		char name[64];
		snprintf(name, sizeof(name), ".defaults/%s", props[i]);
		ASSERT(i915_engine_prop_path(fd, "rcs0", name, def, sizeof(def)));
		ASSERT(sysfs_read_number(def) >= 0);
		ASSERT_OK(stat(def, &st));
		ASSERT_EQ(st.st_mode & 0222, 0);
	}
	close(fd);
}

/* A value written to heartbeat_interval_ms reads back, and the old one can be put back. */
TEST(heartbeat_interval_is_writable)
{
	int fd = i915_open();
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", 1234, &hb);
	ASSERT_EQ(sysfs_read_number(hb.path), 1234);
	long long old = hb.saved;
	heartbeat_restore(&hb);
	ASSERT_EQ(sysfs_read_number(hb.path), old);
	close(fd);
}

/* How long a spinner (no arbitration point: it cannot be preempted) on a fresh context runs
 * before it is reset with heartbeat ms; its context is blamed for the hang. */
static double time_to_reset(int fd, long long ms)
{
	struct heartbeat hb;
	heartbeat_require(fd, "rcs0", ms, &hb);
	uint32_t ctx = gem_context_create(fd);
	double t0 = now_s();
	uint32_t spin = gem_spinner(fd, ctx, I915_EXEC_RENDER, NULL);
	gem_wait(fd, spin);
	double t = now_s() - t0;
	heartbeat_restore(&hb);
	struct drm_i915_reset_stats rs = { .ctx_id = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_EQ(rs.batch_active, 1);
	ASSERT_OK(gem_close(fd, spin));
	printf("# heartbeat %lld ms: reset after %.0f ms\n", ms, t * 1000);
	return t;
}

/* A shorter heartbeat interval gets a hung request reset sooner. */
TEST(shorter_heartbeat_resets_sooner)
{
	int fd = i915_open_gen8();
	double slow = time_to_reset(fd, 800), fast = time_to_reset(fd, 100);
	ASSERT(fast < slow);
	close(fd);
}

TEST_MAIN(T(a_directory_per_engine), T(properties_are_numbers_and_defaults_read_only),
	  T(heartbeat_interval_is_writable), T(shorter_heartbeat_resets_sooner))
