/* SPDX-License-Identifier: MIT */
/*
 * A small TAP test harness shared by every test program.
 *
 * Each test is a function run in a forked child, so a crash, an assertion or a
 * leaked fd in one test cannot touch the next one; the parent prints one TAP
 * line per test. Exit status 77 from a child means "skipped". A test that
 * takes longer than TEST_TIMEOUT seconds (default 60) is killed and fails.
 *
 * TEST_ONLY=name runs a single test. Tests write diagnostics as "# ..." lines.
 */
#ifndef TESTS_HARNESS_H
#define TESTS_HARNESS_H

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct test {
	const char *name;
	void (*fn)(void);
};

#define TEST(name) static void name(void)
#define T(name) { #name, name }
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define TEST_FAIL(...) do { \
	printf("# %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); \
	fflush(stdout); _exit(1); } while (0)

#define SKIP(...) do { printf("# skip: "); printf(__VA_ARGS__); printf("\n"); \
	fflush(stdout); exit(77); } while (0)

#define ASSERT(cond) do { if (!(cond)) TEST_FAIL("assertion failed: %s", #cond); } while (0)

#define ASSERT_EQ(a, b) do { \
	long long _a = (long long)(a), _b = (long long)(b); \
	if (_a != _b) TEST_FAIL("%s == %s: %lld != %lld", #a, #b, _a, _b); } while (0)

#define ASSERT_NE(a, b) do { \
	long long _a = (long long)(a), _b = (long long)(b); \
	if (_a == _b) TEST_FAIL("%s != %s: both %lld", #a, #b, _a); } while (0)

#define ASSERT_STREQ(a, b) do { \
	const char *_a = (a), *_b = (b); \
	if (!_a || !_b || strcmp(_a, _b)) TEST_FAIL("%s == %s: \"%s\" != \"%s\"", #a, #b, \
		_a ? _a : "(null)", _b ? _b : "(null)"); } while (0)

/* The call must succeed (return >= 0). */
#define ASSERT_OK(call) do { errno = 0; long long _r = (long long)(call); \
	if (_r < 0) TEST_FAIL("%s failed: %lld (errno %d %s)", #call, _r, errno, strerror(errno)); \
	} while (0)

/* The call must fail with -1 and errno == err (the ioctl/libc convention). */
#define ASSERT_ERRNO(call, err) do { errno = 0; long long _r = (long long)(call); int _e = errno; \
	if (_r != -1 || _e != (err)) TEST_FAIL("%s: expected -1/%s, got %lld/%s", #call, \
		strerror(err), _r, _r == -1 ? strerror(_e) : "no error"); } while (0)

/* The call must return -err (the libdrm_intel convention). */
#define ASSERT_NEG_ERRNO(call, err) do { long long _r = (long long)(call); \
	if (_r != -(err)) TEST_FAIL("%s: expected -%s, got %lld", #call, strerror(err), _r); \
	} while (0)

static inline int run_tests(const struct test *tests, size_t n)
{
	const char *only = getenv("TEST_ONLY");
	const char *tmo = getenv("TEST_TIMEOUT");
	unsigned timeout = tmo ? (unsigned)atoi(tmo) : 60;
	int failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("1..%zu\n", n);
	for (size_t i = 0; i < n; i++) {
		if (only && strcmp(only, tests[i].name)) {
			printf("ok %zu - %s # SKIP not selected\n", i + 1, tests[i].name);
			continue;
		}
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			alarm(timeout);
			tests[i].fn();
			fflush(stdout);
			exit(0);
		}
		int status = 0;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
			printf("ok %zu - %s\n", i + 1, tests[i].name);
		} else if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
			printf("ok %zu - %s # SKIP\n", i + 1, tests[i].name);
		} else {
			if (WIFSIGNALED(status))
				printf("# killed by signal %d%s\n", WTERMSIG(status),
				       WTERMSIG(status) == SIGALRM ? " (timeout)" : "");
			printf("not ok %zu - %s\n", i + 1, tests[i].name);
			failed++;
		}
	}
	return failed ? 1 : 0;
}

#define TEST_MAIN(...) \
	int main(void) { static const struct test _tests[] = { __VA_ARGS__ }; \
	return run_tests(_tests, ARRAY_SIZE(_tests)); }

#endif
