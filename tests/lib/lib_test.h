/*
 * Helpers shared by the libdrm core library tests: open a node or skip the
 * test, and an fd number that is certainly closed.
 */
#ifndef TESTS_LIB_LIB_TEST_H
#define TESTS_LIB_LIB_TEST_H

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"

static inline int open_primary(void)
{
	int fd = test_open_primary();

	if (fd < 0)
		SKIP_MISSING("cannot open %s: %s", test_primary_path(), strerror(errno));
	return fd;
}

static inline int open_render(void)
{
	int fd = test_open_render();

	if (fd < 0)
		SKIP_MISSING("cannot open %s: %s", test_render_path(), strerror(errno));
	return fd;
}

/* The number of an fd that was just closed: EBADF for whatever uses it. */
static inline int closed_fd(void)
{
	int fd = open("/dev/null", O_RDONLY);

	ASSERT(fd >= 0);
	close(fd);
	return fd;
}

#endif
