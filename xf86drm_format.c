/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_format.c - printable names of DRM pixel formats (fourcc codes)
 * and format modifiers, as defined by the system's drm_fourcc.h.
 *
 * Lifetime rules: every name is a new malloc'd string that the caller
 * releases with free(); NULL means "no name" (or out of memory). Nothing is
 * cached and there is no global state, so all functions are thread-safe.
 *
 * Coverage: format names are the fourcc characters for any code. Modifier
 * names cover INVALID, LINEAR, every Intel modifier and the other vendors'
 * fixed tokens (Samsung, Qualcomm, Vivante, NVIDIA Tegra, Broadcom,
 * Allwinner, ARM's 16x16 block). Parameterised modifiers that libdrm
 * decodes field by field (AMD, ARM AFBC/AFRC, NVIDIA block-linear,
 * Amlogic FBC) have no name here: the functions return NULL for them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <drm_fourcc.h>

#include "libdrm_macros.h"
#include "xf86drm.h"

/* Bit 31 of a fourcc code marks the big-endian variant. */
#ifndef DRM_FORMAT_BIG_ENDIAN
#define DRM_FORMAT_BIG_ENDIAN (1U << 31)
#endif

/*
 * drmGetFormatName: the four characters of a fourcc code with trailing
 * spaces removed, plus "_BE" for big-endian variants; "INVALID" for code 0.
 * E.g. DRM_FORMAT_XRGB8888 -> "XR24", DRM_FORMAT_C8 -> "C8".
 */
drm_public char *drmGetFormatName(uint32_t format)
{
	const char *suffix = (format & DRM_FORMAT_BIG_ENDIAN) ? "_BE" : "";
	char code[5];
	char *name;
	size_t len;

	format &= ~DRM_FORMAT_BIG_ENDIAN;
	if (format == DRM_FORMAT_INVALID)
		return strdup("INVALID");
	for (int i = 0; i < 4; i++)
		code[i] = (char)((format >> (8 * i)) & 0xff);
	code[4] = '\0';
	/* Drop padding spaces, keeping at least the first character. */
	for (int i = 3; i > 0 && code[i] == ' '; i--)
		code[i] = '\0';
	len = strlen(code) + strlen(suffix) + 1;
	name = malloc(len);
	if (!name)
		return NULL;
	snprintf(name, len, "%s%s", code, suffix);
	return name;
}

/* Vendor names, indexed by the modifier's top byte. */
static const char *const vendor_names[] = {
	[DRM_FORMAT_MOD_VENDOR_NONE] = "NONE",
	[DRM_FORMAT_MOD_VENDOR_INTEL] = "INTEL",
	[DRM_FORMAT_MOD_VENDOR_AMD] = "AMD",
	[DRM_FORMAT_MOD_VENDOR_NVIDIA] = "NVIDIA",
	[DRM_FORMAT_MOD_VENDOR_SAMSUNG] = "SAMSUNG",
	[DRM_FORMAT_MOD_VENDOR_QCOM] = "QCOM",
	[DRM_FORMAT_MOD_VENDOR_VIVANTE] = "VIVANTE",
	[DRM_FORMAT_MOD_VENDOR_BROADCOM] = "BROADCOM",
	[DRM_FORMAT_MOD_VENDOR_ARM] = "ARM",
	[DRM_FORMAT_MOD_VENDOR_ALLWINNER] = "ALLWINNER",
#ifdef DRM_FORMAT_MOD_VENDOR_AMLOGIC
	[DRM_FORMAT_MOD_VENDOR_AMLOGIC] = "AMLOGIC",
#endif
};

/*
 * drmGetFormatModifierVendor: the vendor of a modifier ("INTEL", "NONE",
 * ...), or NULL for a vendor code drm_fourcc.h does not define.
 */
drm_public char *drmGetFormatModifierVendor(uint64_t modifier)
{
	uint64_t vendor = fourcc_mod_get_vendor(modifier);

	if (vendor >= sizeof(vendor_names) / sizeof(vendor_names[0]) ||
	    !vendor_names[vendor])
		return NULL;
	return strdup(vendor_names[vendor]);
}

/* Modifiers with a fixed name: the macro name without its vendor prefix. */
static const struct {
	uint64_t modifier;
	const char *name;
} modifier_names[] = {
	{ DRM_FORMAT_MOD_INVALID, "INVALID" },
	{ DRM_FORMAT_MOD_LINEAR, "LINEAR" },
	{ I915_FORMAT_MOD_X_TILED, "X_TILED" },
	{ I915_FORMAT_MOD_Y_TILED, "Y_TILED" },
	{ I915_FORMAT_MOD_Yf_TILED, "Yf_TILED" },
	{ I915_FORMAT_MOD_Y_TILED_CCS, "Y_TILED_CCS" },
	{ I915_FORMAT_MOD_Yf_TILED_CCS, "Yf_TILED_CCS" },
#ifdef I915_FORMAT_MOD_Y_TILED_GEN12_RC_CCS
	{ I915_FORMAT_MOD_Y_TILED_GEN12_RC_CCS, "Y_TILED_GEN12_RC_CCS" },
	{ I915_FORMAT_MOD_Y_TILED_GEN12_MC_CCS, "Y_TILED_GEN12_MC_CCS" },
#endif
#ifdef I915_FORMAT_MOD_Y_TILED_GEN12_RC_CCS_CC
	{ I915_FORMAT_MOD_Y_TILED_GEN12_RC_CCS_CC, "Y_TILED_GEN12_RC_CCS_CC" },
#endif
#ifdef I915_FORMAT_MOD_4_TILED
	{ I915_FORMAT_MOD_4_TILED, "4_TILED" },
#endif
#ifdef I915_FORMAT_MOD_4_TILED_DG2_RC_CCS
	{ I915_FORMAT_MOD_4_TILED_DG2_RC_CCS, "4_TILED_DG2_RC_CCS" },
	{ I915_FORMAT_MOD_4_TILED_DG2_MC_CCS, "4_TILED_DG2_MC_CCS" },
	{ I915_FORMAT_MOD_4_TILED_DG2_RC_CCS_CC, "4_TILED_DG2_RC_CCS_CC" },
#endif
	{ DRM_FORMAT_MOD_SAMSUNG_64_32_TILE, "64_32_TILE" },
	{ DRM_FORMAT_MOD_SAMSUNG_16_16_TILE, "16_16_TILE" },
	{ DRM_FORMAT_MOD_QCOM_COMPRESSED, "COMPRESSED" },
#ifdef DRM_FORMAT_MOD_QCOM_TILED3
	{ DRM_FORMAT_MOD_QCOM_TILED3, "TILED3" },
	{ DRM_FORMAT_MOD_QCOM_TILED2, "TILED2" },
#endif
	{ DRM_FORMAT_MOD_VIVANTE_TILED, "TILED" },
	{ DRM_FORMAT_MOD_VIVANTE_SUPER_TILED, "SUPER_TILED" },
	{ DRM_FORMAT_MOD_VIVANTE_SPLIT_TILED, "SPLIT_TILED" },
	{ DRM_FORMAT_MOD_VIVANTE_SPLIT_SUPER_TILED, "SPLIT_SUPER_TILED" },
	{ DRM_FORMAT_MOD_NVIDIA_TEGRA_TILED, "TEGRA_TILED" },
	{ DRM_FORMAT_MOD_BROADCOM_VC4_T_TILED, "VC4_T_TILED" },
	{ DRM_FORMAT_MOD_BROADCOM_SAND32, "SAND32" },
	{ DRM_FORMAT_MOD_BROADCOM_SAND64, "SAND64" },
	{ DRM_FORMAT_MOD_BROADCOM_SAND128, "SAND128" },
	{ DRM_FORMAT_MOD_BROADCOM_SAND256, "SAND256" },
	{ DRM_FORMAT_MOD_BROADCOM_UIF, "UIF" },
#ifdef DRM_FORMAT_MOD_ARM_16X16_BLOCK_U_INTERLEAVED
	{ DRM_FORMAT_MOD_ARM_16X16_BLOCK_U_INTERLEAVED, "16X16_BLOCK_U_INTERLEAVED" },
#endif
	{ DRM_FORMAT_MOD_ALLWINNER_TILED, "TILED" },
};

/*
 * drmGetFormatModifierName: the modifier's name without vendor prefix,
 * e.g. I915_FORMAT_MOD_Y_TILED -> "Y_TILED", DRM_FORMAT_MOD_LINEAR ->
 * "LINEAR". NULL for a modifier without a fixed name (see the top of the
 * file). Combine with drmGetFormatModifierVendor() for a full name.
 */
drm_public char *drmGetFormatModifierName(uint64_t modifier)
{
	for (size_t i = 0; i < sizeof(modifier_names) / sizeof(modifier_names[0]); i++)
		if (modifier_names[i].modifier == modifier)
			return strdup(modifier_names[i].name);
	return NULL;
}
