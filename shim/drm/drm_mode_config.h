/* SPDX-License-Identifier: MIT */
/*
 * DOC: the mode objects (the kernel's drm_mode_config and drm_mode_object)
 *
 * The device's display as the DRM core sees it: CRTCs, encoders, connectors,
 * planes, properties, property blobs and framebuffers, all mode objects of
 * one id space (struct shim_mode_config's ids: lowest free id from 1, as the
 * kernel's object_idr). Device-wide, in the shared state: one block, made the
 * first time a KMS ioctl needs it (shim_mode_config_get), by the driver's
 * mode_config_init hook (drm_drv.h) through the shim_mode_*_add() calls
 * below; blobs and framebuffers are blocks of their own.
 *
 * An id's idr value is the offset of its object << 4 | its SHIM_MODE_* type, so a
 * lookup checks the type in one load. CRTCs, encoders, connectors, planes and
 * properties live inside the config block and last as long as the instance;
 * a blob lives until it is replaced (a CRTC's MODE_ID) or the instance goes;
 * a framebuffer is counted (its id, the file that made it, holds one
 * reference; every plane that shows it holds one) and holds one reference on
 * each GEM object it scans out. It belongs to the file that made it: when
 * that file is released its framebuffers go (shim_mode_file_release).
 *
 * Events (vblank, sequence and flip completions) are blocks on one list of
 * the config, each its file's until read(2) or the file's release
 * (drm/drm_event.c).
 *
 * Property values are not stored per object: they are read from the
 * object's state (a plane's FB_ID is its fb), as an atomic driver's are.
 *
 * An id a caller names is looked up with its file (shim_mode_object_lookup,
 * shim_mode_object_find_uapi): a lessee's file finds no CRTC, connector or
 * plane outside its lease (drm/drm_lease.c), as the kernel's lookups do.
 *
 * Everything here runs with the device lock held, except the _ioctl entry
 * points, which take it. Calls base/ and the core's GEM handles only.
 */
#ifndef SHIM_DRM_MODE_CONFIG_H
#define SHIM_DRM_MODE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <drm.h>
#include <drm_mode.h>

#include "base/shared_mem.h"
#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"

/* The type of an id (low 4 bits of its idr value). */
enum shim_mode_type {
	SHIM_MODE_CRTC = 1, SHIM_MODE_ENCODER, SHIM_MODE_CONNECTOR, SHIM_MODE_PLANE,
	SHIM_MODE_PROPERTY, SHIM_MODE_BLOB, SHIM_MODE_FB,
};

/* The values of a plane's "type" property (the kernel's enum drm_plane_type, not uAPI). */
#define DRM_PLANE_TYPE_OVERLAY 0
#define DRM_PLANE_TYPE_PRIMARY 1
#define DRM_PLANE_TYPE_CURSOR 2

#define SHIM_MAX_CRTCS 4
#define SHIM_MAX_PLANES 32
#define SHIM_MAX_ENCODERS 4
#define SHIM_MAX_CONNECTORS 2
#define SHIM_MAX_CONN_MODES 16
#define SHIM_MAX_PLANE_FORMATS 24
#define SHIM_MAX_PLANE_MODIFIERS 8

/* The standard properties, created by the core (drm_mode_create_standard_properties
 * and the connector/plane/CRTC inits of drm_connector.c, drm_plane.c, drm_crtc.c). */
enum shim_prop {
	SHIM_PROP_EDID, SHIM_PROP_DPMS, SHIM_PROP_TILE, SHIM_PROP_LINK_STATUS, SHIM_PROP_NON_DESKTOP,
	SHIM_PROP_TYPE, SHIM_PROP_SRC_X, SHIM_PROP_SRC_Y, SHIM_PROP_SRC_W, SHIM_PROP_SRC_H,
	SHIM_PROP_CRTC_X, SHIM_PROP_CRTC_Y, SHIM_PROP_CRTC_W, SHIM_PROP_CRTC_H,
	SHIM_PROP_FB_ID, SHIM_PROP_IN_FENCE_FD, SHIM_PROP_CRTC_ID, SHIM_PROP_IN_FORMATS,
	SHIM_PROP_ACTIVE, SHIM_PROP_MODE_ID, SHIM_PROP_OUT_FENCE_PTR, SHIM_PROP_VRR_ENABLED,
	SHIM_PROP_COUNT
};

