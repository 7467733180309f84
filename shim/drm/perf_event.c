/* SPDX-License-Identifier: MIT */
/*
 * The perf core for the driver's PMU (drm/perf_event.h): perf_event_open's generic
 * checks, this process's events, their read formats, groups and ioctls.
 *
 * Owns a process-local table of events under one mutex; an event holds no device
 * state, only its config and its own enable/count bookkeeping, so nothing here is
 * shared or journaled. Calls the driver's PMU (shim_drv->pmu) and base/ only.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "base/instance.h"
#include "base/signal_hold.h"
#include "base/user_copy.h"
#include "drm/drm_drv.h"
#include "drm/perf_event.h"

/* The kernel's PERF_FLAG_ALL (not in the uAPI header). */
#define PERF_FLAGS_KNOWN (PERF_FLAG_FD_NO_GROUP | PERF_FLAG_FD_OUTPUT | PERF_FLAG_PID_CGROUP | PERF_FLAG_FD_CLOEXEC)
/* The read_format bits this kernel interface defines (PERF_FORMAT_MAX is not ABI). */
#define READ_FORMAT_KNOWN (PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | \
			   PERF_FORMAT_ID | PERF_FORMAT_GROUP | (1u << 4) /* PERF_FORMAT_LOST */)
#define FORMAT_LOST (1u << 4)

#define MAX_EVENTS 256
#define NO_SLOT UINT32_MAX

struct event {
	uint32_t refs;			/* fds of this process naming it; 0: free */
	uint32_t leader;		/* itself for a leader */
	uint32_t next_sibling;		/* the leader's siblings, in the order they were opened */
	uint32_t pad;
	uint64_t config, read_format, id;
	bool enabled;
	uint64_t count;			/* counted in earlier enabled periods */
	uint64_t base;			/* the driver's counter when this period began */
	uint64_t time;			/* ns enabled in earlier periods */
	uint64_t since;			/* when this period began */
};

static struct event events[MAX_EVENTS];
static pthread_mutex_t events_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_id = 1;

bool shim_perf_type_ours(uint32_t type)
{
	return shim_drv && shim_drv->pmu && shim_drv->pmu->type == type;
}

static void event_enable(struct shim_device *dev, struct event *e)
{
	if (e->enabled)
		return;
	e->base = shim_drv->pmu->read(dev, e->config);
	e->since = shim_now_ns();
	e->enabled = true;
}

static void event_disable(struct shim_device *dev, struct event *e)
{
	if (!e->enabled)
		return;
	e->count += shim_drv->pmu->read(dev, e->config) - e->base;
	e->time += shim_now_ns() - e->since;
	e->enabled = false;
}

static void event_reset(struct shim_device *dev, struct event *e)
{
	e->count = 0;
	if (e->enabled)
		e->base = shim_drv->pmu->read(dev, e->config);
}

static uint64_t event_value(struct shim_device *dev, const struct event *e)
{
	return e->count + (e->enabled ? shim_drv->pmu->read(dev, e->config) - e->base : 0);
}

static uint64_t event_time(const struct event *e, uint64_t now)
{
	return e->time + (e->enabled ? now - e->since : 0);
}

/* perf_copy_attr: the caller's attr as big as it says it is, 0 meaning the first version. */
static int copy_attr(uint64_t uattr, struct perf_event_attr *attr)
{
	uint32_t size;
	memset(attr, 0, sizeof(*attr));
	if (shim_copy_from_user(&size, uattr + offsetof(struct perf_event_attr, size), sizeof(size)))
		return -EFAULT;
	if (size == 0)
		size = PERF_ATTR_SIZE_VER0;
	if (size < PERF_ATTR_SIZE_VER0 || size > 4096)
		return -E2BIG;
	if (size > sizeof(*attr)) {
		/* A newer program's attr: what we do not know must be zero. */
		uint8_t tail[64];
		for (uint64_t off = sizeof(*attr); off < size; off += sizeof(tail)) {
			size_t n = size - off < sizeof(tail) ? size - off : sizeof(tail);
			if (shim_copy_from_user(tail, uattr + off, n))
				return -EFAULT;
			for (size_t i = 0; i < n; i++)
				if (tail[i])
					return -E2BIG;
		}
		size = sizeof(*attr);
	}
	if (shim_copy_from_user(attr, uattr, size))
		return -EFAULT;
	attr->size = size;
	return 0;
}

