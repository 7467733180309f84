/* SPDX-License-Identifier: MIT */
/*
 * The DRM core's informational ioctls: VERSION, GET_UNIQUE, GET_CLIENT,
 * GET_STATS, SET_VERSION, GET_CAP and SET_CLIENT_CAP, answering as the DRM
 * core of Linux 6.1 does with the registered driver's name and version
 * (doc/uapi-conformance.md §1–5).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <drm.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/drm_drv.h"
#include "drm/drm_ioctl.h"


#define DRM_IF_MAJOR 1
#define DRM_IF_MINOR 4

/* The kernel's drm_copy_field: the length is always the full length; at most
 * buflen bytes are copied and no NUL is ever added. */
static int copy_field(uint64_t ubuf, __kernel_size_t *buflen, const char *value)
{
	size_t len = strlen(value);
	size_t n = *buflen < len ? *buflen : len;
	*buflen = len;
	if (!n || !ubuf)
		return 0;
	return shim_copy_to_user(ubuf, value, n);
}

int shim_drm_version(struct shim_call *call, void *data)
{
	struct drm_version *v = data;
	int ret;

	v->version_major = shim_drv->major;
	v->version_minor = shim_drv->minor;
	v->version_patchlevel = shim_drv->patchlevel;
	ret = copy_field(shim_uptr(v->name), &v->name_len, shim_drv->name);
	if (!ret)
		ret = copy_field(shim_uptr(v->date), &v->date_len, shim_drv->date);
	if (!ret)
		ret = copy_field(shim_uptr(v->desc), &v->desc_len, shim_drv->desc);
	return ret;
}

int shim_drm_get_unique(struct shim_call *call, void *data)
{
	struct drm_unique *u = data;
	struct shim_device *dev = call->dev;
	int ret = 0;

	shim_device_lock(dev);
	struct shim_master *master = shim_ptr(call->file->master);
	uint32_t len = master ? master->unique_len : 0;
	if (u->unique_len >= len && len)
		ret = shim_copy_to_user(shim_uptr(u->unique), master->unique, len);
	if (!ret)
		u->unique_len = len;
	shim_device_unlock(dev);
	return ret;
}

int shim_drm_get_client(struct shim_call *call, void *data)
{
	struct drm_client *c = data;
	if (c->idx)
		return -EINVAL;
	c->auth = call->file->authenticated;
	c->pid = getpid();
	c->uid = 65534;		/* the kernel reports overflowuid */
	c->magic = 0;
	c->iocs = 0;
	return 0;
}

int shim_drm_get_stats(struct shim_call *call, void *data)
{
	memset(data, 0, sizeof(struct drm_stats));
	return 0;
}

int shim_drm_set_version(struct shim_call *call, void *data)
{
	struct drm_set_version *sv = data;
	struct shim_device *dev = call->dev;
	int ret = 0;

	shim_device_lock(dev);
	if (sv->drm_di_major != -1) {
		if (sv->drm_di_major != DRM_IF_MAJOR || sv->drm_di_minor < 0 ||
		    sv->drm_di_minor > DRM_IF_MINOR) {
			ret = -EINVAL;
			goto done;
		}
		if (sv->drm_di_minor >= 1) {
			/* The master's bus id becomes visible through GET_UNIQUE. */
			struct shim_master *master = shim_ptr(call->file->master);
			if (master) {
				shim_journal_note(master->unique, sizeof(master->unique));
				snprintf(master->unique, sizeof(master->unique), "pci:0000:00:02.0");
				SHIM_SET(master->unique_len, strlen(master->unique));
			}
		}
	}
	if (sv->drm_dd_major != -1) {
		if (sv->drm_dd_major != shim_drv->major || sv->drm_dd_minor < 0 ||
		    sv->drm_dd_minor > shim_drv->minor)
			ret = -EINVAL;
	}
done:
	sv->drm_di_major = DRM_IF_MAJOR;
	sv->drm_di_minor = DRM_IF_MINOR;
	sv->drm_dd_major = shim_drv->major;
	sv->drm_dd_minor = shim_drv->minor;
	shim_device_unlock(dev);
	return ret;
}

int shim_drm_get_cap(struct shim_call *call, void *data)
{
	struct drm_get_cap *req = data;
	const struct shim_device_model *m = call->dev->model;

	req->value = 0;
	switch (req->capability) {
	case DRM_CAP_TIMESTAMP_MONOTONIC:
	case DRM_CAP_SYNCOBJ:
	case DRM_CAP_SYNCOBJ_TIMELINE:
		req->value = 1;
		return 0;
	case DRM_CAP_PRIME:
		req->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT;
		return 0;
	case DRM_CAP_DUMB_BUFFER:
	case DRM_CAP_VBLANK_HIGH_CRTC:
	case DRM_CAP_DUMB_PREFER_SHADOW:
	case DRM_CAP_ADDFB2_MODIFIERS:
	case DRM_CAP_CRTC_IN_VBLANK_EVENT:
		req->value = 1;
		return 0;
	case DRM_CAP_DUMB_PREFERRED_DEPTH:
		req->value = 24;
		return 0;
	case DRM_CAP_ASYNC_PAGE_FLIP:
		req->value = m->async_flip;
		return 0;
	case DRM_CAP_PAGE_FLIP_TARGET:
		req->value = 0;
		return 0;
	case DRM_CAP_CURSOR_WIDTH:
	case DRM_CAP_CURSOR_HEIGHT:
		req->value = m->cursor_size;
		return 0;
	default:
		return -EINVAL;
	}
}

/* Sets (on) or clears bits of the file's caps: a shared word, changed under the device lock. */
static int update_caps(struct shim_call *call, uint32_t bits, bool on)
{
	shim_device_lock(call->dev);
	if (on)
		SHIM_OR(call->file->caps, bits);
	else
		SHIM_ANDN(call->file->caps, bits);
	shim_device_unlock(call->dev);
	return 0;
}

int shim_drm_set_client_cap(struct shim_call *call, void *data)
{
	struct drm_set_client_cap *req = data;
	struct shim_file *file = call->file;

	switch (req->capability) {
	case DRM_CLIENT_CAP_STEREO_3D:
		if (req->value > 1)
			return -EINVAL;
		return update_caps(call, SHIM_CAP_STEREO_3D, req->value);
	case DRM_CLIENT_CAP_UNIVERSAL_PLANES:
		if (req->value > 1)
			return -EINVAL;
		return update_caps(call, SHIM_CAP_UNIVERSAL, req->value);
	case DRM_CLIENT_CAP_ATOMIC: {
		/* The kernel refuses atomic=1 to threads whose name (comm) starts with 'X'. */
		char comm[16] = "";
		prctl(PR_GET_NAME, comm);
		if (comm[0] == 'X' && req->value == 1)
			return -EOPNOTSUPP;
		if (req->value > 2)
			return -EINVAL;
		uint32_t bits = SHIM_CAP_ATOMIC | SHIM_CAP_UNIVERSAL | SHIM_CAP_ASPECT_RATIO;
		return update_caps(call, bits, req->value);
	}
	case DRM_CLIENT_CAP_ASPECT_RATIO:
		if (req->value > 1)
			return -EINVAL;
		return update_caps(call, SHIM_CAP_ASPECT_RATIO, req->value);
	case DRM_CLIENT_CAP_WRITEBACK_CONNECTORS:
		if (!(file->caps & SHIM_CAP_ATOMIC) || req->value > 1)
			return -EINVAL;
		return update_caps(call, SHIM_CAP_WRITEBACK, req->value);
	default:
		return -EINVAL;
	}
}
