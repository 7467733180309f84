/* SPDX-License-Identifier: MIT */
/*
 * The DRM ioctl dispatcher and the DRM core's ioctl table (Linux 6.1 flags).
 *
 * Core numbers are those below DRM_COMMAND_BASE and from DRM_COMMAND_END
 * up to the end of the table; driver numbers go to the driver's table (drm_drv.h). A number
 * past a table, or a hole in one, is EINVAL, as is the type byte of any
 * other subsystem reaching here (that is ENOTTY, decided by the caller).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <drm.h>

#include "base/user_copy.h"
#include "drm/drm_device_process.h"
#include "drm/drm_drv.h"
#include "drm/drm_gem.h"
#include "drm/drm_ioctl.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_prime.h"
#include "drm/drm_syncobj.h"
#include "drm/drm_trace.h"

int shim_ioctl_noop(struct shim_call *call, void *data)
{
	return 0;
}

int shim_ioctl_invalid(struct shim_call *call, void *data)
{
	return -EINVAL;
}

int shim_ioctl_unemulated(struct shim_call *call, void *data)
{
	return -ENOSYS;
}

/* The name is stringified here, before the ioctl macro expands. */
#define ENTRY(ioctl, str, func, fl) [_IOC_NR(ioctl)] = { .cmd = ioctl, .flags = (fl), .fn = func, .name = str }
#define DEF(ioctl, func, fl) ENTRY(ioctl, #ioctl, func, fl)
#define LEGACY(ioctl, fl) ENTRY(ioctl, #ioctl, shim_ioctl_invalid, fl)
#define KMS(ioctl, fl) ENTRY(ioctl, #ioctl, shim_ioctl_unemulated, fl)
#define ADMIN (SHIM_AUTH | SHIM_MASTER | SHIM_ROOT_ONLY)

