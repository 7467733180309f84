/* SPDX-License-Identifier: MIT */
/*
 * PCI device id -> graphics generation, as libdrm 2.4.114 knows them.
 *
 * Gen 2-8 are listed here by id (Haswell and Broadwell by their id pattern);
 * gen 9-12 come from the table below, the ids of the kernel's i915_pciids.h
 * at the time of 2.4.114. An id in neither gives 0: unknown, and
 * drm_intel_bufmgr_gem_init() fails for it, as 2.4.114 does. Nothing here
 * allocates; the tables are constant.
 */
#include "config.h"

#include <stdlib.h>

#include "intel/bufmgr_priv.h"

struct id_gen {
	uint16_t devid;
	uint16_t gen;
};

/* Gen 2-7 ids other than Haswell, and Cherryview (gen 8). */
static const struct id_gen legacy_ids[] = {
	/* gen2: 830M, 845G, 855GM, 865G */
	{ 0x3577, 2 }, { 0x2562, 2 }, { 0x3582, 2 }, { 0x2572, 2 },
	/* gen3: 915G, E7221, 915GM, 945G, 945GM, 945GME, G33, Q35, Q33, Pineview */
	{ 0x2582, 3 }, { 0x258a, 3 }, { 0x2592, 3 }, { 0x2772, 3 }, { 0x27a2, 3 },
	{ 0x27ae, 3 }, { 0x29c2, 3 }, { 0x29b2, 3 }, { 0x29d2, 3 }, { 0xa001, 3 },
	{ 0xa011, 3 },
	/* gen4: 965 family, G4x */
	{ 0x29a2, 4 }, { 0x2992, 4 }, { 0x2982, 4 }, { 0x2972, 4 }, { 0x2a02, 4 },
	{ 0x2a12, 4 }, { 0x2a42, 4 }, { 0x2e02, 4 }, { 0x2e12, 4 }, { 0x2e22, 4 },
	{ 0x2e32, 4 },
	/* gen5: Ironlake */
	{ 0x0042, 5 }, { 0x0046, 5 },
	/* gen6: Sandybridge */
	{ 0x0102, 6 }, { 0x0112, 6 }, { 0x0122, 6 }, { 0x0106, 6 }, { 0x0116, 6 },
	{ 0x0126, 6 }, { 0x010a, 6 },
	/* gen7: Ivybridge, Valleyview */
	{ 0x0152, 7 }, { 0x0162, 7 }, { 0x0156, 7 }, { 0x0166, 7 }, { 0x015a, 7 },
	{ 0x016a, 7 }, { 0x0f30, 7 }, { 0x0f31, 7 }, { 0x0f32, 7 }, { 0x0f33, 7 },
	/* gen8: Cherryview */
	{ 0x22b0, 8 }, { 0x22b1, 8 }, { 0x22b2, 8 }, { 0x22b3, 8 },
};

