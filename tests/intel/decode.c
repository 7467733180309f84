/* SPDX-License-Identifier: MIT */
/*
 * The batch decoder: golden text for MI and blitter batches (libdrm's format,
 * identical from both libraries), our output compared line by line with
 * Debian's libdrm_intel loaded beside it, and bad input (truncated packets,
 * unknown commands, garbage) that must never read past the buffer.
 */
#define _GNU_SOURCE
#include "config.h"	/* DEBIAN_LIBDRM_SO, DEBIAN_LIBDRM_INTEL_SO */

#include <dlfcn.h>
#include <stdio.h>

#include "hwdefs/intel_commands.h"
#include "tests/intel/intel_test.h"

#define SNB 0x0126	/* gen6 */
#define IVB 0x0166	/* gen7 */
#define SKL 0x1912	/* gen9 */
#define I945G 0x2772	/* gen3 */
#define BASE 0x12300000

typedef struct drm_intel_decode *(*alloc_fn)(uint32_t);
struct decoder {
	struct drm_intel_decode *(*alloc)(uint32_t);
	void (*set_batch)(struct drm_intel_decode *, void *, uint32_t, int);
	void (*set_out)(struct drm_intel_decode *, FILE *);
	void (*set_head_tail)(struct drm_intel_decode *, uint32_t, uint32_t);
	void (*set_past_end)(struct drm_intel_decode *, int);
	void (*decode)(struct drm_intel_decode *);
	void (*free)(struct drm_intel_decode *);
};

static const struct decoder linked = {
	drm_intel_decode_context_alloc, drm_intel_decode_set_batch_pointer,
	drm_intel_decode_set_output_file, drm_intel_decode_set_head_tail,
	drm_intel_decode_set_dump_past_end, drm_intel_decode, drm_intel_decode_context_free,
};

/* Decodes into a malloc'd string (caller frees). */
static char *run(const struct decoder *d, uint32_t devid, const uint32_t *batch, int n,
		 int past_end)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct drm_intel_decode *ctx = d->alloc(devid);
	ASSERT(f && ctx);
	d->set_batch(ctx, (void *)batch, BASE, n);
	d->set_out(ctx, f);
	d->set_head_tail(ctx, 0xffffffff, 0xffffffff);
	d->set_past_end(ctx, past_end);
	d->decode(ctx);
	d->free(ctx);
	fclose(f);
	return text;
}

static void expect(const char *got, const char *want)
{
	if (strcmp(got, want))
		TEST_FAIL("decoder output differs.\n--- got:\n%s--- want:\n%s", got, want);
}

/*
 * gen6 blitter: libdrm's detailed decodes. The headers are built from the
 * vocabulary; the golden text spells every dword, so it checks both.
 */
#define RGBA INTEL_BLT_WRITE_RGBA
static const uint32_t blt_gen6[] = {
	XY_COLOR_BLT | RGBA | INTEL_LEN(6), 0x03f00100, 0x00080004, 0x00180014, 0x00010000, 0xff336699,
	XY_SRC_COPY_BLT | RGBA | INTEL_LEN(8), 0x03cc0200, 0x00000000, 0x00100010, 0x00020000,
	0x00040002, 0x00000100, 0x00030000,
	XY_SETUP_BLT | INTEL_LEN(8), 0x03cc0040, 0x00000000, 0x00400040, 0x00050000, 0, 0xffffffff, 0,
	XY_SCANLINES_BLT | INTEL_LEN(3), 0x00010001, 0x00020008,
	MI_FLUSH_DW | INTEL_LEN(3), 0x00000000, 0x00000000,
	MI_BATCH_BUFFER_END, MI_NOOP,
};

