/* SPDX-License-Identifier: MIT */
/*
 * The GPU's registers through its MMIO BAR: the PCI device's sysfs files
 * "resource" and "resource0" (doc/uapi-conformance.md §25a, rows MB1-MB12),
 * as intel_reg and IGT's benchmarks use them through libpciaccess. The render
 * TIMESTAMP read from the CPU counts at CS_TIMESTAMP_FREQUENCY and is the
 * clock REG_READ answers and MI_STORE_REGISTER_MEM stores; the mapping obeys
 * its protection, mprotect and munmap. Kernel-agnostic: on a real i915 these
 * need root (the files are root's, mode 0600) and skip otherwise; they write
 * no register there. The tests marked "shim only" check the shim's register
 * file (a plain store, device-wide) and its trap of each access: every
 * x86-64 move form it emulates, and that any other instruction is the
 * program's SIGSEGV, never skipped.
 */
#define _GNU_SOURCE
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include "tests/i915/i915_test.h"
#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif

#define RENDER_TIMESTAMP (INTEL_RENDER_RING_BASE + INTEL_RING_TIMESTAMP)
#define SCRATCH_PAGE 0x4000u	/* registers the shim keeps as plain storage (shim-only tests) */

static const long page_size = 4096;

/* The PCI device behind a DRM fd: /sys/dev/char/<major>:<minor>/device/<name>. */
static void device_file(int fd, const char *name, char *out, size_t len)
{
	struct stat st;
	ASSERT_OK(fstat(fd, &st));
	snprintf(out, len, "/sys/dev/char/%u:%u/device/%s", major(st.st_rdev), minor(st.st_rdev), name);
}

/* BAR i's line of the "resource" file: start, end, flags. */
static void resource_line(int fd, unsigned i, uint64_t *start, uint64_t *size, uint64_t *flags)
{
	char path[128], text[2048];
	device_file(fd, "resource", path, sizeof(path));
	int r = open(path, O_RDONLY | O_CLOEXEC);
	if (r < 0)
		SKIP_MISSING("%s: %s", path, strerror(errno));
	ssize_t n = read(r, text, sizeof(text) - 1);
	close(r);
	ASSERT(n > 0);
	text[n] = 0;
	char *p = text;
	unsigned long long s = 0, e = 0, f = 0;
	for (unsigned k = 0; k <= i; k++) {
		ASSERT_EQ(sscanf(p, "%llx %llx %llx", &s, &e, &f), 3);
		p = strchr(p, '\n');
		ASSERT(p);
		p++;
	}
	*start = s;
	*size = s ? e - s + 1 : 0;
	*flags = f;
}

/* BAR 0's file opened with flags; skips without root on a real kernel. */
static int open_resource0(int fd, int flags)
{
	/* Known: under memcheck the shim's trapped register accesses come out wrong (values and
	 * the interrupted registers), and memcheck reports each as an invalid access. */
	if (RUNNING_ON_VALGRIND)
		SKIP("the BAR's trapped accesses are not right under valgrind yet");
	char path[128];
	device_file(fd, "resource0", path, sizeof(path));
	int r = open(path, flags | O_CLOEXEC);
	if (r < 0 && (errno == EACCES || errno == EPERM) && !shim_present())
		SKIP("%s is root's", path);
	if (r < 0)
		SKIP_MISSING("%s: %s", path, strerror(errno));
	return r;
}

/* [off, off+len) of BAR 0, shared, with prot; the fd is closed, as libpciaccess does. */
static volatile uint8_t *map_bar0(int fd, uint64_t off, size_t len, int prot)
{
	int r = open_resource0(fd, prot & PROT_WRITE ? O_RDWR : O_RDONLY);
	void *p = mmap(NULL, len, prot, MAP_SHARED, r, (off_t)off);
	if (p == MAP_FAILED)
		TEST_FAIL("mmap of resource0 at 0x%llx: %s", (unsigned long long)off, strerror(errno));
	close(r);
	return p;
}

/* The render TIMESTAMP's low dword, mapped read-only. */
static volatile uint32_t *map_timestamp(int fd)
{
	volatile uint8_t *p = map_bar0(fd, RENDER_TIMESTAMP & ~(page_size - 1), page_size, PROT_READ);
	return (volatile uint32_t *)(p + (RENDER_TIMESTAMP & (page_size - 1)));
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { 0, (long)ms * 1000000 };
	nanosleep(&ts, NULL);
}

