/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmGetFormatName, drmGetFormatModifierName,
 * drmGetFormatModifierVendor. Pure functions: no device needed. The
 * expected strings are what libdrm 2.4.114 returns.
 */
#include <drm_fourcc.h>

#include "xf86drm.h"
#include "tests/harness.h"

static void expect_format(uint32_t format, const char *want)
{
	char *name = drmGetFormatName(format);

	ASSERT_STREQ(name, want);
	free(name);
}

static void expect_modifier(uint64_t modifier, const char *want_name,
			    const char *want_vendor)
{
	char *name = drmGetFormatModifierName(modifier);
	char *vendor = drmGetFormatModifierVendor(modifier);

	if (want_name)
		ASSERT_STREQ(name, want_name);
	else if (name)
		TEST_FAIL("modifier %#llx: unexpected name %s",
			  (unsigned long long)modifier, name);
	if (want_vendor)
		ASSERT_STREQ(vendor, want_vendor);
	else if (vendor)
		TEST_FAIL("modifier %#llx: unexpected vendor %s",
			  (unsigned long long)modifier, vendor);
	free(name);
	free(vendor);
}

TEST(format_names_common)
{
	expect_format(DRM_FORMAT_XRGB8888, "XR24");
	expect_format(DRM_FORMAT_ARGB8888, "AR24");
	expect_format(DRM_FORMAT_XBGR8888, "XB24");
	expect_format(DRM_FORMAT_ABGR2101010, "AB30");
	expect_format(DRM_FORMAT_RGB565, "RG16");
	expect_format(DRM_FORMAT_NV12, "NV12");
	expect_format(DRM_FORMAT_YUYV, "YUYV");
	expect_format(DRM_FORMAT_P010, "P010");
	expect_format(DRM_FORMAT_C8, "C8");
	expect_format(DRM_FORMAT_R8, "R8");
	expect_format(DRM_FORMAT_R16, "R16");
	expect_format(DRM_FORMAT_GR88, "GR88");
}

TEST(format_names_special)
{
	expect_format(DRM_FORMAT_INVALID, "INVALID");
	expect_format(DRM_FORMAT_BIG_ENDIAN, "INVALID");
	expect_format(DRM_FORMAT_XRGB8888 | DRM_FORMAT_BIG_ENDIAN, "XR24_BE");
	expect_format(DRM_FORMAT_C8 | DRM_FORMAT_BIG_ENDIAN, "C8_BE");
	/* Trailing spaces go, but the first character stays. */
	expect_format(fourcc_code(' ', ' ', ' ', ' '), " ");
	expect_format(fourcc_code(' ', 'B', 'A', ' '), " BA");
	/* A NUL ends the name early. */
	expect_format(fourcc_code('A', 'A', 'A', 0), "AAA");
}

TEST(modifier_names_intel)
{
	expect_modifier(I915_FORMAT_MOD_X_TILED, "X_TILED", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Y_TILED, "Y_TILED", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Yf_TILED, "Yf_TILED", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Y_TILED_CCS, "Y_TILED_CCS", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Yf_TILED_CCS, "Yf_TILED_CCS", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Y_TILED_GEN12_RC_CCS, "Y_TILED_GEN12_RC_CCS", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Y_TILED_GEN12_MC_CCS, "Y_TILED_GEN12_MC_CCS", "INTEL");
	expect_modifier(I915_FORMAT_MOD_Y_TILED_GEN12_RC_CCS_CC, "Y_TILED_GEN12_RC_CCS_CC", "INTEL");
	expect_modifier(I915_FORMAT_MOD_4_TILED, "4_TILED", "INTEL");
	expect_modifier(I915_FORMAT_MOD_4_TILED_DG2_RC_CCS, "4_TILED_DG2_RC_CCS", "INTEL");
	expect_modifier(I915_FORMAT_MOD_4_TILED_DG2_MC_CCS, "4_TILED_DG2_MC_CCS", "INTEL");
	expect_modifier(I915_FORMAT_MOD_4_TILED_DG2_RC_CCS_CC, "4_TILED_DG2_RC_CCS_CC", "INTEL");
	/* Unassigned Intel codes have a vendor but no name. */
	expect_modifier(fourcc_mod_code(INTEL, 0), NULL, "INTEL");
	expect_modifier(fourcc_mod_code(INTEL, 200), NULL, "INTEL");
}

TEST(modifier_names_generic)
{
	expect_modifier(DRM_FORMAT_MOD_LINEAR, "LINEAR", "NONE");
	expect_modifier(DRM_FORMAT_MOD_INVALID, "INVALID", "NONE");
	expect_modifier(fourcc_mod_code(NONE, 1), NULL, "NONE");
}

TEST(modifier_names_other_vendors)
{
	expect_modifier(DRM_FORMAT_MOD_SAMSUNG_64_32_TILE, "64_32_TILE", "SAMSUNG");
	expect_modifier(DRM_FORMAT_MOD_SAMSUNG_16_16_TILE, "16_16_TILE", "SAMSUNG");
	expect_modifier(DRM_FORMAT_MOD_QCOM_COMPRESSED, "COMPRESSED", "QCOM");
	expect_modifier(DRM_FORMAT_MOD_VIVANTE_SPLIT_SUPER_TILED, "SPLIT_SUPER_TILED", "VIVANTE");
	expect_modifier(DRM_FORMAT_MOD_NVIDIA_TEGRA_TILED, "TEGRA_TILED", "NVIDIA");
	expect_modifier(DRM_FORMAT_MOD_BROADCOM_VC4_T_TILED, "VC4_T_TILED", "BROADCOM");
	expect_modifier(DRM_FORMAT_MOD_BROADCOM_SAND128, "SAND128", "BROADCOM");
	expect_modifier(DRM_FORMAT_MOD_BROADCOM_UIF, "UIF", "BROADCOM");
	expect_modifier(DRM_FORMAT_MOD_ALLWINNER_TILED, "TILED", "ALLWINNER");
	expect_modifier(DRM_FORMAT_MOD_ARM_16X16_BLOCK_U_INTERLEAVED,
			"16X16_BLOCK_U_INTERLEAVED", "ARM");
}

TEST(modifier_vendors)
{
	static const char *const names[] = {
		"NONE", "INTEL", "AMD", "NVIDIA", "SAMSUNG", "QCOM",
		"VIVANTE", "BROADCOM", "ARM", "ALLWINNER", "AMLOGIC",
	};

	for (uint64_t v = 0; v < ARRAY_SIZE(names); v++) {
		char *name = drmGetFormatModifierVendor(v << 56 | 0x1234);

		ASSERT_STREQ(name, names[v]);
		free(name);
	}
	ASSERT(drmGetFormatModifierVendor(0x0bULL << 56) == NULL);
	ASSERT(drmGetFormatModifierVendor(0xfeULL << 56) == NULL);
}

TEST_MAIN(
	T(format_names_common),
	T(format_names_special),
	T(modifier_names_intel),
	T(modifier_names_generic),
	T(modifier_names_other_vendors),
	T(modifier_vendors),
)
