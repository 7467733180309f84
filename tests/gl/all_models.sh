#!/bin/sh
# SPDX-License-Identifier: MIT
# The GLES clear, EGL API and 3D/array texture tests on every emulated
# device model (the other programs run on gen3, gen6 and gen9): the
# blitter's layouts differ by generation (relocation width, tiled pitch,
# Y tiling from gen6, fences before gen4), and the slices of a 3D or
# array level lie at offsets into their object that every one of them
# must address alike.
GL_MODELS="2772 29a2 0126 0166 0416 1616 1912 1916 1926 8a52"
export GL_MODELS
exec "$top_srcdir/tests/gl/vs_ref.sh" clear egl_api textures_3d
