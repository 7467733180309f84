/* SPDX-License-Identifier: MIT */
/*
 * Finding, making and opening device instances (instance.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/instance.h"
#include "base/instance_access.h"
#include "base/mem_pool.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "base/valgrind_hide.h"

#define SHIM_STATE_MAGIC 0x6d6968735f353139ull	/* "915_shim" */

/* out = a + b; the instance directory's length was checked, so this cannot truncate. */
static void path_join(char *out, size_t len, const char *a, const char *b)
{
	if ((size_t)snprintf(out, len, "%s%s", a, b) >= len)
		out[0] = '\0';
}

void shim_instance_path(const struct shim_instance *inst, char *out, size_t len, const char *rel)
{
	path_join(out, len, inst->dir, rel);
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

static int init_state_file(const char *path, const struct shim_instance_type *type,
			   const struct shim_instance_access *access)
{
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	/* The header, and the arena up to its first chunk, are backed now (shared_mem.h); so is
	 * the start of the undo journal, which backs the rest as it grows (journal.h). */
	off_t reserved = (off_t)((type->header_size + SHIM_ARENA_RESERVE_CHUNK - 1) & ~(SHIM_ARENA_RESERVE_CHUNK - 1));
	if (shim_access_fchmod(access, fd, 0600) < 0 ||
	    ftruncate(fd, (off_t)(type->state_size + shim_journal_area_size(type->journal_cap))) < 0 ||
	    (fallocate(fd, 0, 0, reserved) < 0 && errno != EOPNOTSUPP && errno != ENOSYS) ||
	    (fallocate(fd, 0, (off_t)type->state_size, SHIM_JOURNAL_RESERVE_CHUNK) < 0 &&
	     errno != EOPNOTSUPP && errno != ENOSYS)) {
		int err = -errno;
		shim_real.close(fd);
		return err;
	}
	size_t len = (type->header_size + 4095) & ~(size_t)4095;
	struct shim_instance_header *h = shim_real.mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	shim_real.close(fd);
	if (h == MAP_FAILED)
		return -errno;

	pthread_mutexattr_t attr;
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&h->lock, &attr);
	pthread_mutexattr_destroy(&attr);
	h->layout_version = type->layout_version;
	h->key = type->key;
	shim_journal_init(&h->journal, type->journal_cap);
	type->init_state(h);
	__atomic_store_n(&h->magic, SHIM_STATE_MAGIC, __ATOMIC_RELEASE);
	shim_real.munmap(h, len);
	return 0;
}

/* Builds a complete instance in a private directory and renames it into place. */
static int create_instance(const char *dir, const struct shim_instance_type *type,
			   const struct shim_instance_access *access)
{
	char tmp[PATH_MAX], path[PATH_MAX];
	int ret;

	/* An unpredictable name, made 0700: nobody can have it ready for us, or look inside. */
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", dir) >= sizeof(tmp))
		return -ENAMETOOLONG;
	if (!mkdtemp(tmp))
		return -errno;
	ret = shim_access_claim_dir(access, tmp);
	if (!ret) {
		path_join(path, sizeof(path), tmp, "/state");
		ret = init_state_file(path, type, access);
	}
	if (!ret) {
		path_join(path, sizeof(path), tmp, "/memory");
		ret = shim_mem_create_file(path, access);
	}
	if (!ret) {
		path_join(path, sizeof(path), tmp, "/root");
		ret = type->populate(path, access, type->populate_arg);
	}
	/* Someone else's instance may be there by now (EEXIST, ENOTEMPTY; EPERM in a sticky
	 * directory when it is another user's): the caller checks what is there. */
	if (!ret && rename(tmp, dir) < 0 && errno != EEXIST && errno != ENOTEMPTY && errno != EPERM &&
	    errno != EACCES)
		ret = -errno;
	shim_real_init();
	shim_real.nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);	/* gone if renamed */
	return ret;
}

