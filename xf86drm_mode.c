/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode.c - the mode objects of libdrm.so.2's KMS interface:
 * resources (drmModeGetResources), connectors, encoders and CRTC state,
 * with their Free functions, AttachMode/DetachMode, the possible CRTCs of a
 * connector and connector type names (drmIsKMS and
 * drmCheckModesettingSupported, which xf86drmMode.h also declares, are in
 * xf86drm_kmsprobe.c). Behaviour is libdrm 2.4.114's, call by call
 * (same ioctls in the same order, same results); where libdrm would read or
 * free memory it does not own on a kernel's inconsistent answer, we fail
 * with an errno instead.
 *
 * Lifetimes: every structure returned is the caller's, one malloc() block
 * per structure and per array in it, released with the matching
 * drmModeFree* function (each accepts NULL). Type names are static.
 *
 * Calls: drmIoctl() and the helpers of xf86drm_mode_priv.h only.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <dirent.h>
#include <stdio.h>
#include <drm.h>

#include "libdrm_macros.h"
#include "xf86drmMode.h"
#include "xf86drm_mode_priv.h"

drm_public void drmModeFreeModeInfo(drmModeModeInfoPtr ptr)
{
	free(ptr);
}

drm_public void drmModeFreeResources(drmModeResPtr ptr)
{
	if (!ptr)
		return;
	free(ptr->fbs);
	free(ptr->crtcs);
	free(ptr->connectors);
	free(ptr->encoders);
	free(ptr);
}

drm_public void drmModeFreeCrtc(drmModeCrtcPtr ptr)
{
	free(ptr);
}

drm_public void drmModeFreeConnector(drmModeConnectorPtr ptr)
{
	if (!ptr)
		return;
	free(ptr->encoders);
	free(ptr->prop_values);
	free(ptr->props);
	free(ptr->modes);
	free(ptr);
}

drm_public void drmModeFreeEncoder(drmModeEncoderPtr ptr)
{
	free(ptr);
}

/* ------------------------------------------------------------------ */
/* resources                                                           */
/* ------------------------------------------------------------------ */

static void res_free_arrays(struct drm_mode_card_res *res)
{
	free(DRM_PTR(res->fb_id_ptr));
	free(DRM_PTR(res->crtc_id_ptr));
	free(DRM_PTR(res->connector_id_ptr));
	free(DRM_PTR(res->encoder_id_ptr));
	res->fb_id_ptr = res->crtc_id_ptr = res->connector_id_ptr = res->encoder_id_ptr = 0;
}

/* Room for count ids in *ptr (left 0 when count is 0); -1 on failure. */
static int id_array(__u64 *ptr, uint32_t count)
{
	void *p;

	*ptr = 0;
	if (!count)
		return 0;
	p = mode_array(count, sizeof(uint32_t));
	if (!p)
		return -1;
	*ptr = DRM_U64(p);
	return 0;
}

/*
 * Two GETRESOURCES: one for the counts, one into arrays of that size. If a
 * hotplug grew a count in between, the kernel filled nothing for it, so
 * the whole query starts again (as libdrm does); a shrunk count is fine.
 */
drm_public drmModeResPtr drmModeGetResources(int fd)
{
	struct drm_mode_card_res res, counts;
	drmModeResPtr r = NULL;
	int fail = 0;

	for (int round = 0;; round++) {
		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			return NULL;
		}
		memclear(res);
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
			return NULL;
		counts = res;
		if (id_array(&res.fb_id_ptr, res.count_fbs) ||
		    id_array(&res.crtc_id_ptr, res.count_crtcs) ||
		    id_array(&res.connector_id_ptr, res.count_connectors) ||
		    id_array(&res.encoder_id_ptr, res.count_encoders))
			goto out;
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
			goto out;
		if (res.count_fbs <= counts.count_fbs &&
		    res.count_crtcs <= counts.count_crtcs &&
		    res.count_connectors <= counts.count_connectors &&
		    res.count_encoders <= counts.count_encoders)
			break;
		res_free_arrays(&res);
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->min_width = res.min_width;
	r->max_width = res.max_width;
	r->min_height = res.min_height;
	r->max_height = res.max_height;
	r->count_fbs = (int)res.count_fbs;
	r->count_crtcs = (int)res.count_crtcs;
	r->count_connectors = (int)res.count_connectors;
	r->count_encoders = (int)res.count_encoders;
	r->fbs = mode_copy(DRM_PTR(res.fb_id_ptr), res.count_fbs, sizeof(uint32_t), &fail);
	r->crtcs = mode_copy(DRM_PTR(res.crtc_id_ptr), res.count_crtcs, sizeof(uint32_t), &fail);
	r->connectors = mode_copy(DRM_PTR(res.connector_id_ptr), res.count_connectors,
				  sizeof(uint32_t), &fail);
	r->encoders = mode_copy(DRM_PTR(res.encoder_id_ptr), res.count_encoders,
				sizeof(uint32_t), &fail);
	if (fail) {
		drmModeFreeResources(r);
		r = NULL;
		errno = ENOMEM;
	}
out:
	res_free_arrays(&res);
	return r;
}

