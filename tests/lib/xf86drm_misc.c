/* SPDX-License-Identifier: MIT */
/*
 * libdrm core support routines: drmMsg (LIBGL_DEBUG=verbose and the
 * server's debug_print hook), drmSetServerInfo, drmError, drmMalloc,
 * drmFree. No device needed.
 */
#include <stdarg.h>
#include <stdio.h>

#include "xf86drm.h"
#include "tests/harness.h"

/* Run fn with stderr going to a temporary file; return what it printed. */
static char *capture_stderr(void (*fn)(void))
{
	static char buf[4096];
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;

	ASSERT(tmp != NULL && saved >= 0);
	fflush(stderr);
	ASSERT(dup2(fileno(tmp), 2) == 2);
	fn();
	fflush(stderr);
	ASSERT(dup2(saved, 2) == 2);
	close(saved);
	rewind(tmp);
	n = fread(buf, 1, sizeof(buf) - 1, tmp);
	buf[n] = '\0';
	fclose(tmp);
	return buf;
}

static void say_hello(void)
{
	drmMsg("hello %d %s\n", 42, "drm");
}

TEST(msg_silent_by_default)
{
	unsetenv("LIBGL_DEBUG");
	ASSERT_STREQ(capture_stderr(say_hello), "");
	setenv("LIBGL_DEBUG", "quiet", 1);
	ASSERT_STREQ(capture_stderr(say_hello), "");
}

TEST(msg_verbose)
{
	setenv("LIBGL_DEBUG", "verbose", 1);
	ASSERT_STREQ(capture_stderr(say_hello), "hello 42 drm\n");
	/* "verbose" anywhere in the value counts */
	setenv("LIBGL_DEBUG", "foo,verbose", 1);
	ASSERT_STREQ(capture_stderr(say_hello), "hello 42 drm\n");
}

static char hook_buf[256];
static int hook_calls;

static int hook_print(const char *format, va_list ap)
{
	hook_calls++;
	return vsnprintf(hook_buf, sizeof(hook_buf), format, ap);
}

TEST(msg_server_hook)
{
	drmServerInfo info = { hook_print, NULL, NULL };

	unsetenv("LIBGL_DEBUG");
	drmSetServerInfo(&info);
	/* With a hook, messages go to it even without LIBGL_DEBUG. */
	ASSERT_STREQ(capture_stderr(say_hello), "");
	ASSERT_EQ(hook_calls, 1);
	ASSERT_STREQ(hook_buf, "hello 42 drm\n");
	drmSetServerInfo(NULL);
	ASSERT_STREQ(capture_stderr(say_hello), "");
	ASSERT_EQ(hook_calls, 1);
}

TEST(msg_server_info_without_hook)
{
	/* Server info without debug_print: libdrm would call NULL here. */
	drmServerInfo info = { NULL, NULL, NULL };

	setenv("LIBGL_DEBUG", "verbose", 1);
	drmSetServerInfo(&info);
	ASSERT_STREQ(capture_stderr(say_hello), "hello 42 drm\n");
	drmSetServerInfo(NULL);
}

static int error_code;
static const char *error_label;

static void print_error(void)
{
	ASSERT_EQ(drmError(error_code, error_label), 1);
}

static void expect_error(int code, const char *label, const char *want)
{
	error_code = code;
	error_label = label;
	ASSERT_STREQ(capture_stderr(print_error), want);
}

TEST(error_messages)
{
	char want[128];

	expect_error(DRM_ERR_NO_DEVICE, "x", "x: no device\n");
	expect_error(DRM_ERR_NO_ACCESS, "x", "x: no access\n");
	expect_error(DRM_ERR_NOT_ROOT, "x", "x: not root\n");
	expect_error(DRM_ERR_INVALID, "x", "x: invalid args\n");
	snprintf(want, sizeof(want), "lbl: error %d (%s)\n", ENOENT, strerror(ENOENT));
	expect_error(-ENOENT, "lbl", want);
	expect_error(ENOENT, "lbl", want);
}

TEST(error_null_label)
{
	char *out;

	error_code = EINVAL;
	error_label = NULL;
	out = capture_stderr(print_error);
	ASSERT(strstr(out, "error 22") != NULL);
}

TEST(malloc_zeroed)
{
	unsigned char *p = drmMalloc(4096);

	ASSERT(p != NULL);
	for (int i = 0; i < 4096; i++)
		ASSERT_EQ(p[i], 0);
	drmFree(p);
	drmFree(NULL);
	ASSERT(drmMalloc(-1) == NULL);
}

TEST_MAIN(
	T(msg_silent_by_default),
	T(msg_verbose),
	T(msg_server_hook),
	T(msg_server_info_without_hook),
	T(error_messages),
	T(error_null_label),
	T(malloc_zeroed),
)
