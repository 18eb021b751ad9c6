/* Magma: sampler state objects and per-draw descriptor sets (spv_layout.h's convention).
 *
 * Sets come from the batch's descriptor pools, which are reset when the batch completes, so
 * their number is bounded by one batch's draws. A set is reused across draws while its
 * inputs (program, views, samplers, constants, batch, view epoch) are unchanged. */
#include "mg_private.h"
#include "server_vk/vk_enums.h"

#include <stdlib.h>
#include <string.h>

#include "wire/format.h"


/* GL's TEXTURE_BORDER_COLOR: one of Vulkan's standard colours when it is one, else a custom
 * colour (VK_EXT_custom_border_color, without a format: customBorderColorWithoutFormat is
 * required for custom_border); without the extension the nearest standard colour, logged once.
 * Integer textures (border_kind 1 / 2) take the integer vector border_int: the INT standard
 * colours or VK_BORDER_COLOR_INT_CUSTOM_EXT. */
static VkBorderColor
border_color(struct mg_backend *be, const float c[4], VkSamplerCustomBorderColorCreateInfoEXT *custom)
{
   if (c[0] == 0 && c[1] == 0 && c[2] == 0 && (c[3] == 0 || c[3] == 1))
      return c[3] == 0 ? VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
   if (c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1)
      return VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
   if (be->custom_border) {
      *custom = (VkSamplerCustomBorderColorCreateInfoEXT){
         .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
         .customBorderColor.float32 = {c[0], c[1], c[2], c[3]},
         .format = VK_FORMAT_UNDEFINED,
      };
      return VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
   }
   sgl_log_once(SGL_LOG_WARN, "magma: the device has no custom border colours: using the nearest standard one");
   float lum = (c[0] + c[1] + c[2]) / 3.0f;
   return lum >= 0.5f ? VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE
                      : c[3] >= 0.5f ? VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK : VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
}

static VkBorderColor
border_color_int(struct mg_backend *be, const struct wire_sampler_state *s, VkSamplerCustomBorderColorCreateInfoEXT *custom)
{
   const uint32_t *c = s->border_int;
   if (c[0] == 0 && c[1] == 0 && c[2] == 0 && (c[3] == 0 || c[3] == 1))
      return c[3] == 0 ? VK_BORDER_COLOR_INT_TRANSPARENT_BLACK : VK_BORDER_COLOR_INT_OPAQUE_BLACK;
   if (c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1)
      return VK_BORDER_COLOR_INT_OPAQUE_WHITE;
   if (be->custom_border) {
      *custom = (VkSamplerCustomBorderColorCreateInfoEXT){
         .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
         .format = VK_FORMAT_UNDEFINED,
      };
      /* int32 and uint32 share the words: the image view's format decides how they read */
      memcpy(custom->customBorderColor.uint32, c, sizeof(custom->customBorderColor.uint32));
      return VK_BORDER_COLOR_INT_CUSTOM_EXT;
   }
   sgl_log_once(SGL_LOG_WARN, "magma: the device has no custom border colours: using the nearest standard integer one");
   const bool sgn = s->border_kind == 1;
   const bool any = c[0] || c[1] || c[2];
   const bool a = sgn ? (int32_t)c[3] > 0 : c[3] > 0;
   return any ? VK_BORDER_COLOR_INT_OPAQUE_WHITE : a ? VK_BORDER_COLOR_INT_OPAQUE_BLACK : VK_BORDER_COLOR_INT_TRANSPARENT_BLACK;
}

