/* SPDX-License-Identifier: MIT */
/*
 * The i915 display of the emulated model (shim/i915/display/): what the
 * driver hooks of struct shim_driver reach (i915/i915_driver.c) and what the
 * files of this folder share. Everything runs with the device lock held.
 */
#ifndef SHIM_I915_DISPLAY_H
#define SHIM_I915_DISPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "drm/drm_mode_config.h"
#include "hw/device_model.h"

/* intel_display.c: the driver's mode_config_init and mode_valid hooks. */
int intel_modeset_init(struct shim_device *dev, struct shim_mode_config *mc);
int intel_mode_valid(struct shim_device *dev, const struct drm_mode_modeinfo *mode);
/* The display version of the model (gen; Haswell and Broadwell differ only where said). */
static inline unsigned intel_display_ver(const struct shim_device_model *m) { return m->gen; }
unsigned intel_num_pipes(const struct shim_device_model *m);
unsigned intel_num_sprites(const struct shim_device_model *m, unsigned pipe);

/* Plane makers: fill the plane's type, formats and modifiers (the format x modifier
 * masks too). */
void i9xx_primary_plane_formats(const struct shim_device_model *m, struct shim_mode_plane *p);
void intel_sprite_plane_formats(const struct shim_device_model *m, struct shim_mode_plane *p);
void intel_cursor_plane_formats(const struct shim_device_model *m, struct shim_mode_plane *p);
void skl_universal_plane_formats(const struct shim_device_model *m, unsigned pipe, unsigned plane_id,
				 struct shim_mode_plane *p);
/* Fills mask bits: every format with every modifier. */
void intel_plane_all_formats(struct shim_mode_plane *p);

/* intel_hdmi.c: the HDMI-A-1 connector and its encoder, with the EDID of the virtual sink. */
int intel_hdmi_init(struct shim_device *dev, struct shim_mode_config *mc);

/* intel_atomic_plane.c: the driver's plane_check hook (the planes' check_plane). */
int intel_plane_atomic_check(struct shim_device *dev, const struct shim_mode_plane *plane,
			     const struct shim_plane_state *s, const struct drm_mode_modeinfo *mode);

/* intel_fb.c: the driver's fb_create hook. */
int intel_user_framebuffer_create(struct shim_device *dev, struct shim_file *file, struct shim_mode_fb *fb);

/* I915_GET_PIPE_FROM_CRTC_ID (KI1). */
int shim_i915_get_pipe_from_crtc_id_ioctl(struct shim_call *call, void *data);

/* intel_cursor.c: the driver's cursor_check hook (i9xx_cursor_check). */
int intel_cursor_check(struct shim_device *dev, const struct shim_mode_config *mc,
		       const struct shim_mode_plane *plane, const struct shim_mode_fb *fb);

/* intel_scanout.c: the pictures of the pipes. The driver's crtc_updated hook
 * (I915_SHIM_SCANOUT), and the debugfs control i915_shim_scanout: its minor if path
 * is that file (else -1), what its close does (no lock held), and its files in the
 * instance tree of one minor (instance creation). */
void intel_crtc_updated(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *c);
int intel_scanout_control_minor(struct shim_device *dev, const char *path);
void intel_scanout_control_closed(struct shim_device *dev, unsigned minor);
struct shim_fs_builder;
void intel_scanout_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *m, unsigned minor);
/* scanout_png.c: pixels (0x00RRGGBB, rows packed) as an RGB PNG file at path; 0 or -errno. */
int intel_scanout_png_write(const char *path, const uint32_t *pixels, uint32_t width, uint32_t height);

#endif
