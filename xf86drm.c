/* SPDX-License-Identifier: MIT */
/*
 * xf86drm.c - the core of libdrm.so.2: drmIoctl(), opening and closing
 * device nodes, driver version and capabilities, bus ids, authentication
 * and master state, driver-private command helpers, diagnostics.
 *
 * Device enumeration and node names live in xf86drm_device.c, format and
 * modifier names in xf86drm_format.c.
 *
 * Lifetime rules: a drmVersion returned here is one calloc'd struct with
 * three strdup'd strings, released by drmFreeVersion(); a bus id string is
 * released by drmFreeBusid(); file descriptors belong to the caller.
 * drmClose() drops the fd's drmGetEntry() record (xf86drm_once.c) before
 * close(2). The only other global is the drmServerInfo pointer installed by
 * drmSetServerInfo(), which the caller must keep alive while installed.
 *
 * Error conventions follow libdrm 2.4.114 call by call (documented on each
 * function); where libdrm would crash on a NULL or malformed argument we
 * fail with EINVAL instead.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"

/* Hooks installed by an X server; NULL for ordinary clients. */
static drmServerInfoPtr server_info;

/*
 * drmIoctl: issue ioctl(2), restarting while it fails with EINTR or EAGAIN.
 * Returns what the last ioctl returned: >= 0, or -1 with errno set.
 */
drm_public int drmIoctl(int fd, unsigned long request, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, request, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret;
}

/* ------------------------------------------------------------------ */
/* diagnostics and memory                                              */
/* ------------------------------------------------------------------ */

/* drmSetServerInfo: install (or with NULL remove) the X server hooks. */
drm_public void drmSetServerInfo(drmServerInfoPtr info)
{
	server_info = info;
}

/*
 * drmMsg: a debug message. Printed to stderr when LIBGL_DEBUG contains
 * "verbose"; handed to the server's debug_print hook instead when one is
 * installed (then regardless of LIBGL_DEBUG).
 */
drm_public void drmMsg(const char *format, ...)
{
	const char *env = getenv("LIBGL_DEBUG");
	int hook = server_info && server_info->debug_print;
	va_list ap;

	if (!format || (!hook && !(env && strstr(env, "verbose"))))
		return;
	va_start(ap, format);
	if (hook)
		server_info->debug_print(format, ap);
	else
		vfprintf(stderr, format, ap);
	va_end(ap);
}

/*
 * drmError: print "label: reason" for a legacy DRM_ERR_* code or an errno
 * value (either sign) on stderr. Always returns 1.
 */
drm_public int drmError(int err, const char *label)
{
	if (!label)
		label = "drm";
	switch (err) {
	case DRM_ERR_NO_DEVICE:
		fprintf(stderr, "%s: no device\n", label);
		break;
	case DRM_ERR_NO_ACCESS:
		fprintf(stderr, "%s: no access\n", label);
		break;
	case DRM_ERR_NOT_ROOT:
		fprintf(stderr, "%s: not root\n", label);
		break;
	case DRM_ERR_INVALID:
		fprintf(stderr, "%s: invalid args\n", label);
		break;
	default:
		if (err < 0)
			err = -err;
		fprintf(stderr, "%s: error %d (%s)\n", label, err, strerror(err));
		break;
	}
	return 1;
}

/* drmMalloc: zeroed memory of size bytes (NULL for a negative size). */
drm_public void *drmMalloc(int size)
{
	if (size < 0)
		return NULL;
	return calloc(1, (size_t)size);
}

/* drmFree: release memory from drmMalloc(); NULL is ignored. */
drm_public void drmFree(void *pt)
{
	free(pt);
}

/* ------------------------------------------------------------------ */
/* versions                                                            */
/* ------------------------------------------------------------------ */

/*
 * drmGetVersion: the driver's version and its name, date and description.
 * Asks the kernel twice (lengths, then strings). Returns a new drmVersion
 * to release with drmFreeVersion(), or NULL when an ioctl fails (errno set)
 * or memory runs out.
 */
