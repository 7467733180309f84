/* SPDX-License-Identifier: MIT */
/*
 * PREAD/PWRITE payloads in memory the kernel cannot use (uapi-conformance
 * §13, PR5): unmapped, PROT_NONE, read-only as a pread target, a file
 * mapping past the end of its file, a range that goes bad half-way. The
 * kernel's copy_from_user/copy_to_user find the bad page and the ioctl fails
 * with EFAULT; the process never sees a signal, and its own SIGSEGV handler
 * is still in place and still called for its own faults. Big payloads are
 * used on purpose: they are the ones an emulator is tempted to copy with a
 * plain memcpy; small ones too with process_vm_readv/writev denied by a
 * seccomp filter, which an emulator may lean on for them. Only
 * open/ioctl/mmap (and prctl for the filter): the same binary runs on a real
 * kernel.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tests/i915/i915_test.h"

#define BIG (1u << 20)

static char *map_anon(size_t len, int prot)
{
	char *p = mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(p != MAP_FAILED);
	return p;
}

/* A big pwrite from, and pread into, memory that is not there. */
TEST(unmapped_is_efault)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	char *p = map_anon(BIG, PROT_READ | PROT_WRITE);
	ASSERT_OK(gem_pwrite(fd, h, 0, p, BIG));	/* whatever the driver maps on first use is mapped now */
	munmap(p, BIG);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, p, BIG), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, p, BIG), EFAULT);
	close(fd);
}

/* A NULL pointer with a big payload: page 0 is not mapped, EFAULT both ways. */
TEST(null_is_efault)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, NULL, BIG), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, NULL, BIG), EFAULT);
	close(fd);
}

/* PROT_NONE pages are mapped but unreadable: EFAULT both ways. */
TEST(prot_none_is_efault)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	char *p = map_anon(BIG, PROT_NONE);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, p, BIG), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, p, BIG), EFAULT);
	munmap(p, BIG);
	close(fd);
}

/* Read-only memory is a fine pwrite source and a bad pread target. */
TEST(read_only_memory)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	char *p = map_anon(BIG, PROT_READ | PROT_WRITE);
	memset(p, 0x5a, BIG);
	ASSERT_EQ(mprotect(p, BIG, PROT_READ), 0);
	ASSERT_OK(gem_pwrite(fd, h, 0, p, BIG));
	ASSERT_ERRNO(gem_pread(fd, h, 0, p, BIG), EFAULT);
	char *back = map_anon(BIG, PROT_READ | PROT_WRITE);
	ASSERT_OK(gem_pread(fd, h, 0, back, BIG));
	ASSERT_EQ(memcmp(back, p, BIG), 0);
	munmap(p, BIG);
	munmap(back, BIG);
	close(fd);
}

/* Good for half the range, then a hole: still EFAULT, and the object is still usable. */
TEST(range_that_goes_bad_half_way)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	char *p = map_anon(BIG, PROT_READ | PROT_WRITE);
	memset(p, 1, BIG);
	ASSERT_EQ(munmap(p + BIG / 2, 4096), 0);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, p, BIG), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, p, BIG), EFAULT);
	ASSERT_OK(gem_pwrite(fd, h, 0, p, BIG / 2));
	ASSERT_OK(gem_pread(fd, h, 0, p, BIG / 2));
	munmap(p, BIG);
	close(fd);
}

/* A file mapping past the end of its file raises SIGBUS in user space; the ioctl says EFAULT. */
TEST(file_mapping_past_eof)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	int file = memfd_create("short", MFD_CLOEXEC);
	ASSERT(file >= 0);
	ASSERT_EQ(ftruncate(file, 4096), 0);
	char *p = mmap(NULL, BIG, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0);
	ASSERT(p != MAP_FAILED);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, p, BIG), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, p, BIG), EFAULT);
	ASSERT_OK(gem_pwrite(fd, h, 0, p, 4096));
	munmap(p, BIG);
	close(file);
	close(fd);
}

static sigjmp_buf own_jmp;
static volatile sig_atomic_t own_calls;

static void own_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	own_calls++;
	siglongjmp(own_jmp, 1);
}

