/*
 * The device instance: finding or creating it, the shared state's lock, and
 * the life of open files (see drm/drm_device.h for the model).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"
#include "drm/drm_sysfs.h"
#include "drm/drm_gem.h"
#include "drm/drm_drv.h"
#include "drm/drm_prime.h"
#include "base/real.h"
#include "drm/drm_syncobj.h"
#include "base/valgrind_hide.h"

#define SHIM_STATE_MAGIC 0x6d6968735f353139ull	/* "915_shim" */

static struct shim_device the_device;

static struct shim_device *volatile the_device_ready;
static pthread_mutex_t device_init_lock = PTHREAD_MUTEX_INITIALIZER;

bool shim_capable(int cap)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct data[2];
	if (syscall(SYS_capget, &hdr, data) < 0)
		return geteuid() == 0;
	return (data[cap / 32].effective >> (cap % 32)) & 1;
}

bool shim_capable_sys_admin(void)
{
	return shim_capable(CAP_SYS_ADMIN);
}

/* Which device this thread holds the lock of (one device per process), for the
 * "device lock held" assertions. */
static __thread const struct shim_device *lock_holder;

void shim_device_lock(struct shim_device *dev)
{
	int ret = pthread_mutex_lock(&dev->shared->lock);
	if (ret == EOWNERDEAD)	/* its holder died; the state is ours to carry on with */
		pthread_mutex_consistent(&dev->shared->lock);
	lock_holder = dev;
}

void shim_device_unlock(struct shim_device *dev)
{
	shim_assert_locked(dev);
	lock_holder = NULL;
	pthread_mutex_unlock(&dev->shared->lock);
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

/* out = a + b; the instance directory's length was checked, so this cannot truncate. */
static void path_join(char *out, size_t len, const char *a, const char *b)
{
	if ((size_t)snprintf(out, len, "%s%s", a, b) >= len)
		out[0] = '\0';
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

static int init_state_file(const char *path, unsigned devid)
{
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0)
		return -errno;
	fchmod(fd, 0666);
	if (ftruncate(fd, SHIM_STATE_SIZE) < 0) {
		int err = -errno;
		shim_real.close(fd);
		return err;
	}
	struct shim_shared *sh = shim_real.mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	shim_real.close(fd);
	if (sh == MAP_FAILED)
		return -errno;

	pthread_mutexattr_t attr;
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&sh->lock, &attr);
	pthread_mutexattr_destroy(&attr);
	shim_arena_init(&sh->arena, (sizeof(*sh) + 4095) & ~4095ull, SHIM_STATE_SIZE);
	sh->layout_version = SHIM_LAYOUT_VERSION;
	sh->devid = devid;
	sh->files_hint = 0;
	__atomic_store_n(&sh->magic, SHIM_STATE_MAGIC, __ATOMIC_RELEASE);
	shim_real.munmap(sh, sizeof(*sh));
	return 0;
}

/* Builds a complete instance in a private directory and renames it into place. */
static int create_instance(const char *dir, const struct shim_device_model *model)
{
	char tmp[PATH_MAX], path[PATH_MAX];
	int ret;

	snprintf(tmp, sizeof(tmp), "%s.tmp.%d.%ld", dir, getpid(), (long)syscall(SYS_gettid));
	if (mkdir(tmp, 0777) < 0)
		return -errno;
	chmod(tmp, 0777);
	path_join(path, sizeof(path), tmp, "/state");
	ret = init_state_file(path, model->devid);
	if (!ret) {
		path_join(path, sizeof(path), tmp, "/files");
		int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0)
			ret = -errno;
		else {
			fchmod(fd, 0666);
			shim_real.close(fd);
		}
	}
	if (!ret) {
		path_join(path, sizeof(path), tmp, "/memory");
		ret = shim_mem_create_file(path);
	}
	if (!ret) {
		path_join(path, sizeof(path), tmp, "/root");
		ret = shim_fs_build(path, model);
	}
	if (!ret && rename(tmp, dir) < 0 && errno != EEXIST && errno != ENOTEMPTY)
		ret = -errno;
	nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);	/* gone if renamed */
	return ret;
}

