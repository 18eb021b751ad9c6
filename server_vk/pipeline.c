/* Magma: constant state objects, programs and the graphics-pipeline cache.
 *
 * A pipeline is keyed by program (the cache lives in the program and dies with it) + velems +
 * blend + dsa + rast (by unique object id) + topology + attachment formats. Viewport, scissor,
 * blend constants, stencil reference and vertex strides are dynamic state. */
#include "mg_private.h"
#include "server_vk/vk_enums.h"

#include <stdlib.h>
#include <string.h>

static void *
cso_alloc(struct mg_backend *be, size_t size, uint32_t kind)
{
   struct mg_object *o = calloc(1, size);
   if (o) {
      o->kind = kind;
      o->id = be->next_id++;
   }
   return o;
}

#define CREATE_CSO(fn, type, wtype, KIND)                                      \
   void *fn(struct srv_backend *sbe, const struct wtype *s)                   \
   {                                                                          \
      struct type *c = cso_alloc(mg_backend(sbe), sizeof(*c), KIND);          \
      if (c)                                                                  \
         c->s = *s;                                                           \
      return c;                                                               \
   }
CREATE_CSO(mg_create_blend, mg_blend, wire_blend_state, MG_OBJ_BLEND)
CREATE_CSO(mg_create_dsa, mg_dsa, wire_dsa_state, MG_OBJ_DSA)
CREATE_CSO(mg_create_rast, mg_rast, wire_rast_state, MG_OBJ_RAST)
CREATE_CSO(mg_create_velems, mg_velems, wire_velems_state, MG_OBJ_VELEMS)
#undef CREATE_CSO

static VkShaderModule
create_module(struct mg_backend *be, const uint32_t *words, uint32_t count)
{
   VkShaderModuleCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = (size_t)count * 4,
      .pCode = words,
   };
   VkShaderModule m = VK_NULL_HANDLE;
   VkResult r = vkCreateShaderModule(be->dev, &ci, NULL, &m);
   if (r != VK_SUCCESS)
      mg_check(be, r, "vkCreateShaderModule");
   return m;
}

static VkShaderStageFlags
stage_flags(uint32_t spv_mask)
{
   return ((spv_mask & (1u << SPV_STAGE_VERTEX)) ? VK_SHADER_STAGE_VERTEX_BIT : 0) |
          ((spv_mask & (1u << SPV_STAGE_FRAGMENT)) ? VK_SHADER_STAGE_FRAGMENT_BIT : 0) |
          ((spv_mask & (1u << SPV_STAGE_GEOMETRY)) ? VK_SHADER_STAGE_GEOMETRY_BIT : 0);
}

/* The program's modules. Under be->default_block_ssbo the vertex stage reads the default
 * block through the storage-buffer binding when its module can be rewritten. */
static bool
create_modules(struct mg_backend *be, struct mg_program *p, const struct spv_program_info *info)
{
   uint32_t *vs = NULL, vs_words = 0;
   uint32_t ubo_mask = info->default_block_size ? info->default_block_stage_mask : 0, ssbo_mask = 0;
   if (be->default_block_ssbo && (ubo_mask & (1u << SPV_STAGE_VERTEX)) &&
       mg_spirv_default_block_to_ssbo(info->spirv[SPV_STAGE_VERTEX], info->spirv_words[SPV_STAGE_VERTEX],
                                      MG_BINDING_DEFAULT_SSBO, &vs, &vs_words) && vs) {
      ubo_mask &= ~(1u << SPV_STAGE_VERTEX);
      ssbo_mask = 1u << SPV_STAGE_VERTEX;
   }
   p->default_ubo_stages = stage_flags(ubo_mask);
   p->default_ssbo_stages = stage_flags(ssbo_mask);
   bool ok = true;
   for (unsigned s = 0; ok && s < SPV_STAGE_COUNT; s++) {
      if (!(info->stage_mask & (1u << s)))
         continue;
      if (s == SPV_STAGE_VERTEX && ssbo_mask)
         p->modules[s] = create_module(be, vs, vs_words);
      else
         p->modules[s] = create_module(be, info->spirv[s], info->spirv_words[s]);
      ok = p->modules[s] != VK_NULL_HANDLE;
   }
   free(vs);
   return ok;
}

