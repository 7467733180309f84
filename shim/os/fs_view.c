/*
 * The fake /dev/dri, sysfs and debugfs trees (see os/fs_view.h).
 *
 * The tree is built once per instance, before the instance directory is
 * renamed into place, and never changes afterwards except where a program
 * writes to it (debugfs controls) or the shim records state in it (the
 * error-state file). Every file operation here uses shim_real or system
 * calls, never the interposed libc entry points.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "os/fs_view.h"
#include "i915/gt/intel_reset.h"
#include "base/real.h"

#define PCI_SLOT "0000:00:02.0"
#define PCI_DEV_DIR "/sys/devices/pci0000:00/" PCI_SLOT

/* Owned prefixes: each covers the path itself and everything below it. */
static const char *const owned_prefixes[] = {
	"/dev/dri",
	"/sys/class/drm",
	"/sys/bus/pci/devices",
	"/sys/bus/pci/drivers/i915",
	PCI_DEV_DIR,
	"/sys/kernel/debug/dri",
	"/sys/module/i915",
};

static bool component_prefix(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);
	return strncmp(path, prefix, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

bool shim_fs_owned(const char *path)
{
	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	/* Every char minor of major 226 is ours: 226:0 and 226:128 exist, others do not. */
	if (strncmp(path, "/sys/dev/char/226:", 18) == 0)
		return true;
	for (size_t i = 0; i < sizeof(owned_prefixes) / sizeof(owned_prefixes[0]); i++)
		if (component_prefix(path, owned_prefixes[i]))
			return true;
	return false;
}

int shim_fs_redirect(const struct shim_device *dev, const char *path, char *out, size_t len)
{
	size_t n = strlen(path);
	if (dev->root_len + n + 1 > len)
		return -ENAMETOOLONG;
	memcpy(out, dev->root, dev->root_len);
	memcpy(out + dev->root_len, path, n + 1);
	return 0;
}

void shim_fs_unredirect(const struct shim_device *dev, char *path)
{
	if (strncmp(path, dev->root, dev->root_len) == 0 &&
	    (path[dev->root_len] == '/' || path[dev->root_len] == '\0')) {
		memmove(path, path + dev->root_len, strlen(path + dev->root_len) + 1);
		if (!path[0])
			strcpy(path, "/");
	}
}

int shim_fs_node_minor(const struct shim_device *dev, const struct stat *st)
{
	if (!S_ISREG(st->st_mode) || st->st_dev != dev->node_dev)
		return -1;
	if (st->st_ino == dev->node_ino[0])
		return 0;
	if (st->st_ino == dev->node_ino[1])
		return 128;
	return -1;
}

void shim_fs_fake_node_stat(struct stat *st, unsigned minor)
{
	st->st_mode = S_IFCHR | 0666;
	st->st_rdev = makedev(226, minor);
	st->st_size = 0;
	st->st_blocks = 0;
	st->st_nlink = 1;
	st->st_blksize = 4096;
}

int shim_fs_node_stat(const struct shim_device *dev, unsigned minor, struct stat *st)
{
	char path[PATH_MAX + 32];
	snprintf(path, sizeof(path), "%s/dev/dri/%s", dev->root, minor ? "renderD128" : "card0");
	if (shim_real.fstatat(AT_FDCWD, path, st, 0) < 0)
		return -errno;
	shim_fs_fake_node_stat(st, minor);
	return 0;
}

bool shim_fs_is_node_dir(const struct shim_device *dev, const char *redirected)
{
	const char *rest = redirected + dev->root_len;
	return strncmp(redirected, dev->root, dev->root_len) == 0 &&
	       (strcmp(rest, "/dev/dri") == 0 || strcmp(rest, "/dev/dri/") == 0);
}

int shim_fs_init(struct shim_device *dev)
{
	struct stat st;
	char path[PATH_MAX + 32];
	static const char *const nodes[2] = { "card0", "renderD128" };

	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/dev/dri/%s", dev->root, nodes[i]);
		if (shim_real.fstatat(AT_FDCWD, path, &st, 0) < 0)
			return -errno;
		dev->node_dev = st.st_dev;
		dev->node_ino[i] = st.st_ino;
	}
	return 0;
}

/* --- building the tree --------------------------------------------------- */

struct builder {
	const char *root;
	int err;
};

static void b_path(struct builder *b, char *out, size_t len, const char *rel)
{
	if ((size_t)snprintf(out, len, "%s%s", b->root, rel) >= len && !b->err)
		b->err = -ENAMETOOLONG;
}