drm_public drmVersionPtr drmGetVersion(int fd)
{
	struct drm_version kv;
	drmVersionPtr v = NULL;
	size_t name_cap, date_cap, desc_cap;
	char *name = NULL, *date = NULL, *desc = NULL;

	memset(&kv, 0, sizeof(kv));
	if (drmIoctl(fd, DRM_IOCTL_VERSION, &kv))
		return NULL;

	name_cap = kv.name_len;
	date_cap = kv.date_len;
	desc_cap = kv.desc_len;
	name = calloc(1, name_cap + 1);
	date = calloc(1, date_cap + 1);
	desc = calloc(1, desc_cap + 1);
	if (!name || !date || !desc) {
		errno = ENOMEM;
		goto fail;
	}
	kv.name = name;
	kv.date = date;
	kv.desc = desc;
	if (drmIoctl(fd, DRM_IOCTL_VERSION, &kv)) {
		drmMsg("DRM_IOCTL_VERSION: %s\n", strerror(errno));
		goto fail;
	}
	/* The kernel never terminates the strings; the buffers are zeroed. */
	v = calloc(1, sizeof(*v));
	if (!v) {
		errno = ENOMEM;
		goto fail;
	}
	v->version_major = kv.version_major;
	v->version_minor = kv.version_minor;
	v->version_patchlevel = kv.version_patchlevel;
	v->name = name;
	v->date = date;
	v->desc = desc;
	/* Report what we hold, even if a string grew between the calls. */
	v->name_len = (int)strlen(name);
	v->date_len = (int)strlen(date);
	v->desc_len = (int)strlen(desc);
	return v;

fail:
	free(name);
	free(date);
	free(desc);
	return NULL;
}

/*
 * drmGetLibVersion: the version of this library's interface, 1.3.0 as in
 * libdrm 2.4.114 (1.3 added drmGetDevice and friends). The strings are
 * NULL. fd is unused. Release with drmFreeVersion().
 */
drm_public drmVersionPtr drmGetLibVersion(int fd)
{
	drmVersionPtr v = calloc(1, sizeof(*v));

	(void)fd;
	if (!v)
		return NULL;
	v->version_major = 1;
	v->version_minor = 3;
	v->version_patchlevel = 0;
	return v;
}

/* drmFreeVersion: release a drmVersion; NULL is a no-op. */
drm_public void drmFreeVersion(drmVersionPtr v)
{
	if (!v)
		return;
	free(v->name);
	free(v->date);
	free(v->desc);
	free(v);
}

/* ------------------------------------------------------------------ */
/* capabilities, interface version, bus id                             */
/* ------------------------------------------------------------------ */

/*
 * drmGetCap: read a DRM_CAP_* value into *value. Returns 0, or -1 with
 * errno set (EINVAL for an unknown capability or a NULL value). *value is
 * written only on success.
 */
drm_public int drmGetCap(int fd, uint64_t capability, uint64_t *value)
{
	struct drm_get_cap cap;
	int ret;

	if (!value) {
		errno = EINVAL;
		return -1;
	}
	memset(&cap, 0, sizeof(cap));
	cap.capability = capability;
	ret = drmIoctl(fd, DRM_IOCTL_GET_CAP, &cap);
	if (ret)
		return ret;
	*value = cap.value;
	return 0;
}

/* drmSetClientCap: set a DRM_CLIENT_CAP_*. Returns 0, or -1 with errno. */
drm_public int drmSetClientCap(int fd, uint64_t capability, uint64_t value)
{
	struct drm_set_client_cap cap;

	memset(&cap, 0, sizeof(cap));
	cap.capability = capability;
	cap.value = value;
	return drmIoctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &cap);
}

/*
 * drmSetInterfaceVersion: negotiate the DRM interface version (master
 * only). The versions the kernel settled on are written back to *version
 * in every case. Returns 0 or -errno.
 */
drm_public int drmSetInterfaceVersion(int fd, drmSetVersion *version)
{
	struct drm_set_version sv;
	int ret = 0;

	if (!version) {
		errno = EINVAL;
		return -EINVAL;
	}
	memset(&sv, 0, sizeof(sv));
	sv.drm_di_major = version->drm_di_major;
	sv.drm_di_minor = version->drm_di_minor;
	sv.drm_dd_major = version->drm_dd_major;
	sv.drm_dd_minor = version->drm_dd_minor;
	if (drmIoctl(fd, DRM_IOCTL_SET_VERSION, &sv))
		ret = -errno;
	version->drm_di_major = sv.drm_di_major;
	version->drm_di_minor = sv.drm_di_minor;
	version->drm_dd_major = sv.drm_dd_major;
	version->drm_dd_minor = sv.drm_dd_minor;
	return ret;
}

/*
 * drmGetBusid: the bus id of the master's device ("pci:DDDD:BB:DD.F" once
 * the interface version is 1.4), or "" before it is set. Returns a string
 * to release with drmFreeBusid(), or NULL with errno set when the ioctl
 * fails (render nodes are refused with EACCES).
 */