/* spv_layout.h: binding 0 default UBO, SPV_BINDING_SAMPLER_BASE + i sampler i. */
static bool
create_layouts(struct mg_backend *be, struct mg_program *p, const struct spv_program_info *info)
{
   VkDescriptorSetLayoutBinding b[2 + SPV_MAX_SAMPLER_BINDINGS + WIRE_MAX_UNIFORM_BLOCKS];
   uint32_t n = 0;
   /* The default block: dynamic, so a uniform change moves an offset instead of needing a new
    * set (descriptor.c mg_emit_descriptors). */
   if (p->default_ubo_stages)
      b[n++] = (VkDescriptorSetLayoutBinding){SPV_BINDING_DEFAULT_UBO, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1,
                                              p->default_ubo_stages, NULL};
   if (p->default_ssbo_stages)
      b[n++] = (VkDescriptorSetLayoutBinding){MG_BINDING_DEFAULT_SSBO, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1,
                                              p->default_ssbo_stages, NULL};
   for (uint32_t i = 0; i < info->sampler_count && i < SPV_MAX_SAMPLER_BINDINGS; i++)
      b[n++] = (VkDescriptorSetLayoutBinding){SPV_BINDING_SAMPLER_BASE + i,
                                              mg_sampler_is_buffer(info->samplers[i].gl_type)
                                                 ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                                                 : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                              info->samplers[i].array_size, stage_flags(info->samplers[i].stage_mask), NULL};
   /* Named uniform blocks: one binding per declaration (the blob parser checked that the
    * elements of each binding are all there), element 0 carries the binding's shape. */
   for (uint32_t i = 0; i < p->block_count; i++)
      if (p->blocks[i].array_index == 0)
         b[n++] = (VkDescriptorSetLayoutBinding){p->blocks[i].binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                                 p->blocks[i].array_size, stage_flags(p->blocks[i].stage_mask), NULL};
   VkDescriptorSetLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = n,
      .pBindings = b,
   };
   if (vkCreateDescriptorSetLayout(be->dev, &li, NULL, &p->set_layout) != VK_SUCCESS)
      return false;
   VkPipelineLayoutCreateInfo pi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &p->set_layout,
   };
   return vkCreatePipelineLayout(be->dev, &pi, NULL, &p->layout) == VK_SUCCESS;
}

static void
program_free(struct mg_backend *be, struct mg_program *p)
{
   for (unsigned i = 0; i < MG_PIPELINE_BUCKETS; i++) {
      for (struct mg_pipeline_entry *e = p->buckets[i], *n; e; e = n) {
         n = e->next;
         mg_defer(be, MG_GB_PIPELINE, (uint64_t)e->pipeline);
         free(e);
      }
   }
   for (unsigned s = 0; s < SPV_STAGE_COUNT; s++)
      mg_defer(be, MG_GB_SHADER, (uint64_t)p->modules[s]);
   mg_defer(be, MG_GB_PIPELINE_LAYOUT, (uint64_t)p->layout);
   mg_defer(be, MG_GB_SET_LAYOUT, (uint64_t)p->set_layout);
   free(p->samplers);
   free(p->attribs);
   free(p);
}

