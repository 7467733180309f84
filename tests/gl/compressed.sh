#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/gl/compressed against Mesa on three device models (vs_ref.sh).
exec "$top_srcdir/tests/gl/vs_ref.sh" compressed
