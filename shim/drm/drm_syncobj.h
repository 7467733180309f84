/* SPDX-License-Identifier: MIT */
/*
 * Sync objects (the kernel's drm_syncobj.c) and sync_file fds (drm/sync_file.c).
 *
 * A sync object lives in the shared state and holds at most one fence: a
 * plain one (binary use) or the head of a timeline, whose points are kept
 * as a list of (point, link) where each link is a composite fence of the
 * previous head and the point's fence, so waiting for point N waits for
 * every point up to N, as a dma_fence_chain does. Signalled links at the
 * front are collected. It is counted: one reference per handle (handles
 * are per open file, lowest free first, released with their file), per
 * syncobj fd, per wait in progress and per execbuf that will signal it.
 *
 * Exported fds are real files in the instance directory, one per export,
 * recognised in any process by fstat (device and inode) against a record
 * in the shared registry: "syncobj.<id>" (a regular file) for an opaque
 * syncobj fd, "sync_file.<id>" (a FIFO, see drm/sync_file.c) for a sync_file.
 * Each open file description holds an OFD lock on its file; the kernel
 * drops it when the last fd (in any process) closes, and shim_sync_reap()
 * then releases the record, its reference and the file. Reaping runs on
 * every export and on every device open, so a closed fd's record lives
 * until the next of those.
 *
 * Everything here runs under the device lock unless its name ends in _ioctl.
 */
#ifndef SHIM_SYNCOBJ_H
#define SHIM_SYNCOBJ_H

#include <stdbool.h>
#include <stdint.h>

#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"

struct shim_syncobj_point {
	uint64_t point;
	shim_off fence;		/* the link: signalled once this and every earlier point is */
};
SHIM_SHARED_LAYOUT(struct shim_syncobj_point, 16);

struct shim_syncobj {
	uint32_t refcount;
	uint32_t is_chain;	/* fence is a timeline head */
	shim_off fence;		/* 0: none (unsubmitted) */
	uint64_t head_point;	/* timeline: the point of the head */
	uint64_t gc_point;	/* timeline: the last point collected as signalled */
	shim_off points;	/* struct shim_syncobj_point[cap], oldest first */
	uint32_t npoints, cap;
	shim_off waiters;	/* WAKE callbacks (struct shim_fence_cb): woken on any change */
};
SHIM_SHARED_LAYOUT(struct shim_syncobj, 56);

/* The device-wide registry of exported fds (shared->sync). */
struct shim_sync_registry {
	struct shim_idr sync_files;	/* id -> struct shim_sync_file */
	struct shim_idr syncobj_fds;	/* id -> struct shim_syncobj_fd */
	uint32_t sync_file_cursor;	/* where shim_sync_reap_some() looks next */
	uint32_t syncobj_fd_cursor;
	uint32_t sync_file_recent;	/* the last sync_file made: often closed by the next */
	uint32_t pad;
};
SHIM_SHARED_LAYOUT(struct shim_sync_registry, 64);

struct shim_sync_file {
	shim_off fence;		/* a reference */
	shim_off poke;		/* our POKE callback on the fence while it is pending */
	uint64_t ino;
	char name[32];
};
SHIM_SHARED_LAYOUT(struct shim_sync_file, 56);

struct shim_syncobj_fd {
	shim_off syncobj;	/* a reference */
	uint64_t ino;
};
SHIM_SHARED_LAYOUT(struct shim_syncobj_fd, 16);

struct shim_sync_registry *shim_sync_registry(struct shim_device *dev);	/* NULL: no memory */
/* The path of an exported file: "<instance>/<kind>.<id>". */
void shim_sync_path(struct shim_device *dev, char *buf, size_t len, const char *kind, uint32_t id);
/* Does some open file description still hold the OFD lock of path? */
bool shim_sync_path_alive(const char *path);
/* Releases every record whose fds are all closed. */
void shim_sync_reap(struct shim_device *dev);
/*
 * Device lock held: the same for a few records of each kind, from where the
 * last call stopped. Each look costs an open, so an export must not look at
 * every live one (issue #16); an export that looks at a few more than it
 * makes keeps the dead ones a bounded share of the live. The sync_file made
 * last is looked at first: a program that waits for each fence closes it
 * before its next export, and its id is then free for that one.
 */