/* The program's SIGSEGV handler is not replaced, and not called for faults inside the ioctl. */
TEST(own_sigsegv_handler_survives)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	struct sigaction sa = { .sa_sigaction = own_handler, .sa_flags = SA_SIGINFO }, cur;
	sigemptyset(&sa.sa_mask);
	ASSERT_EQ(sigaction(SIGSEGV, &sa, NULL), 0);
	char *p = map_anon(BIG, PROT_NONE);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, p, BIG), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, p, BIG), EFAULT);
	ASSERT_EQ(own_calls, 0);
	ASSERT_EQ(sigaction(SIGSEGV, NULL, &cur), 0);
	ASSERT((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == own_handler);
	if (sigsetjmp(own_jmp, 1) == 0)
		raise(SIGSEGV);		/* and our own SIGSEGV reaches it (not a real fault: memcheck would report it) */
	ASSERT_EQ(own_calls, 1);
	munmap(p, BIG);
	close(fd);
}

struct copier {
	int fd;
	uint32_t handle;
	char *good, *bad;
	int errors;
};

static void *copy_loop(void *arg)
{
	struct copier *c = arg;
	for (int i = 0; i < 200; i++) {
		if (gem_pwrite(c->fd, c->handle, 0, c->good, BIG / 4) != 0)
			c->errors++;
		if (gem_pwrite(c->fd, c->handle, 0, c->bad, BIG / 4) != -1 || errno != EFAULT)
			c->errors++;
		if (gem_pread(c->fd, c->handle, 0, c->good, BIG / 4) != 0)
			c->errors++;
	}
	return NULL;
}

/* Threads copying good and bad memory at once each get their own answer, and the SIGSEGV
 * action the program had (none, or a sanitizer runtime's) is the one it has afterwards. */
TEST(threads_with_good_and_bad_pointers)
{
	int fd = i915_open();
	struct copier c[3];
	pthread_t t[3];
	struct sigaction before, cur;
	ASSERT_EQ(sigaction(SIGSEGV, NULL, &before), 0);	/* SIG_DFL, or a sanitizer's handler */
	char *bad = map_anon(BIG, PROT_NONE);
	for (int i = 0; i < 3; i++) {
		c[i] = (struct copier){ .fd = fd, .handle = gem_create(fd, BIG), .bad = bad,
					.good = map_anon(BIG, PROT_READ | PROT_WRITE) };
		ASSERT_EQ(pthread_create(&t[i], NULL, copy_loop, &c[i]), 0);
	}
	for (int i = 0; i < 3; i++) {
		ASSERT_EQ(pthread_join(t[i], NULL), 0);
		ASSERT_EQ(c[i].errors, 0);
		munmap(c[i].good, BIG);
	}
	ASSERT_EQ(sigaction(SIGSEGV, NULL, &cur), 0);		/* the program's handler is back */
	ASSERT((cur.sa_flags & SA_SIGINFO) == (before.sa_flags & SA_SIGINFO));
	ASSERT(cur.sa_flags & SA_SIGINFO ? cur.sa_sigaction == before.sa_sigaction
					 : cur.sa_handler == before.sa_handler);
	munmap(bad, BIG);
	close(fd);
}

/*
 * Small payloads (a page or less: what drivers pwrite most, and what the shim copies inside
 * its locked section). Write-only memory is a fine source and target: the kernel's
 * copy_from_user reads it (x86 pages cannot be write-only) though process_vm_readv, which
 * goes by the mapping's VM_READ, would refuse it. PROT_NONE, unmapped and (as a pread
 * target) read-only memory are EFAULT, and a failed copy leaves the object usable.
 */
