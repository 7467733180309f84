/* SPDX-License-Identifier: MIT */
/*
 * PolyFillArc (mi_poly_fill_arc, mi.h): the spans of the X server's filled
 * arcs, our own code.
 *
 * The facts it reproduces (mi's fill-arc code, which fb uses as it is):
 *  - an arc with angle2 == 0, w == 0, h == 0, or w == 1 and h odd is empty;
 *  - |angle2| >= 360 degrees fills the whole ellipse, anything else a slice:
 *    ArcChord cuts it with the line between the two angles' points,
 *    ArcPieSlice with the two lines from the centre;
 *  - the ellipse is walked one scanline pair at a time from the middle out,
 *    with an incremental test of the ellipse equation in doubled
 *    coordinates (centre offset half a pixel for odd sizes): integer terms
 *    when w == h or both are at most 800, doubles otherwise; circles use
 *    their own integer constants;
 *  - each upper row and, unless it is the middle row of an odd height,
 *    its mirrored lower row gives one span, cut by the slice edges, which
 *    are integer DDAs along slopes scaled to 32768 (exact for the axes and,
 *    for chords, when both ends lie on axes); a slice wider than half a
 *    turn on one side gives two spans on a row, which can overlap;
 *  - span coordinates pass through 16-bit points (they wrap).
 * Every span is emitted as often as the server fills it: arcs of one
 * request overlap freely, and so may the two spans of a flipped row.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>

#include "upper-layers/2d/mi.h"

#define FULL (360 * 64)
#define QUARTER (90 * 64)
#define HALF (180 * 64)
#define THREEQ (270 * 64)

static double fsin(int a)
{
	return sin((double)a * (M_PI / 11520.0));
}

static double fcos(int a)
{
	return cos((double)a * (M_PI / 11520.0));
}

static void span(struct g2d_boxes *l, int x, int y, int w)
{
	/* the server's span origin is a 16-bit point */
	g2d_boxes_span(l, (int16_t)x, (int16_t)y, w);
}

/* A slice edge: a DDA stepping x by stepx (+ deltax on carry) per row. */
struct sedge {
	int x, stepx, deltax, e, dy, dx;
};

struct slice {
	struct sedge e1, e2;
	int min_top, max_top, min_bot, max_bot;
	int e1_top, e2_top;
	int flip_top, flip_bot;
};

static void sedge_step(struct sedge *g)
{
	g->x -= g->stepx;
	g->e -= g->dx;
	if (g->e <= 0) {
		g->x -= g->deltax;
		g->e += g->dy;
	}
}

static void sedge_fixed(struct sedge *g, int x)
{
	g->x = x;
	g->stepx = 0;
	g->e = 0;
	g->dx = -1;	/* never carries */
	g->dy = 0;
	g->deltax = 0;
}

/* Places an edge with slope dx/dy (doubled) through the point given by k
 * on the first row of the top (or bottom) half. */
static void sedge_place(const gem2d_arc *arc, struct sedge *g, int k, int top, int left)
{
	int y = arc->height >> 1;

	if (!(arc->width & 1))
		y++;
	if (!top) {
		y = -y;
		if (arc->height & 1)
			y--;
	}
	int xady = (int)(int32_t)((int64_t)k + (int64_t)y * g->dx);

	if (xady <= 0)
		g->x = -((-xady) / g->dy + 1);
	else
		g->x = (xady - 1) / g->dy;
	g->e = xady - g->x * g->dy;
	if ((top && g->dx < 0) || (!top && g->dx > 0))
		g->e = g->dy - g->e + 1;
	if (left)
		g->x++;
	g->x += arc->x + (arc->width >> 1);
	if (g->dx > 0) {
		g->deltax = 1;
		g->stepx = g->dx / g->dy;
		g->dx = g->dx % g->dy;
	} else {
		g->deltax = -1;
		g->stepx = -((-g->dx) / g->dy);
		g->dx = (-g->dx) % g->dy;
	}
	if (!top) {
		g->deltax = -g->deltax;
		g->stepx = -g->stepx;
	}
}

/* the direction of a radius at angle a, scaled so its larger part is 32768 */
static void radius_slope(int a, int w, int h, int *dxp, int *dyp)
{
	switch (a) {
	case 0:
		*dxp = -1;
		*dyp = 0;
		return;
	case QUARTER:
		*dxp = 0;
		*dyp = 1;
		return;
	case HALF:
		*dxp = 1;
		*dyp = 0;
		return;
	case THREEQ:
		*dxp = 0;
		*dyp = -1;
		return;
	}
	double ddx = fcos(a) * w, ddy = fsin(a) * h;
	int negx = ddx < 0.0, negy = ddy < 0.0;

	if (negx)
		ddx = -ddx;
	if (negy)
		ddy = -ddy;
	double scale = ddy > ddx ? ddy : ddx;
	int dx = (int)floor((ddx * 32768) / scale + 0.5);
	int dy = (int)floor((ddy * 32768) / scale + 0.5);

	*dxp = negx ? -dx : dx;
	*dyp = negy ? -dy : dy;
}

