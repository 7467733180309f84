/* SPDX-License-Identifier: MIT */
/*
 * i915's PMU (Linux's i915_pmu.c) as intel_gpu_top and IGT's perf_pmu use it: the type in
 * sysfs, counting events opened with perf_event_open(2) on CPU 0 for every task, an engine's
 * busy time growing while a batch spins on it and not while it idles, group reads, and the
 * errors i915's event_init and the perf core give. On a real kernel it needs the right to
 * open system-wide events (perf_event_paranoid, CAP_PERFMON) and skips without it.
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <time.h>

#include "tests/i915/i915_test.h"

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The PMU's type from sysfs; skips where the kernel has none. */
static uint32_t pmu_type(void)
{
	char buf[32] = { 0 };
	int fd = open("/sys/bus/event_source/devices/i915/type", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		SKIP_MISSING("no i915 PMU in sysfs");
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	ASSERT(n > 0);
	return (uint32_t)strtoul(buf, NULL, 0);
}

static int perf_open(uint64_t config, int group, uint64_t format, pid_t pid, uint64_t period)
{
	struct perf_event_attr attr = { .type = pmu_type(), .size = sizeof(attr), .config = config,
					.read_format = format, .sample_period = period };
	return (int)syscall(__NR_perf_event_open, &attr, pid, 0, group, 0);
}

/* An event that must open; skips where this user may not count system-wide. */
static int open_event(uint64_t config, int group, uint64_t format)
{
	int fd = perf_open(config, group, format, -1, 0);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		SKIP_MISSING("no right to system-wide perf events (perf_event_paranoid)");
	ASSERT(fd >= 0);
	return fd;
}

static uint64_t read_value(int fd)
{
	uint64_t v;
	ASSERT_EQ(read(fd, &v, sizeof(v)), sizeof(v));
	return v;
}

/* The type is a dynamic PMU's; the engine and other events are described as i915 does. */
TEST(sysfs_description)
{
	ASSERT(pmu_type() >= PERF_TYPE_MAX);
	char buf[64] = { 0 };
	int fd = open("/sys/bus/event_source/devices/i915/events/rcs0-busy", O_RDONLY | O_CLOEXEC);
	ASSERT(fd >= 0);
	ASSERT(read(fd, buf, sizeof(buf) - 1) > 0);
	close(fd);
	ASSERT_EQ(strtoull(strchr(buf, '=') + 1, NULL, 0), I915_PMU_ENGINE_BUSY(I915_ENGINE_CLASS_RENDER, 0));
	memset(buf, 0, sizeof(buf));
	fd = open("/sys/devices/i915/events/interrupts", O_RDONLY | O_CLOEXEC);
	ASSERT(fd >= 0);
	ASSERT(read(fd, buf, sizeof(buf) - 1) > 0);
	close(fd);
	ASSERT_EQ(strtoull(strchr(buf, '=') + 1, NULL, 0), I915_PMU_INTERRUPTS);
}

/* A batch spinning ~50 ms on the render engine adds about that much to rcs0-busy; the
 * blitter, idle meanwhile, adds nothing. */
TEST(busy_grows_with_a_spinner)
{
	int fd = i915_open_gen8();
	int rcs = open_event(I915_PMU_ENGINE_BUSY(I915_ENGINE_CLASS_RENDER, 0), -1, 0);
	int bcs = gem_getparam(fd, I915_PARAM_HAS_BLT) ?
		  open_event(I915_PMU_ENGINE_BUSY(I915_ENGINE_CLASS_COPY, 0), -1, 0) : -1;
	uint64_t r0 = read_value(rcs), b0 = bcs >= 0 ? read_value(bcs) : 0;
	volatile uint32_t *map;
	uint64_t t0 = now_ns();
	uint32_t batch = gem_spinner(fd, 0, I915_EXEC_RENDER, &map);
	usleep(50000);
	map[0] = MI_BATCH_BUFFER_END;
	gem_wait(fd, batch);
	uint64_t spun = now_ns() - t0;
	uint64_t r1 = read_value(rcs), b1 = bcs >= 0 ? read_value(bcs) : 0;
	ASSERT(r1 - r0 >= 40000000ull);		/* it spun at least 50 ms of the time measured */
	ASSERT(r1 - r0 <= spun + 5000000ull);
	ASSERT_EQ(b1 - b0, 0);
	/* Idle now: the counter stays. */
	usleep(10000);
	ASSERT_EQ(read_value(rcs), r1);
	gem_close(fd, batch);
	close(rcs);
	if (bcs >= 0)
		close(bcs);
	close(fd);
}

/* A group read of the leader: nr, time enabled, then the leader's and each member's value. */
TEST(group_read)
{
	int fd = i915_open_gen8();
	uint64_t fmt = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_GROUP;
	int leader = open_event(I915_PMU_INTERRUPTS, -1, fmt);
	int member = open_event(I915_PMU_ENGINE_BUSY(I915_ENGINE_CLASS_RENDER, 0), leader,
				PERF_FORMAT_TOTAL_TIME_ENABLED);
	uint64_t before[4], after[4], small[3];
	ASSERT_EQ(read(leader, before, sizeof(before)), sizeof(before));
	ASSERT_EQ(before[0], 2);
	ASSERT_ERRNO(read(leader, small, sizeof(small)), ENOSPC);	/* too small for the group */
	volatile uint32_t *map;
	uint32_t spin = gem_spinner(fd, 0, I915_EXEC_RENDER, &map);
	usleep(2000);
	map[0] = MI_BATCH_BUFFER_END;
	gem_wait(fd, spin);
	ASSERT_EQ(read(leader, after, sizeof(after)), sizeof(after));
	ASSERT_EQ(after[0], 2);
	ASSERT(after[1] > before[1]);		/* time enabled */
	ASSERT(after[3] > before[3]);		/* the render engine was busy */
	gem_close(fd, spin);
	close(member);
	close(leader);
	close(fd);
}

/* What i915's event_init and the perf core refuse, with their errno. */
TEST(refused_events)
{
	close(open_event(I915_PMU_INTERRUPTS, -1, 0));
	ASSERT_ERRNO(perf_open(__I915_PMU_OTHER(0x1000), -1, 0, -1, 0), ENOENT);	/* no such event */
	ASSERT_ERRNO(perf_open(I915_PMU_ENGINE_BUSY(0, 0) | 0xf, -1, 0, -1, 0), ENOENT);	/* no such sample */
	ASSERT_ERRNO(perf_open(I915_PMU_ENGINE_BUSY(0x7f, 0), -1, 0, -1, 0), ENODEV);	/* no such engine */
	ASSERT_ERRNO(perf_open(I915_PMU_INTERRUPTS, -1, 0, -1, 1000), EINVAL);		/* sampling */
	ASSERT_ERRNO(perf_open(I915_PMU_INTERRUPTS, -1, 0, getpid(), 0), EINVAL);	/* per task */
}

TEST_MAIN(T(sysfs_description), T(busy_grows_with_a_spinner), T(group_read), T(refused_events))
