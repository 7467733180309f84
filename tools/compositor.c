/* SPDX-License-Identifier: MIT */
/*
 * tools/compositor: the main job. It starts N demo clients (tools/client,
 * GLES on our EGL vendor), each on its own SOCK_SEQPACKET socket, takes
 * their frames as dma-bufs with fences (present_protocol.h: DRI3 and
 * Present in miniature) and composes them with the 2D layer into a
 * 1280x720 screen (compositor_screen.c), which it writes as PNG.
 *
 * The path of a frame: the client renders into a texture it exported once
 * (eglExportDMABUFImageMESA -> DRM_IOCTL_PRIME_HANDLE_TO_FD) and sends
 * PP_PRESENT with the sync_file of its last batch (I915_EXEC_FENCE_OUT).
 * The compositor imported the buffer once (gem2d_pixmap_from_dmabuf ->
 * DRM_IOCTL_PRIME_FD_TO_HANDLE), latches the newest present at its next
 * frame, hands the fence to the 2D layer (gem2d_add_in_fence), draws the
 * damaged boxes (XY_SRC_COPY_BLT for the window, Render for the
 * translucent parts) and submits them in one execbuffer with the fence as
 * I915_EXEC_FENCE_IN, so the GPU, not the compositor, waits for the client.
 * When that batch is done (its FENCE_OUT polls readable) the compositor
 * tells the client the frame is on screen (PP_FRAME_DONE) and releases
 * the buffer the window showed before (PP_IDLE).
 *
 * Faults: a client whose socket closes (it exited or was killed) leaves the
 * screen; a client whose fence signals an error (its batch hung the GPU
 * and was reset) is shown "not responding" until a good frame comes; a
 * present whose timeline point gets no fence within --fence-timeout is
 * skipped, and the window keeps its last frame.
 *
 * --frames N runs N frames in lockstep (frame k waits for every client's
 * present for frame k, animation time k/60 s): the result is exact and
 * --reference draws the same last frame with the CPU alone (the 2D layer's
 * GEM2D_CPU_ONLY and client_scene.c's CPU rendition), for the tests.
 * Without --frames the clients and the compositor run freely at their own
 * rates for --seconds.
 *
 * --kms shows the screen on the display as well (compositor_kms.c): the
 * compositor opens the GPU's primary node (/dev/dri/card0), becomes DRM
 * master, takes the first connected connector and its CRTC at the mode of
 * the screen's size (else the preferred mode, and the screen takes its
 * size), and makes two screen buffers framebuffers (dma-buf export, PRIME
 * import, ADDFB2 with the modifier). Each frame is drawn into the buffer not
 * on screen (compositor_screen.c brings it up to date from the other first),
 * submitted, and shown at once with a page flip and its event, the kernel
 * waiting for the drawing (implicit fencing); the next frame is composed
 * once that flip's event came through the poll loop (drmHandleEvent), so the
 * display's vblank paces the compositor. At exit the CRTC is given back (or
 * turned off) and the framebuffers removed. --out still writes the last
 * frame; the figures end with the flips, their events, the mean interval
 * between events and the vblanks missed.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <drm_fourcc.h>
#include <intel_bufmgr.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "tools/client_scene.h"
#include "tools/compositor_kms.h"
#include "tools/compositor_screen.h"
#include "tools/png_write.h"
#include "tools/present_protocol.h"

#define MAX_CLIENTS 8
#define QUEUE 8

/* The clients the demo starts, in stacking order (bottom first). */
static const struct client_config {
	const char *title;
	int kind, width, height, fps, x, y;
	bool syncobj;
} configs[] = {
	{ "bars - 60 fps", 0, 480, 300, 60, 70, 100, false },
	{ "stripes - 30 fps", 1, 400, 280, 30, 470, 260, true },
	{ "ticker - 20 fps", 2, 360, 240, 20, 860, 80, false },
};
#define NCONFIGS (int)(sizeof(configs) / sizeof(configs[0]))

struct present {
	uint32_t buffer;
	uint64_t target, sent_ns, received_ns, point;
	uint32_t fence;			/* enum pp_fence */
	int fd;				/* PP_FENCE_SYNC_FILE: the sync_file */
};

struct client {
	int index;
	struct client_config cfg;
	int step;			/* compositor frames per client frame (lockstep) */
	pid_t pid;
	int sock;
	bool alive, hello;
	struct screen_window win;
	gem2d_pixmap *buffers[PP_MAX_BUFFERS];
	uint32_t timeline;		/* syncobj handle on our fd, 0 if none */
	struct present queue[QUEUE];	/* arrival order */
	int nqueue;
	int latched;			/* buffer on screen, or -1 */
	uint64_t latched_target;
	int previous;			/* the one before, held until the frame is good, or -1 */
	uint64_t previous_target;
	bool has_latched_target;
	/* the present latched in the frame being drawn */
	bool pending;
	struct present shown;
	int shown_fence;		/* its sync_file, to read its status after the frame */
	/* statistics */
	uint64_t presents, shown_count, skipped, fence_timeouts, fence_errors;
	uint64_t *lat_ns;
	size_t nlat, caplat;
};

struct options {
	int nclients, frames, every, width, height;
	double seconds;
	bool fast, cpu, reference, quiet, kms;
	const char *out, *client_path;
	int kill_client, kill_frame, hang_client, hang_frame, stall_client, stall_frame;
	int fence_timeout_ms;
	/* --reference: what each window shows */
	int ref_without, ref_not_responding, ref_frame_client;
	long long ref_frame;
};

