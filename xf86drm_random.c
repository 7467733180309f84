/* SPDX-License-Identifier: MIT */
/*
 * drmRandom*: libdrm's pseudo-random generator, the Park-Miller "minimal
 * standard" Lehmer generator with the multiplier 48271 that Park, Miller and
 * Stockmeyer recommended in 1993 (x' = 48271 x mod 2^31-1), evaluated with
 * Schrage's method so no product overflows. libdrm uses the same recurrence,
 * so one seed gives the same numbers here as there; the hash table's scatter
 * table and the skip list's levels depend on it.
 *
 * Lifetimes: drmRandomCreate() returns a state the caller owns and frees with
 * drmRandomDestroy(). A state is not locked: one thread at a time.
 * Calls: libc only.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"

#define RANDOM_MAGIC 0xfeedbeefUL
#define RANDOM_A 48271UL
#define RANDOM_M 2147483647UL

struct random_state {
	unsigned long magic;
	unsigned long seed;
};

static struct random_state *valid(void *p)
{
	struct random_state *s = p;

	return s && s->magic == RANDOM_MAGIC ? s : NULL;
}

/*
 * A seed outside 1..m-1 would make the sequence degenerate (0 stays 0), so
 * it is moved to the nearest legal value, as libdrm does.
 */
drm_public void *drmRandomCreate(unsigned long seed)
{
	struct random_state *s = malloc(sizeof(*s));

	if (!s)
		return NULL;
	s->magic = RANDOM_MAGIC;
	if (seed == 0)
		seed = 1;
	if (seed >= RANDOM_M)
		seed = RANDOM_M - 1;
	s->seed = seed;
	return s;
}

drm_public int drmRandomDestroy(void *state)
{
	struct random_state *s = valid(state);

	/* libdrm frees whatever it is given; we refuse what is not a state. */
	if (!s)
		return state ? -1 : 0;
	s->magic = 0;
	free(s);
	return 0;
}

unsigned long drm_random_next(unsigned long *seed)
{
	const unsigned long q = RANDOM_M / RANDOM_A, r = RANDOM_M % RANDOM_A;
	unsigned long hi = *seed / q, lo = *seed % q;
	unsigned long up = RANDOM_A * lo, down = r * hi;

	/*
	 * Schrage: a*x mod m == a*(x mod q) - r*(x div q), plus m when that is
	 * not positive. "Not positive" includes zero, which can only happen
	 * for a seed of m itself; libdrm adds m then too.
	 */
	*seed = up > down ? up - down : up + RANDOM_M - down;
	return *seed;
}

drm_public unsigned long drmRandom(void *state)
{
	struct random_state *s = valid(state);

	if (!s)
		return 0;
	return drm_random_next(&s->seed);
}

drm_public double drmRandomDouble(void *state)
{
	struct random_state *s = valid(state);

	if (!s)
		return 0.0;
	return (double)drm_random_next(&s->seed) / (double)RANDOM_M;
}
