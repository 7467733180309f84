/* SPDX-License-Identifier: MIT */
/*
 * Surfaces and the rectangle engine of the blitter core: maps a surface
 * extent through the GPU address space (once per blit), walks rows as runs
 * of contiguous bytes (linear rows, X-tile rows, Y-tile OWords, fenced
 * gen2/3 layouts), and executes a struct blt_op with fast paths for plain
 * copies and solid fills and a general per-row ROP3 path (mono expansion,
 * patterns, transparency and byte masks). Buffers are allocated per blit
 * and freed before returning; nothing outlives blt_run(). The op runs under
 * a fault guard (base/fault_guard.h) that expects what the caller's guard
 * expects: a surface page that cannot be had makes the op -EFAULT (a GPU
 * fault), its buffers freed, instead of a signal.
 *
 * Overlap: when source and destination bytes overlap, the result is the one
 * of reading the whole source rectangle first. Same-surface copies whose
 * rows are disjoint go row by row in the safe order; anything else copies
 * the source rectangle aside first.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "base/fault_guard.h"
#include "hw/blt_priv.h"

/*
 * The temporary buffers of the op being run, at most a few at once: after a fault
 * jumps out of blt_run's guard, they are freed here instead of by the code that
 * would have freed them.
 */
#define MAX_TMP 4
static __thread void *tmp_held[MAX_TMP];

static void *tmp_alloc(size_t size, bool zero)
{
	for (unsigned i = 0; i < MAX_TMP; i++)
		if (!tmp_held[i])
			return tmp_held[i] = zero ? calloc(1, size) : malloc(size);
	return NULL;
}

static void tmp_free(void *p)
{
	if (!p)
		return;
	for (unsigned i = 0; i < MAX_TMP; i++)
		if (tmp_held[i] == p)
			tmp_held[i] = NULL;
	free(p);
}

static uint32_t tile_width(unsigned gen, enum shim_tiling t)
{
	return t == SHIM_TILING_Y ? 16 : shim_tile_geometry(gen, t).width;
}

/* Exact lowest and highest offsets of the fence-linear bytes [la, lb] in the tiled layout. */
static void fenced_extent(unsigned gen, enum shim_tiling t, uint32_t fp, uint64_t la, uint64_t lb,
			  uint64_t *lo, uint64_t *hi)
{
	uint64_t ya = la / fp, yb = lb / fp;
	*lo = shim_tiled_offset(gen, t, fp, (uint32_t)(la % fp), (uint32_t)ya);
	*hi = shim_tiled_offset(gen, t, fp, (uint32_t)(lb % fp), (uint32_t)yb);
	if (ya != yb) {
		uint64_t a = shim_tiled_offset(gen, t, fp, 0, (uint32_t)ya + 1);
		uint64_t b = shim_tiled_offset(gen, t, fp, fp - 1, (uint32_t)yb - 1);
		if (a < *lo)
			*lo = a;
		if (b > *hi)
			*hi = b;
	}
}

/* The platform's swizzling of a tiling (blt.h). */
static uint8_t swizzle_of(const struct shim_blt_state *st, enum shim_tiling t)
{
	return t == SHIM_TILING_X ? st->swizzle_x : t == SHIM_TILING_Y ? st->swizzle_y : 0;
}

int blt_surf_map(struct blt_surf *s, const struct shim_gpu_vm *vm, const struct shim_blt_state *st,
		 uint64_t addr, int32_t pitch, enum shim_tiling tiling, int64_t xb0, int64_t xb1, int64_t y0,
		 int64_t y1, bool write)
{
	unsigned gen = st->gen;
	int64_t lo, hi;
	memset(s, 0, sizeof(*s));
	s->gen = (uint8_t)gen;
	s->pitch = pitch;
	if (gen < 4)
		tiling = SHIM_TILING_NONE;
	if (tiling != SHIM_TILING_NONE) {
		/*
		 * Offsets are f(y) + g(xb) with both monotonic once the pitch
		 * is at least a tile wide, so the extent is given by the corners.
		 */
		if (pitch < (int32_t)shim_tile_geometry(gen, tiling).width)
			return -EINVAL;
		if (xb0 < 0 || y0 < 0)
			return -EFAULT;
		lo = (int64_t)shim_tiled_offset(gen, tiling, (uint32_t)pitch, (uint32_t)xb0, (uint32_t)y0);
		hi = (int64_t)shim_tiled_offset(gen, tiling, (uint32_t)pitch, (uint32_t)(xb1 - 1),
						(uint32_t)(y1 - 1)) + 1;
		s->tiling = (uint8_t)tiling;
		s->tw = tile_width(gen, tiling);
		s->step = tiling == SHIM_TILING_Y ? 512 : s->tw * shim_tile_geometry(gen, tiling).height;
		s->swizzle = swizzle_of(st, tiling);
		if (s->swizzle) {
			/* a swizzled byte stays in its 128-byte block; no run stepping */
			lo &= ~(int64_t)127;
			hi = (hi + 127) & ~(int64_t)127;
			s->step = 0;
		}
	} else {
		int64_t a = y0 * pitch, b = (y1 - 1) * pitch;
		lo = (a < b ? a : b) + xb0;
		hi = (a < b ? b : a) + xb1;
	}
	if (lo < 0 && (uint64_t)-lo > addr)
		return -EFAULT;
	uint64_t start = addr + (uint64_t)lo, len = (uint64_t)(hi - lo);
	struct shim_gpu_range r = { 0 };
	int ret = vm->translate(vm->ctx, start, len, write, &r);
	if (ret)
		return ret < 0 ? ret : -EFAULT;
	if (r.bytes < len || !r.host)
		return -EFAULT;
	if (gen < 4 && (r.fence_tiling == SHIM_TILING_X || r.fence_tiling == SHIM_TILING_Y) &&
	    r.fence_pitch) {
		enum shim_tiling ft = (enum shim_tiling)r.fence_tiling;
		if (r.fence_pitch < shim_tile_geometry(gen, ft).width)
			return -EINVAL;
		uint64_t rlo, rhi;
		fenced_extent(gen, ft, r.fence_pitch, r.fence_offset, r.fence_offset + len - 1, &rlo, &rhi);
		if (rhi + 1 > r.fence_offset + r.bytes)
			return -EFAULT;
		s->fenced = true;
		s->tiling = (uint8_t)ft;
		s->swizzle = swizzle_of(st, ft);
		s->fpitch = r.fence_pitch;
		s->tw = tile_width(gen, ft);
		s->lin0 = (int64_t)r.fence_offset - lo;
		s->base = r.host - r.fence_offset;
		if (s->swizzle) {	/* a swizzled byte stays in its 128-byte block */
			rlo &= ~(uint64_t)127;
			rhi |= 127;
		}
		s->lo = s->base + rlo;
		s->hi = s->base + rhi + 1;
		return 0;
	}
	s->base = r.host - lo;
	s->lo = r.host;
	s->hi = r.host + len;
	return 0;
}