struct shim_mode_property {
	uint32_t id;
	uint32_t which;			/* enum shim_prop */
};
SHIM_SHARED_LAYOUT(struct shim_mode_property, 8);

struct shim_mode_crtc {
	uint32_t id, index;
	uint32_t primary, cursor;	/* plane indices */
	uint32_t enabled;		/* ACTIVE: scanning out, its vblanks counting (crtc_state->active) */
	uint32_t mode_blob;		/* MODE_ID: the blob of the mode (a reference), 0: no mode
					 * (crtc_state->enable); a mode without ACTIVE is DPMS off */
	struct drm_mode_modeinfo mode;	/* valid while mode_blob */
	uint32_t gamma_size;
	uint32_t pad;
	uint64_t vbl_count;		/* vblanks counted before vbl_start_ns */
	uint64_t vbl_start_ns;		/* CLOCK_MONOTONIC of the last enable */
	uint64_t flip_target;		/* the pending commit (a page flip) completes at this vblank
					 * count; 0: none pending (drm_atomic.c) */
	shim_off commit_fence;		/* its out-fence (OUT_FENCE_PTR, a reference), signalled then; 0: none */
	shim_off commit_wait;		/* the in-fence it waits for before its vblank counts (a reference) */
	/* The legacy cursor (drm_plane.c, CURSOR/CURSOR2): the last position a MOVE set (the
	 * kernel's crtc->cursor_x/y, kept while the cursor is off) and the hotspot CURSOR2
	 * gave with the current image (the kernel keeps it on the cursor's framebuffer). */
	int32_t cursor_x, cursor_y;
	int32_t hot_x, hot_y;
	/* The legacy gamma LUT (drm_color_mgmt.c): a block of gamma_size red, then green, then
	 * blue uint16_t entries; 0: the identity ramp the CRTC starts with (i << 8). */
	shim_off gamma_lut;
	/* Pictures written of this CRTC under I915_SHIM_SCANOUT (i915/display/intel_scanout.c). */
	uint64_t scanout_seq;
};
SHIM_SHARED_LAYOUT(struct shim_mode_crtc, 176);

struct shim_mode_plane {
	uint32_t id, index;
	uint32_t type;			/* DRM_PLANE_TYPE_* */
	uint32_t pipe;			/* the CRTC index it belongs to */
	uint32_t crtc;			/* CRTC index + 1 it shows on, 0: off */
	uint32_t in_formats;		/* IN_FORMATS blob id */
	shim_off fb;			/* struct shim_mode_fb shown (a counted reference), 0: none */
	int32_t crtc_x, crtc_y;
	uint32_t crtc_w, crtc_h;
	uint32_t src_x, src_y, src_w, src_h;	/* 16.16 */
	uint32_t nformats, nmodifiers;
	uint32_t formats[SHIM_MAX_PLANE_FORMATS];
	uint64_t modifiers[SHIM_MAX_PLANE_MODIFIERS];
	/* bit f of mod_formats[m]: formats[f] with modifiers[m] (the IN_FORMATS blob's masks) */
	uint64_t mod_formats[SHIM_MAX_PLANE_MODIFIERS];
};
SHIM_SHARED_LAYOUT(struct shim_mode_plane, 296);

struct shim_mode_encoder {
	uint32_t id, index;
	uint32_t type;			/* DRM_MODE_ENCODER_* */
	uint32_t crtc;			/* CRTC index + 1 it drives, 0: none */
	uint32_t possible_crtcs, possible_clones;
};
SHIM_SHARED_LAYOUT(struct shim_mode_encoder, 24);

