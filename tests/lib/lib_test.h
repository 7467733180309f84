/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the libdrm core library tests: an fd number that is
 * certainly closed (opening nodes: tests/drm_test_util.h).
 */
#ifndef TESTS_LIB_LIB_TEST_H
#define TESTS_LIB_LIB_TEST_H

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"

/* The number of an fd that was just closed: EBADF for whatever uses it. */
static inline int closed_fd(void)
{
	int fd = open("/dev/null", O_RDONLY);

	ASSERT(fd >= 0);
	close(fd);
	return fd;
}

#endif
