/* SPDX-License-Identifier: MIT */
/*
 * PRIME: GEM objects shared as dma-buf fds (the kernel's drm_prime.c and the
 * parts of dma-buf.c a client can see), doc/uapi-conformance.md §9 and G5.
 *
 * A dma-buf is a record in the shared state (shared->dmabufs, id -> struct
 * shim_dmabuf), at most one per object (obj->dmabuf), holding one object
 * reference. Its file is the regular file "dmabuf-<id>" in the instance
 * directory, made at the first export, sized to the object (so fstat and
 * lseek(SEEK_END) see the size) and stamped with mtime = id (so fstat names
 * the record; the inode confirms it). Every export opens a new description
 * of that file, O_RDWR if the first export asked for DRM_RDWR, else
 * O_RDONLY, close-on-exec iff DRM_CLOEXEC, holding an OFD read lock on byte
 * 0: the kernel drops it when the last fd of the description is gone, in
 * any process (close, exit, a crash), so a probe with F_OFD_GETLK tells
 * whether any dma-buf fd is left.
 *
 * Lifetime, as in the kernel (obj->dma_buf lives while the object has
 * handles; the dma-buf's file lives while it has fds): a record is released
 * - its object reference dropped, its file unlinked - once its object has
 * no handle in any file AND no fd of it is open anywhere. That is checked
 * when the last handle goes (GEM_CLOSE, file release), when a dma-buf fd is
 * closed through close/dup2/close_range, and on every reaping pass (device
 * fd open/close), which catches processes that died. Mappings of a dma-buf
 * fd hold the object, not the record (i915/i915_gem_mmap.c).
 *
 * Per open file, the kernel's prime table: prime_handles (handle -> dma-buf
 * id) and prime_bufs (dma-buf id -> handle | entries << 32). Export and
 * import add the handle's entry; GEM_CLOSE removes it (G5), so a later
 * import finds nothing and makes a fresh handle. An entry never outlives
 * its handle, so it always names a live record.
 *
 * All functions run with the device lock held unless their name ends in
 * _ioctl or they say otherwise.
 */
#ifndef SHIM_PRIME_H
#define SHIM_PRIME_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"

struct shim_dmabuf {
	shim_off obj;		/* one reference */
	uint64_t size;
	uint64_t ino;		/* the file's inode: its identity in every process */
	uint32_t rdwr;		/* every export is O_RDWR (else O_RDONLY): fixed by the first (R5) */
	uint32_t pad;
	char name[32];		/* DMA_BUF_SET_NAME */
};
SHIM_SHARED_LAYOUT(struct shim_dmabuf, 64);

int shim_prime_handle_to_fd_ioctl(struct shim_call *call, void *data);
int shim_prime_fd_to_handle_ioctl(struct shim_call *call, void *data);

/* A handle is going away (GEM_CLOSE): drop its prime-table entry. */
void shim_prime_handle_closed(struct shim_device *dev, struct shim_file *file, uint32_t handle);
/* The object's last handle went: release its dma-buf if no fd of it is left either. */
void shim_prime_object_unhandled(struct shim_device *dev, shim_off obj);
/* A file is released (after its handles): frees its prime table. */
void shim_prime_file_release(struct shim_device *dev, struct shim_file *file);
/* Releases every dma-buf with neither handles nor fds (a reaping pass). */
void shim_prime_reap(struct shim_device *dev);

/*
 * For the interposer (no lock held). shim_prime_fd_id(): the dma-buf id of fd,
 * 0 if fd is not one of ours (checked by fstat; *ino gets its inode).
 * shim_prime_fd_closed(): an fd of dma-buf id was closed in this process.
 */
uint32_t shim_prime_fd_id(struct shim_device *dev, int fd, uint64_t *ino);
void shim_prime_fd_closed(struct shim_device *dev, uint32_t id, uint64_t ino);
/* lseek(2), mmap(2) and ioctl(2) of a dma-buf fd: results as the syscalls return them. */
off_t shim_prime_lseek(struct shim_device *dev, uint32_t id, off_t offset, int whence);
void *shim_prime_mmap(struct shim_device *dev, uint32_t id, int fd, void *addr, size_t len, int prot,
		      int flags, off_t offset);
int shim_prime_dmabuf_ioctl(struct shim_device *dev, uint32_t id, unsigned long request, void *arg);

#endif
