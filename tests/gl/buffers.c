/* SPDX-License-Identifier: MIT */
/*
 * Buffer objects against Mesa: BufferData/SubData, MapBufferRange with
 * every valid combination of access flags (contents read back through
 * read maps), FlushMappedBufferRange, CopyBufferSubData small, large (more
 * than one blitter row) and within one buffer, BindBufferBase/Range, the
 * queries, EXT_buffer_storage with persistent maps, deleting bound and
 * mapped buffers, and the errors GLES 3.0 names for each call.
 *
 * On our stack the data part runs a second time with GEM_GL_ASSUME_BUSY=1,
 * which makes the driver treat every buffer as busy: whole-buffer writes
 * replace the object, partial ones and INVALIDATE_RANGE maps go through a
 * temporary object the blitter copies into place. The facts must not
 * change.
 */
#include "gltest.h"

static PFNGLBUFFERSTORAGEEXTPROC buffer_storage;

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7 + seed * 13 + (i >> 8));
}

/* States the hash of [off, off+len) of the buffer bound to target, read by a READ map. */
static void fact_contents(const char *what, GLenum target, GLintptr off, GLsizeiptr len)
{
	const uint8_t *p = glMapBufferRange(target, off, len, GL_MAP_READ_BIT);
	if (!p) {
		fact("%s: map failed (%s)", what, gt_err_name(glGetError()));
		return;
	}
	fact("%s: [%ld,+%ld) hash %08x first %u last %u", what, (long)off, (long)len, gt_hash(p, (size_t)len), p[0],
	     p[len - 1]);
	GLboolean ok = glUnmapBuffer(target);
	fact("%s: unmap %d (%s)", what, ok, gt_err_name(glGetError()));
}

static void fact_params(const char *what, GLenum target)
{
	GLint size = -1, usage = -1, mapped = -1, access = -1, moff = -1, mlen = -1;
	GLint64 size64 = -1;
	glGetBufferParameteriv(target, GL_BUFFER_SIZE, &size);
	glGetBufferParameteri64v(target, GL_BUFFER_SIZE, &size64);
	glGetBufferParameteriv(target, GL_BUFFER_USAGE, &usage);
	glGetBufferParameteriv(target, GL_BUFFER_MAPPED, &mapped);
	glGetBufferParameteriv(target, GL_BUFFER_ACCESS_FLAGS, &access);
	glGetBufferParameteriv(target, GL_BUFFER_MAP_OFFSET, &moff);
	glGetBufferParameteriv(target, GL_BUFFER_MAP_LENGTH, &mlen);
	fact("%s: size %d/%lld usage 0x%x mapped %d access 0x%x offset %d length %d (%s)", what, size,
	     (long long)size64, usage, mapped, access, moff, mlen, gt_err_name(glGetError()));
}

static const GLbitfield map_flags[] = {
	GL_MAP_READ_BIT,
	GL_MAP_WRITE_BIT,
	GL_MAP_READ_BIT | GL_MAP_WRITE_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_UNSYNCHRONIZED_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
	GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT,
	GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT |
		GL_MAP_FLUSH_EXPLICIT_BIT,
};

