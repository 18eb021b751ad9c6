/* Magma: textures and renderbuffers — creation, views, uploads, remint, mipmap generation.
 *
 * Every image is stored with row index = GL window / texture y (row 0 = bottom), so uploads
 * (rows bottom first) are straight copies. The storage of each wire format and the
 * conversions it needs are in format.c (three-component formats as four, with alpha one on
 * upload and a ONE alpha swizzle when sampled; D24S8 as D32_SFLOAT_S8_UINT where needed). */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

#include "etc2.h"
#include "wire/format.h"

static VkImageAspectFlags
format_aspect(uint32_t wire_fmt)
{
   if (wire_format_has_stencil(wire_fmt))
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   if (wire_format_has_depth(wire_fmt))
      return VK_IMAGE_ASPECT_DEPTH_BIT;
   return VK_IMAGE_ASPECT_COLOR_BIT;
}

struct mg_image {
   VkImage image;
   VkDeviceMemory mem;
};

/* A multisample texture's usage: a multisampled renderbuffer's, plus sampling (texelFetch). */
VkImageUsageFlags
mg_ms_texture_usage(struct mg_backend *be, VkFormat vk)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(be->pdev, vk, &fp);
   VkImageUsageFlags usage = mg_ms_usage(be, 0, vk);
   if (!usage || !(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
      return 0;
   return usage | VK_IMAGE_USAGE_SAMPLED_BIT;
}

VkImageUsageFlags
mg_ms_usage(struct mg_backend *be, uint32_t wire_fmt, VkFormat vk)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(be->pdev, vk, &fp);
   VkImageUsageFlags usage = 0;
   if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
      usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
      usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   return usage ? usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT : 0;
}

/* Creates the storage described by t; its first-use transition to GENERAL goes into the
 * batch's "pre" command buffer (nothing earlier in the batch can touch a new image). A
 * multisampled renderbuffer (the decoder checked its count against MS_FORMATS_*) is not
 * sampled. */
static bool
image_create(struct mg_backend *be, const struct wire_resource_create *t, VkFormat fmt, struct mg_image *out)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(be->pdev, fmt, &fp);
   VkImageAspectFlags aspect = format_aspect(t->format);
   VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
   if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
      usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
      usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   VkSampleCountFlagBits samples = t->samples > 1 ? (VkSampleCountFlagBits)t->samples : VK_SAMPLE_COUNT_1_BIT;
   /* Multisample textures (GL core) are also sampled: the decoder checked the count against
    * MS_TEXTURE_FORMATS_<n>, which caps.c derives from this usage. */
   if (samples > 1)
      usage = t->target == WIRE_TARGET_RENDERBUFFER ? mg_ms_usage(be, t->format, fmt) : mg_ms_texture_usage(be, fmt);
   bool is3d = t->target == WIRE_TARGET_TEX_3D;
   bool is1d = t->target == WIRE_TARGET_TEX_1D || t->target == WIRE_TARGET_TEX_1D_ARRAY;
   /* sRGB storage is also viewed as its UNORM twin (GL core's FRAMEBUFFER_SRGB disabled) */
   const VkFormat twin = mg_linear_twin(fmt);
   const VkFormat list[2] = {fmt, twin};
   VkImageFormatListCreateInfo fl = {VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO, NULL, 2, list};
   VkImageCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .pNext = twin ? &fl : NULL,
      .flags = (t->target == WIRE_TARGET_TEX_CUBE ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0) |
               (is3d ? VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT : 0) |
               (twin ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT : 0),
      .imageType = is3d ? VK_IMAGE_TYPE_3D : is1d ? VK_IMAGE_TYPE_1D : VK_IMAGE_TYPE_2D,
      .format = fmt,
      .extent = {t->width ? t->width : 1, t->height ? t->height : 1, is3d && t->depth ? t->depth : 1},
      .mipLevels = t->last_level + 1,
      .arrayLayers = is3d || !t->layers ? 1 : t->layers,
      .samples = samples,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   /* The decoder bounds extents by GL's limits; the device may allow less (extent, layers,
    * levels, or the total size): creating past them is undefined, refusing is GL's
    * GL_OUT_OF_MEMORY. */
   VkImageFormatProperties ifp;
   if (vkGetPhysicalDeviceImageFormatProperties(be->pdev, fmt, ci.imageType, ci.tiling, ci.usage, ci.flags, &ifp) !=
          VK_SUCCESS ||
       ci.extent.width > ifp.maxExtent.width || ci.extent.height > ifp.maxExtent.height ||
       ci.extent.depth > ifp.maxExtent.depth || ci.mipLevels > ifp.maxMipLevels ||
       ci.arrayLayers > ifp.maxArrayLayers || !(ifp.sampleCounts & samples) ||
       (uint64_t)ci.extent.width * ci.extent.height * ci.extent.depth * ci.arrayLayers *
             be->formats[t->format].size > ifp.maxResourceSize) {
      sgl_warn("magma: image %ux%ux%u, %u levels, %u layers exceeds the device's limits", ci.extent.width,
               ci.extent.height, ci.extent.depth, ci.mipLevels, ci.arrayLayers);
      return false;
   }
   VkResult r = vkCreateImage(be->dev, &ci, NULL, &out->image);
   if (r != VK_SUCCESS) {
      mg_check(be, r, "vkCreateImage");
      return false;
   }
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(be->dev, out->image, &req);
   out->mem = req.size <= ifp.maxResourceSize ? mg_alloc_memory(be, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)
                                              : VK_NULL_HANDLE;
   if (!out->mem || vkBindImageMemory(be->dev, out->image, out->mem, 0) != VK_SUCCESS) {
      vkDestroyImage(be->dev, out->image, NULL);
      if (out->mem)
         vkFreeMemory(be->dev, out->mem, NULL);
      return false;
   }
   VkImageMemoryBarrier ib = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = out->image,
      .subresourceRange = {aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS},
   };
   vkCmdPipelineBarrier(mg_cmd_pre(be), VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &ib);
   return true;
}

