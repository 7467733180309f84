/* SPDX-License-Identifier: MIT */
/*
 * What the benchmarks share: a monotonic clock in microseconds, an exit on a
 * failed setup call, and the comparison for sorting samples into medians.
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* A setup call that must work: r nonzero ends the benchmark, naming what failed. */
static inline void must(int r, const char *what)
{
	if (r) {
		perror(what);
		exit(1);
	}
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

#endif