static void data_and_maps(const char *pass)
{
	enum { N = 5000 };
	static uint8_t src[N];
	char what[160];
	GLuint b[3];
	glGenBuffers(3, b);
	fact("%s: gen -> is %d (before bind)", pass, glIsBuffer(b[0]));
	glBindBuffer(GL_ARRAY_BUFFER, b[0]);
	fact("%s: after bind is %d", pass, glIsBuffer(b[0]));
	snprintf(what, sizeof(what), "%s: new buffer", pass);
	fact_params(what, GL_ARRAY_BUFFER);

	fill(src, N, 1);
	glBufferData(GL_ARRAY_BUFFER, N, src, GL_STATIC_DRAW);
	snprintf(what, sizeof(what), "%s: BufferData", pass);
	fact_params(what, GL_ARRAY_BUFFER);
	fact_contents(what, GL_ARRAY_BUFFER, 0, N);

	/* partial and whole writes, several queued: the busy paths */
	fill(src, N, 2);
	glBufferSubData(GL_ARRAY_BUFFER, 100, 57, src);
	glBufferSubData(GL_ARRAY_BUFFER, 4093, 5, src + 9);
	glBufferSubData(GL_ARRAY_BUFFER, 0, 1, src + 3);
	snprintf(what, sizeof(what), "%s: SubData partial", pass);
	fact_contents(what, GL_ARRAY_BUFFER, 0, N);
	fill(src, N, 3);
	glBufferSubData(GL_ARRAY_BUFFER, 0, N, src);
	snprintf(what, sizeof(what), "%s: SubData whole", pass);
	fact_contents(what, GL_ARRAY_BUFFER, 0, N);

	/* copies queue blits that the following maps and writes must respect */
	glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
	glBufferData(GL_COPY_WRITE_BUFFER, N, NULL, GL_DYNAMIC_COPY);
	glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, N);
	fill(src, N, 4);
	glBufferSubData(GL_COPY_WRITE_BUFFER, 1000, 500, src);
	snprintf(what, sizeof(what), "%s: copy then SubData", pass);
	fact_contents(what, GL_COPY_WRITE_BUFFER, 0, N);

	for (unsigned f = 0; f < sizeof(map_flags) / sizeof(map_flags[0]); f++) {
		GLbitfield a = map_flags[f];
		/* reset the contents, then a queued copy over them so the
		 * buffer is in use by the batch when it is mapped */
		fill(src, N, 5 + f);
		glBufferData(GL_ARRAY_BUFFER, N, src, GL_DYNAMIC_DRAW);
		glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_ARRAY_BUFFER, 3000, 2000, 1000);
		const GLintptr off = 37;
		const GLsizeiptr len = 301 + f * 97;
		uint8_t *p = glMapBufferRange(GL_ARRAY_BUFFER, off, len, a);
		snprintf(what, sizeof(what), "%s: map 0x%x", pass, a);
		fact("%s: %s (%s)", what, p ? "mapped" : "NULL", gt_err_name(glGetError()));
		if (!p)
			continue;
		fact_params(what, GL_ARRAY_BUFFER);
		void *q = NULL;
		glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &q);
		check(q == p, "%s: GetBufferPointerv gives the mapping", what);
		if (a & GL_MAP_READ_BIT)
			fact("%s: reads hash %08x", what, gt_hash(p, (size_t)len));
		if (a & GL_MAP_WRITE_BIT) {
			for (GLsizeiptr i = 0; i < len; i++)
				p[i] = (uint8_t)(p[i] * ((a & GL_MAP_READ_BIT) ? 3 : 0) + i + f);
			if (a & GL_MAP_FLUSH_EXPLICIT_BIT) {
				glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 100);
				glFlushMappedBufferRange(GL_ARRAY_BUFFER, 100, len - 100);
				fact("%s: flushes (%s)", what, gt_err_name(glGetError()));
			}
		}
		fact("%s: unmap %d (%s)", what, glUnmapBuffer(GL_ARRAY_BUFFER), gt_err_name(glGetError()));
		fact_contents(what, GL_ARRAY_BUFFER, off, len);
		/* the rest is defined unless the whole buffer was invalidated */
		if (!(a & GL_MAP_INVALIDATE_BUFFER_BIT)) {
			fact_contents(what, GL_ARRAY_BUFFER, 0, off);
			fact_contents(what, GL_ARRAY_BUFFER, off + len, N - off - len);
		}
	}

	/* copies: odd offsets and sizes, more than one 32 KiB blitter row,
	 * between buffers and within one */
	enum { BIG = 3 * 32704 + 1001 + 200 };
	uint8_t *big = malloc(BIG + 64);
	fill(big, BIG + 64, 9);
	glBindBuffer(GL_COPY_READ_BUFFER, b[2]);
	glBufferData(GL_COPY_READ_BUFFER, BIG, big, GL_STREAM_COPY);
	glBufferData(GL_COPY_WRITE_BUFFER, BIG, NULL, GL_STREAM_COPY);
	static const struct { GLintptr r, w; GLsizeiptr n; } copies[] = {
		{ 0, 0, 1 }, { 1, 2, 3 }, { 13, 77, 4 }, { 64, 128, 64 }, { 3, 61, 1000 }, { 13, 77, 3 * 32704 + 1001 },
		{ 0, 5, 32704 }, { 100, 100, 32704 * 2 + 4 }, { 60, 3, 65 },
	};
	for (unsigned i = 0; i < sizeof(copies) / sizeof(copies[0]); i++) {
		glBufferSubData(GL_COPY_WRITE_BUFFER, 0, BIG, big + 50);	/* known background */
		glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, copies[i].r, copies[i].w, copies[i].n);
		snprintf(what, sizeof(what), "%s: copy %ld->%ld +%ld (%s)", pass, (long)copies[i].r, (long)copies[i].w,
			 (long)copies[i].n, gt_err_name(glGetError()));
		fact_contents(what, GL_COPY_WRITE_BUFFER, 0, BIG);
	}
	/* within one buffer, ranges that touch but do not overlap */
	glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 5000, 5000);
	glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 40001, 1, 40000);
	snprintf(what, sizeof(what), "%s: copies within one buffer (%s)", pass, gt_err_name(glGetError()));
	fact_contents(what, GL_COPY_READ_BUFFER, 0, BIG);
	free(big);

	/* deleting a bound, mapped buffer unmaps and unbinds it */
	void *p = glMapBufferRange(GL_COPY_READ_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
	check(p != NULL, "%s: map before delete", pass);
	glBindBuffer(GL_ARRAY_BUFFER, b[2]);
	glDeleteBuffers(1, &b[2]);
	GLint bind[2] = { -1, -1 };
	glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &bind[0]);
	glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &bind[1]);
	fact("%s: after delete: bindings %d %d is %d (%s)", pass, bind[0], bind[1], glIsBuffer(b[2]),
	     gt_err_name(glGetError()));
	glDeleteBuffers(3, b);
	fact("%s: delete again (%s)", pass, gt_err_name(glGetError()));
}

