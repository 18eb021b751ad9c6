/* Magma: the Vulkan 1.3 renderer of splitgl. Private declarations shared by server_vk/.
 *
 * Model (lavapipe-like): every backend object embeds `struct mg_object` and is recovered
 * from the opaque core pointer with container_of. Commands are recorded into the current
 * batch (one primary command buffer plus a "pre" buffer for first-use layout transitions)
 * and submitted at flush / finish / read_pixels / present or when a batch grows big.
 *
 * Layout policy: every image lives in VK_IMAGE_LAYOUT_GENERAL from its creation on; hazards
 * between operations are covered by one global memory barrier emitted lazily before the next
 * transfer or render pass (be->need_barrier).
 *
 * Window-space origin: image row 0 is GL window row 0 (bottom). A positive viewport height
 * puts NDC y = -1 on row 0, so uploads and read-backs are straight copies; GL_CCW front maps
 * to VK_FRONT_FACE_CLOCKWISE because Vulkan's facing sign is the opposite of GL's.
 */
#ifndef MG_PRIVATE_H
#define MG_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#include "server/backend.h"
#include "util/log.h"

#define container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))
#define MG_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MG_ALIGN(v, a) (((v) + (a)-1) & ~((VkDeviceSize)(a)-1))

#define MG_NUM_BATCHES 3
#define MG_STREAM_CHUNK (4u << 20)
#define MG_BATCH_MAX_DRAWS 1024
#define MG_BATCH_MAX_STREAM (64u << 20)
#define MG_CONST_BINDING WIRE_MAX_VERTEX_ATTRIBS /* binding of the constant-attribute buffer */
/* Descriptor binding (set SPV_SET_MAIN) of the default block read as a storage buffer
 * (spirv_quirks.c), past every binding spv_layout.h assigns. */
#define MG_BINDING_DEFAULT_SSBO (SPV_BINDING_UBO_BASE + WIRE_MAX_UNIFORM_BLOCKS)

/* A few GL enums the reflection carries (spv_uniform/spv_sampler/spv_attrib gl_type). */
#define MG_GL_INT 0x1404
#define MG_GL_UNSIGNED_INT 0x1405
#define MG_GL_INT_VEC2 0x8B53
#define MG_GL_INT_VEC3 0x8B54
#define MG_GL_INT_VEC4 0x8B55
#define MG_GL_UNSIGNED_INT_VEC2 0x8DC6
#define MG_GL_UNSIGNED_INT_VEC3 0x8DC7
#define MG_GL_UNSIGNED_INT_VEC4 0x8DC8
#define MG_GL_SAMPLER_2D_SHADOW 0x8B62
#define MG_GL_INT_SAMPLER_2D 0x8DCA
#define MG_GL_UNSIGNED_INT_SAMPLER_2D 0x8DD2
#define MG_GL_SAMPLER_3D 0x8B5F
#define MG_GL_SAMPLER_CUBE 0x8B60
#define MG_GL_SAMPLER_2D_ARRAY 0x8DC1
#define MG_GL_SAMPLER_2D_ARRAY_SHADOW 0x8DC4
#define MG_GL_SAMPLER_CUBE_SHADOW 0x8DC5
#define MG_GL_INT_SAMPLER_3D 0x8DCB
#define MG_GL_INT_SAMPLER_CUBE 0x8DCC
#define MG_GL_INT_SAMPLER_2D_ARRAY 0x8DCF
#define MG_GL_UNSIGNED_INT_SAMPLER_3D 0x8DD3
#define MG_GL_UNSIGNED_INT_SAMPLER_CUBE 0x8DD4
#define MG_GL_UNSIGNED_INT_SAMPLER_2D_ARRAY 0x8DD7
#define MG_GL_SAMPLER_2D_MULTISAMPLE 0x9108
#define MG_GL_INT_SAMPLER_2D_MULTISAMPLE 0x9109
#define MG_GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE 0x910A
#define MG_GL_SAMPLER_2D_MULTISAMPLE_ARRAY 0x910B
#define MG_GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY 0x910C
#define MG_GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY 0x910D
#define MG_GL_SAMPLER_BUFFER 0x8DC2
#define MG_GL_INT_SAMPLER_BUFFER 0x8DD0
#define MG_GL_UNSIGNED_INT_SAMPLER_BUFFER 0x8DD8

/* samplerBuffer / isamplerBuffer / usamplerBuffer: a uniform texel buffer descriptor */
static inline bool
mg_sampler_is_buffer(uint32_t gl_type)
{
   return gl_type == MG_GL_SAMPLER_BUFFER || gl_type == MG_GL_INT_SAMPLER_BUFFER ||
          gl_type == MG_GL_UNSIGNED_INT_SAMPLER_BUFFER;
}
#define MG_GL_SAMPLER_1D 0x8B5D
#define MG_GL_SAMPLER_1D_SHADOW 0x8B61
#define MG_GL_SAMPLER_1D_ARRAY 0x8DC0
#define MG_GL_SAMPLER_1D_ARRAY_SHADOW 0x8DC3
#define MG_GL_INT_SAMPLER_1D 0x8DC9
#define MG_GL_INT_SAMPLER_1D_ARRAY 0x8DCE
#define MG_GL_UNSIGNED_INT_SAMPLER_1D 0x8DD1
#define MG_GL_UNSIGNED_INT_SAMPLER_1D_ARRAY 0x8DD6
#define MG_GL_SAMPLER_2D_RECT 0x8B63
#define MG_GL_SAMPLER_2D_RECT_SHADOW 0x8B64
#define MG_GL_INT_SAMPLER_2D_RECT 0x8DCD
#define MG_GL_UNSIGNED_INT_SAMPLER_2D_RECT 0x8DD5

