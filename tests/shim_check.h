/* SPDX-License-Identifier: MIT */
/*
 * Running the shim's invariant checker (i915-shim --check) from tests: in
 * this process through the module's exported entry point, or through the
 * launcher as a program; reading the counts of its summary line, so that a
 * test can compare them before and after (leaks); and a private device
 * instance per test, so that nothing another test left behind is counted.
 * Shim only: callers skip with REQUIRE_SHIM first.
 */
#ifndef TESTS_SHIM_CHECK_H
#define TESTS_SHIM_CHECK_H

#define _GNU_SOURCE
#include <ftw.h>
#include <stdbool.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/harness.h"

/* Exported by libi915_shim.so (shim/os/check_entry.c). */
extern int i915_shim_check(const char *instance, FILE *out, unsigned settle_ms) __attribute__((weak));

/* The checker's output on instance (NULL: this process's) (free it); its verdict in *status. */
static inline char *shim_check_run(const char *instance, unsigned settle_ms, int *status)
{
	ASSERT(i915_shim_check != NULL);
	FILE *out = tmpfile();
	ASSERT(out != NULL);
	int ret = i915_shim_check(instance, out, settle_ms);
	long len = ftell(out);
	ASSERT(len >= 0);
	char *buf = malloc((size_t)len + 1);
	ASSERT(buf != NULL);
	rewind(out);
	buf[fread(buf, 1, (size_t)len, out)] = '\0';
	fclose(out);
	*status = ret;
	return buf;
}

/* The same through the launcher: `i915-shim --check ARGS` from the build tree. */
static inline char *shim_check_launcher(const char *args, int *status)
{
	const char *top = getenv("top_builddir");
	char cmd[4096];
	snprintf(cmd, sizeof(cmd), "'%s/shim/i915-shim' --check %s 2>&1", top ? top : ".", args);
	FILE *p = popen(cmd, "r");
	ASSERT(p != NULL);
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ASSERT(buf != NULL);
	for (size_t n; (n = fread(buf + len, 1, cap - len - 1, p)) > 0;) {
		len += n;
		if (cap - len < 1024) {
			buf = realloc(buf, cap *= 2);
			ASSERT(buf != NULL);
		}
	}
	buf[len] = '\0';
	int st = pclose(p);
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return buf;
}

/* A count of the summary line ("objects", "arena_live", ...); -1 if it has none. */
static inline long long shim_check_count(const char *text, const char *key)
{
	const char *line = text ? strstr(text, "i915-shim: check: summary ") : NULL;
	if (!line)
		return -1;
	size_t klen = strlen(key);
	const char *end = strchr(line, '\n');
	for (const char *p = strchr(line, ' '); p && (!end || p < end); p = strchr(p + 1, ' '))
		if (!strncmp(p + 1, key, klen) && p[1 + klen] == '=')
			return strtoll(p + 2 + klen, NULL, 10);
	return -1;
}

/* Prints the checker's output as TAP diagnostics. */
static inline void shim_check_print(const char *text)
{
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		int n = nl ? (int)(nl - p) : (int)strlen(p);
		printf("# %.*s\n", n, p);
		p = nl ? nl + 1 : p + n;
	}
}

/* This process's instance must be consistent: the checker's output (free it), or the test fails. */
#define SHIM_CHECK_CONSISTENT() shim_check_consistent_at(__FILE__, __LINE__)
#define ASSERT_SHIM_CONSISTENT() free(SHIM_CHECK_CONSISTENT())
static inline char *shim_check_consistent_at(const char *file, int line)
{
	int ret;
	char *text = shim_check_run(NULL, 1000, &ret);
	if (ret != 0) {
		shim_check_print(text);
		printf("# %s:%d: i915-shim --check: %d\n", file, line, ret);
		fflush(stdout);
		_exit(1);
	}
	return text;
}

/* The directory of this process's instance, in dir; false if it has none (yet). */
static inline bool test_instance_find(char *dir, size_t len)
{
	const char *base = getenv("I915_SHIM_DIR");
	char pattern[1024];
	glob_t g;
	snprintf(pattern, sizeof(pattern), "%s/i915-shim-v*-%s-*", base && *base ? base : "/dev/shm",
		 getenv("I915_SHIM_INSTANCE"));
	bool found = glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc == 1;
	if (found)
		snprintf(dir, len, "%s", g.gl_pathv[0]);
	if (g.gl_pathc)
		globfree(&g);
	return found;
}

/* The directory of this process's instance, which must exist. */
static inline void test_instance_dir(char *dir, size_t len)
{
	ASSERT(test_instance_find(dir, len));
}

static inline int test_instance_remove_entry(const char *path, const struct stat *st, int type,
					     struct FTW *ftw)
{
	(void)st; (void)type; (void)ftw;
	return remove(path);
}

/* Removes this process's private instance, if it made one (it must not use the device after). */
static inline void test_instance_remove(void)
{
	char dir[1024];
	if (test_instance_find(dir, sizeof(dir)))
		nftw(dir, test_instance_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * Gives this test process a device instance of its own, before it touches
 * the device: "<instance>-<tag>.<pid>". It goes when the process exits
 * (exit, or a skip), or else with its parent instance: the launcher's
 * --fresh removes every instance whose name starts "<instance>-".
 */
static inline const char *private_instance(const char *tag)
{
	static char name[256];
	const char *parent = getenv("I915_SHIM_INSTANCE");
	snprintf(name, sizeof(name), "%s-%s.%d", parent && *parent ? parent : "test", tag, (int)getpid());
	setenv("I915_SHIM_INSTANCE", name, 1);
	atexit(test_instance_remove);
	return name;
}

#endif
