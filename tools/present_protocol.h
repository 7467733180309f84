/* SPDX-License-Identifier: MIT */
/*
 * The demo's presentation protocol: DRI3 and Present in miniature, between
 * tools/client and tools/compositor, with no X server. One SOCK_SEQPACKET
 * UNIX socket per client (a socketpair the compositor makes before it
 * starts the client), one fixed-size message per packet, file descriptors
 * passed with SCM_RIGHTS (at most one per message).
 *
 * Client to compositor:
 *   PP_HELLO       title, width, height: first, once.
 *   PP_ATTACH      buffer, width, height, stride, offset, fourcc, modifier,
 *                  with the buffer's dma-buf fd: once per buffer
 *                  (DRI3PixmapFromBuffers). The compositor imports it once.
 *   PP_PRESENT     buffer, frame (the compositor frame it is meant for),
 *                  time_ns (CLOCK_MONOTONIC when sent), fence:
 *                    PP_FENCE_SYNC_FILE with the sync_file fd that signals
 *                    when the frame is rendered;
 *                    PP_FENCE_SYNCOBJ with a timeline point on the client's
 *                    timeline syncobj, whose fd comes with the first such
 *                    present (later ones name the same timeline);
 *                    PP_FENCE_NONE: rendered already.
 *                  The buffer is busy from here until PP_IDLE for it.
 *   PP_DISCONNECT  the client is leaving.
 *
 * Compositor to client:
 *   PP_IDLE        buffer: the compositor no longer reads it; the client may
 *                  draw into it again (PresentIdleNotify).
 *   PP_FRAME_DONE  frame, time_ns, status: the present for `frame` was shown
 *                  (PP_SHOWN, time_ns when the screen held it), or skipped
 *                  (PP_SKIPPED: superseded, or its fence timed out or
 *                  failed) (PresentCompleteNotify).
 *   PP_DISCONNECT  the compositor is done: the client exits.
 *
 * A closed socket is a disconnect either way. Any other message, or a
 * malformed one, ends the connection.
 */
#ifndef TOOLS_PRESENT_PROTOCOL_H
#define TOOLS_PRESENT_PROTOCOL_H

#include <stdint.h>

enum pp_type {
	PP_HELLO = 1,
	PP_ATTACH,
	PP_PRESENT,
	PP_DISCONNECT,
	PP_IDLE,
	PP_FRAME_DONE,
};

enum pp_fence { PP_FENCE_NONE, PP_FENCE_SYNC_FILE, PP_FENCE_SYNCOBJ };
enum pp_status { PP_SHOWN, PP_SKIPPED };

#define PP_MAX_BUFFERS 4
#define PP_TITLE_MAX 32

struct pp_msg {
	uint32_t type;			/* enum pp_type */
	uint32_t buffer;		/* ATTACH, PRESENT, IDLE: index < PP_MAX_BUFFERS */
	uint64_t frame;			/* PRESENT: target frame; FRAME_DONE: the present's */
	uint64_t time_ns;		/* PRESENT: sent; FRAME_DONE: shown */
	uint64_t point;			/* PRESENT with PP_FENCE_SYNCOBJ */
	uint64_t modifier;		/* ATTACH */
	uint32_t fence;			/* PRESENT: enum pp_fence */
	uint32_t status;		/* FRAME_DONE: enum pp_status */
	uint32_t width, height;		/* HELLO, ATTACH */
	uint32_t stride, offset, fourcc;	/* ATTACH */
	char title[PP_TITLE_MAX];	/* HELLO, NUL-terminated */
};

/* Sends one message with fd (or none when fd < 0). 0 or -errno. */
int pp_send(int sock, const struct pp_msg *m, int fd);

/* Receives one message: 1 with *m filled and *fd the fd it carried (or -1;
 * the caller owns it), 0 when the peer closed, -errno on error or for a
 * malformed message (any fd it carried is closed). With nonblock, -EAGAIN
 * when nothing is waiting. */
int pp_recv(int sock, struct pp_msg *m, int *fd, int nonblock);

uint64_t pp_now_ns(void);

#endif