static const char blt_gen6_text[] =
"0x12300000:      0x54300004: XY_COLOR_BLT (rgb enabled, alpha enabled, src tile 0, dst tile 0)\n"
"0x12300004:      0x03f00100:    format 8888, pitch 256, rop 0xf0, clipping disabled,  \n"
"0x12300008:      0x00080004:    (4,8)\n"
"0x1230000c:      0x00180014:    (20,24)\n"
"0x12300010:      0x00010000:    offset 0x00010000\n"
"0x12300014:      0xff336699:    color\n"
"0x12300018:      0x54f00006: XY_SRC_COPY_BLT (rgb enabled, alpha enabled, src tile 0, dst tile 0)\n"
"0x1230001c:      0x03cc0200:    format 8888, pitch 512, rop 0xcc, clipping disabled,  \n"
"0x12300020:      0x00000000:    dst (0,0)\n"
"0x12300024:      0x00100010:    dst (16,16)\n"
"0x12300028:      0x00020000:    dst offset 0x00020000\n"
"0x1230002c:      0x00040002:    src (2,4)\n"
"0x12300030:      0x00000100:    src pitch 256\n"
"0x12300034:      0x00030000:    src offset 0x00030000\n"
"0x12300038:      0x40400006: XY_SETUP_BLT (rgb disabled, alpha disabled, src tile 0, dst tile 0)\n"
"0x1230003c:      0x03cc0040:    format 8888, pitch 64, rop 0xcc, clipping disabled,  \n"
"0x12300040:      0x00000000:    cliprect (0,0)\n"
"0x12300044:      0x00400040:    cliprect (64,64)\n"
"0x12300048:      0x00050000:    setup dst offset 0x00050000\n"
"0x1230004c:      0x00000000:    setup background color\n"
"0x12300050:      0xffffffff:    setup foreground color\n"
"0x12300054:      0x00000000:    color pattern offset\n"
"0x12300058:      0x49400001: XY_SCANLINES_BLT (pattern seed (0, 0), dst tile 0)\n"
"0x1230005c:      0x00010001:    dest (1,1)\n"
"0x12300060:      0x00020008:    dest (8,2)\n"
"0x12300064:      0x13000001: MI_FLUSH_DW post_sync_op='no write' \n"
"0x12300068:      0x00000000:    address\n"
"0x1230006c:      0x00000000:    dword\n"
"0x12300070:      0x05000000: MI_BATCH_BUFFER_END\n"
"0x12300074:      0x00000000:    \n";

TEST(golden_blitter_gen6)
{
	char *t = run(&linked, SNB, blt_gen6, ARRAY_SIZE(blt_gen6), 0);
	expect(t, blt_gen6_text);
	free(t);
}

static const uint32_t mi_gen6[] = {
	MI_NOOP, MI_NOOP | INTEL_NOOP_WRITE_ID | 0x123,
	MI_STORE_DATA_INDEX | INTEL_LEN(3), 0x00000080, 0x00000007,
	MI_USER_INTERRUPT, MI_FLUSH,
	MI_BATCH_BUFFER_END, 0x11111111, 0x22222222,	/* then raw */
};

static const char mi_gen6_text[] =
"0x12300000:      0x00000000: MI_NOOP\n"
"0x12300004:      0x00400123: MI_NOOP write NOPID reg, val=0x123\n"
"0x12300008:      0x10800001: MI_STORE_DATA_INDEX\n"
"0x1230000c:      0x00000080:    index\n"
"0x12300010:      0x00000007:    dword\n"
"0x12300014:      0x01000000: MI_USER_INTERRUPT\n"
"0x12300018:      0x02000000: MI_FLUSH\n"
"0x1230001c:      0x05000000: MI_BATCH_BUFFER_END\n"
"0x12300020:      0x11111111:    \n"
"0x12300024:      0x22222222:    \n";

TEST(golden_mi_gen6)
{
	char *t = run(&linked, SNB, mi_gen6, ARRAY_SIZE(mi_gen6), 0);
	expect(t, mi_gen6_text);
	free(t);
}

/* Dump past end: decoding goes on after MI_BATCH_BUFFER_END; HEAD/TAIL tags. */
TEST(past_end_and_head_tail)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct drm_intel_decode *ctx = drm_intel_decode_context_alloc(SNB);
	ASSERT(ctx);
	drm_intel_decode_set_batch_pointer(ctx, (void *)mi_gen6, BASE, ARRAY_SIZE(mi_gen6));
	drm_intel_decode_set_output_file(ctx, f);
	drm_intel_decode_set_head_tail(ctx, BASE + 4, BASE + 0x14);
	drm_intel_decode_set_dump_past_end(ctx, 5);
	drm_intel_decode(ctx);
	drm_intel_decode_context_free(ctx);
	fclose(f);
	ASSERT(strstr(text, "0x12300004: HEAD 0x00400123: MI_NOOP write NOPID"));
	ASSERT(strstr(text, "0x12300014: TAIL 0x01000000: MI_USER_INTERRUPT"));
	ASSERT(strstr(text, "0x12300020:      0x11111111: MI_STORE_DATA_IMM\n") ||
	       strstr(text, "0x12300020:      0x11111111: "));
	ASSERT(!strstr(text, "0x12300020:      0x11111111:    \n"));	/* decoded, not raw */
	free(text);
}