struct shim_mode_connector {
	uint32_t id, index;
	uint32_t type, type_id;		/* DRM_MODE_CONNECTOR_*, its number among that type */
	uint32_t status;		/* DRM_MODE_CONNECTED ... */
	uint32_t mm_width, mm_height, subpixel;
	uint32_t encoder;		/* encoder index it can use */
	uint32_t crtc;			/* CRTC index + 1 it is routed to, 0: none */
	uint32_t edid;			/* EDID blob id */
	uint32_t dpms;			/* DRM_MODE_DPMS_* */
	uint32_t link_status;
	uint32_t nmodes;
	struct drm_mode_modeinfo modes[SHIM_MAX_CONN_MODES];
};
SHIM_SHARED_LAYOUT(struct shim_mode_connector, 1144);

struct shim_mode_config {
	struct shim_idr ids;		/* mode object id -> offset << 4 | enum shim_mode_type */
	uint32_t min_width, max_width, min_height, max_height;
	uint32_t ncrtcs, nplanes, nencoders, nconnectors;
	uint32_t nfbs;			/* framebuffers alive */
	uint32_t nevents;		/* events queued, pending or ready (drm/drm_event.c) */
	shim_off events;		/* struct shim_event list, oldest first */
	uint64_t ready_stamp;		/* the order in which events became ready */
	struct shim_mode_property props[SHIM_PROP_COUNT];
	struct shim_mode_crtc crtcs[SHIM_MAX_CRTCS];
	struct shim_mode_plane planes[SHIM_MAX_PLANES];
	struct shim_mode_encoder encoders[SHIM_MAX_ENCODERS];
	struct shim_mode_connector connectors[SHIM_MAX_CONNECTORS];
};
SHIM_SHARED_LAYOUT(struct shim_mode_config, 12816);

/*
 * A property blob: its bytes are a block of their own. Counted: the id of a
 * user's blob (CREATEPROPBLOB) holds one reference for its owner file until
 * DESTROYPROPBLOB or the file's release; a CRTC's MODE_ID holds one; the
 * driver's blobs (EDID, IN_FORMATS) hold theirs for the instance. The last
 * put removes the id.
 */
struct shim_mode_blob {
	uint32_t id;
	uint32_t length;
	shim_off data;
	uint32_t refcount;
	uint32_t owner;			/* slot + 1 of the file that made it; 0: the core's or driver's */
	uint64_t owner_generation;
};
SHIM_SHARED_LAYOUT(struct shim_mode_blob, 32);

/*
 * An event of an open file (drm_pending_event): a vblank event, a page flip's
 * completion or a CRTC sequence event. Pending until the CRTC's vblank count
 * reaches target (computed when someone looks: drm/drm_event.c), then ready
 * (ready is its order among ready ones) with its data filled as read(2)
 * returns it. Freed when read, or with its file.
 */
struct shim_event {
	shim_off next;
	uint32_t owner;			/* the file's slot */
	uint32_t crtc;			/* CRTC index */
	uint64_t owner_generation;
	uint64_t target;		/* vblank count it fires at */
	uint64_t ready;			/* 0: pending, else its ready_stamp */
	uint32_t length;		/* bytes of data (the drm_event's length) */
	uint32_t flip;			/* completes the CRTC's pending commit; 2: its in-fence has
					 * not signalled yet, target not known; 3: its commit is
					 * being made (drm_atomic.c) */
	uint8_t data[32];		/* struct drm_event_vblank or drm_event_crtc_sequence */
};
SHIM_SHARED_LAYOUT(struct shim_event, 80);

/* A framebuffer (drm_framebuffer). */
#define SHIM_FB_INTERNAL UINT32_MAX	/* owner of a framebuffer no file owns (the cursor's) */
struct shim_mode_fb {
	uint32_t refcount;
	uint32_t id;
	uint32_t owner;			/* slot of the file that made it, or SHIM_FB_INTERNAL */
	uint32_t width, height, format, flags;
	uint32_t nplanes;
	uint64_t owner_generation;
	uint64_t modifier;
	uint32_t handles[4];		/* as given, in the owner's file */
	uint32_t pitches[4], offsets[4];
	shim_off obj[4];		/* the GEM objects, one counted reference per plane */
};
SHIM_SHARED_LAYOUT(struct shim_mode_fb, 128);

