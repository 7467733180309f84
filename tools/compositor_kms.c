/* SPDX-License-Identifier: MIT */
/*
 * The compositor's display (compositor_kms.h): the primary node, master,
 * one connector and CRTC, a framebuffer per screen buffer, the mode set with
 * the first frame and a page flip with an event for every later one.
 *
 * Finding the display: the compositor draws on the render node it opened
 * (the GPU); the display of that same device is its primary node, which
 * drmGetDevice2 on the render fd names. The first opener of a primary node
 * is its master; SET_MASTER says whether we are (0 when we already are), and
 * nothing else (an X server, another compositor) may hold it meanwhile.
 * The connector is the first connected one with modes; its CRTC the one
 * its encoder drives now, else the first its encoders can drive
 * (drmModeConnectorGetPossibleCrtcs).
 *
 * Buffers and pacing: each screen buffer is exported as a dma-buf and
 * imported on the card (the screen is drawn through the render node; a
 * framebuffer needs a handle of the card's file), then added as an XRGB8888
 * framebuffer with the buffer's modifier (X-tiled, as the 2D layer makes
 * screen pixmaps). Two buffers: the compositor composes a frame only once
 * the flip to the one before has completed (its event came), so then the
 * buffer not on screen is free: the display no longer reads it and no flip
 * to it is pending. A third would only let a frame be composed while a flip
 * is pending, which the compositor does not do: it would add a frame of
 * latency and memory for nothing.
 *
 * The GPU: kms_present is called right after the frame's batch is
 * submitted, without waiting for it. The kernel makes the flip wait for the
 * rendering to the framebuffer's object (implicit fencing: i915's
 * intel_prepare_plane_fb waits for the object's write fence, so the flip
 * completes at the first vblank after the batch is done; SETCRTC, a
 * blocking commit, returns once it is), and so does the shim (its rows
 * KL9, KC12; tests/ioctl/kms_i915.c checks it). So the CPU never waits for
 * the GPU before a flip, and the screen never shows a half-drawn frame.
 *
 * Leaving: RMFB of the framebuffer on screen would not turn the display off
 * on i915: the primary plane goes, the pipe keeps running black (the
 * kernel's atomic_remove_fb, row KF12). As X and weston do when they leave,
 * we first give the CRTC back as we found it (the console's framebuffer, if
 * it showed one that still exists) or turn it off, so no framebuffer of ours
 * is on screen; then each RMFB just removes it.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <drm_fourcc.h>
#include <xf86drm.h>

#include "tools/compositor_kms.h"

/* libdrm's "set" calls return -1 with errno or -errno: the errno either way. */
static const char *why(int ret)
{
	return strerror(ret < -1 ? -ret : errno);
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int open_primary(int render_fd, char *path, size_t len)
{
	drmDevicePtr dev = NULL;
	if (drmGetDevice2(render_fd, 0, &dev) || !dev) {
		fprintf(stderr, "compositor: kms: which device is the GPU? %s\n", strerror(errno));
		return -1;
	}
	int fd = -1;
	if (dev->available_nodes & (1 << DRM_NODE_PRIMARY)) {
		snprintf(path, len, "%s", dev->nodes[DRM_NODE_PRIMARY]);
		/* CLOEXEC: the clients are not to inherit the master's fd. */
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			fprintf(stderr, "compositor: kms: cannot open %s: %s\n", path, strerror(errno));
	} else {
		fprintf(stderr, "compositor: kms: the GPU has no primary node (no display)\n");
	}
	drmFreeDevice(&dev);
	return fd;
}

/* The mode of width x height (the preferred one among several), else the preferred mode (else
 * the first: the kernel lists the preferred first anyway). */
static const drmModeModeInfo *choose_mode(const drmModeConnector *conn, int width, int height)
{
	const drmModeModeInfo *sized = NULL, *preferred = NULL;
	for (int i = 0; i < conn->count_modes; i++) {
		const drmModeModeInfo *m = &conn->modes[i];
		bool pref = m->type & DRM_MODE_TYPE_PREFERRED;
		if (m->hdisplay == width && m->vdisplay == height && (!sized || pref))
			sized = sized && !pref ? sized : m;
		if (pref && !preferred)
			preferred = m;
	}
	if (sized)
		return sized;
	return preferred ? preferred : &conn->modes[0];
}

/* The CRTC the connector's encoder drives now, else the first its encoders can drive; its
 * index in *pipe. 0 when there is none. */
static uint32_t choose_crtc(int fd, const drmModeRes *res, const drmModeConnector *conn, int *pipe)
{
	if (conn->encoder_id) {
		drmModeEncoderPtr enc = drmModeGetEncoder(fd, conn->encoder_id);
		uint32_t crtc = enc ? enc->crtc_id : 0;
		drmModeFreeEncoder(enc);
		for (int i = 0; crtc && i < res->count_crtcs; i++)
			if (res->crtcs[i] == crtc) {
				*pipe = i;
				return crtc;
			}
	}
	uint32_t possible = drmModeConnectorGetPossibleCrtcs(fd, conn);
	for (int i = 0; i < res->count_crtcs && i < 32; i++)
		if (possible & (1u << i)) {
			*pipe = i;
			return res->crtcs[i];
		}
	return 0;
}

/* The first connected connector with modes, its CRTC and mode. 0 or -1 with a message. */
static int choose_output(struct kms *k, int *width, int *height)
{
	drmModeResPtr res = drmModeGetResources(k->fd);
	if (!res) {
		fprintf(stderr, "compositor: kms: no display resources: %s\n", strerror(errno));
		return -1;
	}
	int ret = -1;
	for (int i = 0; i < res->count_connectors && ret; i++) {
		drmModeConnectorPtr conn = drmModeGetConnector(k->fd, res->connectors[i]);
		if (!conn)
			continue;
		if (conn->connection == DRM_MODE_CONNECTED && conn->count_modes > 0) {
			const char *type = drmModeGetConnectorTypeName(conn->connector_type);
			snprintf(k->name, sizeof(k->name), "%s-%u", type ? type : "Unknown", conn->connector_type_id);
			k->crtc = choose_crtc(k->fd, res, conn, &k->pipe);
			if (!k->crtc) {
				fprintf(stderr, "compositor: kms: no CRTC can drive %s\n", k->name);
			} else {
				k->connector = conn->connector_id;
				k->mode = *choose_mode(conn, *width, *height);
				ret = 0;
			}
		}
		drmModeFreeConnector(conn);
	}
	drmModeFreeResources(res);
	if (ret && !k->name[0])
		fprintf(stderr, "compositor: kms: no connected connector with modes\n");
	return ret;
}

int kms_open(struct kms *k, int render_fd, int *width, int *height)
{
	memset(k, 0, sizeof(*k));
	k->front = k->pending = -1;
	char path[64];
	k->fd = open_primary(render_fd, path, sizeof(path));
	if (k->fd < 0)
		return -1;
	if (!drmIsKMS(k->fd)) {
		fprintf(stderr, "compositor: kms: %s has no display (no KMS)\n", path);
		goto fail;
	}
	if (drmSetMaster(k->fd)) {
		fprintf(stderr, "compositor: kms: cannot become the DRM master of %s: %s (is an X server or "
			"another compositor running on it?)\n", path, strerror(errno));
		goto fail;
	}
	k->master = true;
	if (choose_output(k, width, height))
		goto fail;
	if (k->mode.hdisplay != *width || k->mode.vdisplay != *height) {
		if (k->mode.hdisplay < 320 || k->mode.vdisplay < 240 || k->mode.hdisplay > 4096 ||
		    k->mode.vdisplay > 4096) {
			fprintf(stderr, "compositor: kms: %s has no %dx%d mode, and its preferred %ux%u is out of "
				"the screen's range (320x240 to 4096x4096)\n", k->name, *width, *height,
				k->mode.hdisplay, k->mode.vdisplay);
			goto fail;
		}
		printf("compositor: kms: %s has no %dx%d mode: the screen is %ux%u, its preferred mode\n", k->name,
		       *width, *height, k->mode.hdisplay, k->mode.vdisplay);
		*width = k->mode.hdisplay;
		*height = k->mode.vdisplay;
	}
	k->saved = drmModeGetCrtc(k->fd, k->crtc);
	return 0;
fail:
	kms_close(k);
	return -1;
}

int kms_add_buffer(struct kms *k, int i, gem2d_pixmap *pix)
{
	int fd = -1;
	uint32_t stride = 0, handles[4] = { 0 }, pitches[4] = { 0 }, offsets[4] = { 0 };
	uint64_t modifier = 0, modifiers[4] = { 0 };
	if (i < 0 || i >= KMS_MAX_BUFFERS || i != k->nbuffers)
		return -1;
	int ret = gem2d_pixmap_export_dmabuf(pix, &fd, &stride, &modifier);
	if (ret) {
		fprintf(stderr, "compositor: kms: cannot export screen buffer %d: %s\n", i, strerror(-ret));
		return -1;
	}
	ret = drmPrimeFDToHandle(k->fd, fd, &k->handles[i]);
	close(fd);
	if (ret) {
		fprintf(stderr, "compositor: kms: cannot import screen buffer %d on the card: %s\n", i, why(ret));
		return -1;
	}
	k->nbuffers++;
	handles[0] = k->handles[i];
	pitches[0] = stride;
	modifiers[0] = modifier;
	ret = drmModeAddFB2WithModifiers(k->fd, k->mode.hdisplay, k->mode.vdisplay, DRM_FORMAT_XRGB8888, handles,
					 pitches, offsets, modifiers, &k->fbs[i], DRM_MODE_FB_MODIFIERS);
	if (ret) {
		fprintf(stderr, "compositor: kms: ADDFB2 of screen buffer %d (stride %u, modifier 0x%llx): %s\n", i,
			stride, (unsigned long long)modifier, why(ret));
		k->fbs[i] = 0;
		return -1;
	}
	return 0;
}

int kms_back_buffer(const struct kms *k)
{
	for (int i = 0; i < k->nbuffers; i++)
		if (i != k->front && i != k->pending)
			return i;
	return -1;
}

int kms_present(struct kms *k, int i)
{
	if (i < 0 || i >= k->nbuffers || k->pending >= 0 || i == k->front)
		return -1;
	if (!k->crtc_set) {
		int ret = drmModeSetCrtc(k->fd, k->crtc, k->fbs[i], 0, 0, &k->connector, 1, &k->mode);
		if (ret) {
			fprintf(stderr, "compositor: kms: cannot set %ux%u on %s: %s\n", k->mode.hdisplay,
				k->mode.vdisplay, k->name, why(ret));
			return -1;
		}
		k->crtc_set = true;
		k->front = i;
		k->frames++;
		return 0;
	}
	int ret = drmModePageFlip(k->fd, k->crtc, k->fbs[i], DRM_MODE_PAGE_FLIP_EVENT, k);
	if (ret) {
		fprintf(stderr, "compositor: kms: page flip to buffer %d: %s\n", i, why(ret));
		return -1;
	}
	k->pending = i;
	k->flips++;
	k->frames++;
	return 0;
}

/* drmHandleEvent's page flip handler: user_data is the display (the buffer is the pending one). */
static void flip_done(int fd, unsigned int sequence, unsigned int tv_sec, unsigned int tv_usec, unsigned int crtc_id,
		      void *user_data)
{
	(void)fd;
	struct kms *k = user_data;
	if (crtc_id != k->crtc || k->pending < 0)
		return;
	uint64_t ns = (uint64_t)tv_sec * 1000000000ull + (uint64_t)tv_usec * 1000ull;
	if (k->events) {
		/* vblanks that came with no new frame to show: a frame took longer than one */
		if (sequence - k->last_sequence > 1)
			k->missed += sequence - k->last_sequence - 1;
	} else {
		k->first_event_ns = ns;
	}
	k->last_event_ns = ns;
	k->last_sequence = sequence;
	k->events++;
	k->front = k->pending;
	k->pending = -1;
}

int kms_dispatch(struct kms *k)
{
	drmEventContext ctx = { .version = 3, .page_flip_handler2 = flip_done };
	return drmHandleEvent(k->fd, &ctx) ? -1 : 0;
}

int kms_wait_flip(struct kms *k, int timeout_ms)
{
	uint64_t deadline = now_ns() + (uint64_t)timeout_ms * 1000000ull;
	while (k->pending >= 0) {
		uint64_t now = now_ns();
		if (now >= deadline)
			return -1;
		struct pollfd p = { .fd = k->fd, .events = POLLIN };
		int r = poll(&p, 1, (int)((deadline - now + 999999) / 1000000));
		if (r < 0 && errno != EINTR)
			return -1;
		if (r > 0 && kms_dispatch(k))
			return -1;
	}
	return 0;
}

void kms_report(const struct kms *k)
{
	double mean = k->events > 1 ? (double)(k->last_event_ns - k->first_event_ns) / (double)(k->events - 1) / 1e6 : 0;
	printf("kms: %s, CRTC %u (pipe %d), %ux%u@%u, %d buffers: %llu frames shown (%llu modeset, %llu page flips), "
	       "%llu flip events, mean interval %.2f ms, %llu missed vblanks\n",
	       k->name, k->crtc, k->pipe, k->mode.hdisplay, k->mode.vdisplay, k->mode.vrefresh, k->nbuffers,
	       (unsigned long long)k->frames, (unsigned long long)(k->crtc_set ? 1 : 0),
	       (unsigned long long)k->flips, (unsigned long long)k->events, mean, (unsigned long long)k->missed);
}

void kms_close(struct kms *k)
{
	if (k->fd < 0)
		return;
	if (k->pending >= 0 && kms_wait_flip(k, 1000))
		fprintf(stderr, "compositor: kms: the last flip never completed\n");
	if (k->crtc_set) {
		/* What we found, if it showed a framebuffer that still exists (not ours), else off. */
		const drmModeCrtc *s = k->saved;
		drmModeFBPtr fb = s && s->mode_valid && s->buffer_id ? drmModeGetFB(k->fd, s->buffer_id) : NULL;
		bool ours = false;
		for (int i = 0; i < k->nbuffers; i++)
			ours |= s && s->buffer_id == k->fbs[i];
		int ret;
		if (fb && !ours) {
			drmModeModeInfo mode = s->mode;
			ret = drmModeSetCrtc(k->fd, k->crtc, s->buffer_id, s->x, s->y, &k->connector, 1, &mode);
		} else {
			ret = drmModeSetCrtc(k->fd, k->crtc, 0, 0, 0, NULL, 0, NULL);
		}
		if (ret)
			fprintf(stderr, "compositor: kms: cannot give %s back: %s\n", k->name, why(ret));
		drmModeFreeFB(fb);
	}
	for (int i = 0; i < k->nbuffers; i++) {
		if (k->fbs[i] && drmModeRmFB(k->fd, k->fbs[i]))
			fprintf(stderr, "compositor: kms: RMFB %u: %s\n", k->fbs[i], strerror(errno));
		if (k->handles[i])
			drmCloseBufferHandle(k->fd, k->handles[i]);
	}
	drmModeFreeCrtc(k->saved);
	if (k->master)
		drmDropMaster(k->fd);
	close(k->fd);
	k->fd = -1;
	k->saved = NULL;
	k->nbuffers = 0;
	k->master = false;
}
