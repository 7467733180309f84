/* SPDX-License-Identifier: MIT */
/*
 * The invariant checker of a device instance (i915-shim --check): the DRM
 * core's part, and what a driver plugs into it (struct shim_driver_check,
 * reached through struct shim_driver's check hook).
 *
 * A check maps the instance's state file (a mapping of its own), takes the
 * device lock and walks everything reachable from the roots — the device's
 * shared structures and every open file — as a graph of kinds (objects,
 * fences, sync objects, masters, the driver's contexts, ...). Each edge comes
 * from a holder: a row of the reference table ("who holds references to
 * what"), which says what kind it points at and whether it holds a
 * reference. The walks call shim_check_ref() at every edge; when the graph
 * is complete each counted thing's refcount is compared with the references
 * seen, and the arena and the memory pool are proven against what was
 * reached (base/state_check.h).
 *
 * References the state cannot show: an engine thread's process-local copy
 * of the request it runs, and a reference borrowed untracked (the shared
 * state had no room for the note). So a refcount may exceed what the checker
 * sees, and a block may be reachable from nowhere, while the device is busy;
 * those become violations only when it is idle (no fence it can see pending,
 * nobody waiting on a sync object), and are looked at again for a moment
 * before they are believed (a request retires just after its fence
 * signals). What an ioctl asleep in another process holds is in its
 * client's record (drm/drm_device_process.h), and counted.
 *
 * Lifetime: a check lives for one shim_check_instance() call; nothing it
 * hands to the walks outlives it. Everything here runs with the device lock
 * held, and writes nothing to the state.
 */
#ifndef SHIM_DRM_CHECK_H
#define SHIM_DRM_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/state_check.h"
#include "drm/drm_device.h"
#include "drm/drm_gem.h"

struct shim_check;
struct shim_check_node;

/* A kind of thing in the state the walk can reach. */
struct shim_check_kind {
	const char *name;		/* "object": in violation lines */
	const char *plural;		/* "objects": its count in the summary */
	uint64_t size;			/* bytes of its arena block (0: the driver's object_size) */
	/* Its reference count, or NULL when it is not counted (a record one index holds). */
	uint32_t (*refcount)(const void *p);
	/* Checks its insides and follows what it holds (shim_check_ref); may be NULL. */
	void (*walk)(struct shim_check *c, uint64_t off, const void *p);
	/* Once everything is reached: checks that need the whole graph; may be NULL. */
	void (*done)(struct shim_check *c, uint64_t off, const void *p, const struct shim_check_node *n);
};

/* A row of the reference table: something that points at a kind. */
struct shim_check_holder {
	const char *name;		/* "handle": in violation lines */
	const struct shim_check_kind *kind;	/* what it points at */
	bool counted;			/* it holds one reference (else it only points) */
	uint8_t tally;			/* 1 or 2: also counted in the target's tally[0] or [1] */
};

/* What the walk knows about one thing it reached. */
struct shim_check_node {
	uint64_t off;
	uint64_t holders;		/* bit per holder row that points at it */
	uint32_t refs;			/* counted references seen */
	uint32_t tally[2];		/* per kind (objects: handles, bindings; fences: parent callbacks) */
	uint8_t kind;			/* index in the check's kinds */
};

/* What a driver adds to the check (struct shim_driver's check hook). */
struct shim_driver_check {
	uint64_t object_size;		/* its object, which embeds struct shim_gem_object first */
	const struct shim_check_kind *const *kinds;	/* its own kinds, for the summary */
	unsigned num_kinds;
	const struct shim_check_holder *holders;	/* its rows of the reference table */
	unsigned num_holders;
	/* Its device-wide roots (the driver area of struct shim_shared). */
	void (*device)(struct shim_check *c, const void *area);
	/* An open file's driver area. */
	void (*file)(struct shim_check *c, uint32_t slot, const struct shim_file *file, const void *area);
	/* An object reached, after the core checked its part. */
	void (*object)(struct shim_check *c, uint64_t off, const struct shim_gem_object *obj);
	/* An object again once everything is reached. */
	void (*object_done)(struct shim_check *c, uint64_t off, const struct shim_gem_object *obj,
			    const struct shim_check_node *n);
	/* After every node is done. */
	void (*done)(struct shim_check *c);
};

/* The core's counted kinds, for the driver's rows that point at them. */
extern const struct shim_check_kind shim_check_kind_object, shim_check_kind_fence;

/* --- for the walks ----------------------------------------------------------- */

/*
 * An edge: holder, keeping it at `at`, points at off (0: none, ignored).
 * Returns the target (its block checked) or NULL if it cannot be followed
 * (reported). Its insides are walked later, once.
 */
const void *shim_check_ref(struct shim_check *c, const struct shim_check_holder *h, uint64_t at,
			   uint64_t off);
/* The node of a thing already reached, or NULL. Valid until the next shim_check_ref. */
const struct shim_check_node *shim_check_node(struct shim_check *c, uint64_t off);

struct shim_state_check *shim_check_state(struct shim_check *c);
const struct shim_shared *shim_check_shared(struct shim_check *c);
const struct shim_device_model *shim_check_model(struct shim_check *c);
/* The offset of p (a pointer into the checked mapping). */
uint64_t shim_check_at(struct shim_check *c, const void *p);
/* [off, off + len) of the mapping, or NULL (also for off 0, "none"). */
const void *shim_check_get(struct shim_check *c, uint64_t off, uint64_t len);
/* Is off the offset of an open file's struct shim_file? */
bool shim_check_is_open_file(struct shim_check *c, uint64_t off);
/* Counters of the driver's own, zero when a check starts (SHIM_CHECK_DRIVER_TALLIES of them). */
#define SHIM_CHECK_DRIVER_TALLIES 4
int64_t *shim_check_driver_tally(struct shim_check *c);
/* Only meaningful in the done steps: nothing the checker can see is pending. */
bool shim_check_idle(struct shim_check *c);

#define shim_check_fail(c, what, at, ...) \
	shim_check_report(shim_check_state(c), false, what, at, __VA_ARGS__)

/* --- running a check ------------------------------------------------------------ */

struct shim_check_options {
	const char *instance;		/* NULL: as the launcher would pick; else see shim_check_instance */
	FILE *out;			/* violations and the summary */
	unsigned settle_ms;		/* how long soft violations are looked at again */
};

/*
 * Checks an instance: instance is a directory (with a '/'), the name of one in
 * ${I915_SHIM_DIR:-/dev/shm} ("i915-shim-v<layout>-<name>-<devid>"), or an
 * I915_SHIM_INSTANCE name with I915_SHIM_DEVID's device. Writes one line per
 * violation, then "i915-shim: check: summary violations=N idle=B files=N ...".
 * 0 when consistent, 1 with violations, 2 when it could not check (said on out).
 */
int shim_check_instance(const struct shim_check_options *o);

#endif