struct srv_program *
mg_program_create(struct srv_backend *sbe, const struct spv_program_info *info)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_program *p = cso_alloc(be, sizeof(*p), MG_OBJ_PROGRAM);
   if (!p)
      return NULL;
   p->stage_mask = info->stage_mask;
   p->writes_point_size = info->writes_point_size != 0;
   p->point_size_spec = info->point_size_spec != 0;
   p->gs_point_size_spec = info->gs_point_size_spec != 0;
   p->fs_point_origin_spec = info->fs_point_origin_spec != 0;
   p->clip_enable_stage = info->clip_enable_stage;
   p->xfb = info->xfb_varying_count != 0;
   for (uint32_t b = 0; b < SPV_MAX_XFB_BUFFERS; b++)
      if (info->xfb_strides[b]) {
         p->xfb_buffers = b + 1;
         if (info->xfb_strides[b] > p->xfb_max_stride)
            p->xfb_max_stride = info->xfb_strides[b];
      }
   p->default_block_size = info->default_block_size;
   p->sampler_count = info->sampler_count < SPV_MAX_SAMPLER_BINDINGS ? info->sampler_count : SPV_MAX_SAMPLER_BINDINGS;
   p->sampler_slot_count = info->sampler_slot_count;
   p->attrib_count = info->attrib_count;
   p->block_count = info->block_count < WIRE_MAX_UNIFORM_BLOCKS ? info->block_count : WIRE_MAX_UNIFORM_BLOCKS;
   for (uint32_t i = 0; i < p->block_count; i++) {
      p->blocks[i] = info->blocks[i];
      p->blocks[i].name = NULL;
   }
   p->samplers = calloc(p->sampler_count + 1, sizeof(*p->samplers));
   p->attribs = calloc(p->attrib_count + 1, sizeof(*p->attribs));
   bool ok = p->samplers && p->attribs;
   if (ok) {
      if (p->sampler_count) /* info->samplers may be NULL when there are none */
         memcpy(p->samplers, info->samplers, p->sampler_count * sizeof(*p->samplers));
      for (uint32_t i = 0; i < p->attrib_count; i++) {
         p->attribs[i] = info->attribs[i];
         p->attribs[i].name = NULL;
      }
   }
   /* Every descriptor of the layout gets written (descriptor.c has room for
    * WIRE_MAX_PROGRAM_SAMPLERS images, the most SetProgramBindings can name): a program
    * declaring more sampler slots cannot be bound and is refused here. */
   uint32_t slots = 0;
   for (uint32_t i = 0; ok && i < p->sampler_count; i++)
      slots += p->samplers[i].array_size;
   if (ok && (slots > WIRE_MAX_PROGRAM_SAMPLERS || info->sampler_count > SPV_MAX_SAMPLER_BINDINGS)) {
      sgl_warn("magma: program with %u sampler slots refused (at most %u)", slots, WIRE_MAX_PROGRAM_SAMPLERS);
      ok = false;
   }
   /* Uniform buffers per stage and per set within the device's limits (the front end links
    * against the limits it reports; a blob past them is refused, not handed to the driver). */
   uint32_t stage_ubos[SPV_STAGE_COUNT] = {0}, set_ubos = 0;
   for (uint32_t i = 0; ok && i < p->block_count; i++) {
      set_ubos++;
      for (uint32_t s = 0; s < SPV_STAGE_COUNT; s++)
         stage_ubos[s] += (p->blocks[i].stage_mask >> s) & 1;
   }
   for (uint32_t s = 0; ok && s < SPV_STAGE_COUNT; s++) {
      uint32_t n = stage_ubos[s] + ((info->default_block_stage_mask >> s) & 1);
      if (n > be->props.limits.maxPerStageDescriptorUniformBuffers ||
          set_ubos + 1 > be->props.limits.maxDescriptorSetUniformBuffers) {
         sgl_warn("magma: program with %u uniform blocks in stage %u refused (the device allows %u)", n, s,
                  be->props.limits.maxPerStageDescriptorUniformBuffers);
         ok = false;
      }
   }
   if (ok && !(info->stage_mask & (1u << SPV_STAGE_VERTEX)))
      ok = false; /* a graphics pipeline needs a vertex stage */
   if (ok && (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) &&
       (!be->geometry || info->gs_max_vertices > be->props.limits.maxGeometryOutputVertices ||
        info->gs_invocations > be->props.limits.maxGeometryShaderInvocations)) {
      sgl_warn("magma: program with a geometry stage refused (geometryShader %d)", be->geometry);
      ok = false; /* the core refuses these blobs first (decode_objects.c) */
   }
   if (ok)
      ok = create_modules(be, p, info);
   ok = ok && create_layouts(be, p, info);
   if (!ok) {
      program_free(be, p);
      return NULL;
   }
   /* Until set_program_bindings says otherwise, sampler slot i reads texture unit 0 (GL's
    * default value of every sampler uniform). */
   return (struct srv_program *)&p->base;
}

void
mg_delete_cso(struct srv_backend *sbe, uint32_t kind, void *cso)
{
   struct mg_backend *be = mg_backend(sbe);
   if (!cso)
      return;
   if (kind == WIRE_KIND_PROGRAM) {
      program_free(be, mg_program(cso));
      return;
   }
   if (kind == WIRE_KIND_SAMPLER) {
      struct mg_sampler *smp = cso;
      mg_defer(be, MG_GB_SAMPLER, (uint64_t)smp->sampler);
      if (smp->nearest)
         mg_defer(be, MG_GB_SAMPLER, (uint64_t)smp->nearest);
   }
   free(cso);
}

/* ---- vertex input --------------------------------------------------------------------- */

