/* SPDX-License-Identifier: MIT */
/*
 * Client registration and the device process (drm/drm_device_process.h).
 *
 * The socket is <instance>/device.sock; device.lock, held (flock) by the
 * device process for its life, makes sure there is at most one per
 * instance. A client's registration is one message, its client id, on a
 * connection it closes at once: the device process learns the pid from the
 * socket's credentials (SO_PEERCRED), not from the message, and watches the
 * process through a pidfd, which cannot be fooled by pid reuse.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/log.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "drm/drm_device_process.h"
#include "drm/dma_fence.h"
#include "drm/drm_drv.h"
#include "drm/drm_gem.h"
#include "drm/drm_syncobj.h"

extern char **environ;

struct registration {
	uint64_t client;
};

static pid_t registered_pid;		/* the process that registered (a forked child must again) */
static uint64_t client_id;
static shim_off client_record;		/* ours, in the shared state */
static pthread_mutex_t register_lock = PTHREAD_MUTEX_INITIALIZER;

/* Device lock held: a new client's record, first on the list (0 when there is no room). */
static shim_off record_create(struct shim_device *dev, uint64_t client)
{
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_client_record));
	if (!off)
		return 0;
	struct shim_client_record *r = shim_ptr(off);
	r->client = client;		/* fresh: filled before it is reachable */
	r->next = dev->shared->clients;
	SHIM_SET(dev->shared->clients, off);
	return off;
}

/* Device lock held: client is gone; what it borrowed is given back, its record freed. */
static void record_release(struct shim_device *dev, uint64_t client)
{
	for (shim_off *link = &dev->shared->clients; *link;
	     link = &((struct shim_client_record *)shim_ptr(*link))->next) {
		struct shim_client_record *r = shim_ptr(*link);
		if (r->client != client)
			continue;
		uint64_t *b = shim_ptr(r->borrowed);
		/* A waiter first: what points at it hangs off the fences and syncobjs it borrowed. */
		for (uint32_t i = 0; i < r->count; i++) {
			if ((b[i] & 15) != SHIM_BORROW_WAITER)
				continue;
			shim_off waiter = b[i] & ~15ull;
			for (uint32_t j = 0; j < r->count; j++) {
				if ((b[j] & 15) == SHIM_BORROW_FENCE)
					shim_fence_remove_wake(dev, b[j] & ~15ull, waiter);
				else if ((b[j] & 15) == SHIM_BORROW_SYNCOBJ)
					shim_syncobj_remove_wake(dev, b[j] & ~15ull, waiter);
			}
			shim_free(&dev->shared->arena, waiter, sizeof(struct shim_waiter));
		}
		for (uint32_t i = 0; i < r->count; i++) {
			shim_off off = b[i] & ~15ull;
			switch (b[i] & 15) {
			case SHIM_BORROW_OBJECT: shim_gem_object_put(dev, off); break;
			case SHIM_BORROW_FENCE: shim_fence_put(dev, off); break;
			case SHIM_BORROW_SYNCOBJ: shim_syncobj_put(dev, off); break;
			}
		}
		shim_off off = *link;
		SHIM_SET(*link, r->next);
		shim_free(&dev->shared->arena, r->borrowed, r->cap * sizeof(uint64_t));
		shim_free(&dev->shared->arena, off, sizeof(*r));
		return;
	}
}

/* NULL until the record exists: what is borrowed before that goes untracked. */
static struct shim_client_record *my_record(void)
{
	return registered_pid == shim_getpid() ? shim_ptr(__atomic_load_n(&client_record, __ATOMIC_ACQUIRE))
					       : NULL;
}

void shim_borrow(struct shim_device *dev, shim_off off, enum shim_borrow_kind kind)
{
	shim_assert_locked(dev);
	struct shim_client_record *r = my_record();
	if (!r || !off)
		return;
	if (r->count == r->cap) {
		uint32_t cap = r->cap ? r->cap * 2 : 8;
		shim_off n = shim_alloc(&dev->shared->arena, cap * sizeof(uint64_t));
		if (!n)
			return;		/* untracked: leaked only if we die before giving it back */
		if (r->borrowed) {
			memcpy(shim_ptr(n), shim_ptr(r->borrowed), r->count * sizeof(uint64_t));
			shim_free(&dev->shared->arena, r->borrowed, r->cap * sizeof(uint64_t));
		}
		SHIM_SET(r->borrowed, n);
		SHIM_SET(r->cap, cap);
	}
	SHIM_SET(((uint64_t *)shim_ptr(r->borrowed))[r->count], off | kind);
	SHIM_INC(r->count);
}

void shim_unborrow(struct shim_device *dev, shim_off off, enum shim_borrow_kind kind)
{
	shim_assert_locked(dev);
	struct shim_client_record *r = my_record();
	if (!r || !off)
		return;
	uint64_t *b = shim_ptr(r->borrowed);
	for (uint32_t i = r->count; i-- > 0;)
		if (b[i] == (off | kind)) {
			SHIM_SET(b[i], b[r->count - 1]);
			SHIM_DEC(r->count);
			return;
		}
}