enum mg_kind {
   MG_OBJ_RESOURCE = 1,
   MG_OBJ_PROGRAM,
   MG_OBJ_BLEND,
   MG_OBJ_DSA,
   MG_OBJ_RAST,
   MG_OBJ_SAMPLER,
   MG_OBJ_VELEMS,
   MG_OBJ_CTX,
   MG_OBJ_SO_TARGET,
   MG_OBJ_QUERY,
};

/** The common base of every backend object. `id` is unique for the backend's lifetime (pipeline
 *  keys use it, so a freed and reallocated object never aliases a cached pipeline). */
struct mg_object {
   uint32_t kind;
   uint64_t id;
};

/* ---- deferred destruction ------------------------------------------------------------- */
enum mg_garbage_kind {
   MG_GB_IMAGE, MG_GB_VIEW, MG_GB_BUFFER, MG_GB_MEMORY, MG_GB_PIPELINE, MG_GB_PIPELINE_LAYOUT,
   MG_GB_SET_LAYOUT, MG_GB_SHADER, MG_GB_SAMPLER,
   MG_GB_QUERY_SLOT, /* handle: a query slot (query.c) back to its free list */
   MG_GB_BUFFER_VIEW,
};
struct mg_garbage {
   enum mg_garbage_kind kind;
   uint64_t handle;
};

/* ---- streaming memory (uploads, uniforms, generated indices, read-back) ----------------- */
struct mg_stream_chunk {
   VkBuffer buffer;
   VkDeviceMemory mem;
   uint8_t *map;
   VkDeviceSize size, used;
};

struct mg_alloc {
   VkBuffer buffer;
   VkDeviceSize offset;
   uint8_t *map;
};

struct mg_batch {
   VkCommandPool pool;
   VkCommandBuffer pre; /* first-use layout transitions, submitted before cmd */
   VkCommandBuffer cmd;
   VkFence fence;
   bool recording, submitted;
   uint64_t serial;
   struct mg_stream_chunk *chunks;
   uint32_t nchunks;
   VkDescriptorPool *pools;
   uint32_t npools, cur_pool;
   struct mg_garbage *garbage;
   uint32_t ngarbage, garbage_cap;
   uint32_t draws;
   VkDeviceSize stream_bytes;
};

/* ---- resources ------------------------------------------------------------------------ */
struct mg_view_key {
   VkImageViewType type;
   VkImageAspectFlags aspect;
   uint32_t base_level, level_count, base_layer, layer_count;
   VkComponentSwizzle swz[4];
   VkFormat format; /* VK_FORMAT_UNDEFINED: the resource's own */
};

struct mg_view {
   struct mg_view *next;
   struct mg_view_key key;
   VkImageView view;
};

/* A uniform texel buffer view of a buffer resource (buffer textures), cached per format. */
struct mg_buffer_view {
   struct mg_buffer_view *next;
   VkFormat format;
   VkDeviceSize range;
   VkBufferView view;
};

struct mg_resource {
   struct mg_object base;
   struct wire_resource_create templ;
   bool is_buffer;
   VkDeviceMemory mem;
   /* buffers */
   VkBuffer buffer;
   VkDeviceSize size;
   struct mg_buffer_view *bviews; /* freed with the VkBuffer (respecify, destroy) */
   /* images */
   VkImage image;
   VkFormat vkfmt;
   VkImageAspectFlags aspect; /* all aspects of the format */
   uint32_t levels, layers;
   struct mg_view *views;
   struct mg_window *window; /* the X11 window Present shows it in (present.c), or NULL */
};

/* ---- formats (format.c) ----------------------------------------------------------------- */
/* How the storage differs from the wire's upload / read-back layout (wire/format.h). */
enum mg_conv {
   MG_CONV_NONE = 0,
   MG_CONV_RGB_RGBA,      /* three components stored as four; alpha = one; views map A to ONE */
   MG_CONV_SWAP_RB_4444,  /* GL 4_4_4_4 in B4G4R4A4 */
   MG_CONV_PACKED_RGBA8,  /* GL 5_6_5 / 4_4_4_4 / 5_5_5_1 in R8G8B8A8 */
   MG_CONV_D24S8,         /* GL 24_8 into D24_UNORM_S8_UINT's two planes */
   MG_CONV_D24S8_FLOAT,   /* ... into D32_SFLOAT_S8_UINT */
   MG_CONV_D32FS8,        /* GL FLOAT_32_UNSIGNED_INT_24_8_REV into D32_SFLOAT_S8_UINT */
   MG_CONV_X8D24_FLOAT,   /* 24-bit depth into D32_SFLOAT */
   MG_CONV_ETC2_DECODE,   /* ETC2 / EAC blocks decoded into RGBA8 / R16 / R16G16 (etc2.c), RGTC
                           * into R8 / R8G8 (rgtc.c, through etc2.c's calls) */
};

struct mg_format {
   VkFormat vk;        /* storage; UNDEFINED: the device has none for this wire format */
   uint8_t conv;       /* enum mg_conv */
   uint8_t size;       /* bytes per texel of the storage in buffer copies (planes summed) */
   bool filter;        /* the storage may be sampled with LINEAR filters */
   bool compare;       /* depth comparison; Vulkan asks no LINEAR feature of a comparing sampler,
                        * so shadow lookups filter even where `filter` is false (lavapipe) */
};

/* ---- constant state objects ----------------------------------------------------------- */
struct mg_blend { struct mg_object base; struct wire_blend_state s; };
struct mg_dsa { struct mg_object base; struct wire_dsa_state s; };
struct mg_rast { struct mg_object base; struct wire_rast_state s; };
struct mg_velems { struct mg_object base; struct wire_velems_state s; };
/* `nearest`: the same sampler with NEAREST filters, made on first use with a view whose format
 * the device cannot filter linearly (descriptor.c). */