static const VkFormat vformats[WIRE_VF_COUNT] = {
#define F(n) [WIRE_VF_##n] = VK_FORMAT_##n,
#define VK_FORMAT_R32_FLOAT VK_FORMAT_R32_SFLOAT
#define VK_FORMAT_R32G32_FLOAT VK_FORMAT_R32G32_SFLOAT
#define VK_FORMAT_R32G32B32_FLOAT VK_FORMAT_R32G32B32_SFLOAT
#define VK_FORMAT_R32G32B32A32_FLOAT VK_FORMAT_R32G32B32A32_SFLOAT
#define VK_FORMAT_R16_FLOAT VK_FORMAT_R16_SFLOAT
#define VK_FORMAT_R16G16_FLOAT VK_FORMAT_R16G16_SFLOAT
#define VK_FORMAT_R16G16B16_FLOAT VK_FORMAT_R16G16B16_SFLOAT
#define VK_FORMAT_R16G16B16A16_FLOAT VK_FORMAT_R16G16B16A16_SFLOAT
/* Vulkan has no 32-bit SCALED formats: the capability table leaves them out and the front end
 * converts such attributes to float. */
#define VK_FORMAT_R32_USCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32G32_USCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32G32B32_USCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32G32B32A32_USCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32_SSCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32G32_SSCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32G32B32_SSCALED VK_FORMAT_UNDEFINED
#define VK_FORMAT_R32G32B32A32_SSCALED VK_FORMAT_UNDEFINED
   WIRE_VFORMATS(F)
#undef F
};

VkFormat
mg_vformat(uint32_t wire_vformat)
{
   return wire_vformat < WIRE_VF_COUNT ? vformats[wire_vformat] : VK_FORMAT_UNDEFINED;
}

VkFormat
mg_const_attrib_format(uint32_t gl_type)
{
   switch (gl_type) {
   case MG_GL_INT: case MG_GL_INT_VEC2: case MG_GL_INT_VEC3: case MG_GL_INT_VEC4:
      return VK_FORMAT_R32G32B32A32_SINT;
   case MG_GL_UNSIGNED_INT: case MG_GL_UNSIGNED_INT_VEC2: case MG_GL_UNSIGNED_INT_VEC3: case MG_GL_UNSIGNED_INT_VEC4:
      return VK_FORMAT_R32G32B32A32_UINT;
   default:
      return VK_FORMAT_R32G32B32A32_SFLOAT;
   }
}

struct vertex_input {
   VkVertexInputBindingDescription bindings[WIRE_MAX_VERTEX_ATTRIBS + 1];
   VkVertexInputAttributeDescription attrs[WIRE_MAX_VERTEX_ATTRIBS * 2];
   VkVertexInputBindingDivisorDescriptionEXT divisors[WIRE_MAX_VERTEX_ATTRIBS];
   VkPipelineVertexInputDivisorStateCreateInfoEXT div_info;
   VkPipelineVertexInputStateCreateInfo info;
};

/* Element i of the velems CSO feeds binding i (so each element has its own divisor);
 * locations the shader reads but velems leaves out read binding MG_CONST_BINDING, stride 0. */