struct compositor {
	struct options o;
	int fd;
	drm_intel_bufmgr *bufmgr;
	gem2d_device *dev;
	struct screen screen;
	struct kms kms;			/* --kms: the display (kms.fd -1 without) */
	struct client clients[MAX_CLIENTS];
	int nclients;
	uint64_t frame;
	uint64_t start_ns;
	uint64_t frames_drawn, boxes_drawn, gpu_wait_ns;
	uint8_t *readback;
};

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void msg(const struct compositor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void msg(const struct compositor *c, const char *fmt, ...)
{
	if (c->o.quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* ---- the device ---------------------------------------------------------------- */

static int open_render_node(void)
{
	drmDevicePtr devices[16];
	int n = drmGetDevices2(0, devices, 16), fd = -1;
	for (int i = 0; i < n && fd < 0; i++) {
		if (!(devices[i]->available_nodes & (1 << DRM_NODE_RENDER)))
			continue;
		fd = open(devices[i]->nodes[DRM_NODE_RENDER], O_RDWR | O_CLOEXEC);
		if (fd >= 0) {
			drmVersionPtr v = drmGetVersion(fd);
			bool i915 = v && !strcmp(v->name, "i915");
			drmFreeVersion(v);
			if (!i915) {
				close(fd);
				fd = -1;
			}
		}
	}
	if (n > 0)
		drmFreeDevices(devices, n);
	return fd;
}

static int device_init(struct compositor *c)
{
	c->fd = open_render_node();
	if (c->fd < 0) {
		fprintf(stderr, "compositor: no i915 render node (run it under shim/i915-shim)\n");
		return -1;
	}
	c->bufmgr = drm_intel_bufmgr_gem_init(c->fd, 4096);
	if (!c->bufmgr)
		return -1;
	drm_intel_bufmgr_gem_enable_reuse(c->bufmgr);
	c->dev = gem2d_device_create(c->bufmgr, c->o.cpu || c->o.reference ? GEM2D_CPU_ONLY : 0);
	if (!c->dev)
		return -1;
	/* The display may give the screen another size (its preferred mode). */
	if (c->o.kms && kms_open(&c->kms, c->fd, &c->o.width, &c->o.height))
		return -1;
	if (screen_init(&c->screen, c->dev, c->o.width, c->o.height))
		return -1;
	if (c->o.kms) {
		/* Two buffers (compositor_kms.c says why not three). */
		if (screen_set_buffers(&c->screen, 2))
			return -1;
		for (int i = 0; i < c->screen.nbuffers; i++)
			if (kms_add_buffer(&c->kms, i, c->screen.buffers[i]))
				return -1;
	}
	c->readback = malloc((size_t)c->o.width * (size_t)c->o.height * 4);
	return c->readback ? 0 : -1;
}

/* ---- clients --------------------------------------------------------------------- */

static void client_path(const struct compositor *c, char *path, size_t size)
{
	if (c->o.client_path) {
		snprintf(path, size, "%s", c->o.client_path);
		return;
	}
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0) {
		snprintf(path, size, "tools/client");
		return;
	}
	self[n] = '\0';
	char *slash = strrchr(self, '/');
	if (slash)
		*slash = '\0';
	snprintf(path, size, "%s/client", self);
}

static int start_client(struct compositor *c, int i)
{
	struct client *cl = &c->clients[i];
	const struct client_config *cfg = &configs[i % NCONFIGS];
	memset(cl, 0, sizeof(*cl));
	cl->index = i;
	cl->cfg = *cfg;
	cl->latched = -1;
	cl->previous = -1;
	cl->shown_fence = -1;
	cl->step = 60 / cfg->fps;
	cl->win.x = cfg->x + (i / NCONFIGS) * 40;
	cl->win.y = cfg->y + (i / NCONFIGS) * 40;
	cl->win.z = i;
	cl->win.width = cfg->width;
	cl->win.height = cfg->height;
	snprintf(cl->win.title, sizeof(cl->win.title), "%s", cfg->title);
	if (c->o.reference)
		return 0;
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
		return -errno;
	char exe[PATH_MAX + 16], sock[16], kind[16], size[32], fps[16], step[16], hang[24], stall[24];
	client_path(c, exe, sizeof(exe));
	snprintf(sock, sizeof(sock), "%d", sv[1]);
	snprintf(kind, sizeof(kind), "%d", cfg->kind);
	snprintf(size, sizeof(size), "%dx%d", cfg->width, cfg->height);
	snprintf(fps, sizeof(fps), "%d", cfg->fps);
	snprintf(step, sizeof(step), "%d", cl->step);
	snprintf(hang, sizeof(hang), "%d", c->o.hang_client == i ? c->o.hang_frame : -1);
	snprintf(stall, sizeof(stall), "%d", c->o.stall_client == i ? c->o.stall_frame : -1);
	const char *argv[24];
	int n = 0;
	argv[n++] = exe;
	argv[n++] = "--socket"; argv[n++] = sock;
	argv[n++] = "--kind"; argv[n++] = kind;
	argv[n++] = "--size"; argv[n++] = size;
	argv[n++] = "--title"; argv[n++] = cfg->title;
	argv[n++] = "--fps"; argv[n++] = fps;
	if (c->o.frames > 0) {
		argv[n++] = "--lockstep"; argv[n++] = step;
	}
	if (c->o.fast)
		argv[n++] = "--fast";
	if (cfg->syncobj || c->o.stall_client == i)
		argv[n++] = "--syncobj";
	argv[n++] = "--hang-at"; argv[n++] = hang;
	argv[n++] = "--stall-at"; argv[n++] = stall;
	argv[n] = NULL;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		/* the child keeps its end of the socket (and nothing else of ours) */
		int flags = fcntl(sv[1], F_GETFD);
		fcntl(sv[1], F_SETFD, flags & ~FD_CLOEXEC);
		execv(exe, (char *const *)argv);
		fprintf(stderr, "compositor: cannot run %s: %s\n", exe, strerror(errno));
		_exit(127);
	}
	close(sv[1]);
	cl->pid = pid;
	cl->sock = sv[0];
	cl->alive = true;
	return 0;
}

static void send_to(struct client *cl, const struct pp_msg *m)
{
	if (cl->alive && pp_send(cl->sock, m, -1))
		cl->alive = false;	/* noticed at the next read: the socket is gone */
}

static void send_idle(struct client *cl, uint32_t buffer)
{
	struct pp_msg m = { .type = PP_IDLE, .buffer = buffer };
	send_to(cl, &m);
}

static void send_done(struct client *cl, uint64_t target, uint32_t status)
{
	struct pp_msg m = { .type = PP_FRAME_DONE, .frame = target, .status = status, .time_ns = pp_now_ns() };
	send_to(cl, &m);
}

static void drop_present(struct present *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}

/* A present that will never be read: its buffer is free at once. */
static void skip_present(struct client *cl, struct present *p)
{
	drop_present(p);
	cl->skipped++;
	send_idle(cl, p->buffer);
	send_done(cl, p->target, PP_SKIPPED);
}

static void remove_client(struct compositor *c, struct client *cl, const char *why)
{
	if (cl->sock <= 0)
		return;
	if (cl->hello)
		screen_remove_window(&c->screen, &cl->win);
	cl->hello = false;
	for (int i = 0; i < cl->nqueue; i++)
		drop_present(&cl->queue[i]);
	cl->nqueue = 0;
	if (cl->shown_fence >= 0)
		close(cl->shown_fence);
	cl->shown_fence = -1;
	cl->pending = false;
	cl->win.content = NULL;
	/* Pixmaps read by a batch in flight stay valid: the batch holds its BOs. */
	for (int i = 0; i < PP_MAX_BUFFERS; i++)
		if (cl->buffers[i]) {
			gem2d_pixmap_destroy(cl->buffers[i]);
			cl->buffers[i] = NULL;
		}
	if (cl->timeline)
		drmSyncobjDestroy(c->fd, cl->timeline);
	cl->timeline = 0;
	if (cl->sock > 0)
		close(cl->sock);
	cl->sock = 0;
	cl->alive = false;
	msg(c, "frame %llu: client %d (%s) left: %s\n", (unsigned long long)c->frame, cl->index, cl->cfg.title, why);
}

static int take_attach(struct compositor *c, struct client *cl, const struct pp_msg *m, int fd)
{
	if (fd < 0 || m->offset != 0 || (m->fourcc != DRM_FORMAT_ARGB8888 && m->fourcc != DRM_FORMAT_XRGB8888) ||
	    m->width != (uint32_t)cl->win.width || m->height != (uint32_t)cl->win.height)
		return -EINVAL;
	gem2d_pixmap *pix = gem2d_pixmap_from_dmabuf(c->dev, fd, (int)m->width, (int)m->height, 24, m->stride,
						     m->modifier);
	if (!pix)
		return -errno;
	if (cl->buffers[m->buffer]) {
		if (cl->win.content == cl->buffers[m->buffer])
			cl->win.content = NULL;
		gem2d_pixmap_destroy(cl->buffers[m->buffer]);
	}
	cl->buffers[m->buffer] = pix;
	msg(c, "client %d: buffer %u is a %ux%u dma-buf, %.4s, stride %u, modifier 0x%llx\n", cl->index, m->buffer,
	    m->width, m->height, (const char *)&m->fourcc, m->stride, (unsigned long long)m->modifier);
	return 0;
}

static int take_present(struct compositor *c, struct client *cl, const struct pp_msg *m, int *fd)
{
	if (!cl->buffers[m->buffer] || cl->nqueue == QUEUE)
		return -EINVAL;
	struct present p = { .buffer = m->buffer, .target = m->frame, .sent_ns = m->time_ns,
			     .received_ns = pp_now_ns(), .fence = m->fence, .fd = -1, .point = m->point };
	switch (m->fence) {
	case PP_FENCE_NONE:
		break;
	case PP_FENCE_SYNC_FILE:
		if (*fd < 0)
			return -EINVAL;
		p.fd = *fd;
		*fd = -1;
		break;
	case PP_FENCE_SYNCOBJ:
		if (*fd >= 0) {
			uint32_t h;
			if (drmSyncobjFDToHandle(c->fd, *fd, &h))
				return -errno;
			if (cl->timeline)
				drmSyncobjDestroy(c->fd, cl->timeline);
			cl->timeline = h;
		}
		if (!cl->timeline)
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	cl->queue[cl->nqueue++] = p;
	cl->presents++;
	return 0;
}

/* One message from a client; false ends the connection. */
static bool take_message(struct compositor *c, struct client *cl)
{
	struct pp_msg m;
	int fd = -1;
	int r = pp_recv(cl->sock, &m, &fd, 1);
	if (r == -EAGAIN)
		return true;
	if (r <= 0) {
		remove_client(c, cl, r == 0 ? "disconnected" : strerror(-r));
		return false;
	}
	int err = 0;
	switch (m.type) {
	case PP_HELLO:
		if (cl->hello) {
			err = -EINVAL;
			break;
		}
		if (m.width != (uint32_t)cl->cfg.width || m.height != (uint32_t)cl->cfg.height) {
			err = -EINVAL;
			break;
		}
		snprintf(cl->win.title, sizeof(cl->win.title), "%s", m.title);
		cl->hello = true;
		err = screen_add_window(&c->screen, &cl->win);
		break;
	case PP_ATTACH:
		err = cl->hello ? take_attach(c, cl, &m, fd) : -EINVAL;
		break;
	case PP_PRESENT:
		err = cl->hello ? take_present(c, cl, &m, &fd) : -EINVAL;
		break;
	case PP_DISCONNECT:
		if (fd >= 0)
			close(fd);
		remove_client(c, cl, "said goodbye");
		return false;
	default:
		err = -EINVAL;
	}
	if (fd >= 0)
		close(fd);
	if (err) {
		remove_client(c, cl, "protocol error");
		return false;
	}
	return true;
}

/* Takes what every client sent, and with --kms the display's events (a flip completed),
 * waiting up to timeout_ms for something. */
static void pump(struct compositor *c, int timeout_ms)
{
	struct pollfd p[MAX_CLIENTS + 1];
	struct client *who[MAX_CLIENTS];
	int n = 0;
	for (int i = 0; i < c->nclients; i++)
		if (c->clients[i].sock > 0) {
			p[n] = (struct pollfd){ .fd = c->clients[i].sock, .events = POLLIN };
			who[n++] = &c->clients[i];
		}
	int card = n;
	if (c->kms.fd >= 0)	/* readable when an event is ready (a flip's completion) */
		p[card] = (struct pollfd){ .fd = c->kms.fd, .events = POLLIN };
	int nfds = n + (c->kms.fd >= 0);
	if (nfds == 0) {
		if (timeout_ms > 0)
			poll(NULL, 0, timeout_ms);
		return;
	}
	if (poll(p, (nfds_t)nfds, timeout_ms) <= 0)
		return;
	if (nfds > n && (p[card].revents & POLLIN) && kms_dispatch(&c->kms))
		fprintf(stderr, "compositor: kms: reading the display's events: %s\n", strerror(errno));
	for (int i = 0; i < n; i++)
		if (p[i].revents)
			while (who[i]->sock > 0) {
				struct pollfd q = { .fd = who[i]->sock, .events = POLLIN };
				if (poll(&q, 1, 0) <= 0)
					break;
				if (!take_message(c, who[i]))
					break;
			}
}

/* ---- fences ---------------------------------------------------------------------- */

/* 1 signalled, 0 not yet, <0 signalled with that error. */
static int fence_status(int fd)
{
	struct sync_file_info info = { 0 };
	if (drmIoctl(fd, SYNC_IOC_FILE_INFO, &info))
		return -errno;
	return info.status;
}

/* The present's fence as a sync_file: 1 with *out set, 0 when its timeline
 * point has no fence yet. With deadline_ns, waits until then for it. */
static int present_sync_file(struct compositor *c, struct client *cl, struct present *p, int64_t deadline_ns,
			     int *out)
{
	*out = -1;
	if (p->fence == PP_FENCE_NONE)
		return 1;
	if (p->fence == PP_FENCE_SYNC_FILE) {
		*out = p->fd;
		p->fd = -1;
		return 1;
	}
	uint64_t point = p->point;
	if (drmSyncobjTimelineWait(c->fd, &cl->timeline, &point, 1, deadline_ns,
				   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE, NULL))
		return 0;
	uint32_t tmp;
	if (drmSyncobjCreate(c->fd, 0, &tmp))
		return -errno;
	int ret = drmSyncobjTransfer(c->fd, tmp, 0, cl->timeline, p->point, 0);
	if (!ret)
		ret = drmSyncobjExportSyncFile(c->fd, tmp, out);
	drmSyncobjDestroy(c->fd, tmp);
	return ret ? -errno : 1;
}

/* ---- one frame ------------------------------------------------------------------- */

static uint64_t want_target(const struct compositor *c, const struct client *cl)
{
	return c->o.frames > 0 ? c->frame / (uint64_t)cl->step * (uint64_t)cl->step : c->frame;
}

/* Lockstep: does the frame still wait for this client? */
static bool waiting_for(const struct compositor *c, const struct client *cl)
{
	if (!cl->alive || cl->win.not_responding)
		return false;
	if (!cl->hello)
		return true;
	uint64_t want = want_target(c, cl);
	if (cl->has_latched_target && cl->latched_target >= want)
		return false;
	for (int i = 0; i < cl->nqueue; i++)
		if (cl->queue[i].target >= want)
			return false;
	return true;
}

/* A frame of the client's signalled an error (its batch hung and was
 * reset): the window is drawn again, veiled, until a good frame comes. */
static void frame_failed(struct compositor *c, struct client *cl, int status)
{
	cl->fence_errors++;
	screen_damage_window(&c->screen, &cl->win);
	if (cl->win.not_responding)
		return;
	cl->win.not_responding = true;
	msg(c, "frame %llu: client %d: its frame failed on the GPU (%s): not responding\n",
	    (unsigned long long)c->frame, cl->index, strerror(-status));
}

static void latch(struct compositor *c, struct client *cl)
{
	uint64_t want = want_target(c, cl), now = pp_now_ns();
	uint64_t timeout_ns = (uint64_t)c->o.fence_timeout_ms * 1000000ull;
	int chosen = -1, fence = -1;
	for (int i = cl->nqueue - 1; i >= 0 && chosen < 0; i--) {
		struct present *p = &cl->queue[i];
		if (p->target > want)
			continue;
		int64_t deadline = 0;
		if (c->o.frames > 0 && p->fence == PP_FENCE_SYNCOBJ)	/* lockstep: wait for it, within the timeout */
			deadline = (int64_t)(p->received_ns + timeout_ns);
		int r = present_sync_file(c, cl, p, deadline, &fence);
		if (r > 0) {
			chosen = i;
		} else if (r < 0 || now - p->received_ns >= timeout_ns || deadline) {
			cl->fence_timeouts += r == 0;
			msg(c, "frame %llu: client %d: present for frame %llu skipped (%s)\n",
			    (unsigned long long)c->frame, cl->index, (unsigned long long)p->target,
			    r < 0 ? "bad fence" : "its fence never came");
			skip_present(cl, p);
			memmove(p, p + 1, (size_t)(cl->nqueue - i - 1) * sizeof(*p));
			cl->nqueue--;
		}
	}
	if (chosen < 0)
		return;
	/* Older presents were never shown: they are free at once. */
	struct present p = cl->queue[chosen];
	for (int i = 0; i < chosen; i++)
		skip_present(cl, &cl->queue[i]);
	memmove(cl->queue, cl->queue + chosen + 1, (size_t)(cl->nqueue - chosen - 1) * sizeof(p));
	cl->nqueue -= chosen + 1;
	int status = fence >= 0 ? fence_status(fence) : 1;
	if (status < 0) {	/* rendered with an error: nothing to show */
		close(fence);
		frame_failed(c, cl, status);
		skip_present(cl, &p);
		return;
	}
	if (status == 0) {	/* the GPU waits for it, not us */
		int dup_fd = dup(fence);
		if (dup_fd < 0 || gem2d_add_in_fence(c->dev, dup_fd))
			fprintf(stderr, "compositor: cannot take an in-fence\n");
		cl->shown_fence = fence;
	} else if (fence >= 0) {
		close(fence);
	}
	/* The buffer shown until now is released when this frame turns out
	 * good (frame_done); if its fence fails, the window goes back to it. */
	cl->previous = cl->latched >= 0 && (uint32_t)cl->latched != p.buffer ? cl->latched : -1;
	cl->previous_target = cl->latched_target;
	cl->latched = (int)p.buffer;
	cl->latched_target = p.target;
	cl->has_latched_target = true;
	cl->win.content = cl->buffers[p.buffer];
	if (cl->win.not_responding) {
		cl->win.not_responding = false;
		screen_damage_window(&c->screen, &cl->win);
	}
	screen_damage_content(&c->screen, &cl->win);
	cl->pending = true;
	cl->shown = p;
}

static void record_latency(struct client *cl, uint64_t ns)
{
	if (cl->nlat == cl->caplat) {
		size_t cap = cl->caplat ? cl->caplat * 2 : 256;
		uint64_t *n = realloc(cl->lat_ns, cap * sizeof(*n));
		if (!n)
			return;
		cl->lat_ns = n;
		cl->caplat = cap;
	}
	cl->lat_ns[cl->nlat++] = ns;
}

/* The frame's batch is done: what it showed is on screen. */
static void frame_done(struct compositor *c, int out_status)
{
	uint64_t now = pp_now_ns();
	if (out_status < 0)	/* i915 skipped our batch (an in-fence failed): draw it all again */
		screen_damage(&c->screen, 0, 0, c->o.width, c->o.height);
	for (int i = 0; i < c->nclients; i++) {
		struct client *cl = &c->clients[i];
		if (!cl->pending)
			continue;
		cl->pending = false;
		int status = 1;
		if (cl->shown_fence >= 0) {
			status = fence_status(cl->shown_fence);
			close(cl->shown_fence);
			cl->shown_fence = -1;
		}
		if (status < 0) {	/* back to the last good frame, and say so */
			if (cl->previous >= 0) {
				send_idle(cl, (uint32_t)cl->latched);
				cl->latched = cl->previous;
				cl->latched_target = cl->previous_target;
				cl->win.content = cl->buffers[cl->latched];
			}
			cl->previous = -1;
			frame_failed(c, cl, status);
			send_done(cl, cl->shown.target, PP_SKIPPED);
			continue;
		}
		if (cl->previous >= 0)
			send_idle(cl, (uint32_t)cl->previous);	/* the batch that read it last is done */
		cl->previous = -1;
		cl->shown_count++;
		record_latency(cl, now - cl->shown.sent_ns);
		send_done(cl, cl->shown.target, PP_SHOWN);
	}
}

static int write_png(struct compositor *c, const char *path)
{
	if (screen_read(&c->screen, c->readback))
		return -1;
	return png_write_xrgb(path, c->readback, (uint32_t)c->o.width, (uint32_t)c->o.height,
			      (uint32_t)c->o.width * 4);
}

static int draw_frame(struct compositor *c)
{
	int x, y;
	/* lockstep: frame k is k/60 s of animation; else the clock says */
	uint64_t anim = c->o.frames > 0 ? c->frame : (pp_now_ns() - c->start_ns) * 60 / 1000000000ull;
	screen_cursor_path(&c->screen, anim, &x, &y);
	screen_move_cursor(&c->screen, x, y);
	/* --kms: into the buffer not on screen (no flip is pending here: run waited) */
	int back = c->kms.fd >= 0 ? kms_back_buffer(&c->kms) : -1;
	int boxes = back >= 0 ? screen_repaint_into(&c->screen, back) : screen_repaint(&c->screen);
	if (boxes < 0) {
		fprintf(stderr, "compositor: drawing failed: %s\n", strerror(-boxes));
		return boxes;
	}
	c->boxes_drawn += (uint64_t)boxes;
	int out = -1;
	int ret = gem2d_flush_fence(c->dev, &out);
	/* Shown at once, the drawing just submitted: the flip (or the first frame's SETCRTC)
	 * waits for it in the kernel, through the framebuffer object's write fence (implicit
	 * fencing, compositor_kms.c), not here. The wait below is for the clients' sake. */
	if (back >= 0 && (ret == 0 || ret == -EIO) && kms_present(&c->kms, back)) {
		if (out >= 0)
			close(out);
		return -EIO;
	}
	int status = 1;
	if (out >= 0) {
		uint64_t t0 = pp_now_ns();
		struct pollfd p = { .fd = out, .events = POLLIN };
		while (poll(&p, 1, -1) < 0 && errno == EINTR)
			;
		c->gpu_wait_ns += pp_now_ns() - t0;
		status = fence_status(out);
		close(out);
	}
	if (ret && ret != -EIO)
		return ret;
	frame_done(c, status);
	c->frames_drawn++;
	return 0;
}

static bool clients_left(const struct compositor *c)
{
	for (int i = 0; i < c->nclients; i++)
		if (c->clients[i].sock > 0)
			return true;
	return false;
}

static void maybe_kill(struct compositor *c)
{
	if (c->o.kill_client < 0 || (uint64_t)c->o.kill_frame != c->frame || c->o.kill_client >= c->nclients)
		return;
	struct client *cl = &c->clients[c->o.kill_client];
	if (cl->pid > 0 && cl->alive) {
		msg(c, "frame %llu: killing client %d (%s)\n", (unsigned long long)c->frame, cl->index, cl->cfg.title);
		kill(cl->pid, SIGKILL);
	}
}

static void snapshot(struct compositor *c)
{
	if (c->o.every <= 0 || c->frame % (uint64_t)c->o.every)
		return;
	char path[PATH_MAX];
	const char *dot = strrchr(c->o.out, '.');
	int stem = dot ? (int)(dot - c->o.out) : (int)strlen(c->o.out);
	snprintf(path, sizeof(path), "%.*s-%05llu.png", stem, c->o.out, (unsigned long long)c->frame);
	write_png(c, path);
}

static bool presents_queued(const struct compositor *c)
{
	for (int i = 0; i < c->nclients; i++)
		if (c->clients[i].nqueue)
			return true;
	return false;
}

static int run(struct compositor *c)
{
	uint64_t start = c->start_ns = pp_now_ns(), frame_ns = 1000000000ull / 60;
	uint64_t end = start + (uint64_t)(c->o.seconds * 1e9);
	for (c->frame = 0; !interrupted; c->frame++) {
		if (c->o.frames > 0 && c->frame >= (uint64_t)c->o.frames)
			break;
		if (c->o.frames <= 0 && pp_now_ns() >= end)
			break;
		maybe_kill(c);
		pump(c, 0);
		/* --kms: the vblank paces: no frame before the last flip completed, whose event
		 * the poll loop reads; the clients are served meanwhile. */
		for (uint64_t t0 = pp_now_ns(); kms_flip_pending(&c->kms) && !interrupted;) {
			if (pp_now_ns() - t0 > 5000000000ull) {
				fprintf(stderr, "compositor: kms: no flip event in 5 s\n");
				return -1;
			}
			pump(c, 100);
		}
		if (c->o.frames > 0) {	/* lockstep: every client's present for this frame */
			uint64_t t0 = pp_now_ns();
			for (;;) {
				bool wait = false;
				for (int i = 0; i < c->nclients; i++)
					wait |= waiting_for(c, &c->clients[i]);
				if (!wait || interrupted)
					break;
				if (pp_now_ns() - t0 > 30000000000ull) {
					fprintf(stderr, "compositor: no present for frame %llu in 30 s\n",
						(unsigned long long)c->frame);
					return -1;
				}
				pump(c, 100);
			}
		}
		for (int i = 0; i < c->nclients; i++)
			if (c->clients[i].hello)
				latch(c, &c->clients[i]);
		if (draw_frame(c))
			return -1;
		snapshot(c);
		if (c->o.frames <= 0 && !c->o.fast && c->kms.fd < 0) {
			/* Until the cursor's next step (60 Hz) or a client's next present,
			 * whichever comes first: a present is put on screen at once, as
			 * Present does for a window that does not wait for vblank. */
			uint64_t next = start + ((pp_now_ns() - start) / frame_ns + 1) * frame_ns;
			for (uint64_t now = pp_now_ns(); now < next && !interrupted && !presents_queued(c);
			     now = pp_now_ns())
				pump(c, (int)((next - now + 999999) / 1000000));
		}
		if (!clients_left(c) && c->o.frames <= 0)
			break;
	}
	/* The last frame on screen before anything goes. */
	if (kms_flip_pending(&c->kms) && kms_wait_flip(&c->kms, 5000)) {
		fprintf(stderr, "compositor: kms: the last flip never completed\n");
		return -1;
	}
	return 0;
}

/* ---- the reference: the last frame of a lockstep run, with the CPU ---------------- */

static int reference(struct compositor *c)
{
	static uint32_t sheet[SCENE_SHEET_W * SCENE_SHEET_H];
	c->frame = (uint64_t)c->o.frames - 1;
	for (int i = 0; i < c->nclients; i++) {
		struct client *cl = &c->clients[i];
		if (i == c->o.ref_without)
			continue;
		uint64_t target = i == c->o.ref_frame_client ? (uint64_t)c->o.ref_frame : want_target(c, cl);
		uint32_t *px = calloc((size_t)cl->win.width * (size_t)cl->win.height, 4);
		struct scene_op ops[SCENE_MAX_OPS];
		if (!px)
			return -1;
		scene_sheet_pixels(sheet);
		int n = scene_frame_ops(cl->cfg.kind, cl->win.width, cl->win.height, target, ops);
		scene_render_cpu(ops, n, target, px, cl->win.width, sheet);
		cl->buffers[0] = gem2d_pixmap_create(c->dev, cl->win.width, cl->win.height, 24, GEM2D_TILING_NONE);
		gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
		int ret = cl->buffers[0] ? gem2d_put_image(cl->buffers[0], &gc, GEM2D_ZPIXMAP, 0, 0, cl->win.width,
							    cl->win.height, px, cl->win.width * 4) : -ENOMEM;
		free(px);
		if (ret)
			return -1;
		cl->win.content = cl->buffers[0];
		cl->win.not_responding = i == c->o.ref_not_responding;
		cl->hello = true;
		screen_add_window(&c->screen, &cl->win);
	}
	return draw_frame(c);
}

/* ---- report ------------------------------------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void report(struct compositor *c, double seconds)
{
	gem2d_stats st;
	gem2d_get_stats(c->dev, &st);
	printf("compositor: %llu frames in %.2f s (%.1f frames/s), %llu damaged boxes, %llu batches, "
	       "%llu requests on the blitter, %llu on the CPU; waited %.1f ms for the GPU\n",
	       (unsigned long long)c->frames_drawn, seconds, seconds > 0 ? (double)c->frames_drawn / seconds : 0.0,
	       (unsigned long long)c->boxes_drawn, (unsigned long long)st.batches,
	       (unsigned long long)st.gpu_requests, (unsigned long long)st.cpu_requests, (double)c->gpu_wait_ns / 1e6);
	for (int i = 0; i < c->nclients; i++) {
		struct client *cl = &c->clients[i];
		double med = 0, p99 = 0;
		if (cl->nlat) {
			qsort(cl->lat_ns, cl->nlat, sizeof(uint64_t), cmp_u64);
			med = (double)cl->lat_ns[cl->nlat / 2] / 1e6;
			p99 = (double)cl->lat_ns[(cl->nlat * 99) / 100] / 1e6;
		}
		printf("client %d (%s): %llu presents, %llu shown (%.1f/s), %llu skipped, %llu fence timeouts, "
		       "%llu failed frames; present-to-screen median %.2f ms, p99 %.2f ms%s\n",
		       i, cl->cfg.title, (unsigned long long)cl->presents, (unsigned long long)cl->shown_count,
		       seconds > 0 ? (double)cl->shown_count / seconds : 0.0, (unsigned long long)cl->skipped,
		       (unsigned long long)cl->fence_timeouts, (unsigned long long)cl->fence_errors, med, p99,
		       cl->win.not_responding ? " (not responding)" : "");
	}
	fflush(stdout);
}

static void shutdown_clients(struct compositor *c)
{
	for (int i = 0; i < c->nclients; i++) {
		struct client *cl = &c->clients[i];
		if (cl->sock > 0) {
			struct pp_msg m = { .type = PP_DISCONNECT };
			send_to(cl, &m);
		}
	}
	/* Wait for each to go (it closes its socket when it exits). */
	uint64_t t0 = pp_now_ns();
	while (clients_left(c) && pp_now_ns() - t0 < 10000000000ull)
		pump(c, 100);
	for (int i = 0; i < c->nclients; i++) {
		struct client *cl = &c->clients[i];
		if (cl->sock > 0)
			remove_client(c, cl, "shut down");
		if (cl->pid <= 0)
			continue;
		int status = 0;
		pid_t r = waitpid(cl->pid, &status, WNOHANG);
		for (int t = 0; r == 0 && t < 100; t++) {
			poll(NULL, 0, 50);
			r = waitpid(cl->pid, &status, WNOHANG);
		}
		if (r == 0) {
			kill(cl->pid, SIGKILL);
			r = waitpid(cl->pid, &status, 0);
		}
		if (WIFSIGNALED(status))
			msg(c, "client %d ended by signal %d\n", i, WTERMSIG(status));
		else if (WEXITSTATUS(status))
			msg(c, "client %d exited with status %d\n", i, WEXITSTATUS(status));
	}
}

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: compositor [--clients N] [--seconds S | --frames N] [--out demo.png] [--every N]\n"
		"                  [--kms] [--fast] [--cpu] [--size WxH] [--client PATH] [--fence-timeout MS]\n"
		"                  [--kill I:FRAME] [--hang I:CLIENT_FRAME] [--stall I:CLIENT_FRAME] [--quiet]\n"
		"                  [--reference [--without I] [--not-responding I] [--client-frame I:FRAME]]\n"
		"  --clients N         how many clients (default 3)\n"
		"  --seconds S         run freely for S seconds (default 4)\n"
		"  --frames N          run N frames in lockstep instead: frame k shows every client's frame\n"
		"                      for animation time k/60 s, so the result is exact\n"
		"  --out FILE          the last frame (default demo.png); --every N also writes FILE-NNNNN.png\n"
		"  --kms               show the screen on the display too: DRM master of the GPU's primary\n"
		"                      node, the first connected connector at the screen's size (else its\n"
		"                      preferred mode, which sizes the screen), a page flip per frame paced\n"
		"                      by its event; the figures end with flips, events and missed vblanks\n"
		"  --size WxH          the screen's size (default 1280x720)\n"
		"  --fast              no pacing: the compositor and the clients run as fast as they can\n"
		"  --cpu               draw with the 2D layer's CPU path only (GEM2D_CPU_ONLY)\n"
		"  --kill I:F          SIGKILL client I at frame F\n"
		"  --hang I:N          client I submits a batch that never ends with its frame N\n"
		"  --stall I:N         client I never signals its fences from its frame N on\n"
		"  --fence-timeout MS  how long a present may wait for its fence (default 500)\n"
		"  --reference         draw the last frame of a --frames run with the CPU alone, no clients\n");
	exit(status);
}

