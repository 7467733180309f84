#!/bin/sh
# SPDX-License-Identifier: MIT
# The GLES clear and EGL API tests on every emulated device model (the
# other programs run on gen3, gen6 and gen9): the blitter's layouts differ
# by generation (relocation width, tiled pitch, Y tiling from gen6).
GL_MODELS="2772 29a2 0126 0166 0416 1616 1912 1916 1926 8a52"
export GL_MODELS
exec "$top_srcdir/tests/gl/vs_ref.sh" clear egl_api