struct mg_sampler { struct mg_object base; struct wire_sampler_state s; VkSampler sampler, nearest; };

struct mg_pipeline_key {
   uint64_t velems, blend, dsa, rast;
   uint32_t topology;
   uint32_t divisor_emulated; /* instance data replicated per instance (draw.c): divisors are 1 */
   uint32_t nr_cbufs;
   VkFormat cbufs[WIRE_MAX_COLOR_BUFS];
   VkFormat zs; /* the key is memset and compared bytewise */
   uint32_t samples;     /* the framebuffer's (1: single-sampled) */
   uint32_t sample_mask; /* ~0 unless samples > 1 */
   uint8_t alpha_to_coverage, alpha_to_one, pad[2];
   uint32_t point_origin; /* SPV_SPEC_POINT_ORIGIN where the fragment stage reads gl_PointCoord */
   uint32_t clip_enable;  /* SPV_SPEC_CLIP_ENABLE where the program writes gl_ClipDistance */
};

struct mg_pipeline_entry {
   struct mg_pipeline_entry *next;
   struct mg_pipeline_key key;
   VkPipeline pipeline;
};

#define MG_PIPELINE_BUCKETS 64
/* Pipelines one program caches. Keys name state objects by id, so a client that creates and
 * deletes state objects would otherwise grow the cache without bound. */
#define MG_MAX_PROGRAM_PIPELINES 1024
/* LINE_LOOP: loops up to be->loop_limit vertices (SPLITGL_MAGMA_LOOP_LIMIT, default 16M) are
 * drawn from one generated index list of count + 1 entries; longer ones as a strip plus a
 * closing segment (draw.c). */

struct mg_program {
   struct mg_object base;
   bool xfb; /* the vertex stage captures transform feedback (Xfb execution mode) */
   uint32_t xfb_buffers; /* buffers it writes: 1 + the highest XfbBuffer */
   uint32_t xfb_max_stride; /* the largest per-vertex stride of those buffers */
   VkShaderModule modules[SPV_STAGE_COUNT];
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   uint32_t stage_mask;
   bool writes_point_size;
   bool point_size_spec; /* the vertex stage has SPV_SPEC_POINT_SIZE (desktop GL) */
   bool gs_point_size_spec; /* ... and the geometry stage (it emits points) */
   bool fs_point_origin_spec; /* the fragment stage reads gl_PointCoord (SPV_SPEC_POINT_ORIGIN) */
   uint32_t clip_enable_stage; /* the stage with SPV_SPEC_CLIP_ENABLE, or SPV_STAGE_COUNT */
   uint32_t default_block_size;
   uint32_t default_ubo_stages, default_ssbo_stages; /* VkShaderStageFlags reading each binding */
   uint32_t sampler_count;
   struct spv_sampler *samplers;
   uint32_t attrib_count;
   struct spv_attrib *attribs; /* names dropped */
   uint32_t sampler_slot_count;
   uint32_t sampler_units[WIRE_MAX_PROGRAM_SAMPLERS]; /* set_program_bindings */
   /* Named uniform blocks: GL block i is element blocks[i].array_index of descriptor binding
    * blocks[i].binding and reads binding point block_bindings[i] (set_program_bindings). */
   uint32_t block_count;
   struct spv_block blocks[WIRE_MAX_UNIFORM_BLOCKS]; /* names dropped */
   uint32_t block_bindings[WIRE_MAX_UNIFORM_BLOCKS];
   uint64_t bindings_gen; /* moves with sampler_units: program state shared by contexts */
   struct mg_pipeline_entry *buckets[MG_PIPELINE_BUCKETS];
   uint32_t npipelines; /* entries in buckets, capped at MG_MAX_PROGRAM_PIPELINES */
};

/* ---- stream output (xfb.c) ------------------------------------------------------------ */
/* A capture range of a buffer and its counter: the byte offset (from the range's start)
 * where the next vertex goes, which vkCmdEndTransformFeedbackEXT writes and
 * vkCmdBeginTransformFeedbackEXT reads to resume (GL's PauseTransformFeedback /
 * ResumeTransformFeedback). */
struct mg_so_target {
   struct mg_object base;
   struct mg_resource *res;
   uint32_t offset, size;
   VkBuffer counter;
   VkDeviceMemory counter_mem;
   bool counter_valid; /* a capture ended into it since it was created */
};

/* ---- queries (query.c) ----------------------------------------------------------------- */
enum mg_pool_kind { MG_POOL_OCCLUSION = 0, MG_POOL_XFB, MG_POOL_TIMESTAMP, MG_POOL_PRIMGEN, MG_POOL_KINDS };
#define MG_POOL_SLOTS 256u

struct mg_query_pools {
   VkQueryPool *pools; /* MG_POOL_SLOTS slots each */
   uint32_t npools;
   uint32_t *free;     /* slot ids (pool * MG_POOL_SLOTS + slot) ready for reuse */
   uint32_t nfree, free_cap;
   uint32_t next;      /* slots ever handed out */
};

struct mg_query {
   struct mg_object base;
   uint32_t type;       /* wire_query_type */
   struct mg_ctx *ctx;  /* the context it is active on, or NULL */
   uint32_t *slots;     /* Vulkan query slots of the current count (pool kind by type) */
   uint32_t nslots, slot_cap;
   uint64_t serial;     /* batch serial of the newest slot written (0: none) */
   uint64_t count;      /* PRIMITIVES_GENERATED: counted at each draw (draw.c) */
   bool have_result;
   uint64_t result;
};

/* ---- contexts ------------------------------------------------------------------------- */
struct mg_backend;

