/* SPDX-License-Identifier: MIT */
/*
 * Sharing across processes, ours only (run under the shim as a plain test
 * program): a forked child with its own display and context clears a
 * renderbuffer image, exports it as a dma-buf, makes a native fence sync
 * of that work and passes both fds to the parent over a UNIX socket
 * (SCM_RIGHTS). The parent, with its own display, imports the dma-buf,
 * waits for the fence fd to poll readable, imports the fence as an EGL
 * native sync too (a server wait: an in-fence on its next batch), and
 * reads the child's pixels.
 */
#include <drm_fourcc.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gltest.h"

#define W 96
#define H 40

struct desc {
	EGLint fourcc, stride, offset;
	uint64_t modifier;
};

static int send_fds(int sock, const struct desc *d, int fd1, int fd2)
{
	char cbuf[CMSG_SPACE(2 * sizeof(int))] = { 0 };
	struct iovec iov = { (void *)d, sizeof(*d) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(2 * sizeof(int));
	int fds[2] = { fd1, fd2 };
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	return sendmsg(sock, &m, 0) == (ssize_t)sizeof(*d) ? 0 : -1;
}

static int recv_fds(int sock, struct desc *d, int *fd1, int *fd2)
{
	char cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct iovec iov = { d, sizeof(*d) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	if (recvmsg(sock, &m, 0) != (ssize_t)sizeof(*d))
		return -1;
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -1;
	int fds[2];
	memcpy(fds, CMSG_DATA(c), sizeof(fds));
	*fd1 = fds[0];
	*fd2 = fds[1];
	return 0;
}

static int child(int sock)
{
	gt_init();
	PFNEGLCREATEIMAGEKHRPROC create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC query =
		(PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC)eglGetProcAddress("eglExportDMABUFImageQueryMESA");
	PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image =
		(PFNEGLEXPORTDMABUFIMAGEMESAPROC)eglGetProcAddress("eglExportDMABUFImageMESA");
	PFNEGLCREATESYNCKHRPROC create_sync = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
	PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fence =
		(PFNEGLDUPNATIVEFENCEFDANDROIDPROC)eglGetProcAddress("eglDupNativeFenceFDANDROID");
	GLuint rb;
	gt_fbo_with_rb(GL_RGBA8, W, H, &rb);
	EGLImageKHR img = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb, NULL);
	struct desc d = { 0 };
	int planes, fd = -1;
	query(gt_dpy, img, &d.fourcc, &planes, &d.modifier);
	export_image(gt_dpy, img, &fd, &d.stride, &d.offset);
	/* the work the parent must wait for: clears, then the fence */
	for (int i = 0; i < 50; i++) {
		glClearColor((float)i / 49.0f, 0.5f, 0.25f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT);
	}
	EGLSyncKHR s = create_sync(gt_dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, NULL);
	int fence = dup_fence(gt_dpy, s);
	int ok = fd >= 0 && fence >= 0 && send_fds(sock, &d, fd, fence) == 0;
	close(fd);
	close(fence);
	char c;
	ok &= read(sock, &c, 1) == 1;	/* the parent is done reading */
	gt_finish();
	return ok ? 0 : 1;
}

int main(void)
{
	/* A plain test program: pick our vendor unless told otherwise
	 * (libglvnd reads the variable when it first loads vendors). */
	const char *top = getenv("top_builddir");
	char json[4096];
	snprintf(json, sizeof(json), "%s/upper-layers/egl/gem_egl_vendor.json", top ? top : ".");
	setenv("__EGL_VENDOR_LIBRARY_FILENAMES", json, 0);
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		printf("Bail out! socketpair\n");
		return 1;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(sv[0]);
		/* the child's TAP is not ours: keep it quiet */
		if (!freopen("/dev/null", "w", stdout))
			_exit(1);
		_exit(child(sv[1]));
	}
	close(sv[1]);
	gt_init();
	if (!gt_ours()) {
		printf("# SKIP dma-buf sharing is tested on our vendor only\n");
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return 77;
	}
	struct desc d;
	int fd = -1, fence = -1;
	int got = recv_fds(sv[0], &d, &fd, &fence);
	check(got == 0, "the child sent a dma-buf (%d) and a fence (%d)", fd, fence);
	check(d.fourcc == DRM_FORMAT_ABGR8888, "fourcc %.4s stride %d modifier 0x%llx", (char *)&d.fourcc, d.stride,
	      (unsigned long long)d.modifier);
	struct pollfd p = { .fd = fence, .events = POLLIN };
	check(poll(&p, 1, 10000) == 1 && (p.revents & POLLIN), "the fence polls readable when the child's work is done");
	PFNEGLCREATEIMAGEKHRPROC create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	PFNEGLCREATESYNCKHRPROC create_sync = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
	PFNEGLWAITSYNCKHRPROC wait_sync = (PFNEGLWAITSYNCKHRPROC)eglGetProcAddress("eglWaitSyncKHR");
	PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb =
		(PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
	const EGLint sync_attribs[] = { EGL_SYNC_NATIVE_FENCE_FD_ANDROID, fence, EGL_NONE };
	EGLSyncKHR s = create_sync(gt_dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, sync_attribs);
	check(s != EGL_NO_SYNC_KHR, "the fence imported as a native sync (EGL owns the fd)");
	check(wait_sync(gt_dpy, s, 0) == EGL_TRUE, "and waited for by the GPU");
	const EGLint attribs[] = {
		EGL_WIDTH, W, EGL_HEIGHT, H, EGL_LINUX_DRM_FOURCC_EXT, d.fourcc,
		EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, d.offset,
		EGL_DMA_BUF_PLANE0_PITCH_EXT, d.stride,
		EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, (EGLint)(d.modifier & 0xffffffff),
		EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, (EGLint)(d.modifier >> 32), EGL_NONE,
	};
	EGLImageKHR img = create_image(gt_dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL, attribs);
	check(img != EGL_NO_IMAGE_KHR, "the dma-buf imported (0x%x)", eglGetError());
	close(fd);
	GLuint rb, fb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	target_rb(GL_RENDERBUFFER, img);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	uint8_t *px = malloc(W * H * 4);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	int bad = 0;
	for (int i = 0; i < W * H; i++)
		bad += px[i * 4] != 255 || px[i * 4 + 1] != 128 || px[i * 4 + 2] != 64 || px[i * 4 + 3] != 255;
	check(bad == 0, "every pixel is the child's last clear (%d differ; first %d,%d,%d,%d)", bad, px[0], px[1],
	      px[2], px[3]);
	free(px);
	check(write(sv[0], "x", 1) == 1, "told the child");
	int status = -1;
	waitpid(pid, &status, 0);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child exited cleanly (0x%x)", status);
	close(sv[0]);
	check(glGetError() == GL_NO_ERROR, "no GL error");
	return gt_finish();
}