void shim_sync_reap_some(struct shim_device *dev);

/* --- sync objects (drm/drm_syncobj.c) --- */
shim_off shim_syncobj_lookup(struct shim_file *file, uint32_t handle);	/* no reference */
void shim_syncobj_get(shim_off so);
void shim_syncobj_put(struct shim_device *dev, shim_off so);
/* Takes back so's waiter nodes that wake waiter (a dead waiter's). Device lock held. */
void shim_syncobj_remove_wake(struct shim_device *dev, shim_off so, shim_off waiter);
/* The fence at point (0: the current fence), a new reference in *fence (0 when the point
 * is signalled and collected); -EINVAL if there is none (yet). */
int shim_syncobj_find_fence(struct shim_device *dev, shim_off so, uint64_t point, shim_off *fence);
/* Replaces the fence (0: reset), dropping any timeline. */
void shim_syncobj_replace_fence(struct shim_device *dev, shim_off so, shim_off fence);
/* Adds a timeline point (point > 0) signalled by fence; 0 or -ENOMEM. */
int shim_syncobj_add_point(struct shim_device *dev, shim_off so, shim_off fence, uint64_t point);
void shim_syncobj_file_release(struct shim_device *dev, struct shim_file *file);
/* The syncobj of an opaque syncobj fd (no reference), or 0. */
shim_off shim_syncobj_of_fd(struct shim_device *dev, int fd);

int shim_syncobj_create_ioctl(struct shim_call *call, void *data);
int shim_syncobj_destroy_ioctl(struct shim_call *call, void *data);
int shim_syncobj_handle_to_fd_ioctl(struct shim_call *call, void *data);
int shim_syncobj_fd_to_handle_ioctl(struct shim_call *call, void *data);
int shim_syncobj_wait_ioctl(struct shim_call *call, void *data);
int shim_syncobj_timeline_wait_ioctl(struct shim_call *call, void *data);
int shim_syncobj_reset_ioctl(struct shim_call *call, void *data);
int shim_syncobj_signal_ioctl(struct shim_call *call, void *data);
int shim_syncobj_timeline_signal_ioctl(struct shim_call *call, void *data);
int shim_syncobj_query_ioctl(struct shim_call *call, void *data);
int shim_syncobj_transfer_ioctl(struct shim_call *call, void *data);

/* --- sync_file fds (drm/sync_file.c) --- */
/*
 * A new sync_file fd (O_CLOEXEC) for fence (it takes its own reference). With
 * onto >= 0, a descriptor reserved earlier (so that a full fd table failed
 * before any work was submitted), onto is closed first and its slot reused:
 * the result is normally that number, or another free one if a thread of the
 * program took it meanwhile. The fd or -errno.
 */
int shim_sync_file_create(struct shim_device *dev, shim_off fence, const char *name, int onto);
/* The fence of a sync_file fd, with a new reference; 0 if fd is not a sync_file. */
shim_off shim_sync_file_fence(struct shim_device *dev, int fd);
/*
 * For poll(2)'s spin (os/interpose_poll.c), no lock held: the fences of the n
 * fds, new references in fences[], when every one is a sync_file of dev;
 * otherwise false and no references.
 */
bool shim_sync_file_fences_get(struct shim_device *dev, const int *fds, unsigned n, shim_off *fences);
void shim_sync_file_fences_put(struct shim_device *dev, const shim_off *fences, unsigned n);
/* The fence signalled: make sync_file id readable (called from drm/dma_fence.c). */
void shim_sync_file_poke(struct shim_device *dev, uint32_t id);
/*
 * SYNC_IOC_* on fd, for the interposer (no lock held): true if fd is one of
 * our sync_files, with the result (>= 0 or -errno) in *ret.
 */
bool shim_sync_file_ioctl(struct shim_device *dev, int fd, unsigned long request, void *arg, int *ret);

#endif