/*
 * Runs fn(arg) in a child with no handler for SIGSEGV (and no core file): the signal that
 * ended it, or 0 when fn returned. A child that hangs is killed by its alarm (SIGALRM).
 */
static int child_signal(void (*fn)(volatile void *), volatile void *arg)
{
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };
		setrlimit(RLIMIT_CORE, &no_core);
		signal(SIGSEGV, SIG_DFL);
		alarm(20);
		fn(arg);
		_exit(0);
	}
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

static void load32(volatile void *p)
{
	(void)*(volatile uint32_t *)p;
}

static void store32(volatile void *p)
{
	*(volatile uint32_t *)p = 0;
}

/* Held open, i915_forcewake_user keeps the GT awake so that reads of its registers are live
 * (IGT's intel_register_access_init does the same); -1 where it cannot be opened. */
static int hold_forcewake(void)
{
	return i915_debugfs_open("i915_forcewake_user", O_RDONLY);
}

/* MB1, MB2: "resource" lists BAR 0, the registers' memory BAR, at least 512 KiB, and
 * resource0 stats as long as the BAR. */
TEST(resource_files_describe_bar0)
{
	int fd = i915_open();
	uint64_t start, size, flags;
	resource_line(fd, 0, &start, &size, &flags);
	ASSERT(start != 0);
	ASSERT(size >= 512 * 1024);
	ASSERT_EQ(size & (size - 1), 0);		/* a BAR is a power of two */
	ASSERT(flags & 0x200);				/* IORESOURCE_MEM */
	ASSERT(!(flags & 0x2000));			/* not prefetchable: registers */
	char path[128];
	struct stat st;
	device_file(fd, "resource0", path, sizeof(path));
	if (stat(path, &st))
		SKIP_MISSING("%s: %s", path, strerror(errno));
	ASSERT(S_ISREG(st.st_mode));
	ASSERT_EQ((uint64_t)st.st_size, size);
	close(fd);
}

/* MB3, MB5: the render TIMESTAMP read through the BAR counts at CS_TIMESTAMP_FREQUENCY. */
TEST(timestamp_counts_at_cs_frequency)
{
	int fd = i915_open();
	int hz = 0;
	struct drm_i915_getparam gp = { .param = I915_PARAM_CS_TIMESTAMP_FREQUENCY, .value = &hz };
	if (ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) || hz <= 0)
		SKIP_DEVICE("no CS_TIMESTAMP_FREQUENCY (gen6+)");
	int fw = hold_forcewake();
	volatile uint32_t *ts = map_timestamp(fd);
	uint64_t c0 = now_ns();
	uint32_t t0 = *ts;
	uint64_t c1 = now_ns();
	sleep_ms(10);
	uint64_t c2 = now_ns();
	uint32_t t1 = *ts;
	uint64_t c3 = now_ns();
	uint64_t ticks = (uint32_t)(t1 - t0);		/* 32 bits: wraps every few minutes */
	uint64_t least = (c2 - c1) * (uint64_t)hz / 1000000000u, most = (c3 - c0) * (uint64_t)hz / 1000000000u;
	printf("# %llu ticks in %llu..%llu\n", (unsigned long long)ticks, (unsigned long long)least,
	       (unsigned long long)most);
	ASSERT(ticks + 2 + least / 1000 >= least);	/* a tick and 0.1% of the two clocks' drift */
	ASSERT(ticks <= most + 2 + most / 1000);
	if (fw >= 0)
		close(fw);
	close(fd);
}

/* MB4: the CPU's read and REG_READ's (RR1) are one clock: a BAR read taken between two
 * REG_READs lies between them. */
TEST(bar_reads_the_clock_reg_read_answers)
{
	int fd = i915_open();
	if (i915_gen(fd) < 4)
		SKIP_DEVICE("TIMESTAMP is gen4+");
	int fw = hold_forcewake();
	volatile uint32_t *ts = map_timestamp(fd);
	for (int i = 0; i < 16; i++) {
		struct drm_i915_reg_read before = { .offset = RENDER_TIMESTAMP }, after = before;
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &before));
		uint32_t cpu = *ts;
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &after));
		uint32_t lo = (uint32_t)before.val, hi = (uint32_t)after.val;
		ASSERT((uint32_t)(cpu - lo) <= (uint32_t)(hi - lo));
	}
	if (fw >= 0)
		close(fw);
	close(fd);
}

