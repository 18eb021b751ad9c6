/* Magma: presentation into X11 windows (EGL window surfaces, gl_front/egl_x11.c).
 *
 * The client attaches an X11 window to the surface's presented colour image (WindowAttach,
 * naming the app's X display). Magma opens its own XCB connection to that display, makes a
 * VkSurfaceKHR on the window (VK_KHR_xcb_surface) and a swapchain; each Present of the image
 * acquires a swapchain image, blits the surface into it (flipped: image row 0 is GL's bottom
 * row, the window's row 0 is its top; converted to the swapchain's format) in the frame's
 * batch, submits the batch signalling a per-image semaphore and queues the present on it.
 * The surface image stays the app's back buffer: its contents survive the swap (buffer age 1).
 *
 * The swapchain follows the window: VK_ERROR_OUT_OF_DATE_KHR / VK_SUBOPTIMAL_KHR rebuild it at
 * the next present (the blit scales while the client has not yet resized its surface). Swap
 * interval 1 presents FIFO; 0 presents IMMEDIATE, else MAILBOX, else FIFO (what the surface
 * offers). Every wait is bounded: an image that does not come back in MG_WINDOW_WAIT_NS drops
 * the frame with a warning, never a hang.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xcb/xcb.h>

#include "mg_private.h"
#include "wire/format.h"

#include <vulkan/vulkan_xcb.h>

#define MG_WINDOW_MAX_IMAGES 8
#define MG_WINDOW_WAIT_NS 5000000000ull /* 5 s */

struct mg_window {
   xcb_connection_t *conn;
   uint32_t xid;
   VkSurfaceKHR surface;
   VkSwapchainKHR swapchain;
   VkFormat format;
   VkExtent2D extent;
   uint32_t nimages;
   VkImage images[MG_WINDOW_MAX_IMAGES];
   VkSemaphore ready[MG_WINDOW_MAX_IMAGES]; /* the frame's batch done: the present may read */
   VkFence acquired;
   uint32_t interval;      /* wanted */
   uint32_t built_interval; /* the swapchain's */
   bool srgb;              /* the surface is sRGB (EGL_GL_COLORSPACE_SRGB): an sRGB swapchain */
   bool stale;             /* rebuild before the next present */
   bool warned;
   struct mg_window *kept_next; /* on be->kept_windows */
};

static void
window_drop_swapchain(struct mg_backend *be, struct mg_window *w, bool keep_for_old)
{
   for (uint32_t i = 0; i < MG_WINDOW_MAX_IMAGES; i++) {
      if (w->ready[i])
         vkDestroySemaphore(be->dev, w->ready[i], NULL);
      w->ready[i] = VK_NULL_HANDLE;
   }
   w->nimages = 0;
   if (!keep_for_old && w->swapchain) {
      vkDestroySwapchainKHR(be->dev, w->swapchain, NULL);
      w->swapchain = VK_NULL_HANDLE;
   }
}

/* Everything queued may still use the swapchain's images and semaphores. */
static void
window_idle(struct mg_backend *be)
{
   mg_submit(be, true);
   if (!be->lost)
      vkQueueWaitIdle(be->queue);
}

static VkPresentModeKHR
pick_mode(struct mg_backend *be, VkSurfaceKHR surface, uint32_t interval)
{
   VkPresentModeKHR modes[16];
   uint32_t n = MG_ARRAY_SIZE(modes);
   if (vkGetPhysicalDeviceSurfacePresentModesKHR(be->pdev, surface, &n, modes) < 0)
      n = 0;
   if (interval == 0) {
      static const VkPresentModeKHR pref[] = {VK_PRESENT_MODE_IMMEDIATE_KHR, VK_PRESENT_MODE_MAILBOX_KHR};
      for (unsigned p = 0; p < MG_ARRAY_SIZE(pref); p++)
         for (uint32_t i = 0; i < n; i++)
            if (modes[i] == pref[p])
               return pref[p];
   }
   return VK_PRESENT_MODE_FIFO_KHR; /* every surface offers it */
}