/* A plane's state as a commit proposes it (drm_plane_state's uAPI part), for the checks. */
struct shim_plane_state {
	uint32_t crtc;			/* CRTC index + 1, 0: off */
	shim_off fb;			/* struct shim_mode_fb, 0: none */
	int32_t crtc_x, crtc_y;
	uint32_t crtc_w, crtc_h;
	uint32_t src_x, src_y, src_w, src_h;	/* 16.16 */
};

/* --- for the driver's mode_config_init hook ----------------------------------------- */

/* The config (made on first use, under the device lock), or NULL: no display (-errno in *err). */
struct shim_mode_config *shim_mode_config_get(struct shim_device *dev, int *err);
/* For the ioctls: takes the device lock and returns the config; NULL (lock not held,
 * -errno in *err) when there is no display. */
struct shim_mode_config *shim_mode_lock(struct shim_call *call, int *err);

/* Copies id into the user's u32 array at ptr, index i, when user_count has room: the kernel's
 * per-element "count < user count && put_user" of the id-list ioctls. 0 or -EFAULT. */
int shim_mode_put_id(uint64_t ptr, uint32_t i, uint32_t user_count, uint32_t id);
/* An id for the object at off of type, lowest free from 1; 0 when the idr cannot grow. */
uint32_t shim_mode_object_add(struct shim_device *dev, shim_off off, enum shim_mode_type type);
/* The object of id if it has that type (0: any), else 0. For the core's own uses: what a
 * caller names goes through shim_mode_object_lookup. */
shim_off shim_mode_object_find(struct shim_mode_config *mc, uint32_t id, enum shim_mode_type type);
/* drm_mode_object_lease_required: the types a lease holds; a lessee sees no others of them. */
static inline bool shim_mode_type_leased(unsigned type)
{
	return type == SHIM_MODE_CRTC || type == SHIM_MODE_CONNECTOR || type == SHIM_MODE_PLANE;
}
/* drm_mode_object_find with the caller's file: shim_mode_object_find, and for a lessee's
 * file nothing of a leased type outside its lease (drm/drm_lease.h, LS6). */
shim_off shim_mode_object_lookup(const struct shim_file *file, struct shim_mode_config *mc, uint32_t id,
				 enum shim_mode_type type);
/* A new immutable blob holding len bytes, one reference (the caller's); its id, or 0 when
 * the state is full. */
uint32_t shim_mode_blob_create(struct shim_device *dev, const void *data, uint32_t len);
void shim_mode_blob_get(struct shim_device *dev, uint32_t id);
/* Drops a reference; the last one frees the blob and its id. */
void shim_mode_blob_put(struct shim_device *dev, uint32_t id);
/* drm_property_destroy_user_blobs: the file's own blobs lose its reference. */
void shim_mode_blobs_file_release(struct shim_device *dev, struct shim_mode_config *mc, uint32_t slot,
				  uint64_t generation);
/* The IN_FORMATS blob of a plane whose formats and modifiers are set. */
uint32_t shim_plane_in_formats_blob(struct shim_device *dev, const struct shim_mode_plane *plane);

/* drm_plane_check_pixel_format: does the plane scan out format with modifier? */
bool shim_plane_has_format(const struct shim_mode_plane *p, uint32_t format, uint64_t modifier);

/* The modes in a list valid for clients without the aspect-ratio cap are all of them;
 * helpers of drm_modes.c: */
