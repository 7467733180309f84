/* SPDX-License-Identifier: MIT */
/*
 * The device of this process (its instance, base/instance.h, opened on first
 * use with the DRM core's state and tree), the device lock, and the life of
 * open files (see drm/drm_device.h for the model): those an open of a node
 * makes, and those CREATE_LEASE makes for its lessees (drm/drm_lease.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "drm/dma_fence.h"
#include "drm/drm_device.h"
#include "drm/drm_device_process.h"
#include "drm/drm_drv.h"
#include "drm/drm_gem.h"
#include "drm/drm_ioctl.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_prime.h"
#include "drm/drm_syncobj.h"
#include "drm/drm_sysfs.h"

static struct shim_device the_device;

static struct shim_device *volatile the_device_ready;
static pthread_mutex_t device_init_lock = PTHREAD_MUTEX_INITIALIZER;

bool shim_capable(int cap)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct data[2];
	if (shim_syscall(SYS_capget, &hdr, data) < 0)
		return geteuid() == 0;
	return (data[cap / 32].effective >> (cap % 32)) & 1;
}

bool shim_capable_sys_admin(void)
{
	return shim_capable(CAP_SYS_ADMIN);
}

/* Which device this thread holds the lock of (one device per process), for the
 * "device lock held" assertions. */
static __thread const struct shim_device *lock_holder __attribute__((tls_model("initial-exec")));

void shim_device_lock(struct shim_device *dev)
{
	shim_instance_lock(&dev->shared->hdr);
	lock_holder = dev;
}

void shim_device_unlock(struct shim_device *dev)
{
	shim_assert_locked(dev);
	lock_holder = NULL;
	/* A signal held in the section reaches its handler after the wakes: a handler that
	 * exits must not leave the waiters asleep. */
	shim_signals_hold();
	shim_instance_unlock(&dev->shared->hdr);
	shim_fence_flush_wakes();	/* the waiters find the lock free */
	shim_signals_unhold();
}

bool shim_device_locked(const struct shim_device *dev)
{
	return lock_holder == dev;
}

void shim_lock_contract_broken(const char *func)
{
	fprintf(stderr, "i915-shim: %s called without the device lock held\n", func);
	abort();
}

static void init_state(void *state)
{
	struct shim_shared *sh = state;
	shim_arena_init(&sh->arena, (sizeof(*sh) + 4095) & ~4095ull, SHIM_STATE_SIZE);
	sh->files_hint = 0;
}

static int populate(const char *root, const struct shim_instance_access *access, const void *model)
{
	return shim_fs_build(root, access, model);
}

static int open_instance(struct shim_device *dev)
{
	const char *instance = getenv("I915_SHIM_INSTANCE");
	char name[NAME_MAX + 1], path[PATH_MAX];
	int ret;

	dev->model = shim_device_model_from_env();
	if (!dev->model) {
		fprintf(stderr, "i915-shim: I915_SHIM_DEVID=%s is not an emulated device\n",
			getenv("I915_SHIM_DEVID"));
		return -ENODEV;
	}
	if (!instance || !*instance)
		instance = "default";
	if ((size_t)snprintf(name, sizeof(name), "i915-shim-v%d-%s-%04x", SHIM_LAYOUT_VERSION,
			     instance, dev->model->devid) >= sizeof(name))
		return -ENAMETOOLONG;
	const struct shim_instance_type type = {
		.layout_version = SHIM_LAYOUT_VERSION,
		.key = dev->model->devid,
		.state_size = SHIM_STATE_SIZE,
		.journal_cap = SHIM_JOURNAL_NOTES,
		.header_size = sizeof(struct shim_shared),
		.init_state = init_state,
		.populate = populate,
		.populate_arg = dev->model,
	};
	ret = shim_instance_open(&dev->inst, &type, name);
	if (ret)
		return ret;
	dev->shared = dev->inst.state;
	shim_shm_base = dev->inst.state;
	shim_journal_set_arena(&dev->shared->arena);
	shim_arena_set_backing(dev->inst.state_fd);
	dev->mem = (struct shim_mem){ .pool = &dev->shared->mem, .arena = &dev->shared->arena, .fd = -1 };
	shim_instance_path(&dev->inst, path, sizeof(path), "/memory");
	ret = shim_mem_open(&dev->mem, path);
	if (ret)
		return ret;
	return shim_fs_init(dev);
}

struct shim_device *shim_device_peek(void)
{
	return __atomic_load_n(&the_device_ready, __ATOMIC_ACQUIRE);
}

struct shim_device *shim_device_get(void)
{
	struct shim_device *dev = shim_device_peek();
	if (dev)
		return dev;
	/* The driver registers from a constructor of this module; a call that comes
	 * sooner (another library's constructor) finds no device rather than half of one. */
	if (!shim_drv) {
		errno = ENODEV;
		return NULL;
	}