static void indexed(void)
{
	GLuint b;
	glGenBuffers(1, &b);
	glBindBuffer(GL_UNIFORM_BUFFER, b);
	glBufferData(GL_UNIFORM_BUFFER, 1024, NULL, GL_DYNAMIC_DRAW);
	glBindBuffer(GL_UNIFORM_BUFFER, 0);
	GLint align = 0, maxub = 0, maxtf = 0;
	glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
	glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &maxub);
	glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &maxtf);
	printf("# UBO alignment %d, bindings %d, TF buffers %d\n", align, maxub, maxtf);
	check(align >= 1 && align <= 256 && maxub >= 24 && maxtf >= 4, "GLES 3.0 minimums");

	glBindBufferRange(GL_UNIFORM_BUFFER, 2, b, 256, 512);
	fact_err("BindBufferRange(UNIFORM, 2, 256, 512)");
	GLint v = -1;
	GLint64 v64 = -1;
	glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &v);
	fact("generic UNIFORM binding %d", v == (GLint)b);
	glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 2, &v);
	fact("indexed 2 binding %d (%s)", v == (GLint)b, gt_err_name(glGetError()));
	glGetInteger64i_v(GL_UNIFORM_BUFFER_START, 2, &v64);
	fact("indexed 2 start %lld (%s)", (long long)v64, gt_err_name(glGetError()));
	glGetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 2, &v64);
	fact("indexed 2 size %lld (%s)", (long long)v64, gt_err_name(glGetError()));
	glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 3, &v);
	fact("indexed 3 binding %d (%s)", v, gt_err_name(glGetError()));
	glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, (GLuint)maxub, &v);
	fact_err("GetIntegeri_v(UNIFORM_BUFFER_BINDING, max)");
	glGetIntegeri_v(GL_ARRAY_BUFFER_BINDING, 0, &v);
	fact_err("GetIntegeri_v(ARRAY_BUFFER_BINDING, 0)");
	glBindBufferBase(GL_UNIFORM_BUFFER, 3, b);
	glGetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 3, &v64);
	fact("Base: indexed 3 size %lld (%s)", (long long)v64, gt_err_name(glGetError()));
	glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b);
	glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
	fact("TF 1 binding %d (%s)", v == (GLint)b, gt_err_name(glGetError()));

	glBindBufferRange(GL_UNIFORM_BUFFER, (GLuint)maxub, b, 0, 16);
	fact_err("BindBufferRange(UNIFORM, max)");
	glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)maxtf, b);
	fact_err("BindBufferBase(TF, max)");
	glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, 1, 16);
	fact_err("BindBufferRange(UNIFORM, offset 1)");
	glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, 0, 0);
	fact_err("BindBufferRange(UNIFORM, size 0)");
	glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, 0, -4);
	fact_err("BindBufferRange(UNIFORM, size -4)");
	glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 4, 6);
	fact_err("BindBufferRange(TF, size 6)");
	glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 2, 8);
	fact_err("BindBufferRange(TF, offset 2)");
	glBindBufferRange(GL_ARRAY_BUFFER, 0, b, 0, 16);
	fact_err("BindBufferRange(ARRAY_BUFFER)");
	glBindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
	fact_err("BindBufferBase(UNIFORM, 0, buffer 0)");
	glDeleteBuffers(1, &b);
	glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 2, &v);
	fact("after delete: indexed 2 binding %d (%s)", v, gt_err_name(glGetError()));
	glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
	fact("after delete: TF 1 binding %d (%s)", v, gt_err_name(glGetError()));
}