/* Unknown devices: NULL, as in 2.4.114; NULL contexts are ignored. */
TEST(context_alloc)
{
	struct drm_intel_decode *ctx = drm_intel_decode_context_alloc(0x1234);
	ASSERT(ctx == NULL);
	ctx = drm_intel_decode_context_alloc(SKL);
	ASSERT(ctx != NULL);
	drm_intel_decode_context_free(ctx);
	if (IS_DEBIAN)
		return;
	drm_intel_decode(NULL);
	drm_intel_decode_set_batch_pointer(NULL, NULL, 0, 0);
	drm_intel_decode_set_output_file(NULL, stdout);
	drm_intel_decode_context_free(NULL);
}

/* Bad input: truncated packets, unknown opcodes, bad lengths, garbage. */
TEST(bad_input)
{
	static const uint32_t trunc[] = { XY_COLOR_BLT | RGBA | INTEL_LEN(6), 0x03f00100, 0x00080004 };
	char *t = run(&linked, SNB, trunc, 3, 0);
	ASSERT(strstr(t, "XY_COLOR_BLT"));
	ASSERT(strstr(t, "ERROR: Decode attempted to continue beyond end of batchbuffer\n"));
	ASSERT(strstr(t, "0xd0d0d0d0"));		/* the one filler dword libdrm shows */
	free(t);
	/* MI opcode 0x3f, 2D opcode 0x7f, clients 1 and 4: not commands; a long XY_COLOR_BLT */
	static const uint32_t unknown[] = { 0x1f800000, 0x5fc00000, 0x20000000, 0x80000000,
					    XY_COLOR_BLT | RGBA | INTEL_LEN(11), 0, 0, 0, 0, 0, 0, 0, 0, 0,
					    MI_BATCH_BUFFER_END };
	t = run(&linked, SNB, unknown, ARRAY_SIZE(unknown), 0);
	ASSERT(strstr(t, "MI UNKNOWN\n"));
	ASSERT(strstr(t, "2D UNKNOWN\n"));
	ASSERT(strstr(t, "UNKNOWN\n"));
	ASSERT(strstr(t, "Bad count in XY_COLOR_BLT\n"));
	free(t);
	/* An LRI claiming 257 dwords in a 2-dword batch, and random garbage. */
	uint32_t *g = malloc(4 * 4096);
	srand(7);
	for (int i = 0; i < 4096; i++)
		g[i] = (uint32_t)rand() * 2654435761u ^ (uint32_t)rand();
	g[0] = MI_LOAD_REGISTER_IMM | 0xff;
	static const uint32_t devids[] = { 0x2582, 0x2a42, SNB, IVB, 0x1616, SKL, 0x8a52 };
	for (size_t k = 0; k < ARRAY_SIZE(devids); k++) {
		uint32_t *two = malloc(8);	/* exact size: memcheck sees any over-read */
		memcpy(two, g, 8);
		free(run(&linked, devids[k], two, 2, 0));
		free(run(&linked, devids[k], two, 2, 1));
		free(two);
		free(run(&linked, devids[k], g, 4096, 1));
	}
	free(g);
}

/* Debian's libdrm_intel beside ours (dlopen, its own symbols first). */
static bool load_debian(struct decoder *d)
{
	/* A namespace of its own, so its libdrm.so.2 is Debian's too, not ours. */
	if (!DEBIAN_LIBDRM_SO[0] || !DEBIAN_LIBDRM_INTEL_SO[0])	/* configure found none */
		return false;
	void *core = dlmopen(LM_ID_NEWLM, DEBIAN_LIBDRM_SO, RTLD_NOW);
	Lmid_t lm;
	if (!core || dlinfo(core, RTLD_DI_LMID, &lm))
		return false;
	void *h = dlmopen(lm, DEBIAN_LIBDRM_INTEL_SO, RTLD_NOW);
	if (!h)
		return false;
	*(void **)&d->alloc = dlsym(h, "drm_intel_decode_context_alloc");
	*(void **)&d->set_batch = dlsym(h, "drm_intel_decode_set_batch_pointer");
	*(void **)&d->set_out = dlsym(h, "drm_intel_decode_set_output_file");
	*(void **)&d->set_head_tail = dlsym(h, "drm_intel_decode_set_head_tail");
	*(void **)&d->set_past_end = dlsym(h, "drm_intel_decode_set_dump_past_end");
	*(void **)&d->decode = dlsym(h, "drm_intel_decode");
	*(void **)&d->free = dlsym(h, "drm_intel_decode_context_free");
	return d->alloc && d->decode && d->free;
}