static void
build_vertex_input(struct mg_backend *be, const struct mg_program *p, const struct mg_velems *ve, uint32_t emulated,
                   struct vertex_input *vi)
{
   uint32_t nb = 0, na = 0, nd = 0, used = 0;
   for (uint32_t a = 0; a < p->attrib_count; a++)
      for (uint32_t s = 0; s < p->attribs[a].slots && p->attribs[a].location + s < 32; s++)
         used |= 1u << (p->attribs[a].location + s);
   for (uint32_t i = 0; ve && i < ve->s.count; i++) {
      const struct wire_vertex_element *e = &ve->s.e[i];
      if (!(used & (1u << e->location)) || e->format >= WIRE_VF_COUNT)
         continue;
      used &= ~(1u << e->location);
      vi->bindings[nb++] = (VkVertexInputBindingDescription){i, 0, e->divisor ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX};
      /* Divisors the device cannot take were lowered (lower.c: the element's instance data is
       * replicated, so it advances once per instance). */
      if (e->divisor > 1 && !(emulated & (1u << i)))
         vi->divisors[nd++] = (VkVertexInputBindingDivisorDescriptionEXT){i, e->divisor};
      vi->attrs[na++] = (VkVertexInputAttributeDescription){e->location, i, vformats[e->format], 0};
   }
   if (used) {
      vi->bindings[nb++] = (VkVertexInputBindingDescription){MG_CONST_BINDING, 0, VK_VERTEX_INPUT_RATE_VERTEX};
      for (uint32_t a = 0; a < p->attrib_count; a++)
         for (uint32_t s = 0; s < p->attribs[a].slots; s++) {
            uint32_t loc = p->attribs[a].location + s;
            if (loc < WIRE_MAX_VERTEX_ATTRIBS && (used & (1u << loc))) {
               /* once per location: aliased attributes share one (spirv/link.c) */
               used &= ~(1u << loc);
               vi->attrs[na++] = (VkVertexInputAttributeDescription){loc, MG_CONST_BINDING,
                                                                     mg_const_attrib_format(p->attribs[a].gl_type), loc * 16};
            }
         }
   }
   vi->div_info = (VkPipelineVertexInputDivisorStateCreateInfoEXT){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
      .vertexBindingDivisorCount = nd,
      .pVertexBindingDivisors = vi->divisors,
   };
   vi->info = (VkPipelineVertexInputStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .pNext = nd ? &vi->div_info : NULL,
      .vertexBindingDescriptionCount = nb,
      .pVertexBindingDescriptions = vi->bindings,
      .vertexAttributeDescriptionCount = na,
      .pVertexAttributeDescriptions = vi->attrs,
   };
}

/* ---- fixed-function state ------------------------------------------------------------- */

static const struct wire_rt_blend default_rt = {.colormask = 0xf};

/* From the OpenGL ES 3.0 spec, section 4.1.7: "Blending applies only if the color buffer has a
 * fixed-point or floating-point format. If the color buffer has an integer format, proceed to
 * the next operation." Vulkan refuses blending on formats without the BLEND feature. */
static bool
format_blends(struct mg_backend *be, VkFormat f)
{
   VkFormatProperties p;
   if (f == VK_FORMAT_UNDEFINED)
      return false;
   vkGetPhysicalDeviceFormatProperties(be->pdev, f, &p);
   return (p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT) != 0;
}

static void
build_blend(struct mg_backend *be, const struct mg_blend *bl, uint32_t n, const VkFormat *formats,
            VkPipelineColorBlendAttachmentState *att)
{
   for (uint32_t i = 0; i < n; i++) {
      const struct wire_rt_blend *rt = !bl ? &default_rt : &bl->s.rt[bl->s.independent && be->independent_blend ? i : 0];
      att[i] = (VkPipelineColorBlendAttachmentState){
         .blendEnable = rt->blend_enable && format_blends(be, formats[i]),
         .srcColorBlendFactor = mg_vk_blend_factor[rt->rgb_src],
         .dstColorBlendFactor = mg_vk_blend_factor[rt->rgb_dst],
         .colorBlendOp = mg_vk_blend_op[rt->rgb_func],
         .srcAlphaBlendFactor = mg_vk_blend_factor[rt->alpha_src],
         .dstAlphaBlendFactor = mg_vk_blend_factor[rt->alpha_dst],
         .alphaBlendOp = mg_vk_blend_op[rt->alpha_func],
         .colorWriteMask = rt->colormask & 0xf,
      };
   }
}

static VkStencilOpState
stencil_face(const struct wire_stencil_face *f)
{
   return (VkStencilOpState){
      .failOp = mg_vk_stencil_op[f->fail_op],
      .passOp = mg_vk_stencil_op[f->zpass_op],
      .depthFailOp = mg_vk_stencil_op[f->zfail_op],
      .compareOp = mg_vk_compare_op[f->func],
      .compareMask = f->read_mask,
      .writeMask = f->write_mask,
   };
}

