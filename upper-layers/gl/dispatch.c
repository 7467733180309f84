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
	E(glActiveTexture),
	E(glBindFramebuffer),
	E(glBindRenderbuffer),
	E(glBindTexture),
	E(glBlitFramebuffer),
	E(glCheckFramebufferStatus),
	E(glClear),
	E(glClearBufferfi),
	E(glClearBufferfv),
	E(glClearBufferiv),
	E(glClearBufferuiv),
	E(glClearColor),
	E(glClearDepthf),
	E(glClearStencil),
	E(glColorMask),
	E(glCompressedTexImage2D),
	E(glCompressedTexImage3D),
	E(glCompressedTexSubImage2D),
	E(glCompressedTexSubImage3D),
	E(glCopyImageSubDataEXT),
	E(glCopyImageSubDataOES),
	E(glCopyTexImage2D),
	E(glCopyTexSubImage2D),
	E(glCopyTexSubImage3D),
	E(glDebugMessageCallbackKHR),
	E(glDeleteFramebuffers),
	E(glDeleteRenderbuffers),
	E(glDeleteTextures),
	E(glDepthMask),
	E(glDisable),
	E(glDrawBuffers),
	E(glEnable),
	E(glFinish),
	E(glFlush),
	E(glFramebufferRenderbuffer),
	E(glFramebufferTexture2D),
	E(glFramebufferTextureLayer),
	E(glGenFramebuffers),
	E(glGenRenderbuffers),
	E(glGenTextures),
	E(glGenerateMipmap),
	E(glGetError),
	E(glGetFramebufferAttachmentParameteriv),
	E(glGetInteger64v),
	E(glGetIntegerv),
	E(glGetInternalformativ),
	E(glGetRenderbufferParameteriv),
	E(glGetString),
	E(glGetTexParameterfv),
	E(glGetTexParameteriv),
	E(glInvalidateFramebuffer),
	E(glInvalidateSubFramebuffer),
	E(glIsEnabled),
	E(glIsFramebuffer),
	E(glIsRenderbuffer),
	E(glIsTexture),
	E(glPixelStorei),
	E(glReadBuffer),
	E(glReadPixels),
	E(glRenderbufferStorage),
	E(glRenderbufferStorageMultisample),
	E(glScissor),
	E(glStencilMask),
	E(glTexImage2D),
	E(glTexImage3D),
	E(glTexParameterf),
	E(glTexParameterfv),
	E(glTexParameteri),
	E(glTexParameteriv),
	E(glTexStorage2D),
	E(glTexStorage3D),
	E(glTexSubImage2D),
	E(glTexSubImage3D),
	E(glViewport),
	/* the GLES 3.2 name of the same function */
	{ "glCopyImageSubData", (void *)glCopyImageSubDataEXT },
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
