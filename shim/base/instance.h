/* SPDX-License-Identifier: MIT */
/*
 * A device instance on disk and in this process: the directory every process
 * of one emulated device shares and its state mapping with the robust lock at
 * its head.
 *
 * An instance lives in ${I915_SHIM_DIR:-/dev/shm}/<name>, holding:
 *   state   the shared mapping: struct shim_instance_header, then the
 *           caller's state, then the allocator's space, then the undo
 *           journal's notes (sparse; base/journal.h);
 *   file.N  one FIFO per open-file slot, made by the DRM core when the slot
 *           is first used (drm/drm_file.c says why), and the core's other
 *           named FIFOs and files (sync_file.N, syncobj.N, dmabuf-N);
 *   memory  the object pages (mem_pool.h);
 *   registers  the driver's register file behind the emulated MMIO BAR, made
 *           the first time a process maps the BAR;
 *   root/   the fake file-system tree the caller's populate step writes.
 * It is built complete in a private directory and renamed into place, so a
 * process sees a whole instance or none. It outlives its processes, as a
 * kernel outlives its clients. It belongs to the user who made it, or is
 * shared with a group by that user's choice; an existing one is checked
 * before it is used (base/instance_access.h).
 *
 * Lifetime: struct shim_instance is this process's, filled once by
 * shim_instance_open and kept until exit; the mapping and descriptors it
 * holds are never released. Libc only.
 */
#ifndef SHIM_INSTANCE_H
#define SHIM_INSTANCE_H

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/journal.h"
#include "base/instance_access.h"
#include "base/shared_mem.h"

/* The header's magic once a state is complete (base/instance.c sets it last). */
#define SHIM_STATE_MAGIC 0x6d6968735f353139ull	/* "915_shim" */

/* First in every state mapping: what it is, and the lock that guards the rest. */
struct shim_instance_header {
	uint64_t magic;
	uint32_t layout_version;
	uint32_t key;			/* what else must match (the emulated device id) */
	pthread_mutex_t lock;		/* robust, process-shared */
	struct shim_journal journal;	/* undo notes of the section in progress (base/journal.h) */
};
SHIM_SHARED_LAYOUT(struct shim_instance_header, 104);

/* What kind of instance to find or make. */
struct shim_instance_type {
	uint32_t layout_version;
	uint32_t key;
	size_t state_size;		/* the state, sparse (the journal area follows it) */
	uint64_t journal_cap;		/* undo notes one section may make */
	size_t header_size;		/* the part valgrind may see (the rest is hidden) */
	/* A new state (zeroed, header already set up but not yet marked valid). */
	void (*init_state)(void *state);
	/* Writes the fake tree of a new instance under root, its files and directories made
	 * with the modes access gives (base/instance_access.h). 0 or -errno. */
	int (*populate)(const char *root, const struct shim_instance_access *access, const void *arg);
	const void *populate_arg;
};

struct shim_instance {
	char dir[PATH_MAX];
	char root[PATH_MAX];
	size_t root_len;
	dev_t dir_dev;			/* st_dev of the directory: every file made in it has it */
	int state_fd;			/* the state file, for the arena's reservations */
	struct shim_instance_access access;	/* private or group-shared: the modes of new files */
	void *state;			/* the shared mapping */
};

/*
 * Finds the instance called name (I915_SHIM_DIR, else /dev/shm) or makes it,
 * maps its state and checks it is of this type. 0 or -errno (-EACCES for an
 * instance directory that may not be trusted, -EINVAL for a state of another
 * layout or key, both said on stderr).
 */
int shim_instance_open(struct shim_instance *inst, const struct shim_instance_type *type,
		       const char *name);

/* out = inst's directory + rel, truncated to "" if it cannot fit. */
void shim_instance_path(const struct shim_instance *inst, char *out, size_t len, const char *rel);

/*
 * The robust lock. A holder that died left a half-made change: the next
 * locker rolls it back from the journal before it goes on, so every locked
 * section is all or nothing.
 */
void shim_instance_lock(struct shim_instance_header *h);
void shim_instance_unlock(struct shim_instance_header *h);

/* CLOCK_MONOTONIC in ns: the clock of the lock's spin, of fence deadlines and timestamps. */
uint64_t shim_now_ns(void);
/* Sleeps until that clock reads ns: 0, or -EINTR when a signal handler ran first. */
int shim_sleep_until_ns(uint64_t ns);

#endif
