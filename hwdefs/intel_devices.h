/* SPDX-License-Identifier: MIT */
/*
 * Intel PCI device ids by generation, defined once for the layers above
 * libdrm_intel (the 2D layer, the GL driver): libdrm_intel hands out the
 * device id, not the generation, and the blitter's command layouts differ by
 * generation. Ranges are by family (one family's ids share their upper
 * bits). Unknown ids answer 0: a caller refuses the device rather than guess.
 */
#ifndef HWDEFS_INTEL_DEVICES_H
#define HWDEFS_INTEL_DEVICES_H

#include <stddef.h>
#include <stdint.h>

static inline int intel_gen_from_devid(int devid)
{
	static const struct {
		uint16_t first, last;
		uint8_t gen;
	} ranges[] = {
		{ 0x3577, 0x3577, 2 }, { 0x2562, 0x2562, 2 }, { 0x3582, 0x3582, 2 },
		{ 0x358e, 0x358e, 2 }, { 0x2572, 0x2572, 2 },
		{ 0x2582, 0x2582, 3 }, { 0x258a, 0x258a, 3 }, { 0x2592, 0x2592, 3 },
		{ 0x2772, 0x2772, 3 }, { 0x27a2, 0x27a2, 3 }, { 0x27ae, 0x27ae, 3 },
		{ 0x29b2, 0x29b2, 3 }, { 0x29c2, 0x29c2, 3 }, { 0x29d2, 0x29d2, 3 },
		{ 0xa001, 0xa001, 3 }, { 0xa011, 0xa011, 3 },
		{ 0x2972, 0x2972, 4 }, { 0x2982, 0x2982, 4 }, { 0x2992, 0x2992, 4 },
		{ 0x29a2, 0x29a2, 4 }, { 0x2a02, 0x2a02, 4 }, { 0x2a12, 0x2a12, 4 },
		{ 0x2a42, 0x2a42, 4 }, { 0x2e02, 0x2e92, 4 },
		{ 0x0042, 0x0046, 5 },
		{ 0x0102, 0x0126, 6 },
		{ 0x0152, 0x016a, 7 }, { 0x0402, 0x0d2e, 7 }, { 0x0f30, 0x0f33, 7 },
		{ 0x1602, 0x163e, 8 }, { 0x22b0, 0x22b3, 8 },
		{ 0x1902, 0x193d, 9 }, { 0x0a84, 0x0a84, 9 }, { 0x1a84, 0x1a85, 9 },
		{ 0x5a84, 0x5a85, 9 }, { 0x3184, 0x3185, 9 }, { 0x5902, 0x593b, 9 },
		{ 0x87c0, 0x87ca, 9 }, { 0x3e90, 0x3ea9, 9 }, { 0x9b21, 0x9bf6, 9 },
		{ 0x8a50, 0x8a71, 11 }, { 0x4500, 0x4571, 11 }, { 0x4e51, 0x4e71, 11 },
	};
	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		if (devid >= ranges[i].first && devid <= ranges[i].last)
			return ranges[i].gen;
	return 0;
}

#endif