static void
set_image_fields(struct mg_resource *r, const struct wire_resource_create *t, VkFormat fmt, const struct mg_image *img)
{
   r->templ = *t;
   r->image = img->image;
   r->mem = img->mem;
   r->vkfmt = fmt;
   r->aspect = format_aspect(t->format);
   r->levels = t->last_level + 1;
   r->layers = t->target == WIRE_TARGET_TEX_3D || !t->layers ? 1 : t->layers;
}

static void
free_views(struct mg_backend *be, struct mg_resource *r, bool now)
{
   for (struct mg_view *v = r->views, *n; v; v = n) {
      n = v->next;
      if (now)
         vkDestroyImageView(be->dev, v->view, NULL);
      else
         mg_defer(be, MG_GB_VIEW, (uint64_t)v->view);
      free(v);
   }
   r->views = NULL;
   be->view_epoch++;
}

void
mg_resource_free(struct mg_backend *be, struct mg_resource *r, bool now)
{
   if (r->window) {
      mg_window_destroy(be, r->window);
      r->window = NULL;
   }
   free_views(be, r, now);
   mg_buffer_views_free(be, r, now);
   struct mg_garbage g[3] = {{MG_GB_IMAGE, (uint64_t)r->image}, {MG_GB_BUFFER, (uint64_t)r->buffer},
                             {MG_GB_MEMORY, (uint64_t)r->mem}};
   for (unsigned i = 0; i < 3; i++) {
      if (!g[i].handle)
         continue;
      if (now)
         mg_destroy_garbage(be, &g[i]);
      else
         mg_defer(be, g[i].kind, g[i].handle);
   }
   free(r);
}

struct srv_resource *
mg_resource_create(struct srv_backend *sbe, const struct wire_resource_create *t)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r;
   if (t->target == WIRE_TARGET_BUFFER) {
      r = mg_buffer_create(be, t);
      return r ? mg_srv_resource(r) : NULL;
   }
   VkFormat fmt = mg_vk_format(be, t->format);
   struct mg_image img;
   if (fmt == VK_FORMAT_UNDEFINED || !(r = calloc(1, sizeof(*r))))
      return NULL;
   if (!image_create(be, t, fmt, &img)) {
      free(r);
      return NULL;
   }
   r->base.kind = MG_OBJ_RESOURCE;
   r->base.id = be->next_id++;
   set_image_fields(r, t, fmt, &img);
   return mg_srv_resource(r);
}

