/* SPDX-License-Identifier: MIT */
/*
 * The perf core, for the one PMU a driver registers (the kernel's kernel/events/core.c
 * and perf_pmu_register, as far as a DRM driver's counting PMU needs them).
 *
 * perf_event_open(2) of the driver's type (os/interpose.c catches it in syscall())
 * makes an event of this process: a real fd (an eventfd, so close, dup, fork and
 * poll work as on any fd) and a slot in a process-local table that the fd table
 * (base/fd_table.h, SHIM_FD_PERF) names. read(2) of it answers in the read_format the
 * event asked for, counting from 0 while the event is enabled; ioctl(2) enables,
 * disables and resets it. The counters are the driver's (struct shim_pmu).
 *
 * Lifetime: an event lives until its last fd in this process is closed (the fd table's
 * dup and close paths count them). The table is process-local: a forked child shares
 * the parent's events as it shares the fds; across exec they are lost (the fd stays,
 * an eventfd, and reads it as one). No device lock is taken here.
 */
#ifndef SHIM_DRM_PERF_EVENT_H
#define SHIM_DRM_PERF_EVENT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct perf_event_attr;
struct shim_device;

/* What a driver's PMU answers (the kernel's struct pmu, reduced to a counting PMU). */
struct shim_pmu {
	const char *name;	/* its directory in /sys/bus/event_source/devices */
	uint32_t type;		/* the perf type number it answers to (its sysfs type file) */
	/* Can this event be counted on dev (pmu->event_init: the driver's own checks, in its
	 * order)? 0 or -errno. cpu: perf_event_open's. No lock held. */
	int (*event_init)(struct shim_device *dev, const struct perf_event_attr *attr, int cpu);
	/* The counter of config now: monotonic, in the event's unit. No lock held. */
	uint64_t (*read)(struct shim_device *dev, uint64_t config);
};

/* Is type the driver's PMU? */
bool shim_perf_type_ours(uint32_t type);

/*
 * perf_event_open(2) of the driver's PMU. uattr: the caller's attr (copied as the kernel
 * does: its size field, E2BIG, EFAULT). group: the slot of group_fd's event, -1 for no
 * group, -2 for a group_fd that is not one of our events. The new fd or -errno.
 */
int shim_perf_event_open(struct shim_device *dev, uint64_t uattr, pid_t pid, int cpu, int group,
			 unsigned long flags, uint32_t *slot);
/* read(2) of the event's fd into the caller's buf: bytes or -errno. */
ssize_t shim_perf_event_read(struct shim_device *dev, uint32_t slot, uint64_t ubuf, size_t len);
/* ioctl(2) of the event's fd: 0 or -errno. */
int shim_perf_event_ioctl(struct shim_device *dev, uint32_t slot, unsigned long cmd, uint64_t arg);
/* Another fd of this process names the event (dup, dup2, F_DUPFD). */
void shim_perf_event_dup(uint32_t slot);
/* An fd of the event was closed; the last one frees it. */
void shim_perf_event_closed(uint32_t slot);

#endif