static VkSamplerAddressMode
wrap(uint8_t w)
{
   return w < WIRE_WRAP_COUNT ? mg_vk_address_mode[w] : VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

VkSampler
mg_sampler_vk(struct mg_backend *be, const struct wire_sampler_state *s)
{
   const VkPhysicalDeviceLimits *lim = &be->props.limits;
   float bias = s->lod_bias;
   if (bias > lim->maxSamplerLodBias)
      bias = lim->maxSamplerLodBias;
   if (bias < -lim->maxSamplerLodBias)
      bias = -lim->maxSamplerLodBias;
   float aniso = s->max_anisotropy;
   VkSamplerCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = mg_vk_filter[s->mag_filter],
      .minFilter = mg_vk_filter[s->min_filter],
      .mipmapMode = s->mip_filter == WIRE_MIP_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = wrap(s->wrap_s),
      .addressModeV = wrap(s->wrap_t),
      .addressModeW = wrap(s->wrap_r),
      .mipLodBias = bias,
      .anisotropyEnable = aniso > 1.0f,
      .maxAnisotropy = aniso > lim->maxSamplerAnisotropy ? lim->maxSamplerAnisotropy : (aniso < 1 ? 1 : aniso),
      .compareEnable = s->compare_enable,
      .compareOp = mg_vk_compare_op[s->compare_func],
      /* GL allows any (non-NaN) value; Vulkan clamps to the levels present, and 1000 is its
       * VK_LOD_CLAMP_NONE: keep infinities out of the driver. */
      .minLod = s->min_lod < 0 ? 0 : s->min_lod > VK_LOD_CLAMP_NONE ? VK_LOD_CLAMP_NONE : s->min_lod,
      .maxLod = s->max_lod < 0 ? 0 : s->max_lod > VK_LOD_CLAMP_NONE ? VK_LOD_CLAMP_NONE : s->max_lod,
      .borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
   };
   VkSamplerCustomBorderColorCreateInfoEXT custom;
   if (s->wrap_s == WIRE_WRAP_CLAMP_TO_BORDER || s->wrap_t == WIRE_WRAP_CLAMP_TO_BORDER ||
       s->wrap_r == WIRE_WRAP_CLAMP_TO_BORDER) {
      ci.borderColor = s->border_kind ? border_color_int(be, s, &custom) : border_color(be, s->border_color, &custom);
      if (ci.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || ci.borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT)
         ci.pNext = &custom;
   }
   if (!(ci.minLod >= 0))
      ci.minLod = 0; /* NaN (refused by the decoder; the backend does not rely on it) */
   if (!(ci.maxLod >= ci.minLod))
      ci.maxLod = ci.minLod;
   if (s->mip_filter == WIRE_MIP_NONE) {
      /* GL's non-mipmapped minification: only the base level (Gallium does the same). */
      ci.minLod = 0.0f;
      ci.maxLod = 0.25f;
   }
   VkSampler smp = VK_NULL_HANDLE;
   VkResult r = vkCreateSampler(be->dev, &ci, NULL, &smp);
   if (r != VK_SUCCESS)
      mg_check(be, r, "vkCreateSampler");
   return smp;
}

void *
mg_create_sampler(struct srv_backend *sbe, const struct wire_sampler_state *s)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_sampler *smp = calloc(1, sizeof(*smp));
   if (!smp)
      return NULL;
   smp->base.kind = MG_OBJ_SAMPLER;
   smp->base.id = be->next_id++;
   smp->s = *s;
   smp->sampler = mg_sampler_vk(be, s);
   if (!smp->sampler) {
      free(smp);
      return NULL;
   }
   return smp;
}

/* ---- image views for sampling --------------------------------------------------------- */

#define MG_DUMMY_MS (MG_DUMMY_TARGETS * 4u) /* sampler_view_type's dummy index of be->dummy_ms[0] */

/* The view type and target a sampler type reads, and its numeric class (0 float, 1 int,
 * 2 unsigned int): a view must match it (Vulkan leaves a mismatch undefined). */