TEST(small_payloads)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 4096);
	char *wo = map_anon(4096, PROT_READ | PROT_WRITE);
	memset(wo, 0x3c, 4096);
	ASSERT_EQ(mprotect(wo, 4096, PROT_WRITE), 0);
	char *none = map_anon(4096, PROT_NONE);
	char *ro = map_anon(4096, PROT_READ);
	char *gone = map_anon(4096, PROT_READ | PROT_WRITE);
	munmap(gone, 4096);
	static const size_t sizes[] = { 1, 64, 4095, 4096 };
	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t n = sizes[i];
		ASSERT_OK(gem_pwrite(fd, h, 0, wo, n));
		ASSERT_ERRNO(gem_pwrite(fd, h, 0, none, n), EFAULT);
		ASSERT_ERRNO(gem_pwrite(fd, h, 0, gone, n), EFAULT);
		ASSERT_ERRNO(gem_pread(fd, h, 0, none, n), EFAULT);
		ASSERT_ERRNO(gem_pread(fd, h, 0, gone, n), EFAULT);
		ASSERT_ERRNO(gem_pread(fd, h, 0, ro, n), EFAULT);
		ASSERT_OK(gem_pread(fd, h, 0, wo, n));	/* write-only: a fine target */
	}
	/* What went in from write-only memory came back whole. */
	char back[4096];
	ASSERT_OK(gem_pread(fd, h, 0, back, sizeof(back)));
	for (size_t i = 0; i < sizeof(back); i++)
		ASSERT_EQ(back[i], 0x3c);
	/* Half good, then a hole, inside one small copy: EFAULT; the good half alone works. */
	char *two = map_anon(8192, PROT_READ | PROT_WRITE);
	ASSERT_EQ(munmap(two + 4096, 4096), 0);
	ASSERT_ERRNO(gem_pwrite(fd, h, 0, two + 2048, 4096), EFAULT);
	ASSERT_ERRNO(gem_pread(fd, h, 0, two + 2048, 4096), EFAULT);
	ASSERT_OK(gem_pwrite(fd, h, 0, two + 2048, 2048));
	ASSERT_OK(gem_pread(fd, h, 0, two, 4096));
	munmap(two, 4096);
	munmap(wo, 4096);
	munmap(none, 4096);
	munmap(ro, 4096);
	close(fd);
}

/*
 * A seccomp filter, as common container profiles have, denying process_vm_readv (EPERM)
 * and process_vm_writev (ENOSYS) to this process from now on.
 */
static void deny_process_vm(void)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, 2, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
	};
	struct sock_fprog prog = { .len = ARRAY_SIZE(code), .filter = code };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		SKIP("no seccomp filters here: %s", strerror(errno));	/* external: the kernel's */
	char a = 1, b = 0;
	struct iovec l = { &b, 1 }, r = { &a, 1 };
	ASSERT_ERRNO(process_vm_readv(getpid(), &l, 1, &r, 1, 0), EPERM);
	ASSERT_ERRNO(process_vm_writev(getpid(), &l, 1, &r, 1, 0), ENOSYS);
}

/* With process_vm_readv/writev denied, bad pointers of every size are still EFAULT, never a signal. */
TEST(bad_pointers_without_process_vm)
{
	deny_process_vm();	/* before the device is first used */
	int fd = i915_open();
	uint32_t h = gem_create(fd, BIG);
	char *none = map_anon(BIG, PROT_NONE);
	char *ro = map_anon(4096, PROT_READ);
	char *gone = map_anon(4096, PROT_READ | PROT_WRITE);
	munmap(gone, 4096);
	static const size_t sizes[] = { 1, 32, 4095, 4096, BIG };
	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t n = sizes[i];
		ASSERT_ERRNO(gem_pwrite(fd, h, 0, NULL, n), EFAULT);
		ASSERT_ERRNO(gem_pwrite(fd, h, 0, none, n), EFAULT);
		ASSERT_ERRNO(gem_pread(fd, h, 0, none, n), EFAULT);
		if (n <= 4096) {
			ASSERT_ERRNO(gem_pwrite(fd, h, 0, gone, n), EFAULT);
			ASSERT_ERRNO(gem_pread(fd, h, 0, ro, n), EFAULT);
		}
	}
	/* The ioctl's own argument, too. */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, (void *)none), EFAULT);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, (void *)gone), EFAULT);
	/* Good memory still works, both ways. */
	char buf[32] = "good", back[32] = "";
	ASSERT_OK(gem_pwrite(fd, h, 0, buf, sizeof(buf)));
	ASSERT_OK(gem_pread(fd, h, 0, back, sizeof(back)));
	ASSERT(!strcmp(back, "good"));
	munmap(none, BIG);
	munmap(ro, 4096);
	close(fd);
}

TEST_MAIN(T(unmapped_is_efault), T(null_is_efault), T(prot_none_is_efault), T(read_only_memory),
	  T(range_that_goes_bad_half_way), T(file_mapping_past_eof), T(own_sigsegv_handler_survives),
	  T(threads_with_good_and_bad_pointers), T(small_payloads),
	  T(bad_pointers_without_process_vm))