static void pie_edge(const gem2d_arc *arc, int a, struct sedge *g, int top, int left)
{
	int dx, dy;

	radius_slope(a, arc->width, arc->height, &dx, &dy);
	if (dy == 0) {
		sedge_fixed(g, left ? -65536 : 65536);
		return;
	}
	if (dx == 0) {
		int x = arc->x + (arc->width >> 1);

		if (left && (arc->width & 1))
			x++;
		else if (!left && !(arc->width & 1))
			x--;
		sedge_fixed(g, x);
		return;
	}
	if (dy < 0) {
		dx = -dx;
		dy = -dy;
	}
	int k = (arc->height & 1) ? dx : 0;

	if (arc->width & 1)
		k += dy;
	g->dx = dx << 1;
	g->dy = dy << 1;
	sedge_place(arc, g, k, top, left);
}

/* the point at angle a on the ellipse of half sizes w2, h2; exact on axes */
static int axis_point(int a, double w2, double h2, double *x, double *y)
{
	if (a == 0 || a == HALF) {
		*x = a ? -w2 : w2;
		*y = 0.0;
		return 1;
	}
	if (a == QUARTER || a == THREEQ) {
		*x = 0.0;
		*y = a == QUARTER ? h2 : -h2;
		return 1;
	}
	*x = fcos(a) * w2;
	*y = fsin(a) * h2;
	return 0;
}

static void slice_setup(const gem2d_arc *arc, int mode, struct slice *sl)
{
	int h = arc->height;
	int a1 = arc->angle1, a2;

	if (arc->angle2 < 0) {
		a2 = a1;
		a1 += arc->angle2;
	} else {
		a2 = a1 + arc->angle2;
	}
	while (a1 < 0)
		a1 += FULL;
	while (a1 >= FULL)
		a1 -= FULL;
	while (a2 < 0)
		a2 += FULL;
	while (a2 >= FULL)
		a2 -= FULL;
	sl->min_top = 0;
	sl->max_top = h >> 1;
	sl->min_bot = 1 - (h & 1);
	sl->max_bot = sl->max_top - 1;
	sl->flip_top = sl->flip_bot = 0;

	if (mode == 1) {	/* ArcPieSlice */
		sl->e1_top = a1 < HALF;
		sl->e2_top = a2 <= HALF;
		if (a2 == 0 || a1 == HALF) {
			if (a2 ? sl->e2_top : sl->e1_top)
				sl->min_top = sl->min_bot;
			else
				sl->min_top = h;
			sl->min_bot = 0;
		} else if (a1 == 0 || a2 == HALF) {
			sl->min_top = sl->min_bot;
			sl->min_bot = (a1 ? sl->e1_top : sl->e2_top) ? h : 0;
		} else if (sl->e1_top == sl->e2_top) {
			if (a2 < a1) {
				sl->flip_top = sl->e1_top;
				sl->flip_bot = !sl->e1_top;
			} else if (sl->e1_top) {
				sl->min_top = 1;
				sl->min_bot = h;
			} else {
				sl->min_bot = 0;
				sl->min_top = h;
			}
		}
		pie_edge(arc, a1, &sl->e1, sl->e1_top, !sl->e1_top);
		pie_edge(arc, a2, &sl->e2, sl->e2_top, sl->e2_top);
		return;
	}

	/* ArcChord */
	double w2 = arc->width / 2.0, h2 = h / 2.0;
	double x1, y1, x2, y2;
	int exact1 = axis_point(a1, w2, h2, &x1, &y1);
	int exact2 = axis_point(a2, w2, h2, &x2, &y2);
	double dx = x2 - x1, dy = y2 - y1;
	int sdx = 1, sdy = 1;

	if (h & 1) {
		y1 -= 0.5;
		y2 -= 0.5;
	}
	if (arc->width & 1) {
		x1 += 0.5;
		x2 += 0.5;
	}
	if (dy < 0.0) {
		dy = -dy;
		sdy = -1;
	}
	if (dx < 0.0) {
		dx = -dx;
		sdx = -1;
	}
	if (exact1 && exact2) {
		sl->e1.dx = (int)(dx * 2);
		sl->e1.dy = (int)(dy * 2);
	} else {
		double scale = dx > dy ? dx : dy;

		sl->e1.dx = (int)floor((dx * 32768) / scale + .5);
		sl->e1.dy = (int)floor((dy * 32768) / scale + .5);
	}
	if (!sl->e1.dy) {
		/* a horizontal chord: rows above or below it */
		int y;

		if (sdx < 0) {
			y = (int)floor(y1 + 1.0);
			if (y >= 0) {
				sl->min_top = y;
				sl->min_bot = h;
			} else {
				sl->max_bot = -y - (h & 1);
			}
		} else {
			y = (int)floor(y1);
			if (y >= 0) {
				sl->max_top = y;
			} else {
				sl->min_top = h;
				sl->min_bot = -y - (h & 1);
			}
		}
		sl->e1_top = 1;
		sedge_fixed(&sl->e1, 65536);
		sl->e2 = sl->e1;
		sl->e2_top = 0;
	} else if (!sl->e1.dx) {
		/* a vertical chord */
		if (sdy < 0)
			x1 -= 1.0;
		sl->e1_top = sdy < 0;
		sedge_fixed(&sl->e1, (int)ceil(x1) + arc->x + (arc->width >> 1));
		sl->e2_top = !sl->e1_top;
		sl->e2 = sl->e1;
	} else {
		if (sdx < 0)
			sl->e1.dx = -sl->e1.dx;
		if (sdy < 0)
			sl->e1.dx = -sl->e1.dx;
		int k = (int)ceil(((x1 + x2) * sl->e1.dy - (y1 + y2) * sl->e1.dx) / 2.0);

		sl->e2.dx = sl->e1.dx;
		sl->e2.dy = sl->e1.dy;
		sl->e1_top = sdy < 0;
		sl->e2_top = !sl->e1_top;
		sedge_place(arc, &sl->e1, k, sl->e1_top, !sl->e1_top);
		sedge_place(arc, &sl->e2, k, sl->e2_top, sl->e2_top);
	}
}