void
mg_resource_destroy(struct srv_backend *sbe, struct srv_resource *res)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r = mg_resource(res);
   if (!r)
      return;
   mg_render_release(be, r);
   mg_resource_free(be, r, false);
}

VkImageView
mg_get_view(struct mg_backend *be, struct mg_resource *r, const struct mg_view_key *key)
{
   for (struct mg_view *v = r->views; v; v = v->next)
      if (!memcmp(&v->key, key, sizeof(*key)))
         return v->view;
   struct mg_view *v = calloc(1, sizeof(*v));
   if (!v)
      return VK_NULL_HANDLE;
   v->key = *key;
   VkImageViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = r->image,
      .viewType = key->type,
      .format = key->format ? key->format : r->vkfmt,
      .components = {key->swz[0], key->swz[1], key->swz[2], key->swz[3]},
      .subresourceRange = {key->aspect, key->base_level, key->level_count, key->base_layer, key->layer_count},
   };
   VkResult res = vkCreateImageView(be->dev, &ci, NULL, &v->view);
   if (res != VK_SUCCESS) {
      mg_check(be, res, "vkCreateImageView");
      free(v);
      return VK_NULL_HANDLE;
   }
   v->next = r->views;
   r->views = v;
   return v->view;
}

/* A render-target view of one level / layer (or 3D slice), or of layers [0, s->layers) of the
 * level for a layered framebuffer (an array view; a 3D level's slices through the image's
 * 2D_ARRAY_COMPATIBLE flag). */
VkImageView
mg_surface_view(struct mg_backend *be, const struct srv_surface *s)
{
   struct mg_resource *r = mg_resource(s->res);
   if (!r || r->is_buffer || s->level >= r->levels)
      return VK_NULL_HANDLE;
   uint32_t layers = r->templ.target == WIRE_TARGET_TEX_3D ? wire_minify(r->templ.depth, s->level) : r->layers;
   const bool layered = s->layers > 1;
   if (s->layer >= layers || (layered && s->layer + s->layers > layers))
      return VK_NULL_HANDLE;
   bool is1d = r->templ.target == WIRE_TARGET_TEX_1D || r->templ.target == WIRE_TARGET_TEX_1D_ARRAY;
   struct mg_view_key key = {
      .type = is1d ? (layered ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D)
                   : (layered ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D),
      .aspect = r->aspect,
      .base_level = s->level,
      .level_count = 1,
      .base_layer = s->layer,
      .layer_count = layered ? s->layers : 1,
      .format = s->linear ? mg_linear_twin(r->vkfmt) : VK_FORMAT_UNDEFINED,
   };
   return mg_get_view(be, r, &key);
}

VkFormat
mg_surface_format(const struct srv_surface *s)
{
   const struct mg_resource *r = mg_resource(s->res);
   if (!r || r->is_buffer)
      return VK_FORMAT_UNDEFINED;
   VkFormat twin = s->linear ? mg_linear_twin(r->vkfmt) : VK_FORMAT_UNDEFINED;
   return twin ? twin : r->vkfmt;
}

/* ---- uploads -------------------------------------------------------------------------- */

/* Converts wire texels to the storage layout in `a`; returns the regions to copy (depth and
 * stencil planes are two). */
static uint32_t
convert_upload(struct mg_backend *be, struct mg_resource *r, const struct wire_texture_subdata *box,
               const void *data, struct mg_alloc *a, uint64_t texels, VkBufferImageCopy regions[2])
{
   VkBufferImageCopy base = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, box->level, 0, 1},
      .imageOffset = {(int32_t)box->x, (int32_t)box->y, 0},
      .imageExtent = {box->w, box->h, 1},
   };
   if (r->templ.target == WIRE_TARGET_TEX_3D) {
      base.imageOffset.z = (int32_t)box->z;
      base.imageExtent.depth = box->d;
   } else if (r->templ.target == WIRE_TARGET_TEX_1D_ARRAY) {
      /* rows are layers (wire_target): h layers of one row each, consecutive in the buffer */
      base.imageSubresource.baseArrayLayer = box->y;
      base.imageSubresource.layerCount = box->h;
      base.imageOffset.y = 0;
      base.imageExtent.height = 1;
   } else {
      base.imageSubresource.baseArrayLayer = box->layer + box->z;
      base.imageSubresource.layerCount = box->d ? box->d : 1;
   }
   base.bufferOffset = a->offset;
   regions[0] = base;
   const struct mg_format *mf = &be->formats[r->templ.format];
   if (mf->conv == MG_CONV_ETC2_DECODE)
      mg_etc2_decode_image(r->templ.format, data, box->w, box->h, box->d ? box->d : 1, a->map);
   else if (wire_format_is_compressed(r->templ.format))
      memcpy(a->map, data, wire_format_image_size(r->templ.format, box->w, box->h, box->d ? box->d : 1));
   else
      mg_convert_upload(r->templ.format, mf->conv, data, a->map, texels);
   if (r->aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
      regions[0].imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
      regions[1] = regions[0];
      regions[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
      regions[1].bufferOffset = a->offset + texels * 4;
      return 2;
   }
   regions[0].imageSubresource.aspectMask = r->aspect;
   return 1;
}

