/* SPDX-License-Identifier: MIT */
/*
 * The instance's sysfs, debugfs and /dev/dri tree: built by the DRM core
 * (the kernel's drm_sysfs.c and the PCI core's device entries) once per
 * instance, before the instance directory is renamed into place, with the
 * driver adding its own files through shim_driver.populate_fs. The tree never
 * changes afterwards except where a program writes to it (debugfs controls)
 * or the driver records state in it (the error-state file). Its files and
 * directories get the instance's modes (base/instance_access.h: the maker's
 * only, or its group's too), whatever mode a file asks for: only the owner's
 * bits of that count. Every file operation here uses shim_real or system
 * calls.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/instance_access.h"
#include "base/real.h"
#include "drm/drm_device.h"
#include "drm/drm_drv.h"
#include "drm/drm_sysfs.h"
#include "hw/device_model.h"

struct shim_fs_builder {
	const char *root;
	const struct shim_instance_access *access;	/* the modes files and directories get */
	int err;
};

void shim_fs_path(struct shim_fs_builder *b, char *out, size_t len, const char *rel)
{
	if ((size_t)snprintf(out, len, "%s%s", b->root, rel) >= len && !b->err)
		b->err = -ENAMETOOLONG;
}

/* mkdir -p of root + rel, each directory with the instance's mode. */
void shim_fs_dir(struct shim_fs_builder *b, const char *rel)
{
	char path[PATH_MAX];
	shim_fs_path(b, path, sizeof(path), rel);
	for (char *p = path + strlen(b->root) + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;
			*p = '\0';
			int err = shim_access_mkdir(b->access, path);
			if (err && !b->err)
				b->err = err;
			*p = c;
			if (!c)
				break;
		}
	}
}

void shim_fs_bytes(struct shim_fs_builder *b, const char *rel, mode_t mode, const void *data, size_t len)
{
	char path[PATH_MAX];
	shim_fs_path(b, path, sizeof(path), rel);
	int fd = shim_real.openat(AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		if (!b->err)
			b->err = -errno;
		return;
	}
	if (shim_raw_write(fd, data, len) != (ssize_t)len && !b->err)
		b->err = -EIO;
	int err = shim_access_fchmod(b->access, fd, mode);
	if (err && !b->err)
		b->err = err;
	shim_real.close(fd);
}

void shim_fs_sized(struct shim_fs_builder *b, const char *rel, mode_t mode, uint64_t size)
{
	char path[PATH_MAX];
	shim_fs_bytes(b, rel, mode, "", 0);
	shim_fs_path(b, path, sizeof(path), rel);
	if (truncate(path, (off_t)size) < 0 && !b->err)
		b->err = -errno;
}

__attribute__((format(printf, 4, 5)))
void shim_fs_file(struct shim_fs_builder *b, const char *rel, mode_t mode, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	shim_fs_bytes(b, rel, mode, text, (size_t)n);
}

void shim_fs_link(struct shim_fs_builder *b, const char *rel, const char *target)
{
	char path[PATH_MAX];
	shim_fs_path(b, path, sizeof(path), rel);
	if (symlink(target, path) < 0 && errno != EEXIST && !b->err)
		b->err = -errno;
}

void shim_fs_set_mtime(struct shim_fs_builder *b, const char *rel, time_t seconds)
{
	char path[PATH_MAX];
	const struct timespec t[2] = { { seconds, 0 }, { seconds, 0 } };
	shim_fs_path(b, path, sizeof(path), rel);
	utimensat(AT_FDCWD, path, t, 0);	/* a date, not content: the file is there either way */
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
	struct shim_pci_bar bars[SHIM_PCI_BARS];
	shim_model_pci_bars(m, bars);
	for (unsigned i = 0; i < SHIM_PCI_BARS; i++) {
		if (!bars[i].size)
			continue;
		/* The address with the BAR's type bits (I/O; 64-bit; prefetchable) below it. */
		put32(cfg + 0x10 + 4 * i, (uint32_t)bars[i].start | (uint32_t)(bars[i].flags & 0xf));
		if (bars[i].flags & SHIM_IORESOURCE_MEM_64)
			put32(cfg + 0x14 + 4 * i, (uint32_t)(bars[i].start >> 32));
	}
	put16(cfg + 0x2c, subvendor);
	put16(cfg + 0x2e, subdevice);
	cfg[0x34] = 0x40;
	cfg[0x3c] = 0x10;			/* interrupt line */
	cfg[0x3d] = 0x01;			/* INTA */
}