/* Lines that start with an address: the first 29 characters (address, tag, dword). */
static void compare_structure(const char *ours, const char *theirs, bool full_text)
{
	const char *a = ours, *b = theirs;
	int line = 1;

	for (;;) {
		while (*a && strncmp(a, "0x", 2)) a = strchr(a, '\n') ? strchr(a, '\n') + 1 : a + strlen(a);
		while (*b && strncmp(b, "0x", 2)) b = strchr(b, '\n') ? strchr(b, '\n') + 1 : b + strlen(b);
		if (!*a || !*b)
			break;
		const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
		size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
		size_t n = full_text ? (la > lb ? la : lb) : 29;
		if (la < 29 || lb < 29 || strncmp(a, b, n))
			TEST_FAIL("line %d differs:\n ours:   %.*s\n debian: %.*s", line,
				  (int)la, a, (int)lb, b);
		a += la + (ea != NULL);
		b += lb + (eb != NULL);
		line++;
	}
	if (*a || *b)
		TEST_FAIL("different number of dword lines (ours %s, debian %s)", *a ? "more" : "ended",
			  *b ? "more" : "ended");
}

TEST(same_as_debian)
{
	OURS_ONLY("compares the two libraries");
	struct decoder deb;
	if (!load_debian(&deb))
		SKIP("no Debian libdrm_intel.so.1: %s", dlerror());	/* external */
	/* libdrm-defined decodes: the whole text is the same. */
	char *o = run(&linked, SNB, blt_gen6, ARRAY_SIZE(blt_gen6), 0);
	char *d = run(&deb, SNB, blt_gen6, ARRAY_SIZE(blt_gen6), 0);
	expect(o, d);
	free(o); free(d);
	o = run(&linked, IVB, mi_gen6, ARRAY_SIZE(mi_gen6), 0);
	d = run(&deb, IVB, mi_gen6, ARRAY_SIZE(mi_gen6), 0);
	expect(o, d);
	free(o); free(d);
	o = run(&linked, IVB, mi_gen6, ARRAY_SIZE(mi_gen6), 1);
	d = run(&deb, IVB, mi_gen6, ARRAY_SIZE(mi_gen6), 1);
	compare_structure(o, d, false);
	free(o); free(d);
	/* Packets libdrm prints as "dword N": same packets, same dwords, same names. */
	static const uint32_t mixed[] = {
		MI_STORE_DATA_IMM | INTEL_LEN(4), 0x00000000, 0x00001000, 0x12345678,	/* gen6 */
		MI_LOAD_REGISTER_IMM_N(1), 0x00002358, 0x00000001,
		MI_STORE_REGISTER_MEM | INTEL_LEN(3), 0x00002358, 0x00004000,
		XY_MONO_SRC_COPY_BLT | INTEL_LEN(8), 0x03cc0100, 0, 0x00100010, 0x1000, 0x00ff00ff,
		0xff000000, 0x2000,
		XY_MONO_PAT_BLT | INTEL_LEN(9), 0x03f00100, 0, 0x00080008, 0x3000, 0, 0xffffff,
		0x55aa55aa, 0xaa55aa55,
		PIPE_CONTROL | INTEL_LEN(4), 0x00104000, 0x00002000, 0x00000001,	/* gen6 */
		MI_BATCH_BUFFER_START | INTEL_BB_START_PPGTT | INTEL_LEN(2), 0x00004000,
		MI_BATCH_BUFFER_END, MI_NOOP,
	};
	o = run(&linked, SNB, mixed, ARRAY_SIZE(mixed), 0);
	d = run(&deb, SNB, mixed, ARRAY_SIZE(mixed), 0);
	printf("# ours:\n%s", o);
	compare_structure(o, d, false);
	free(o); free(d);
	/* gen9: MI and blitter packets with 64-bit addresses, same framing. */
	static const uint32_t skl[] = {
		MI_STORE_DATA_IMM_GEN8, 0x00001000, 0x00000000, 0xc0ffee,
		MI_FLUSH_DW_GEN8 | INTEL_POST_SYNC_WRITE_IMM << INTEL_POST_SYNC_SHIFT, 0x00002000,
		0x00000000, 0x00000005,
		MI_LOAD_REGISTER_IMM_N(2), 0x00022200, 0x00030003, 0x00002358, 1,
		MI_BATCH_BUFFER_START_GEN8, 0x00004000, 0x00000000,
		MI_BATCH_BUFFER_END, MI_NOOP,
	};
	o = run(&linked, SKL, skl, ARRAY_SIZE(skl), 0);
	d = run(&deb, SKL, skl, ARRAY_SIZE(skl), 0);
	printf("# ours:\n%s", o);
	compare_structure(o, d, false);
	free(o); free(d);
	/* 945G: 3DSTATE_LOAD_STATE_IMMEDIATE_1 (S3-S6, 4 dwords: length 3 in bits 3:0, under the
	 * register mask in 11:4) and a plain 3DSTATE, as Mesa's i915g emits them. */
	static const uint32_t i945[] = {
		0x7d040783, 0, 0x00902c40, 0, 0x00020000,
		0x7d990000, 0,				/* 3DSTATE_DFLT_DIFFUSE */
		MI_NOOP, MI_BATCH_BUFFER_END,
	};
	o = run(&linked, I945G, i945, ARRAY_SIZE(i945), 0);
	d = run(&deb, I945G, i945, ARRAY_SIZE(i945), 0);
	printf("# ours:\n%s# Debian's:\n%s", o, d);
	compare_structure(o, d, false);
	free(o); free(d);
}

