/* SPDX-License-Identifier: MIT */
/*
 * The emulated devices: one static, read-only description per supported PCI
 * id. I915_SHIM_DEVID picks one (default 0x1912, Skylake GT2); everything
 * that differs between generations reads it from here.
 */
#ifndef SHIM_DEVICE_MODEL_H
#define SHIM_DEVICE_MODEL_H

#include <stdint.h>

enum shim_engine_class {
	SHIM_ENGINE_RENDER = 0,
	SHIM_ENGINE_COPY = 1,
	SHIM_ENGINE_VIDEO = 2,
	SHIM_ENGINE_VIDEO_ENHANCE = 3,
};

struct shim_device_model {
	uint16_t devid;
	uint8_t gen;
	uint8_t revision;
	const char *codename;		/* "skl" */
	const char *marketing_name;	/* "Skylake GT2" */
	uint8_t has_llc;
	uint8_t has_snoop;		/* CPU-cached objects are coherent without an LLC */
	uint8_t has_bsd, has_bsd2, has_blt, has_vebox;
	uint8_t ppgtt_type;		/* 0 none, 1 aliasing, 2 full (HAS_ALIASING_PPGTT) */
	uint8_t ppgtt_bits;		/* 32 or 48 */
	uint8_t has_logical_contexts;
	uint8_t has_edram;
	uint8_t num_fences;
	uint16_t cursor_size;		/* DRM_CAP_CURSOR_WIDTH/HEIGHT */
	uint8_t async_flip;		/* DRM_CAP_ASYNC_PAGE_FLIP */
	uint8_t cmd_parser_version;	/* 0 when no engine parses */
	uint8_t slice_mask, subslice_mask;
	uint8_t subslice_total, eu_total;
	uint8_t has_pooled_eu, min_eu_in_pool;
	uint32_t cs_timestamp_hz;
	uint64_t ggtt_size;		/* GET_APERTURE aper_size */
	uint64_t mappable_size;		/* PCI BAR 2 */
	uint32_t pci_class;		/* 0x030000 */
	uint16_t subsystem_vendor, subsystem_device;
};

/* Can the GPU see CPU-cached pages (an LLC, or snooping)? Else no CACHED objects, no userptr. */
static inline int shim_model_cpu_cache_coherent(const struct shim_device_model *m)
{
	return m->has_llc || m->has_snoop;
}

/*
 * The PCI function's BARs, as the kernel's sysfs "resource" file lists them: the
 * generation's layout (the sizes lspci shows on such parts). Gen3: MMADR (BAR 0, 512 KiB of
 * registers), an I/O BAR 1, GMADR (BAR 2, the aperture) and GTTADR (BAR 3, the GTT). Gen4+:
 * GTTMMADR (BAR 0, 64-bit: the registers then the GTT; 1 MiB on gen4, 4 MiB on gen5-7,
 * 16 MiB from gen8), GMADR (BAR 2, 64-bit prefetchable) and an I/O BAR 4.
 */
struct shim_pci_bar {
	uint64_t start, size;		/* size 0: no such BAR */
	uint64_t flags;			/* the kernel's resource flags (IORESOURCE_*, the BAR's low bits) */
};
#define SHIM_PCI_BARS 6
#define SHIM_IORESOURCE_IO 0x100u
#define SHIM_IORESOURCE_MEM 0x200u
#define SHIM_IORESOURCE_PREFETCH 0x2000u
#define SHIM_IORESOURCE_MEM_64 0x100000u
void shim_model_pci_bars(const struct shim_device_model *m, struct shim_pci_bar bars[SHIM_PCI_BARS]);

/* The BAR the registers are in, and how much of its start they fill: what i915 maps as its
 * registers (512 KiB before gen5, 2 MiB from gen5). */
#define SHIM_MMIO_BAR 0
static inline uint64_t shim_model_mmio_size(const struct shim_device_model *m)
{
	return m->gen >= 5 ? 2u << 20 : 512u << 10;
}

/* The model for devid, or NULL when the id is not one we emulate. */
const struct shim_device_model *shim_device_model_find(unsigned devid);
/* The model chosen by I915_SHIM_DEVID (default Skylake GT2), or NULL. */
const struct shim_device_model *shim_device_model_from_env(void);
/* All models, terminated by an entry with devid 0. */
extern const struct shim_device_model shim_device_models[];

#endif