void
mg_texture_subdata(struct srv_backend *sbe, struct srv_resource *res, const struct wire_texture_subdata *box, const void *data)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r = mg_resource(res);
   if (!r || r->is_buffer || box->level >= r->levels || !box->w || !box->h)
      return;
   uint64_t texels = (uint64_t)box->w * box->h * (box->d ? box->d : 1);
   uint64_t bytes = texels * be->formats[r->templ.format].size;
   /* ETC2 / EAC blocks stored as they are: whole blocks (wire_texture_subdata) */
   if (wire_format_is_compressed(r->templ.format) && be->formats[r->templ.format].conv == MG_CONV_NONE)
      bytes = wire_format_image_size(r->templ.format, box->w, box->h, box->d ? box->d : 1);
   struct mg_alloc a;
   if (bytes > (1ull << 31) || !mg_stream_alloc(be, bytes, 16, &a)) {
      mg_skip(be, "a texture upload (out of memory)");
      return;
   }
   VkBufferImageCopy regions[2];
   uint32_t n = convert_upload(be, r, box, data, &a, texels, regions);
   vkCmdCopyBufferToImage(mg_cmd(be), a.buffer, r->image, VK_IMAGE_LAYOUT_GENERAL, n, regions);
   mg_transfer_done(be);
}

/* ---- remint --------------------------------------------------------------------------- */

static bool
buffer_respecify(struct mg_backend *be, struct mg_resource *r, const struct wire_resource_create *t)
{
   struct mg_resource *n = mg_buffer_create(be, t);
   if (!n)
      return false;
   if (t->flags & WIRE_RESPECIFY_PRESERVE) {
      VkBufferCopy region = {0, 0, r->size < n->size ? r->size : n->size};
      be->remint_bytes += region.size;
      vkCmdCopyBuffer(mg_cmd(be), r->buffer, n->buffer, 1, &region);
      mg_transfer_done(be);
   }
   mg_buffer_views_free(be, r, false);
   mg_defer(be, MG_GB_BUFFER, (uint64_t)r->buffer);
   mg_defer(be, MG_GB_MEMORY, (uint64_t)r->mem);
   r->buffer = n->buffer;
   r->mem = n->mem;
   r->size = n->size;
   r->templ = *t;
   free(n);
   return true;
}

/* Copies every level / layer present in both with equal extent, old -> new. */
static void
preserve_contents(struct mg_backend *be, struct mg_resource *r, const struct wire_resource_create *t, VkImage dst)
{
   const struct wire_resource_create *o = &r->templ;
   bool is3d = t->target == WIRE_TARGET_TEX_3D;
   uint32_t layers = is3d ? 1 : (r->layers < (t->layers ? t->layers : 1) ? r->layers : t->layers);
   VkImageCopy regions[16];
   uint32_t n = 0;
   for (uint32_t l = 0; l <= o->last_level && l <= t->last_level && n < 16; l++) {
      uint32_t w = wire_minify(o->width, l), h = wire_minify(o->height, l);
      uint32_t d = is3d ? wire_minify(o->depth, l) : 1;
      if (w != wire_minify(t->width, l) || h != wire_minify(t->height, l) ||
          (is3d && d != wire_minify(t->depth, l)))
         continue;
      VkImageSubresourceLayers sub = {r->aspect, l, 0, layers ? layers : 1};
      regions[n++] = (VkImageCopy){.srcSubresource = sub, .dstSubresource = sub, .extent = {w, h, d}};
      be->remint_bytes += wire_format_image_size(o->format, w, h, d) * (layers ? layers : 1);
   }
   if (!n)
      return;
   vkCmdCopyImage(mg_cmd(be), r->image, VK_IMAGE_LAYOUT_GENERAL, dst, VK_IMAGE_LAYOUT_GENERAL, n, regions);
   mg_transfer_done(be);
}