struct mg_ctx {
   struct mg_object base;
   struct mg_backend *be;
   struct mg_blend *blend;
   struct mg_dsa *dsa;
   struct mg_rast *rast;
   struct mg_velems *velems;
   struct mg_program *prog;
   struct srv_framebuffer fb;
   struct srv_vertex_buffer vbs[WIRE_MAX_VERTEX_BUFFERS];
   struct srv_uniform_buffer ubs[WIRE_MAX_UNIFORM_BLOCKS];
   struct srv_sampler_view views[WIRE_MAX_SAMPLER_UNITS];
   struct mg_sampler *samplers[WIRE_MAX_SAMPLER_UNITS];
   uint8_t *cb0;
   uint32_t cb0_size;
   struct wire_viewport vp;
   struct wire_scissor sc;
   struct wire_context_values vals;
   struct wire_sample_state ms; /* set_sample_state: used on multisampled framebuffers */
   uint32_t point_origin;       /* set_point_state: WIRE_POINT_ORIGIN_* */
   uint32_t clip_enable;        /* set_clip_state: bit i for GL_CLIP_DISTANCEi */
   /* transform feedback: targets bound by set_so_targets; resume[i]: the next capture into
    * target i continues from its counter */
   struct mg_so_target *so[WIRE_MAX_SO_TARGETS];
   uint32_t so_count;
   bool so_resume[WIRE_MAX_SO_TARGETS];
   struct mg_query *active[WIRE_QUERY_COUNT]; /* by wire_query_type */
   /* descriptor-set cache: valid while the batch serial, view epoch and inputs hold */
   VkDescriptorSet set;
   uint64_t set_serial, set_epoch, set_bindings_gen;
   bool set_dirty;
   /* The default block's bytes in stream memory, read through a dynamic offset (descriptor.c):
    * a uniform change writes new bytes and moves the offset; the set is rebuilt only when the
    * bytes land in another stream buffer. Valid while cb_serial is the batch's serial. */
   bool cb_dirty;
   uint64_t cb_serial;
   uint32_t cb_alloc_size;
   VkBuffer cb_buffer;
   uint32_t cb_offset;
   VkBuffer set_cb_buffer; /* the stream buffer ctx->set's default-block descriptors name */
};

/* What the draw path last recorded into the current batch's command buffer, so a draw records
 * only the bindings and dynamic state that changed (draw.c, descriptor.c). Valid while
 * `serial` is the recording batch's serial; blit.c and clear.c bind pipelines, sets and
 * dynamic state of their own and call mg_draw_state_invalidate. */
struct mg_draw_state {
   uint64_t serial;
   VkPipeline pipeline;
   VkPipelineLayout layout;
   VkDescriptorSet set;
   uint32_t ndyn, dyn_offset;
   bool vbs_valid;
   VkBuffer vb_bufs[WIRE_MAX_VERTEX_ATTRIBS + 1];
   VkDeviceSize vb_offs[WIRE_MAX_VERTEX_ATTRIBS + 1], vb_strides[WIRE_MAX_VERTEX_ATTRIBS + 1];
   bool consts_valid; /* the constant attributes below are in stream memory at consts_buf/off */
   float consts[WIRE_MAX_VERTEX_ATTRIBS][4];
   VkBuffer consts_buf;
   VkDeviceSize consts_off;
   bool dyn_valid;
   VkViewport viewport;
   VkRect2D scissor;
   float blend[4];
   uint32_t ref_front, ref_back;
   bool restart;
};

/* ---- a draw after the lowerings (lower.c) ---------------------------------------------- */
/* Everything the device lacks is turned into transfers recorded before rendering begins; the
 * plan says what the draw then binds. */
struct mg_draw_plan {
   bool indexed;
   VkBuffer ibuf;
   VkDeviceSize ioff;
   VkIndexType itype;
   uint32_t count;          /* vertices or indices of the main draw */
   uint32_t first_vertex;   /* non-indexed */
   int32_t vertex_offset;   /* indexed: added to every index */
   /* A LINE_LOOP longer than be->loop_limit is the strip above plus the segment from its last
    * vertex back to its first, drawn from this 2-entry index list. */
   bool closing;
   VkBuffer cbuf;
   VkDeviceSize coff;
   VkIndexType ctype;
   int32_t cbase;
   bool per_instance;       /* instances drawn one at a time (firstInstance = i), in GL's order */
   uint32_t emulated;       /* velems elements whose instance data was replicated (divisor 1) */
   VkBuffer ebuf[WIRE_MAX_VERTEX_ATTRIBS];
   VkDeviceSize eoff[WIRE_MAX_VERTEX_ATTRIBS], estride[WIRE_MAX_VERTEX_ATTRIBS];
};

/* ---- internal clear pipelines --------------------------------------------------------- */
/* The clear shader's output type (clear.c). */
enum mg_clear_kind { MG_CLEAR_FLOAT, MG_CLEAR_SINT, MG_CLEAR_UINT, MG_CLEAR_KINDS };

struct mg_clear_key {
   uint32_t kind; /* enum mg_clear_kind: the fragment shader */
   uint32_t nr_cbufs;
   VkFormat cbufs[WIRE_MAX_COLOR_BUFS];
   uint8_t masks[WIRE_MAX_COLOR_BUFS];
   VkFormat zs;
   uint32_t stencil_mask; /* 0: stencil untouched */
   uint32_t samples;      /* the framebuffer's */
};

struct mg_blit_pipeline {
   struct mg_blit_pipeline *next;
   VkFormat format; /* the destination view's */
   uint32_t kind;   /* enum mg_clear_kind */
   uint32_t samples;
   VkPipeline pipeline;
};

