/* SPDX-License-Identifier: MIT */
/*
 * The device's registers as the CPU sees them through the MMIO BAR (the
 * kernel's intel_uncore.c is the driver's side of the same registers), and
 * the one clock every engine's TIMESTAMP counts.
 *
 * Live registers, computed on every read:
 *  - each engine's TIMESTAMP, its MMIO base + 0x358 (low dword) and + 0x35c
 *    (high dword), gen4+, for the engines the model has (render, copy, video,
 *    the second video engine of gen8/9, video enhancement): ticks of
 *    CS_TIMESTAMP_FREQUENCY on CLOCK_MONOTONIC, the very clock
 *    MI_STORE_REGISTER_MEM of TIMESTAMP stores (gt/command_streamer.c) and
 *    REG_READ answers (i915_gem_context.c), so what the CPU reads and what a
 *    batch stores agree. A 64-bit load at + 0x358 reads both dwords at once.
 *    Stores to them are dropped: the clock runs on.
 * Everything else in the register range (the first shim_model_mmio_size
 * bytes of the BAR) is a plain store: what is written is kept and read back,
 * a register never written reads 0. Not modelled: reset values, forcewake,
 * side effects (writing a ring register moves no ring), and the registers a
 * batch loads, which are the batch's own (gt/command_streamer.c). The rest of
 * the BAR (the GTT behind the registers on gen4+) is not served: its
 * accesses fault (base/mmio_trap.h says so once).
 *
 * The store is device-wide, as registers are: the file "registers" in the
 * instance directory, mmio_size bytes with its space reserved when it is
 * made (so a store never meets a full tmpfs), mapped shared by each process
 * the first time it maps the BAR and kept until exit. Its stores are single
 * atomic stores made without the device lock and outside the undo journal:
 * they come from a signal handler, where the lock may not be taken, and a
 * register store has nothing to undo (it happened whole or not at all, as on
 * hardware). Two processes storing to one register: one of them wins.
 *
 * Every access is a trapped fault (base/mmio_trap.h), a signal: a few
 * microseconds each. mmio_access runs in that handler: async-signal-safe,
 * no lock. Calls base, hw and the i915 engines' bases.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/instance.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "hwdefs/intel_commands.h"
#include "i915/gt/intel_engine.h"
#include "i915/intel_uncore.h"

/* This process's mapping of the instance's register file (NULL until the BAR is mapped). */
static uint8_t *regs;
static uint64_t regs_size;
static pthread_mutex_t regs_lock = PTHREAD_MUTEX_INITIALIZER;

uint64_t intel_uncore_timestamp(const struct shim_device_model *m)
{
	uint64_t hz = m->cs_timestamp_hz ? m->cs_timestamp_hz : 12500000;
	return (uint64_t)((unsigned __int128)shim_now_ns() * hz / 1000000000u);
}

/* Is the byte at offset part of an engine's TIMESTAMP? *at: where that 8-byte register starts. */
static bool in_timestamp(const struct shim_device_model *m, uint64_t offset, uint64_t *at)
{
	uint64_t rel = offset & 0xfff, base = offset - rel;
	if (m->gen < 4 || rel < INTEL_RING_TIMESTAMP || rel >= INTEL_RING_TIMESTAMP + 8)
		return false;
	bool engine = base == intel_engine_mmio_base(m->gen, SHIM_ENGINE_RENDER) ||
		      (m->has_blt && base == intel_engine_mmio_base(m->gen, SHIM_ENGINE_COPY)) ||
		      (m->has_bsd && base == intel_engine_mmio_base(m->gen, SHIM_ENGINE_VIDEO)) ||
		      (m->has_bsd2 && m->gen < 11 && base == INTEL_GEN8_BSD2_RING_BASE) ||
		      (m->has_vebox && base == intel_engine_mmio_base(m->gen, SHIM_ENGINE_VIDEO_ENHANCE));
	*at = base + INTEL_RING_TIMESTAMP;
	return engine;
}

