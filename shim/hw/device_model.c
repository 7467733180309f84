/* SPDX-License-Identifier: MIT */
/*
 * The table of emulated devices. Values are those i915 reports for each part
 * (see doc/uapi-conformance.md §11 for Skylake GT2; the others follow the
 * same rules for their generation: no PPGTT before gen6, aliasing PPGTT on
 * gen6/7, full 48-bit from gen8, LLC on gen6+ big cores, a BCS command
 * parser version 10 on gen9 only, fences: 8 on gen3, 16 on gen4–6, 32 later;
 * the 965G alone can neither snoop nor share the LLC).
 */
#include "config.h"

#include <stdlib.h>

#include "hw/device_model.h"

#define GiB (1024ull * 1024 * 1024)
#define MiB (1024ull * 1024)

const struct shim_device_model shim_device_models[] = {
	{ .devid = 0x2772, .gen = 3, .has_snoop = 1, .revision = 2, .codename = "i945g", .marketing_name = "945G",
	  .ppgtt_type = 0, .ppgtt_bits = 32, .num_fences = 8, .cursor_size = 256,
	  .ggtt_size = 256 * MiB, .mappable_size = 256 * MiB },
	{ .devid = 0x29a2, .gen = 4, .revision = 2, .codename = "i965g", .marketing_name = "965G",
	  .ppgtt_type = 0, .ppgtt_bits = 32, .num_fences = 16,
	  .cursor_size = 256, .ggtt_size = 512 * MiB, .mappable_size = 256 * MiB },
	{ .devid = 0x0126, .gen = 6, .has_snoop = 1, .revision = 9, .codename = "snb", .marketing_name = "Sandybridge GT2",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .ppgtt_type = 1, .ppgtt_bits = 32,
	  .has_logical_contexts = 1, .num_fences = 16, .cursor_size = 256, .ggtt_size = 2 * GiB,
	  .mappable_size = 256 * MiB, .cs_timestamp_hz = 12500000, .eu_total = 12, .subslice_total = 1,
	  .slice_mask = 1, .subslice_mask = 1 },
	{ .devid = 0x0166, .gen = 7, .has_snoop = 1, .revision = 9, .codename = "ivb", .marketing_name = "Ivybridge GT2",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .ppgtt_type = 1, .ppgtt_bits = 32,
	  .has_logical_contexts = 1, .num_fences = 32, .cursor_size = 256, .ggtt_size = 2 * GiB,
	  .mappable_size = 256 * MiB, .cs_timestamp_hz = 12500000, .eu_total = 16, .subslice_total = 2,
	  .slice_mask = 1, .subslice_mask = 3 },
	{ .devid = 0x0416, .gen = 7, .has_snoop = 1, .revision = 6, .codename = "hsw", .marketing_name = "Haswell GT2",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .has_vebox = 1, .ppgtt_type = 1, .ppgtt_bits = 32,
	  .has_logical_contexts = 1, .num_fences = 32, .cursor_size = 256, .ggtt_size = 2 * GiB,
	  .mappable_size = 256 * MiB, .cs_timestamp_hz = 12500000, .eu_total = 20, .subslice_total = 2,
	  .slice_mask = 1, .subslice_mask = 3 },
	{ .devid = 0x1616, .gen = 8, .has_snoop = 1, .revision = 9, .codename = "bdw", .marketing_name = "Broadwell GT2",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .has_vebox = 1, .ppgtt_type = 2, .ppgtt_bits = 48,
	  .has_logical_contexts = 1, .num_fences = 32, .cursor_size = 256, .ggtt_size = 4 * GiB,
	  .mappable_size = 256 * MiB, .cs_timestamp_hz = 12500000, .eu_total = 24, .subslice_total = 3,
	  .slice_mask = 1, .subslice_mask = 7 },
	{ .devid = 0x1912, .gen = 9, .has_snoop = 1, .revision = 6, .codename = "skl", .marketing_name = "Skylake GT2",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .has_vebox = 1, .ppgtt_type = 2, .ppgtt_bits = 48,
	  .has_logical_contexts = 1, .num_fences = 32, .cursor_size = 256, .async_flip = 1,
	  .cmd_parser_version = 10, .ggtt_size = 4 * GiB, .mappable_size = 256 * MiB,
	  .cs_timestamp_hz = 12000000, .eu_total = 24, .subslice_total = 3,
	  .slice_mask = 1, .subslice_mask = 7 },
	{ .devid = 0x1916, .gen = 9, .has_snoop = 1, .revision = 7, .codename = "skl", .marketing_name = "Skylake GT2 (ULT)",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .has_vebox = 1, .ppgtt_type = 2, .ppgtt_bits = 48,
	  .has_logical_contexts = 1, .num_fences = 32, .cursor_size = 256, .async_flip = 1,
	  .cmd_parser_version = 10, .ggtt_size = 4 * GiB, .mappable_size = 256 * MiB,
	  .cs_timestamp_hz = 12000000, .eu_total = 24, .subslice_total = 3,
	  .slice_mask = 1, .subslice_mask = 7 },
	{ .devid = 0x1926, .gen = 9, .has_snoop = 1, .revision = 10, .codename = "skl", .marketing_name = "Skylake GT3e",
	  .has_llc = 1, .has_bsd = 1, .has_bsd2 = 1, .has_blt = 1, .has_vebox = 1, .ppgtt_type = 2,
	  .ppgtt_bits = 48, .has_logical_contexts = 1, .has_edram = 1, .num_fences = 32,
	  .cursor_size = 256, .async_flip = 1, .cmd_parser_version = 10, .ggtt_size = 4 * GiB,
	  .mappable_size = 256 * MiB, .cs_timestamp_hz = 12000000, .eu_total = 48,
	  .subslice_total = 6, .slice_mask = 3, .subslice_mask = 7 },
	{ .devid = 0x8a52, .gen = 11, .has_snoop = 1, .revision = 7, .codename = "icl", .marketing_name = "Icelake GT2",
	  .has_llc = 1, .has_bsd = 1, .has_blt = 1, .has_vebox = 1, .ppgtt_type = 2, .ppgtt_bits = 48,
	  .has_logical_contexts = 1, .num_fences = 32, .cursor_size = 256, .async_flip = 1,
	  .ggtt_size = 4 * GiB, .mappable_size = 256 * MiB, .cs_timestamp_hz = 19200000,
	  .eu_total = 64, .subslice_total = 8, .slice_mask = 1, .subslice_mask = 0xff },
	{ 0 }
};