	static int init_error;
	shim_mutex_lock(&device_init_lock);
	if (!the_device_ready && !init_error) {
		int ret = open_instance(&the_device);
		if (ret) {
			init_error = ret;
			fprintf(stderr, "i915-shim: cannot set up the emulated device: %s\n", strerror(-ret));
		} else {
			__atomic_store_n(&the_device_ready, &the_device, __ATOMIC_RELEASE);
		}
	}
	dev = the_device_ready;
	shim_mutex_unlock(&device_init_lock);
	if (!dev)
		errno = -init_error;
	return dev;
}

/* --- open files ------------------------------------------------------------ */

static void slot_path(struct shim_device *dev, uint32_t slot, char *buf, size_t len)
{
	shim_sync_path(dev, buf, len, "file", slot);
}

/* Empties a FIFO opened non-blocking (its bytes are only ever readiness). */
static void drain_fifo(int fd)
{
	char junk[64];
	while (shim_raw_read(fd, junk, sizeof(junk)) > 0)
		;
}

/* Does some description of the slot's FIFO still hold its OFD lock (an fd of it is open)? */
static bool slot_alive(struct shim_device *dev, uint32_t slot)
{
	char path[PATH_MAX];
	slot_path(dev, slot, path, sizeof(path));
	return shim_sync_path_alive(path);
}

/*
 * A new open file description of slot's FIFO, holding its lock: the one a
 * released file of this slot left (slots are reused lowest first, so FIFOs
 * are made once), or a new one where there is none, it is not a FIFO, or a
 * description of it somehow still holds the lock (a new inode then: the
 * holder's fd no longer names this slot). Always read-write, whatever the
 * caller's access mode, so that the FIFO has a reader and never blocks the
 * open; O_NONBLOCK is the caller's, as read() on a DRM fd blocks or not.
 */
static int open_slot_fifo(struct shim_device *dev, uint32_t slot, int flags, ino_t *ino)
{
	char path[PATH_MAX];
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	struct stat st;
	int oflags = O_RDWR | O_NOFOLLOW | (flags & (O_CLOEXEC | O_NONBLOCK));

	slot_path(dev, slot, path, sizeof(path));
	int fd = shim_real.openat(AT_FDCWD, path, oflags | O_NONBLOCK);
	if (fd >= 0 && (shim_real.fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode) ||
			shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0)) {
		shim_real.close(fd);
		fd = -1;
	}
	if (fd < 0) {
		unlink(path);
		if (mkfifo(path, 0600) < 0 || shim_access_chmod(&dev->inst.access, path, 0600) < 0 ||
		    (fd = shim_real.openat(AT_FDCWD, path, oflags | O_NONBLOCK)) < 0 ||
		    shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0 || shim_real.fstat(fd, &st) < 0) {
			int err = errno ? -errno : -EIO;
			if (fd >= 0)
				shim_real.close(fd);
			return err;
		}
	}
	drain_fifo(fd);	/* a reused FIFO may still hold the readiness byte of the slot's last file */
	/* Opened non-blocking (an open of a FIFO can wait for its peer otherwise); the
	 * description is then given the caller's blocking mode. */
	if (!(flags & O_NONBLOCK) && shim_real.fcntl(fd, F_SETFL, O_RDWR) < 0) {
		int err = -errno;
		shim_real.close(fd);
		return err;
	}
	*ino = st.st_ino;
	return fd;
}

/*
 * The FIFO's one byte is the file's readiness (FO7): present while the file
 * has an event to read, so that poll, select and epoll in any process see
 * the fd turn readable without the shim in the way. Opened anew each time
 * (read-write: a FIFO open that never waits), counted with FIONREAD, so the
 * byte is never doubled and a stale one (its writer died) is taken back.
 */
void shim_file_set_readable(struct shim_device *dev, uint32_t slot, bool readable)
{
	char path[PATH_MAX];
	slot_path(dev, slot, path, sizeof(path));
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;		/* no FIFO: nobody can be waiting on it */
	int queued = 0;
	if (shim_real.ioctl(fd, FIONREAD, &queued) == 0) {
		char byte = 1;
		if (readable && queued == 0)
			(void)!shim_raw_write(fd, &byte, 1);
		else if (!readable && queued > 0)
			drain_fifo(fd);
	}
	shim_real.close(fd);
}

static void release_file(struct shim_device *dev, uint32_t slot)
{
	struct shim_file *file = &dev->shared->files[slot];

	shim_syncobj_file_release(dev, file);
	shim_mode_file_release(dev, file);	/* drm_fb_release, before the handles go (drm_file_free) */
	shim_gem_file_release(dev, file);
	if (shim_drv->postclose)
		shim_drv->postclose(dev, file);
	shim_auth_file_release(dev, file);
	shim_journal_memset(&file->handles, 0, sizeof(file->handles));
	SHIM_SET(file->state, SHIM_FILE_FREE);
	SHIM_INC(file->generation);
	SHIM_DEC(dev->shared->files_open);
	if (slot < dev->shared->files_hint)
		SHIM_SET(dev->shared->files_hint, slot);
}