/* MB4 (MI11): what a batch stores with MI_STORE_REGISTER_MEM of TIMESTAMP lies between BAR
 * reads taken before the submission and after its completion (gem_latency's measure). */
TEST(bar_reads_the_clock_batches_store)
{
	int fd = i915_open_gen8();
	int fw = hold_forcewake();
	volatile uint32_t *ts = map_timestamp(fd);
	uint32_t data = gem_create(fd, 4096);
	const uint32_t cmds[] = { MI_STORE_REGISTER_MEM_GEN8, RENDER_TIMESTAMP, 0x200000, 0,
				  MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, cmds, sizeof(cmds));
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = data, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = 0x200000 },
		{ .handle = batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x100000 },
	};
	for (int i = 0; i < 8; i++) {
		uint32_t before = *ts;
		ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_RENDER, 0));
		gem_wait(fd, batch);
		uint32_t after = *ts, gpu;
		ASSERT_OK(gem_pread(fd, data, 0, &gpu, 4));
		ASSERT((uint32_t)(gpu - before) <= (uint32_t)(after - before));
	}
	if (fw >= 0)
		close(fw);
	close(fd);
}

/* MB3: resource0 opened relative to the device's directory maps the same registers. */
TEST(relative_open_maps_the_bar)
{
	int fd = i915_open();
	if (i915_gen(fd) < 4)
		SKIP_DEVICE("TIMESTAMP is gen4+");
	if (RUNNING_ON_VALGRIND)
		SKIP("the BAR's trapped accesses are not right under valgrind yet");
	char dir[128];
	device_file(fd, ".", dir, sizeof(dir));
	int d = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (d < 0)
		SKIP_MISSING("%s: %s", dir, strerror(errno));
	int r = openat(d, "resource0", O_RDONLY | O_CLOEXEC);
	if (r < 0 && (errno == EACCES || errno == EPERM) && !shim_present())
		SKIP("resource0 is root's");
	ASSERT(r >= 0);
	int fw = hold_forcewake();
	volatile uint8_t *p = mmap(NULL, page_size, PROT_READ, MAP_SHARED, r, INTEL_RENDER_RING_BASE);
	ASSERT(p != MAP_FAILED);
	volatile uint32_t *ts = (volatile uint32_t *)(p + INTEL_RING_TIMESTAMP);
	struct drm_i915_reg_read before = { .offset = RENDER_TIMESTAMP }, after = before;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &before));
	uint32_t cpu = *ts;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_REG_READ, &after));
	ASSERT((uint32_t)(cpu - (uint32_t)before.val) <= (uint32_t)(after.val - before.val));
	if (fw >= 0)
		close(fw);
	close(r);
	close(d);
	close(fd);
}

/* MB6: a read-only mapping refuses stores: the store is a SIGSEGV, and reaches no register. */
TEST(read_only_mapping_faults_on_store)
{
	int fd = i915_open();
	volatile uint32_t *ts = map_timestamp(fd);
	ASSERT_EQ(child_signal(load32, ts), 0);
	ASSERT_EQ(child_signal(store32, ts), SIGSEGV);
	close(fd);
}

/* MB7: mmap as pci_mmap_resource checks it: whole pages inside the BAR (EINVAL), a page-aligned
 * offset (EINVAL), a shared writable map of a read-only fd (EACCES). */
TEST(mmap_is_checked)
{
	int fd = i915_open();
	uint64_t start, size, flags;
	resource_line(fd, 0, &start, &size, &flags);
	int r = open_resource0(fd, O_RDONLY);
	ASSERT(mmap(NULL, page_size, PROT_READ, MAP_SHARED, r, (off_t)size) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, 2 * page_size, PROT_READ, MAP_SHARED, r, (off_t)(size - page_size)) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, page_size, PROT_READ, MAP_SHARED, r, 100) == MAP_FAILED);
	ASSERT_EQ(errno, EINVAL);
	ASSERT(mmap(NULL, page_size, PROT_READ | PROT_WRITE, MAP_SHARED, r, 0) == MAP_FAILED);
	ASSERT_EQ(errno, EACCES);
	void *last = mmap(NULL, page_size, PROT_READ, MAP_SHARED, r, (off_t)(size - page_size));
	ASSERT(last != MAP_FAILED);
	ASSERT_OK(munmap(last, page_size));
	close(r);
	close(fd);
}

/* MB8: the mapping follows mprotect (libpciaccess's MTRR path turns it PROT_NONE and back)
 * and munmap: no access after PROT_NONE or munmap, reads again after PROT_READ. */