/* The resource flags of a BAR (the kernel adds SIZEALIGN to every BAR's). */
#define SIZEALIGN 0x40000u
#define MEM32 (SHIM_IORESOURCE_MEM | SIZEALIGN)
#define MEM32_PREFETCH (MEM32 | SHIM_IORESOURCE_PREFETCH | 0x8u)
#define MEM64 (SHIM_IORESOURCE_MEM | SHIM_IORESOURCE_MEM_64 | SIZEALIGN | 0x4u)
#define MEM64_PREFETCH (MEM64 | SHIM_IORESOURCE_PREFETCH | 0x8u)
#define IO (SHIM_IORESOURCE_IO | SIZEALIGN | 0x1u)

void shim_model_pci_bars(const struct shim_device_model *m, struct shim_pci_bar bars[SHIM_PCI_BARS])
{
	for (unsigned i = 0; i < SHIM_PCI_BARS; i++)
		bars[i] = (struct shim_pci_bar){ 0, 0, 0 };
	if (m->gen <= 3) {
		bars[0] = (struct shim_pci_bar){ 0xf0000000, 512 * 1024, MEM32 };
		bars[1] = (struct shim_pci_bar){ 0xf000, 8, IO };
		bars[2] = (struct shim_pci_bar){ 0xe0000000, m->mappable_size, MEM32_PREFETCH };
		bars[3] = (struct shim_pci_bar){ 0xf0080000, 256 * 1024, MEM32 };
		return;
	}
	uint64_t gttmmadr = m->gen == 4 ? 1 * MiB : m->gen <= 7 ? 4 * MiB : 16 * MiB;
	bars[0] = (struct shim_pci_bar){ 0xf0000000, gttmmadr, MEM64 };
	bars[2] = (struct shim_pci_bar){ 0xe0000000, m->mappable_size, MEM64_PREFETCH };
	bars[4] = (struct shim_pci_bar){ 0xf000, m->gen == 4 ? 8 : 64, IO };
}

const struct shim_device_model *shim_device_model_find(unsigned devid)
{
	for (const struct shim_device_model *m = shim_device_models; m->devid; m++)
		if (m->devid == devid)
			return m;
	return NULL;
}

const struct shim_device_model *shim_device_model_from_env(void)
{
	const char *s = getenv("I915_SHIM_DEVID");
	if (!s || !*s)
		return shim_device_model_find(0x1912);
	char *end;
	unsigned long id = strtoul(s, &end, 16);
	if (*end)
		return NULL;
	return shim_device_model_find((unsigned)id);
}