static VkFormat
pick_format(struct mg_backend *be, VkSurfaceKHR surface, bool srgb, VkColorSpaceKHR *space)
{
   VkSurfaceFormatKHR f[32];
   uint32_t n = MG_ARRAY_SIZE(f);
   if (vkGetPhysicalDeviceSurfaceFormatsKHR(be->pdev, surface, &n, f) < 0)
      return VK_FORMAT_UNDEFINED;
   /* A linear default framebuffer (EGL_GL_COLORSPACE_LINEAR): a UNORM format, which the blit
    * can write. An sRGB one: an sRGB format, so the blit's decode and encode keep the bytes. */
   static const VkFormat pref[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_A2R10G10B10_UNORM_PACK32,
                                   VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_B5G6R5_UNORM_PACK16};
   static const VkFormat pref_srgb[] = {VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB};
   const VkFormat *want = srgb ? pref_srgb : pref;
   const unsigned nwant = srgb ? MG_ARRAY_SIZE(pref_srgb) : MG_ARRAY_SIZE(pref);
   for (unsigned p = 0; p < nwant; p++) {
      for (uint32_t i = 0; i < n; i++) {
         VkFormatProperties fp;
         vkGetPhysicalDeviceFormatProperties(be->pdev, f[i].format, &fp);
         if (f[i].format == want[p] && (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
            *space = f[i].colorSpace;
            return f[i].format;
         }
      }
   }
   return VK_FORMAT_UNDEFINED;
}

/* (Re)builds the swapchain at the window's current size. False: nothing to present into now
 * (a zero-sized window) or the surface refuses; why says which. */
static bool
window_build(struct mg_backend *be, struct mg_window *w, uint32_t fallback_w, uint32_t fallback_h, char *why,
             size_t why_size)
{
   VkSurfaceCapabilitiesKHR caps;
   VkResult r = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(be->pdev, w->surface, &caps);
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR failed (%d)", (int)r);
      return false;
   }
   VkExtent2D ext = caps.currentExtent;
   if (ext.width == UINT32_MAX) {
      ext.width = fallback_w;
      ext.height = fallback_h;
   }
   if (ext.width == 0 || ext.height == 0) {
      snprintf(why, why_size, "the window has no area");
      return false;
   }
   if (!(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT)) {
      snprintf(why, why_size, "the surface's images cannot be transfer destinations");
      return false;
   }
   VkColorSpaceKHR space = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR;
   VkFormat fmt = pick_format(be, w->surface, w->srgb, &space);
   if (fmt == VK_FORMAT_UNDEFINED) {
      snprintf(why, why_size, "the surface offers no %s colour format the device can blit to", w->srgb ? "sRGB" : "UNORM");
      return false;
   }
   uint32_t count = caps.minImageCount < 2 ? 2 : caps.minImageCount;
   if (caps.maxImageCount && count > caps.maxImageCount)
      count = caps.maxImageCount;
   VkCompositeAlphaFlagBitsKHR alpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
   if (!(caps.supportedCompositeAlpha & alpha))
      alpha = (VkCompositeAlphaFlagBitsKHR)(caps.supportedCompositeAlpha & -caps.supportedCompositeAlpha);
   VkSwapchainKHR old = w->swapchain;
   if (old)
      window_idle(be);
   window_drop_swapchain(be, w, true);
   VkSwapchainCreateInfoKHR ci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = w->surface,
      .minImageCount = count,
      .imageFormat = fmt,
      .imageColorSpace = space,
      .imageExtent = ext,
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = caps.currentTransform,
      .compositeAlpha = alpha,
      .presentMode = pick_mode(be, w->surface, w->interval),
      .clipped = VK_TRUE,
      .oldSwapchain = old,
   };
   r = vkCreateSwapchainKHR(be->dev, &ci, NULL, &w->swapchain);
   if (old)
      vkDestroySwapchainKHR(be->dev, old, NULL);
   if (r != VK_SUCCESS) {
      w->swapchain = VK_NULL_HANDLE;
      snprintf(why, why_size, "vkCreateSwapchainKHR failed (%d)", (int)r);
      return false;
   }
   uint32_t n = MG_WINDOW_MAX_IMAGES;
   r = vkGetSwapchainImagesKHR(be->dev, w->swapchain, &n, w->images);
   if (r < 0) {
      snprintf(why, why_size, "vkGetSwapchainImagesKHR failed (%d)", (int)r);
      window_drop_swapchain(be, w, false);
      return false;
   }
   VkSemaphoreCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   for (uint32_t i = 0; i < n; i++) {
      if (vkCreateSemaphore(be->dev, &si, NULL, &w->ready[i]) != VK_SUCCESS) {
         snprintf(why, why_size, "out of memory creating semaphores");
         window_drop_swapchain(be, w, false);
         return false;
      }
   }
   w->nimages = n;
   w->format = fmt;
   w->extent = ext;
   w->built_interval = w->interval;
   w->stale = false;
   return true;
}