/* ------------------------------------------------------------------ */
/* CRTCs and encoders                                                  */
/* ------------------------------------------------------------------ */

drm_public drmModeCrtcPtr drmModeGetCrtc(int fd, uint32_t crtcId)
{
	struct drm_mode_crtc crtc;
	drmModeCrtcPtr r;

	memclear(crtc);
	crtc.crtc_id = crtcId;
	if (drmIoctl(fd, DRM_IOCTL_MODE_GETCRTC, &crtc))
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->crtc_id = crtc.crtc_id;
	r->x = crtc.x;
	r->y = crtc.y;
	r->mode_valid = (int)crtc.mode_valid;
	/* width/height and the mode only mean something with a valid mode. */
	if (r->mode_valid) {
		memcpy(&r->mode, &crtc.mode, sizeof(r->mode));
		r->width = crtc.mode.hdisplay;
		r->height = crtc.mode.vdisplay;
	}
	r->buffer_id = crtc.fb_id;
	r->gamma_size = (int)crtc.gamma_size;
	return r;
}

drm_public drmModeEncoderPtr drmModeGetEncoder(int fd, uint32_t encoder_id)
{
	struct drm_mode_get_encoder enc;
	drmModeEncoderPtr r;

	memclear(enc);
	enc.encoder_id = encoder_id;
	if (drmIoctl(fd, DRM_IOCTL_MODE_GETENCODER, &enc))
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->encoder_id = enc.encoder_id;
	r->crtc_id = enc.crtc_id;
	r->encoder_type = enc.encoder_type;
	r->possible_clones = enc.possible_clones;
	r->possible_crtcs = enc.possible_crtcs;
	return r;
}

/* ------------------------------------------------------------------ */
/* connectors                                                          */
/* ------------------------------------------------------------------ */

static void conn_free_arrays(struct drm_mode_get_connector *conn,
			     const struct drm_mode_modeinfo *stack_mode)
{
	free(DRM_PTR(conn->props_ptr));
	free(DRM_PTR(conn->prop_values_ptr));
	if (DRM_PTR(conn->modes_ptr) != stack_mode)
		free(DRM_PTR(conn->modes_ptr));
	free(DRM_PTR(conn->encoders_ptr));
	conn->props_ptr = conn->prop_values_ptr = conn->modes_ptr = conn->encoders_ptr = 0;
}

/*
 * The kernel probes a connector (re-reads EDID, may take long) when asked
 * for its modes with count_modes 0, and only then. GetConnector therefore
 * starts with count 0; GetConnectorCurrent offers room for one mode on the
 * stack, which is never 0. The second call always offers at least that
 * one stack mode, so it never probes. When a count grew in between,
 * libdrm repeats only the second call, with arrays of the new size.
 */
static drmModeConnectorPtr get_connector(int fd, uint32_t connector_id, int probe)
{
	struct drm_mode_modeinfo stack_mode;
	struct drm_mode_get_connector conn, counts;
	drmModeConnectorPtr r = NULL;
	int fail = 0, round = 0;

	memclear(conn);
	memclear(stack_mode);
	conn.connector_id = connector_id;
	if (!probe) {
		conn.count_modes = 1;
		conn.modes_ptr = DRM_U64(&stack_mode);
	}
	if (drmIoctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &conn))
		return NULL;
	/* The first answer's pointers are ours (or the stack's): drop them. */
	conn.props_ptr = conn.prop_values_ptr = conn.modes_ptr = conn.encoders_ptr = 0;

	for (;; round++) {
		void *p;

		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			goto out;
		}
		counts = conn;
		if (conn.count_props) {
			if (!(p = mode_array(conn.count_props, sizeof(uint32_t))))
				goto out;
			conn.props_ptr = DRM_U64(p);
			if (!(p = mode_array(conn.count_props, sizeof(uint64_t))))
				goto out;
			conn.prop_values_ptr = DRM_U64(p);
		}
		if (conn.count_modes) {
			if (!(p = mode_array(conn.count_modes, sizeof(struct drm_mode_modeinfo))))
				goto out;
			conn.modes_ptr = DRM_U64(p);
		} else {
			conn.count_modes = 1;
			conn.modes_ptr = DRM_U64(&stack_mode);
		}
		if (conn.count_encoders) {
			if (!(p = mode_array(conn.count_encoders, sizeof(uint32_t))))
				goto out;
			conn.encoders_ptr = DRM_U64(p);
		}
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &conn))
			goto out;
		if (conn.count_props <= counts.count_props &&
		    conn.count_modes <= counts.count_modes &&
		    conn.count_encoders <= counts.count_encoders)
			break;
		conn_free_arrays(&conn, &stack_mode);
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->connector_id = conn.connector_id;
	r->encoder_id = conn.encoder_id;
	r->connection = (drmModeConnection)conn.connection;
	r->mmWidth = conn.mm_width;
	r->mmHeight = conn.mm_height;
	/* The kernel counts subpixel orders from 0, this API from 1. */
	r->subpixel = (drmModeSubPixel)(conn.subpixel + 1);
	r->count_modes = (int)conn.count_modes;
	r->count_props = (int)conn.count_props;
	r->count_encoders = (int)conn.count_encoders;
	r->props = mode_copy(DRM_PTR(conn.props_ptr), conn.count_props, sizeof(uint32_t), &fail);
	r->prop_values = mode_copy(DRM_PTR(conn.prop_values_ptr), conn.count_props,
				   sizeof(uint64_t), &fail);
	r->modes = mode_copy(DRM_PTR(conn.modes_ptr), conn.count_modes,
			     sizeof(struct drm_mode_modeinfo), &fail);
	r->encoders = mode_copy(DRM_PTR(conn.encoders_ptr), conn.count_encoders,
				sizeof(uint32_t), &fail);
	r->connector_type = conn.connector_type;
	r->connector_type_id = conn.connector_type_id;
	if (fail) {
		drmModeFreeConnector(r);
		r = NULL;
		errno = ENOMEM;
	}