int shim_perf_event_open(struct shim_device *dev, uint64_t uattr, pid_t pid, int cpu, int group,
			 unsigned long flags, uint32_t *slot)
{
	struct perf_event_attr attr;
	int ret;

	if (flags & ~(unsigned long)PERF_FLAGS_KNOWN)
		return -EINVAL;
	if ((ret = copy_attr(uattr, &attr)))
		return ret;
	if (attr.read_format & ~(uint64_t)READ_FORMAT_KNOWN)
		return -EINVAL;
	if (!attr.freq && (attr.sample_period & (1ull << 63)))
		return -EINVAL;
	if (pid == -1 && cpu == -1)
		return -EINVAL;
	if (group == -2)
		return -EBADF;		/* group_fd is not a perf event of ours (see the man page) */
	/* The driver's event_init runs before the context is chosen, as perf_event_alloc does. */
	if ((ret = shim_drv->pmu->event_init(dev, &attr, cpu)))
		return ret;
	/* The PMU counts device-wide only (perf_invalid_context): no task events. */
	if (pid != -1 || (flags & PERF_FLAG_PID_CGROUP))
		return -EINVAL;

	shim_mutex_lock(&events_lock);
	if (group >= 0) {
		struct event *l = (uint32_t)group < MAX_EVENTS ? &events[group] : NULL;
		if (!l || !l->refs || l->leader != (uint32_t)group) {
			shim_mutex_unlock(&events_lock);
			return -EINVAL;		/* a sibling cannot lead (perf_event_open) */
		}
	}
	uint32_t s = 0;
	while (s < MAX_EVENTS && events[s].refs)
		s++;
	if (s == MAX_EVENTS) {
		shim_mutex_unlock(&events_lock);
		return -EMFILE;			/* our table, not the kernel's limit: said in the man page */
	}
	int fd = eventfd(0, EFD_NONBLOCK | ((flags & PERF_FLAG_FD_CLOEXEC) ? EFD_CLOEXEC : 0));
	if (fd < 0) {
		ret = -errno;
		shim_mutex_unlock(&events_lock);
		return ret;
	}
	struct event *e = &events[s];
	*e = (struct event){ .refs = 1, .leader = group >= 0 ? (uint32_t)group : s, .next_sibling = NO_SLOT,
			     .config = attr.config, .read_format = attr.read_format, .id = next_id++ };
	if (group >= 0) {
		uint32_t *link = &events[group].next_sibling;
		while (*link != NO_SLOT)
			link = &events[*link].next_sibling;
		*link = s;
	}
	if (!attr.disabled)
		event_enable(dev, e);
	shim_mutex_unlock(&events_lock);
	*slot = s;
	return fd;
}

/* One event's part of a read: value, then id and lost as read_format asks. */
static size_t put_value(struct shim_device *dev, const struct event *e, uint64_t rf, uint64_t *out)
{
	size_t n = 0;
	out[n++] = event_value(dev, e);
	if (rf & PERF_FORMAT_ID)
		out[n++] = e->id;
	if (rf & FORMAT_LOST)
		out[n++] = 0;		/* a counting event loses nothing */
	return n;
}