void shim_device_reap(struct shim_device *dev)
{
	shim_assert_locked(dev);
	struct shim_shared *sh = dev->shared;
	uint32_t seen = 0;
	if (shim_drv->reap)
		shim_drv->reap(dev);
	shim_sync_reap(dev);
	shim_prime_reap(dev);
	shim_journal_checkpoint();	/* reaping starts a section: each whole pass is consistent */
	for (uint32_t slot = 0; slot < SHIM_MAX_FILES && seen < sh->files_open; slot++) {
		if (sh->files[slot].state != SHIM_FILE_OPEN)
			continue;
		if (slot_alive(dev, slot)) {
			seen++;
		} else {
			release_file(dev, slot);
			shim_journal_checkpoint();	/* a whole file is gone: consistent */
		}
	}
}

/* A new open file of minor in the lowest free slot, with no master state yet (drm_open_helper
 * up to drm_master_open): its fd (a new description of the slot's FIFO) or -errno. */
static int file_create(struct shim_device *dev, unsigned minor, int flags, uint32_t *slotp)
{
	struct shim_shared *sh = dev->shared;
	uint32_t slot;
	for (slot = sh->files_hint; slot < SHIM_MAX_FILES; slot++)
		if (sh->files[slot].state == SHIM_FILE_FREE)
			break;
	if (slot >= SHIM_MAX_FILES)
		return -ENFILE;
	ino_t ino;
	int fd = open_slot_fifo(dev, slot, flags, &ino);
	if (fd < 0)
		return fd;

	struct shim_file *file = &sh->files[slot];
	uint64_t gen = file->generation;
	SHIM_NOTE(file);	/* the whole slot is made anew */
	memset(file, 0, sizeof(*file));
	file->generation = gen;
	file->state = SHIM_FILE_OPEN;
	file->minor = minor;
	file->pid = getpid();
	file->authenticated = shim_capable_sys_admin();
	file->fifo_ino = ino;
	SHIM_INC(sh->files_open);
	SHIM_SET(sh->files_hint, slot + 1);
	*slotp = slot;
	return fd;
}

int shim_device_open(struct shim_device *dev, unsigned minor, int flags, uint32_t *slotp,
		     uint64_t *generation)
{
	uint32_t slot;

	shim_client_register(dev);	/* the device process releases our files when we are gone */
	shim_device_lock(dev);
	shim_device_reap(dev);
	int ret = file_create(dev, minor, flags, &slot);
	if (ret >= 0 && minor == 0) {
		int err = shim_auth_file_open(dev, &dev->shared->files[slot]);
		if (err) {
			release_file(dev, slot);
			shim_real.close(ret);
			ret = err;
		}
	}
	if (ret >= 0) {
		*slotp = slot;
		*generation = dev->shared->files[slot].generation;
	}
	shim_device_unlock(dev);
	return ret;
}

int shim_device_clone_open(struct shim_device *dev, int flags, uint32_t *slotp, uint64_t *generation)
{
	shim_assert_locked(dev);
	int ret = file_create(dev, 0, flags, slotp);
	if (ret >= 0)
		*generation = dev->shared->files[*slotp].generation;
	return ret;
}

int shim_device_slot_of_fd(struct shim_device *dev, int fd, uint64_t *generation)
{
	struct stat st;
	if (shim_real.fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode) || st.st_dev != dev->inst.dir_dev)
		return -1;
	/* Once per fd a process did not get from us: a scan of the slots' inodes is cheap. */
	for (uint32_t slot = 0; slot < SHIM_MAX_FILES; slot++) {
		struct shim_file *file = &dev->shared->files[slot];
		if (__atomic_load_n(&file->state, __ATOMIC_ACQUIRE) == SHIM_FILE_OPEN &&
		    file->fifo_ino == (uint64_t)st.st_ino) {
			*generation = file->generation;
			return (int)slot;
		}
	}
	return -1;
}

void shim_device_file_closed(struct shim_device *dev, uint32_t slot, uint64_t generation)
{
	struct shim_file *file = &dev->shared->files[slot];
	shim_device_lock(dev);
	if (file->state == SHIM_FILE_OPEN && file->generation == generation && !slot_alive(dev, slot))
		release_file(dev, slot);
	shim_device_unlock(dev);
}

/* --- file operations the driver answers ------------------------------------ */

void *shim_drm_mmap(struct shim_call *call, void *addr, size_t len, int prot, int flags, off_t offset)
{
	if (!shim_drv->mmap) {
		errno = ENODEV;
		return MAP_FAILED;
	}
	return shim_drv->mmap(call, addr, len, prot, flags, offset);
}

void shim_drm_munmap(void *addr, size_t len)
{
	if (shim_drv && shim_drv->munmap)
		shim_drv->munmap(addr, len);
}

int shim_drm_control_minor(struct shim_device *dev, const char *path)
{
	return shim_drv->control_minor ? shim_drv->control_minor(dev, path) : -1;
}

void shim_drm_control_closed(struct shim_device *dev, unsigned minor)
{
	if (shim_drv->control_closed)
		shim_drv->control_closed(dev, minor);
}