out:
	conn_free_arrays(&conn, &stack_mode);
	return r;
}

drm_public drmModeConnectorPtr drmModeGetConnector(int fd, uint32_t connectorId)
{
	return get_connector(fd, connectorId, 1);
}

drm_public drmModeConnectorPtr drmModeGetConnectorCurrent(int fd, uint32_t connector_id)
{
	return get_connector(fd, connector_id, 0);
}

/*
 * The union of possible_crtcs over the connector's encoders. 0 means
 * none: errno is then ENOENT, or the error of the encoder query that
 * failed (which stops the walk, as in libdrm).
 */
drm_public uint32_t drmModeConnectorGetPossibleCrtcs(int fd, const drmModeConnector *connector)
{
	uint32_t crtcs = 0;

	if (!connector || (connector->count_encoders > 0 && !connector->encoders)) {
		errno = EINVAL;
		return 0;
	}
	for (int i = 0; i < connector->count_encoders; i++) {
		drmModeEncoderPtr enc = drmModeGetEncoder(fd, connector->encoders[i]);

		if (!enc)
			return 0;
		crtcs |= enc->possible_crtcs;
		drmModeFreeEncoder(enc);
	}
	if (!crtcs)
		errno = ENOENT;
	return crtcs;
}

static int mode_cmd(int fd, unsigned long request, uint32_t connector_id,
		    const drmModeModeInfo *mode_info)
{
	struct drm_mode_mode_cmd cmd;

	if (!mode_info)
		return -EINVAL;
	memclear(cmd);
	memcpy(&cmd.mode, mode_info, sizeof(cmd.mode));
	cmd.connector_id = connector_id;
	return drm_ioctl_errno(fd, request, &cmd);
}

drm_public int drmModeAttachMode(int fd, uint32_t connectorId, drmModeModeInfoPtr mode_info)
{
	return mode_cmd(fd, DRM_IOCTL_MODE_ATTACHMODE, connectorId, mode_info);
}

drm_public int drmModeDetachMode(int fd, uint32_t connectorId, drmModeModeInfoPtr mode_info)
{
	return mode_cmd(fd, DRM_IOCTL_MODE_DETACHMODE, connectorId, mode_info);
}

/* The names the kernel gives connectors (card0-HDMI-A-1), by DRM_MODE_CONNECTOR_*. */
static const char *const connector_type_names[] = {
	[DRM_MODE_CONNECTOR_Unknown] = "Unknown",
	[DRM_MODE_CONNECTOR_VGA] = "VGA",
	[DRM_MODE_CONNECTOR_DVII] = "DVI-I",
	[DRM_MODE_CONNECTOR_DVID] = "DVI-D",
	[DRM_MODE_CONNECTOR_DVIA] = "DVI-A",
	[DRM_MODE_CONNECTOR_Composite] = "Composite",
	[DRM_MODE_CONNECTOR_SVIDEO] = "SVIDEO",
	[DRM_MODE_CONNECTOR_LVDS] = "LVDS",
	[DRM_MODE_CONNECTOR_Component] = "Component",
	[DRM_MODE_CONNECTOR_9PinDIN] = "DIN",
	[DRM_MODE_CONNECTOR_DisplayPort] = "DP",
	[DRM_MODE_CONNECTOR_HDMIA] = "HDMI-A",
	[DRM_MODE_CONNECTOR_HDMIB] = "HDMI-B",
	[DRM_MODE_CONNECTOR_TV] = "TV",
	[DRM_MODE_CONNECTOR_eDP] = "eDP",
	[DRM_MODE_CONNECTOR_VIRTUAL] = "Virtual",
	[DRM_MODE_CONNECTOR_DSI] = "DSI",
	[DRM_MODE_CONNECTOR_DPI] = "DPI",
	[DRM_MODE_CONNECTOR_WRITEBACK] = "Writeback",
	[DRM_MODE_CONNECTOR_SPI] = "SPI",
	[DRM_MODE_CONNECTOR_USB] = "USB",
};

drm_public const char *drmModeGetConnectorTypeName(uint32_t connector_type)
{
	if (connector_type >= sizeof(connector_type_names) / sizeof(connector_type_names[0]))
		return NULL;
	return connector_type_names[connector_type];
}