bool
mg_resource_respecify(struct srv_backend *sbe, struct srv_resource *res, const struct wire_resource_create *t)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r = mg_resource(res);
   if (!r)
      return false;
   if (r->is_buffer || t->target == WIRE_TARGET_BUFFER) {
      if (!r->is_buffer || t->target != WIRE_TARGET_BUFFER)
         return false;
      return buffer_respecify(be, r, t);
   }
   VkFormat fmt = mg_vk_format(be, t->format);
   struct mg_image img;
   if (fmt == VK_FORMAT_UNDEFINED || !image_create(be, t, fmt, &img))
      return false;
   mg_render_release(be, r);
   if ((t->flags & WIRE_RESPECIFY_PRESERVE) && fmt == r->vkfmt)
      preserve_contents(be, r, t, img.image);
   free_views(be, r, false);
   mg_defer(be, MG_GB_IMAGE, (uint64_t)r->image);
   mg_defer(be, MG_GB_MEMORY, (uint64_t)r->mem);
   set_image_fields(r, t, fmt, &img);
   r->templ.flags = 0;
   be->remints++;
   return true;
}

/* ---- mipmaps -------------------------------------------------------------------------- */

void
mg_generate_mipmap(struct srv_ctx *sctx, struct srv_resource *res, uint32_t base_level, uint32_t last_level)
{
   struct mg_backend *be = mg_ctx(sctx)->be;
   struct mg_resource *r = mg_resource(res);
   if (!r || r->is_buffer || last_level >= r->levels || base_level >= last_level)
      return;
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(be->pdev, r->vkfmt, &fp);
   const VkFormatFeatureFlags blit = VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
   if ((fp.optimalTilingFeatures & blit) != blit) {
      /* The front end generates mipmaps only of formats GL calls colour-renderable and
       * filterable, which every device blits; anything else is declined, and counted. */
      mg_skip(be, "a mipmap generation of a format the device cannot blit");
      return;
   }
   VkFilter filter = (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) &&
                     r->aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
   bool is3d = r->templ.target == WIRE_TARGET_TEX_3D;
   for (uint32_t l = base_level + 1; l <= last_level; l++) {
      VkImageBlit blit = {
         .srcSubresource = {r->aspect, l - 1, 0, r->layers},
         .srcOffsets = {{0, 0, 0}, {(int32_t)wire_minify(r->templ.width, l - 1), (int32_t)wire_minify(r->templ.height, l - 1),
                                    is3d ? (int32_t)wire_minify(r->templ.depth, l - 1) : 1}},
         .dstSubresource = {r->aspect, l, 0, r->layers},
         .dstOffsets = {{0, 0, 0}, {(int32_t)wire_minify(r->templ.width, l), (int32_t)wire_minify(r->templ.height, l),
                                    is3d ? (int32_t)wire_minify(r->templ.depth, l) : 1}},
      };
      vkCmdBlitImage(mg_cmd(be), r->image, VK_IMAGE_LAYOUT_GENERAL, r->image, VK_IMAGE_LAYOUT_GENERAL, 1, &blit, filter);
      mg_transfer_done(be);
   }
}

/* ---- dummy textures: what a sampler with no (or a mismatched) view reads --------------- */

/* The multisample dummies (be->dummy_ms: 2D, 2D array x float, int, unsigned) with the
 * smallest count the device renders and samples RGBA8 with, cleared to (0, 0, 0, 1); and the
 * buffer samplers' 16 zero bytes. A device without sampled multisample images gets none (a
 * GL 3.3 context then reports MAX_COLOR_TEXTURE_SAMPLES 1 and makes no multisample texture). */