int intel_uncore_mmio_map(struct shim_device *dev, uint64_t offset, size_t len)
{
	(void)offset;
	(void)len;	/* the whole register file serves every mapping */
	if (__atomic_load_n(&regs, __ATOMIC_ACQUIRE))
		return 0;
	uint64_t size = shim_model_mmio_size(dev->model);
	char path[PATH_MAX];
	shim_instance_path(&dev->inst, path, sizeof(path), "/registers");
	int ret = 0;
	shim_mutex_lock(&regs_lock);
	if (!regs) {
		/* Made once per instance by whichever process maps the BAR first; its maker gives
		 * it the instance's mode and reserves its space. */
		int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		bool made = fd >= 0;
		if (!made && errno == EEXIST)
			fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			ret = -errno;
		if (!ret && made)
			ret = shim_access_fchmod(&dev->inst.access, fd, 0600);
		struct stat st;
		if (!ret && shim_real.fstat(fd, &st) < 0)
			ret = -errno;
		if (!ret && (uint64_t)st.st_size < size) {
			/* A maker that died before sizing it leaves it short: whoever comes next does. */
			ret = posix_fallocate(fd, 0, (off_t)size);
			if (ret == EOPNOTSUPP || ret == ENOSYS || ret == EINVAL)
				ret = ftruncate(fd, (off_t)size) < 0 ? errno : 0;
			ret = -ret;
		}
		void *p = MAP_FAILED;
		if (!ret && (p = shim_real.mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED)
			ret = -errno;
		if (fd >= 0)
			shim_real.close(fd);
		if (!ret) {
			regs_size = size;
			__atomic_store_n(&regs, p, __ATOMIC_RELEASE);
		}
	}
	shim_mutex_unlock(&regs_lock);
	return ret;
}

/* Loads and stores of the file: naturally aligned ones whole, others a byte at a time (the
 * hardware's own registers are dwords; a program's odd access still gets its bytes). */
static uint64_t load(const uint8_t *p, unsigned size)
{
	if (!((uintptr_t)p & (size - 1))) {
		switch (size) {
		case 1: return __atomic_load_n(p, __ATOMIC_RELAXED);
		case 2: return __atomic_load_n((const uint16_t *)(const void *)p, __ATOMIC_RELAXED);
		case 4: return __atomic_load_n((const uint32_t *)(const void *)p, __ATOMIC_RELAXED);
		case 8: return __atomic_load_n((const uint64_t *)(const void *)p, __ATOMIC_RELAXED);
		}
	}
	uint64_t v = 0;
	for (unsigned i = 0; i < size; i++)
		v |= (uint64_t)__atomic_load_n(p + i, __ATOMIC_RELAXED) << (8 * i);
	return v;
}

static void store(uint8_t *p, unsigned size, uint64_t v)
{
	if (!((uintptr_t)p & (size - 1))) {
		switch (size) {
		case 1: __atomic_store_n(p, (uint8_t)v, __ATOMIC_RELAXED); return;
		case 2: __atomic_store_n((uint16_t *)(void *)p, (uint16_t)v, __ATOMIC_RELAXED); return;
		case 4: __atomic_store_n((uint32_t *)(void *)p, (uint32_t)v, __ATOMIC_RELAXED); return;
		case 8: __atomic_store_n((uint64_t *)(void *)p, v, __ATOMIC_RELAXED); return;
		}
	}
	for (unsigned i = 0; i < size; i++)
		__atomic_store_n(p + i, (uint8_t)(v >> (8 * i)), __ATOMIC_RELAXED);
}

bool intel_uncore_mmio_access(struct shim_device *dev, uint64_t offset, unsigned size, bool st,
			      uint64_t *value)
{
	uint8_t *r = __atomic_load_n(&regs, __ATOMIC_ACQUIRE);
	const struct shim_device_model *m = dev->model;
	if (!r || offset >= regs_size || size > regs_size - offset)
		return false;
	uint64_t at;
	bool live = false;
	for (unsigned i = 0; i < size && !live; i++)
		live = in_timestamp(m, offset + i, &at);
	if (!live) {
		if (st)
			store(r + offset, size, *value);
		else
			*value = load(r + offset, size);
		return true;
	}
	/* Some bytes are a TIMESTAMP's: those come from the clock, and stores skip them. */
	uint64_t now = st ? 0 : intel_uncore_timestamp(m), v = 0;
	for (unsigned i = 0; i < size; i++) {
		bool clock = in_timestamp(m, offset + i, &at);
		if (st) {
			if (!clock)
				store(r + offset + i, 1, *value >> (8 * i));
		} else {
			uint64_t byte = clock ? now >> (8 * (offset + i - at)) : load(r + offset + i, 1);
			v |= (byte & 0xff) << (8 * i);
		}
	}
	if (!st)
		*value = v;
	return true;
}