static void pair(const char *arg, int *a, int *b)
{
	if (sscanf(arg, "%d:%d", a, b) != 2)
		usage(2);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "clients", 1, 0, 'n' }, { "seconds", 1, 0, 's' }, { "frames", 1, 0, 'f' }, { "out", 1, 0, 'o' },
		{ "every", 1, 0, 'e' }, { "fast", 0, 0, 'F' }, { "cpu", 0, 0, 'C' }, { "size", 1, 0, 'z' },
		{ "client", 1, 0, 'c' }, { "fence-timeout", 1, 0, 't' }, { "kill", 1, 0, 'K' }, { "hang", 1, 0, 'H' },
		{ "stall", 1, 0, 'S' }, { "quiet", 0, 0, 'q' }, { "reference", 0, 0, 'R' }, { "without", 1, 0, 'w' },
		{ "not-responding", 1, 0, 'N' }, { "client-frame", 1, 0, 'x' }, { "help", 0, 0, 'h' },
		{ "kms", 0, 0, 'k' },
		{ 0, 0, 0, 0 },
	};
	struct compositor c = { .o = {
		.nclients = 3, .seconds = 4, .width = 1280, .height = 720, .out = "demo.png", .kill_client = -1,
		.hang_client = -1, .stall_client = -1, .fence_timeout_ms = 500, .ref_without = -1,
		.ref_not_responding = -1, .ref_frame_client = -1,
	}, .fd = -1, .kms = { .fd = -1, .front = -1, .pending = -1 } };
	int opt, frame;
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'n': c.o.nclients = atoi(optarg); break;
		case 's': c.o.seconds = atof(optarg); break;
		case 'f': c.o.frames = atoi(optarg); break;
		case 'o': c.o.out = optarg; break;
		case 'e': c.o.every = atoi(optarg); break;
		case 'F': c.o.fast = true; break;
		case 'C': c.o.cpu = true; break;
		case 'z': if (sscanf(optarg, "%dx%d", &c.o.width, &c.o.height) != 2) usage(2); break;
		case 'c': c.o.client_path = optarg; break;
		case 't': c.o.fence_timeout_ms = atoi(optarg); break;
		case 'K': pair(optarg, &c.o.kill_client, &c.o.kill_frame); break;
		case 'H': pair(optarg, &c.o.hang_client, &c.o.hang_frame); break;
		case 'S': pair(optarg, &c.o.stall_client, &c.o.stall_frame); break;
		case 'q': c.o.quiet = true; break;
		case 'R': c.o.reference = true; break;
		case 'w': c.o.ref_without = atoi(optarg); break;
		case 'N': c.o.ref_not_responding = atoi(optarg); break;
		case 'x': pair(optarg, &c.o.ref_frame_client, &frame); c.o.ref_frame = frame; break;
		case 'k': c.o.kms = true; break;
		case 'h': usage(0); break;
		default: usage(2);
		}
	}
	if (optind != argc || c.o.nclients < 0 || c.o.nclients > MAX_CLIENTS || c.o.width < 320 ||
	    c.o.height < 240 || c.o.width > 4096 || c.o.height > 4096 || c.o.fence_timeout_ms <= 0 ||
	    (c.o.reference && (c.o.frames <= 0 || c.o.kms)))
		usage(2);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
