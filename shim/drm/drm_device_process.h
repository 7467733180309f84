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

/* Registers this process as a client (no lock held); cheap once done. */
void shim_client_register(struct shim_device *dev);
/* This process's client id: 0 if it never registered. */
uint64_t shim_client_id(const struct shim_device *dev);

#endif