/* mkdir -p of root + rel, world-writable so that any uid can use the instance. */
static void b_dir(struct builder *b, const char *rel)
{
	char path[PATH_MAX];
	b_path(b, path, sizeof(path), rel);
	for (char *p = path + strlen(b->root) + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;
			*p = '\0';
			if (mkdir(path, 0777) < 0 && errno != EEXIST && !b->err)
				b->err = -errno;
			chmod(path, 0777);
			*p = c;
			if (!c)
				break;
		}
	}
}

static void b_bytes(struct builder *b, const char *rel, mode_t mode, const void *data, size_t len)
{
	char path[PATH_MAX];
	b_path(b, path, sizeof(path), rel);
	int fd = shim_real.openat(AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		if (!b->err)
			b->err = -errno;
		return;
	}
	if (write(fd, data, len) != (ssize_t)len && !b->err)
		b->err = -EIO;
	fchmod(fd, mode);
	shim_real.close(fd);
}

__attribute__((format(printf, 4, 5)))
static void b_file(struct builder *b, const char *rel, mode_t mode, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	b_bytes(b, rel, mode, text, (size_t)n);
}

static void b_link(struct builder *b, const char *rel, const char *target)
{
	char path[PATH_MAX];
	b_path(b, path, sizeof(path), rel);
	if (symlink(target, path) < 0 && errno != EEXIST && !b->err)
		b->err = -errno;
}

static void put16(uint8_t *p, uint16_t v) { p[0] = v & 0xff; p[1] = v >> 8; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffff); put16(p + 2, v >> 16); }

static void build_pci_config(const struct shim_device_model *m, uint8_t cfg[256],
			     uint16_t subvendor, uint16_t subdevice)
{
	memset(cfg, 0, 256);
	put16(cfg + 0x00, 0x8086);
	put16(cfg + 0x02, m->devid);
	put16(cfg + 0x04, 0x0007);		/* I/O, memory, bus master */
	put16(cfg + 0x06, 0x0010);		/* capability list */
	cfg[0x08] = m->revision;
	cfg[0x0b] = 0x03;			/* display controller, VGA compatible */
	put32(cfg + 0x10, 0xf0000004);		/* BAR0: GTTMMADR, 64-bit */
	put32(cfg + 0x18, 0xe000000c);		/* BAR2: GMADR, 64-bit prefetchable */
	put32(cfg + 0x20, 0x0000f001);		/* BAR4: I/O */
	put16(cfg + 0x2c, subvendor);
	put16(cfg + 0x2e, subdevice);
	cfg[0x34] = 0x40;
	cfg[0x3c] = 0x10;			/* interrupt line */
	cfg[0x3d] = 0x01;			/* INTA */
}

static void build_minor(struct builder *b, const char *name, unsigned minor)
{
	char path[PATH_MAX];
	char rel[256], text[128];

	snprintf(rel, sizeof(rel), PCI_DEV_DIR "/drm/%s", name);
	b_dir(b, rel);
	snprintf(rel, sizeof(rel), PCI_DEV_DIR "/drm/%s/dev", name);
	b_file(b, rel, 0444, "226:%u\n", minor);
	snprintf(rel, sizeof(rel), PCI_DEV_DIR "/drm/%s/uevent", name);
	b_file(b, rel, 0644, "MAJOR=226\nMINOR=%u\nDEVNAME=dri/%s\nDEVTYPE=drm_minor\n", minor, name);
	snprintf(rel, sizeof(rel), PCI_DEV_DIR "/drm/%s/device", name);
	b_link(b, rel, "../../../" PCI_SLOT);
	snprintf(rel, sizeof(rel), PCI_DEV_DIR "/drm/%s/subsystem", name);
	b_link(b, rel, "../../../../../class/drm");
	snprintf(rel, sizeof(rel), "/sys/class/drm/%s", name);
	snprintf(text, sizeof(text), "../../devices/pci0000:00/" PCI_SLOT "/drm/%s", name);
	b_link(b, rel, text);
	snprintf(rel, sizeof(rel), "/sys/dev/char/226:%u", minor);
	b_link(b, rel, text);
	snprintf(rel, sizeof(rel), "/dev/dri/%s", name);
	b_bytes(b, rel, 0666, "", 0);

	/* debugfs: what IGT probes (spec/igt-device-probing.md §2). */
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params", minor);
	b_dir(b, rel);
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/name", minor);
	b_file(b, rel, 0444, "i915 dev=" PCI_SLOT " unique=" PCI_SLOT "\n");
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_gem_drop_caches", minor);
	b_file(b, rel, 0666, "0x0\n");
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_wedged", minor);
	b_file(b, rel, 0666, "0\n");
	b_path(b, path, sizeof(path), rel);	/* i915/gt/intel_reset.c tells writes by the mtime */
	const struct timespec built[2] = { { SHIM_GT_RESET_BUILT_S, 0 }, { SHIM_GT_RESET_BUILT_S, 0 } };
	utimensat(AT_FDCWD, path, built, 0);
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params/reset", minor);
	b_file(b, rel, 0666, "3\n");
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params/enable_hangcheck", minor);
	b_file(b, rel, 0666, "Y\n");
}

