/* SPDX-License-Identifier: MIT */
/*
 * scanout_raw: what the shim's display shows, as tests/clients/xdraw writes
 * what GetImage read: the top-left W x H pixels of the first lit CRTC, 32
 * bits each (0x00RRGGBB, little-endian), rows top down, on stdout. It asks
 * for the picture through debugfs (write and close
 * /sys/kernel/debug/dri/0/i915_shim_scanout; the shim writes
 * crtc-N/i915_shim_scanout.png beside it and one "crtc-N: WxH" or
 * "crtc-N: off" line per CRTC in the control file) and reads the PNG
 * (tests/png_read.h). Runs under the shim, as root (debugfs is root's). Exit 0, 77 when
 * the shim's debugfs file is not there, 1 on any other failure.
 *
 * scanout_raw -g REF OUT: the same, and REF (a file in that format) written
 * to OUT passed through that CRTC's gamma LUT as i915 applies its legacy 8-bit palette in Linux 6.1
 * (each 16-bit entry rounded to 8 bits: (v + 0x80) >> 8, drm_color_lut_extract),
 * so that a server that loads a LUT other than the identity can be compared
 * with Xvfb: the X server expands its palette as v * 257, and 6.1 then shows
 * the upper half of each channel one step brighter.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <drm.h>
#include <drm_mode.h>

#include "tests/png_read.h"

#define DIR_ "/sys/kernel/debug/dri/0/"
#define W 512
#define H 256

/* Writes ref through CRTC number crtc's LUT (GETRESOURCES order) to out. */
static int through_gamma(const char *ref, const char *out, int crtc)
{
	int fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	uint32_t ids[16];
	struct drm_mode_card_res res = { .crtc_id_ptr = (uintptr_t)ids, .count_crtcs = 16 };
	if (fd < 0 || ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res) || (int)res.count_crtcs <= crtc) {
		fprintf(stderr, "scanout_raw: card0's CRTC %d: %s\n", crtc, strerror(errno));
		return 1;
	}
	struct drm_mode_crtc c = { .crtc_id = ids[crtc] };
	static uint16_t lut[3][4096];
	struct drm_mode_crtc_lut g = { .crtc_id = ids[crtc], .red = (uintptr_t)lut[0],
				       .green = (uintptr_t)lut[1], .blue = (uintptr_t)lut[2] };
	if (ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &c) || c.gamma_size != 256 ||
	    (g.gamma_size = c.gamma_size, ioctl(fd, DRM_IOCTL_MODE_GETGAMMA, &g))) {
		fprintf(stderr, "scanout_raw: the gamma LUT of CRTC %u (size %u): %s\n", c.crtc_id,
			c.gamma_size, strerror(errno));
		return 1;
	}
	close(fd);
	uint8_t map[3][256];
	for (int ch = 0; ch < 3; ch++)
		for (int i = 0; i < 256; i++) {
			uint32_t v = ((uint32_t)lut[ch][i] + 0x80) >> 8;
			map[ch][i] = (uint8_t)(v > 255 ? 255 : v);
		}
	FILE *f = fopen(ref, "rb"), *o = fopen(out, "wb");
	uint32_t row[W];
	for (int y = 0; y < H; y++) {
		if (!f || !o || fread(row, 4, W, f) != W) {
			fprintf(stderr, "scanout_raw: %s: short or unreadable, or %s not writable\n", ref, out);
			return 1;
		}
		for (int x = 0; x < W; x++)
			row[x] = (uint32_t)map[0][row[x] >> 16 & 0xff] << 16 |
				 (uint32_t)map[1][row[x] >> 8 & 0xff] << 8 | map[2][row[x] & 0xff];
		fwrite(row, 4, W, o);
	}
	fclose(f);
	return fclose(o) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	bool gamma = argc == 4 && strcmp(argv[1], "-g") == 0;
	int fd = open(DIR_ "i915_shim_scanout", O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "scanout_raw: " DIR_ "i915_shim_scanout: %s\n", strerror(errno));
		return errno == ENOENT || errno == EACCES ? 77 : 1;
	}
	if (write(fd, "1\n", 2) != 2 || close(fd) != 0) {
		fprintf(stderr, "scanout_raw: writing the control file: %s\n", strerror(errno));
		return 1;
	}

	/* The first CRTC with a picture. */
	FILE *ctl = fopen(DIR_ "i915_shim_scanout", "r");
	char line[128];
	int crtc = -1;
	unsigned mw = 0, mh = 0;
	while (ctl && crtc < 0 && fgets(line, sizeof(line), ctl))
		if (sscanf(line, "crtc-%d: %ux%u", &crtc, &mw, &mh) != 3)
			crtc = -1;
	if (ctl)
		fclose(ctl);
	if (crtc < 0 || mw < W || mh < H) {
		fprintf(stderr, "scanout_raw: no CRTC shows %dx%d or more\n", W, H);
		return 1;
	}

	char path[128], why[128];
	snprintf(path, sizeof(path), DIR_ "crtc-%d/i915_shim_scanout.png", crtc);
	uint32_t pw, ph;
	uint32_t *px = test_png_read(path, &pw, &ph, why, sizeof(why));
	if (!px || pw < W || ph < H) {
		fprintf(stderr, "scanout_raw: %s: %s\n", path, px ? "smaller than the scene" : why);
		free(px);
		return 1;
	}
	for (int y = 0; y < H; y++)
		fwrite(px + (size_t)y * pw, 4, W, stdout);
	free(px);
	if (fflush(stdout) != 0)
		return 1;
	return gamma ? through_gamma(argv[2], argv[3], crtc) : 0;
}