int shim_instance_open(struct shim_instance *inst, const struct shim_instance_type *type,
		       const char *name)
{
	const char *base = getenv("I915_SHIM_DIR");
	char path[PATH_MAX], real_dir[PATH_MAX];
	struct stat st;
	int ret;

	if (!base || !*base)
		base = "/dev/shm";
	if (strchr(name, '/'))
		return -EINVAL;
	if ((size_t)snprintf(inst->dir, sizeof(inst->dir), "%s/%s", base, name) >= sizeof(inst->dir) - 64)
		return -ENAMETOOLONG;

	struct shim_instance_access want;
	if ((ret = shim_access_from_env(&want)) || (ret = shim_access_check_base(base)))
		return ret;
	ret = shim_access_check_dir(inst->dir, &want, &inst->access);
	if (ret == -ENOENT) {
		ret = create_instance(inst->dir, type, &want);
		if (ret)
			return ret;
		ret = shim_access_check_dir(inst->dir, &want, &inst->access);
	}
	if (ret)
		return ret;
	path_join(path, sizeof(path), inst->dir, "/state");
	if (shim_real.fstatat(AT_FDCWD, path, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode)) {
		fprintf(stderr, "i915-shim: %s is not a device instance (no state)\n", inst->dir);
		return -EINVAL;
	}
	if (!shim_real.realpath(inst->dir, real_dir))
		return -errno;
	snprintf(inst->dir, sizeof(inst->dir), "%s", real_dir);
	path_join(inst->root, sizeof(inst->root), inst->dir, "/root");
	inst->root_len = strlen(inst->root);

	path_join(path, sizeof(path), inst->dir, "/state");
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	size_t map_len = type->state_size + shim_journal_area_size(type->journal_cap);
	void *map = shim_real.mmap(NULL, map_len, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_NORESERVE, fd, 0);
	if (map == MAP_FAILED) {
		int err = -errno;
		shim_real.close(fd);
		return err;
	}
	inst->state_fd = shim_private_fd(fd);
	/* The header (with the lock, which futex() must see) stays visible; the arena is hidden. */
	size_t header = (type->header_size + 4095) & ~(size_t)4095;
	shim_valgrind_hide((char *)map + header, map_len - header);
	inst->state = map;
	const struct shim_instance_header *h = map;
	if (__atomic_load_n(&h->magic, __ATOMIC_ACQUIRE) != SHIM_STATE_MAGIC ||
	    h->layout_version != type->layout_version || h->key != type->key) {
		fprintf(stderr, "i915-shim: %s holds an incompatible device state\n", inst->dir);
		return -EINVAL;
	}
	shim_journal_attach(&((struct shim_instance_header *)map)->journal, map, type->state_size, inst->state_fd);

	if (shim_real.fstatat(AT_FDCWD, inst->dir, &st, 0) < 0)
		return -errno;
	inst->dir_dev = st.st_dev;
	return 0;
}

/*
 * How long a locker that finds the lock taken tries again before it sleeps on
 * it. Sections are a few microseconds, and a sleeper costs far more to wake
 * than that: a thread on an idle CPU of this machine took ~20 us to run again
 * (sync_bench, issue #16), so an engine that retired a request right after
 * the exec that queued it waited for the exec's unlock plus that wake, and
 * every fence waiter in turn for the engine's. The kernel's mutexes spin the
 * same way while the owner runs. The spin yields: the holder may be queued on
 * this very CPU.
 */
#define LOCK_SPIN_NS 20000

uint64_t shim_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int shim_sleep_until_ns(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ull), .tv_nsec = (long)(ns % 1000000000ull) };
	return clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR ? -EINTR : 0;
}

void shim_instance_lock(struct shim_instance_header *h)
{
	shim_signals_hold();
	int ret = pthread_mutex_trylock(&h->lock);
	if (ret == EBUSY) {
		uint64_t until = shim_now_ns() + LOCK_SPIN_NS;
		do {
			sched_yield();
			ret = pthread_mutex_trylock(&h->lock);
		} while (ret == EBUSY && shim_now_ns() < until);
	}
	if (ret == EBUSY)
		ret = pthread_mutex_lock(&h->lock);
	/* Its holder died mid-section: undo what it half did, then the state is whole again. */
	shim_journal_begin(ret == EOWNERDEAD);
	if (ret == EOWNERDEAD)
		pthread_mutex_consistent(&h->lock);
}

void shim_instance_unlock(struct shim_instance_header *h)
{
	shim_journal_commit();
	pthread_mutex_unlock(&h->lock);
	shim_signals_unhold();		/* what arrived in the section reaches the program now */
}
