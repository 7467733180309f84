/* SPDX-License-Identifier: MIT */
/*
 * The 2D layer's explicit fences (gem2d_add_in_fence, gem2d_flush_fence):
 * what a compositor needs to read a buffer another client renders.
 *  - bad input: -EINVAL (or the kernel's errno: SYNC_IOC_MERGE of something
 *    that is not a sync_file is -ENOENT), and the fd is the device's all
 *    the same;
 *  - an in-fence makes the GPU wait, not the caller: a producer's batch
 *    spins on a semaphore (MI_SEMAPHORE_WAIT, gen8+) before it fills a
 *    shared buffer; the consumer's copy of that buffer, submitted with the
 *    producer's out-fence as its in-fence, returns at once, does not finish
 *    while the semaphore holds, and copies the producer's pixels once it is
 *    released;
 *  - two in-fences before one submission are merged;
 *  - on the CPU path (GEM2D_CPU_ONLY) the read waits for the fence on the
 *    CPU: the pixels are the producer's as well;
 *  - an empty submission returns no out-fence and keeps the in-fence for
 *    the next.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <fcntl.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "hwdefs/intel_devices.h"
#include "tests/harness.h"
#include "tests/2d/gem2d_test.h"

#define W 128
#define H 64
#define FILL 0x00336699u

static bool signalled(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

/*
 * The producer: a batch that waits for *flag == 1, then nothing else (the
 * fill is a second batch on the same ring, after it). Returns the out-fence
 * of the fill, or -1 when the device is older than gen8.
 */
struct producer {
	struct t2d_dev t;
	drm_intel_bo *flag, *wait_batch;
	uint32_t *flag_map;
	gem2d_pixmap *pix;
};

static int producer_start(struct producer *p)
{
	ASSERT_OK(t2d_open(&p->t, 0));
	int gen = intel_gen_from_devid(drm_intel_bufmgr_gem_get_devid(p->t.bufmgr));
	if (gen < 8)
		return -1;
	p->flag = drm_intel_bo_alloc(p->t.bufmgr, "flag", 4096, 4096);
	p->wait_batch = drm_intel_bo_alloc(p->t.bufmgr, "wait", 4096, 4096);
	ASSERT(p->flag && p->wait_batch);
	ASSERT_OK(drm_intel_gem_bo_map_unsynchronized(p->flag));
	p->flag_map = p->flag->virtual;
	p->flag_map[0] = 0;
	uint32_t b[8] = {
		MI_SEMAPHORE_WAIT | INTEL_LEN(4) | INTEL_SEMAPHORE_POLL |
			(INTEL_SAD_EQUAL_SDD << INTEL_SEMAPHORE_OP_SHIFT),
		1, (uint32_t)p->flag->offset64, (uint32_t)(p->flag->offset64 >> 32),
		MI_BATCH_BUFFER_END, MI_NOOP,
	};
	ASSERT_OK(drm_intel_bo_subdata(p->wait_batch, 0, sizeof(b), b));
	ASSERT_OK(drm_intel_bo_emit_reloc(p->wait_batch, 8, p->flag, 0, I915_GEM_DOMAIN_RENDER, 0));
	ASSERT_OK(drm_intel_bo_mrb_exec(p->wait_batch, 24, NULL, 0, 0, I915_EXEC_BLT));
	p->pix = gem2d_pixmap_create(p->t.dev, W, H, 24, GEM2D_TILING_DEFAULT);
	ASSERT(p->pix);
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u, .foreground = FILL };
	gem2d_rect r = { 0, 0, W, H };
	ASSERT_OK(gem2d_poly_fill_rectangle(p->pix, &gc, 1, &r));
	int fence = -1;
	ASSERT_OK(gem2d_flush_fence(p->t.dev, &fence));
	ASSERT(fence >= 0);
	return fence;
}

static void producer_release(struct producer *p)
{
	__atomic_store_n(&p->flag_map[0], 1, __ATOMIC_RELEASE);
}

static void producer_end(struct producer *p)
{
	gem2d_finish(p->t.dev);
	gem2d_pixmap_destroy(p->pix);
	drm_intel_bo_unmap(p->flag);
	drm_intel_bo_unreference(p->flag);
	drm_intel_bo_unreference(p->wait_batch);
	t2d_close(&p->t);
}

static gem2d_pixmap *import(struct t2d_dev *t, gem2d_pixmap *src)
{
	int fd = -1;
	uint32_t stride;
	uint64_t mod;
	ASSERT_OK(gem2d_pixmap_export_dmabuf(src, &fd, &stride, &mod));
	gem2d_pixmap *pix = gem2d_pixmap_from_dmabuf(t->dev, fd, W, H, 24, stride, mod);
	close(fd);
	ASSERT(pix);
	return pix;
}

static long count_not(gem2d_pixmap *pix, uint32_t value)
{
	uint8_t *img = t2d_read(pix, W, H, 24);
	ASSERT(img);
	long bad = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			bad += t2d_pixel(img, t2d_stride(W, 24), 24, x, y) != value;
	free(img);
	return bad;
}

