/* SPDX-License-Identifier: MIT */
/*
 * Name tables: GL object names are small integers handed out by glGen*,
 * so a table is an array indexed by name. A name is "used" from glGen*
 * (GL_NAME_RESERVED) or from its first bind (the object), until delete.
 * The caller holds the lock of whatever shares the table.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static int grow(struct gl_names *t, GLuint name)
{
	if (name < t->cap)
		return 0;
	unsigned cap = t->cap ? t->cap : 16;
	while (cap <= name) {
		if (cap > (1u << 30))
			return -ENOMEM;
		cap *= 2;
	}
	void **obj = realloc(t->obj, cap * sizeof(*obj));
	if (!obj)
		return -ENOMEM;
	memset(obj + t->cap, 0, (cap - t->cap) * sizeof(*obj));
	t->obj = obj;
	t->cap = cap;
	return 0;
}

GLuint gl_names_gen(struct gl_names *t)
{
	for (GLuint n = 1; n < t->cap; n++)
		if (!t->obj[n]) {
			t->obj[n] = GL_NAME_RESERVED;
			return n;
		}
	GLuint n = t->cap ? t->cap : 1;
	if (grow(t, n) < 0)
		return 0;
	t->obj[n] = GL_NAME_RESERVED;
	return n;
}

void *gl_names_get(const struct gl_names *t, GLuint name)
{
	if (name == 0 || name >= t->cap || t->obj[name] == GL_NAME_RESERVED)
		return NULL;
	return t->obj[name];
}

bool gl_names_is_used(const struct gl_names *t, GLuint name)
{
	return name != 0 && name < t->cap && t->obj[name] != NULL;
}

int gl_names_set(struct gl_names *t, GLuint name, void *obj)
{
	int ret = grow(t, name);
	if (ret < 0)
		return ret;
	t->obj[name] = obj;
	return 0;
}

void gl_names_remove(struct gl_names *t, GLuint name)
{
	if (name != 0 && name < t->cap)
		t->obj[name] = NULL;
}

void gl_names_fini(struct gl_names *t)
{
	free(t->obj);
	t->obj = NULL;
	t->cap = 0;
}