TEST(mapping_follows_mprotect_and_munmap)
{
	int fd = i915_open();
	volatile uint32_t *ts = map_timestamp(fd);
	void *page = (void *)((uintptr_t)ts & ~(uintptr_t)(page_size - 1));
	ASSERT_OK(mprotect(page, page_size, PROT_NONE));
	ASSERT_EQ(child_signal(load32, ts), SIGSEGV);
	ASSERT_OK(mprotect(page, page_size, PROT_READ));
	ASSERT_EQ(child_signal(load32, ts), 0);
	ASSERT_EQ(child_signal(store32, ts), SIGSEGV);
	ASSERT_OK(munmap(page, page_size));
	ASSERT_EQ(child_signal(load32, ts), SIGSEGV);
	close(fd);
}

/* MB9: IGT's register access opens debugfs i915_forcewake_user (root's) and holds it. */
TEST(forcewake_user_opens)
{
	int fd = i915_open();
	require_debugfs_root();
	int fw = hold_forcewake();
	if (fw < 0)
		SKIP_MISSING("debugfs i915_forcewake_user: %s", strerror(errno));
	close(fw);
	close(fd);
}

/* MB10, shim only: a register written through the BAR reads back, from another mapping and
 * from another process (registers are the device's); one never written reads 0; stores to
 * TIMESTAMP (gen4+) are dropped and its 64-bit read is both dwords. */
TEST(registers_are_kept_device_wide)
{
	REQUIRE_SHIM("writes registers");
	int fd = i915_open();
	volatile uint8_t *a = map_bar0(fd, SCRATCH_PAGE, page_size, PROT_READ | PROT_WRITE);
	volatile uint8_t *b = map_bar0(fd, SCRATCH_PAGE, page_size, PROT_READ | PROT_WRITE);
	ASSERT_EQ(*(volatile uint32_t *)(a + 0xff0), 0);
	*(volatile uint32_t *)(a + 0x10) = 0x12345678;
	ASSERT_EQ(*(volatile uint32_t *)(a + 0x10), 0x12345678);
	ASSERT_EQ(*(volatile uint32_t *)(b + 0x10), 0x12345678);
	ASSERT_EQ(*(volatile uint16_t *)(b + 0x12), 0x1234);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		*(volatile uint32_t *)(b + 0x14) = 0xabcd;
		_exit(*(volatile uint32_t *)(a + 0x10) == 0x12345678 ? 0 : 1);
	}
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(*(volatile uint32_t *)(a + 0x14), 0xabcd);
	if (i915_gen(fd) < 4) {		/* no TIMESTAMP before gen4 (RR1) */
		close(fd);
		return;
	}

	volatile uint8_t *ring = map_bar0(fd, INTEL_RENDER_RING_BASE, page_size, PROT_READ | PROT_WRITE);
	volatile uint32_t *lo = (volatile uint32_t *)(ring + INTEL_RING_TIMESTAMP);
	volatile uint32_t *hi = (volatile uint32_t *)(ring + INTEL_RING_TIMESTAMP_UDW);
	*lo = 0;
	*hi = 0;
	uint32_t h = *hi;
	uint64_t both = *(volatile uint64_t *)lo;
	ASSERT(h != 0);				/* the clock runs on: not the zeroes stored */
	ASSERT((uint32_t)(both >> 32) - h <= 1);
	close(fd);
}

#if defined(__x86_64__)
/* MB11, shim only: each move form the trap emulates, with the register semantics of the CPU:
 * 8- and 16-bit loads keep the register's other bits, 32-bit ones clear the upper half,
 * MOVZX zero-extends; AH..BH, REX registers, immediates, SIB operands. */