void
mg_window_destroy(struct mg_backend *be, struct mg_window *w)
{
   if (!w)
      return;
   if (be->dev) {
      window_idle(be);
      if (be->hung) {
         /* queued work may still blit into its images: kept until the device's work is done
          * (mg_destroy keeps the device until then) */
         w->kept_next = be->kept_windows;
         be->kept_windows = w;
         return;
      }
      window_drop_swapchain(be, w, false);
      if (w->acquired)
         vkDestroyFence(be->dev, w->acquired, NULL);
   }
   if (w->surface)
      vkDestroySurfaceKHR(be->instance, w->surface, NULL);
   if (w->conn)
      xcb_disconnect(w->conn);
   free(w);
}

void
mg_windows_kept_fini(struct mg_backend *be)
{
   while (be->kept_windows) {
      struct mg_window *w = be->kept_windows;
      be->kept_windows = w->kept_next;
      mg_window_destroy(be, w);
   }
}

bool
mg_window_attach(struct srv_backend *sbe, struct srv_resource *res, const char *display, uint32_t xid,
                 uint32_t interval, char *why, size_t why_size)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r = mg_resource(res);
   if (!be->has_xcb_surface || !be->has_swapchain) {
      snprintf(why, why_size, "the Vulkan %s lacks %s", be->has_xcb_surface ? "device" : "instance",
               be->has_xcb_surface ? "VK_KHR_swapchain" : "VK_KHR_surface / VK_KHR_xcb_surface");
      return false;
   }
   if (r->window) {
      snprintf(why, why_size, "the surface already presents into a window");
      return false;
   }
   struct mg_window *w = calloc(1, sizeof(*w));
   if (!w) {
      snprintf(why, why_size, "out of memory");
      return false;
   }
   w->xid = xid;
   w->interval = interval;
   w->srgb = wire_format_info(r->templ.format)->flags & WIRE_FMTF_SRGB;
   w->conn = xcb_connect(display, NULL);
   if (xcb_connection_has_error(w->conn)) {
      snprintf(why, why_size, "the server cannot connect to X display \"%s\"", display);
      goto fail;
   }
   xcb_get_geometry_reply_t *geo = xcb_get_geometry_reply(w->conn, xcb_get_geometry(w->conn, xid), NULL);
   if (!geo) {
      snprintf(why, why_size, "window 0x%x does not exist on X display \"%s\"", xid, display);
      goto fail;
   }
   free(geo);
   VkXcbSurfaceCreateInfoKHR sci = {
      .sType = VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR,
      .connection = w->conn,
      .window = xid,
   };
   VkResult vr = vkCreateXcbSurfaceKHR(be->instance, &sci, NULL, &w->surface);
   if (vr != VK_SUCCESS) {
      snprintf(why, why_size, "vkCreateXcbSurfaceKHR failed (%d)", (int)vr);
      goto fail;
   }
   VkBool32 supported = VK_FALSE;
   vr = vkGetPhysicalDeviceSurfaceSupportKHR(be->pdev, be->qfam, w->surface, &supported);
   if (vr != VK_SUCCESS || !supported) {
      snprintf(why, why_size, "%s's queue cannot present to this window", be->props.deviceName);
      goto fail;
   }
   VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   if (vkCreateFence(be->dev, &fi, NULL, &w->acquired) != VK_SUCCESS) {
      snprintf(why, why_size, "out of memory");
      goto fail;
   }
   if (!window_build(be, w, r->templ.width, r->templ.height, why, why_size))
      goto fail;
   r->window = w;
   return true;
fail:
   sgl_warn("magma: window 0x%x on \"%s\": %s", xid, display, why);
   mg_window_destroy(be, w);
   return false;
}

void
mg_window_set_interval(struct srv_backend *sbe, struct srv_resource *res, uint32_t interval)
{
   struct mg_resource *r = mg_resource(res);
   if (r->window)
      r->window->interval = interval;
}

