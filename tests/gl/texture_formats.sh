#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/gl/texture_formats against Mesa on three device models (vs_ref.sh).
exec "$top_srcdir/tests/gl/vs_ref.sh" texture_formats