TEST(every_move_form_is_emulated)
{
	REQUIRE_SHIM("writes registers");
	int fd = i915_open();
	volatile uint8_t *p = map_bar0(fd, SCRATCH_PAGE, page_size, PROT_READ | PROT_WRITE) + 0x100;
	uint64_t v;

	/* 64-bit store from rax (REX.W), 64-bit load into r9 (REX.W REX.R). */
	asm volatile("movq %1, (%%rdi)\n\tmovq (%%rdi), %%r9\n\tmovq %%r9, %0"
		     : "=r"(v) : "a"(0x1122334455667788ull), "D"(p) : "r9", "memory");
	ASSERT_EQ(v, 0x1122334455667788ull);
	/* 32-bit load zero-extends; 16 and 8-bit loads keep the rest. */
	asm volatile("movq $-1, %%rax\n\tmovl (%%rdi), %%eax\n\tmovq %%rax, %0" : "=r"(v) : "D"(p) : "rax", "memory");
	ASSERT_EQ(v, 0x55667788ull);
	asm volatile("movq $-1, %%rax\n\tmovw (%%rdi), %%ax\n\tmovq %%rax, %0" : "=r"(v) : "D"(p) : "rax", "memory");
	ASSERT_EQ(v, 0xffffffffffff7788ull);
	asm volatile("movq $-1, %%rax\n\tmovb 1(%%rdi), %%al\n\tmovq %%rax, %0" : "=r"(v) : "D"(p) : "rax", "memory");
	ASSERT_EQ(v, 0xffffffffffffff77ull);
	asm volatile("movq $-1, %%rax\n\tmovb (%%rdi), %%ah\n\tmovq %%rax, %0" : "=r"(v) : "D"(p) : "rax", "memory");
	ASSERT_EQ(v, 0xffffffffffff88ffull);
	/* Byte stores from AH and (with REX) SIL; 16-bit store from CX. */
	asm volatile("movb %%ah, 8(%%rdi)" : : "a"(0x5a00ull), "D"(p) : "memory");
	asm volatile("movb %%sil, 9(%%rdi)" : : "S"(0x33ull), "D"(p) : "memory");
	asm volatile("movw %%cx, 10(%%rdi)" : : "c"(0xbeefull), "D"(p) : "memory");
	ASSERT_EQ(*(volatile uint32_t *)(p + 8), 0xbeef335a);
	/* Immediates: imm8, imm16, imm32, and imm32 sign-extended to 64 bits. */
	asm volatile("movl $0xcafef00d, 16(%%rdi)\n\tmovw $0x1234, 20(%%rdi)\n\tmovb $0x56, 22(%%rdi)\n\t"
		     "movq $-2, 24(%%rdi)" : : "D"(p) : "memory");
	ASSERT_EQ(*(volatile uint32_t *)(p + 16), 0xcafef00d);
	ASSERT_EQ(*(volatile uint32_t *)(p + 20), 0x00561234);
	ASSERT_EQ(*(volatile uint64_t *)(p + 24), 0xfffffffffffffffeull);
	/* MOVZX into 32 bits (zero-extends to 64), into r10d, into a 16-bit register, into 64. */
	asm volatile("movq $-1, %%rcx\n\tmovzbl 22(%%rdi), %%ecx\n\tmovq %%rcx, %0" : "=r"(v) : "D"(p) : "rcx", "memory");
	ASSERT_EQ(v, 0x56);
	asm volatile("movq $-1, %%r10\n\tmovzwl 20(%%rdi), %%r10d\n\tmovq %%r10, %0" : "=r"(v) : "D"(p) : "r10", "memory");
	ASSERT_EQ(v, 0x1234);
	asm volatile("movq $-1, %%rdx\n\tmovzbw 22(%%rdi), %%dx\n\tmovq %%rdx, %0" : "=r"(v) : "D"(p) : "rdx", "memory");
	ASSERT_EQ(v, 0xffffffffffff0056ull);
	asm volatile("movq $-1, %%rdx\n\tmovzbq 17(%%rdi), %%rdx\n\tmovq %%rdx, %0" : "=r"(v) : "D"(p) : "rdx", "memory");
	ASSERT_EQ(v, 0xf0);
	/* SIB: base + index * scale + displacement, with REX.B, REX.X and REX.R. */
	asm volatile("movq %1, %%r8\n\tmovq $2, %%r11\n\tmovl 4(%%r8,%%r11,8), %%r12d\n\tmovq %%r12, %0"
		     : "=r"(v) : "r"(p), "D"(p) : "r8", "r11", "r12", "memory");
	ASSERT_EQ(v, 0x00561234);		/* p + 4 + 16 */
	close(fd);
}

static sigjmp_buf fault_jmp;
static volatile uintptr_t fault_addr;
static volatile int faults;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = (uintptr_t)si->si_addr;
	faults++;
	siglongjmp(fault_jmp, 1);
}

static void add_to_register(volatile void *p)
{
	asm volatile("addl $1, (%0)" : : "r"(p) : "memory");
}

static void locked_increment(volatile void *p)
{
	asm volatile("lock incl (%0)" : : "r"(p) : "memory");
}

