#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/gl/copy_image against Mesa on three device models (vs_ref.sh).
exec "$top_srcdir/tests/gl/vs_ref.sh" copy_image