/* A mode's vertical refresh in mHz (drm_mode_vrefresh * 1000, exact). */
uint64_t shim_mode_vrefresh_mhz(const struct drm_mode_modeinfo *m);
/* Fills the mode's name ("1920x1080") as drm_mode_set_name does. */
void shim_mode_set_name(struct drm_mode_modeinfo *m);
/* drm_mode_convert_umode's checks: 0 or -EINVAL. */
int shim_mode_check_umode(const struct drm_mode_modeinfo *m);

/* --- framebuffers (drm_framebuffer.c) --------------------------------------------------- */

/* drm_fb_release: a file is being released; its framebuffers go, and planes and CRTCs
 * that show one are turned off. */
void shim_mode_file_release(struct shim_device *dev, struct shim_file *file);
void shim_mode_fb_get(struct shim_device *dev, shim_off fb);
/*
 * drm_internal_framebuffer_create: the checks of ADDFB2 (the core's, then the driver's
 * fb_create) and a new framebuffer, with the device lock held; 0 (*out its offset) or
 * -errno. A framebuffer made with internal belongs to no file (owner SHIM_FB_INTERNAL: no
 * RMFB, not in GETRESOURCES, not released with a file) and its id holds no reference: the
 * caller hands the one it gets to a plane, and it goes when the plane lets go of it.
 */
int shim_mode_fb_create(struct shim_call *call, struct shim_mode_config *mc, struct drm_mode_fb_cmd2 *r,
			bool internal, shim_off *out);
void shim_mode_fb_put(struct shim_device *dev, shim_off fb);
/*
 * The framebuffer's implicit fences: the write fences of its objects that have not
 * signalled (the rendering a plane showing it must wait for: drm_gem_plane_helper_prepare_fb,
 * i915's intel_prepare_plane_fb), each object once, appended to fences[n..] (room for 4 more
 * needed); the new count. No references are taken: the objects hold them, and the caller
 * takes its own (shim_fence_get, or a composite that keeps its parts) before the lock goes.
 */
uint32_t shim_mode_fb_write_fences(const struct shim_mode_fb *fb, shim_off *fences, uint32_t n);
/* Turns a plane off (dropping its fb); turns its CRTC off too if it is the primary. */
void shim_mode_plane_disable(struct shim_device *dev, struct shim_mode_config *mc,
			     struct shim_mode_plane *plane);
void shim_mode_crtc_disable(struct shim_device *dev, struct shim_mode_config *mc,
			    struct shim_mode_crtc *crtc);
/* What the CRTC shows changed (a commit: SETCRTC, PAGE_FLIP, ATOMIC and SETPLANE, CURSOR,
 * SETGAMMA; one that waits for fences when they have signalled, drm_event.c): tells the
 * driver (shim_driver.crtc_updated). Device lock held. */
void shim_mode_crtc_updated(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *crtc);

/* --- ioctls ---------------------------------------------------------------------------- */
int shim_mode_getresources_ioctl(struct shim_call *call, void *data);
int shim_mode_getplaneresources_ioctl(struct shim_call *call, void *data);
int shim_mode_getcrtc_ioctl(struct shim_call *call, void *data);
int shim_mode_setcrtc_ioctl(struct shim_call *call, void *data);
int shim_mode_getplane_ioctl(struct shim_call *call, void *data);
int shim_mode_getencoder_ioctl(struct shim_call *call, void *data);
int shim_mode_getconnector_ioctl(struct shim_call *call, void *data);
int shim_mode_getproperty_ioctl(struct shim_call *call, void *data);
int shim_mode_getpropblob_ioctl(struct shim_call *call, void *data);
int shim_mode_obj_getproperties_ioctl(struct shim_call *call, void *data);
int shim_mode_addfb_ioctl(struct shim_call *call, void *data);
int shim_mode_addfb2_ioctl(struct shim_call *call, void *data);
int shim_mode_rmfb_ioctl(struct shim_call *call, void *data);
int shim_mode_getfb_ioctl(struct shim_call *call, void *data);
int shim_mode_getfb2_ioctl(struct shim_call *call, void *data);
int shim_mode_dirtyfb_ioctl(struct shim_call *call, void *data);
int shim_wait_vblank_ioctl(struct shim_call *call, void *data);
int shim_crtc_get_sequence_ioctl(struct shim_call *call, void *data);
int shim_crtc_queue_sequence_ioctl(struct shim_call *call, void *data);
int shim_mode_page_flip_ioctl(struct shim_call *call, void *data);
int shim_mode_setplane_ioctl(struct shim_call *call, void *data);
int shim_mode_createblob_ioctl(struct shim_call *call, void *data);
int shim_mode_destroyblob_ioctl(struct shim_call *call, void *data);
int shim_mode_connector_setproperty_ioctl(struct shim_call *call, void *data);
int shim_mode_obj_setproperty_ioctl(struct shim_call *call, void *data);
int shim_mode_atomic_ioctl(struct shim_call *call, void *data);
int shim_mode_cursor_ioctl(struct shim_call *call, void *data);
int shim_mode_cursor2_ioctl(struct shim_call *call, void *data);
int shim_mode_gamma_get_ioctl(struct shim_call *call, void *data);
int shim_mode_gamma_set_ioctl(struct shim_call *call, void *data);