/* Gen 9-12, sorted by id for bsearch. */
static const struct id_gen genx_ids[] = {
	{ 0x0a84, 9 }, { 0x1902, 9 }, { 0x1906, 9 }, { 0x190a, 9 }, { 0x190b, 9 }, { 0x190e, 9 },
	{ 0x1912, 9 }, { 0x1913, 9 }, { 0x1915, 9 }, { 0x1916, 9 }, { 0x1917, 9 }, { 0x191a, 9 },
	{ 0x191b, 9 }, { 0x191d, 9 }, { 0x191e, 9 }, { 0x1921, 9 }, { 0x1923, 9 }, { 0x1926, 9 },
	{ 0x1927, 9 }, { 0x192a, 9 }, { 0x192b, 9 }, { 0x192d, 9 }, { 0x1932, 9 }, { 0x193a, 9 },
	{ 0x193b, 9 }, { 0x193d, 9 }, { 0x1a84, 9 }, { 0x1a85, 9 }, { 0x3184, 9 }, { 0x3185, 9 },
	{ 0x3e90, 9 }, { 0x3e91, 9 }, { 0x3e92, 9 }, { 0x3e93, 9 }, { 0x3e94, 9 }, { 0x3e96, 9 },
	{ 0x3e98, 9 }, { 0x3e99, 9 }, { 0x3e9a, 9 }, { 0x3e9b, 9 }, { 0x3e9c, 9 }, { 0x3ea0, 9 },
	{ 0x3ea1, 9 }, { 0x3ea2, 9 }, { 0x3ea3, 9 }, { 0x3ea4, 9 }, { 0x3ea5, 9 }, { 0x3ea6, 9 },
	{ 0x3ea7, 9 }, { 0x3ea8, 9 }, { 0x3ea9, 9 }, { 0x4541, 11 }, { 0x4551, 11 }, { 0x4555, 11 },
	{ 0x4557, 11 }, { 0x4571, 11 }, { 0x4626, 12 }, { 0x4628, 12 }, { 0x462a, 12 }, { 0x4680, 12 },
	{ 0x4682, 12 }, { 0x4688, 12 }, { 0x468a, 12 }, { 0x4690, 12 }, { 0x4692, 12 }, { 0x4693, 12 },
	{ 0x46a0, 12 }, { 0x46a1, 12 }, { 0x46a2, 12 }, { 0x46a3, 12 }, { 0x46a6, 12 }, { 0x46a8, 12 },
	{ 0x46aa, 12 }, { 0x46b0, 12 }, { 0x46b1, 12 }, { 0x46b2, 12 }, { 0x46b3, 12 }, { 0x46c0, 12 },
	{ 0x46c1, 12 }, { 0x46c2, 12 }, { 0x46c3, 12 }, { 0x46d0, 12 }, { 0x46d1, 12 }, { 0x46d2, 12 },
	{ 0x4905, 12 }, { 0x4906, 12 }, { 0x4907, 12 }, { 0x4908, 12 }, { 0x4909, 12 }, { 0x4c80, 12 },
	{ 0x4c8a, 12 }, { 0x4c8b, 12 }, { 0x4c8c, 12 }, { 0x4c90, 12 }, { 0x4c9a, 12 }, { 0x4e51, 11 },
	{ 0x4e55, 11 }, { 0x4e57, 11 }, { 0x4e61, 11 }, { 0x4e71, 11 }, { 0x5690, 12 }, { 0x5691, 12 },
	{ 0x5692, 12 }, { 0x5693, 12 }, { 0x5694, 12 }, { 0x5695, 12 }, { 0x5696, 12 }, { 0x5697, 12 },
	{ 0x5698, 12 }, { 0x56a0, 12 }, { 0x56a1, 12 }, { 0x56a2, 12 }, { 0x56a3, 12 }, { 0x56a4, 12 },
	{ 0x56a5, 12 }, { 0x56a6, 12 }, { 0x56b0, 12 }, { 0x56b1, 12 }, { 0x56b2, 12 }, { 0x56b3, 12 },
	{ 0x56c0, 12 }, { 0x56c1, 12 }, { 0x5902, 9 }, { 0x5906, 9 }, { 0x5908, 9 }, { 0x590a, 9 },
	{ 0x590b, 9 }, { 0x590e, 9 }, { 0x5912, 9 }, { 0x5913, 9 }, { 0x5915, 9 }, { 0x5916, 9 },
	{ 0x5917, 9 }, { 0x591a, 9 }, { 0x591b, 9 }, { 0x591c, 9 }, { 0x591d, 9 }, { 0x591e, 9 },
	{ 0x5921, 9 }, { 0x5923, 9 }, { 0x5926, 9 }, { 0x5927, 9 }, { 0x593b, 9 }, { 0x5a40, 10 },
	{ 0x5a41, 10 }, { 0x5a42, 10 }, { 0x5a44, 10 }, { 0x5a49, 10 }, { 0x5a4a, 10 }, { 0x5a4c, 10 },
	{ 0x5a50, 10 }, { 0x5a51, 10 }, { 0x5a52, 10 }, { 0x5a54, 10 }, { 0x5a59, 10 }, { 0x5a5a, 10 },
	{ 0x5a5c, 10 }, { 0x5a84, 9 }, { 0x5a85, 9 }, { 0x7d40, 12 }, { 0x7d45, 12 }, { 0x7d55, 12 },
	{ 0x7d60, 12 }, { 0x7dd5, 12 }, { 0x87c0, 9 }, { 0x87ca, 9 }, { 0x8a50, 11 }, { 0x8a51, 11 },
	{ 0x8a52, 11 }, { 0x8a53, 11 }, { 0x8a54, 11 }, { 0x8a56, 11 }, { 0x8a57, 11 }, { 0x8a58, 11 },
	{ 0x8a59, 11 }, { 0x8a5a, 11 }, { 0x8a5b, 11 }, { 0x8a5c, 11 }, { 0x8a5d, 11 }, { 0x8a70, 11 },
	{ 0x8a71, 11 }, { 0x9a40, 12 }, { 0x9a49, 12 }, { 0x9a59, 12 }, { 0x9a60, 12 }, { 0x9a68, 12 },
	{ 0x9a70, 12 }, { 0x9a78, 12 }, { 0x9ac0, 12 }, { 0x9ac9, 12 }, { 0x9ad9, 12 }, { 0x9af8, 12 },
	{ 0x9b21, 9 }, { 0x9b41, 9 }, { 0x9ba2, 9 }, { 0x9ba4, 9 }, { 0x9ba5, 9 }, { 0x9ba8, 9 },
	{ 0x9baa, 9 }, { 0x9bac, 9 }, { 0x9bc2, 9 }, { 0x9bc4, 9 }, { 0x9bc5, 9 }, { 0x9bc6, 9 },
	{ 0x9bc8, 9 }, { 0x9bca, 9 }, { 0x9bcc, 9 }, { 0x9be6, 9 }, { 0x9bf6, 9 }, { 0xa720, 12 },
	{ 0xa721, 12 }, { 0xa780, 12 }, { 0xa781, 12 }, { 0xa782, 12 }, { 0xa783, 12 }, { 0xa788, 12 },
	{ 0xa789, 12 }, { 0xa78a, 12 }, { 0xa78b, 12 }, { 0xa7a0, 12 }, { 0xa7a1, 12 }, { 0xa7a8, 12 },
	{ 0xa7a9, 12 },
};

