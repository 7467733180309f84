/* SPDX-License-Identifier: MIT */
/*
 * Private to the libraries: symbol visibility. Everything is built with
 * -fvisibility=hidden; only functions marked drm_public are exported, so the
 * exported set is exactly what we implement.
 */
#ifndef LIBDRM_MACROS_H
#define LIBDRM_MACROS_H

#define drm_public __attribute__((visibility("default")))

#endif