static void
build_dsa(const struct mg_dsa *d, VkFormat zs, VkPipelineDepthStencilStateCreateInfo *ds)
{
   *ds = (VkPipelineDepthStencilStateCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
   if (!d || zs == VK_FORMAT_UNDEFINED)
      return;
   ds->depthTestEnable = d->s.depth_enable;
   ds->depthWriteEnable = d->s.depth_enable && d->s.depth_write;
   ds->depthCompareOp = mg_vk_compare_op[d->s.depth_func];
   bool has_stencil = zs == VK_FORMAT_D24_UNORM_S8_UINT || zs == VK_FORMAT_D32_SFLOAT_S8_UINT;
   ds->stencilTestEnable = d->s.stencil_enable && has_stencil;
   ds->front = stencil_face(&d->s.front);
   ds->back = stencil_face(&d->s.back);
}

static void
build_rast(struct mg_backend *be, const struct mg_rast *r, VkPipelineRasterizationStateCreateInfo *rs)
{
   static const struct wire_rast_state def = {.front_ccw = 1, .line_width = 1.0f};
   const struct wire_rast_state *s = r ? &r->s : &def;
   float lw = s->line_width > 0 ? s->line_width : 1.0f;
   float maxw = be->props.limits.lineWidthRange[1];
   *rs = (VkPipelineRasterizationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = s->rasterizer_discard,
      /* The validator keeps polygon_mode in range; the front end sends LINE / POINT and
       * depth_clamp only where the device has them (WIRE_CAP_FEATURES). */
      .polygonMode = be->polygon_mode ? (VkPolygonMode)s->polygon_mode : VK_POLYGON_MODE_FILL,
      .depthClampEnable = be->depth_clamp && s->depth_clamp,
      .cullMode = mg_vk_cull_mode[s->cull_mode],
      /* Vulkan's facing sign is the opposite of GL's for the same window coordinates. */
      .frontFace = s->front_ccw ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE,
      /* GL's POLYGON_OFFSET_{FILL,LINE,POINT}: the one of the polygon mode in use */
      .depthBiasEnable = (s->offset_modes >> (be->polygon_mode ? s->polygon_mode : 0)) & 1,
      .depthBiasConstantFactor = s->offset_units,
      .depthBiasSlopeFactor = s->offset_factor,
      .lineWidth = be->wide_lines ? (lw < maxw ? lw : maxw) : 1.0f,
   };
}

/* SPV_SPEC_POINT_SIZE (spv_layout.h) from the rasterizer state: wire_rast_state.point_size is
 * glPointSize, or 0 under GL_PROGRAM_POINT_SIZE (the shader decides). With no rasterizer state
 * bound, GL's defaults: program point size disabled, size 1. From the OpenGL 3.3 core spec,
 * section 3.4: the point size is "clamped to the implementation-dependent point size range". */
static float
spec_point_size(const struct mg_backend *be, const struct mg_rast *r)
{
   float size = r ? r->s.point_size : 1.0f;
   if (!(size > 0.0f))
      return 0.0f;
   const float *range = be->props.limits.pointSizeRange;
   return size < range[0] ? range[0] : size > range[1] ? range[1] : size;
}

/* ---- the cache ------------------------------------------------------------------------ */

static uint32_t
key_hash(const struct mg_pipeline_key *k)
{
   const uint8_t *b = (const uint8_t *)k;
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < sizeof(*k); i++)
      h = (h ^ b[i]) * 16777619u;
   return h;
}

static void
fill_key(struct mg_ctx *ctx, VkPrimitiveTopology topo, uint32_t emulated, struct mg_pipeline_key *k)
{
   memset(k, 0, sizeof(*k));
   k->divisor_emulated = emulated;
   k->velems = ctx->velems ? ctx->velems->base.id : 0;
   k->blend = ctx->blend ? ctx->blend->base.id : 0;
   k->dsa = ctx->dsa ? ctx->dsa->base.id : 0;
   k->rast = ctx->rast ? ctx->rast->base.id : 0;
   k->topology = topo;
   k->nr_cbufs = ctx->fb.nr_cbufs;
   for (uint32_t i = 0; i < ctx->fb.nr_cbufs; i++) {
      k->cbufs[i] = mg_surface_format(&ctx->fb.cbufs[i]);
   }
   struct mg_resource *zs = mg_resource(ctx->fb.zsbuf.res);
   k->zs = zs && !zs->is_buffer ? zs->vkfmt : VK_FORMAT_UNDEFINED;
   /* Multisample state matters only on a multisampled framebuffer (set_sample_state). */
   k->samples = ctx->fb.samples > 1 ? ctx->fb.samples : 1;
   k->sample_mask = k->samples > 1 ? ctx->ms.sample_mask : ~0u;
   k->alpha_to_coverage = k->samples > 1 && ctx->ms.alpha_to_coverage;
   k->alpha_to_one = k->samples > 1 && ctx->ms.alpha_to_one && ctx->be->alpha_to_one;
   k->point_origin = ctx->prog && ctx->prog->fs_point_origin_spec ? ctx->point_origin : 0;
   k->clip_enable = ctx->prog && ctx->prog->clip_enable_stage != SPV_STAGE_COUNT ? ctx->clip_enable : 0;
}

