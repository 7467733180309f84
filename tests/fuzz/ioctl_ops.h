/* SPDX-License-Identifier: MIT */
/*
 * The operations of tests/fuzz/ioctl_fuzz.c's input programs, shared with the
 * seed writer (tests/fuzz/make_seeds.c). An operation starts with one byte:
 * below 0x20 it is PREAD (even) or PWRITE (odd); from 0x20 it is operation
 * byte % IOCTL_OP_COUNT. The arguments that follow are read in the order the
 * harness's op_*() functions read them.
 */
#ifndef TESTS_FUZZ_IOCTL_OPS_H
#define TESTS_FUZZ_IOCTL_OPS_H

enum ioctl_fuzz_op {
	IOCTL_OP_CREATE, IOCTL_OP_CLOSE, IOCTL_OP_MMAP, IOCTL_OP_MUNMAP, IOCTL_OP_TILING,
	IOCTL_OP_OBJECT_STATE, IOCTL_OP_USERPTR, IOCTL_OP_EXEC, IOCTL_OP_FLINK_OPEN, IOCTL_OP_PRIME,
	IOCTL_OP_DMABUF, IOCTL_OP_SYNCOBJ, IOCTL_OP_SYNC_FILE, IOCTL_OP_CONTEXT, IOCTL_OP_QUERY,
	IOCTL_OP_DUMB, IOCTL_OP_FILE, IOCTL_OP_RAW,
	IOCTL_OP_COUNT
};

#define IOCTL_OP_PREAD_BYTE 0x00
#define IOCTL_OP_PWRITE_BYTE 0x01

/* The first byte from 0x20 that selects op. */
static inline unsigned char ioctl_op_byte(enum ioctl_fuzz_op op)
{
	unsigned b = 0x20;
	while (b % IOCTL_OP_COUNT != (unsigned)op)
		b++;
	return (unsigned char)b;
}

#endif