drm_public char *drmGetBusid(int fd)
{
	struct drm_unique u;
	char *buf;
	size_t cap;

	memset(&u, 0, sizeof(u));
	if (drmIoctl(fd, DRM_IOCTL_GET_UNIQUE, &u))
		return NULL;
	cap = u.unique_len;
	buf = calloc(1, cap + 1);
	if (!buf) {
		errno = ENOMEM;
		return NULL;
	}
	u.unique = buf;
	if (drmIoctl(fd, DRM_IOCTL_GET_UNIQUE, &u)) {
		free(buf);
		return NULL;
	}
	buf[u.unique_len < cap ? u.unique_len : cap] = '\0';
	return buf;
}

/* drmFreeBusid: release a string from drmGetBusid(); NULL is a no-op. */
drm_public void drmFreeBusid(const char *busid)
{
	free((void *)busid);
}

/* ------------------------------------------------------------------ */
/* opening and closing                                                 */
/* ------------------------------------------------------------------ */

/* First minor of each node type, or -1 for an unknown type. */
static int minor_base(int type)
{
	switch (type) {
	case DRM_NODE_PRIMARY:
		return 0;
	case DRM_NODE_CONTROL:
		return 64;
	case DRM_NODE_RENDER:
		return 128;
	default:
		return -1;
	}
}

/*
 * Open the node of the given type and minor. Returns the fd, or -errno.
 * Unlike libdrm built without udev, this never creates or removes device
 * nodes: /dev is the system's business.
 */
static int open_minor(int minor, int type)
{
	char path[64];
	const char *fmt;
	int fd;

	switch (type) {
	case DRM_NODE_PRIMARY:
		fmt = DRM_DEV_NAME;
		break;
	case DRM_NODE_CONTROL:
		fmt = DRM_CONTROL_DEV_NAME;
		break;
	case DRM_NODE_RENDER:
		fmt = DRM_RENDER_DEV_NAME;
		break;
	default:
		errno = EINVAL;
		return -EINVAL;
	}
	snprintf(path, sizeof(path), fmt, DRM_DIR_NAME, minor);
	fd = open(path, O_RDWR | O_CLOEXEC);
	drmMsg("drmOpenMinor: %s: %d (%s)\n", path, fd,
	       fd < 0 ? strerror(errno) : "ok");
	if (fd < 0)
		return -errno;
	return fd;
}

/*
 * Compare two bus ids: equal ignoring case, or both PCI ids (new style
 * "pci:DDDD:BB:DD.F" or old style "PCI:B:D:F") naming the same function.
 * Domains are ignored when the kernel did not accept interface 1.4.
 */
static int bus_ids_match(const char *a, const char *b, int use_domain)
{
	unsigned int d1, b1, s1, f1, d2, b2, s2, f2;

	if (strcasecmp(a, b) == 0)
		return 1;
	if (strncasecmp(a, "pci", 3) != 0)
		return 0;
	if (sscanf(a, "pci:%04x:%02x:%02x.%u", &d1, &b1, &s1, &f1) != 4) {
		d1 = 0;
		if (sscanf(a, "PCI:%u:%u:%u", &b1, &s1, &f1) != 3)
			return 0;
	}
	if (sscanf(b, "pci:%04x:%02x:%02x.%u", &d2, &b2, &s2, &f2) != 4) {
		d2 = 0;
		if (sscanf(b, "PCI:%u:%u:%u", &b2, &s2, &f2) != 3)
			return 0;
	}
	if (!use_domain)
		d1 = d2 = 0;
	return d1 == d2 && b1 == b2 && s1 == s2 && f1 == f2;
}

/*
 * Open the first node of the type whose bus id matches busid. Setting the
 * interface version to 1.4 makes the kernel report the PCI domain; when that
 * is refused we fall back to 1.1 and compare without domains.
 */
static int open_by_busid(const char *busid, int type)
{
	int base = minor_base(type);

	if (base < 0)
		return -1;
	drmMsg("drmOpenByBusid: Searching for BusID %s\n", busid);
	for (int minor = base; minor < base + DRM_MAX_MINOR; minor++) {
		drmSetVersion sv = { 1, 4, -1, -1 };
		int use_domain = 1;
		char *id;
		int fd = open_minor(minor, type);

		if (fd < 0)
			continue;
		if (drmSetInterfaceVersion(fd, &sv)) {
			drmSetVersion old = { 1, 1, -1, -1 };

			drmMsg("drmOpenByBusid: Interface 1.4 failed, trying 1.1\n");
			use_domain = 0;
			drmSetInterfaceVersion(fd, &old);
		}
		id = drmGetBusid(fd);
		drmMsg("drmOpenByBusid: drmGetBusid reports %s\n", id ? id : "(null)");
		if (id && bus_ids_match(id, busid, use_domain)) {
			drmFreeBusid(id);
			return fd;
		}
		drmFreeBusid(id);
		close(fd);
	}
	return -1;
}