struct mg_clear_pipeline {
   struct mg_clear_pipeline *next;
   struct mg_clear_key key;
   VkPipeline pipeline;
};

/* ---- the backend ---------------------------------------------------------------------- */
struct mg_backend {
   struct srv_backend base;
   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger;
   VkPhysicalDevice pdev;
   uint32_t device_index; /* pdev's place in vkEnumeratePhysicalDevices (QueryDevices) */
   VkDevice dev;
   VkQueue queue;
   uint32_t qfam;
   VkPhysicalDeviceProperties props;
   VkPhysicalDeviceMemoryProperties memprops;
   bool has_uint8, has_divisor, wide_lines, independent_blend;
   bool dual_src_blend; /* dualSrcBlend enabled: the SRC1 blend factors */
   bool has_list_restart; /* VK_EXT_primitive_topology_list_restart */
   bool has_etc2;         /* textureCompressionETC2 enabled: ETC2 / EAC stored as blocks */
   bool has_bc;           /* textureCompressionBC enabled: RGTC stored as BC4 / BC5 blocks */
   bool robust; /* robustBufferAccess enabled */
   bool has_xcb_surface; /* instance: VK_KHR_surface + VK_KHR_xcb_surface (present.c) */
   bool has_swapchain;   /* device: VK_KHR_swapchain (and has_xcb_surface) */
   VkSemaphore submit_signal; /* signalled by the next mg_submit (present.c), then cleared */
   bool validation_active; /* SPLITGL_VALIDATE=1 and the layer + messenger are up */
   uint32_t max_divisor; /* largest instance divisor the device takes natively (has_divisor) */
   uint32_t hidden;      /* MG_HIDE_*: SPLITGL_MAGMA_HIDE, features lowered although present */
   uint32_t loop_limit;  /* SPLITGL_MAGMA_LOOP_LIMIT */
   uint64_t vformats[2]; /* wire_vformat bits the device fetches (caps.c) */
   uint64_t caps[WIRE_CAP_COUNT];
   uint64_t skipped;     /* work declined: mg_skip */
   bool default_block_ssbo; /* quirk: bind the default uniform block as a storage buffer (spirv_quirks.c) */
   VkFormat ds_format; /* D24S8, or D32_SFLOAT_S8_UINT */
   /* VK_EXT_transform_feedback (device.c) */
   bool has_xfb, has_xfb_queries, occlusion_precise;
   bool provoking_last; /* VK_EXT_provoking_vertex: pipelines use GL's last-vertex convention */
   bool bresenham_lines; /* VK_EXT_line_rasterization: single-sample lines as GL rasterizes them */
   bool has_primgen;    /* VK_EXT_primitives_generated_query (with rasterizer discard) */
   uint32_t xfb_max_buffers, xfb_max_stride;
   PFN_vkCmdBindTransformFeedbackBuffersEXT CmdBindTransformFeedbackBuffersEXT;
   PFN_vkCmdBeginTransformFeedbackEXT CmdBeginTransformFeedbackEXT;
   PFN_vkCmdEndTransformFeedbackEXT CmdEndTransformFeedbackEXT;
   PFN_vkCmdBeginQueryIndexedEXT CmdBeginQueryIndexedEXT;
   PFN_vkCmdEndQueryIndexedEXT CmdEndQueryIndexedEXT;
   VkBuffer xfb_dummy; /* capture target for a buffer the program writes but nothing binds */
   VkDeviceMemory xfb_dummy_mem;
   struct mg_query_pools qpools[MG_POOL_KINDS];
   uint32_t timestamp_bits;
   struct mg_format formats[WIRE_FMT_COUNT]; /* by wire_format (format.c) */
   bool polygon_mode, depth_clamp, logic_op; /* features enabled for GL core state (device.c) */
   bool geometry; /* geometryShader enabled: programs may have a geometry stage */
   bool cull_distance; /* shaderCullDistance enabled: programs may declare CullDistance */
   bool custom_border; /* VK_EXT_custom_border_color (customBorderColorWithoutFormat) enabled */
   bool alpha_to_one;  /* the alphaToOne feature is enabled (GL core SAMPLE_ALPHA_TO_ONE) */

   struct mg_batch batches[MG_NUM_BATCHES];
   uint32_t cur;
   uint64_t next_serial;
   uint64_t last_submitted; /* serial of the newest batch the queue accepted */
   bool in_rendering;
   struct mg_ctx *render_ctx;
   bool need_barrier;
   uint64_t view_epoch; /* moves when any image view may have been replaced */
   bool lost;             /* sticky: VK_ERROR_DEVICE_LOST seen (or simulated) */
   bool hung;             /* a fence never signalled: nothing freed until its work completes */
   struct mg_backend *hung_next; /* mg_destroy keeps a hung backend on a list (device.c) */
   struct mg_window *kept_windows; /* windows destroyed while hung: ended with the device */
   struct mg_garbage *kept_garbage; /* objects let go of while hung: ended with the device */
   uint32_t nkept_garbage, kept_garbage_cap;
   bool oom;              /* an allocation failed since the last take_status */
   char status_what[128]; /* what failed (for the status) */
   const uint32_t *cancel; /* the client asked the session to end (segment word) */
   uint64_t submits;       /* queue submissions (SPLITGL_TEST_DEVICE_LOST_AFTER) */

   uint64_t next_id;
   uint64_t pipelines_created, remints, remint_bytes;
   uint64_t val_errors, val_warnings; /* atomics: the messenger may run on any thread */