ssize_t shim_perf_event_read(struct shim_device *dev, uint32_t slot, uint64_t ubuf, size_t len)
{
	uint64_t out[3 + 3 * MAX_EVENTS];
	size_t n = 0;
	uint64_t now = shim_now_ns();

	shim_mutex_lock(&events_lock);
	const struct event *e = &events[slot];
	uint64_t rf = e->read_format;
	if (rf & PERF_FORMAT_GROUP) {
		/* The group as its leader sees it: this event and the siblings its leader has. */
		const struct event *l = &events[e->leader];
		uint64_t nr = 1;
		for (uint32_t s = l->next_sibling; s != NO_SLOT; s = events[s].next_sibling)
			nr++;
		out[n++] = nr;
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			out[n++] = event_time(l, now);
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			out[n++] = event_time(l, now);	/* never multiplexed: runs whenever enabled */
		n += put_value(dev, l, rf, out + n);
		for (uint32_t s = l->next_sibling; s != NO_SLOT; s = events[s].next_sibling)
			n += put_value(dev, &events[s], rf, out + n);
	} else {
		out[n++] = event_value(dev, e);
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			out[n++] = event_time(e, now);
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			out[n++] = event_time(e, now);
		if (rf & PERF_FORMAT_ID)
			out[n++] = e->id;
		if (rf & FORMAT_LOST)
			out[n++] = 0;
	}
	shim_mutex_unlock(&events_lock);
	size_t bytes = n * sizeof(uint64_t);
	if (len < bytes)
		return -ENOSPC;
	if (shim_copy_to_user(ubuf, out, bytes))
		return -EFAULT;
	return (ssize_t)bytes;
}

int shim_perf_event_ioctl(struct shim_device *dev, uint32_t slot, unsigned long cmd, uint64_t arg)
{
	void (*op)(struct shim_device *, struct event *);
	switch (cmd) {
	case PERF_EVENT_IOC_ENABLE: op = event_enable; break;
	case PERF_EVENT_IOC_DISABLE: op = event_disable; break;
	case PERF_EVENT_IOC_RESET: op = event_reset; break;
	case PERF_EVENT_IOC_ID: {
		shim_mutex_lock(&events_lock);
		uint64_t id = events[slot].id;
		shim_mutex_unlock(&events_lock);
		return shim_copy_to_user(arg, &id, sizeof(id)) ? -EFAULT : 0;
	}
	case PERF_EVENT_IOC_PERIOD:
	case PERF_EVENT_IOC_REFRESH:
		return -EINVAL;		/* the kernel's answer for a counting (non-sampling) event */
	case PERF_EVENT_IOC_SET_OUTPUT:
	case PERF_EVENT_IOC_SET_FILTER:
	case PERF_EVENT_IOC_SET_BPF:
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
	case PERF_EVENT_IOC_QUERY_BPF:
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		return -EINVAL;		/* ring buffers, filters and BPF are not emulated (man page) */
	default:
		return -ENOTTY;
	}
	shim_mutex_lock(&events_lock);
	struct event *e = &events[slot];
	if (arg & PERF_IOC_FLAG_GROUP) {
		/* The whole group of e's leader. */
		struct event *l = &events[e->leader];
		op(dev, l);
		for (uint32_t s = l->next_sibling; s != NO_SLOT; s = events[s].next_sibling)
			op(dev, &events[s]);
	} else {
		op(dev, e);
	}
	shim_mutex_unlock(&events_lock);
	return 0;
}

void shim_perf_event_dup(uint32_t slot)
{
	shim_mutex_lock(&events_lock);
	if (slot < MAX_EVENTS && events[slot].refs)
		events[slot].refs++;
	shim_mutex_unlock(&events_lock);
}

void shim_perf_event_closed(uint32_t slot)
{
	shim_mutex_lock(&events_lock);
	struct event *e = slot < MAX_EVENTS ? &events[slot] : NULL;
	if (!e || !e->refs || --e->refs) {
		shim_mutex_unlock(&events_lock);
		return;
	}
	if (e->leader == slot) {
		/* A leader going leaves its siblings as events of their own (perf_group_detach). */
		for (uint32_t s = e->next_sibling, next; s != NO_SLOT; s = next) {
			next = events[s].next_sibling;
			events[s].leader = s;
			events[s].next_sibling = NO_SLOT;
		}
	} else {
		uint32_t *link = &events[e->leader].next_sibling;
		while (*link != NO_SLOT && *link != slot)
			link = &events[*link].next_sibling;
		if (*link == slot)
			*link = e->next_sibling;
	}
	memset(e, 0, sizeof(*e));
	shim_mutex_unlock(&events_lock);
}