/*
 * Open the first node of the type driven by the named driver that no
 * master has claimed yet (empty or unreadable bus id). The /proc/dri
 * fallback of old kernels is not implemented (removed from Linux in 3.12).
 */
static int open_by_name(const char *name, int type)
{
	int base = minor_base(type);

	if (base < 0)
		return -1;
	for (int minor = base; minor < base + DRM_MAX_MINOR; minor++) {
		drmVersionPtr v;
		int fd = open_minor(minor, type);

		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && v->name && strcmp(v->name, name) == 0) {
			char *id = drmGetBusid(fd);

			drmFreeVersion(v);
			drmMsg("drmGetBusid returned '%s'\n", id ? id : "");
			if (!id || !*id) {
				drmFreeBusid(id);
				return fd;
			}
			drmFreeBusid(id);
		} else {
			drmFreeVersion(v);
		}
		close(fd);
	}
	return -1;
}

/*
 * drmOpenWithType: open a node of the given type (DRM_NODE_PRIMARY,
 * DRM_NODE_CONTROL or DRM_NODE_RENDER) by bus id, then by driver name.
 * When a server's load_module hook is installed and no device is
 * available, the named module is loaded first. Returns an fd (O_RDWR,
 * O_CLOEXEC) or -1 with errno set: EINVAL for a bad type or no name and no
 * bus id, ENODEV when nothing matched.
 */
drm_public int drmOpenWithType(const char *name, const char *busid, int type)
{
	int fd;

	if (minor_base(type) < 0 || (!name && !busid)) {
		errno = EINVAL;
		return -1;
	}
	if (name && server_info && server_info->load_module && !drmAvailable()) {
		if (!server_info->load_module(name)) {
			drmMsg("[drm] failed to load kernel module \"%s\"\n", name);
			errno = ENODEV;
			return -1;
		}
	}
	if (busid) {
		fd = open_by_busid(busid, type);
		if (fd >= 0)
			return fd;
	}
	if (name) {
		fd = open_by_name(name, type);
		if (fd >= 0)
			return fd;
	}
	errno = ENODEV;
	return -1;
}

/* drmOpen: drmOpenWithType() for a primary node. */
drm_public int drmOpen(const char *name, const char *busid)
{
	return drmOpenWithType(name, busid, DRM_NODE_PRIMARY);
}

/*
 * drmOpenRender: open /dev/dri/renderD<minor> (minor is the node number,
 * e.g. 128). Returns the fd or -errno.
 */
drm_public int drmOpenRender(int minor)
{
	return open_minor(minor, DRM_NODE_RENDER);
}

/*
 * drmClose: forget the fd's drmGetEntry() record (and its context tags),
 * then close(2).
 */
drm_public int drmClose(int fd)
{
	drm_entry_forget(fd);
	return close(fd);
}

/*
 * drmOpenControl: open /dev/dri/controlD<minor> (minor as given, e.g. 64).
 * Returns the fd or -errno; current kernels make no control nodes, so
 * this is normally -ENOENT.
 */
drm_public int drmOpenControl(int minor)
{
	return open_minor(minor, DRM_NODE_CONTROL);
}

/*
 * drmAvailable: 1 when /dev/dri/card0 opens and answers the version ioctl
 * (or, on very old kernels, /proc/dri/0 is readable), else 0.
 */
drm_public int drmAvailable(void)
{
	drmVersionPtr v;
	int saved = errno;
	int fd = open_minor(0, DRM_NODE_PRIMARY);

	if (fd < 0) {
		int old = access("/proc/dri/0", R_OK) == 0;

		errno = saved;
		return old;
	}
	v = drmGetVersion(fd);
	close(fd);
	errno = saved;
	if (!v)
		return 0;
	drmFreeVersion(v);
	return 1;
}

/* ------------------------------------------------------------------ */
/* authentication and master                                           */
/* ------------------------------------------------------------------ */

/*
 * drmGetMagic: this client's authentication magic (primary nodes only).
 * *magic is zeroed first. Returns 0 or -errno (EACCES on a render node,
 * EINVAL for a NULL magic).
 */