static VkPipeline
create_pipeline(struct mg_ctx *ctx, const struct mg_pipeline_key *k)
{
   struct mg_backend *be = ctx->be;
   struct mg_program *p = ctx->prog;
   VkPipelineShaderStageCreateInfo stages[SPV_STAGE_COUNT];
   uint32_t ns = 0;
   static const VkShaderStageFlagBits vk_stage[SPV_STAGE_COUNT] = {VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
                                                                   VK_SHADER_STAGE_GEOMETRY_BIT};
   /* The specialization constants of spv_layout.h, each stage naming those it declares. The
    * rasterizer state is in the key (by id), so the point size specialized from it is too;
    * so are gl_PointCoord's origin (GL core's POINT_SPRITE_COORD_ORIGIN) and the clip
    * distance enables. */
   const struct {
      float point_size;
      int32_t point_origin;
      int32_t clip_enable;
   } spec_data = {spec_point_size(be, ctx->rast), (int32_t)k->point_origin,
                  (int32_t)k->clip_enable};
   VkSpecializationMapEntry spec_entries[SPV_STAGE_COUNT][2];
   VkSpecializationInfo spec[SPV_STAGE_COUNT];
   for (unsigned s = 0; s < SPV_STAGE_COUNT; s++) {
      uint32_t n = 0;
      if ((s == SPV_STAGE_VERTEX && p->point_size_spec) || (s == SPV_STAGE_GEOMETRY && p->gs_point_size_spec))
         spec_entries[s][n++] = (VkSpecializationMapEntry){SPV_SPEC_POINT_SIZE, offsetof(__typeof__(spec_data), point_size),
                                                           sizeof(float)};
      if (s == SPV_STAGE_FRAGMENT && p->fs_point_origin_spec)
         spec_entries[s][n++] = (VkSpecializationMapEntry){SPV_SPEC_POINT_ORIGIN,
                                                           offsetof(__typeof__(spec_data), point_origin), sizeof(int32_t)};
      if (s == p->clip_enable_stage)
         spec_entries[s][n++] = (VkSpecializationMapEntry){SPV_SPEC_CLIP_ENABLE,
                                                           offsetof(__typeof__(spec_data), clip_enable), sizeof(int32_t)};
      spec[s] = (VkSpecializationInfo){n, spec_entries[s], sizeof(spec_data), &spec_data};
   }
   for (unsigned s = 0; s < SPV_STAGE_COUNT; s++)
      if (p->modules[s])
         stages[ns++] = (VkPipelineShaderStageCreateInfo){
            VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, vk_stage[s], p->modules[s], "main",
            spec[s].mapEntryCount ? &spec[s] : NULL};
   struct vertex_input vi;
   build_vertex_input(be, p, ctx->velems, k->divisor_emulated, &vi);
   VkPipelineInputAssemblyStateCreateInfo ia = {VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, NULL, 0, k->topology, VK_FALSE};
   VkPipelineViewportDepthClipControlCreateInfoEXT clip = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT, NULL, VK_TRUE};
   VkPipelineViewportStateCreateInfo vp = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, &clip, 0, 1, NULL, 1, NULL};
   VkPipelineRasterizationStateCreateInfo rs;
   build_rast(be, ctx->rast, &rs);
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT pv = {
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT, NULL,
      ctx->rast && ctx->rast->s.provoking_first ? VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT
                                                : VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT};
   if (be->provoking_last)
      rs.pNext = &pv; /* GL's convention (device.c) */
   /* Single-sample lines (any topology or polygon mode that makes them) as GL's diamond-exit
    * rule draws them; multisampled ones stay rectangles, as GL defines them. Alpha to
    * coverage / one, which Bresenham lines forbid, are off at one sample (pipeline_key). */
   VkPipelineRasterizationLineStateCreateInfoEXT line = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT,
      .pNext = rs.pNext,
      .lineRasterizationMode = VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT,
   };
   if (be->bresenham_lines && k->samples == 1)
      rs.pNext = &line;
   /* The framebuffer's sample count; sample shading off (GL ES 3.0 has none); GL's
    * SAMPLE_COVERAGE and SAMPLE_MASK arrive folded into one mask (wire_sample_state). */
   const VkSampleMask sample_mask = k->sample_mask;
   VkPipelineMultisampleStateCreateInfo ms = {.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                                              .rasterizationSamples = (VkSampleCountFlagBits)k->samples,
                                              .sampleShadingEnable = VK_FALSE,
                                              .pSampleMask = k->samples > 1 ? &sample_mask : NULL,
                                              .alphaToCoverageEnable = k->alpha_to_coverage,
                                              .alphaToOneEnable = k->alpha_to_one};
   VkPipelineDepthStencilStateCreateInfo ds;
   build_dsa(ctx->dsa, k->zs, &ds);
   VkPipelineColorBlendAttachmentState att[WIRE_MAX_COLOR_BUFS];
   build_blend(be, ctx->blend, k->nr_cbufs, k->cbufs, att);
   /* GL_COLOR_LOGIC_OP: applies to integer and normalized attachments, not float ones, in
    * both APIs; it replaces blending. */
   bool logic = be->logic_op && ctx->blend && ctx->blend->s.logic_op_enable;
   VkPipelineColorBlendStateCreateInfo cb = {.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                                             .logicOpEnable = logic,
                                             .logicOp = logic ? (VkLogicOp)ctx->blend->s.logic_op : VK_LOGIC_OP_COPY,
                                             .attachmentCount = k->nr_cbufs, .pAttachments = att};
   static const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR, VK_DYNAMIC_STATE_BLEND_CONSTANTS,
                                        VK_DYNAMIC_STATE_STENCIL_REFERENCE, VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
                                        VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE};
   VkPipelineDynamicStateCreateInfo dy = {VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, NULL, 0, MG_ARRAY_SIZE(dyn), dyn};
   bool stencil = k->zs == VK_FORMAT_D24_UNORM_S8_UINT || k->zs == VK_FORMAT_D32_SFLOAT_S8_UINT;
   VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = k->nr_cbufs,
      .pColorAttachmentFormats = k->cbufs,
      .depthAttachmentFormat = k->zs,
      .stencilAttachmentFormat = stencil ? k->zs : VK_FORMAT_UNDEFINED,
   };
   VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &ri,
      .stageCount = ns,
      .pStages = stages,
      .pVertexInputState = &vi.info,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &cb,
      .pDynamicState = &dy,
      .layout = p->layout,
   };
   VkPipeline pipe = VK_NULL_HANDLE;
   VkResult r = vkCreateGraphicsPipelines(be->dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe);
   if (r != VK_SUCCESS) {
      mg_check(be, r, "vkCreateGraphicsPipelines");
      return VK_NULL_HANDLE;
   }
   be->pipelines_created++;
   return pipe;
}