static int open_instance(struct shim_device *dev)
{
	const char *base = getenv("I915_SHIM_DIR");
	const char *instance = getenv("I915_SHIM_INSTANCE");
	char path[PATH_MAX], real_dir[PATH_MAX];
	struct stat st;
	int ret;

	dev->model = shim_device_model_from_env();
	if (!dev->model) {
		fprintf(stderr, "i915-shim: I915_SHIM_DEVID=%s is not an emulated device\n",
			getenv("I915_SHIM_DEVID"));
		return -ENODEV;
	}
	if (!base || !*base)
		base = "/dev/shm";
	if (!instance || !*instance)
		instance = "default";
	if (strchr(instance, '/'))
		return -EINVAL;
	if ((size_t)snprintf(dev->dir, sizeof(dev->dir), "%s/i915-shim-v%d-%s-%04x", base,
			     SHIM_LAYOUT_VERSION, instance, dev->model->devid) >= sizeof(dev->dir) - 64)
		return -ENAMETOOLONG;

	path_join(path, sizeof(path), dev->dir, "/state");
	if (shim_real.fstatat(AT_FDCWD, path, &st, 0) < 0) {
		ret = create_instance(dev->dir, dev->model);
		if (ret)
			return ret;
	}
	if (!shim_real.realpath(dev->dir, real_dir))
		return -errno;
	snprintf(dev->dir, sizeof(dev->dir), "%s", real_dir);
	path_join(dev->root, sizeof(dev->root), dev->dir, "/root");
	dev->root_len = strlen(dev->root);
	path_join(dev->files_path, sizeof(dev->files_path), dev->dir, "/files");

	path_join(path, sizeof(path), dev->dir, "/state");
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	void *map = shim_real.mmap(NULL, SHIM_STATE_SIZE, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_NORESERVE, fd, 0);
	shim_real.close(fd);
	if (map == MAP_FAILED)
		return -errno;
	/* The header (with the lock, which futex() must see) stays visible; the arena is hidden. */
	size_t header = (sizeof(struct shim_shared) + 4095) & ~4095ul;
	shim_valgrind_hide((char *)map + header, SHIM_STATE_SIZE - header);
	dev->shared = map;
	shim_shm_base = map;
	if (__atomic_load_n(&dev->shared->magic, __ATOMIC_ACQUIRE) != SHIM_STATE_MAGIC ||
	    dev->shared->layout_version != SHIM_LAYOUT_VERSION ||
	    dev->shared->devid != dev->model->devid) {
		fprintf(stderr, "i915-shim: %s holds an incompatible device state\n", dev->dir);
		return -EINVAL;
	}

	dev->probe_fd = shim_private_fd(shim_real.openat(AT_FDCWD, dev->files_path, O_RDWR | O_CLOEXEC));
	if (dev->probe_fd < 0)
		return -errno;
	if (shim_real.fstat(dev->probe_fd, &st) < 0)
		return -errno;
	dev->files_dev = st.st_dev;
	dev->files_ino = st.st_ino;
	ret = shim_mem_open(dev);
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
	pthread_mutex_lock(&device_init_lock);
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
	pthread_mutex_unlock(&device_init_lock);
	if (!dev)
		errno = -init_error;
	return dev;
}

/* --- open files ------------------------------------------------------------ */

static bool slot_alive(struct shim_device *dev, uint32_t slot)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = slot, .l_len = 1 };
	if (shim_real.fcntl(dev->probe_fd, F_OFD_GETLK, &fl) < 0)
		return true;	/* cannot tell: keep it */
	return fl.l_type != F_UNLCK;
}

static void release_file(struct shim_device *dev, uint32_t slot)
{
	struct shim_file *file = &dev->shared->files[slot];

	shim_syncobj_file_release(dev, file);
	shim_gem_file_release(dev, file);
	if (shim_drv->postclose)
		shim_drv->postclose(dev, file);
	shim_auth_file_release(dev, file);
	memset(&file->handles, 0, sizeof(file->handles));
	file->state = SHIM_FILE_FREE;
	file->generation++;
	dev->shared->files_open--;
	if (slot < dev->shared->files_hint)
		dev->shared->files_hint = slot;
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
	for (uint32_t slot = 0; slot < SHIM_MAX_FILES && seen < sh->files_open; slot++) {
		if (sh->files[slot].state != SHIM_FILE_OPEN)
			continue;
		if (slot_alive(dev, slot))
			seen++;
		else
			release_file(dev, slot);
	}
}

int shim_device_open(struct shim_device *dev, unsigned minor, int flags, uint32_t *slotp,
		     uint64_t *generation)
{
	struct shim_shared *sh = dev->shared;
	int acc = flags & O_ACCMODE;
	int fd, ret = 0;
	uint32_t slot;

	shim_device_lock(dev);
	shim_device_reap(dev);
	for (slot = sh->files_hint; slot < SHIM_MAX_FILES; slot++)
		if (sh->files[slot].state == SHIM_FILE_FREE)
			break;
	if (slot >= SHIM_MAX_FILES) {
		ret = -ENFILE;
		goto out;
	}
	fd = shim_real.openat(AT_FDCWD, dev->files_path,
			      acc | (flags & (O_CLOEXEC | O_NONBLOCK)));
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	struct flock fl = { .l_type = acc == O_RDONLY ? F_RDLCK : F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = slot, .l_len = 1 };
	if (shim_real.lseek(fd, slot, SEEK_SET) != (off_t)slot || shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0) {
		ret = -errno ? -errno : -EIO;
		shim_real.close(fd);
		goto out;
	}

	struct shim_file *file = &sh->files[slot];
	uint64_t gen = file->generation;
	memset(file, 0, sizeof(*file));
	file->generation = gen;
	file->state = SHIM_FILE_OPEN;
	file->minor = minor;
	file->pid = getpid();
	file->authenticated = shim_capable_sys_admin();
	sh->files_open++;
	sh->files_hint = slot + 1;
	if (minor == 0) {
		int err = shim_auth_file_open(dev, file);
		if (err) {
			release_file(dev, slot);
			shim_real.close(fd);
			ret = err;
			goto out;
		}
	}
	*slotp = slot;
	*generation = file->generation;
	ret = fd;
out:
	shim_device_unlock(dev);
	return ret;
}

int shim_device_slot_of_fd(struct shim_device *dev, int fd, uint64_t *generation)
{
	struct stat st;
	if (shim_real.fstat(fd, &st) < 0 || st.st_dev != dev->files_dev || st.st_ino != dev->files_ino)
		return -1;
	off_t pos = shim_real.lseek(fd, 0, SEEK_CUR);
	if (pos < 0 || pos >= SHIM_MAX_FILES)
		return -1;
	struct shim_file *file = &dev->shared->files[pos];
	if (__atomic_load_n(&file->state, __ATOMIC_ACQUIRE) != SHIM_FILE_OPEN)
		return -1;
	*generation = file->generation;
	return (int)pos;
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
