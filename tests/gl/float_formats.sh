#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/gl/float_formats against Mesa on three device models (vs_ref.sh).
exec "$top_srcdir/tests/gl/vs_ref.sh" float_formats