/* Waits (bounded) for the acquire fence. */
static bool
wait_acquired(struct mg_backend *be, struct mg_window *w)
{
   VkResult r = vkWaitForFences(be->dev, 1, &w->acquired, VK_TRUE, MG_WINDOW_WAIT_NS);
   vkResetFences(be->dev, 1, &w->acquired);
   return r == VK_SUCCESS;
}

/* An image to draw into; false: none now (the frame is dropped). */
static bool
acquire(struct mg_backend *be, struct mg_window *w, struct mg_resource *r, uint32_t *index)
{
   char why[160] = "";
   for (int attempt = 0; attempt < 2; attempt++) {
      if ((w->stale || !w->swapchain || w->interval != w->built_interval) &&
          !window_build(be, w, r->templ.width, r->templ.height, why, sizeof(why)))
         break;
      VkResult vr = vkAcquireNextImageKHR(be->dev, w->swapchain, MG_WINDOW_WAIT_NS, VK_NULL_HANDLE, w->acquired, index);
      if (vr == VK_SUCCESS || vr == VK_SUBOPTIMAL_KHR) {
         if (!wait_acquired(be, w)) {
            snprintf(why, sizeof(why), "the acquired image never became free");
            w->stale = true;
            break;
         }
         w->stale = vr == VK_SUBOPTIMAL_KHR;
         return true;
      }
      if (vr == VK_ERROR_OUT_OF_DATE_KHR) {
         w->stale = true;
         continue;
      }
      snprintf(why, sizeof(why), "vkAcquireNextImageKHR: %d", (int)vr);
      if (vr == VK_ERROR_DEVICE_LOST)
         mg_check(be, vr, "vkAcquireNextImageKHR");
      w->stale = true;
      break;
   }
   if (!w->warned && why[0] && strcmp(why, "the window has no area"))
      sgl_warn("magma: window 0x%x: frame not shown: %s", w->xid, why);
   w->warned = w->warned || why[0];
   return false;
}

void
mg_window_present(struct mg_backend *be, struct mg_resource *r)
{
   struct mg_window *w = r->window;
   uint32_t idx;
   if (be->lost || !acquire(be, w, r, &idx)) {
      mg_submit(be, false);
      return;
   }
   VkCommandBuffer cmd = mg_cmd(be);
   /* Rendering and transfers into the surface -> the blit's read; the swapchain image ->
    * transfer destination (its old contents are not needed). */
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
   };
   VkImageMemoryBarrier ib = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = 0,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = w->images[idx],
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                        NULL, 1, &ib);
   /* Image row 0 is GL's bottom row; the window's row 0 is its top. */
   VkImageBlit blit = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .srcOffsets = {{0, 0, 0}, {(int32_t)r->templ.width, (int32_t)r->templ.height, 1}},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .dstOffsets = {{0, (int32_t)w->extent.height, 0}, {(int32_t)w->extent.width, 0, 1}},
   };
   vkCmdBlitImage(cmd, r->image, VK_IMAGE_LAYOUT_GENERAL, w->images[idx], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                  &blit, VK_FILTER_NEAREST);
   ib.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   ib.dstAccessMask = 0;
   ib.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   ib.newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0, 0, NULL, 0,
                        NULL, 1, &ib);
   mg_transfer_done(be);
   be->submit_signal = w->ready[idx];
   if (!mg_submit(be, false))
      return; /* device lost: mg_check said so */
   VkPresentInfoKHR pi = {
      .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &w->ready[idx],
      .swapchainCount = 1,
      .pSwapchains = &w->swapchain,
      .pImageIndices = &idx,
   };
   VkResult vr = vkQueuePresentKHR(be->queue, &pi);
   if (vr == VK_ERROR_OUT_OF_DATE_KHR || vr == VK_SUBOPTIMAL_KHR) {
      w->stale = true;
   } else if (vr != VK_SUCCESS) {
      if (vr == VK_ERROR_DEVICE_LOST)
         mg_check(be, vr, "vkQueuePresentKHR");
      else if (!w->warned)
         sgl_warn("magma: window 0x%x: vkQueuePresentKHR: %d", w->xid, (int)vr);
      w->warned = true;
      w->stale = true;
   }
}
