/* SPDX-License-Identifier: MIT */
/*
 * GL entry points by name. libglvnd fills its dispatch table by asking the
 * vendor for each GL function it knows (getProcAddress), and
 * eglGetProcAddress reaches extension functions the same way. The table is
 * sorted once, at the first lookup, and searched by bisection. A name missing here gets libglvnd's no-op: every GLES 3.0
 * function must be listed, the ones we cannot do with entry points that
 * record the error and say why.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

struct entry {
	const char *name;
	void *fn;
};

#define E(f) { #f, (void *)f }

static struct entry entries[] = {
	E(glGetInteger64i_v),
	E(glGetIntegeri_v),
	E(glBindBuffer),
	E(glBindBufferBase),
	E(glBindBufferRange),
	E(glBufferData),
	E(glBufferStorageEXT),
	E(glBufferSubData),
	E(glCopyBufferSubData),
	E(glDeleteBuffers),
	E(glFlushMappedBufferRange),
	E(glGenBuffers),
	E(glGetBufferParameteri64v),
	E(glGetBufferParameteriv),
	E(glGetBufferPointerv),
	E(glIsBuffer),
	E(glMapBufferRange),
	E(glUnmapBuffer),
	E(glBindFramebuffer),
	E(glBindRenderbuffer),
	E(glCheckFramebufferStatus),
	E(glClear),
	E(glClearColor),
	E(glClearDepthf),
	E(glClearStencil),
	E(glColorMask),
	E(glDebugMessageCallbackKHR),
	E(glDeleteFramebuffers),
	E(glDeleteRenderbuffers),
	E(glDepthMask),
	E(glDisable),
	E(glEnable),
	E(glFinish),
	E(glFlush),
	E(glFramebufferRenderbuffer),
	E(glGenFramebuffers),
	E(glGenRenderbuffers),
	E(glGetError),
	E(glGetInteger64v),
	E(glGetIntegerv),
	E(glGetString),
	E(glIsEnabled),
	E(glIsFramebuffer),
	E(glIsRenderbuffer),
	E(glPixelStorei),
	E(glReadPixels),
	E(glRenderbufferStorage),
	E(glRenderbufferStorageMultisample),
	E(glScissor),
	E(glStencilMask),
	E(glViewport),
};

static int cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct entry *)elem)->name);
}

static int cmp_entries(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

static void sort_entries(void)
{
	qsort(entries, sizeof(entries) / sizeof(entries[0]), sizeof(entries[0]), cmp_entries);
}

void *gl_get_proc_address(const char *name)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	if (!name)
		return NULL;
	pthread_once(&once, sort_entries);
	const struct entry *e = bsearch(name, entries, sizeof(entries) / sizeof(entries[0]), sizeof(entries[0]), cmp);
	return e ? e->fn : NULL;
}