#ifdef GEM_VENDOR_JSON
	/* The clients run on our EGL vendor unless the caller chose another. */
	setenv("__EGL_VENDOR_LIBRARY_FILENAMES", GEM_VENDOR_JSON, 0);
#endif
	int ret = 0;
	uint64_t t0 = pp_now_ns();
	bool ready = device_init(&c) == 0;
	if (!ready) {	/* what was set up is taken down below */
		fprintf(stderr, "compositor: cannot set up the %s\n", c.o.kms ? "2D device or the display" : "2D device");
		ret = -1;
	}
	c.nclients = ready ? c.o.nclients : 0;
	for (int i = 0; i < c.nclients && !ret; i++)
		ret = start_client(&c, i);
	if (ready && ret) {
		fprintf(stderr, "compositor: cannot start the clients: %s\n", strerror(-ret));
		ret = -1;
	} else if (ready) {
		ret = c.o.reference ? reference(&c) : run(&c);
	}
	double seconds = (double)(pp_now_ns() - t0) / 1e9;
	if (ret == 0 && write_png(&c, c.o.out) == 0)
		msg(&c, "wrote %s (%dx%d, frame %llu)\n", c.o.out, c.o.width, c.o.height,
		    (unsigned long long)(c.frame ? c.frame - !c.o.reference : 0));
	else if (ret == 0)
		ret = -1;
	if (ready && !c.o.reference) {
		shutdown_clients(&c);
		if (!c.o.quiet)
			report(&c, seconds);
	}
	if (ready && c.kms.fd >= 0 && !c.o.quiet)
		kms_report(&c.kms);
	kms_close(&c.kms);	/* before the screen: its buffers are the framebuffers */
	for (int i = 0; i < c.nclients; i++)
		free(c.clients[i].lat_ns);
	for (int i = 0; i < c.nclients; i++)
		for (int b = 0; b < PP_MAX_BUFFERS; b++)
			if (c.clients[i].buffers[b])
				gem2d_pixmap_destroy(c.clients[i].buffers[b]);
	screen_fini(&c.screen);
	free(c.readback);
	if (c.dev)
		gem2d_device_destroy(c.dev);
	if (c.bufmgr)
		drm_intel_bufmgr_destroy(c.bufmgr);
	if (c.fd >= 0)
		close(c.fd);
	return ret ? 1 : 0;
}
