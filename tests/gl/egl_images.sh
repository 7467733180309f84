#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/gl/egl_images on our vendor, three device models (ours_only.sh).
exec "$top_srcdir/tests/gl/ours_only.sh" egl_images