/* --- events (drm/drm_event.c) ------------------------------------------------------------ */

/* Bytes of events a file may have queued (the kernel's initial event_space). */
#define SHIM_EVENT_SPACE 4096
/* drm_event_reserve_init: queues an event of type/length for the caller's file on CRTC crtc,
 * pending until vblank target (or ready at once: ready_now); NULL: -ENOMEM (no space). The
 * caller fills the user part of data (user_data); the rest is filled when it fires. */
struct shim_event *shim_event_queue(struct shim_device *dev, struct shim_mode_config *mc, struct shim_call *call,
				    uint32_t type, uint32_t crtc, uint64_t target);
/* Makes ready every pending event whose vblank has come (in the order they came). */
void shim_events_update(struct shim_device *dev, struct shim_mode_config *mc);
/* The CRTC's pending commit is done (its vblank came, or the CRTC went off): flip_target
 * cleared, its out-fence signalled and dropped. */
void shim_crtc_commit_done(struct shim_device *dev, struct shim_mode_crtc *c);
/* A commit with an out-fence (or an in-fence) was made: this process's vblank timer
 * looks now, and then whenever something is due (drm_event.c). */
void shim_event_timer_kick(struct shim_device *dev);
/* drm_crtc_vblank_off: a CRTC goes off; its pending events fire now, with the count it stops at. */
void shim_events_crtc_off(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *c);
/* drm_events_release: a file is being released; its events go. */
void shim_events_file_release(struct shim_device *dev, struct shim_mode_config *mc, uint32_t slot);
/* read(2) of a device fd (drm_read): whole ready events that fit; blocks unless nonblock.
 * Bytes read or -errno. No lock held. */
ssize_t shim_drm_read(struct shim_call *call, void *buf, size_t count, bool nonblock);

/* The properties an object of this type shows, in order (drm_object_attach_property). */
unsigned shim_mode_object_props(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type,
				enum shim_prop *out);
uint64_t shim_mode_prop_value(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type,
			      enum shim_prop which);
/* Static descriptions of the standard properties. */
struct shim_prop_enum { uint64_t value; const char *name; };
struct shim_prop_desc {
	const char *name;
	uint32_t flags;			/* DRM_MODE_PROP_* (with the extended type) */
	unsigned nvalues;
	uint64_t values[2];		/* range/signed range min,max; object type */
	const struct shim_prop_enum *enums;	/* enum: its entries (nvalues of them) */
};
extern const struct shim_prop_desc shim_prop_descs[SHIM_PROP_COUNT];

/* Value | type of an id's idr entry. */
static inline uint64_t shim_mode_entry(shim_off off, enum shim_mode_type t) { return off << 4 | t; }
static inline shim_off shim_mode_entry_off(uint64_t v) { return v >> 4; }
static inline unsigned shim_mode_entry_type(uint64_t v) { return v & 15; }

#endif