static void vector_load(volatile void *p)
{
	asm volatile("movdqu (%0), %%xmm0" : : "r"(p) : "xmm0", "memory");
}

static void string_copy(volatile void *p)
{
	uint32_t dst[2];
	void *d = dst;
	const volatile void *s = p;
	size_t n = sizeof(dst);
	asm volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

/* MB12, shim only: an instruction the trap does not emulate at a register is the program's
 * SIGSEGV at that address (its handler runs; without one the process dies of it), and the
 * instruction never ran: the register is unchanged. Never a hang, never a skip. */
TEST(other_instructions_are_the_programs_fault)
{
	REQUIRE_SHIM("the shim's trap");
	int fd = i915_open();
	volatile uint8_t *p = map_bar0(fd, SCRATCH_PAGE, page_size, PROT_READ | PROT_WRITE) + 0x200;
	volatile uint32_t *reg = (volatile uint32_t *)p;
	*reg = 41;
	struct sigaction sa = { .sa_sigaction = on_segv, .sa_flags = SA_SIGINFO };
	sigemptyset(&sa.sa_mask);
	ASSERT_OK(sigaction(SIGSEGV, &sa, NULL));
	void (*const insns[])(volatile void *) = { add_to_register, locked_increment, vector_load, string_copy };
	for (size_t i = 0; i < ARRAY_SIZE(insns); i++) {
		int before = faults;
		fault_addr = 0;
		if (!sigsetjmp(fault_jmp, 1))
			insns[i](p);
		ASSERT_EQ(faults, before + 1);
		ASSERT(fault_addr >= (uintptr_t)p && fault_addr < (uintptr_t)p + 16);
		ASSERT_EQ(*reg, 41);
	}
	signal(SIGSEGV, SIG_DFL);
	ASSERT_EQ(child_signal(add_to_register, p), SIGSEGV);
	ASSERT_EQ(child_signal(vector_load, p), SIGSEGV);
	ASSERT_EQ(*reg, 41);
	close(fd);
}
#endif

/* MB13, shim only: what the shim does not serve fails and says so: the rest of BAR 0 behind
 * the registers (the GTT) faults, another BAR does not map (ENOSYS); and a mapping put over
 * a BAR mapping is plain memory again. */
TEST(what_is_not_served_fails)
{
	REQUIRE_SHIM("the shim's limits");
	int fd = i915_open();
	uint64_t start, size, flags;
	resource_line(fd, 0, &start, &size, &flags);
	uint64_t regs = i915_gen(fd) >= 5 ? 2u << 20 : 512u << 10;
	if (size > regs) {
		volatile uint8_t *gtt = map_bar0(fd, regs, page_size, PROT_READ);
		ASSERT_EQ(child_signal(load32, gtt), SIGSEGV);
		ASSERT_OK(munmap((void *)gtt, page_size));
	}
	char path[128];
	device_file(fd, "resource2", path, sizeof(path));
	int r = open(path, O_RDWR | O_CLOEXEC);
	ASSERT(r >= 0);
	ASSERT(mmap(NULL, page_size, PROT_READ, MAP_SHARED, r, 0) == MAP_FAILED);
	ASSERT_EQ(errno, ENOSYS);
	close(r);

	volatile uint8_t *p = map_bar0(fd, SCRATCH_PAGE, page_size, PROT_READ);
	void *q = mmap((void *)p, page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ASSERT(q == (void *)p);
	*(volatile uint32_t *)q = 7;
	ASSERT_OK(mprotect(q, page_size, PROT_NONE));
	ASSERT_EQ(child_signal(load32, q), SIGSEGV);	/* plain PROT_NONE memory: no register behind */
	close(fd);
}

#if defined(__x86_64__)
#define X86_TESTS T(every_move_form_is_emulated), T(other_instructions_are_the_programs_fault),
#else
#define X86_TESTS
#endif

TEST_MAIN(T(resource_files_describe_bar0), T(timestamp_counts_at_cs_frequency),
	  T(bar_reads_the_clock_reg_read_answers), T(bar_reads_the_clock_batches_store),
	  T(relative_open_maps_the_bar), T(read_only_mapping_faults_on_store), T(mmap_is_checked), T(mapping_follows_mprotect_and_munmap),
	  T(forcewake_user_opens), T(registers_are_kept_device_wide), X86_TESTS
	  T(what_is_not_served_fails))
