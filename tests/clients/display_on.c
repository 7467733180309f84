/* SPDX-License-Identifier: MIT */
/*
 * display_on COMMAND [ARGS...]: the display lit for the length of a command,
 * as a desktop leaves it for the programs that run on it. As DRM master of
 * /dev/dri/card0 it shows a black dumb-buffer framebuffer in the preferred
 * mode of the first connected connector, on the first CRTC that connector's
 * encoder can drive (SETCRTC), runs the command (which does not inherit the
 * master's fd), turns the CRTC off again and exits with the command's
 * status. For programs that want a running pipe and set no mode themselves,
 * like IGT's kms_vblank benchmark (tests/clients/igt.sh). Built with the
 * kernel's uAPI headers and ioctl() alone. Exit 77 when there is no display
 * or nothing connected, 1 when the mode cannot be set or the command not
 * started (a message on stderr).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <drm.h>
#include <drm_mode.h>

#define CARD "/dev/dri/card0"
#define MAX_IDS 32

static int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("display_on: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return status;
}

struct lit {
	uint32_t crtc, connector, fb, handle;
	struct drm_mode_modeinfo mode;
};

/* The first connected connector with a mode: its id and preferred mode (else its first). */
static int find_connector(int fd, const uint32_t *ids, uint32_t n, struct lit *lit, uint32_t *encoder)
{
	for (uint32_t i = 0; i < n; i++) {
		struct drm_mode_get_connector c = { .connector_id = ids[i] };
		if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c))	/* counts (and a probe) */
			continue;
		if (c.connection != 1 || !c.count_modes)
			continue;
		uint32_t count = c.count_modes, encoders[MAX_IDS];
		struct drm_mode_modeinfo *modes = calloc(count, sizeof(*modes));
		if (!modes)
			return fail(1, "out of memory");
		struct drm_mode_get_connector full = {
			.connector_id = ids[i], .modes_ptr = (uintptr_t)modes, .count_modes = count,
			.encoders_ptr = (uintptr_t)encoders,
			.count_encoders = c.count_encoders < MAX_IDS ? c.count_encoders : MAX_IDS,
		};
		if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &full) || !full.count_modes) {
			free(modes);
			continue;
		}
		uint32_t pick = 0;
		for (uint32_t m = 0; m < full.count_modes && m < count; m++)
			if (modes[m].type & DRM_MODE_TYPE_PREFERRED) {
				pick = m;
				break;
			}
		lit->connector = ids[i];
		lit->mode = modes[pick];
		free(modes);
		*encoder = full.encoder_id ? full.encoder_id : full.count_encoders ? encoders[0] : 0;
		return *encoder ? 0 : fail(1, "connector %u has no encoder", ids[i]);
	}
	return fail(77, "no connected connector with a mode");
}

/* Lights the display: 0, 77 (nothing to light) or 1. */
static int light(int fd, struct lit *lit)
{
	uint32_t crtcs[MAX_IDS], connectors[MAX_IDS];
	struct drm_mode_card_res res = { 0 };
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
		return fail(77, "no display (GETRESOURCES: %s)", strerror(errno));
	res = (struct drm_mode_card_res){
		.crtc_id_ptr = (uintptr_t)crtcs, .count_crtcs = res.count_crtcs < MAX_IDS ? res.count_crtcs : MAX_IDS,
		.connector_id_ptr = (uintptr_t)connectors,
		.count_connectors = res.count_connectors < MAX_IDS ? res.count_connectors : MAX_IDS,
	};
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
		return fail(1, "GETRESOURCES: %s", strerror(errno));
	uint32_t encoder;
	int ret = find_connector(fd, connectors, res.count_connectors < MAX_IDS ? res.count_connectors : MAX_IDS,
				 lit, &encoder);
	if (ret)
		return ret;
	struct drm_mode_get_encoder enc = { .encoder_id = encoder };
	if (ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &enc))
		return fail(1, "GETENCODER %u: %s", encoder, strerror(errno));
	lit->crtc = 0;
	for (uint32_t i = 0; i < res.count_crtcs && i < MAX_IDS && !lit->crtc; i++)
		if (enc.possible_crtcs & (1u << i))
			lit->crtc = crtcs[i];
	if (!lit->crtc)
		return fail(1, "encoder %u can drive no CRTC", encoder);

	struct drm_mode_create_dumb dumb = { .width = lit->mode.hdisplay, .height = lit->mode.vdisplay, .bpp = 32 };
	if (ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &dumb))
		return fail(1, "CREATE_DUMB %ux%u: %s", dumb.width, dumb.height, strerror(errno));
	lit->handle = dumb.handle;
	struct drm_mode_fb_cmd fb = { .width = dumb.width, .height = dumb.height, .pitch = dumb.pitch,
				      .bpp = 32, .depth = 24, .handle = dumb.handle };
	if (ioctl(fd, DRM_IOCTL_MODE_ADDFB, &fb))
		return fail(1, "ADDFB: %s", strerror(errno));
	lit->fb = fb.fb_id;
	struct drm_mode_crtc set = { .crtc_id = lit->crtc, .fb_id = lit->fb, .mode = lit->mode, .mode_valid = 1,
				     .set_connectors_ptr = (uintptr_t)&lit->connector, .count_connectors = 1 };
	if (ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &set))
		return fail(1, "SETCRTC %s on CRTC %u: %s", lit->mode.name, lit->crtc, strerror(errno));
	return 0;
}

static void unlight(int fd, const struct lit *lit)
{
	struct drm_mode_crtc off = { .crtc_id = lit->crtc };
	if (ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &off))
		fail(0, "turning CRTC %u off: %s", lit->crtc, strerror(errno));
	uint32_t fb = lit->fb;
	ioctl(fd, DRM_IOCTL_MODE_RMFB, &fb);
	struct drm_mode_destroy_dumb destroy = { .handle = lit->handle };
	ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: display_on COMMAND [ARGS...]\n");
		return 2;
	}
	int fd = open(CARD, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fail(77, CARD ": %s", strerror(errno));
	if (ioctl(fd, DRM_IOCTL_SET_MASTER, 0))
		return fail(1, "SET_MASTER: %s", strerror(errno));
	struct lit lit = { 0 };
	int ret = light(fd, &lit);
	if (ret)
		return ret;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		ret = fail(1, "fork: %s", strerror(errno));
	} else if (pid == 0) {
		execvp(argv[1], argv + 1);
		fail(0, "%s: %s", argv[1], strerror(errno));
		_exit(127);
	} else {
		int status = 0;
		pid_t got;
		while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
			;
		if (got < 0)
			ret = fail(1, "waitpid: %s", strerror(errno));
		else
			ret = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	}
	unlight(fd, &lit);
	close(fd);
	return ret;
}