TEST(bad_input)
{
	struct t2d_dev t;
	ASSERT_OK(t2d_open(&t, 0));
	int fd = -1;
	ASSERT_EQ(gem2d_add_in_fence(NULL, -1), -EINVAL);
	ASSERT_EQ(gem2d_add_in_fence(t.dev, -1), -EINVAL);
	ASSERT_EQ(gem2d_flush_fence(NULL, &fd), -EINVAL);
	ASSERT_EQ(fd, -1);
	ASSERT_EQ(gem2d_flush_fence(t.dev, NULL), -EINVAL);
	/* The fd is the device's even when the call fails: a pipe end, not a sync_file,
	 * fails to merge (the kernel's -ENOENT) and is closed. */
	int pipefd[2];
	ASSERT_OK(pipe(pipefd));
	int sync_fd = -1;
	gem2d_pixmap *pix = gem2d_pixmap_create(t.dev, 8, 8, 24, GEM2D_TILING_DEFAULT);
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u, .foreground = 1 };
	gem2d_rect r = { 0, 0, 8, 8 };
	ASSERT_OK(gem2d_poly_fill_rectangle(pix, &gc, 1, &r));
	ASSERT_OK(gem2d_flush_fence(t.dev, &sync_fd));
	ASSERT(sync_fd >= 0);
	ASSERT_OK(gem2d_add_in_fence(t.dev, sync_fd));
	ASSERT_EQ(gem2d_add_in_fence(t.dev, pipefd[0]), -ENOENT);
	ASSERT_ERRNO(fcntl(pipefd[0], F_GETFD), EBADF);
	close(pipefd[1]);
	/* Nothing queued: no out-fence; the in-fence waits for the next batch. */
	ASSERT_OK(gem2d_flush_fence(t.dev, &fd));
	ASSERT_EQ(fd, -1);
	ASSERT_OK(gem2d_poly_fill_rectangle(pix, &gc, 1, &r));
	ASSERT_OK(gem2d_flush_fence(t.dev, &fd));
	ASSERT(fd >= 0);
	ASSERT(signalled(fd, 10000));
	close(fd);
	gem2d_pixmap_destroy(pix);
	t2d_close(&t);
}

/* A producer spinning on its semaphore, and a consumer (a device made with
 * `flags`) holding an import of the producer's pixmap and a destination;
 * returns the producer's fence, or skips before gen8. */
struct consumer {
	struct t2d_dev t;
	gem2d_pixmap *src, *dst;
};

static int start(struct producer *p, struct consumer *c, unsigned flags)
{
	int fence = producer_start(p);
	if (fence < 0) {
		producer_end(p);
		SKIP("MI_SEMAPHORE_WAIT is gen8+");
	}
	ASSERT_OK(t2d_open(&c->t, flags));
	c->src = import(&c->t, p->pix);
	c->dst = gem2d_pixmap_create(c->t.dev, W, H, 24, GEM2D_TILING_DEFAULT);
	ASSERT(c->dst);
	return fence;
}

static void end(struct producer *p, struct consumer *c)
{
	ASSERT_EQ(count_not(c->dst, FILL), 0);
	gem2d_pixmap_destroy(c->src);
	gem2d_pixmap_destroy(c->dst);
	t2d_close(&c->t);
	producer_end(p);
}

TEST(gpu_waits_not_the_caller)
{
	struct producer p = { 0 };
	struct consumer c;
	int fence = start(&p, &c, 0);
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
	int dup_fence = dup(fence);
	ASSERT_OK(gem2d_add_in_fence(c.t.dev, fence));
	ASSERT_OK(gem2d_add_in_fence(c.t.dev, dup_fence));	/* merged with the first */
	ASSERT_OK(gem2d_copy_area(c.src, c.dst, &gc, 0, 0, W, H, 0, 0));
	int done = -1;
	ASSERT_OK(gem2d_flush_fence(c.t.dev, &done));
	ASSERT(done >= 0);
	ASSERT(!signalled(done, 100));		/* the copy waits behind the semaphore */
	producer_release(&p);
	ASSERT(signalled(done, 10000));
	close(done);
	end(&p, &c);
}

static void *release_later(void *arg)
{
	struct timespec ts = { 0, 100 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	producer_release(arg);
	return NULL;
}

TEST(cpu_path_waits_on_the_cpu)
{
	struct producer p = { 0 };
	struct consumer c;
	int fence = start(&p, &c, GEM2D_CPU_ONLY);
	ASSERT_OK(gem2d_add_in_fence(c.t.dev, fence));
	pthread_t th;
	ASSERT_OK(-pthread_create(&th, NULL, release_later, &p));
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
	ASSERT_OK(gem2d_copy_area(c.src, c.dst, &gc, 0, 0, W, H, 0, 0));
	pthread_join(th, NULL);
	end(&p, &c);
}

TEST_MAIN(T(bad_input), T(gpu_waits_not_the_caller), T(cpu_path_waits_on_the_cpu))