static void errors(void)
{
	GLuint b;
	uint8_t data[64] = { 0 };
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glBufferData(GL_ARRAY_BUFFER, 16, data, GL_STATIC_DRAW);
	fact_err("BufferData with nothing bound");
	glBufferData(0x1234, 16, data, GL_STATIC_DRAW);
	fact_err("BufferData(bad target)");
	glBindBuffer(0x1234, 1);
	fact_err("BindBuffer(bad target)");
	glBindBuffer(GL_ARRAY_BUFFER, 4321);
	fact("BindBuffer(never generated 4321) (%s) is %d", gt_err_name(glGetError()), glIsBuffer(4321));
	glDeleteBuffers(1, (GLuint[]){ 4321 });
	glGenBuffers(-1, &b);
	fact_err("GenBuffers(-1)");
	glDeleteBuffers(-1, &b);
	fact_err("DeleteBuffers(-1)");

	glGenBuffers(1, &b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
	fact_err("BufferData(size -1)");
	glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW + 3);
	fact_err("BufferData(bad usage)");
	glBufferData(GL_ARRAY_BUFFER, 64, data, GL_STREAM_READ);
	fact_err("BufferData(64, STREAM_READ)");
	glBufferSubData(GL_ARRAY_BUFFER, -1, 4, data);
	fact_err("BufferSubData(offset -1)");
	glBufferSubData(GL_ARRAY_BUFFER, 0, -4, data);
	fact_err("BufferSubData(size -4)");
	glBufferSubData(GL_ARRAY_BUFFER, 60, 5, data);
	fact_err("BufferSubData(60 + 5 > 64)");
	glBufferSubData(GL_ARRAY_BUFFER, 64, 0, data);
	fact_err("BufferSubData(64 + 0)");

	static const struct { GLintptr off; GLsizeiptr len; GLbitfield a; const char *what; } maps[] = {
		{ -1, 4, GL_MAP_READ_BIT, "offset -1" },
		{ 0, -4, GL_MAP_READ_BIT, "length -4" },
		{ 0, 0, GL_MAP_READ_BIT, "length 0" },
		{ 60, 8, GL_MAP_READ_BIT, "60 + 8 > 64" },
		{ 0, 4, 0, "access 0" },
		{ 0, 4, GL_MAP_INVALIDATE_RANGE_BIT, "INVALIDATE_RANGE alone" },
		{ 0, 4, GL_MAP_READ_BIT | 0x8000, "unknown bit" },
		{ 0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT, "READ|INVALIDATE_RANGE" },
		{ 0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_BUFFER_BIT, "READ|INVALIDATE_BUFFER" },
		{ 0, 4, GL_MAP_READ_BIT | GL_MAP_UNSYNCHRONIZED_BIT, "READ|UNSYNCHRONIZED" },
		{ 0, 4, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT, "READ|FLUSH_EXPLICIT" },
		{ 0, 4, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT_EXT, "READ|PERSISTENT on BufferData storage" },
	};
	char what[128];
	for (unsigned i = 0; i < sizeof(maps) / sizeof(maps[0]); i++) {
		void *p = glMapBufferRange(GL_ARRAY_BUFFER, maps[i].off, maps[i].len, maps[i].a);
		snprintf(what, sizeof(what), "MapBufferRange(%s) %s", maps[i].what, p ? "mapped" : "NULL");
		fact_err(what);
		if (p)
			glUnmapBuffer(GL_ARRAY_BUFFER);
	}
	glMapBufferRange(0x1234, 0, 4, GL_MAP_READ_BIT);
	fact_err("MapBufferRange(bad target)");
	glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 4, GL_MAP_READ_BIT);
	fact_err("MapBufferRange(nothing bound)");
	glUnmapBuffer(GL_ARRAY_BUFFER);
	fact_err("UnmapBuffer(not mapped)");
	glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
	fact_err("FlushMappedBufferRange(not mapped)");

	void *p = glMapBufferRange(GL_ARRAY_BUFFER, 8, 32, GL_MAP_WRITE_BIT);
	glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
	fact_err("FlushMappedBufferRange(not FLUSH_EXPLICIT)");
	glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT);
	fact_err("MapBufferRange(already mapped)");
	glBufferSubData(GL_ARRAY_BUFFER, 0, 4, data);
	fact_err("BufferSubData(mapped, outside the mapped range)");
	glBufferSubData(GL_ARRAY_BUFFER, 8, 4, data);
	fact_err("BufferSubData(mapped, inside the mapped range)");
	glBufferSubData(GL_ARRAY_BUFFER, 38, 4, data);
	fact_err("BufferSubData(mapped, straddling the end of the mapped range)");
	GLuint c;
	glGenBuffers(1, &c);
	glBindBuffer(GL_COPY_WRITE_BUFFER, c);
	glBufferData(GL_COPY_WRITE_BUFFER, 64, data, GL_STATIC_COPY);
	glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4);
	fact_err("CopyBufferSubData(source mapped)");
	glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_ARRAY_BUFFER, 0, 0, 4);
	fact_err("CopyBufferSubData(destination mapped)");
	check(p != NULL, "write map for the mapped-state errors");
	glUnmapBuffer(GL_ARRAY_BUFFER);

	p = glMapBufferRange(GL_ARRAY_BUFFER, 8, 32, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
	glFlushMappedBufferRange(GL_ARRAY_BUFFER, -1, 4);
	fact_err("FlushMappedBufferRange(offset -1)");
	glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, -1);
	fact_err("FlushMappedBufferRange(length -1)");
	glFlushMappedBufferRange(GL_ARRAY_BUFFER, 30, 4);
	fact_err("FlushMappedBufferRange(30 + 4 > 32)");
	glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 32);
	fact_err("FlushMappedBufferRange(0, 32)");
	/* BufferData on a mapped buffer unmaps it */
	glBufferData(GL_ARRAY_BUFFER, 64, data, GL_STATIC_DRAW);
	GLint mapped = -1;
	glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
	fact("BufferData on a mapped buffer: mapped %d (%s)", mapped, gt_err_name(glGetError()));

	static const struct { GLintptr r, w; GLsizeiptr n; const char *what; } copies[] = {
		{ -1, 0, 4, "read offset -1" }, { 0, -1, 4, "write offset -1" }, { 0, 0, -1, "size -1" },
		{ 61, 0, 4, "read beyond" }, { 0, 61, 4, "write beyond" }, { 0, 0, 0, "size 0" },
	};
	for (unsigned i = 0; i < sizeof(copies) / sizeof(copies[0]); i++) {
		glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, copies[i].r, copies[i].w, copies[i].n);
		snprintf(what, sizeof(what), "CopyBufferSubData(%s)", copies[i].what);
		fact_err(what);
	}
	glCopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 8, 16);
	fact_err("CopyBufferSubData(overlap in one buffer)");
	glCopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 16, 16);
	fact_err("CopyBufferSubData(adjacent in one buffer)");
	glCopyBufferSubData(GL_ARRAY_BUFFER, 0x1234, 0, 0, 4);
	fact_err("CopyBufferSubData(bad write target)");
	glCopyBufferSubData(GL_PIXEL_UNPACK_BUFFER, GL_ARRAY_BUFFER, 0, 0, 4);
	fact_err("CopyBufferSubData(nothing bound to read)");

	GLint iv = -1;
	glGetBufferParameteriv(GL_ARRAY_BUFFER, 0x1234, &iv);
	fact_err("GetBufferParameteriv(bad pname)");
	glGetBufferParameteriv(GL_PIXEL_PACK_BUFFER, GL_BUFFER_SIZE, &iv);
	fact_err("GetBufferParameteriv(nothing bound)");
	glGetBufferPointerv(GL_ARRAY_BUFFER, 0x1234, &p);
	fact_err("GetBufferPointerv(bad pname)");
	p = (void *)1;
	glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &p);
	fact("GetBufferPointerv(not mapped) %s (%s)", p ? "non-NULL" : "NULL", gt_err_name(glGetError()));
	glDeleteBuffers(1, &b);
	glDeleteBuffers(1, &c);
}