static void slice_row(struct g2d_boxes *fg, int flip, int y, int xl, int xr, int xorg, int x,
		      int slw)
{
	if (!flip) {
		if (xr >= xl)
			span(fg, xl, y, xr - xl + 1);
		return;
	}
	int xc = xorg - x;

	if (xr >= xc)
		span(fg, xc, y, xr - xc + 1);
	xc += slw - 1;
	if (xc >= xl)
		span(fg, xl, y, xc - xl + 1);
}

/*
 * The walk over the rows, generic in the type of the ellipse terms: int for
 * the integer path, double for the other. WALK_T names the type.
 */
#define DEFINE_FILL(SUFFIX, T, CIRCLE_OK)                                                  \
	struct fwalk_##SUFFIX {                                                             \
		int x, y, dx, dy, xorg, yorg;                                               \
		T e, ym, yk, xm, xk;                                                        \
	};                                                                                  \
                                                                                            \
	static void fwalk_setup_##SUFFIX(const gem2d_arc *arc, struct fwalk_##SUFFIX *f)    \
	{                                                                                   \
		int w = arc->width, h = arc->height;                                        \
                                                                                            \
		f->x = 0;                                                                   \
		f->y = h >> 1;                                                              \
		f->dy = h & 1;                                                              \
		f->yorg = arc->y + f->y;                                                    \
		f->xorg = arc->x + (w >> 1) + (w & 1);                                      \
		f->dx = 1 - (w & 1);                                                        \
		if (CIRCLE_OK && w == h) {                                                  \
			f->ym = 8;                                                          \
			f->xm = 8;                                                          \
			f->yk = (T)(f->y << 3);                                             \
			if (!f->dx) {                                                       \
				f->xk = 0;                                                  \
				f->e = -1;                                                  \
			} else {                                                            \
				f->y++;                                                     \
				f->yk += 4;                                                 \
				f->xk = -4;                                                 \
				f->e = (T)(-(f->y << 3));                                   \
			}                                                                   \
			return;                                                             \
		}                                                                           \
		f->ym = (T)w * (T)(w * 8);                                                  \
		f->xm = (T)h * (T)(h * 8);                                                  \
		f->yk = (T)f->y * f->ym;                                                    \
		if (!f->dy)                                                                 \
			f->yk -= f->ym / 2;                                                 \
		if (!f->dx) {                                                               \
			f->xk = 0;                                                          \
			f->e = -(f->xm / 8);                                                \
		} else {                                                                    \
			f->y++;                                                             \
			f->yk += f->ym;                                                     \
			f->xk = -(f->xm / 2);                                               \
			f->e = f->xk - f->yk;                                               \
		}                                                                           \
	}                                                                                   \
                                                                                            \
	/* one row further out; returns the row's span width */                            \
	static int fwalk_step_##SUFFIX(struct fwalk_##SUFFIX *f)                            \
	{                                                                                   \
		int slw;                                                                    \
                                                                                            \
		f->e += f->yk;                                                              \
		while (f->e >= 0) {                                                         \
			f->x++;                                                             \
			f->xk -= f->xm;                                                     \
			f->e += f->xk;                                                      \
		}                                                                           \
		f->y--;                                                                     \
		f->yk -= f->ym;                                                             \
		slw = (f->x << 1) + f->dx;                                                  \
		if (f->e == f->xk && slw > 1)                                               \
			slw--;                                                              \
		return slw;                                                                 \
	}                                                                                   \
                                                                                            \
	static int fwalk_lower_##SUFFIX(const struct fwalk_##SUFFIX *f, int slw)            \
	{                                                                                   \
		return f->y + f->dy != 0 && (slw > 1 || f->e != f->xk);                     \
	}                                                                                   \
                                                                                            \
	static void fill_ellipse_##SUFFIX(struct g2d_boxes *fg, const gem2d_arc *arc)       \
	{                                                                                   \
		struct fwalk_##SUFFIX f;                                                    \
                                                                                            \
		fwalk_setup_##SUFFIX(arc, &f);                                              \
		while (f.y > 0) {                                                           \
			int slw = fwalk_step_##SUFFIX(&f);                                  \
                                                                                            \
			span(fg, f.xorg - f.x, f.yorg - f.y, slw);                          \
			if (fwalk_lower_##SUFFIX(&f, slw))                                  \
				span(fg, f.xorg - f.x, f.yorg + f.y + f.dy, slw);           \
		}                                                                           \
	}                                                                                   \
                                                                                            \
	static void fill_slice_##SUFFIX(struct g2d_boxes *fg, const gem2d_arc *arc,         \
					int mode)                                           \
	{                                                                                   \
		struct fwalk_##SUFFIX f;                                                    \
		struct slice sl;                                                            \
                                                                                            \
		fwalk_setup_##SUFFIX(arc, &f);                                              \
		slice_setup(arc, mode, &sl);                                                \
		while (f.y > 0) {                                                           \
			int slw = fwalk_step_##SUFFIX(&f);                                  \
			int xl, xr;                                                         \
                                                                                            \
			sedge_step(&sl.e1);                                                 \
			sedge_step(&sl.e2);                                                 \
			if (f.y >= sl.min_top && f.y <= sl.max_top) {                       \
				xl = f.xorg - f.x;                                          \
				xr = xl + slw - 1;                                          \
				if (sl.e1_top && sl.e1.x < xr)                              \
					xr = sl.e1.x;                                       \
				if (sl.e2_top && sl.e2.x > xl)                              \
					xl = sl.e2.x;                                       \
				slice_row(fg, sl.flip_top, f.yorg - f.y, xl, xr, f.xorg,    \
					  f.x, slw);                                        \
			}                                                                   \
			if (f.y >= sl.min_bot && f.y <= sl.max_bot) {                       \
				xl = f.xorg - f.x;                                          \
				xr = xl + slw - 1;                                          \
				if (!sl.e1_top && sl.e1.x > xl)                             \
					xl = sl.e1.x;                                       \
				if (!sl.e2_top && sl.e2.x < xr)                             \
					xr = sl.e2.x;                                       \
				slice_row(fg, sl.flip_bot, f.yorg + f.y + f.dy, xl, xr,     \
					  f.xorg, f.x, slw);                                \
			}                                                                   \
		}                                                                           \
	}

DEFINE_FILL(int, int, 1)
DEFINE_FILL(dbl, double, 0)

int mi_poly_fill_arc(struct g2d_boxes *fg, const gem2d_gc *gc, int n, const gem2d_arc *arcs)
{
	for (int i = 0; i < n; i++) {
		const gem2d_arc *a = &arcs[i];
		int whole = a->angle2 >= FULL || a->angle2 <= -FULL;
		int int_path = a->width == a->height || (a->width <= 800 && a->height <= 800);

		if (!a->angle2 || !a->width || !a->height || (a->width == 1 && (a->height & 1)))
			continue;
		if (whole) {
			if (int_path)
				fill_ellipse_int(fg, a);
			else
				fill_ellipse_dbl(fg, a);
		} else {
			if (int_path)
				fill_slice_int(fg, a, gc->arc_mode);
			else
				fill_slice_dbl(fg, a, gc->arc_mode);
		}
	}
	return fg->err;
}
