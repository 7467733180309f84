/* SPDX-License-Identifier: MIT */
/*
 * Clients and the device process: what notices that a process using the
 * device has gone, and finishes what it left.
 *
 * A client is a process that uses the device. It registers (once per
 * process, again after fork) before it opens a node or submits work: it
 * takes a client id from the shared state and tells the device process
 * about itself over the instance's socket. The device process is the part
 * of the emulated GPU that outlives its clients, one per instance, started
 * by the first client that finds none (a detached /bin/true with the shim
 * preloaded and I915_SHIM_DEVICE_PROCESS=1, so no program's code runs in
 * it). It watches every registered client through a pidfd; when one exits
 * or is killed, it takes the device lock (rolling back whatever the dead
 * process left half done, base/journal.h), releases the open files nothing
 * refers to any more, and hands the client's unfinished work to the driver
 * (struct shim_driver.client_gone), which runs it on the device process's
 * own engines. It leaves when it has watched no client and run nothing for
 * a second, or when its instance is removed.
 *
 * Without a device process (no /bin/sh or /bin/true, spawning refused) the
 * device works as before, said once on stderr: files are released at the
 * next open and work in flight dies with its submitter.
 */
#ifndef SHIM_DRM_DEVICE_PROCESS_H
#define SHIM_DRM_DEVICE_PROCESS_H

#include <stdint.h>

#include "drm/drm_device.h"

/*
 * References a client holds between two locked sections (an object while its
 * pages are copied, fences while it waits) are borrowed: recorded in the
 * client's record in the shared state, so that when the client dies in
 * between, the device process drops them instead of leaking them. Device lock
 * held; a process that never registered borrows untracked (every ioctl
 * registers its process first).
 *
 * A sleeping syncobj wait borrows its futex word (SHIM_BORROW_WAITER) besides
 * the fences and sync objects it waits on: the WAKE callbacks and syncobj
 * waiter nodes that point at the word hang off those fences and sync objects
 * only, so the device process takes them back from there before it frees the
 * word and drops the references.
 */
enum shim_borrow_kind {
	SHIM_BORROW_OBJECT = 1,
	SHIM_BORROW_FENCE = 2,
	SHIM_BORROW_SYNCOBJ = 3,
	SHIM_BORROW_WAITER = 4,
	SHIM_BORROW_KINDS
};
struct shim_client_record {
	shim_off next;			/* the device's list of live clients */
	uint64_t client;
	uint32_t count, cap;
	shim_off borrowed;		/* uint64_t[cap]: offset | kind (offsets are 16-byte aligned) */
};
SHIM_SHARED_LAYOUT(struct shim_client_record, 32);
void shim_borrow(struct shim_device *dev, shim_off off, enum shim_borrow_kind kind);
void shim_unborrow(struct shim_device *dev, shim_off off, enum shim_borrow_kind kind);

/* Registers this process as a client (no lock held); cheap once done. */
void shim_client_register(struct shim_device *dev);
/* This process's client id: 0 if it never registered. */
uint64_t shim_client_id(const struct shim_device *dev);

#endif
