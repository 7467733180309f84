/* SPDX-License-Identifier: MIT */
/*
 * The installed tree, seen as a program that uses it sees it: `make
 * installcheck` compiles this file with nothing but the flags pkg-config
 * gives for libdrm and libdrm_intel from the installed prefix, links it the
 * same way, and runs it with the installed libdir on LD_LIBRARY_PATH.
 *
 * It includes the public headers as programs written for libdrm do (the
 * uAPI headers come from the prefix too, not from the system), calls into
 * both libraries, and checks at run time that the libraries that answered
 * are the installed ones: every symbol looked up must come from a file
 * under the directory given as argv[1]. drm_intel_throttle_create exists
 * only in libdrm-gem's libdrm_intel, so binding to it also proves that the
 * system's libdrm_intel.so.1 was not the one loaded. Needs no DRM device.
 * Prints TAP-like lines; exits 0 on success, 1 on any failure.
 *
 * With a second argument "device" it is being run through the installed
 * i915-shim launcher, and also opens the render node and round-trips data
 * through a buffer object: the installed preload module works too.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xf86drm.h>
#include <intel_bufmgr.h>
#include <drm_fourcc.h>
#include <i915_drm.h>

static int failures;

static void check(int ok, const char *what)
{
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
	if (!ok)
		failures++;
}

/* Is the definition of name that the program binds to in a file under dir? */
static void check_from(const char *name, const char *dir)
{
	char file[PATH_MAX], msg[PATH_MAX + 64];
	void *sym = dlsym(RTLD_DEFAULT, name);
	Dl_info info;

	if (!sym || !dladdr(sym, &info) || !info.dli_fname || !realpath(info.dli_fname, file)) {
		snprintf(msg, sizeof(msg), "%s is defined in a loaded library", name);
		check(0, msg);
		return;
	}
	size_t n = strlen(dir);
	snprintf(msg, sizeof(msg), "%s comes from %s", name, file);
	check(strncmp(file, dir, n) == 0 && file[n] == '/', msg);
}

/* Through the installed launcher: a bufmgr on the render node, data in and out of a BO. */
static void use_device(void)
{
	int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	check(fd >= 0, "the installed i915-shim presents /dev/dri/renderD128");
	if (fd < 0)
		return;
	drm_intel_bufmgr *bufmgr = drm_intel_bufmgr_gem_init(fd, 4096);
	check(bufmgr != NULL, "drm_intel_bufmgr_gem_init on the emulated device");
	if (bufmgr) {
		static const char text[] = "installed";
		char back[sizeof(text)] = "";
		drm_intel_bo *bo = drm_intel_bo_alloc(bufmgr, "installcheck", 4096, 4096);
		check(bo && drm_intel_bo_subdata(bo, 0, sizeof(text), text) == 0 &&
		      drm_intel_bo_get_subdata(bo, 0, sizeof(back), back) == 0 &&
		      memcmp(text, back, sizeof(text)) == 0, "a buffer object keeps what was written");
		drm_intel_bo_unreference(bo);
		drm_intel_bufmgr_destroy(bufmgr);
	}
	close(fd);
}

int main(int argc, char **argv)
{
	char dir[PATH_MAX];

	if (argc < 2 || argc > 3 || !realpath(argv[1], dir)) {
		fprintf(stderr, "usage: %s INSTALLED-LIBDIR [device]\n", argv[0]);
		return 2;
	}

	drmVersionPtr v = drmGetLibVersion(-1);
	check(v && v->version_major == 1, "drmGetLibVersion answers 1.x");
	if (v)
		printf("# libdrm interface %d.%d.%d\n", v->version_major, v->version_minor,
		       v->version_patchlevel);
	drmFreeVersion(v);

	char *fmt = drmGetFormatName(DRM_FORMAT_XRGB8888);
	check(fmt && strcmp(fmt, "XR24") == 0, "drmGetFormatName(DRM_FORMAT_XRGB8888) is XR24");
	free(fmt);

	/* No device here: an fd that is not open fails cleanly, and throttling needs a bufmgr. */
	printf("# no device: what libdrm_intel prints on stderr now is expected\n");
	fflush(stdout);
	check(drm_intel_bufmgr_gem_init(-1, 4096) == NULL, "drm_intel_bufmgr_gem_init(-1) fails");
	check(drm_intel_throttle_create(NULL, 2) == NULL, "drm_intel_throttle_create(NULL) fails");
	check(sizeof(struct drm_i915_gem_exec_object2) == 56, "i915_drm.h is usable");

	check_from("drmGetLibVersion", dir);
	check_from("drmIoctl", dir);
	check_from("drm_intel_bufmgr_gem_init", dir);
	check_from("drm_intel_throttle_create", dir);

	if (argc == 3 && strcmp(argv[2], "device") == 0)
		use_device();
	return failures ? 1 : 0;
}