static VkImageViewType
sampler_view_type(uint32_t gl_type, uint32_t *target, unsigned *dummy, unsigned *numeric)
{
   switch (gl_type) {
   case MG_GL_SAMPLER_2D_SHADOW: case MG_GL_SAMPLER_CUBE_SHADOW: case MG_GL_SAMPLER_2D_ARRAY_SHADOW:
   case MG_GL_SAMPLER_1D_SHADOW: case MG_GL_SAMPLER_1D_ARRAY_SHADOW: case MG_GL_SAMPLER_2D_RECT_SHADOW:
      *numeric = 3; /* depth comparisons: a depth view */
      break;
   case MG_GL_INT_SAMPLER_2D: case MG_GL_INT_SAMPLER_3D: case MG_GL_INT_SAMPLER_CUBE: case MG_GL_INT_SAMPLER_2D_ARRAY:
   case MG_GL_INT_SAMPLER_2D_MULTISAMPLE: case MG_GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY: case MG_GL_INT_SAMPLER_BUFFER:
   case MG_GL_INT_SAMPLER_1D: case MG_GL_INT_SAMPLER_1D_ARRAY: case MG_GL_INT_SAMPLER_2D_RECT:
      *numeric = 1;
      break;
   case MG_GL_UNSIGNED_INT_SAMPLER_2D: case MG_GL_UNSIGNED_INT_SAMPLER_3D: case MG_GL_UNSIGNED_INT_SAMPLER_CUBE:
   case MG_GL_UNSIGNED_INT_SAMPLER_2D_ARRAY: case MG_GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
   case MG_GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY: case MG_GL_UNSIGNED_INT_SAMPLER_BUFFER:
   case MG_GL_UNSIGNED_INT_SAMPLER_1D: case MG_GL_UNSIGNED_INT_SAMPLER_1D_ARRAY: case MG_GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      *numeric = 2;
      break;
   default:
      *numeric = 0;
      break;
   }
   const unsigned base = MG_DUMMY_TARGETS * *numeric;
   switch (gl_type) {
   case MG_GL_SAMPLER_3D: case MG_GL_INT_SAMPLER_3D: case MG_GL_UNSIGNED_INT_SAMPLER_3D:
      *target = WIRE_TARGET_TEX_3D, *dummy = 2 + base;
      return VK_IMAGE_VIEW_TYPE_3D;
   case MG_GL_SAMPLER_CUBE: case MG_GL_SAMPLER_CUBE_SHADOW: case MG_GL_INT_SAMPLER_CUBE: case MG_GL_UNSIGNED_INT_SAMPLER_CUBE:
      *target = WIRE_TARGET_TEX_CUBE, *dummy = 1 + base;
      return VK_IMAGE_VIEW_TYPE_CUBE;
   case MG_GL_SAMPLER_2D_ARRAY: case MG_GL_SAMPLER_2D_ARRAY_SHADOW: case MG_GL_INT_SAMPLER_2D_ARRAY:
   case MG_GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
      *target = WIRE_TARGET_TEX_2D_ARRAY, *dummy = 3 + base;
      return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
   /* multisample samplers read be->dummy_ms[2 * numeric + arrayed] (MG_DUMMY_MS + that) */
   case MG_GL_SAMPLER_2D_MULTISAMPLE: case MG_GL_INT_SAMPLER_2D_MULTISAMPLE:
   case MG_GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
      *target = WIRE_TARGET_TEX_2D_MULTISAMPLE, *dummy = MG_DUMMY_MS + 2 * *numeric;
      return VK_IMAGE_VIEW_TYPE_2D;
   case MG_GL_SAMPLER_2D_MULTISAMPLE_ARRAY: case MG_GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case MG_GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      *target = WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY, *dummy = MG_DUMMY_MS + 2 * *numeric + 1;
      return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
   /* GL 3.3's 1D samplers are Vulkan's (SPIR-V Dim 1D, Sampled1D) */
   case MG_GL_SAMPLER_1D: case MG_GL_SAMPLER_1D_SHADOW: case MG_GL_INT_SAMPLER_1D: case MG_GL_UNSIGNED_INT_SAMPLER_1D:
      *target = WIRE_TARGET_TEX_1D, *dummy = 4 + base;
      return VK_IMAGE_VIEW_TYPE_1D;
   case MG_GL_SAMPLER_1D_ARRAY: case MG_GL_SAMPLER_1D_ARRAY_SHADOW: case MG_GL_INT_SAMPLER_1D_ARRAY:
   case MG_GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      *target = WIRE_TARGET_TEX_1D_ARRAY, *dummy = 5 + base;
      return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
   default: /* 2D; rectangles are one-level 2D images read through 2D samplers (spirv/rect.c) */
      *target = WIRE_TARGET_TEX_2D, *dummy = 0 + base;
      return VK_IMAGE_VIEW_TYPE_2D;
   }
}