uint64_t shim_client_id(const struct shim_device *dev)
{
	(void)dev;
	return registered_pid == shim_getpid() ? client_id : 0;
}

static int socket_path(const struct shim_device *dev, struct sockaddr_un *sa)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	if ((size_t)snprintf(sa->sun_path, sizeof(sa->sun_path), "%s/device.sock", dev->inst.dir) >=
	    sizeof(sa->sun_path))
		return -ENAMETOOLONG;
	return 0;
}

static int send_registration(const struct shim_device *dev, const struct registration *r)
{
	struct sockaddr_un sa;
	int ret = socket_path(dev, &sa);
	if (ret)
		return ret;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	ret = 0;
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    send(fd, r, sizeof(*r), MSG_NOSIGNAL) != (ssize_t)sizeof(*r))
		ret = -errno ? -errno : -EIO;
	shim_real.close(fd);
	return ret;
}

/* Starts a device process for dev's instance, detached from this one. */
static int spawn_device_process(const struct shim_device *dev)
{
	Dl_info info;
	if (!dladdr((void *)spawn_device_process, &info) || !info.dli_fname)
		return -ENOENT;
	static const char *const keep[] = { "I915_SHIM_DIR", "I915_SHIM_INSTANCE", "I915_SHIM_DEVID",
					    "I915_SHIM_SHARE_GROUP", "I915_SHIM_DEBUG", "I915_SHIM_LOG",
					    "I915_SHIM_JOURNAL_VERIFY" };
	/* A sanitizer build's runtime goes ahead of the shim, as the launcher puts it (configure.ac). */
	char preload[2 * PATH_MAX];
	const char *first = SHIM_SANITIZER_PRELOAD;
	if ((size_t)snprintf(preload, sizeof(preload), "%s%s%s", first, *first ? ":" : "", info.dli_fname) >=
	    sizeof(preload))
		return -ENAMETOOLONG;
	char env[8][PATH_MAX + 32];
	char *envp[9];
	unsigned n = 0;
	for (size_t i = 0; i < sizeof(keep) / sizeof(keep[0]); i++) {
		const char *v = getenv(keep[i]);
		if (v && (size_t)snprintf(env[n], sizeof(env[n]), "%s=%s", keep[i], v) < sizeof(env[n])) {
			envp[n] = env[n];
			n++;
		}
	}
	envp[n] = NULL;
	/* sh starts it in the background and exits: the device process is nobody's child.
	 * Only it gets the shim preloaded, not sh. */
	char *argv[] = { "sh", "-c",
			 "LD_PRELOAD=\"$1\" I915_SHIM_DEVICE_PROCESS=\"$2\" \"$0\" </dev/null >/dev/null 2>&1 &",
			 "/bin/true", preload, (char *)dev->inst.dir, NULL };
	posix_spawnattr_t attr;
	posix_spawnattr_init(&attr);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	sigset_t none, all;
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &all);
	pid_t pid;
	int err = posix_spawn(&pid, "/bin/sh", NULL, &attr, argv, envp);
	posix_spawnattr_destroy(&attr);
	if (err)
		return -err;
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return 0;
}

void shim_client_register(struct shim_device *dev)
{
	pid_t me = shim_getpid();
	if (__atomic_load_n(&registered_pid, __ATOMIC_ACQUIRE) == me)
		return;
	shim_mutex_lock(&register_lock);
	if (registered_pid == me) {
		shim_mutex_unlock(&register_lock);
		return;
	}
	shim_device_lock(dev);
	struct registration r = { .client = SHIM_INC(dev->shared->next_client) };
	shim_device_unlock(dev);
	client_id = r.client;
	__atomic_store_n(&client_record, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&registered_pid, me, __ATOMIC_RELEASE);

	int ret = send_registration(dev, &r);
	if (ret == -ENOENT || ret == -ECONNREFUSED) {
		ret = spawn_device_process(dev);
		/* It binds its socket within milliseconds; give it two seconds. */
		for (int i = 0; !ret && i < 2000; i++) {
			ret = send_registration(dev, &r);
			if (ret != -ENOENT && ret != -ECONNREFUSED)
				break;
			ret = 0;
			struct timespec ms = { 0, 1000000 };
			nanosleep(&ms, NULL);
			if (i == 1999)
				ret = -ETIMEDOUT;
		}
	}
	static int said;
	if (ret && !said++)
		fprintf(stderr, "i915-shim: no device process (%s): work in flight dies with its process\n",
			strerror(-ret));
	/*
	 * The record only once the device process has our registration (or there is none to
	 * have it): a process killed in between leaves nothing that no one will release. Made
	 * before, a death inside the connect or the send left a record no pidfd watched.
	 */
	shim_device_lock(dev);
	shim_off rec = record_create(dev, r.client);
	shim_device_unlock(dev);
	__atomic_store_n(&client_record, rec, __ATOMIC_RELEASE);
	shim_mutex_unlock(&register_lock);
}

/* --- the device process ---------------------------------------------------- */

struct watched {
	uint64_t client;
	int pidfd;
};

static struct watched *watched;
static size_t nwatched, watched_cap;