const uint8_t *blt_map_bytes(const struct shim_gpu_vm *vm, uint64_t addr, uint64_t len)
{
	struct shim_gpu_range r = { 0 };
	if (vm->translate(vm->ctx, addr, len, false, &r) || !r.host || r.bytes < len)
		return NULL;
	return r.host;
}

/* Walks a row of a surface run by run. */
struct span {
	const struct blt_surf *s;
	uint8_t *p;
	uint32_t left;
	int64_t xb, y;
};

static inline void span_init(struct span *it, const struct blt_surf *s, int64_t xb, int64_t y)
{
	it->s = s;
	it->xb = xb;
	it->y = y;
	it->p = blt_surf_ptr(s, xb, y, &it->left);
}

static inline void span_advance(struct span *it, uint32_t c)
{
	it->p += c;
	it->left -= c;
	it->xb += c;
	if (!it->left) {
		if (it->s->step) {
			it->p += it->s->step - it->s->tw;
			it->left = it->s->tw;
		} else {
			it->p = blt_surf_ptr(it->s, it->xb, it->y, &it->left);
		}
	}
}

static inline void copy_bytes(uint8_t *d, const uint8_t *s, uint32_t c)
{
	if (c == 16)
		memcpy(d, s, 16);
	else
		memcpy(d, s, c);
}

static void read_span(const struct blt_surf *s, int64_t xb, int64_t y, uint32_t n, uint8_t *buf)
{
	if (!s->tw) {
		memcpy(buf, s->base + y * s->pitch + xb, n);
		return;
	}
	struct span it;
	span_init(&it, s, xb, y);
	while (n) {
		uint32_t c = n < it.left ? n : it.left;
		copy_bytes(buf, it.p, c);
		buf += c;
		n -= c;
		span_advance(&it, c);
	}
}

static void write_span(const struct blt_surf *s, int64_t xb, int64_t y, uint32_t n, const uint8_t *buf)
{
	if (!s->tw) {
		memcpy(s->base + y * s->pitch + xb, buf, n);
		return;
	}
	struct span it;
	span_init(&it, s, xb, y);
	while (n) {
		uint32_t c = n < it.left ? n : it.left;
		copy_bytes(it.p, buf, c);
		buf += c;
		n -= c;
		span_advance(&it, c);
	}
}

/* Source and destination bytes of the row must not overlap. */
static void copy_span(const struct blt_surf *d, int64_t dxb, int64_t dy, const struct blt_surf *s,
		      int64_t sxb, int64_t sy, uint32_t n)
{
	if (!d->tw && !s->tw) {
		memcpy(d->base + dy * d->pitch + dxb, s->base + sy * s->pitch + sxb, n);
		return;
	}
	struct span di, si;
	span_init(&di, d, dxb, dy);
	span_init(&si, s, sxb, sy);
	while (n) {
		uint32_t c = n < di.left ? n : di.left;
		if (si.left < c)
			c = si.left;
		copy_bytes(di.p, si.p, c);
		n -= c;
		span_advance(&di, c);
		span_advance(&si, c);
	}
}

static bool same_geometry(const struct blt_surf *a, const struct blt_surf *b)
{
	return a->base == b->base && a->pitch == b->pitch && a->tiling == b->tiling &&
	       a->fenced == b->fenced && (!a->fenced || (a->lin0 == b->lin0 && a->fpitch == b->fpitch));
}

/*
 * How an op whose source is a colour surface must be ordered: 0 = source
 * and destination are disjoint; 1/-1 = one surface whose rows are disjoint,
 * go down / up; 2 = copy the source aside first.
 */