static const struct shim_ioctl_desc core_ioctls[] = {
	DEF(DRM_IOCTL_VERSION, shim_drm_version, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_GET_UNIQUE, shim_drm_get_unique, 0),
	DEF(DRM_IOCTL_GET_MAGIC, shim_drm_get_magic, 0),
	DEF(DRM_IOCTL_IRQ_BUSID, shim_ioctl_invalid, SHIM_MASTER | SHIM_ROOT_ONLY),
	LEGACY(DRM_IOCTL_GET_MAP, 0),
	DEF(DRM_IOCTL_GET_CLIENT, shim_drm_get_client, 0),
	DEF(DRM_IOCTL_GET_STATS, shim_drm_get_stats, 0),
	DEF(DRM_IOCTL_GET_CAP, shim_drm_get_cap, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SET_CLIENT_CAP, shim_drm_set_client_cap, 0),
	DEF(DRM_IOCTL_SET_VERSION, shim_drm_set_version, SHIM_MASTER),
	DEF(DRM_IOCTL_SET_UNIQUE, shim_ioctl_invalid, ADMIN),
	DEF(DRM_IOCTL_BLOCK, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_UNBLOCK, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_AUTH_MAGIC, shim_drm_auth_magic, SHIM_MASTER),
	LEGACY(DRM_IOCTL_ADD_MAP, ADMIN),
	LEGACY(DRM_IOCTL_RM_MAP, SHIM_AUTH),
	LEGACY(DRM_IOCTL_SET_SAREA_CTX, ADMIN),
	LEGACY(DRM_IOCTL_GET_SAREA_CTX, SHIM_AUTH),
	DEF(DRM_IOCTL_SET_MASTER, shim_drm_set_master, 0),
	DEF(DRM_IOCTL_DROP_MASTER, shim_drm_drop_master, 0),
	LEGACY(DRM_IOCTL_ADD_CTX, SHIM_AUTH | SHIM_ROOT_ONLY),
	LEGACY(DRM_IOCTL_RM_CTX, ADMIN),
	LEGACY(DRM_IOCTL_MOD_CTX, ADMIN),
	LEGACY(DRM_IOCTL_GET_CTX, SHIM_AUTH),
	LEGACY(DRM_IOCTL_SWITCH_CTX, ADMIN),
	LEGACY(DRM_IOCTL_NEW_CTX, ADMIN),
	LEGACY(DRM_IOCTL_RES_CTX, SHIM_AUTH),
	DEF(DRM_IOCTL_ADD_DRAW, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_RM_DRAW, shim_ioctl_noop, ADMIN),
	LEGACY(DRM_IOCTL_LOCK, SHIM_AUTH),
	LEGACY(DRM_IOCTL_UNLOCK, SHIM_AUTH),
	LEGACY(DRM_IOCTL_FINISH, SHIM_AUTH),
	LEGACY(DRM_IOCTL_ADD_BUFS, ADMIN),
	LEGACY(DRM_IOCTL_MARK_BUFS, ADMIN),
	LEGACY(DRM_IOCTL_INFO_BUFS, SHIM_AUTH),
	LEGACY(DRM_IOCTL_MAP_BUFS, SHIM_AUTH),
	LEGACY(DRM_IOCTL_FREE_BUFS, SHIM_AUTH),
	LEGACY(DRM_IOCTL_DMA, SHIM_AUTH),
	LEGACY(DRM_IOCTL_CONTROL, ADMIN),
	LEGACY(DRM_IOCTL_SG_ALLOC, ADMIN),
	LEGACY(DRM_IOCTL_SG_FREE, ADMIN),
	DEF(DRM_IOCTL_WAIT_VBLANK, shim_wait_vblank_ioctl, 0),
	DEF(DRM_IOCTL_CRTC_GET_SEQUENCE, shim_crtc_get_sequence_ioctl, 0),
	DEF(DRM_IOCTL_CRTC_QUEUE_SEQUENCE, shim_crtc_queue_sequence_ioctl, 0),
	KMS(DRM_IOCTL_MODESET_CTL, 0),
	DEF(DRM_IOCTL_UPDATE_DRAW, shim_ioctl_noop, ADMIN),
	DEF(DRM_IOCTL_GEM_CLOSE, shim_gem_close_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_GEM_FLINK, shim_gem_flink_ioctl, SHIM_AUTH),
	DEF(DRM_IOCTL_GEM_OPEN, shim_gem_open_ioctl, SHIM_AUTH),
	DEF(DRM_IOCTL_PRIME_HANDLE_TO_FD, shim_prime_handle_to_fd_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_PRIME_FD_TO_HANDLE, shim_prime_fd_to_handle_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_MODE_GETRESOURCES, shim_mode_getresources_ioctl, 0),
	DEF(DRM_IOCTL_MODE_GETPLANERESOURCES, shim_mode_getplaneresources_ioctl, 0),
	DEF(DRM_IOCTL_MODE_GETCRTC, shim_mode_getcrtc_ioctl, 0),
	DEF(DRM_IOCTL_MODE_SETCRTC, shim_mode_setcrtc_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_GETPLANE, shim_mode_getplane_ioctl, 0),
	DEF(DRM_IOCTL_MODE_SETPLANE, shim_mode_setplane_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_CURSOR, shim_mode_cursor_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_GETGAMMA, shim_mode_gamma_get_ioctl, 0),
	DEF(DRM_IOCTL_MODE_SETGAMMA, shim_mode_gamma_set_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_GETENCODER, shim_mode_getencoder_ioctl, 0),
	DEF(DRM_IOCTL_MODE_GETCONNECTOR, shim_mode_getconnector_ioctl, 0),
	DEF(DRM_IOCTL_MODE_ATTACHMODE, shim_ioctl_noop, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_DETACHMODE, shim_ioctl_noop, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_GETPROPERTY, shim_mode_getproperty_ioctl, 0),
	DEF(DRM_IOCTL_MODE_SETPROPERTY, shim_mode_connector_setproperty_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_GETPROPBLOB, shim_mode_getpropblob_ioctl, 0),
	DEF(DRM_IOCTL_MODE_GETFB, shim_mode_getfb_ioctl, 0),
	DEF(DRM_IOCTL_MODE_GETFB2, shim_mode_getfb2_ioctl, 0),
	DEF(DRM_IOCTL_MODE_ADDFB, shim_mode_addfb_ioctl, 0),
	DEF(DRM_IOCTL_MODE_ADDFB2, shim_mode_addfb2_ioctl, 0),
	DEF(DRM_IOCTL_MODE_RMFB, shim_mode_rmfb_ioctl, 0),
	DEF(DRM_IOCTL_MODE_PAGE_FLIP, shim_mode_page_flip_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_DIRTYFB, shim_mode_dirtyfb_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_CREATE_DUMB, shim_drm_mode_create_dumb_ioctl, 0),
	DEF(DRM_IOCTL_MODE_MAP_DUMB, shim_drm_mode_mmap_dumb_ioctl, 0),
	DEF(DRM_IOCTL_MODE_DESTROY_DUMB, shim_gem_destroy_dumb_ioctl, 0),
	DEF(DRM_IOCTL_MODE_OBJ_GETPROPERTIES, shim_mode_obj_getproperties_ioctl, 0),
	DEF(DRM_IOCTL_MODE_OBJ_SETPROPERTY, shim_mode_obj_setproperty_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_CURSOR2, shim_mode_cursor2_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_ATOMIC, shim_mode_atomic_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_CREATEPROPBLOB, shim_mode_createblob_ioctl, 0),
	DEF(DRM_IOCTL_MODE_DESTROYPROPBLOB, shim_mode_destroyblob_ioctl, 0),
	DEF(DRM_IOCTL_SYNCOBJ_CREATE, shim_syncobj_create_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_DESTROY, shim_syncobj_destroy_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, shim_syncobj_handle_to_fd_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, shim_syncobj_fd_to_handle_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_WAIT, shim_syncobj_wait_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, shim_syncobj_timeline_wait_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_RESET, shim_syncobj_reset_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_SIGNAL, shim_syncobj_signal_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, shim_syncobj_timeline_signal_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_QUERY, shim_syncobj_query_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_SYNCOBJ_TRANSFER, shim_syncobj_transfer_ioctl, SHIM_RENDER_ALLOW),
	DEF(DRM_IOCTL_MODE_CREATE_LEASE, shim_mode_create_lease_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_LIST_LESSEES, shim_mode_list_lessees_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_GET_LEASE, shim_mode_get_lease_ioctl, SHIM_MASTER),
	DEF(DRM_IOCTL_MODE_REVOKE_LEASE, shim_mode_revoke_lease_ioctl, SHIM_MASTER),
};