/* Haswell: 0x04xx, 0x0Axx, 0x0Cxx, 0x0Dxx; GT1-3 in bits 4-5; a variant nibble. */
static bool is_haswell(uint32_t id)
{
	uint32_t family = id >> 8, gt = (id >> 4) & 0xf, variant = id & 0xf;

	if (family != 0x04 && family != 0x0a && family != 0x0c && family != 0x0d)
		return false;
	if (gt > 2)
		return false;
	return variant == 0x2 || variant == 0x6 || variant == 0xa ||
	       variant == 0xb || variant == 0xe;
}

/* Broadwell: 0x16xx, GT index 0-3, and one of six variant nibbles. */
static bool is_broadwell(uint32_t id)
{
	uint32_t variant = id & 0xf;

	if ((id & 0xff00) != 0x1600 || ((id >> 4) & 0xf) > 3)
		return false;
	return variant == 0x2 || variant == 0x6 || variant == 0xa ||
	       variant == 0xb || variant == 0xd || variant == 0xe;
}

static int cmp_id(const void *key, const void *elem)
{
	uint32_t k = *(const uint32_t *)key;
	uint32_t e = ((const struct id_gen *)elem)->devid;
	return k < e ? -1 : k > e;
}

int intel_chipset_gen(uint32_t devid)
{
	const struct id_gen *hit;

	for (size_t i = 0; i < sizeof(legacy_ids) / sizeof(legacy_ids[0]); i++)
		if (legacy_ids[i].devid == devid)
			return legacy_ids[i].gen;
	if (is_haswell(devid))
		return 7;
	if (is_broadwell(devid))
		return 8;
	hit = bsearch(&devid, genx_ids, sizeof(genx_ids) / sizeof(genx_ids[0]),
		      sizeof(genx_ids[0]), cmp_id);
	return hit ? hit->gen : 0;
}

bool intel_chipset_is_915(uint32_t devid)
{
	return devid == 0x2582 || devid == 0x258a || devid == 0x2592;
}