static unsigned
format_numeric(uint32_t wire_fmt)
{
   const struct wire_format_info *wi = wire_format_info(wire_fmt);
   if (!(wi->flags & WIRE_FMTF_INTEGER))
      return 0;
   return wi->flags & WIRE_FMTF_SIGNED ? 1 : 2;
}

static VkComponentSwizzle
swizzle(uint8_t s, bool rgb)
{
   if (s == WIRE_SWZ_A && rgb)
      return VK_COMPONENT_SWIZZLE_ONE; /* three components stored as four (format.c) */
   return s < WIRE_SWZ_COUNT ? mg_vk_swizzle[s] : VK_COMPONENT_SWIZZLE_IDENTITY;
}

/* The view a sampler slot reads on `unit`; *filter: whether its format may be filtered
 * linearly. A view of another target or numeric class than the shader's sampler type reads
 * the dummy of the right kind (GL leaves such a draw undefined). */
static VkImageView
sampling_view(struct mg_ctx *ctx, const struct spv_sampler *smp, uint32_t unit, bool compare, bool *filter)
{
   struct mg_backend *be = ctx->be;
   uint32_t target;
   unsigned dummy, numeric;
   VkImageViewType type = sampler_view_type(smp->gl_type, &target, &dummy, &numeric);
   const struct srv_sampler_view *sv = unit < WIRE_MAX_SAMPLER_UNITS ? &ctx->views[unit] : NULL;
   struct mg_resource *r = sv ? mg_resource(sv->res) : NULL;
   /* a single-sampled renderbuffer is read as a 2D texture (the core checked the view) */
   const uint32_t rtarget = r && r->templ.target == WIRE_TARGET_RENDERBUFFER && r->templ.samples <= 1
                               ? WIRE_TARGET_TEX_2D
                               : r ? r->templ.target : 0;
   /* a depth / stencil texture's stencil (ARB_stencil_texturing) reads as unsigned integers */
   const bool stencil = sv && sv->aspect == WIRE_ASPECT_STENCIL;
   if (r && (r->is_buffer || rtarget != target || sv->first_level >= r->levels ||
             (stencil ? numeric != 2 || !(r->aspect & VK_IMAGE_ASPECT_STENCIL_BIT)
              : numeric == 3 ? !(r->aspect & VK_IMAGE_ASPECT_DEPTH_BIT)
                             : format_numeric(r->templ.format) != numeric)))
      r = NULL;
   *filter = !r || (!stencil && be->formats[r->templ.format].filter) ||
             (numeric == 3 && compare && be->formats[r->templ.format].compare);
   if (!r) {
      struct mg_view_key key = {type, numeric == 3 ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0,
                                type == VK_IMAGE_VIEW_TYPE_CUBE ? 6 : 1};
      struct mg_resource *d = dummy >= MG_DUMMY_MS ? be->dummy_ms[dummy - MG_DUMMY_MS] : be->dummy[dummy];
      if (!d) { /* a device without sampled multisample images: never a valid draw */
         sgl_log_once(SGL_LOG_WARN, "magma: a multisample sampler on a device that samples no multisample image");
         d = be->dummy[type == VK_IMAGE_VIEW_TYPE_2D_ARRAY ? 3 + MG_DUMMY_TARGETS * numeric : MG_DUMMY_TARGETS * numeric];
      }
      return mg_get_view(be, d, &key);
   }
   uint32_t last = sv->last_level < r->levels ? sv->last_level : r->levels - 1;
   if (last < sv->first_level)
      last = sv->first_level;
   bool rgb = be->formats[r->templ.format].conv == MG_CONV_RGB_RGBA;
   struct mg_view_key key = {
      .type = type,
      .aspect = stencil                                 ? VK_IMAGE_ASPECT_STENCIL_BIT
                : r->aspect & VK_IMAGE_ASPECT_DEPTH_BIT ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                        : VK_IMAGE_ASPECT_COLOR_BIT,
      .base_level = sv->first_level,
      .level_count = last - sv->first_level + 1,
      .base_layer = 0,
      .layer_count = r->layers,
      .swz = {swizzle(sv->swizzle[0], rgb), swizzle(sv->swizzle[1], rgb), swizzle(sv->swizzle[2], rgb),
              swizzle(sv->swizzle[3], rgb)},
   };
   return mg_get_view(be, r, &key);
}

