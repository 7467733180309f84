/* SPDX-License-Identifier: MIT */
/*
 * The fake /dev/dri, sysfs and debugfs trees (see os/fs_view.h).
 *
 * Paths in the tree the DRM core built for the instance (drm/drm_sysfs.c):
 * which paths the shim owns, where they are in the tree, and how the node
 * files stat. Every file operation here uses shim_real or system calls,
 * never the interposed libc entry points.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdarg.h>
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/real.h"
#include "os/fs_view.h"

#include "drm/drm_sysfs.h"

/* Owned prefixes: each covers the path itself and everything below it. */
static const char *const owned_prefixes[] = {
	"/dev/dri",
	"/sys/class/drm",
	"/sys/bus/pci/devices",
	"/sys/bus/pci/drivers/i915",
	SHIM_PCI_DEV_DIR,
	"/sys/kernel/debug",
	"/sys/module/i915",
	"/sys/devices/i915",			/* the PMU (i915/i915_pmu.c) */
	"/sys/bus/event_source/devices/i915",
};

#define N_OWNED (sizeof(owned_prefixes) / sizeof(owned_prefixes[0]))

static bool component_prefix(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);
	return strncmp(path, prefix, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static bool prefix_owned(const char *path)
{
	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	/* Every char minor of major 226 is ours: 226:0 and 226:128 exist, others do not. */
	if (strncmp(path, "/sys/dev/char/226:", 18) == 0)
		return true;
	for (size_t i = 0; i < N_OWNED; i++)
		if (component_prefix(path, owned_prefixes[i]))
			return true;
	return false;
}

/* Does path need lexical clean-up ("//", "." or ".." components, a trailing "/")? */
static bool unclean(const char *path)
{
	size_t n = strlen(path);
	return strstr(path, "//") || strstr(path, "/./") || strstr(path, "/../") ||
	       (n > 1 && path[n - 1] == '/') || (n >= 2 && !strcmp(path + n - 2, "/.")) ||
	       (n >= 3 && !strcmp(path + n - 3, "/.."));
}

/*
 * Lexical clean-up of an absolute path into out: "a/./b" -> "a/b", "a/x/../b" -> "a/b".
 * Lexical is what matters at the tree's edge: "/sys/kernel/debug/.." is the host's /sys/kernel
 * (IGT compares its st_dev with debugfs's to see the mount); below the edge the tree resolves
 * ".." itself, through its own symlinks. false if it does not fit.
 */
static bool clean_path(const char *path, char *out, size_t len)
{
	size_t o = 0;
	const char *p = path;
	while (*p) {
		while (*p == '/')
			p++;
		const char *e = strchrnul(p, '/');
		size_t n = (size_t)(e - p);
		if (n == 0 || (n == 1 && p[0] == '.')) {
			/* nothing */
		} else if (n == 2 && p[0] == '.' && p[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;
		} else {
			if (o + n + 2 > len)
				return false;
			out[o++] = '/';
			memcpy(out + o, p, n);
			o += n;
		}
		p = e;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = '\0';
	return true;
}

/* A directory of the host with owned entries: a strict ancestor of an owned prefix (path clean). */
static bool is_junction(const char *path)
{
	size_t n = strlen(path);
	if (n <= 1 || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	if (!strcmp(path, "/sys/dev/char"))
		return true;
	for (size_t i = 0; i < N_OWNED; i++)
		if (!strncmp(owned_prefixes[i], path, n) && owned_prefixes[i][n] == '/')
			return true;
	return false;
}

/* A junction the host lacks is the tree's alone (a container without /sys/bus/pci, say). */
static bool host_lacks(const char *path)
{
	struct stat st;
	int saved = errno;
	bool lacks = shim_real.fstatat(AT_FDCWD, path, &st, 0) < 0 && errno == ENOENT;
	errno = saved;
	return lacks;
}

bool shim_fs_owned(const char *path)
{
	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	char clean[PATH_MAX];
	if (!unclean(path))
		return prefix_owned(path) || (is_junction(path) && host_lacks(path));
	if (!clean_path(path, clean, sizeof(clean)))
		return false;
	return prefix_owned(clean) || (is_junction(clean) && host_lacks(clean));
}

bool shim_fs_junction(const char *path)
{
	char clean[PATH_MAX];
	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	if (unclean(path)) {
		if (!clean_path(path, clean, sizeof(clean)))
			return false;
		path = clean;
	}
	return is_junction(path) || !strcmp(path, "/dev/dri");
}

bool shim_fs_may_lead_in(const char *dir, const char *rel)
{
	char clean[PATH_MAX];
	if (!rel || rel[0] == '/' || !rel[0] || !clean_path(dir, clean, sizeof(clean)))
		return false;
	return !strcmp(clean, "/") || is_junction(clean);
}

int shim_fs_permission(const char *path, bool write)
{
	if (!component_prefix(path, "/sys/kernel/debug") || !strcmp(path, "/sys/kernel/debug"))
		return 0;
	if (geteuid() == 0 || shim_capable(CAP_DAC_OVERRIDE))
		return 0;
	return !write && shim_capable(CAP_DAC_READ_SEARCH) ? 0 : -EACCES;
}

int shim_fs_redirect(const struct shim_device *dev, const char *path, char *out, size_t len)
{
	int ret = shim_fs_permission(path, false);
	if (ret)
		return ret;
	char clean[PATH_MAX];
	if (!prefix_owned(path)) {	/* owned once cleaned up, or a junction the host lacks */
		if (!clean_path(path, clean, sizeof(clean)))
			return -ENAMETOOLONG;
		path = clean;
	}
	size_t n = strlen(path);
	if (dev->inst.root_len + n + 1 > len)
		return -ENAMETOOLONG;
	memcpy(out, dev->inst.root, dev->inst.root_len);
	memcpy(out + dev->inst.root_len, path, n + 1);
	return 0;
}

void shim_fs_unredirect(const struct shim_device *dev, char *path)
{
	if (strncmp(path, dev->inst.root, dev->inst.root_len) == 0 &&
	    (path[dev->inst.root_len] == '/' || path[dev->inst.root_len] == '\0')) {
		memmove(path, path + dev->inst.root_len, strlen(path + dev->inst.root_len) + 1);
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
	snprintf(path, sizeof(path), "%s/dev/dri/%s", dev->inst.root, minor ? "renderD128" : "card0");
	if (shim_real.fstatat(AT_FDCWD, path, st, 0) < 0)
		return -errno;
	shim_fs_fake_node_stat(st, minor);
	return 0;
}

/* --- listings ------------------------------------------------------------------ */

static int add_entry(struct shim_fs_listing **l, size_t *cap, const char *name, unsigned char type,
		     uint64_t ino)
{
	if ((*l)->count == *cap) {
		size_t ncap = *cap ? *cap * 2 : 32;
		struct shim_fs_listing *n = realloc(*l, sizeof(**l) + ncap * sizeof((*l)->ent[0]));
		if (!n)
			return -ENOMEM;
		*l = n;
		*cap = ncap;
	}
	struct shim_fs_dirent *e = &(*l)->ent[(*l)->count++];
	e->ino = ino;
	e->type = type;
	snprintf(e->name, sizeof(e->name), "%s", name);
	return 0;
}

static bool listed(const struct shim_fs_listing *l, const char *name)
{
	for (size_t i = 0; i < l->count; i++)
		if (!strcmp(l->ent[i].name, name))
			return true;
	return false;
}

static bool names_node(const char *name)
{
	return !strncmp(name, "card", 4) || !strncmp(name, "renderD", 7);
}

/* Adds dir's entries that keep(dir/name) wants; 0 or -errno. */
static int add_dir(struct shim_fs_listing **l, size_t *cap, const char *dir, const char *shown,
		   bool tree)
{
	DIR *d = shim_real.opendir(dir);
	if (!d)
		return -errno;
	struct dirent *e;
	char child[PATH_MAX];
	int ret = 0;
	while (!ret && (e = shim_real.readdir(d))) {
		bool dots = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
		snprintf(child, sizeof(child), "%s/%s", shown, e->d_name);
		unsigned char type = e->d_type;
		if (tree && !strcmp(shown, "/dev/dri") && type == DT_REG && names_node(e->d_name))
			type = DT_CHR;
		if (!tree && !dots && prefix_owned(child))
			continue;	/* the host's own: the tree has ours, or it does not exist */
		if (tree && !dots && !prefix_owned(child) && listed(*l, e->d_name))
			continue;	/* a junction the host has too: the host's entry stands */
		if (tree && dots && listed(*l, e->d_name))
			continue;
		ret = add_entry(l, cap, e->d_name, type, e->d_ino);
	}
	shim_real.closedir(d);
	return ret;
}

struct shim_fs_listing *shim_fs_listing(const struct shim_device *dev, const char *path)
{
	char clean[PATH_MAX], red[PATH_MAX];
	errno = 0;
	if (!clean_path(path, clean, sizeof(clean)))
		return NULL;
	bool node_dir = !strcmp(clean, "/dev/dri");
	if (!node_dir && (!is_junction(clean) || host_lacks(clean)))
		return NULL;
	if (node_dir && shim_fs_permission(clean, false))
		return NULL;
	if (snprintf(red, sizeof(red), "%s%s", dev->inst.root, clean) >= (int)sizeof(red))
		return NULL;
	size_t cap = 0;
	struct shim_fs_listing *l = calloc(1, sizeof(*l));
	if (!l)
		return NULL;
	int ret = node_dir ? 0 : add_dir(&l, &cap, clean, clean, false);
	if (!ret)
		ret = add_dir(&l, &cap, red, clean, true);
	if (ret == -ENOENT && !node_dir)
		ret = 0;	/* the tree need not have every junction (/dev, say) */
	if (ret) {
		free(l);
		errno = -ret;
		return NULL;
	}
	return l;
}

long shim_fs_magic(const char *path)
{
	if (component_prefix(path, "/sys/kernel/debug"))
		return 0x64626720;	/* DEBUGFS_MAGIC */
	if (component_prefix(path, "/dev"))
		return 0x01021994;	/* TMPFS_MAGIC: devtmpfs reports it */
	return 0x62656572;		/* SYSFS_MAGIC */
}