static int overlap_mode(const struct blt_op *op, uint32_t nb)
{
	const struct blt_surf *d = &op->dst, *s = &op->src;
	if (!(d->lo < s->hi && s->lo < d->hi))
		return 0;
	int64_t dxb = (int64_t)op->x1 * op->cpp, sxb = (int64_t)op->sx * op->cpp;
	int64_t apitch = d->pitch < 0 ? -(int64_t)d->pitch : d->pitch;
	if (same_geometry(d, s) && dxb >= 0 && sxb >= 0 && dxb + nb <= apitch && sxb + nb <= apitch)
		return op->y1 > op->sy ? -1 : 1;
	return 2;
}

/* Copies the source rectangle into a linear buffer surface. */
static uint8_t *snapshot(const struct blt_op *op, uint32_t nb, uint32_t h, struct blt_surf *snap)
{
	uint8_t *buf = tmp_alloc((size_t)nb * h, false);
	if (!buf)
		return NULL;
	for (uint32_t i = 0; i < h; i++)
		read_span(&op->src, (int64_t)op->sx * op->cpp, op->sy + (int64_t)i, nb, buf + (size_t)i * nb);
	memset(snap, 0, sizeof(*snap));
	snap->base = buf;
	snap->pitch = (int32_t)nb;
	return buf;
}

/*
 * Tile-aligned copies between X and Y tiling, a block of 512 bytes x 32 rows
 * at a time: the block is four whole tiles on each side (16 KiB in, 16 KiB
 * out), so it stays in cache while its 16-byte columns are shuffled, and the
 * destination is written in order. The X side of a block is 32 rows of 512
 * bytes (rows[y]); the Y side four tiles of eight 16-byte columns of 32 rows.
 * An X row's 32 bytes at a column pair go to two Y columns, two rows at a
 * time: with AVX2 that is two 32-byte loads, two lane shuffles and two
 * 32-byte stores per 64 bytes; the portable path moves 16 bytes at a time.
 * Copies of STREAM_MIN bytes and more, which do not stay in the caches
 * anyway, store with non-temporal stores: the destination lines are not read
 * before being overwritten, which is a third of the memory traffic (what
 * glibc's memcpy does for large copies).
 */
#define STREAM_MIN (1u << 20)

static void x_to_y_block(uint8_t *out, uint8_t *const rows[32])
{
	for (int t = 0; t < 4; t++)
		for (int c = 0; c < 8; c++)
			for (int y = 0; y < 32; y++, out += 16)
				memcpy(out, rows[y] + t * 128 + c * 16, 16);
}

static void y_to_x_block(uint8_t *const rows[32], const uint8_t *in)
{
	for (int y = 0; y < 32; y++)
		for (int x16 = 0; x16 < 32; x16++)
			memcpy(rows[y] + x16 * 16, in + (x16 / 8) * 4096 + (x16 % 8) * 512 + y * 16, 16);
}

#if defined(__x86_64__)
/* p is 32-byte aligned when nt */
__attribute__((target("avx2"))) static inline void store_avx2(uint8_t *p, __m256i v, bool nt)
{
	if (nt)
		_mm256_stream_si256((__m256i *)(void *)p, v);
	else
		_mm256_storeu_si256((__m256i *)(void *)p, v);
}

