#!/bin/sh
# SPDX-License-Identifier: MIT
# make check: the batch_fuzz harness for a few seconds from its seeds (tests/fuzz/run-fuzz.sh).
exec "${SHELL:-sh}" "${top_srcdir:-.}/tests/fuzz/run-fuzz.sh" batch_fuzz