VkPipeline
mg_get_pipeline(struct mg_ctx *ctx, VkPrimitiveTopology topo, uint32_t divisor_emulated)
{
   struct mg_pipeline_key k;
   fill_key(ctx, topo, divisor_emulated, &k);
   uint32_t b = key_hash(&k) % MG_PIPELINE_BUCKETS;
   for (struct mg_pipeline_entry *e = ctx->prog->buckets[b]; e; e = e->next)
      if (!memcmp(&e->key, &k, sizeof(k)))
         return e->pipeline;
   if (ctx->prog->npipelines >= MG_MAX_PROGRAM_PIPELINES) {
      /* Start over rather than grow without bound (pipelines in flight are deferred). */
      for (unsigned i = 0; i < MG_PIPELINE_BUCKETS; i++) {
         for (struct mg_pipeline_entry *o = ctx->prog->buckets[i], *n; o; o = n) {
            n = o->next;
            mg_defer(ctx->be, MG_GB_PIPELINE, (uint64_t)o->pipeline);
            free(o);
         }
         ctx->prog->buckets[i] = NULL;
      }
      ctx->prog->npipelines = 0;
   }
   struct mg_pipeline_entry *e = calloc(1, sizeof(*e));
   if (!e)
      return VK_NULL_HANDLE;
   e->key = k;
   e->pipeline = create_pipeline(ctx, &k);
   if (!e->pipeline) {
      free(e);
      return VK_NULL_HANDLE;
   }
   e->next = ctx->prog->buckets[b];
   ctx->prog->buckets[b] = e;
   ctx->prog->npipelines++;
   return e->pipeline;
}