__attribute__((target("avx2"))) static inline __m256i load_avx2(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

__attribute__((target("avx2"))) static void x_to_y_block_avx2(uint8_t *out, uint8_t *const rows[32], bool nt)
{
	for (int t = 0; t < 4; t++, out += 4096)
		for (int c = 0; c < 8; c += 2)
			for (int y = 0; y < 32; y += 2) {
				__m256i a = load_avx2(rows[y] + t * 128 + c * 16);
				__m256i b = load_avx2(rows[y + 1] + t * 128 + c * 16);
				store_avx2(out + c * 512 + y * 16, _mm256_permute2x128_si256(a, b, 0x20), nt);
				store_avx2(out + (c + 1) * 512 + y * 16, _mm256_permute2x128_si256(a, b, 0x31), nt);
			}
}

__attribute__((target("avx2"))) static void y_to_x_block_avx2(uint8_t *const rows[32], const uint8_t *in, bool nt)
{
	for (int y = 0; y < 32; y += 2)
		for (int x16 = 0; x16 < 32; x16 += 2) {
			const uint8_t *col = in + (x16 / 8) * 4096 + (x16 % 8) * 512 + y * 16;
			__m256i a = load_avx2(col), b = load_avx2(col + 512);
			store_avx2(rows[y] + x16 * 16, _mm256_permute2x128_si256(a, b, 0x20), nt);
			store_avx2(rows[y + 1] + x16 * 16, _mm256_permute2x128_si256(a, b, 0x31), nt);
		}
}
#endif

/*
 * Only for non-fenced gen4+ surfaces whose rectangle starts on tile
 * boundaries and is whole tiles wide; returns how many rows (whole blocks)
 * it copied, the caller does the rest.
 */
static uint32_t copy_tiles_xy(const struct blt_op *op, uint32_t nb, uint32_t h, int64_t dxb, int64_t sxb)
{
	const struct blt_surf *d = &op->dst, *s = &op->src;
	bool x_to_y = s->tiling == SHIM_TILING_X && d->tiling == SHIM_TILING_Y;
	bool y_to_x = s->tiling == SHIM_TILING_Y && d->tiling == SHIM_TILING_X;
	if ((!x_to_y && !y_to_x) || d->fenced || s->fenced || !d->tw || !s->tw || s->gen < 4 || d->swizzle ||
	    s->swizzle ||
	    dxb < 0 || sxb < 0 || (dxb | sxb | nb) % 512 || op->y1 % 32 || op->sy % 32)
		return 0;
	bool avx2 = false;
#if defined(__x86_64__)
	avx2 = __builtin_cpu_supports("avx2");
#endif
	uint32_t run, blocks = h - h % 32;
	/* every destination store is 32-byte aligned when the first one is */
	bool nt = avx2 && (uint64_t)nb * blocks >= STREAM_MIN &&
		  !((uintptr_t)blt_surf_ptr(d, dxb, op->y1, &run) % 32);
	for (uint32_t by = 0; by < blocks; by += 32) {
		uint8_t *drow = blt_surf_ptr(d, 0, op->y1 + by, &run);
		uint8_t *srow = blt_surf_ptr(s, 0, op->sy + by, &run);
		const struct blt_surf *xs = x_to_y ? s : d;
		uint8_t *xrow = x_to_y ? srow : drow;
		int64_t xcol = x_to_y ? sxb : dxb, ycol = x_to_y ? dxb : sxb;
		for (uint32_t bx = 0; bx < nb; bx += 512) {
			/* X side: four X tiles down (8 rows each); Y side: four Y tiles across (128 bytes each) */
			uint8_t *rows[32];
			for (int y = 0; y < 32; y++)
				rows[y] = xrow + (int64_t)(y / 8) * 8 * xs->pitch + (int64_t)((uint64_t)(xcol + bx) / 512) * 4096 +
					  (y % 8) * 512;
			uint8_t *yt = (x_to_y ? drow : srow) + (int64_t)((uint64_t)(ycol + bx) / 128) * 4096;
#if defined(__x86_64__)
			if (avx2) {
				if (x_to_y)
					x_to_y_block_avx2(yt, rows, nt);
				else
					y_to_x_block_avx2(rows, yt, nt);
				continue;
			}
#endif
			if (x_to_y)
				x_to_y_block(yt, rows);
			else
				y_to_x_block(rows, yt);
		}
	}
#if defined(__x86_64__)
	if (nt)
		_mm_sfence();	/* the streamed lines are visible before the batch completes */
#endif
	(void)nt;
	return blocks;
}

/*
 * Row copies between two surfaces that are linear or gen4+ tiled without
 * swizzling or a fence. A row splits into pieces where either side's
 * contiguous run ends (a tile column edge); the column edges depend on the
 * byte column only, so the pieces are the same for every row, and within a
 * band (a tile row) the next row of a piece is cw bytes on (pitch bytes when
 * linear). So the pieces are cut once, their addresses computed once per
 * band, and each row is a memcpy per piece. Rows run down (dir 1) or up
 * (dir -1) from row first of the walk.
 */
static bool steppable(const struct blt_surf *s)
{
	return !s->fenced && (!s->tw || s->step);
}

struct piece {
	uint32_t off, len;
	uint8_t *d, *s;
};

static uint32_t run_left(const struct blt_surf *s, int64_t xb, uint32_t n)
{
	if (!s->tw)
		return n;
	uint32_t r = s->tw - (uint32_t)((uint64_t)xb % s->tw);
	return r < n ? r : n;
}

/* Is row y the first one of its band met when walking in direction dir? */
static bool band_start(const struct blt_surf *s, int64_t y, int dir)
{
	if (!s->tw)
		return false;
	int64_t th = s->step / s->tw;
	return dir > 0 ? y % th == 0 : (y + 1) % th == 0;
}

static int copy_rows(const struct blt_op *op, int64_t dxb, int64_t sxb, uint32_t nb, uint32_t h,
		     uint32_t first, int dir)
{
	const struct blt_surf *d = &op->dst, *s = &op->src;
	uint32_t n = 0;
	for (uint32_t k = 0; k < nb; n++)
		k += run_left(s, sxb + k, run_left(d, dxb + k, nb - k));
	struct piece local[64], *pc = local;
	if (n > 64 && !(pc = tmp_alloc(n * sizeof(*pc), false)))
		return -ENOMEM;
	for (uint32_t k = 0, j = 0; k < nb; j++) {
		pc[j].off = k;
		pc[j].len = run_left(s, sxb + k, run_left(d, dxb + k, nb - k));
		k += pc[j].len;
	}
	int64_t dstep = dir * (d->tw ? (int64_t)d->tw : (int64_t)d->pitch);
	int64_t sstep = dir * (s->tw ? (int64_t)s->tw : (int64_t)s->pitch);
	int ret = 0;
	for (uint32_t k = first; k < h; k++) {
		if (blt_overdue(op, k)) {
			ret = -ETIME;
			break;
		}
		int64_t i = dir > 0 ? k : h - 1 - k, dy = op->y1 + i, sy = op->sy + i;
		bool dnew = k == first || band_start(d, dy, dir), snew = k == first || band_start(s, sy, dir);
		for (uint32_t j = 0; j < n; j++) {
			uint32_t run;
			if (dnew)
				pc[j].d = blt_surf_ptr(d, dxb + pc[j].off, dy, &run);
			if (snew)
				pc[j].s = blt_surf_ptr(s, sxb + pc[j].off, sy, &run);
			copy_bytes(pc[j].d, pc[j].s, pc[j].len);
			pc[j].d += dstep;
			pc[j].s += sstep;
		}
	}
	if (pc != local)
		tmp_free(pc);
	return ret;
}

/*
 * A block of whole tile columns (a multiple of 512 bytes at a 512-byte
 * boundary of the destination): with non-temporal stores when nt, as
 * copy_tiles_xy streams big copies, so the destination lines are not read
 * before being overwritten.
 */
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void stream_block_avx2(uint8_t *d, const uint8_t *s, size_t n)
{
	for (size_t i = 0; i < n; i += 128)
		for (size_t k = 0; k < 128; k += 32)
			_mm256_stream_si256((__m256i *)(void *)(d + i + k), load_avx2(s + i + k));
}
#endif

static void copy_block(uint8_t *d, const uint8_t *s, size_t n, bool nt)
{
#if defined(__x86_64__)
	if (nt && !((uintptr_t)d % 32) && !(n % 128)) {
		stream_block_avx2(d, s, n);
		return;
	}
#endif
	(void)nt;
	memcpy(d, s, n);
}

#if defined(__x86_64__)
/* Any bytes: the unaligned head and tail copied, the body streamed (big copies only). */
static void stream_copy(uint8_t *d, const uint8_t *s, size_t n)
{
	size_t head = (32 - (uintptr_t)d % 32) % 32;
	if (n < head + 128) {
		memcpy(d, s, n);
		return;
	}
	size_t body = (n - head) / 128 * 128;
	memcpy(d, s, head);
	copy_block(d + head, s + head, body, true);
	memcpy(d + head + body, s + head + body, n - head - body);
}
#endif

/*
 * A gen4+ tiled surface without swizzling is, band by band (a tile row: th
 * rows), a sequence of columns cw bytes wide (X: 512, Y: 16) laid end to
 * end, each holding its th rows contiguously: X: (xb/512)*4096 + (y%8)*512
 * + xb%512, Y: (xb/16)*512 + (y%32)*16 + xb%16 within a band. So the
 * destination rectangle [dxb, exb) x [op->y1, op->y2) is, per band, one
 * contiguous run over all the whole columns when the band is whole, one run
 * per whole column over the rows it covers when it is not, and the ragged
 * columns at the edges, rows cw bytes apart. walk_tiled hands those pieces
 * to a fill or a copy, looking at the deadline every 64 rows.
 */
struct tiled_walk {
	const struct blt_op *op;
	/* n contiguous bytes from byte column x of row y; whole: a whole band's run */
	void (*run)(const struct tiled_walk *w, int64_t x, int64_t y, size_t n, bool whole);
	/* rows rows of width bytes from byte column x of row y, cw bytes apart */
	void (*ragged)(const struct tiled_walk *w, int64_t x, int64_t y, uint32_t rows, uint32_t width);
};

static int walk_tiled(const struct tiled_walk *w, int64_t dxb, int64_t exb)
{
	const struct blt_op *op = w->op;
	const struct blt_surf *d = &op->dst;
	int64_t cw = d->tw, th = d->step / d->tw, checked = op->y1;
	for (int64_t y = op->y1; y < op->y2;) {
		if (y - checked >= 64) {
			if (blt_overdue(op, 63))
				return -ETIME;
			checked = y;
		}
		int64_t band = y / th * th, r1 = op->y2 - band < th ? op->y2 - band : th;
		uint32_t rows = (uint32_t)(band + r1 - y);
		bool whole_band = y == band && r1 == th;
		for (int64_t x = dxb; x < exb;) {
			int64_t cend = (x / cw + 1) * cw;
			if (x % cw == 0 && cend <= exb) {
				if (whole_band) {	/* every whole column from here: one run */
					int64_t last = exb / cw * cw;
					w->run(w, x, y, (size_t)((last - x) / cw * d->step), true);
					x = last;
					continue;
				}
				w->run(w, x, y, (size_t)rows * (size_t)cw, false);
			} else {
				if (cend > exb)
					cend = exb;
				w->ragged(w, x, y, rows, (uint32_t)(cend - x));
			}
			x = cend;
		}
		y = band + r1;
	}
	return 0;
}

/*
 * Two tiled surfaces of one tile shape whose rectangles sit at the same
 * place in their tiles (byte columns equal modulo the column width cw, rows
 * modulo the band height th): band by band, a whole column of the rectangle
 * is rows * cw contiguous bytes on both sides, and in a whole band the run
 * of whole columns is one contiguous block on both sides (walk_tiled's
 * pieces). So the copy is a memcpy per band, or per column of a partial
 * band, and row by row only for the ragged columns at the edges:
 * what a GL blit between renderbuffers of one size is (1:1, same origin).
 */
static bool same_tile_places(const struct blt_op *op, int64_t dxb, int64_t sxb)
{
	const struct blt_surf *d = &op->dst, *s = &op->src;
	if (!d->tw || !steppable(d) || !steppable(s) || s->tw != d->tw || s->step != d->step || dxb < 0 ||
	    sxb < 0 || op->y1 < 0 || op->sy < 0)
		return false;
	int64_t th = d->step / d->tw;
	return (dxb - sxb) % d->tw == 0 && ((int64_t)op->y1 - op->sy) % th == 0;
}

struct tiled_copy {
	struct tiled_walk w;
	int64_t xoff, yoff;	/* source minus destination position */
	bool nt;
};

static void copy_run(const struct tiled_walk *w, int64_t x, int64_t y, size_t n, bool whole)
{
	const struct tiled_copy *c = (const struct tiled_copy *)w;
	uint32_t run;
	uint8_t *dp = blt_surf_ptr(&w->op->dst, x, y, &run);
	const uint8_t *sp = blt_surf_ptr(&w->op->src, x + c->xoff, y + c->yoff, &run);
	if (whole)
		copy_block(dp, sp, n, c->nt);
	else
		memcpy(dp, sp, n);
}

static void copy_ragged(const struct tiled_walk *w, int64_t x, int64_t y, uint32_t rows, uint32_t width)
{
	const struct tiled_copy *c = (const struct tiled_copy *)w;
	size_t cw = w->op->dst.tw;
	uint32_t run;
	uint8_t *dp = blt_surf_ptr(&w->op->dst, x, y, &run);
	const uint8_t *sp = blt_surf_ptr(&w->op->src, x + c->xoff, y + c->yoff, &run);
	for (uint32_t r = 0; r < rows; r++)
		copy_bytes(dp + r * cw, sp + r * cw, width);
}

static int copy_tiled_same(const struct blt_op *op, int64_t dxb, int64_t sxb, uint32_t nb, uint32_t h)
{
	struct tiled_copy c = { { op, copy_run, copy_ragged }, sxb - dxb, (int64_t)op->sy - op->y1, false };
#if defined(__x86_64__)
	c.nt = (uint64_t)nb * h >= STREAM_MIN && __builtin_cpu_supports("avx2");
#endif
	int ret = walk_tiled(&c.w, dxb, dxb + nb);
#if defined(__x86_64__)
	if (c.nt)
		_mm_sfence();	/* the streamed lines are visible before the batch completes */
#endif
	return ret;
}

static int copy_rect(const struct blt_op *op, uint32_t nb, uint32_t h)
{
	int64_t dxb = (int64_t)op->x1 * op->cpp, sxb = (int64_t)op->sx * op->cpp;
	int mode = overlap_mode(op, nb);
	if (mode == 0 && same_tile_places(op, dxb, sxb))
		return copy_tiled_same(op, dxb, sxb, nb, h);
#if defined(__x86_64__)
	if (mode == 0 && !op->dst.tw && !op->src.tw && !op->dst.fenced && !op->src.fenced &&
	    op->dst.pitch == (int32_t)nb && op->src.pitch == (int32_t)nb && (uint64_t)nb * h >= STREAM_MIN &&
	    __builtin_cpu_supports("avx2")) {
		/* Rows end to end on both sides (a buffer copy, a full-pitch blit): one streamed
		 * copy per 64 rows, the deadline looked at as often. */
		uint8_t *d = op->dst.base + (int64_t)op->y1 * nb + dxb;
		const uint8_t *sp = op->src.base + (int64_t)op->sy * nb + sxb;
		for (uint32_t i = 0; i < h; i += 64) {
			if (i && blt_overdue(op, i - 1)) {
				_mm_sfence();
				return -ETIME;
			}
			uint32_t rows = h - i < 64 ? h - i : 64;
			stream_copy(d + (size_t)i * nb, sp + (size_t)i * nb, (size_t)rows * nb);
		}
		_mm_sfence();	/* the streamed lines are visible before the batch completes */
		return 0;
	}
#endif
	if (mode == 0) {
		uint32_t done = copy_tiles_xy(op, nb, h, dxb, sxb);
		if (steppable(&op->dst) && steppable(&op->src))
			return copy_rows(op, dxb, sxb, nb, h, done, 1);
		for (uint32_t i = done; i < h; i++) {
			if (blt_overdue(op, i))
				return -ETIME;
			copy_span(&op->dst, dxb, op->y1 + (int64_t)i, &op->src, sxb, op->sy + (int64_t)i, nb);
		}
		return 0;
	}
	if (mode == 2) {
		struct blt_surf snap;
		uint8_t *buf = snapshot(op, nb, h, &snap);
		if (!buf)
			return -ENOMEM;
		int ret = 0;
		for (uint32_t i = 0; i < h && !ret; i++) {
			if (blt_overdue(op, i))
				ret = -ETIME;
			else
				write_span(&op->dst, dxb, op->y1 + (int64_t)i, nb, buf + (size_t)i * nb);
		}
		tmp_free(buf);
		return ret;
	}
	if (op->y1 != op->sy && steppable(&op->dst))	/* one surface, rows apart */
		return copy_rows(op, dxb, sxb, nb, h, 0, mode);
	uint8_t *tmp = NULL;
	if (op->y1 == op->sy && !(tmp = tmp_alloc(nb, false)))
		return -ENOMEM;
	int ret = 0;
	for (uint32_t k = 0; k < h && !ret; k++) {
		int64_t i = mode > 0 ? k : h - 1 - k;
		if (blt_overdue(op, k)) {
			ret = -ETIME;
		} else if (tmp) {
			read_span(&op->src, sxb, op->sy + i, nb, tmp);
			write_span(&op->dst, dxb, op->y1 + i, nb, tmp);
		} else {
			copy_span(&op->dst, dxb, op->y1 + i, &op->src, sxb, op->sy + i, nb);
		}
	}
	tmp_free(tmp);
	return ret;
}

/*
 * Fills n bytes of row y from byte column xb with pat, whose byte k % 8 is
 * the one of column k: the colour has a period of cpp (1, 2 or 4) bytes, so
 * the pattern of a run depends on its column only. Each contiguous run is
 * stored from a register (blt_fill_pattern), nothing is read.
 */
static void fill_span(const struct blt_surf *s, int64_t xb, int64_t y, uint32_t n, uint64_t pat)
{
	if (!s->tw) {
		blt_fill_pattern(s->base + y * s->pitch + xb, n, blt_pattern_from(pat, (uint64_t)xb));
		return;
	}
	struct span it;
	span_init(&it, s, xb, y);
	while (n) {
		uint32_t c = n < it.left ? n : it.left;
		blt_fill_pattern(it.p, c, blt_pattern_from(pat, (uint64_t)it.xb));
		n -= c;
		span_advance(&it, c);
	}
}

/*
 * A fill of a tiled surface, piece by piece (walk_tiled): each run and each
 * row of a ragged column is stored from a register. colour is replicated to
 * 8 bytes (cpp is 1, 2 or 4, which divide 8, cw and every run width), so a
 * piece's pattern depends on its first column only.
 */
struct tiled_fill {
	struct tiled_walk w;
	uint64_t pat;
};

static void fill_run(const struct tiled_walk *w, int64_t x, int64_t y, size_t n, bool whole)
{
	uint32_t run;
	(void)whole;
	blt_fill_pattern(blt_surf_ptr(&w->op->dst, x, y, &run), n,
			 blt_pattern_from(((const struct tiled_fill *)w)->pat, (uint64_t)x));
}

static void fill_ragged(const struct tiled_walk *w, int64_t x, int64_t y, uint32_t rows, uint32_t width)
{
	uint32_t run;
	size_t cw = w->op->dst.tw;
	uint8_t *p = blt_surf_ptr(&w->op->dst, x, y, &run);
	uint64_t px = blt_pattern_from(((const struct tiled_fill *)w)->pat, (uint64_t)x);
	for (uint32_t r = 0; r < rows; r++)
		blt_fill_pattern(p + r * cw, width, px);
}

static int fill_tiled(const struct blt_op *op, int64_t dxb, int64_t exb, uint64_t pat)
{
	struct tiled_fill f = { { op, fill_run, fill_ragged }, pat };
	return walk_tiled(&f.w, dxb, exb);
}

static int fill_rect(const struct blt_op *op, uint32_t nb, uint32_t h, uint32_t colour)
{
	const struct blt_surf *d = &op->dst;
	uint32_t c32 = op->cpp == 1 ? (colour & 0xff) * 0x01010101u
		       : op->cpp == 2 ? (colour & 0xffff) * 0x00010001u : colour;
	uint64_t pat = (uint64_t)c32 * 0x100000001ull;
	int64_t dxb = (int64_t)op->x1 * op->cpp, exb = dxb + nb;
	if (!d->tw && !d->fenced && d->pitch == (int32_t)nb) {
		/* Rows end to end (a full-pitch linear fill): one run per 64 rows, as memset
		 * would store it, not a run per row; the deadline is looked at as often. */
		uint8_t *p = d->base + (int64_t)op->y1 * d->pitch + dxb;
		for (uint32_t i = 0; i < h; i += 64) {
			if (i && blt_overdue(op, i - 1))
				return -ETIME;
			uint32_t rows = h - i < 64 ? h - i : 64;
			blt_fill_pattern(p + (size_t)i * nb, (size_t)rows * nb, blt_pattern_from(pat, (uint64_t)dxb));
		}
		return 0;
	}
	if (d->tw && !d->fenced && d->step)
		return fill_tiled(op, dxb, exb, pat);
	for (uint32_t i = 0; i < h; i++) {
		if (blt_overdue(op, i))
			return -ETIME;
		fill_span(d, dxb, op->y1 + (int64_t)i, nb, pat);
	}
	return 0;
}

static int general(const struct blt_op *op, uint32_t w, uint32_t nb, uint32_t h)
{
	uint8_t rop = op->rop;
	bool transp = op->src_transparent || op->pat_transparent;
	bool full = op->cpp != 4 || (op->bytemask & 15) == 15;
	bool need_d = blt_rop_uses_d(rop) || !full || transp;
	bool need_s = blt_rop_uses_s(rop) || op->src_transparent;
	bool need_p = blt_rop_uses_p(rop) || op->pat_transparent;
	const struct blt_surf *src = &op->src;
	int64_t sxb = (int64_t)op->sx * op->cpp, sy = op->sy;
	int order = 1;
	struct blt_surf snap;
	uint8_t *snapbuf = NULL;

	if (op->skind == BLT_SRC_SURF && need_s) {
		int mode = overlap_mode(op, nb);
		if (mode == 2) {
			if (!(snapbuf = snapshot(op, nb, h, &snap)))
				return -ENOMEM;
			src = &snap;
			sxb = 0;
			sy = 0;
		} else if (mode) {
			order = mode;
		}
	}
	size_t sz = (size_t)nb * 5 + (size_t)w * 2 + 64;
	uint8_t *mem = tmp_alloc(sz, true);
	if (!mem) {
		tmp_free(snapbuf);
		return -ENOMEM;
	}
	uint8_t *D = mem, *S = D + nb, *P = S + nb, *M = P + nb, *R = M + nb;
	uint8_t *bits = R + nb, *pbits = bits + w;

	if (op->skind == BLT_SRC_SOLID)
		blt_fill_colour(S, op->s_solid, op->cpp, nb);
	if (op->pkind == BLT_PAT_SOLID)
		blt_fill_colour(P, op->p_solid, op->cpp, nb);
	uint32_t mcol = 0;
	for (int k = 0; k < 4; k++)
		if (full || (op->bytemask >> k & 1))
			mcol |= 0xFFu << (8 * k);

	int64_t dxb = (int64_t)op->x1 * op->cpp;
	int ret = 0;
	for (uint32_t k = 0; k < h; k++) {
		if (blt_overdue(op, k)) {
			ret = -ETIME;
			break;
		}
		int64_t i = order > 0 ? k : h - 1 - k;
		int32_t y = op->y1 + (int32_t)i;
		if (need_d)
			read_span(&op->dst, dxb, y, nb, D);
		if (need_s && op->skind == BLT_SRC_SURF) {
			read_span(src, sxb, sy + i, nb, S);
		} else if (need_s && op->skind == BLT_SRC_MONO) {
			blt_mono_src_bits(op, op->x1, y, w, bits);
			blt_expand(S, bits, w, op->cpp, op->fg, op->bg);
		}
		if (need_p && op->pkind != BLT_PAT_SOLID)
			blt_pattern_row(op, op->x1, y, w, P, op->pat_transparent ? pbits : NULL);
		blt_rop_bytes(rop, R, P, S, D, nb);
		if (!full || transp) {
			blt_fill_colour(M, mcol, op->cpp, nb);
			if (op->src_transparent)
				blt_mask_bits(M, bits, w, op->cpp);
			if (op->pat_transparent)
				blt_mask_bits(M, pbits, w, op->cpp);
			blt_merge_bytes(R, D, M, nb);
		}
		write_span(&op->dst, dxb, y, nb, R);
	}
	tmp_free(mem);
	tmp_free(snapbuf);
	return ret;
}

/*
 * A mono pattern under a ROP that reads neither source nor destination
 * (SNA's 8x8 stipples and opaque stipples): every pixel is one of two
 * colours, or left alone where a transparent pattern's bit is clear, so a
 * row is a store per pixel from an 8-entry table of its phase, walked run
 * by run; nothing is read.
 */
static void store_px(uint8_t *p, uint32_t cpp, uint32_t v)
{
	if (cpp == 4)
		memcpy(p, &v, 4);
	else if (cpp == 2)
		memcpy(p, &(uint16_t){ (uint16_t)v }, 2);
	else
		*p = (uint8_t)v;
}

static int mono_pattern_fill(const struct blt_op *op, uint32_t w, uint32_t h)
{
	const struct blt_surf *d = &op->dst;
	uint32_t cpp = op->cpp, colour[2] = { blt_rop32(op->rop, op->pbg, op->s_solid, 0),
					      blt_rop32(op->rop, op->pfg, op->s_solid, 0) };
	for (uint32_t i = 0; i < h; i++) {
		if (blt_overdue(op, i))
			return -ETIME;
		int64_t y = op->y1 + (int64_t)i;
		uint8_t bits = op->mpat[(unsigned)(y + (int32_t)op->vseed) & 7];
		unsigned col = (unsigned)(op->x1 + (int32_t)op->hseed) & 7;
		struct span it;
		span_init(&it, d, (int64_t)op->x1 * cpp, y);
		for (uint32_t x = 0; x < w;) {
			uint32_t n = it.left / cpp < w - x ? it.left / cpp : w - x;
			for (uint32_t k = 0; k < n; k++) {
				unsigned b = bits >> (7 - ((col + x + k) & 7)) & 1;
				if (b || !op->pat_transparent)
					store_px(it.p + (size_t)k * cpp, cpp, colour[b]);
			}
			x += n;
			if (x < w)
				span_advance(&it, n * cpp);
		}
	}
	return 0;
}

static int run_op(const struct blt_op *op)
{
	uint32_t w = (uint32_t)(op->x2 - op->x1), h = (uint32_t)(op->y2 - op->y1);
	uint32_t nb = w * op->cpp;
	uint8_t rop = op->rop;
	bool full = op->cpp != 4 || (op->bytemask & 15) == 15;
	bool transp = op->src_transparent || op->pat_transparent;

	if (!w || !h)
		return 0;
	if (op->skind == BLT_SRC_SURF && rop == 0xCC && full && !transp)
		return copy_rect(op, nb, h);
	if (!blt_rop_uses_d(rop) && full && !transp &&
	    (!blt_rop_uses_s(rop) || op->skind == BLT_SRC_SOLID) &&
	    (!blt_rop_uses_p(rop) || op->pkind == BLT_PAT_SOLID))
		return fill_rect(op, nb, h, blt_rop32(rop, op->p_solid, op->s_solid, 0));
	if (op->pkind == BLT_PAT_MONO && !op->dst.fenced && !blt_rop_uses_d(rop) && full && !op->src_transparent &&
	    (!blt_rop_uses_s(rop) || op->skind == BLT_SRC_SOLID))
		return mono_pattern_fill(op, w, h);
	return general(op, w, nb, h);
}

struct run {
	const struct blt_op *op;
	int ret;
};

static void run_fn(void *arg)
{
	struct run *r = arg;
	r->ret = run_op(r->op);
}

int blt_run(const struct blt_op *op)
{
	struct run r = { op, 0 };
	/* Surfaces are object memory the caller vouched for; whether a fault on them is
	 * a GPU fault is the caller's guard's to say (none: the fault is not ours). */
	if (shim_fault_call(run_fn, &r, shim_fault_as_outer, NULL)) {
		for (unsigned i = 0; i < MAX_TMP; i++) {
			free(tmp_held[i]);
			tmp_held[i] = NULL;
		}
		return -EFAULT;
	}
	return r.ret;
}
