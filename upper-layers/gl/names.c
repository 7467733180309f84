/* SPDX-License-Identifier: MIT */
/*
 * Name tables: GL object names are small integers handed out by glGen*,
 * so a table is an array indexed by name. A name is "used" from glGen*
 * (GL_NAME_RESERVED) or from its first bind (the object), until delete.
 * glGen* hands out the lowest free name; every name below the table's
 * hint is in use, so a search starts there rather than at 1. The caller
 * holds the lock of whatever shares the table.
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
	GLuint n = t->hint > 1 ? t->hint : 1;
	while (n < t->cap && t->obj[n])
		n++;
	if (grow(t, n) < 0)
		return 0;
	t->obj[n] = GL_NAME_RESERVED;
	t->hint = n + 1;
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
	if (name != 0 && name < t->cap) {
		t->obj[name] = NULL;
		if (name < t->hint)
			t->hint = name;
	}
}

void gl_names_fini(struct gl_names *t)
{
	free(t->obj);
	t->obj = NULL;
	t->cap = 0;
	t->hint = 0;
}