/*
 * The PCI core's BAR files (the kernel's pci-sysfs.c): "resource", one line per resource
 * (the six BARs, the ROM, the six SR-IOV BARs of a kernel with CONFIG_PCI_IOV, as Debian's
 * has), "start end flags" or zeros for none; and, for each BAR, resource<N> (and
 * resource<N>_wc for a prefetchable one), root's, as long as the BAR. Mapping them is
 * drm/pci_sysfs.c's.
 */
static void build_resources(struct shim_fs_builder *b, const struct shim_device_model *m)
{
	struct shim_pci_bar bars[SHIM_PCI_BARS];
	char text[13 * 60], rel[256];
	size_t n = 0;
	shim_model_pci_bars(m, bars);
	for (unsigned i = 0; i < 13; i++) {
		const struct shim_pci_bar *r = i < SHIM_PCI_BARS && bars[i].size ? &bars[i] : NULL;
		n += (size_t)snprintf(text + n, sizeof(text) - n, "0x%016llx 0x%016llx 0x%016llx\n",
				      r ? (unsigned long long)r->start : 0ull,
				      r ? (unsigned long long)(r->start + r->size - 1) : 0ull,
				      r ? (unsigned long long)r->flags : 0ull);
	}
	shim_fs_bytes(b, SHIM_PCI_DEV_DIR "/resource", 0444, text, n);
	for (unsigned i = 0; i < SHIM_PCI_BARS; i++) {
		if (!bars[i].size)
			continue;
		snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/resource%u", i);
		shim_fs_sized(b, rel, 0600, bars[i].size);
		if (bars[i].flags & SHIM_IORESOURCE_PREFETCH) {
			snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/resource%u_wc", i);
			shim_fs_sized(b, rel, 0600, bars[i].size);
		}
	}
}

static void build_minor(struct shim_fs_builder *b, const char *name, unsigned minor)
{
	char rel[256], text[128];

	snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/drm/%s", name);
	shim_fs_dir(b, rel);
	snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/drm/%s/dev", name);
	shim_fs_file(b, rel, 0444, "226:%u\n", minor);
	snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/drm/%s/uevent", name);
	shim_fs_file(b, rel, 0644, "MAJOR=226\nMINOR=%u\nDEVNAME=dri/%s\nDEVTYPE=drm_minor\n", minor, name);
	snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/drm/%s/device", name);
	shim_fs_link(b, rel, "../../../" SHIM_PCI_SLOT);
	snprintf(rel, sizeof(rel), SHIM_PCI_DEV_DIR "/drm/%s/subsystem", name);
	shim_fs_link(b, rel, "../../../../../class/drm");
	snprintf(rel, sizeof(rel), "/sys/class/drm/%s", name);
	snprintf(text, sizeof(text), "../../devices/pci0000:00/" SHIM_PCI_SLOT "/drm/%s", name);
	shim_fs_link(b, rel, text);
	snprintf(rel, sizeof(rel), "/sys/dev/char/226:%u", minor);
	shim_fs_link(b, rel, text);
	snprintf(rel, sizeof(rel), "/dev/dri/%s", name);
	shim_fs_bytes(b, rel, 0666, "", 0);

	/* debugfs: the directory and its name file (doc/igt-device-probing.md §2). */
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u", minor);
	shim_fs_dir(b, rel);
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/name", minor);
	shim_fs_file(b, rel, 0444, "%s dev=" SHIM_PCI_SLOT " unique=" SHIM_PCI_SLOT "\n", shim_drv->name);
}