drm_public int drmGetMagic(int fd, drm_magic_t *magic)
{
	struct drm_auth auth;

	if (!magic) {
		errno = EINVAL;
		return -EINVAL;
	}
	*magic = 0;
	memset(&auth, 0, sizeof(auth));
	if (drmIoctl(fd, DRM_IOCTL_GET_MAGIC, &auth))
		return -errno;
	*magic = auth.magic;
	return 0;
}

/*
 * drmAuthMagic: authenticate the client holding magic (master only).
 * Returns 0 or -errno: EACCES when fd is not the master, EINVAL for an
 * unknown or already used magic.
 */
drm_public int drmAuthMagic(int fd, drm_magic_t magic)
{
	struct drm_auth auth;

	memset(&auth, 0, sizeof(auth));
	auth.magic = magic;
	if (drmIoctl(fd, DRM_IOCTL_AUTH_MAGIC, &auth))
		return -errno;
	return 0;
}

/* drmSetMaster: become the device's master. 0, or -1 with errno. */
drm_public int drmSetMaster(int fd)
{
	return drmIoctl(fd, DRM_IOCTL_SET_MASTER, NULL);
}

/* drmDropMaster: give up master. 0, or -1 with errno. */
drm_public int drmDropMaster(int fd)
{
	return drmIoctl(fd, DRM_IOCTL_DROP_MASTER, NULL);
}

/*
 * drmIsMaster: 1 when fd is the master of its device, else 0.
 *
 * Probed with AUTH_MAGIC(0), which needs master: the master is answered
 * EINVAL (magic 0 never exists), everyone else EACCES. libdrm treats any
 * answer but EACCES as master, so it calls a closed fd or a pipe a master;
 * we answer 1 only for the master's own EINVAL (or success).
 */
drm_public int drmIsMaster(int fd)
{
	int ret = drmAuthMagic(fd, 0);

	return ret == 0 || ret == -EINVAL;
}

/* ------------------------------------------------------------------ */
/* driver-private commands                                             */
/* ------------------------------------------------------------------ */

/*
 * Encode a driver command ioctl. Fails (-EINVAL) when the index or size
 * would not fit the ioctl number's fields, where libdrm silently issues a
 * different ioctl.
 */
static int command_request(unsigned long dir, unsigned long index,
			   unsigned long size, unsigned long *request)
{
	if (index > _IOC_NRMASK - DRM_COMMAND_BASE || size > _IOC_SIZEMASK) {
		errno = EINVAL;
		return -EINVAL;
	}
	*request = DRM_IOC(dir, DRM_IOCTL_BASE, DRM_COMMAND_BASE + index, size);
	return 0;
}

static int command(int fd, unsigned long dir, unsigned long index,
		   void *data, unsigned long size)
{
	unsigned long request;
	int ret = command_request(dir, index, size, &request);

	if (ret)
		return ret;
	if (drmIoctl(fd, request, data))
		return -errno;
	return 0;
}

/* drmCommandNone: driver command without data. 0 or -errno. */
drm_public int drmCommandNone(int fd, unsigned long drmCommandIndex)
{
	return command(fd, DRM_IOC_VOID, drmCommandIndex, NULL, 0);
}

/* drmCommandRead: driver command that fills data (size bytes). 0 or -errno. */
drm_public int drmCommandRead(int fd, unsigned long drmCommandIndex,
			      void *data, unsigned long size)
{
	return command(fd, DRM_IOC_READ, drmCommandIndex, data, size);
}

/* drmCommandWrite: driver command that reads data. 0 or -errno. */
drm_public int drmCommandWrite(int fd, unsigned long drmCommandIndex,
			       void *data, unsigned long size)
{
	return command(fd, DRM_IOC_WRITE, drmCommandIndex, data, size);
}

/* drmCommandWriteRead: driver command that reads and updates data. */
drm_public int drmCommandWriteRead(int fd, unsigned long drmCommandIndex,
				   void *data, unsigned long size)
{
	return command(fd, DRM_IOC_READWRITE, drmCommandIndex, data, size);
}

/* ------------------------------------------------------------------ */
/* GEM                                                                 */
/* ------------------------------------------------------------------ */

/*
 * drmCloseBufferHandle: GEM_CLOSE of one handle. 0, or -1 with errno
 * (EINVAL for an unknown handle).
 */
drm_public int drmCloseBufferHandle(int fd, uint32_t handle)
{
	struct drm_gem_close args;

	memset(&args, 0, sizeof(args));
	args.handle = handle;
	return drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &args);
}