   /* What a sampler with no (or a mismatched) view reads, 1x1 (0,0,0,1): 2D, cube, 3D, 2D array,
    * each as RGBA8 UNORM, RGBA8 SINT, RGBA8 UINT and D16 (depth 0; 3D unused) — the shader's
    * sampler type decides (float, int, unsigned, shadow). */
   /* target (2D, cube, 3D, 2D array, 1D, 1D array) + MG_DUMMY_TARGETS x numeric class (float,
    * int, uint, depth) */
#define MG_DUMMY_TARGETS 6
   struct mg_resource *dummy[MG_DUMMY_TARGETS * 4];
   /* ... multisample samplers: 2D and 2D array multisample views of RGBA8 UNORM / SINT / UINT
    * with the smallest sample count the device samples (NULL where it has none); buffer
    * samplers: views of a 16-byte zero buffer. */
   struct mg_resource *dummy_ms[6];
   struct mg_resource *dummy_buffer;
   VkSampler default_sampler;
   VkBuffer zero_buffer;
   VkDeviceMemory zero_mem;

   struct mg_draw_state drawn; /* draw.c: what the current command buffer has bound */

   VkShaderModule clear_vs, clear_fs[MG_CLEAR_KINDS];
   VkPipelineLayout clear_layout;
   struct mg_clear_pipeline *clear_pipelines;

   /* draw-based blits (blit.c): shaders per numeric class, one sampler per filter */
   VkShaderModule blit_vs, blit_fs[MG_CLEAR_KINDS];
   VkDescriptorSetLayout blit_set_layout;
   VkPipelineLayout blit_layout;
   VkSampler blit_samplers[2]; /* NEAREST, LINEAR */
   struct mg_blit_pipeline *blit_pipelines;
};

#define MG_HIDE_UINT8 (1u << 0)
#define MG_HIDE_DIVISOR (1u << 1)
#define MG_HIDE_VFORMATS (1u << 2)
#define MG_HIDE_LIST_RESTART (1u << 3)
#define MG_HIDE_ETC2 (1u << 4) /* textureCompressionETC2: ETC2 / EAC decoded at upload */
#define MG_HIDE_WSI (1u << 5)  /* VK_KHR_swapchain: window surfaces refused (not in "all") */
#define MG_HIDE_BC (1u << 7)   /* textureCompressionBC: RGTC decoded at upload */
#define MG_HIDE_CULL_DISTANCE (1u << 6) /* shaderCullDistance: ES loses EXT_clip_cull_distance (not in "all") */
uint32_t mg_hidden_features(void); /* SPLITGL_MAGMA_HIDE (caps.c) */

/* A draw or record Magma declines to execute: counted (SPLITGL_STATS "skipped=") and named once
 * per site in the log. The scene suite requires the count to stay 0. */
#define mg_skip(be, ...)                                                                    \
   do {                                                                                     \
      (be)->skipped++;                                                                      \
      sgl_log_once(SGL_LOG_WARN, "magma: skipped: " __VA_ARGS__);                           \
   } while (0)

static inline struct mg_backend *mg_backend(struct srv_backend *be) { return container_of(be, struct mg_backend, base); }
static inline struct mg_resource *mg_resource(struct srv_resource *r) { return r ? container_of((struct mg_object *)r, struct mg_resource, base) : NULL; }
static inline struct srv_resource *mg_srv_resource(struct mg_resource *r) { return (struct srv_resource *)&r->base; }
static inline struct mg_ctx *mg_ctx(struct srv_ctx *c) { return container_of((struct mg_object *)c, struct mg_ctx, base); }
static inline struct mg_program *mg_program(struct srv_program *p) { return p ? container_of((struct mg_object *)p, struct mg_program, base) : NULL; }

/* device.c */
int32_t mg_memory_type(struct mg_backend *be, uint32_t type_bits, VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer);
VkDeviceMemory mg_alloc_memory(struct mg_backend *be, VkMemoryRequirements req, VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer);
void mg_check(struct mg_backend *be, VkResult r, const char *what);
/** Records an allocation failure for the core's GL_OUT_OF_MEMORY (take_status). */
void mg_out_of_memory(struct mg_backend *be, const char *what);
enum mg_wait_result {
   MG_WAIT_DONE,      /* signalled */
   MG_WAIT_CANCELLED, /* the client is closing the session: the work may still be running */
   MG_WAIT_LOST,      /* the driver reported the device lost: nothing runs any more */
   MG_WAIT_HUNG,      /* no signal within SPLITGL_WAIT_TIMEOUT_MS: declared lost, may still run */
};
/** Waits for a fence in 100 ms slices, bounded by SPLITGL_WAIT_TIMEOUT_MS (then the device
 *  is declared lost); a cancellable wait also gives up when the client closes the session. */
enum mg_wait_result mg_wait_fence(struct mg_backend *be, VkFence fence, const char *what, bool cancellable);

/* caps.c */
void mg_caps_init(struct mg_backend *be);
uint64_t mg_get_param(struct srv_backend *sbe, enum wire_cap param);
bool mg_vformat_supported(const struct mg_backend *be, uint32_t vf);

/* spirv_quirks.c */
bool mg_spirv_default_block_to_ssbo(const uint32_t *words, uint32_t count, uint32_t binding, uint32_t **out_words,
                                    uint32_t *out_count);

/* validate.c */
bool mg_validate_wanted(void);
void mg_validate_setup_env(void);
void mg_validate_messenger_info(struct mg_backend *be, VkDebugUtilsMessengerCreateInfoEXT *info);
void mg_validate_create_messenger(struct mg_backend *be);
void mg_validate_destroy_messenger(struct mg_backend *be);

