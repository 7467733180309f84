/* SPDX-License-Identifier: MIT */
/*
 * GL sync objects against Mesa: fences after blitter work, client waits
 * with zero and real timeouts, FLUSH_COMMANDS, server waits, GetSynciv,
 * labels on syncs, and the errors of FenceSync, ClientWaitSync, WaitSync,
 * DeleteSync and GetSynciv for bad flags, timeouts and handles.
 */
#include "gltest.h"

static const char *wait_name(GLenum r)
{
	switch (r) {
	case GL_ALREADY_SIGNALED: return "ALREADY_SIGNALED";
	case GL_CONDITION_SATISFIED: return "CONDITION_SATISFIED";
	case GL_TIMEOUT_EXPIRED: return "TIMEOUT_EXPIRED";
	case GL_WAIT_FAILED: return "WAIT_FAILED";
	default: return "?";
	}
}

int main(void)
{
	gt_init();
	/* some work for the fence to follow: a buffer copy */
	GLuint b[2];
	glGenBuffers(2, b);
	glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
	glBufferData(GL_COPY_READ_BUFFER, 1 << 20, NULL, GL_STATIC_COPY);
	glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
	glBufferData(GL_COPY_WRITE_BUFFER, 1 << 20, NULL, GL_STATIC_COPY);
	glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 1 << 20);

	GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	fact("FenceSync %s (%s) is %d", s ? "ok" : "NULL", gt_err_name(glGetError()), glIsSync(s));
	GLint v[4] = { -1, -1, -1, -1 };
	GLsizei len = -1;
	glGetSynciv(s, GL_OBJECT_TYPE, 4, &len, v);
	fact("OBJECT_TYPE 0x%x length %d (%s)", v[0], len, gt_err_name(glGetError()));
	glGetSynciv(s, GL_SYNC_CONDITION, 4, &len, v);
	fact("SYNC_CONDITION 0x%x (%s)", v[0], gt_err_name(glGetError()));
	glGetSynciv(s, GL_SYNC_FLAGS, 4, &len, v);
	fact("SYNC_FLAGS %d (%s)", v[0], gt_err_name(glGetError()));
	GLenum r = glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 5000000000ull);
	check(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED, "wait with FLUSH_COMMANDS: %s", wait_name(r));
	fact_err("ClientWaitSync(FLUSH, 5 s)");
	glGetSynciv(s, GL_SYNC_STATUS, 4, &len, v);
	fact("after the wait: SYNC_STATUS 0x%x (%s)", v[0], gt_err_name(glGetError()));
	r = glClientWaitSync(s, 0, 0);
	fact("ClientWaitSync(0, 0) on a signaled sync: %s (%s)", wait_name(r), gt_err_name(glGetError()));
	glWaitSync(s, 0, GL_TIMEOUT_IGNORED);
	fact_err("WaitSync(0, TIMEOUT_IGNORED)");
	glGetSynciv(s, GL_SYNC_STATUS, 0, &len, v);
	fact("GetSynciv(bufSize 0): length %d (%s)", len, gt_err_name(glGetError()));

	/* errors */
	GLsync bad = (GLsync)(uintptr_t)0x12345;
	glFenceSync(0x1234, 0);
	fact_err("FenceSync(bad condition)");
	glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1);
	fact_err("FenceSync(flags 1)");
	r = glClientWaitSync(s, 0x2, 0);
	fact("ClientWaitSync(flags 2): %s (%s)", wait_name(r), gt_err_name(glGetError()));
	r = glClientWaitSync(bad, 0, 0);
	fact("ClientWaitSync(bad handle): %s (%s)", wait_name(r), gt_err_name(glGetError()));
	glWaitSync(s, 1, GL_TIMEOUT_IGNORED);
	fact_err("WaitSync(flags 1)");
	glWaitSync(s, 0, 1000);
	fact_err("WaitSync(timeout 1000)");
	glWaitSync(bad, 0, GL_TIMEOUT_IGNORED);
	fact_err("WaitSync(bad handle)");
	glGetSynciv(s, 0x1234, 4, &len, v);
	fact_err("GetSynciv(bad pname)");
	glGetSynciv(bad, GL_SYNC_STATUS, 4, &len, v);
	fact_err("GetSynciv(bad handle)");
	glGetSynciv(s, GL_SYNC_STATUS, -1, &len, v);
	fact_err("GetSynciv(bufSize -1)");
	fact("IsSync(bad) %d IsSync(0) %d (%s)", glIsSync(bad), glIsSync(0), gt_err_name(glGetError()));
	glDeleteSync(bad);
	fact_err("DeleteSync(bad handle)");
	glDeleteSync(0);
	fact_err("DeleteSync(0)");
	glDeleteSync(s);
	fact("after DeleteSync: IsSync %d (%s)", glIsSync(s), gt_err_name(glGetError()));
	glDeleteSync(s);
	fact_err("DeleteSync again");

	/* many fences in flight, waited in reverse, with timeouts */
	GLsync many[8];
	for (int i = 0; i < 8; i++) {
		glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 1 << 19);
		many[i] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	}
	bool all = true;
	for (int i = 7; i >= 0; i--) {
		r = glClientWaitSync(many[i], GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
		all = all && (r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
		glDeleteSync(many[i]);
	}
	check(all, "eight fences all signal");
	fact_err("eight fences");
	glFinish();
	glDeleteBuffers(2, b);
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
