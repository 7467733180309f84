#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/gl/robust on our vendor, three device models (ours_only.sh).
exec "$top_srcdir/tests/gl/ours_only.sh" robust