static const unsigned core_ioctl_count = sizeof(core_ioctls) / sizeof(core_ioctls[0]);

static int permitted(struct shim_call *call, unsigned flags)
{
	const struct shim_file *file = call->file;
	bool render = file->minor >= 128;

	if ((flags & SHIM_ROOT_ONLY) && !shim_capable_sys_admin())
		return -EACCES;
	if ((flags & SHIM_AUTH) && !render && !file->authenticated)
		return -EACCES;
	if ((flags & SHIM_MASTER) && !shim_is_current_master(call->dev, file))
		return -EACCES;
	if (!(flags & SHIM_RENDER_ALLOW) && render)
		return -EACCES;
	return 0;
}

int shim_drm_ioctl(struct shim_call *call, unsigned long cmd, void *arg)
{
	unsigned nr = _IOC_NR(cmd);
	const struct shim_ioctl_desc *desc = NULL;
	uint64_t stack_kdata[32];
	void *kdata = stack_kdata;
	int ret;

	if (nr >= DRM_COMMAND_BASE && nr < DRM_COMMAND_END) {
		if (shim_drv && nr - DRM_COMMAND_BASE < shim_drv->num_ioctls)
			desc = &shim_drv->ioctls[nr - DRM_COMMAND_BASE];
	} else if (nr < core_ioctl_count) {
		desc = &core_ioctls[nr];
	}
	if (!desc || !desc->fn) {
		ret = -EINVAL;
		if (shim_debug & SHIM_DEBUG_IOCTL)
			shim_trace_ioctl(call, NULL, cmd, NULL, ret);
		return ret;
	}

	size_t drv_size = _IOC_SIZE(desc->cmd);
	size_t in_size = _IOC_SIZE(cmd), out_size = in_size;
	if (!(cmd & desc->cmd & IOC_IN))
		in_size = 0;
	if (!(cmd & desc->cmd & IOC_OUT))
		out_size = 0;
	size_t ksize = in_size > out_size ? in_size : out_size;
	if (drv_size > ksize)
		ksize = drv_size;
	if (ksize > sizeof(stack_kdata)) {
		kdata = malloc(ksize);
		if (!kdata)
			return -ENOMEM;
	}

	ret = shim_copy_from_user(kdata, shim_uptr(arg), in_size);
	if (ret == 0) {
		memset((char *)kdata + in_size, 0, ksize - in_size);
		ret = permitted(call, desc->flags);
		if (ret == 0) {
			/* Every process (a forked child too) is known to the device process
			 * before its first ioctl runs, so that what it borrows is given back
			 * and what it submits is finished if it dies: one load once it is. */
			shim_client_register(call->dev);
			ret = desc->fn(call, kdata);
			if (ret == -ENOSYS && desc->fn == shim_ioctl_unemulated)
				shim_say_unemulated(desc->name);
		}
		if (shim_copy_to_user(shim_uptr(arg), kdata, out_size))
			ret = -EFAULT;
	}
	if (shim_debug & SHIM_DEBUG_IOCTL)
		shim_trace_ioctl(call, desc->name, cmd, kdata, ret);
	if (kdata != stack_kdata)
		free(kdata);
	return ret;
}