/* ---- the set -------------------------------------------------------------------------- */

/* The default block's bytes for this draw (ctx->cb_buffer at ctx->cb_offset): written to new
 * stream bytes when glUniform* changed them, the batch is new or the program's block size
 * changed; else the previous draw's bytes serve again. Aligned for both the uniform-buffer and
 * the storage-buffer binding (spirv_quirks.c reads the same bytes through either). */
static bool
update_default_block(struct mg_ctx *ctx, const struct mg_batch *b)
{
   struct mg_backend *be = ctx->be;
   uint32_t size = ctx->prog->default_block_size;
   if (!ctx->cb_dirty && ctx->cb_serial == b->serial && ctx->cb_alloc_size == size)
      return true;
   struct mg_alloc a;
   VkDeviceSize align = be->props.limits.minUniformBufferOffsetAlignment;
   if (be->props.limits.minStorageBufferOffsetAlignment > align)
      align = be->props.limits.minStorageBufferOffsetAlignment;
   if (!mg_stream_alloc(be, size, align, &a))
      return false;
   uint32_t n = ctx->cb0_size < size ? ctx->cb0_size : size;
   if (n)
      memcpy(a.map, ctx->cb0, n);
   memset(a.map + n, 0, size - n);
   ctx->cb_buffer = a.buffer;
   ctx->cb_offset = (uint32_t)a.offset;
   ctx->cb_serial = b->serial;
   ctx->cb_alloc_size = size;
   ctx->cb_dirty = false;
   return true;
}

/* A LINEAR filter on a format the device cannot filter is invalid in Vulkan (unless the
 * sampler compares depth: percentage-closer filtering needs only the depth-comparison
 * feature): such views get the sampler's NEAREST variant. The front end only asks for
 * filtering where GL calls the format filterable, so this happens where the device falls
 * short of GL or with a hostile client. */
static VkSampler
sampler_for(struct mg_backend *be, struct mg_sampler *s, bool filter)
{
   bool linear = s->s.min_filter == WIRE_FILTER_LINEAR || s->s.mag_filter == WIRE_FILTER_LINEAR ||
                 s->s.mip_filter == WIRE_MIP_LINEAR;
   if (filter || !linear)
      return s->sampler;
   if (!s->nearest) {
      struct wire_sampler_state n = s->s;
      n.min_filter = n.mag_filter = WIRE_FILTER_NEAREST;
      if (n.mip_filter == WIRE_MIP_LINEAR)
         n.mip_filter = WIRE_MIP_NEAREST;
      s->nearest = mg_sampler_vk(be, &n);
   }
   return s->nearest ? s->nearest : be->default_sampler;
}

/* The texel buffer view a buffer sampler reads on `unit`: the unit's TEX_BUFFER view of a live
 * buffer whose format has the sampler's numeric class, over whole texels from byte 0 up to the
 * buffer's size (at most maxTexelBufferElements, GL's MAX_TEXTURE_BUFFER_SIZE); else the zero
 * dummy of the sampler's class (GL 3.3 section 3.8.7 leaves reads without a buffer undefined). */