/* cmd.c */
bool mg_batches_init(struct mg_backend *be);
void mg_batches_fini(struct mg_backend *be);
struct mg_batch *mg_batch(struct mg_backend *be); /* the recording batch (begins one) */
VkCommandBuffer mg_cmd(struct mg_backend *be);    /* outside rendering, barrier emitted */
VkCommandBuffer mg_cmd_pre(struct mg_backend *be);
void mg_transfer_done(struct mg_backend *be);
void mg_render_end(struct mg_backend *be);
void mg_render_release(struct mg_backend *be, const struct mg_resource *r);
bool mg_render_begin(struct mg_ctx *ctx);
bool mg_render_begin_clear(struct mg_ctx *ctx, const VkClearAttachment *clears, uint32_t nclears);
bool mg_submit(struct mg_backend *be, bool wait);
void mg_wait_idle(struct mg_backend *be);
uint64_t mg_fence_submit(struct srv_backend *sbe);
uint64_t mg_fence_completed(struct srv_backend *sbe);
bool mg_stream_alloc(struct mg_backend *be, VkDeviceSize size, VkDeviceSize align, struct mg_alloc *out);
void mg_defer(struct mg_backend *be, enum mg_garbage_kind kind, uint64_t handle);
void mg_destroy_garbage(struct mg_backend *be, const struct mg_garbage *g);
/** Destroys what mg_destroy_garbage kept while the device was hung (its work now done). */
void mg_kept_garbage_fini(struct mg_backend *be);
VkDescriptorSet mg_alloc_set(struct mg_backend *be, VkDescriptorSetLayout layout);

/* buffer.c */
struct mg_resource *mg_buffer_create(struct mg_backend *be, const struct wire_resource_create *t);
void mg_buffer_subdata(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, const void *data, uint32_t size);

/* image.c */
struct srv_resource *mg_resource_create(struct srv_backend *sbe, const struct wire_resource_create *t);
bool mg_resource_respecify(struct srv_backend *sbe, struct srv_resource *res, const struct wire_resource_create *t);
void mg_resource_destroy(struct srv_backend *sbe, struct srv_resource *res);
void mg_texture_subdata(struct srv_backend *sbe, struct srv_resource *res, const struct wire_texture_subdata *box, const void *data);
void mg_generate_mipmap(struct srv_ctx *sctx, struct srv_resource *res, uint32_t base_level, uint32_t last_level);
VkFormat mg_vk_format(struct mg_backend *be, uint32_t wire_fmt);
/* The usage of a multisampled renderbuffer of wire format f (storage vk): its attachment
 * usage plus transfers (clears, resolves, sample-for-sample copies); 0: not renderable. */
VkImageUsageFlags mg_ms_usage(struct mg_backend *be, uint32_t wire_fmt, VkFormat vk);
/* format.c */
bool mg_formats_init(struct mg_backend *be);
/** Wire layout -> storage layout (depth / stencil: depth plane, then stencil plane). */
void mg_convert_upload(uint32_t wire_fmt, uint8_t conv, const uint8_t *src, uint8_t *dst, uint64_t texels);
/** Storage layout -> wire layout, colour formats only; false for depth / stencil. */
bool mg_convert_readback(uint32_t wire_fmt, uint8_t conv, const uint8_t *src, uint8_t *dst, uint64_t texels);
uint32_t mg_depth_plane_size(VkFormat vk);
VkFormat mg_linear_twin(VkFormat f);
/* A depth / stencil read-back: the depth and stencil planes of a cw x ch copy into rows of
 * dst_w texels of the wire format's upload layout at (cx, cy). */
void mg_convert_readback_zs(uint32_t wire_fmt, VkFormat vk, const uint8_t *dplane, const uint8_t *splane, uint8_t *dst,
                            uint32_t dst_w, uint32_t cx, uint32_t cy, uint32_t cw, uint32_t ch);
VkImageView mg_get_view(struct mg_backend *be, struct mg_resource *r, const struct mg_view_key *key);
VkBufferView mg_get_buffer_view(struct mg_backend *be, struct mg_resource *r, VkFormat fmt, VkDeviceSize range);
void mg_buffer_views_free(struct mg_backend *be, struct mg_resource *r, bool now);
VkImageUsageFlags mg_ms_texture_usage(struct mg_backend *be, VkFormat vk);
VkImageView mg_surface_view(struct mg_backend *be, const struct srv_surface *s);
/* The format a surface is rendered as: its storage's, or the UNORM twin of an sRGB storage
 * when the surface is `linear`. */
VkFormat mg_surface_format(const struct srv_surface *s);
bool mg_dummies_init(struct mg_backend *be);
void mg_resource_free(struct mg_backend *be, struct mg_resource *r, bool now);

/* pipeline.c */
void *mg_create_blend(struct srv_backend *sbe, const struct wire_blend_state *s);
void *mg_create_dsa(struct srv_backend *sbe, const struct wire_dsa_state *s);
void *mg_create_rast(struct srv_backend *sbe, const struct wire_rast_state *s);
void *mg_create_velems(struct srv_backend *sbe, const struct wire_velems_state *s);
struct srv_program *mg_program_create(struct srv_backend *sbe, const struct spv_program_info *info);
void mg_delete_cso(struct srv_backend *sbe, uint32_t kind, void *cso);
VkPipeline mg_get_pipeline(struct mg_ctx *ctx, VkPrimitiveTopology topo, uint32_t divisor_emulated);
VkFormat mg_const_attrib_format(uint32_t gl_type);
VkFormat mg_vformat(uint32_t wire_vformat);

/* descriptor.c */
void *mg_create_sampler(struct srv_backend *sbe, const struct wire_sampler_state *s);
VkSampler mg_sampler_vk(struct mg_backend *be, const struct wire_sampler_state *s);
bool mg_emit_descriptors(struct mg_ctx *ctx);
/* The draw path's record of bound state for the recording batch (reset when the batch is new). */
struct mg_draw_state *mg_draw_state(struct mg_backend *be);
/* Something other than the draw path bound pipelines, sets or dynamic state. */
void mg_draw_state_invalidate(struct mg_backend *be);