int shim_fs_build(const char *root, const struct shim_instance_access *access,
		  const struct shim_device_model *m)
{
	struct shim_fs_builder b = { .root = root, .access = access, .err = 0 };
	uint16_t subvendor = m->subsystem_vendor ? m->subsystem_vendor : 0x8086;
	uint16_t subdevice = m->subsystem_device ? m->subsystem_device : 0x2063;
	uint32_t class = m->pci_class ? m->pci_class : 0x030000;
	uint8_t cfg[256];
	char rel[256], text[128];

	int ret = shim_access_mkdir(access, root);
	if (ret)
		return ret;
	shim_fs_dir(&b, "/dev/dri/by-path");
	shim_fs_dir(&b, SHIM_PCI_DEV_DIR "/drm");
	shim_fs_dir(&b, "/sys/class/drm");
	shim_fs_dir(&b, "/sys/dev/char");
	shim_fs_dir(&b, "/sys/bus/pci/devices");
	snprintf(rel, sizeof(rel), "/sys/bus/pci/drivers/%s", shim_drv->name);
	shim_fs_dir(&b, rel);
	shim_fs_dir(&b, "/sys/kernel/debug/dri");

	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/vendor", 0444, "0x8086\n");
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/device", 0444, "0x%04x\n", m->devid);
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/subsystem_vendor", 0444, "0x%04x\n", subvendor);
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/subsystem_device", 0444, "0x%04x\n", subdevice);
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/revision", 0444, "0x%02x\n", m->revision);
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/class", 0444, "0x%06x\n", class);
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/enable", 0444, "1\n");
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/boot_vga", 0444, "1\n");
	shim_fs_file(&b, SHIM_PCI_DEV_DIR "/uevent", 0444,
	       "DRIVER=%s\nPCI_CLASS=%X\nPCI_ID=8086:%04X\nPCI_SUBSYS_ID=%04X:%04X\n"
	       "PCI_SLOT_NAME=" SHIM_PCI_SLOT "\nMODALIAS=pci:v00008086d0000%04Xsv0000%04Xsd0000%04Xbc03sc00i00\n",
	       shim_drv->name, class, m->devid, subvendor, subdevice, m->devid, subvendor, subdevice);
	build_pci_config(m, cfg, subvendor, subdevice);
	shim_fs_bytes(&b, SHIM_PCI_DEV_DIR "/config", 0644, cfg, sizeof(cfg));
	build_resources(&b, m);
	shim_fs_link(&b, SHIM_PCI_DEV_DIR "/subsystem", "../../../bus/pci");
	snprintf(text, sizeof(text), "../../../bus/pci/drivers/%s", shim_drv->name);
	shim_fs_link(&b, SHIM_PCI_DEV_DIR "/driver", text);
	shim_fs_link(&b, "/sys/bus/pci/devices/" SHIM_PCI_SLOT, "../../../devices/pci0000:00/" SHIM_PCI_SLOT);
	snprintf(rel, sizeof(rel), "/sys/bus/pci/drivers/%s/" SHIM_PCI_SLOT, shim_drv->name);
	shim_fs_link(&b, rel, "../../../../devices/pci0000:00/" SHIM_PCI_SLOT);

	build_minor(&b, "card0", 0);
	build_minor(&b, "renderD128", 128);
	shim_fs_link(&b, "/dev/dri/by-path/pci-" SHIM_PCI_SLOT "-card", "../card0");
	shim_fs_link(&b, "/dev/dri/by-path/pci-" SHIM_PCI_SLOT "-render", "../renderD128");
	if (shim_drv->populate_fs)
		shim_drv->populate_fs(&b, m);
	return b.err;
}

int shim_fs_init(struct shim_device *dev)
{
	struct stat st;
	char path[PATH_MAX + 32];
	static const char *const nodes[2] = { "card0", "renderD128" };

	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/dev/dri/%s", dev->inst.root, nodes[i]);
		if (shim_real.fstatat(AT_FDCWD, path, &st, 0) < 0)
			return -errno;
		dev->node_dev = st.st_dev;
		dev->node_ino[i] = st.st_ino;
	}
	return 0;
}

void shim_fs_read(const struct shim_device *dev, const char *rel, char *text, size_t len)
{
	char path[PATH_MAX + 256];
	text[0] = 0;
	snprintf(path, sizeof(path), "%s%s", dev->inst.root, rel);
	int fd = shim_real.openat(AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = shim_real.read(fd, text, len - 1);
	text[n > 0 ? n : 0] = 0;
	shim_real.close(fd);
}

int shim_fs_stat(const struct shim_device *dev, const char *rel, struct stat *st)
{
	char path[PATH_MAX + 256];
	snprintf(path, sizeof(path), "%s%s", dev->inst.root, rel);
	return shim_real.fstatat(AT_FDCWD, path, st, 0) < 0 ? -errno : 0;
}