static VkBufferView
texel_buffer_view(struct mg_ctx *ctx, const struct spv_sampler *smp, uint32_t unit)
{
   struct mg_backend *be = ctx->be;
   uint32_t target;
   unsigned dummy, numeric;
   sampler_view_type(smp->gl_type, &target, &dummy, &numeric);
   const struct srv_sampler_view *sv = unit < WIRE_MAX_SAMPLER_UNITS ? &ctx->views[unit] : NULL;
   struct mg_resource *r = sv && sv->target == WIRE_TARGET_TEX_BUFFER ? mg_resource(sv->res) : NULL;
   if (r && r->is_buffer && sv->format < 64 && ((be->caps[WIRE_CAP_TEXEL_BUFFER_FORMATS] >> sv->format) & 1u) &&
       format_numeric(sv->format) == numeric) {
      VkDeviceSize texel = wire_format_info(sv->format)->size, n = texel ? r->size / texel : 0;
      if (n > be->props.limits.maxTexelBufferElements)
         n = be->props.limits.maxTexelBufferElements;
      if (n)
         return mg_get_buffer_view(be, r, mg_vk_format(be, sv->format), n * texel);
   }
   static const VkFormat dummies[3] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SINT, VK_FORMAT_R8G8B8A8_UINT};
   return mg_get_buffer_view(be, be->dummy_buffer, dummies[numeric < 3 ? numeric : 0], 16);
}

static uint32_t
write_samplers(struct mg_ctx *ctx, VkDescriptorImageInfo *img, VkBufferView *texels, VkWriteDescriptorSet *w,
               VkDescriptorSet set)
{
   struct mg_program *p = ctx->prog;
   uint32_t nimg = 0;
   for (uint32_t i = 0; i < p->sampler_count; i++) {
      const struct spv_sampler *smp = &p->samplers[i];
      if (nimg + smp->array_size > WIRE_MAX_PROGRAM_SAMPLERS)
         return i; /* the blob parser bounds the slots; never overrun the array */
      const bool buffer = mg_sampler_is_buffer(smp->gl_type);
      w[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = set,
         .dstBinding = SPV_BINDING_SAMPLER_BASE + i,
         .descriptorCount = smp->array_size,
         .descriptorType = buffer ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .pImageInfo = buffer ? NULL : &img[nimg],
         .pTexelBufferView = buffer ? &texels[nimg] : NULL,
      };
      for (uint32_t j = 0; j < smp->array_size; j++) {
         uint32_t slot = smp->first_slot + j;
         uint32_t unit = slot < WIRE_MAX_PROGRAM_SAMPLERS ? p->sampler_units[slot] : 0;
         if (buffer) {
            texels[nimg++] = texel_buffer_view(ctx, smp, unit);
            continue;
         }
         struct mg_sampler *s = unit < WIRE_MAX_SAMPLER_UNITS ? ctx->samplers[unit] : NULL;
         bool filter;
         VkImageView view = sampling_view(ctx, smp, unit, s && s->s.compare_enable, &filter);
         img[nimg++] = (VkDescriptorImageInfo){s ? sampler_for(ctx->be, s, filter) : ctx->be->default_sampler, view,
                                               VK_IMAGE_LAYOUT_GENERAL};
      }
   }
   return p->sampler_count;
}

/* Named uniform blocks: GL block i reads the range bound at its binding point, clamped to the
 * buffer's storage (and the device's maxUniformBufferRange); nothing bound, or a range past
 * the buffer's end, reads the zero buffer (GL leaves such reads undefined). */
static uint32_t
write_blocks(struct mg_ctx *ctx, VkDescriptorBufferInfo *info, VkWriteDescriptorSet *w, VkDescriptorSet set)
{
   struct mg_program *p = ctx->prog;
   const VkDeviceSize max_range = ctx->be->props.limits.maxUniformBufferRange;
   for (uint32_t i = 0; i < p->block_count; i++) {
      uint32_t bp = p->block_bindings[i];
      const struct srv_uniform_buffer *ub = bp < WIRE_MAX_UNIFORM_BLOCKS ? &ctx->ubs[bp] : NULL;
      struct mg_resource *r = ub ? mg_resource(ub->res) : NULL;
      if (r && r->is_buffer && ub->offset < r->size) {
         VkDeviceSize range = r->size - ub->offset;
         if (ub->size && ub->size < range)
            range = ub->size;
         if (range > max_range)
            range = max_range;
         info[i] = (VkDescriptorBufferInfo){r->buffer, ub->offset, range};
      } else {
         info[i] = (VkDescriptorBufferInfo){ctx->be->zero_buffer, 0, 256};
      }
      w[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = set,
         .dstBinding = p->blocks[i].binding,
         .dstArrayElement = p->blocks[i].array_index,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
         .pBufferInfo = &info[i],
      };
   }
   return p->block_count;
}

