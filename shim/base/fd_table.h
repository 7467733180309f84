/* SPDX-License-Identifier: MIT */
/*
 * This process's view of which fds are the shim's.
 *
 * An entry is made when the shim hands out an fd (open of a node, dup of
 * one) or first recognises one it did not hand out in this process
 * (inherited over exec, received over a socket), and removed when the fd is
 * closed through close/dup2/dup3/close_range. Entries are plain values, so
 * a lookup copies one out; fork copies the table with the fds.
 */
#ifndef SHIM_FD_TABLE_H
#define SHIM_FD_TABLE_H

#include <stdbool.h>
#include <stdint.h>

enum shim_fd_kind {
	SHIM_FD_NONE = 0,
	SHIM_FD_DEVICE,		/* an open file of a DRM node */
	SHIM_FD_DMABUF,		/* a dma-buf (drm/drm_prime.h): slot = its id, generation = its inode */
	SHIM_FD_CONTROL,	/* a debugfs control opened for writing (i915/gt/intel_reset.c): slot = minor */
	SHIM_FD_PERF,		/* a perf event of the driver's PMU (drm/perf_event.h): slot = its event */
	SHIM_FD_SYNC_FILE,	/* a sync_file (drm/sync_file.c): slot = its id, generation = its inode */
};

struct shim_fd_entry {
	uint32_t kind;
	uint32_t slot;
	uint64_t generation;
};

bool shim_fd_lookup(int fd, struct shim_fd_entry *out);
void shim_fd_set(int fd, const struct shim_fd_entry *e);
/* Removes and returns the entry of fd, if any. */
bool shim_fd_take(int fd, struct shim_fd_entry *out);

#endif
