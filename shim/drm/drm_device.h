/* SPDX-License-Identifier: MIT */
/*
 * One emulated device instance and the device-wide state every process
 * using it shares.
 *
 * The instance (base/instance.h) is the directory ${I915_SHIM_DIR:-/dev/shm}/
 * i915-shim-v<layout>-<instance>-<devid>: its state mapping is struct
 * shim_shared then the allocator's space; "file.<slot>" is the FIFO a device
 * fd of open-file slot <slot> really is (each open of a node is a new open
 * file description of the free slot's FIFO, holding an OFD lock on byte 0);
 * root/ is the fake /dev/dri, sysfs and debugfs tree (drm/drm_sysfs.c builds
 * it, os/fs_view.c serves it). `i915-shim --fresh` removes its own instance.
 *
 * Why a FIFO: a DRM fd is a character device that poll, select and epoll
 * report readable while the file has events queued, and whose read() blocks
 * until one is (unless O_NONBLOCK). A FIFO is the one file a process can make
 * that behaves like that in every process holding it, with no interposing of
 * poll/epoll: a byte in it is an event pending. epoll refuses regular files
 * outright (EPERM), which is what the device fd was before.
 *
 * An open file (struct shim_file, the kernel's drm_file) is a slot in the
 * shared state. It is alive while any fd in any process refers to its open
 * file description: the kernel drops the description's OFD lock when the
 * last such fd closes (close, exit, crash), and shim_device_reap() releases
 * slots whose lock is gone. Handles, auth and master state are per slot, so
 * dup'd and inherited fds share them, as with the kernel.
 *
 * Locking: one robust, process-shared mutex (shim_device_lock) guards all of
 * struct shim_shared. A process that dies holding it leaves it to the next
 * locker, which rolls back the section it left half made (every store into
 * the state is noted first, base/journal.h) and carries on.
 */
#ifndef SHIM_DEVICE_H
#define SHIM_DEVICE_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/instance.h"
#include "base/mem_pool.h"
#include "base/shared_mem.h"
#include "hw/device_model.h"

#define SHIM_LAYOUT_VERSION 21
#define SHIM_MAX_FILES 4096
#define SHIM_STATE_SIZE (2ull << 30)	/* sparse: room for millions of objects (issue #16) */
#define SHIM_JOURNAL_NOTES (1ull << 22)	/* 64 MiB of undo notes after the state, sparse */

enum shim_file_state { SHIM_FILE_FREE = 0, SHIM_FILE_OPEN = 1 };

/* Client capabilities (SET_CLIENT_CAP). */
#define SHIM_CAP_STEREO_3D	(1u << 0)
#define SHIM_CAP_UNIVERSAL	(1u << 1)
#define SHIM_CAP_ATOMIC		(1u << 2)
#define SHIM_CAP_ASPECT_RATIO	(1u << 3)
#define SHIM_CAP_WRITEBACK	(1u << 4)

/*
 * A master (the kernel's drm_master): the device's owner of the display, or a
 * lessee holding part of it (drm/drm_lease.c). Counted: each file that
 * belongs to it, the device while it is the current master, and each of its
 * lessees (their lessor reference) hold one.
 */
struct shim_master {
	uint32_t refcount;
	uint32_t unique_len;
	char unique[32];		/* set by SET_VERSION 1.1+ */
	struct shim_idr magic_map;	/* magic -> slot + 1, or SHIM_MAGIC_USED */
	/* DRM leases (drm/drm_lease.c). A lessee: */
	shim_off lessor;		/* the master it leases from (a reference); 0: an owner */
	uint32_t lessee_id;		/* its id among its owner's lessees, from 1; 0: an owner */
	uint32_t pad;
	struct shim_idr leases;		/* the mode object ids it holds -> 1; empty once revoked */
	shim_off next_lessee;		/* the next in its lessor's list */
	/* An owner: */
	shim_off lessees;		/* its lessees, oldest first (LIST_LESSEES' order) */
	struct shim_idr lessee_ids;	/* lessee id -> struct shim_master, lowest free from 1 */
};
SHIM_SHARED_LAYOUT(struct shim_master, 144);
#define SHIM_MAGIC_USED UINT64_MAX

/* Room for the driver's part of an open file and of the device (drm_drv.h): fixed
 * areas inside the shared mapping, zeroed when the file or the instance is made. */
#define SHIM_DRIVER_FILE_SIZE	96
#define SHIM_DRIVER_SHARED_SIZE	256

struct shim_file {
	uint32_t state;
	uint32_t minor;			/* 0 primary, 128 render */
	uint64_t generation;		/* bumped whenever the slot is released */
	uint8_t authenticated, is_master, was_master, pad0;
	uint32_t caps;
	int32_t pid;			/* tgid of the opener */
	uint32_t magic;
	shim_off master;		/* struct shim_master, primary nodes only */
	struct shim_idr handles;	/* GEM handle -> struct shim_gem_object */
	struct shim_idr syncobjs;	/* syncobj handle -> struct shim_syncobj (drm/drm_syncobj.h) */
	struct shim_idr prime_handles;	/* GEM handle -> dma-buf id (drm/drm_prime.h) */
	struct shim_idr prime_bufs;	/* dma-buf id -> handle | entries << 32 (drm/drm_prime.h) */
	uint64_t driver[SHIM_DRIVER_FILE_SIZE / 8];	/* the driver's (the kernel's driver_priv) */
	uint64_t fifo_ino;		/* inode of the "file.<slot>" FIFO its fds are */
};
SHIM_SHARED_LAYOUT(struct shim_file, 240);

