/* SPDX-License-Identifier: MIT */
/*
 * tools/testcard: the smaller example (the main job is tools/compositor).
 * It finds the GPU the way a driver does and
 * prints what it found (the device nodes, the driver's identity, the PCI
 * device, the DRM capabilities and the i915 parameters a driver reads at
 * start-up), then draws a test card with the blitter (testcard.c), reads it
 * back and writes it to testcard.png (or the path given as the first
 * argument). Run it under the shim (shim/i915-shim tools/testcard) or on a
 * machine with an i915.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <i915_drm.h>

#include "tools/png_write.h"
#include "tools/testcard.h"
#include "xf86drm.h"

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static const struct { uint64_t cap; const char *name; } caps[] = {
	{ DRM_CAP_DUMB_BUFFER, "DUMB_BUFFER" },
	{ DRM_CAP_PRIME, "PRIME" },
	{ DRM_CAP_TIMESTAMP_MONOTONIC, "TIMESTAMP_MONOTONIC" },
	{ DRM_CAP_ADDFB2_MODIFIERS, "ADDFB2_MODIFIERS" },
	{ DRM_CAP_SYNCOBJ, "SYNCOBJ" },
	{ DRM_CAP_SYNCOBJ_TIMELINE, "SYNCOBJ_TIMELINE" },
	{ DRM_CAP_CURSOR_WIDTH, "CURSOR_WIDTH" },
};

static const struct { int param; const char *name; } params[] = {
	{ I915_PARAM_CHIPSET_ID, "CHIPSET_ID" },
	{ I915_PARAM_REVISION, "REVISION" },
	{ I915_PARAM_HAS_EXECBUF2, "HAS_EXECBUF2" },
	{ I915_PARAM_HAS_BSD, "HAS_BSD" },
	{ I915_PARAM_HAS_BLT, "HAS_BLT" },
	{ I915_PARAM_HAS_VEBOX, "HAS_VEBOX" },
	{ I915_PARAM_HAS_LLC, "HAS_LLC" },
	{ I915_PARAM_HAS_ALIASING_PPGTT, "HAS_ALIASING_PPGTT" },
	{ I915_PARAM_HAS_WAIT_TIMEOUT, "HAS_WAIT_TIMEOUT" },
	{ I915_PARAM_HAS_EXEC_SOFTPIN, "HAS_EXEC_SOFTPIN" },
	{ I915_PARAM_NUM_FENCES_AVAIL, "NUM_FENCES_AVAIL" },
	{ I915_PARAM_MMAP_GTT_VERSION, "MMAP_GTT_VERSION" },
	{ I915_PARAM_CMD_PARSER_VERSION, "CMD_PARSER_VERSION" },
	{ I915_PARAM_EU_TOTAL, "EU_TOTAL" },
	{ I915_PARAM_SUBSLICE_TOTAL, "SUBSLICE_TOTAL" },
	{ I915_PARAM_CS_TIMESTAMP_FREQUENCY, "CS_TIMESTAMP_FREQUENCY" },
};

int main(int argc, char **argv)
{
	const char *png = argc > 1 ? argv[1] : "testcard.png";
	drmDevicePtr devices[16];
	double t0 = now_us();
	int n = drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, devices, 16);
	double t_enum = now_us() - t0;
	int primary = -1;

	if (n <= 0) {
		fprintf(stderr, "testcard: no DRM device found (%s)\n", n < 0 ? strerror(-n) : "none");
		return 1;
	}
	printf("Found %d DRM device(s) in %.0f us\n", n, t_enum);
	for (int i = 0; i < n; i++) {
		drmDevicePtr d = devices[i];
		printf("device %d:\n", i);
		for (int t = 0; t < DRM_NODE_MAX; t++)
			if (d->available_nodes & (1 << t))
				printf("  node %-8s %s\n", t == DRM_NODE_PRIMARY ? "primary" :
				       t == DRM_NODE_RENDER ? "render" : "control", d->nodes[t]);
		if (d->bustype == DRM_BUS_PCI) {
			printf("  PCI %04x:%02x:%02x.%u vendor 0x%04x device 0x%04x revision 0x%02x "
			       "subsystem %04x:%04x\n", d->businfo.pci->domain, d->businfo.pci->bus,
			       d->businfo.pci->dev, d->businfo.pci->func, d->deviceinfo.pci->vendor_id,
			       d->deviceinfo.pci->device_id, d->deviceinfo.pci->revision_id,
			       d->deviceinfo.pci->subvendor_id, d->deviceinfo.pci->subdevice_id);
		}
		if (primary < 0 && (d->available_nodes & (1 << DRM_NODE_PRIMARY)))
			primary = i;
	}
	if (primary < 0) {
		drmFreeDevices(devices, n);
		fprintf(stderr, "testcard: no primary node\n");
		return 1;
	}

	int fd = open(devices[primary]->nodes[DRM_NODE_PRIMARY], O_RDWR | O_CLOEXEC);
	drmFreeDevices(devices, n);
	if (fd < 0) {
		perror("testcard: open");
		return 1;
	}
	drmVersionPtr v = drmGetVersion(fd);
	if (!v) {
		perror("testcard: drmGetVersion");
		close(fd);
		return 1;
	}
	printf("driver %s %d.%d.%d (%s), %s\n", v->name, v->version_major, v->version_minor,
	       v->version_patchlevel, v->date, v->desc);
	int is_i915 = !strcmp(v->name, "i915");
	drmFreeVersion(v);
	printf("master: %s\n", drmIsMaster(fd) ? "yes" : "no");

	printf("capabilities:\n");
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		uint64_t value = 0;
		if (drmGetCap(fd, caps[i].cap, &value) == 0)
			printf("  %-22s %llu\n", caps[i].name, (unsigned long long)value);
		else
			printf("  %-22s error %s\n", caps[i].name, strerror(errno));
	}
	if (is_i915) {
		printf("i915 parameters:\n");
		for (size_t i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
			int value = 0;
			struct drm_i915_getparam gp = { .param = params[i].param, .value = &value };
			if (drmIoctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0)
				printf("  %-22s %d (0x%x)\n", params[i].name, value, value);
			else
				printf("  %-22s error %s\n", params[i].name, strerror(errno));
		}
		t0 = now_us();
		int iters = 10000;
		for (int i = 0; i < iters; i++) {
			int value;
			struct drm_i915_getparam gp = { .param = I915_PARAM_CHIPSET_ID, .value = &value };
			drmIoctl(fd, DRM_IOCTL_I915_GETPARAM, &gp);
		}
		printf("GETPARAM round trip: %.3f us\n", (now_us() - t0) / iters);
	}
	if (!is_i915) {
		close(fd);
		return 0;
	}

	printf("test card:\n");
	uint8_t *pixels = malloc((size_t)CARD_W * CARD_H * 4);
	t0 = now_us();
	int ret = pixels ? testcard_render(fd, pixels) : -1;
	if (ret == 0) {
		printf("rendered in %.1f ms in all\n", (now_us() - t0) / 1000);
		ret = png_write_xrgb(png, pixels, CARD_W, CARD_H, CARD_W * 4);
		if (ret == 0)
			printf("wrote %s (%dx%d)\n", png, CARD_W, CARD_H);
	}
	free(pixels);
	close(fd);
	return ret ? 1 : 0;
}