/* Beyond libdrm: gen8+ blits and PIPE_CONTROL with 64-bit addresses, every dword shown. */
TEST(gen9_addresses)
{
	OURS_ONLY("decodes gen8+ packets with the gen<8 layout and drops dwords");
	static const uint32_t b[] = {
		XY_COLOR_BLT | RGBA | INTEL_LEN(7), 0x03f00100, 0x00080004, 0x00180014, 0x00010000,
		0x00000001, 0xff336699,
		PIPE_CONTROL_GEN8, 0x01104000, 0x00003000, 0, 7, 0,
	};
	char *t = run(&linked, SKL, b, ARRAY_SIZE(b), 0);
	expect(t,
"0x12300000:      0x54300005: XY_COLOR_BLT (rgb enabled, alpha enabled, src tile 0, dst tile 0)\n"
"0x12300004:      0x03f00100:    format 8888, pitch 256, rop 0xf0, clipping disabled,  \n"
"0x12300008:      0x00080004:    (4,8)\n"
"0x1230000c:      0x00180014:    (20,24)\n"
"0x12300010:      0x00010000:    offset 0x00010000\n"
"0x12300014:      0x00000001:    address high 0x00000001\n"
"0x12300018:      0xff336699:    color\n"
"0x1230001c:      0x7a000004: PIPE_CONTROL\n"
"0x12300020:      0x01104000:    qword write, cs stall, \n"
"0x12300024:      0x00003000:    destination address 0x00003000 (global gtt)\n"
"0x12300028:      0x00000000:    address high 0x00000000\n"
"0x1230002c:      0x00000007:    immediate dword low 0x00000007\n"
"0x12300030:      0x00000000:    immediate dword high 0x00000000\n");
	free(t);
	/* 3DSTATE_VF_STATISTICS is one dword: the next packet starts right after it. */
	static const uint32_t vf[] = { 0x680b0001, MI_BATCH_BUFFER_END };
	t = run(&linked, SKL, vf, ARRAY_SIZE(vf), 0);
	expect(t,
"0x12300000:      0x680b0001: 3DSTATE_VF_STATISTICS\n"
"0x12300004:      0x05000000: MI_BATCH_BUFFER_END\n");
	free(t);
}

int main(void)
{
	static const struct test tests[] = {
		T(golden_blitter_gen6), T(golden_mi_gen6), T(past_end_and_head_tail),
		T(context_alloc), T(bad_input), T(same_as_debian), T(gen9_addresses),
	};
	return run_tests(tests, ARRAY_SIZE(tests));
}