/* lower.c */
bool mg_lower_draw(struct mg_ctx *ctx, const struct srv_draw *d, struct mg_draw_plan *plan);

/* draw.c */
struct srv_ctx *mg_context_create(struct srv_backend *sbe, const struct wire_context_create *c);
void mg_context_destroy(struct srv_backend *sbe, struct srv_ctx *ctx);
void mg_bind_cso(struct srv_ctx *sctx, uint32_t slot, void *cso);
void mg_set_framebuffer(struct srv_ctx *sctx, const struct srv_framebuffer *fb);
void mg_set_vertex_buffers(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_vertex_buffer *vbs);
void mg_set_sampler_views(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_sampler_view *views);
void mg_bind_sampler_states(struct srv_ctx *sctx, uint32_t start, uint32_t count, void *const *samplers);
void mg_set_constant_buffer(struct srv_ctx *sctx, uint32_t index, const void *data, uint32_t size);
void mg_set_uniform_buffers(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_uniform_buffer *ubs);
void mg_set_program_bindings(struct srv_ctx *sctx, struct srv_program *prog, uint32_t sampler_count,
                             const uint32_t *sampler_units, uint32_t block_count, const uint32_t *block_bindings);
void mg_set_viewport(struct srv_ctx *sctx, const struct wire_viewport *vp);
void mg_set_scissor(struct srv_ctx *sctx, const struct wire_scissor *sc);
void mg_set_context_values(struct srv_ctx *sctx, const struct wire_context_values *v);
void mg_set_sample_state(struct srv_ctx *sctx, const struct wire_sample_state *st);
void mg_set_point_state(struct srv_ctx *sctx, const struct wire_point_state *st);
void mg_set_clip_state(struct srv_ctx *sctx, const struct wire_clip_state *st);
void mg_draw(struct srv_ctx *sctx, const struct srv_draw *draw);
void mg_present(struct srv_ctx *sctx, struct srv_resource *res);

/* present.c: window surfaces */
struct mg_window;
bool mg_window_attach(struct srv_backend *sbe, struct srv_resource *res, const char *display, uint32_t xid,
                      uint32_t interval, char *why, size_t why_size);
void mg_window_set_interval(struct srv_backend *sbe, struct srv_resource *res, uint32_t interval);
/** Shows r's image in its window (r->window set); the frame's work is submitted. */
void mg_window_present(struct mg_backend *be, struct mg_resource *r);
/** Waits for the window's presents and frees it (before r goes). */
void mg_window_destroy(struct mg_backend *be, struct mg_window *w);
/** Ends the windows mg_window_destroy kept while the device was hung (its work now done). */
void mg_windows_kept_fini(struct mg_backend *be);
void mg_flush(struct srv_ctx *sctx);
void mg_finish(struct srv_ctx *sctx);
bool mg_fb_valid(const struct mg_ctx *ctx);
void mg_emit_scissor_rect(struct mg_ctx *ctx, bool enable, const struct wire_scissor *sc, VkRect2D *out);

/* clear.c */
void mg_clear(struct srv_ctx *sctx, const struct wire_clear *clear);
uint32_t mg_blit(struct srv_ctx *sctx, const struct srv_surface *src, const struct srv_surface *dst,
                 const struct wire_blit *b);
bool mg_blit_init(struct mg_backend *be);
void mg_blit_fini(struct mg_backend *be);
bool mg_clear_init(struct mg_backend *be);
void mg_clear_fini(struct mg_backend *be);

/* xfb.c */
struct srv_so_target *mg_so_target_create(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset,
                                          uint32_t size);
void mg_so_target_destroy(struct srv_backend *sbe, struct srv_so_target *t);
void mg_set_so_targets(struct srv_ctx *sctx, uint32_t count, struct srv_so_target *const *targets, uint32_t append_mask);
/** True when the draw captures: the context binds targets and the program declares outputs. */
bool mg_xfb_active(const struct mg_ctx *ctx);
void mg_xfb_begin(struct mg_ctx *ctx, VkCommandBuffer cmd);
void mg_xfb_end(struct mg_ctx *ctx, VkCommandBuffer cmd);
bool mg_xfb_init(struct mg_backend *be);
void mg_xfb_fini(struct mg_backend *be);

/* query.c */
struct srv_query *mg_query_create(struct srv_backend *sbe, uint32_t type);
void mg_query_destroy(struct srv_backend *sbe, struct srv_query *q);
void mg_query_begin(struct srv_ctx *sctx, struct srv_query *q);
void mg_query_end(struct srv_ctx *sctx, struct srv_query *q);
void mg_query_counter(struct srv_ctx *sctx, struct srv_query *q);
bool mg_query_result(struct srv_backend *sbe, struct srv_query *q, bool wait, uint64_t *value);
uint64_t mg_get_timestamp(struct srv_backend *sbe);
/** Around one draw's commands (inside rendering): the context's counting queries. */
uint32_t mg_queries_draw_begin(struct mg_ctx *ctx, VkCommandBuffer cmd, bool xfb);
void mg_queries_draw_end(struct mg_ctx *ctx, VkCommandBuffer cmd, uint32_t began, uint64_t primitives);
void mg_query_slot_free(struct mg_backend *be, uint64_t handle);
void mg_query_pools_fini(struct mg_backend *be);
void mg_context_end_queries(struct mg_ctx *ctx);

/* buffer.c */
bool mg_buffer_read(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, uint32_t size, void *dst);

/* readback.c */
bool mg_read_pixels(struct srv_ctx *sctx, const struct srv_surface *src, int32_t x, int32_t y, uint32_t w, uint32_t h, void *dst);

#endif