static void client_gone(struct shim_device *dev, uint64_t client)
{
	shim_device_lock(dev);
	shim_device_reap(dev);
	if (shim_drv->client_gone)
		shim_drv->client_gone(dev, client);
	record_release(dev, client);
	shim_device_unlock(dev);
}

static void accept_client(struct shim_device *dev, int listen_fd, int ep)
{
	int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0)
		return;
	struct registration r;
	struct ucred cred;
	socklen_t len = sizeof(cred);
	struct timeval tv = { .tv_sec = 1 };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	bool ok = recv(fd, &r, sizeof(r), MSG_WAITALL) == (ssize_t)sizeof(r) &&
		  getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0;
	shim_real.close(fd);
	if (!ok)
		return;
	int pidfd = (int)shim_syscall(SYS_pidfd_open, cred.pid, 0);
	if (pidfd < 0) {
		client_gone(dev, r.client);	/* gone already */
		return;
	}
	if (nwatched == watched_cap) {
		size_t cap = watched_cap ? watched_cap * 2 : 64;
		struct watched *w = realloc(watched, cap * sizeof(*w));
		if (!w) {
			shim_real.close(pidfd);
			return;
		}
		watched = w;
		watched_cap = cap;
	}
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = r.client };
	if (epoll_ctl(ep, EPOLL_CTL_ADD, pidfd, &ev) < 0) {
		shim_real.close(pidfd);
		return;
	}
	watched[nwatched++] = (struct watched){ .client = r.client, .pidfd = pidfd };
}

static void client_exited(struct shim_device *dev, int ep, uint64_t client)
{
	for (size_t i = 0; i < nwatched; i++) {
		if (watched[i].client != client)
			continue;
		epoll_ctl(ep, EPOLL_CTL_DEL, watched[i].pidfd, NULL);
		shim_real.close(watched[i].pidfd);
		watched[i] = watched[--nwatched];
		break;
	}
	client_gone(dev, client);
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Is this still the instance we were started for (not removed, not made anew)? */
static bool instance_alive(const struct shim_device *dev, const struct stat *at_start)
{
	char path[PATH_MAX];
	struct stat st;
	shim_instance_path(&dev->inst, path, sizeof(path), "/state");
	return shim_real.fstatat(AT_FDCWD, path, &st, 0) == 0 && st.st_ino == at_start->st_ino &&
	       st.st_dev == at_start->st_dev;
}

static void device_process_main(void)
{
	shim_ensure_real();
	shim_log_init();
	struct shim_device *dev = shim_device_get();
	if (!dev)
		_exit(1);
	char path[PATH_MAX];
	shim_instance_path(&dev->inst, path, sizeof(path), "/device.lock");
	int lock_fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (lock_fd < 0 || flock(lock_fd, LOCK_EX | LOCK_NB) < 0)
		_exit(0);		/* another one watches this instance */
	shim_access_fchmod(&dev->inst.access, lock_fd, 0600);
	struct stat state_st;
	shim_instance_path(&dev->inst, path, sizeof(path), "/state");
	if (shim_real.fstatat(AT_FDCWD, path, &state_st, 0) < 0)
		_exit(1);

	struct sockaddr_un sa;
	if (socket_path(dev, &sa))
		_exit(1);
	unlink(sa.sun_path);		/* left by a device process that died */
	int listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (listen_fd < 0 || bind(listen_fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    listen(listen_fd, 128) < 0)
		_exit(1);
	/* Clients of a shared instance (base/instance_access.h) must be able to connect. */
	shim_access_chmod(&dev->inst.access, sa.sun_path, 0600);
	int ep = epoll_create1(EPOLL_CLOEXEC);
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0 };	/* client ids start at 1 */
	if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, listen_fd, &ev) < 0)
		_exit(1);

	/* The device process is a client too: what it adopts is recorded as its own. */
	shim_device_lock(dev);
	client_id = SHIM_INC(dev->shared->next_client);
	client_record = record_create(dev, client_id);
	shim_device_unlock(dev);
	registered_pid = shim_getpid();

	uint64_t idle_since = now_ms();
	for (;;) {
		struct epoll_event events[16];
		int n = epoll_wait(ep, events, 16, 200);
		for (int i = 0; i < n; i++) {
			if (events[i].data.u64 == 0)
				accept_client(dev, listen_fd, ep);
			else
				client_exited(dev, ep, events[i].data.u64);
		}
		bool busy = nwatched || (shim_drv->engines_busy && shim_drv->engines_busy());
		uint64_t now = now_ms();
		if (busy)
			idle_since = now;
		if ((!busy && now - idle_since >= 1000) || !instance_alive(dev, &state_st)) {
			/* Whoever registers next starts a new one; the socket must not outlive us. */
			unlink(sa.sun_path);
			_exit(0);
		}
	}
}

__attribute__((constructor)) static void device_process_entry(void)
{
	const char *dir = getenv("I915_SHIM_DEVICE_PROCESS");
	if (!dir || !*dir)
		return;
	unsetenv("I915_SHIM_DEVICE_PROCESS");
	unsetenv("LD_PRELOAD");
	device_process_main();
}