struct shim_shared {
	struct shim_instance_header hdr;	/* magic, layout, device id, the lock */
	struct shim_arena arena;
	shim_off master;		/* current master, or 0 */
	struct shim_idr flink_names;	/* name -> object */
	struct shim_mem_pool mem;	/* object pages */
	struct shim_idr mmap_nodes;	/* fake mmap offset >> 32 -> object | type */
	uint64_t next_timeline;		/* fence context ids */
	uint32_t files_open;
	uint32_t files_hint;
	uint64_t objects;		/* live GEM objects, for the trace */
	uint64_t next_client;		/* client ids (drm/drm_device_process.h) */
	shim_off clients;		/* struct shim_client_record list (drm/drm_device_process.h) */
	shim_off sync;			/* struct shim_sync_registry (drm/drm_syncobj.h), made on first use */
	struct shim_idr dmabufs;	/* dma-buf id -> struct shim_dmabuf (drm/drm_prime.h) */
	shim_off mode_config;		/* struct shim_mode_config (drm/drm_mode_config.h), made on first use */
	uint64_t driver[SHIM_DRIVER_SHARED_SIZE / 8];	/* the driver's device-wide state */
	struct shim_file files[SHIM_MAX_FILES];
};
SHIM_SHARED_LAYOUT(struct shim_shared, 986064);

struct shim_device {
	const struct shim_device_model *model;
	struct shim_shared *shared;
	struct shim_instance inst;	/* the directory and the state mapping (base/instance.h) */
	struct shim_mem mem;		/* the memory file and its pool (base/mem_pool.h) */
	dev_t node_dev;			/* identity of root/dev/dri/{card0,renderD128} */
	ino_t node_ino[2];
};

/* The device instance of this process, set up on first use; NULL (errno set) on failure. */
struct shim_device *shim_device_get(void);
/* Already set up, or NULL: never creates anything. */
struct shim_device *shim_device_peek(void);

void shim_device_lock(struct shim_device *dev);
void shim_device_unlock(struct shim_device *dev);

/*
 * Does this thread hold dev's lock? Functions whose contract is "device lock
 * held" say so with shim_assert_locked(), checked in debug builds (without
 * NDEBUG, as the test suite builds): a broken contract aborts with the
 * function's name instead of racing another process on the shared state.
 */
bool shim_device_locked(const struct shim_device *dev);
__attribute__((noreturn)) void shim_lock_contract_broken(const char *func);
#ifdef NDEBUG
#define shim_assert_locked(dev) ((void)(dev))
#else
#define shim_assert_locked(dev) \
	((void)(shim_device_locked(dev) || (shim_lock_contract_broken(__func__), 0)))
#endif

/*
 * Opens a node (minor 0 or 128) as a new open file; returns a real fd with
 * the caller's access mode and O_CLOEXEC/O_NONBLOCK, or -errno.
 * *slot receives the open file's slot.
 */
int shim_device_open(struct shim_device *dev, unsigned minor, int flags, uint32_t *slot,
		     uint64_t *generation);

/*
 * Device lock held: a new open file of the primary node, as a lease's lessee file is made
 * (the kernel's file_clone_open in CREATE_LEASE, drm/drm_lease.c): a real fd with
 * O_CLOEXEC/O_NONBLOCK from flags, or -errno. The file has no master yet: the caller
 * gives it one before the section ends.
 */
int shim_device_clone_open(struct shim_device *dev, int flags, uint32_t *slot, uint64_t *generation);

/* The slot of an fd that is one of our "file.<slot>" FIFOs (for fds we did not hand
 * out in this process: inherited across exec, received over a socket); -1 if not ours. */
int shim_device_slot_of_fd(struct shim_device *dev, int fd, uint64_t *generation);
/* Makes the slot's fds poll readable or not (drm_file.c); device lock held. */
void shim_file_set_readable(struct shim_device *dev, uint32_t slot, bool readable);

/* Called after an fd of slot was closed: releases the open file if that was its last fd. */
void shim_device_file_closed(struct shim_device *dev, uint32_t slot, uint64_t generation);

/*
 * Releases every open file whose last fd is gone. Device lock held, with
 * nothing changed yet in the section: it commits as it goes (a checkpoint
 * after each pass and each file released).
 */
void shim_device_reap(struct shim_device *dev);
/*
 * A file's release commits its section (shim_journal_checkpoint) after every
 * this many handles, between two whole ones, so that the undo journal never
 * has to hold the release of a file with millions of them. A holder that dies
 * after such a point leaves the file half released and still open; the next
 * reaping pass releases the rest.
 */
#define SHIM_RELEASE_CHECKPOINT 1024


/*
 * File operations on device fds and the instance's tree that the driver answers
 * (drm_drv.h), for the interposers. No lock held.
 */
struct shim_call;
void *shim_drm_mmap(struct shim_call *call, void *addr, size_t len, int prot, int flags, off_t offset);
/* Any munmap(2) of this process: the driver forgets the mappings it made there. */
void shim_drm_munmap(void *addr, size_t len);
/* A path of the tree opened for writing: the minor of the driver control it is, or -1. */
int shim_drm_control_minor(struct shim_device *dev, const char *path);
/* The last write descriptor of that control was closed: the driver acts on it. */
void shim_drm_control_closed(struct shim_device *dev, unsigned minor);

/* Does the caller have CAP_SYS_ADMIN (the kernel's "privileged")? */
bool shim_capable_sys_admin(void);
/* Has the calling thread this capability (linux/capability.h numbering) in its effective set? */
bool shim_capable(int cap);

#endif