int shim_fs_build(const char *root, const struct shim_device_model *m)
{
	struct builder b = { .root = root, .err = 0 };
	uint16_t subvendor = m->subsystem_vendor ? m->subsystem_vendor : 0x8086;
	uint16_t subdevice = m->subsystem_device ? m->subsystem_device : 0x2063;
	uint32_t class = m->pci_class ? m->pci_class : 0x030000;
	uint8_t cfg[256];

	if (mkdir(root, 0777) < 0 && errno != EEXIST)
		return -errno;
	chmod(root, 0777);
	b_dir(&b, "/dev/dri/by-path");
	b_dir(&b, PCI_DEV_DIR "/drm");
	b_dir(&b, "/sys/class/drm");
	b_dir(&b, "/sys/dev/char");
	b_dir(&b, "/sys/bus/pci/devices");
	b_dir(&b, "/sys/bus/pci/drivers/i915");
	b_dir(&b, "/sys/kernel/debug/dri");
	b_dir(&b, "/sys/module/i915/parameters");

	b_file(&b, PCI_DEV_DIR "/vendor", 0444, "0x8086\n");
	b_file(&b, PCI_DEV_DIR "/device", 0444, "0x%04x\n", m->devid);
	b_file(&b, PCI_DEV_DIR "/subsystem_vendor", 0444, "0x%04x\n", subvendor);
	b_file(&b, PCI_DEV_DIR "/subsystem_device", 0444, "0x%04x\n", subdevice);
	b_file(&b, PCI_DEV_DIR "/revision", 0444, "0x%02x\n", m->revision);
	b_file(&b, PCI_DEV_DIR "/class", 0444, "0x%06x\n", class);
	b_file(&b, PCI_DEV_DIR "/enable", 0444, "1\n");
	b_file(&b, PCI_DEV_DIR "/boot_vga", 0444, "1\n");
	b_file(&b, PCI_DEV_DIR "/uevent", 0444,
	       "DRIVER=i915\nPCI_CLASS=%X\nPCI_ID=8086:%04X\nPCI_SUBSYS_ID=%04X:%04X\n"
	       "PCI_SLOT_NAME=" PCI_SLOT "\nMODALIAS=pci:v00008086d0000%04Xsv0000%04Xsd0000%04Xbc03sc00i00\n",
	       class, m->devid, subvendor, subdevice, m->devid, subvendor, subdevice);
	build_pci_config(m, cfg, subvendor, subdevice);
	b_bytes(&b, PCI_DEV_DIR "/config", 0644, cfg, sizeof(cfg));
	b_file(&b, PCI_DEV_DIR "/resource", 0444,
	       "0x00000000f0000000 0x00000000f0ffffff 0x0000000000140204\n"
	       "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
	       "0x00000000e0000000 0x%016llx 0x000000000014220c\n"
	       "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
	       "0x000000000000f000 0x000000000000f03f 0x0000000000040101\n"
	       "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
	       "0x0000000000000000 0x0000000000000000 0x0000000000000000\n",
	       (unsigned long long)(0xe0000000ull + m->mappable_size - 1));
	b_link(&b, PCI_DEV_DIR "/subsystem", "../../../bus/pci");
	b_link(&b, PCI_DEV_DIR "/driver", "../../../bus/pci/drivers/i915");
	b_link(&b, "/sys/bus/pci/devices/" PCI_SLOT, "../../../devices/pci0000:00/" PCI_SLOT);
	b_link(&b, "/sys/bus/pci/drivers/i915/" PCI_SLOT, "../../../../devices/pci0000:00/" PCI_SLOT);
	b_file(&b, "/sys/module/i915/initstate", 0444, "live\n");
	b_file(&b, "/sys/module/i915/parameters/reset", 0644, "3\n");

	build_minor(&b, "card0", 0);
	build_minor(&b, "renderD128", 128);
	b_file(&b, PCI_DEV_DIR "/drm/card0/error", 0666, "No error state collected\n");
	b_link(&b, "/dev/dri/by-path/pci-" PCI_SLOT "-card", "../card0");
	b_link(&b, "/dev/dri/by-path/pci-" PCI_SLOT "-render", "../renderD128");
	return b.err;
}