static bool
ms_dummies_init(struct mg_backend *be)
{
   static const uint32_t formats[3] = {WIRE_FMT_R8G8B8A8_UNORM, WIRE_FMT_R8G8B8A8_SINT, WIRE_FMT_R8G8B8A8_UINT};
   for (unsigned i = 0; i < 6; i++) {
      VkFormat vk = mg_vk_format(be, formats[i / 2]);
      VkImageUsageFlags usage = vk != VK_FORMAT_UNDEFINED ? mg_ms_texture_usage(be, vk) : 0;
      VkImageFormatProperties ifp;
      if (!usage || vkGetPhysicalDeviceImageFormatProperties(be->pdev, vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                                                             usage, 0, &ifp) != VK_SUCCESS)
         continue;
      uint32_t samples = 0;
      for (uint32_t n = 2; n <= 16 && !samples; n *= 2)
         if (ifp.sampleCounts & n)
            samples = n;
      if (!samples)
         continue;
      struct wire_resource_create t = {
         .target = i % 2 ? WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY : WIRE_TARGET_TEX_2D_MULTISAMPLE,
         .format = formats[i / 2], .width = 1, .height = 1, .depth = 1, .layers = 1, .samples = samples,
      };
      struct srv_resource *res = mg_resource_create(&be->base, &t);
      if (!res)
         return false;
      be->dummy_ms[i] = mg_resource(res);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, VK_REMAINING_ARRAY_LAYERS};
      VkClearColorValue black = {.float32 = {0, 0, 0, 1}};
      if (i >= 2)
         black = (VkClearColorValue){.uint32 = {0, 0, 0, 1}};
      vkCmdClearColorImage(mg_cmd(be), be->dummy_ms[i]->image, VK_IMAGE_LAYOUT_GENERAL, &black, 1, &range);
      mg_transfer_done(be);
   }
   struct wire_resource_create b = {.target = WIRE_TARGET_BUFFER, .width = 16, .height = 1, .depth = 1, .layers = 1};
   be->dummy_buffer = mg_buffer_create(be, &b);
   return be->dummy_buffer != NULL;
}

bool
mg_dummies_init(struct mg_backend *be)
{
   static const uint32_t targets[MG_DUMMY_TARGETS] = {WIRE_TARGET_TEX_2D, WIRE_TARGET_TEX_CUBE, WIRE_TARGET_TEX_3D,
                                                      WIRE_TARGET_TEX_2D_ARRAY, WIRE_TARGET_TEX_1D,
                                                      WIRE_TARGET_TEX_1D_ARRAY};
   static const uint32_t formats[4] = {WIRE_FMT_R8G8B8A8_UNORM, WIRE_FMT_R8G8B8A8_SINT, WIRE_FMT_R8G8B8A8_UINT,
                                       WIRE_FMT_D16_UNORM};
   for (unsigned i = 0; i < MG_DUMMY_TARGETS * 4; i++) {
      if (i == 3 * MG_DUMMY_TARGETS + 2)
         continue; /* no 3D shadow samplers */
      struct wire_resource_create t = {
         .target = targets[i % MG_DUMMY_TARGETS], .format = formats[i / MG_DUMMY_TARGETS], .width = 1, .height = 1,
         .depth = 1, .layers = targets[i % MG_DUMMY_TARGETS] == WIRE_TARGET_TEX_CUBE ? 6 : 1,
      };
      struct srv_resource *res = mg_resource_create(&be->base, &t);
      if (!res)
         return false;
      be->dummy[i] = mg_resource(res);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, VK_REMAINING_ARRAY_LAYERS};
      if (i >= 3 * MG_DUMMY_TARGETS) {
         VkClearDepthStencilValue zero = {0.0f, 0};
         range.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
         vkCmdClearDepthStencilImage(mg_cmd(be), be->dummy[i]->image, VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &range);
      } else {
         VkClearColorValue black = {.float32 = {0, 0, 0, 1}};
         if (i >= MG_DUMMY_TARGETS)
            black = (VkClearColorValue){.uint32 = {0, 0, 0, 1}};
         vkCmdClearColorImage(mg_cmd(be), be->dummy[i]->image, VK_IMAGE_LAYOUT_GENERAL, &black, 1, &range);
      }
      mg_transfer_done(be);
   }
   return ms_dummies_init(be);
}