static bool has_ext(const char *name)
{
	const char *e = (const char *)glGetString(GL_EXTENSIONS);
	size_t n = strlen(name);
	for (const char *p = e; p && (p = strstr(p, name)); p += n)
		if ((p == e || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
			return true;
	return false;
}

static void storage(void)
{
	if (!buffer_storage) {
		printf("# no GL_EXT_buffer_storage here\n");
		return;
	}
	enum { N = 4096 };
	GLuint b[2];
	uint8_t data[N];
	fill(data, N, 11);
	glGenBuffers(2, b);
	glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
	buffer_storage(GL_COPY_READ_BUFFER, 0, NULL, GL_MAP_WRITE_BIT);
	fact_err("BufferStorageEXT(size 0)");
	buffer_storage(GL_COPY_READ_BUFFER, N, NULL, 0x80000000u);
	fact_err("BufferStorageEXT(unknown flag)");
	buffer_storage(GL_COPY_READ_BUFFER, N, NULL, GL_MAP_PERSISTENT_BIT_EXT);
	fact_err("BufferStorageEXT(PERSISTENT alone)");
	buffer_storage(GL_COPY_READ_BUFFER, N, NULL, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT_EXT);
	fact_err("BufferStorageEXT(COHERENT without PERSISTENT)");
	buffer_storage(GL_COPY_READ_BUFFER, N, data,
		       GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT_EXT | GL_MAP_COHERENT_BIT_EXT);
	fact_err("BufferStorageEXT(READ|WRITE|PERSISTENT|COHERENT)");
	GLint imm = -1, flags = -1, usage = -1;
	glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE_EXT, &imm);
	glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_STORAGE_FLAGS_EXT, &flags);
	glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_USAGE, &usage);
	fact("storage: immutable %d flags 0x%x usage 0x%x (%s)", imm, flags, usage, gt_err_name(glGetError()));
	buffer_storage(GL_COPY_READ_BUFFER, N, NULL, GL_MAP_WRITE_BIT);
	fact_err("BufferStorageEXT again");
	glBufferData(GL_COPY_READ_BUFFER, N, NULL, GL_STATIC_DRAW);
	fact_err("BufferData on immutable storage");
	glBufferSubData(GL_COPY_READ_BUFFER, 0, 4, data);
	fact_err("BufferSubData without DYNAMIC_STORAGE");

	uint8_t *p = glMapBufferRange(GL_COPY_READ_BUFFER, 0, N,
				      GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT_EXT |
					      GL_MAP_COHERENT_BIT_EXT);
	fact("persistent map %s (%s)", p ? "ok" : "NULL", gt_err_name(glGetError()));
	if (!p)
		return;
	fact("persistent map reads hash %08x", gt_hash(p, N));
	for (int i = 0; i < 100; i++)
		p[i] = (uint8_t)(255 - i);
	glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
	glBufferData(GL_COPY_WRITE_BUFFER, N, NULL, GL_STATIC_COPY);
	/* copies to and from a persistently mapped buffer are allowed */
	glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 1000, 200);
	fact_err("CopyBufferSubData from the persistent buffer");
	glBufferSubData(GL_COPY_WRITE_BUFFER, 0, 64, data + 500);
	glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_READ_BUFFER, 0, 3000, 64);
	fact_err("CopyBufferSubData into the persistent buffer");
	glFinish();
	fact("persistent map sees the copy: hash %08x", gt_hash(p + 3000, 64));
	fact_contents("copied out of the persistent buffer", GL_COPY_WRITE_BUFFER, 1000, 200);
	fact("unmap persistent %d (%s)", glUnmapBuffer(GL_COPY_READ_BUFFER), gt_err_name(glGetError()));

	/* read-only storage refuses write maps, and the reverse */
	glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
	glDeleteBuffers(2, b);
	glGenBuffers(2, b);
	glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
	buffer_storage(GL_COPY_READ_BUFFER, N, data, GL_MAP_READ_BIT);
	glMapBufferRange(GL_COPY_READ_BUFFER, 0, 4, GL_MAP_WRITE_BIT);
	fact_err("write map of READ-only storage");
	glMapBufferRange(GL_COPY_READ_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT_EXT);
	fact_err("persistent map of non-persistent storage");
	fact_contents("READ-only storage", GL_COPY_READ_BUFFER, 0, N);
	glBindBuffer(GL_COPY_READ_BUFFER, b[1]);
	buffer_storage(GL_COPY_READ_BUFFER, N, data, GL_DYNAMIC_STORAGE_BIT_EXT);
	glMapBufferRange(GL_COPY_READ_BUFFER, 0, 4, GL_MAP_READ_BIT);
	fact_err("read map of storage without MAP_READ");
	glBufferSubData(GL_COPY_READ_BUFFER, 0, 4, data + 1);
	fact_err("BufferSubData with DYNAMIC_STORAGE");
	glDeleteBuffers(2, b);
}

int main(void)
{
	gt_init();
	buffer_storage = has_ext("GL_EXT_buffer_storage")
				 ? (PFNGLBUFFERSTORAGEEXTPROC)eglGetProcAddress("glBufferStorageEXT")
				 : NULL;
	fact("GL_EXT_buffer_storage: %s", buffer_storage ? "yes" : "no");
	data_and_maps("plain");
	if (gt_ours()) {
		/* our driver's busy paths; Mesa's run prints the same facts twice */
		setenv("GEM_GL_ASSUME_BUSY", "1", 1);
	}
	data_and_maps("busy");
	unsetenv("GEM_GL_ASSUME_BUSY");
	indexed();
	errors();
	storage();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