/* Binds the program's descriptor set, building a new one when an input changed. The default
 * block is a dynamic uniform (or storage) buffer over the stream buffer its bytes are in, so a
 * uniform change between draws moves only the dynamic offset. */
bool
mg_emit_descriptors(struct mg_ctx *ctx)
{
   struct mg_backend *be = ctx->be;
   struct mg_program *p = ctx->prog;
   struct mg_batch *b = mg_batch(be);
   if (!p->default_block_size && !p->sampler_count && !p->block_count)
      return true;
   if (p->default_block_size && !update_default_block(ctx, b))
      return false;
   b = mg_batch(be); /* recording: the stream allocation did not start another batch */
   if (!ctx->set || ctx->set_dirty || ctx->set_serial != b->serial || ctx->set_epoch != be->view_epoch ||
       ctx->set_bindings_gen != p->bindings_gen || (p->default_block_size && ctx->set_cb_buffer != ctx->cb_buffer)) {
      VkDescriptorSet set = mg_alloc_set(be, p->set_layout);
      if (!set)
         return false;
      VkWriteDescriptorSet w[2 + SPV_MAX_SAMPLER_BINDINGS + WIRE_MAX_UNIFORM_BLOCKS];
      VkDescriptorImageInfo img[WIRE_MAX_PROGRAM_SAMPLERS];
      VkBufferView texels[WIRE_MAX_PROGRAM_SAMPLERS];
      VkDescriptorBufferInfo ubo, blocks[WIRE_MAX_UNIFORM_BLOCKS];
      uint32_t nw = write_samplers(ctx, img, texels, w, set);
      nw += write_blocks(ctx, blocks, w + nw, set);
      if (p->default_block_size) {
         ubo = (VkDescriptorBufferInfo){ctx->cb_buffer, 0, p->default_block_size};
         VkWriteDescriptorSet wb = {
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = set,
            .dstBinding = SPV_BINDING_DEFAULT_UBO,
            .descriptorCount = 1,
            .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
            .pBufferInfo = &ubo,
         };
         if (p->default_ubo_stages)
            w[nw++] = wb;
         if (p->default_ssbo_stages) {
            wb.dstBinding = MG_BINDING_DEFAULT_SSBO;
            wb.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
            w[nw++] = wb;
         }
      }
      vkUpdateDescriptorSets(be->dev, nw, w, 0, NULL);
      ctx->set = set;
      ctx->set_dirty = false;
      ctx->set_serial = b->serial;
      ctx->set_epoch = be->view_epoch;
      ctx->set_bindings_gen = p->bindings_gen;
      ctx->set_cb_buffer = ctx->cb_buffer;
   }
   /* One dynamic offset per dynamic binding (the UBO and the SSBO view of the same bytes). */
   uint32_t ndyn = 0, offs[2];
   if (p->default_block_size) {
      if (p->default_ubo_stages)
         offs[ndyn++] = ctx->cb_offset;
      if (p->default_ssbo_stages)
         offs[ndyn++] = ctx->cb_offset;
   }
   struct mg_draw_state *ds = mg_draw_state(be);
   if (ds->set == ctx->set && ds->layout == p->layout && ds->ndyn == ndyn && (!ndyn || ds->dyn_offset == offs[0]))
      return true;
   vkCmdBindDescriptorSets(b->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->layout, SPV_SET_MAIN, 1, &ctx->set, ndyn, offs);
   ds->set = ctx->set;
   ds->layout = p->layout;
   ds->ndyn = ndyn;
   ds->dyn_offset = ndyn ? offs[0] : 0;
   return true;
}
