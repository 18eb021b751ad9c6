/* splitgl spirv: internal interfaces between compile, lift, patch, reflect and blob. */
#ifndef SGL_SPIRV_INTERNAL_H
#define SGL_SPIRV_INTERNAL_H

#include <spirv/unified1/spirv.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spirv/spv.h"

/* ---- growable string (logs, lifted sources) --------------------------------------------- */
struct spv_str {
   char *s;
   size_t len, cap;
   bool oom;
};
void spv_str_putn(struct spv_str *b, const char *s, size_t n);
void spv_str_puts(struct spv_str *b, const char *s);
void spv_str_printf(struct spv_str *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *spv_str_take(struct spv_str *b); /* never NULL unless out of memory */

/* ---- compile (compile.c) ---------------------------------------------------------------- */
struct spv_shader {
   enum spv_stage stage;
   enum spv_api api;
   bool ok;
   bool es;          /* ES profile source */
   int version;      /* from #version (100 when absent for ES, 110 for GL) */
   char *source;     /* as given */
   char *preprocessed; /* glslang's preprocessor output (only when ok) */
   char *log;
   struct spv_limits limits; /* zero fields: glslang's defaults */
   /* EXT_clip_cull_distance (compile.c clip_cull_rewrite): pass 1 declared the SPV_CCD_*
    * names after #version; own_clip / own_cull: it declared the arrays itself (the shader did
    * not redeclare gl_ClipDistance / gl_CullDistance). lift.c makes them BuiltIns. */
   bool ccd, ccd_own_clip, ccd_own_cull;
   /* GLSL 1.10 - 1.40 with ARB_fragment_coord_conventions: gl_FragCoord was redeclared with
    * layout(pixel_center_integer); pass 1 did not see the redeclaration (compile.c) */
   bool frag_coord_pixel_center_integer;
   /* Desktop fragment shaders (compile.c scan_frag_coord), for the link's check of GLSL 1.50
    * section 4.3.8.1: SPV_FRAG_COORD_* bits of a gl_FragCoord redeclaration (0: none), and
    * whether the shader uses gl_FragCoord outside it (a static use). */
   uint8_t frag_coord_decl;
   bool frag_coord_used;
};

#define SPV_FRAG_COORD_REDECLARED 1u
#define SPV_FRAG_COORD_ORIGIN_UPPER_LEFT 2u
#define SPV_FRAG_COORD_PIXEL_CENTER_INTEGER 4u

/* The names gl_ClipDistance and gl_CullDistance take in both passes of a GLSL ES shader under
 * EXT_clip_cull_distance (glslang knows neither for ES). */
#define SPV_CCD_CLIP "sgl_ClipDistance"
#define SPV_CCD_CULL "sgl_CullDistance"
#define SPV_CCD_ENABLE "sgl_EXT_clip_cull_distance"

void spv_glslang_init(void);
/** glslang's stage of ours (a glslang_stage_t). */
int spv_glslang_stage_of(enum spv_stage stage);
struct glslang_resource_s;
/** glslang's default resources with the shader's limits applied. */
void spv_fill_resource(struct glslang_resource_s *r, const struct spv_shader *sh);
/** gl_MaxVaryingVectors as pass 1 saw it. */
int spv_max_varying_vectors(const struct spv_shader *sh);

/* ---- source-level facts the SPIR-V loses (lift.c) ---------------------------------------- */
enum spv_decl_storage {
   SPV_DECL_OTHER = 0,
   SPV_DECL_UNIFORM,
   SPV_DECL_IN,  /* in / attribute (VS) / varying (FS) */
   SPV_DECL_OUT, /* out / varying (VS) */
};

struct spv_decl {
   char *name;
   char *type;       /* type name token as written ("bool", "vec4", "S") */
   enum spv_decl_storage storage;
   int location;     /* layout(location = N), else -1 */
   char *init;       /* initializer text for uniforms, else NULL */
   char precision;   /* GLSL ES: 'l' / 'm' / 'h' as declared or by the default in force; 0 none */
};

struct spv_struct_member {
   char *name;
   char *type;
};

enum spv_packing { SPV_PACKING_SHARED = 0, SPV_PACKING_PACKED, SPV_PACKING_STD140 };

struct spv_struct_def {
   char *name;
   struct spv_struct_member *members;
   uint32_t member_count;
   enum spv_packing packing; /* uniform blocks ("@" + block name): the declared layout */
};

struct spv_source_info {
   struct spv_decl *decls;
   uint32_t decl_count;
   struct spv_struct_def *structs;
   uint32_t struct_count;
};

/** Scans global declarations of preprocessed GLSL. Returns false on out of memory only. */
bool spv_scan_decls(const char *pp, bool vertex, struct spv_source_info *info);
void spv_source_info_fini(struct spv_source_info *info);
const struct spv_decl *spv_find_decl(const struct spv_source_info *info, const char *name,
                                     enum spv_decl_storage storage);
const struct spv_struct_def *spv_find_struct(const struct spv_source_info *info, const char *name);

/** Lifts preprocessed source to something glslang generates Vulkan SPIR-V for: ESSL 1.00 ->
 *  ESSL 3.10; ESSL 3.00 -> 3.10; GLSL 1.40+ keeps its version. Renames user identifiers
 *  that collide with newer keywords or built-ins to SPV_RENAME_PREFIX + name. Returns a
 *  malloc'd string or NULL on out of memory. */
char *spv_lift_source(const struct spv_shader *sh);
/** A transform-feedback copy (xfb.c): `[flat] out <glsl_type> sgl__xfb<k>;` assigned `expr` at
 *  the end of main (after the point-size store). One copy packs up to four consecutive
 *  captured components. */
struct spv_xfb_copy {
   const char *glsl_type;
   const char *expr;
   bool flat;
};
/** Aliased vertex attributes (link.c): every user input of the vertex shader becomes a plain
 *  global (its `in` / `attribute` and layout qualifiers dropped); `inputs` declares the
 *  per-location inputs they are read from, `prologue` assigns them at the start of main. */
struct spv_attrib_merge {
   const char *inputs;
   const char *prologue;
};
/** spv_lift_source with copies appended to a vertex-processing shader (n may be 0) and, for a
 *  vertex shader, its attributes merged per location (merge may be NULL). The last
 *  vertex-processing stage of a program also honours GL_CLIP_DISTANCEi (SPV_SPEC_CLIP_ENABLE). */
/** One compilation unit of a stage that has several (desktop GL attaches any number of shaders
 *  of a stage to a program; OpenGL 3.3 section 2.11.3). NULL to spv_lift_source_xfb: the
 *  stage's only unit. */
struct spv_lift_unit {
   bool main_unit;    /* in: this unit defines main; the wrappers and copies go into it */
   bool stage_points; /* in: a unit of the (geometry) stage declares layout(points) out */
   bool emit_wrap;    /* out of the main unit, in to the others: EmitVertex goes through the
                       * wrapper, which the others declare and call */
};
char *spv_lift_source_xfb(const struct spv_shader *sh, const struct spv_xfb_copy *copies, uint32_t n,
                          const struct spv_attrib_merge *merge, bool last_vertex_stage, struct spv_lift_unit *unit);
/** Whether the unit defines main, and whether it (a geometry shader) declares
 *  layout(points) out. Returns false on out of memory. */
bool spv_scan_unit(const struct spv_shader *sh, bool *has_main, bool *points_out);
#define SPV_RENAME_PREFIX "sgl__"
/** Definitions of GLSL 1.40 - 3.30's vec4 shadow lookups under SPV_RENAME_PREFIX (compile.c). */
extern const char spv_shadow_funcs[];
/* lift.c: a sampler taken out of a uniform structure (the name encodes its GL path), and the
 * member that keeps an emptied structure legal (the reflection skips it) */
#define SPV_OPAQUE_PREFIX SPV_RENAME_PREFIX "o"
#define SPV_OPAQUE_PAD SPV_RENAME_PREFIX "pad"
/** Removes SPV_RENAME_PREFIX from every component of a reflected name, in place, and maps
 *  the lifted gl_FragColor / gl_FragData back. */
void spv_unrename(char *name);
/** constfold.c: desktop GLSL with the built-in calls glslang does not fold replaced by their
 *  values (and == / != of constructors by true / false); NULL when nothing changed. */
char *spv_fold_constants(const char *src);

/* ---- SPIR-V module walker and patcher (spirv_patch.c) ------------------------------------ */
/* Opcodes, decorations, storage classes and built-ins are SPIRV-Headers' (spirv/unified1/spirv.h,
 * Debian's spirv-headers): SpvOpTypeInt, SpvDecorationLocation, SpvStorageClassInput ... */

#define SPV_NO_VALUE UINT32_MAX

/* Per-id facts gathered in one pass. Word indices point into the module's words so that
 * decorations can be patched in place. */
struct spv_id_info {
   uint32_t def;          /* word index of the defining instruction, 0 if none */
   const char *name;      /* OpName string inside the module, or NULL */
   uint32_t location_w;   /* word index of the Location literal, 0 if none */
   uint32_t index_w;      /* word index of the Index literal (dual-source output), 0 if none */
   uint32_t binding_w;    /* word index of the Binding literal */
   uint32_t set_w;        /* word index of the DescriptorSet literal */
   uint32_t array_stride; /* ArrayStride, SPV_NO_VALUE if none */
   uint32_t builtin;      /* BuiltIn, SPV_NO_VALUE if none */
   bool flat, block, used;
};

struct spv_member_info {
   uint32_t type_id, member;
   const char *name;
   uint32_t offset, matrix_stride, builtin;
   bool row_major; /* RowMajor */
};

struct spv_module {
   uint32_t *words;
   uint32_t count;
   uint32_t bound;
   struct spv_id_info *ids; /* [bound] */
   struct spv_member_info *members;
   uint32_t member_count, member_cap;
   uint32_t *vars; /* ids of global OpVariables in declaration order */
   uint32_t var_count;
};

/** Indexes a module (words stay owned by the caller). Returns false with a reason. */
bool spv_module_index(struct spv_module *m, uint32_t *words, uint32_t count, char *err, size_t err_size);
void spv_module_fini(struct spv_module *m);

/* Accessors; all return 0 / SPV_NO_VALUE / NULL for ids that are not what was asked. */
uint32_t spv_op(const struct spv_module *m, uint32_t id);
uint32_t spv_word(const struct spv_module *m, uint32_t id, uint32_t i); /* i-th word of def */
uint32_t spv_var_storage(const struct spv_module *m, uint32_t var);
uint32_t spv_var_type(const struct spv_module *m, uint32_t var); /* pointee type */
bool spv_const_u32(const struct spv_module *m, uint32_t id, uint32_t *value);
const struct spv_member_info *spv_member(const struct spv_module *m, uint32_t struct_id, uint32_t i);
uint32_t spv_struct_member_count(const struct spv_module *m, uint32_t struct_id);
/** Locations a value of this type uses as a shader interface variable. */
uint32_t spv_type_slots(const struct spv_module *m, uint32_t type);
/** Same shape (for interface matching across modules). */
bool spv_types_equal(const struct spv_module *a, uint32_t ta, const struct spv_module *b, uint32_t tb);
bool spv_set_location(struct spv_module *m, uint32_t id, uint32_t location);
/** Adds `OpDecorate id decoration literal` before the module's first OpDecorate (the module
 *  must have one; its index no longer matches the words). false: out of memory or no
 *  decoration to insert before. */
bool spv_add_decoration(uint32_t **words, uint32_t *count, uint32_t id, uint32_t decoration, uint32_t literal);
bool spv_set_binding(struct spv_module *m, uint32_t id, uint32_t set, uint32_t binding);
/** The variable writes gl_PointSize (a PointSize builtin stored to). */
/** Adds OpCapability ClipDistance / CullDistance where a variable is decorated BuiltIn with
 *  one and the module lacks it (spirv_patch.c); false: out of memory. */
bool spv_add_distance_capabilities(uint32_t **words, uint32_t *count);
bool spv_writes_point_size(const struct spv_module *m);
/** The module declares a 32-bit float OpSpecConstant decorated SpecId spec_id. Needs only
 *  well-formed instruction lengths (no index). */
bool spv_has_float_spec_constant(const uint32_t *words, uint32_t count, uint32_t spec_id);
bool spv_has_int_spec_constant(const uint32_t *words, uint32_t count, uint32_t spec_id);

/* ---- reflection and the blob (reflect.c, blob_write.c, blob_parse.c) -------------------- */
/** A program's reflection before serialisation: the public structs with malloc'd names. */
struct spv_reflection {
   struct spv_program_info info; /* arrays below are the ones info points to */
   struct spv_uniform *uniforms;
   struct spv_sampler *samplers;
   struct spv_attrib *attribs;
   struct spv_output *outputs;
   uint8_t *default_block_init; /* default_block_size bytes or NULL */
   struct spv_xfb_varying *xfb; /* info.xfb_varying_count entries, malloc'd names */
   struct spv_block *blocks;    /* info.block_count entries, malloc'd names */
   uint32_t uniform_cap, attrib_cap, output_cap, sampler_cap;
};
void spv_reflection_fini(struct spv_reflection *r);

/** Serialises; *blob is malloc'd. */
bool spv_blob_write(const struct spv_reflection *r, void **blob, size_t *size);

/** GL type of a SPIR-V type (source type name refines bool). 0 if unsupported. */
uint32_t spv_gl_type(const struct spv_module *m, uint32_t type, const char *src_type);
uint32_t spv_gl_type_size(uint32_t gl_type); /* bytes of one element in std140, 0 if opaque */
bool spv_gl_type_is_sampler(uint32_t gl_type);
/* The GL sampler type of an image of this shape (kind: 0 float, 1 int, 2 uint; 0: none), and
 * the 2D type a rectangle sampler type reads once lowered (rect.c; 0 for other types). */
uint32_t spv_image_gl_type(int kind, uint32_t dim, uint32_t depth, uint32_t arrayed, uint32_t ms);
uint32_t spv_rect_as_2d(uint32_t gl_type);

/** Builds the uniform and sampler tables from the final modules. Returns false with a
 *  GL-style message in log on link errors. */
bool spv_reflect_uniforms(struct spv_reflection *r, struct spv_module *mods[SPV_STAGE_COUNT],
                          const struct spv_source_info *src[SPV_STAGE_COUNT], struct spv_str *log);

/** Reflects the named uniform blocks (after spv_reflect_uniforms: their members follow the
 *  default block's uniforms and take no locations) and binds them per spv_layout.h. */
bool spv_reflect_blocks(struct spv_reflection *r, struct spv_module *mods[SPV_STAGE_COUNT],
                        const struct spv_source_info *src[SPV_STAGE_COUNT], struct spv_str *log);

/** Evaluates a constant initializer of a basic type into dst (std140 element layout with
 *  matrix_stride for matrices). Returns false if the expression is not understood. */
bool spv_eval_init(const char *text, uint32_t gl_type, uint32_t matrix_stride, uint8_t *dst,
                   size_t dst_size);

/* ---- transform feedback (xfb.c) --------------------------------------------------------- */
struct spv_xfb_entry {
   char *name;       /* as the application gave it */
   char *expr;       /* whole variable: its SPIR-V name; copy: the GLSL expression copied */
   int64_t index;    /* array element, or -1 */
   bool copy;        /* captured through the packed copies (spv_xfb_plan.copies) */
   uint32_t copy_len; /* a copied whole array (a struct member's, gl_ClipDistance): its length, else 0 */
   uint32_t gl_type, size, components, buffer, offset;
};

/* A packed copy: up to four components of copied entries that follow each other in one
 * buffer, in one output of their own (SPV_RENAME_PREFIX "xfb<k>") decorated at `offset`. */
struct spv_xfb_packed {
   const char *glsl_type;
   char *expr;
   bool flat;
   uint32_t buffer, offset;
};

struct spv_xfb_plan {
   struct spv_xfb_entry *e;
   uint32_t count, copy_count;
   struct spv_xfb_packed *copies; /* [copy_count] */
   bool separate;
   uint32_t strides[SPV_MAX_XFB_BUFFERS];
};

/** Checks the requested varyings against the vertex module (GL's link errors into log) and
 *  lays them out. */
bool spv_xfb_resolve(const struct spv_module *vs, const struct spv_link_options *o, struct spv_xfb_plan *plan,
                     struct spv_str *log);
/** The copies the lift appends (NULL when none); the strings point into the plan. */
bool spv_xfb_copies(const struct spv_xfb_plan *plan, struct spv_xfb_copy **out);
/** Decorates the final vertex module (replaces *words). */
bool spv_xfb_apply(const struct spv_xfb_plan *plan, uint32_t **words, uint32_t *count, struct spv_str *log);
/* rect.c: GL's rectangle samplers (Dim Rect, which Vulkan lacks) as 2D samplers with the
 * coordinates rescaled; the module's words are replaced. */
bool spv_lower_rect(uint32_t **words, uint32_t *count, struct spv_str *log);
bool spv_xfb_reflect(const struct spv_xfb_plan *plan, struct spv_reflection *r);
void spv_xfb_plan_fini(struct spv_xfb_plan *p);
/** 32-bit components of a capturable GL type, 0 for others. */
uint32_t spv_xfb_type_components(uint32_t gl_type);

#endif
