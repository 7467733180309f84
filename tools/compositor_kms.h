/* SPDX-License-Identifier: MIT */
/*
 * The compositor's display (compositor_kms.c): with --kms it shows its
 * screen on the GPU's primary node as a real compositor does. It is the DRM
 * master, drives one connected connector through one CRTC, turns each
 * screen buffer (compositor_screen.h) into a framebuffer, sets the mode with
 * the first frame and page-flips to every later one, with a flip event per
 * flip that the compositor's poll loop hands to kms_dispatch.
 *
 * Lifetimes: kms_open to kms_close. The card fd, its GEM handles (imports of
 * the screen buffers' dma-bufs) and the framebuffers are the display's; the
 * screen pixmaps stay the screen's and must outlive kms_close. Calls libdrm
 * (xf86drm.h, xf86drmMode.h) and the 2D layer's dma-buf export only.
 */
#ifndef TOOLS_COMPOSITOR_KMS_H
#define TOOLS_COMPOSITOR_KMS_H

#include <stdbool.h>
#include <stdint.h>
#include <xf86drmMode.h>

#include "upper-layers/2d/gem2d.h"

#define KMS_MAX_BUFFERS 3

struct kms {
	int fd;				/* the primary node, -1: closed */
	bool master;
	char name[32];			/* the connector's, e.g. HDMI-A-1 */
	uint32_t connector, crtc;	/* ids */
	int pipe;			/* the CRTC's index in GETRESOURCES */
	drmModeModeInfo mode;
	drmModeCrtcPtr saved;		/* the CRTC as we found it, given back at kms_close */
	int nbuffers;
	uint32_t handles[KMS_MAX_BUFFERS], fbs[KMS_MAX_BUFFERS];
	bool crtc_set;			/* the first frame set the mode */
	int front;			/* the buffer on screen (its flip completed), -1: none */
	int pending;			/* the buffer a flip to is pending, -1: none */
	/* figures */
	uint64_t frames, flips, events, missed;
	uint64_t first_event_ns, last_event_ns;
	uint32_t last_sequence;
};

/* Opens the primary node of the device whose render node is render_fd, becomes master and
 * chooses a connected connector, its CRTC and the mode of *width x *height if it has one,
 * else its preferred mode, whose size goes to *width, *height. 0, or -1 with a message on
 * stderr (everything opened is closed again). */
int kms_open(struct kms *k, int render_fd, int *width, int *height);
/* Screen buffer i becomes framebuffer i (dma-buf export, PRIME import on the card, ADDFB2
 * with its modifier). 0, or -1 with a message. */
int kms_add_buffer(struct kms *k, int i, gem2d_pixmap *pix);
/* The buffer to draw next: neither on screen nor with a flip to it pending. Only while no
 * flip is pending (the compositor composes after the last flip completed). */
int kms_back_buffer(const struct kms *k);
/* Shows buffer i: the first time with SETCRTC, then with a page flip and its event. The
 * drawing need not be finished: the kernel waits for it (implicit fencing). 0 or -1. */
int kms_present(struct kms *k, int i);
static inline bool kms_flip_pending(const struct kms *k)
{
	return k->pending >= 0;
}
/* The card fd polled readable: reads its events. 0 or -1. */
int kms_dispatch(struct kms *k);
/* Waits up to timeout_ms for the pending flip to complete. 0, or -1 if it did not. */
int kms_wait_flip(struct kms *k, int timeout_ms);
/* One line of figures on stdout: frames, flips, events, mean interval, missed vblanks. */
void kms_report(const struct kms *k);
/* Gives the CRTC back as it was found (or turns it off), removes the framebuffers, closes
 * the handles, drops master and closes the card. */
void kms_close(struct kms *k);

#endif
