/* spv_link: ESSL 1.00 / 3.00 and GLSL 1.40 / 3.30 programs generate valid SPIR-V with GL's
 * locations and spv_layout.h's bindings, and the reflection reports GL's view. */
#include <GL/glcorearb.h>

#include "spv_test.h"

static bool verbose;

static void
dump(const struct spv_program_info *info)
{
   if (!verbose)
      return;
   printf("block %u stage_mask %u slots %u maxloc %u psz %u\n", info->default_block_size,
          info->default_block_stage_mask, info->sampler_slot_count, info->max_uniform_location,
          info->writes_point_size);
   for (uint32_t i = 0; i < info->uniform_count; i++) {
      const struct spv_uniform *u = &info->uniforms[i];
      printf("  u %-20s type %#x n %u loc %d off %u as %u ms %u slot %d\n", u->name, u->gl_type,
             u->array_size, u->location, u->offset, u->array_stride, u->matrix_stride, u->sampler_slot);
   }
   for (uint32_t i = 0; i < info->sampler_count; i++)
      printf("  s binding %u type %#x n %u first %u mask %u\n", info->samplers[i].binding,
             info->samplers[i].gl_type, info->samplers[i].array_size, info->samplers[i].first_slot,
             info->samplers[i].stage_mask);
   for (uint32_t i = 0; i < info->attrib_count; i++)
      printf("  a %-12s type %#x n %u loc %d slots %u\n", info->attribs[i].name, info->attribs[i].gl_type,
             info->attribs[i].array_size, info->attribs[i].location, info->attribs[i].slots);
   for (uint32_t i = 0; i < info->output_count; i++)
      printf("  o %-12s type %#x n %u loc %d\n", info->outputs[i].name, info->outputs[i].gl_type,
             info->outputs[i].array_size, info->outputs[i].location);
}

/* Every sampler binding in the modules is SPV_BINDING_SAMPLER_BASE + its index, set 0. */
static void
check_sampler_binding(const struct spv_program_info *info, const char *name, uint32_t index)
{
   CHECK(index < info->sampler_count);
   CHECK_EQ(info->samplers[index].binding, SPV_BINDING_SAMPLER_BASE + index);
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      if (!(info->samplers[index].stage_mask & (1u << s)))
         continue;
      CHECK_EQ(spirv_decoration(info->spirv[s], info->spirv_words[s], name, SPV_DEC_BIND),
               SPV_BINDING_SAMPLER_BASE + index);
      CHECK_EQ(spirv_decoration(info->spirv[s], info->spirv_words[s], name, SPV_DEC_SET), SPV_SET_MAIN);
   }
}

/* Locations are distinct per element and below max_uniform_location. */
static void
check_uniform_locations(const struct spv_program_info *info)
{
   unsigned char used[4096] = {0};
   for (uint32_t i = 0; i < info->uniform_count; i++) {
      const struct spv_uniform *u = &info->uniforms[i];
      if (u->block_index >= 0) { /* named-block members have no location */
         CHECK_EQ(u->location, -1);
         continue;
      }
      CHECK(u->location >= 0);
      CHECK(u->location + u->array_size <= info->max_uniform_location);
      for (uint32_t k = 0; k < u->array_size && u->location + k < 4096; k++) {
         CHECK(!used[u->location + k]);
         used[u->location + k] = 1;
      }
   }
}

static const char es300_vs[] =
   "#version 300 es\n"
   "in vec4 a_pos;\n"
   "in vec3 a_normal;\n"
   "in mat4 a_mat;\n"
   "in vec2 a_uv;\n"
   "uniform mat4 u_mvp;\n"
   "uniform mat3 u_nm;\n"
   "uniform float u_scale;\n"
   "uniform vec3 u_arr[3];\n"
   "struct Light { vec3 dir; float intensity; bool on; };\n"
   "uniform Light u_lights[2];\n"
   "uniform bool u_flag;\n"
   "uniform ivec2 u_iv;\n"
   "uniform uint u_u;\n"
   "uniform mat2x3 u_m23;\n"
   "uniform vec4 u_shared;\n"
   "out vec2 v_uv;\n"
   "out vec3 v_n;\n"
   "flat out int v_id;\n"
   "void main() {\n"
   "   vec3 l = vec3(0.0);\n"
   "   for (int i = 0; i < 2; i++) if (u_lights[i].on) l += u_lights[i].dir * u_lights[i].intensity;\n"
   "   gl_Position = u_mvp * a_mat * a_pos * u_scale + u_shared + vec4(u_arr[1] + u_m23 * vec2(1.0), 0.0);\n"
   "   v_n = u_nm * a_normal + l;\n"
   "   v_uv = a_uv + (u_flag ? vec2(u_iv) : vec2(float(u_u)));\n"
   "   v_id = gl_VertexID;\n"
   "   gl_PointSize = 2.0;\n"
   "}\n";

static const char es300_fs[] =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform sampler2D u_tex;\n"
   "uniform samplerCube u_cube;\n"
   "uniform vec4 u_shared;\n"
   "uniform highp sampler2DArray u_layers;\n"
   "uniform mediump sampler2DShadow u_shadow;\n"
   "uniform highp isampler2D u_itex;\n"
   "uniform sampler2D u_many[3];\n"
   "in vec3 v_n;\n"
   "in vec2 v_uv;\n"
   "flat in int v_id;\n"
   "layout(location = 0) out vec4 o_color;\n"
   "layout(location = 1) out vec4 o_extra;\n"
   "void main() {\n"
   "   o_color = texture(u_tex, v_uv) + texture(u_cube, v_n) * u_shared + texture(u_many[2], v_uv);\n"
   "   o_extra = texture(u_layers, vec3(v_uv, 1.0)) * texture(u_shadow, vec3(v_uv, 0.5)) +\n"
   "             vec4(texture(u_itex, v_uv)) * float(v_id);\n"
   "}\n";

static void
test_es300(void)
{
   struct spv_binding binds[] = {{"a_normal", 5}, {"a_nonexistent", 9}};
   struct spv_link_options opts = {binds, 2, NULL, 0};
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GLES, es300_vs, es300_fs, &opts, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "link log: %s\n", log);
      free(log);
      return;
   }
   free(log);
   dump(info);
   check_modules_valid(info);
   CHECK_EQ(info->stage_mask, 3);
   CHECK_EQ(info->default_block_stage_mask, 3);
   CHECK_EQ(info->writes_point_size, 1);
   CHECK_EQ(info->point_size_spec, 0); /* ES: gl_PointSize is the only source */

   /* std140 layout, members in declaration order (vertex shader first) */
   const struct spv_uniform *u;
   CHECK((u = find_uniform(info, "u_mvp")) && u->gl_type == GL_FLOAT_MAT4 && u->offset == 0 &&
         u->matrix_stride == 16 && u->array_size == 1 && u->array_stride == 0);
   CHECK((u = find_uniform(info, "u_nm")) && u->gl_type == GL_FLOAT_MAT3 && u->offset == 64 &&
         u->matrix_stride == 16);
   CHECK((u = find_uniform(info, "u_scale")) && u->gl_type == GL_FLOAT && u->offset == 112 &&
         u->matrix_stride == 0);
   CHECK((u = find_uniform(info, "u_arr[0]")) && u->gl_type == GL_FLOAT_VEC3 && u->offset == 128 &&
         u->array_size == 3 && u->array_stride == 16);
   /* struct Light: dir @0, intensity @12, on @16, size 32 */
   CHECK((u = find_uniform(info, "u_lights[0].dir")) && u->gl_type == GL_FLOAT_VEC3 && u->offset == 176);
   CHECK((u = find_uniform(info, "u_lights[0].intensity")) && u->gl_type == GL_FLOAT && u->offset == 188);
   CHECK((u = find_uniform(info, "u_lights[0].on")) && u->gl_type == GL_BOOL && u->offset == 192);
   CHECK((u = find_uniform(info, "u_lights[1].dir")) && u->offset == 208);
   CHECK((u = find_uniform(info, "u_lights[1].on")) && u->gl_type == GL_BOOL && u->offset == 224);
   CHECK((u = find_uniform(info, "u_flag")) && u->gl_type == GL_BOOL && u->offset == 240);
   CHECK((u = find_uniform(info, "u_iv")) && u->gl_type == GL_INT_VEC2 && u->offset == 248);
   CHECK((u = find_uniform(info, "u_u")) && u->gl_type == GL_UNSIGNED_INT && u->offset == 256);
   CHECK((u = find_uniform(info, "u_m23")) && u->gl_type == GL_FLOAT_MAT2x3 && u->offset == 272 &&
         u->matrix_stride == 16);
   CHECK((u = find_uniform(info, "u_shared")) && u->gl_type == GL_FLOAT_VEC4 && u->offset == 304);
   CHECK_EQ(info->default_block_size, 320);
   /* the shared uniform has one offset in both modules */
   for (int s = 0; s <= SPV_STAGE_FRAGMENT; s++)
      CHECK_EQ(spirv_member_offset(info->spirv[s], info->spirv_words[s], "gl_DefaultUniformBlock", "u_shared"), 304);
   for (int s = 0; s <= SPV_STAGE_FRAGMENT; s++) {
      uint32_t id = spirv_id_of(info->spirv[s], info->spirv_words[s], "gl_DefaultUniformBlock");
      CHECK(id != 0);
   }

   /* samplers: bindings SPV_BINDING_SAMPLER_BASE + i, slots consecutive */
   CHECK_EQ(info->sampler_count, 6);
   static const char *const snames[] = {"u_tex", "u_cube", "u_layers", "u_shadow", "u_itex", "u_many"};
   static const uint32_t stypes[] = {GL_SAMPLER_2D, GL_SAMPLER_CUBE, GL_SAMPLER_2D_ARRAY,
                                     GL_SAMPLER_2D_SHADOW, GL_INT_SAMPLER_2D, GL_SAMPLER_2D};
   static const uint32_t ssizes[] = {1, 1, 1, 1, 1, 3};
   uint32_t slot_sum = 0;
   for (uint32_t k = 0; k < 6; k++) {
      char uname[32];
      snprintf(uname, sizeof(uname), ssizes[k] > 1 ? "%s[0]" : "%s", snames[k]);
      CHECK((u = find_uniform(info, uname)) != NULL);
      if (!u)
         continue;
      CHECK_EQ(u->gl_type, stypes[k]);
      CHECK_EQ(u->array_size, ssizes[k]);
      CHECK(u->sampler_slot >= 0);
      uint32_t i = 0;
      while (i < info->sampler_count && info->samplers[i].first_slot != (uint32_t)u->sampler_slot)
         i++;
      CHECK(i < info->sampler_count);
      if (i == info->sampler_count)
         continue;
      CHECK_EQ(info->samplers[i].gl_type, stypes[k]);
      CHECK_EQ(info->samplers[i].array_size, ssizes[k]);
      CHECK_EQ(info->samplers[i].stage_mask, 1u << SPV_STAGE_FRAGMENT);
      check_sampler_binding(info, snames[k], i);
      slot_sum += ssizes[k];
   }
   CHECK_EQ(info->sampler_slot_count, 8);
   CHECK_EQ(slot_sum, 8);
   check_uniform_locations(info);

   /* attributes: a_normal bound to 5; a_mat takes 4 consecutive free locations */
   const struct spv_attrib *a;
   CHECK_EQ(info->attrib_count, 4);
   CHECK((a = find_attrib(info, "a_normal")) && a->location == 5 && a->gl_type == GL_FLOAT_VEC3 && a->slots == 1);
   /* the rest in declaration order, lowest free */
   CHECK((a = find_attrib(info, "a_pos")) && a->location == 0 && a->gl_type == GL_FLOAT_VEC4);
   CHECK((a = find_attrib(info, "a_mat")) && a->location == 1 && a->slots == 4 && a->gl_type == GL_FLOAT_MAT4);
   CHECK((a = find_attrib(info, "a_uv")) && a->location == 6 && a->gl_type == GL_FLOAT_VEC2);
   const uint32_t *vw = info->spirv[0];
   CHECK_EQ(spirv_decoration(vw, info->spirv_words[0], "a_normal", SPV_DEC_LOC), 5);
   CHECK_EQ(spirv_decoration(vw, info->spirv_words[0], "a_mat", SPV_DEC_LOC), 1);
   CHECK_EQ(spirv_decoration(vw, info->spirv_words[0], "a_uv", SPV_DEC_LOC), 6);

   const struct spv_output *o;
   CHECK_EQ(info->output_count, 2);
   CHECK((o = find_output(info, "o_color")) && o->location == 0 && o->gl_type == GL_FLOAT_VEC4);
   CHECK((o = find_output(info, "o_extra")) && o->location == 1);
   spv_program_info_free(info);
}

static const char es100_vs[] =
   "attribute vec4 pos;\n"
   "attribute vec2 uv;\n"
   "varying vec2 v_uv;\n"
   "varying mediump float sample;\n" /* a 3.x keyword */
   "uniform mat4 mvp;\n"
   "uniform mediump float texture;\n" /* a 3.x built-in; the fragment stage's precision */
   "float round(float x) { return x + 0.5; }\n"
   "void main() {\n"
   "   v_uv = uv;\n"
   "   sample = round(texture);\n"
   "   gl_Position = mvp * pos;\n"
   "}\n";

static const char es100_fs[] =
   "#version 100\n"
   "#extension GL_OES_standard_derivatives : enable\n"
   "#define SCALE(x) ((x) * 2.0)\n"
   "precision mediump float;\n"
   "varying vec2 v_uv;\n"
   "varying float sample;\n"
   "uniform sampler2D tex;\n"
   "uniform samplerCube env;\n"
   "uniform float texture;\n"
   "void main() {\n"
   "   vec4 c = texture2D(tex, v_uv) + textureCube(env, vec3(v_uv, 1.0));\n"
   "   gl_FragColor = SCALE(c) * sample * texture + vec4(dFdx(v_uv.x));\n"
   "}\n";

static void
test_es100(void)
{
   struct spv_binding binds[] = {{"uv", 0}};
   struct spv_link_options opts = {binds, 1, NULL, 0};
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GLES, es100_vs, es100_fs, &opts, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "link log: %s\n", log);
      free(log);
      return;
   }
   free(log);
   dump(info);
   check_modules_valid(info);
   const struct spv_uniform *u;
   CHECK((u = find_uniform(info, "mvp")) && u->gl_type == GL_FLOAT_MAT4 && u->offset == 0);
   CHECK((u = find_uniform(info, "texture")) && u->gl_type == GL_FLOAT && u->offset == 64);
   CHECK((u = find_uniform(info, "tex")) && u->gl_type == GL_SAMPLER_2D && u->sampler_slot == 0);
   CHECK((u = find_uniform(info, "env")) && u->gl_type == GL_SAMPLER_CUBE && u->sampler_slot == 1);
   CHECK_EQ(info->sampler_count, 2);
   check_uniform_locations(info);
   const struct spv_attrib *a;
   CHECK((a = find_attrib(info, "uv")) && a->location == 0);
   CHECK((a = find_attrib(info, "pos")) && a->location == 1);
   const struct spv_output *o;
   CHECK_EQ(info->output_count, 1);
   CHECK((o = find_output(info, "gl_FragColor")) && o->location == 0 && o->gl_type == GL_FLOAT_VEC4);
   /* The vertex shader never names gl_PointSize: the lift writes 1.0 (lift.c), so Magma can
    * draw its points. */
   CHECK_EQ(info->writes_point_size, 1);
   CHECK_EQ(info->point_size_spec, 0);
   spv_program_info_free(info);

   /* gl_FragData (glslang's gl_MaxDrawBuffers allows index 1 without the extension) */
   static const char fs_data[] =
      "precision mediump float;\n"
      "varying vec2 v_uv;\n"
      "void main() { gl_FragData[0] = vec4(v_uv, 0.0, 1.0); gl_FragData[1] = vec4(1.0); }\n";
   static const char vs_data[] =
      "attribute vec4 pos; varying vec2 v_uv;\n"
      "void main() { v_uv = pos.xy; gl_Position = pos; gl_PointSize = 1.0; }\n";
   info = link_program(SPV_API_GLES, vs_data, fs_data, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (info) {
      dump(info);
      check_modules_valid(info);
      CHECK((o = find_output(info, "gl_FragData")) && o->location == 0 && o->array_size == 2);
      CHECK_EQ(info->writes_point_size, 1);
      CHECK_EQ(info->default_block_size, 0);
      CHECK_EQ(info->uniform_count, 0);
      spv_program_info_free(info);
   }
}

static const char gl140_vs[] =
   "#version 140\n"
   "in vec4 pos;\n"
   "in vec3 color;\n"
   "out vec3 v_color;\n"
   "out vec2 v_uv;\n"
   "uniform mat4 mvp;\n"
   "uniform float scale = 2.5;\n"
   "uniform vec3 tint = vec3(0.25, 0.5, 1.0);\n"
   "uniform mat2 rot = mat2(3.0);\n"
   "uniform bool flip;\n"
   "void main() {\n"
   "   v_color = color * tint;\n"
   "   v_uv = rot * (flip ? -pos.xy : pos.xy);\n"
   "   gl_Position = mvp * pos * scale;\n"
   "}\n";

static const char gl140_fs[] =
   "#version 140\n"
   "in vec3 v_color;\n"
   "in vec2 v_uv;\n"
   "uniform sampler2D tex;\n"
   "uniform sampler2DRect rect;\n"
   "void main() { gl_FragColor = texture2D(tex, v_uv) * vec4(v_color, 1.0) + texture(rect, v_uv); }\n";

static void
test_gl140(void)
{
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GL, gl140_vs, gl140_fs, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "link log: %s\n", log);
      free(log);
      return;
   }
   free(log);
   dump(info);
   check_modules_valid(info);
   const struct spv_uniform *u;
   CHECK((u = find_uniform(info, "mvp")) && u->offset == 0);
   CHECK((u = find_uniform(info, "scale")) && u->offset == 64 && u->gl_type == GL_FLOAT);
   CHECK((u = find_uniform(info, "tint")) && u->offset == 80 && u->gl_type == GL_FLOAT_VEC3);
   CHECK((u = find_uniform(info, "rot")) && u->offset == 96 && u->gl_type == GL_FLOAT_MAT2 && u->matrix_stride == 16);
   CHECK((u = find_uniform(info, "flip")) && u->gl_type == GL_BOOL && u->offset == 128);
   CHECK((u = find_uniform(info, "rect")) && u->gl_type == GL_SAMPLER_2D_RECT);
   /* initializers land in the initial block image */
   CHECK(info->default_block_init != NULL);
   if (info->default_block_init) {
      float f[4];
      memcpy(f, info->default_block_init + 64, 4);
      CHECK(f[0] == 2.5f);
      memcpy(f, info->default_block_init + 80, 12);
      CHECK(f[0] == 0.25f && f[1] == 0.5f && f[2] == 1.0f);
      memcpy(f, info->default_block_init + 96, 8);
      CHECK(f[0] == 3.0f && f[1] == 0.0f);
      memcpy(f, info->default_block_init + 112, 8);
      CHECK(f[0] == 0.0f && f[1] == 3.0f);
      memcpy(f, info->default_block_init + 0, 4);
      CHECK(f[0] == 0.0f);
   }
   const struct spv_output *o;
   CHECK((o = find_output(info, "gl_FragColor")) && o->location == 0);
   spv_program_info_free(info);
}

static const char gl330_vs[] =
   "#version 330 core\n"
   "layout(location = 3) in vec4 pos;\n"
   "in vec2 uv;\n"
   "in ivec2 ids;\n"
   "out vec2 v_uv;\n"
   "flat out ivec2 v_ids;\n"
   "uniform mat4 mvp;\n"
   "uniform vec4 params[4];\n"
   "void main() { v_uv = uv; v_ids = ids; gl_Position = mvp * pos + params[3]; }\n";

static const char gl330_fs[] =
   "#version 330 core\n"
   "in vec2 v_uv;\n"
   "flat in ivec2 v_ids;\n"
   "uniform sampler2D tex;\n"
   "uniform usampler2D utex;\n"
   "uniform vec4 params[4];\n"
   "out vec4 color;\n"
   "out vec4 normal;\n"
   "void main() { color = texture(tex, v_uv) * params[0]; normal = vec4(texture(utex, v_uv)) + vec4(v_ids, 0, 0); }\n";

static void
test_gl330(void)
{
   /* layout(location) beats glBindAttribLocation for pos */
   struct spv_binding attrs[] = {{"pos", 7}, {"ids", 0}};
   struct spv_binding frags[] = {{"normal", 0}, {"color", 1}};
   struct spv_link_options opts = {attrs, 2, frags, 2};
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GL, gl330_vs, gl330_fs, &opts, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "link log: %s\n", log);
      free(log);
      return;
   }
   free(log);
   dump(info);
   check_modules_valid(info);
   const struct spv_attrib *a;
   CHECK((a = find_attrib(info, "pos")) && a->location == 3);
   CHECK((a = find_attrib(info, "ids")) && a->location == 0 && a->gl_type == GL_INT_VEC2);
   CHECK((a = find_attrib(info, "uv")) && a->location == 1);
   const struct spv_output *o;
   CHECK((o = find_output(info, "normal")) && o->location == 0);
   CHECK((o = find_output(info, "color")) && o->location == 1);
   CHECK_EQ(spirv_decoration(info->spirv[1], info->spirv_words[1], "color", SPV_DEC_LOC), 1);
   const struct spv_uniform *u;
   CHECK((u = find_uniform(info, "params[0]")) && u->array_size == 4 && u->array_stride == 16 && u->offset == 64);
   CHECK((u = find_uniform(info, "utex")) && u->gl_type == GL_UNSIGNED_INT_SAMPLER_2D);
   CHECK_EQ(info->default_block_init == NULL, 1);
   check_uniform_locations(info);
   spv_program_info_free(info);
}

/* Dual-source blending (OpenGL 3.3 section 3.9.2): an output's index from layout(index) or
 * from glBindFragDataLocationIndexed reaches the SPIR-V as an Index decoration; the link
 * refuses index-1 outputs beyond max_dual_source_draw_buffers. */
static void
test_dual_source(void)
{
   static const char vs[] = "#version 330 core\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
   static const char fs_bound[] = "#version 330 core\nout vec4 a;\nout vec4 b;\n"
                                  "void main() { a = vec4(1.0); b = vec4(0.5); }\n";
   static const char fs_layout[] = "#version 330 core\nlayout(location = 0) out vec4 a;\n"
                                   "layout(location = 0, index = 1) out vec4 b;\n"
                                   "void main() { a = vec4(1.0); b = vec4(0.5); }\n";
   struct spv_binding frags[] = {{"a", 0, 0}, {"b", 0, 1}};
   struct spv_link_options opts = {.frag_data_bindings = frags, .frag_data_binding_count = 2,
                                   .max_dual_source_draw_buffers = 1};
   const char *fss[2] = {fs_bound, fs_layout};
   for (int k = 0; k < 2; k++) {
      char *log = NULL;
      struct spv_program_info *info = link_program(SPV_API_GL, vs, fss[k], k ? NULL : &opts, &log, NULL, NULL);
      if (k) /* the layout alone needs the limit too: link again with it */
         CHECK(info == NULL);
      if (k) {
         spv_program_info_free(info);
         free(log);
         struct spv_link_options lim = {.max_dual_source_draw_buffers = 1};
         info = link_program(SPV_API_GL, vs, fss[k], &lim, &log, NULL, NULL);
      }
      CHECK(info != NULL);
      if (!info) {
         fprintf(stderr, "link log: %s\n", log);
         free(log);
         return;
      }
      free(log);
      check_modules_valid(info);
      const struct spv_output *o;
      CHECK((o = find_output(info, "a")) && o->location == 0 && o->index == 0);
      CHECK((o = find_output(info, "b")) && o->location == 0 && o->index == 1);
      const uint32_t *w = info->spirv[SPV_STAGE_FRAGMENT];
      const uint32_t n = info->spirv_words[SPV_STAGE_FRAGMENT];
      CHECK_EQ(spirv_decoration(w, n, "b", SPV_DEC_INDEX), 1);
      CHECK_EQ(spirv_decoration(w, n, "b", SPV_DEC_LOC), 0);
      CHECK_EQ(spirv_decoration(w, n, "a", SPV_DEC_LOC), 0);
      CHECK(spirv_decoration(w, n, "a", SPV_DEC_INDEX) <= 0);
      spv_program_info_free(info);
   }
   /* the same location and index twice; index 1 past the limit */
   struct spv_binding twice[] = {{"a", 0, 1}, {"b", 0, 1}};
   struct spv_link_options bad = {.frag_data_bindings = twice, .frag_data_binding_count = 2,
                                  .max_dual_source_draw_buffers = 1};
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GL, vs, fs_bound, &bad, &log, NULL, NULL);
   CHECK(info == NULL && log && strstr(log, "index 1"));
   spv_program_info_free(info);
   free(log);
   struct spv_binding far[] = {{"a", 1, 0}, {"b", 0, 1}};
   bad.frag_data_bindings = far;
   log = NULL;
   info = link_program(SPV_API_GL, vs, fs_bound, &bad, &log, NULL, NULL);
   CHECK(info == NULL && log && strstr(log, "MAX_DUAL_SOURCE_DRAW_BUFFERS"));
   spv_program_info_free(info);
   free(log);
}

/* Desktop GL vertex shaders always store PointSize through the SPV_SPEC_POINT_SIZE wrapper
 * (spirv/lift.c), which is neither a uniform nor an output in the reflection. */
static void
test_point_size(void)
{
   static const char fs[] =
      "#version 330 core\n"
      "uniform S2 { vec4 c; } blk;\n"
      "out vec4 o;\n"
      "void main() { o = blk.c; }\n";
   static const struct {
      const char *vs;
   } cases[] = {
      /* no gl_PointSize; a prototype of main; a struct member called main */
      {"#version 330 core\n"
       "struct S { float main; vec2 off; };\n"
       "uniform S s;\n"
       "in vec4 pos;\n"
       "void main();\n"
       "void main() { gl_Position = pos + vec4(s.off, s.main, 0.0); }\n"},
      /* writes gl_PointSize, through a macro */
      {"#version 330 core\n"
       "#define PSZ gl_PointSize\n"
       "struct S { float main; vec2 off; };\n"
       "uniform S s;\n"
       "in vec4 pos;\n"
       "void main(void) { gl_Position = pos + vec4(s.off, s.main, 0.0); PSZ = 3.0; }\n"},
      /* GLSL 1.40 (no core profile token) */
      {"#version 140\n"
       "struct S { float main; vec2 off; };\n"
       "uniform S s;\n"
       "in vec4 pos;\n"
       "void main() { gl_Position = pos + vec4(s.off, s.main, 0.0); }\n"},
   };
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      char *log = NULL;
      struct spv_program_info *info = link_program(SPV_API_GL, cases[c].vs, fs, NULL, &log, NULL, NULL);
      CHECK(info != NULL);
      if (!info) {
         fprintf(stderr, "case %zu link log: %s\n", c, log);
         free(log);
         continue;
      }
      free(log);
      dump(info);
      check_modules_valid(info);
      CHECK_EQ(info->writes_point_size, 1);
      CHECK_EQ(info->point_size_spec, 1);
      CHECK_EQ(info->uniform_count, 3); /* and the block member S2.c */
      CHECK(find_uniform(info, "S2.c") != NULL);
      CHECK(find_uniform(info, "s.main") != NULL);
      CHECK(find_uniform(info, "s.off") != NULL);
      CHECK_EQ(info->attrib_count, 1);
      CHECK_EQ(info->output_count, 1);
      check_uniform_locations(info);
      spv_program_info_free(info);
   }
}

/* explicit uniform locations (GL_ARB_explicit_uniform_location) */
static void
test_uniform_locations(void)
{
   static const char vs[] =
      "#version 330 core\n"
      "#extension GL_ARB_explicit_uniform_location : require\n"
      "in vec4 pos;\n"
      "layout(location = 0) uniform vec4 a;\n"
      "uniform vec4 b[2];\n"
      "layout(location = 5) uniform vec4 c;\n"
      "void main() { gl_Position = pos + a + b[1] + c; }\n";
   static const char fs[] =
      "#version 330 core\n"
      "out vec4 o;\n"
      "void main() { o = vec4(1.0); }\n";
   struct spv_program_info *info = link_program(SPV_API_GL, vs, fs, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      return;
   dump(info);
   const struct spv_uniform *u;
   CHECK((u = find_uniform(info, "a")) && u->location == 0);
   CHECK((u = find_uniform(info, "c")) && u->location == 5);
   CHECK((u = find_uniform(info, "b[0]")) && u->location == 1 && u->array_size == 2);
   CHECK_EQ(info->max_uniform_location, 6);
   spv_program_info_free(info);
}

static void
expect_link_error(enum spv_api api, const char *vs, const char *fs, const struct spv_link_options *opts,
                  const char *needle)
{
   struct spv_shader *sh[2] = {vs ? spv_compile(SPV_STAGE_VERTEX, api, vs) : NULL,
                               fs ? spv_compile(SPV_STAGE_FRAGMENT, api, fs) : NULL};
   struct spv_shader *list[2];
   uint32_t n = 0;
   for (int i = 0; i < 2; i++)
      if (sh[i])
         list[n++] = sh[i];
   void *blob = (void *)1;
   size_t size = 1;
   char *log = NULL;
   bool ok = spv_link(list, n, opts, &blob, &size, &log);
   CHECK(!ok);
   CHECK(blob == NULL && size == 0);
   CHECK(log != NULL && strlen(log) > 0);
   if (log && !strstr(log, needle)) {
      fprintf(stderr, "expected '%s' in link log:\n%s\n", needle, log);
      CHECK(false);
   }
   free(log);
   spv_shader_free(sh[0]);
   spv_shader_free(sh[1]);
}

static void
test_link_errors(void)
{
   static const char vs[] = "#version 300 es\nin vec4 p; out vec3 v; void main(){ v = p.xyz; gl_Position = p; }\n";
   static const char fs[] = "#version 300 es\nprecision mediump float; in vec3 v; out vec4 o; void main(){ o = vec4(v, 1.0); }\n";
   expect_link_error(SPV_API_GLES, vs, NULL, NULL, "no fragment shader");
   expect_link_error(SPV_API_GLES, NULL, fs, NULL, "no vertex shader");
   /* varying type mismatch */
   expect_link_error(SPV_API_GLES, vs,
                     "#version 300 es\nprecision mediump float; in vec2 v; out vec4 o; void main(){ o = vec4(v, 0.0, 1.0); }\n",
                     NULL, "ype");
   /* a statically used input with no output */
   expect_link_error(SPV_API_GLES, vs,
                     "#version 300 es\nprecision mediump float; in vec3 w; out vec4 o; void main(){ o = vec4(w, 1.0); }\n",
                     NULL, "'w'");
   /* interpolation mismatch (ES) */
   expect_link_error(SPV_API_GLES, vs,
                     "#version 300 es\nprecision mediump float; flat in vec3 v; out vec4 o; void main(){ o = vec4(v, 1.0); }\n",
                     NULL, "interpolation");
   /* missing main */
   expect_link_error(SPV_API_GLES, "#version 300 es\nin vec4 p; void notmain(){ gl_Position = p; }\n", fs, NULL, "entry point");
   /* ESSL 1.00 with 3.00 */
   expect_link_error(SPV_API_GLES, "attribute vec4 p; varying vec3 v; void main(){ v = p.xyz; gl_Position = p; }\n", fs,
                     NULL, "version");
   /* a shader that did not compile */
   expect_link_error(SPV_API_GLES, vs, "#version 300 es\nvoid main(){ x; }\n", NULL, "not compiled");
   /* attribute aliasing through glBindAttribLocation */
   static const char vs2[] = "#version 300 es\nin vec4 p; in vec4 q; void main(){ gl_Position = p + q; }\n";
   static const char fs2[] = "#version 300 es\nprecision mediump float; out vec4 o; void main(){ o = vec4(1.0); }\n";
   struct spv_binding alias[] = {{"p", 2}, {"q", 2}};
   struct spv_link_options opts = {alias, 2, NULL, 0};
   expect_link_error(SPV_API_GLES, vs2, fs2, &opts, "aliases");
   /* a matrix bound where it does not fit */
   static const char vs3[] = "#version 300 es\nin mat4 m; void main(){ gl_Position = m[0]; }\n";
   struct spv_binding late[] = {{"m", 14}};
   struct spv_link_options opts3 = {late, 1, NULL, 0};
   expect_link_error(SPV_API_GLES, vs3, fs2, &opts3, "does not fit");
   /* two shaders of one stage */
   struct spv_shader *a = spv_compile(SPV_STAGE_VERTEX, SPV_API_GLES, vs2);
   struct spv_shader *b = spv_compile(SPV_STAGE_VERTEX, SPV_API_GLES, vs2);
   struct spv_shader *list[2] = {a, b};
   void *blob;
   size_t size;
   char *log;
   CHECK(!spv_link(list, 2, NULL, &blob, &size, &log));
   CHECK(strstr(log, "more than one") != NULL);
   free(log);
   spv_shader_free(a);
   spv_shader_free(b);
}

/* user identifiers that are keywords in the Vulkan / 3.10 dialect are renamed and reported
 * under their own names */
static void
test_renames(void)
{
   static const char vs[] =
      "#version 300 es\n"
      "in vec4 p;\n"
      "uniform float sampler;\n"
      "uniform vec2 buffer;\n"
      "out float findLSB;\n"
      "void main() { findLSB = sampler; gl_Position = p + vec4(buffer, 0.0, 0.0); }\n";
   static const char fs[] =
      "#version 300 es\n"
      "precision mediump float;\n"
      "in float findLSB;\n"
      "uniform sampler2D texture2D;\n"
      "out vec4 o;\n"
      "void main() { o = texture(texture2D, vec2(findLSB)); }\n";
   struct spv_program_info *info = link_program(SPV_API_GLES, vs, fs, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      return;
   check_modules_valid(info);
   const struct spv_uniform *u;
   CHECK((u = find_uniform(info, "sampler")) && u->gl_type == GL_FLOAT);
   CHECK((u = find_uniform(info, "buffer")) && u->gl_type == GL_FLOAT_VEC2);
   CHECK((u = find_uniform(info, "texture2D")) && u->gl_type == GL_SAMPLER_2D);
   spv_program_info_free(info);
}

/* GLSL 1.30: `layout` is a keyword where ARB_explicit_attrib_location is turned on (kept by the
 * lift to 1.40), a user identifier where it is not (renamed); piglit texelFetch's staging
 * shader for multisample textures uses the first. */
static void
test_layout_below_140(void)
{
   static const char vs[] = "#version 130\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   static const char fs_ext[] = "#version 130\n#extension GL_ARB_explicit_attrib_location : require\n"
                                "layout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   static const char fs_word[] = "#version 130\nuniform float layout;\nout vec4 o;\n"
                                 "void main() { o = vec4(layout); }\n";
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GL, vs, fs_ext, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      fprintf(stderr, "link log: %s\n", log ? log : "");
   spv_program_info_free(info);
   free(log);
   log = NULL;
   info = link_program(SPV_API_GL, vs, fs_word, NULL, &log, NULL, NULL);
   CHECK(info != NULL && find_uniform(info, "layout") != NULL);
   spv_program_info_free(info);
   free(log);
}

/* Arrays of named uniform blocks whose instance names differ between stages link (GLSL 1.50,
 * section 4.3.7), get a block binding outside the default block's, and the blob parses. */
static void
test_block_arrays(void)
{
   const char *vs = "#version 150\nuniform Foo { vec4 x; } foo[3];\n"
                    "void main() { gl_Position = foo[0].x; }\n";
   const char *fs = "#version 150\nuniform Foo { vec4 x; } bar[3];\nout vec4 o;\n"
                    "void main() { o = bar[1].x; }\n";
   struct spv_program_info *info = link_program(SPV_API_GL, vs, fs, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      return;
   check_modules_valid(info);
   for (int s = 0; s <= SPV_STAGE_FRAGMENT; s++) {
      uint32_t id = spirv_id_of(info->spirv[s], info->spirv_words[s], s ? "bar" : "foo");
      CHECK(id != 0);
      CHECK_EQ(spirv_decoration(info->spirv[s], info->spirv_words[s], s ? "bar" : "foo", 33 /* Binding */),
               SPV_BINDING_UBO_BASE);
   }
   /* three GL blocks "Foo[0..2]" on one binding, sharing the member "Foo.x" */
   CHECK_EQ(info->block_count, 3);
   for (uint32_t b = 0; b < info->block_count && b < 3; b++) {
      char want[16];
      snprintf(want, sizeof(want), "Foo[%u]", b);
      CHECK(!strcmp(info->blocks[b].name, want));
      CHECK_EQ(info->blocks[b].binding, SPV_BINDING_UBO_BASE);
      CHECK_EQ(info->blocks[b].array_index, b);
      CHECK_EQ(info->blocks[b].array_size, 3);
      CHECK_EQ(info->blocks[b].data_size, 16);
      CHECK_EQ(info->blocks[b].stage_mask, 3);
      CHECK_EQ(info->blocks[b].uniform_count, 1);
   }
   const struct spv_uniform *x = find_uniform(info, "Foo.x");
   CHECK(x && x->block_index == 0 && x->location == -1 && x->offset == 0);
   spv_program_info_free(info);
}

/* std140 (OpenGL ES 3.0 section 2.12.6.4) as the reflection reports it, shared and packed
 * laid out as std140, row_major, bools, instance names, stage masks; a block that differs
 * between the stages fails the link. */
static void
test_block_layouts(void)
{
   const char *vs = "#version 300 es\n"
                    "struct S { vec3 a; float b; mat2 m; };\n"
                    "layout(std140) uniform A { float f; vec3 v; layout(row_major) mat2x3 rm; S s[2]; bool q; } a;\n"
                    "layout(shared, row_major) uniform B { mat3 m; vec2 w[2]; };\n"
                    "layout(packed) uniform C { uvec2 u; } c;\n"
                    "void main() { gl_Position = vec4(a.f + a.s[1].b + w[1].x, m[0]); }\n";
   const char *fs = "#version 300 es\nprecision mediump float;\n"
                    "layout(shared, row_major) uniform B { mat3 m; vec2 w[2]; };\n"
                    "out vec4 o;\nvoid main() { o = vec4(m[1], w[0].x); }\n";
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GLES, vs, fs, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "block layouts: %s\n", log);
      free(log);
      return;
   }
   free(log);
   dump(info);
   check_modules_valid(info);
   CHECK_EQ(info->block_count, 3);
   static const struct {
      const char *name;
      uint32_t type, size, offset, astride, mstride, row_major;
   } want[] = {
      {"A.f", GL_FLOAT, 1, 0, 0, 0, 0},
      {"A.v", GL_FLOAT_VEC3, 1, 16, 0, 0, 0},
      {"A.rm", GL_FLOAT_MAT2x3, 1, 32, 0, 16, 1}, /* 3 rows of vec2 at stride 16 */
      {"A.s[0].a", GL_FLOAT_VEC3, 1, 80, 0, 0, 0},
      {"A.s[0].b", GL_FLOAT, 1, 92, 0, 0, 0},
      {"A.s[0].m", GL_FLOAT_MAT2, 1, 96, 0, 16, 0},
      {"A.s[1].a", GL_FLOAT_VEC3, 1, 128, 0, 0, 0},
      {"A.q", GL_BOOL, 1, 176, 0, 0, 0},
      {"m", GL_FLOAT_MAT3, 1, 0, 0, 16, 1},
      {"w[0]", GL_FLOAT_VEC2, 2, 48, 16, 0, 0},
      {"C.u", GL_UNSIGNED_INT_VEC2, 1, 0, 0, 0, 0},
   };
   for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
      const struct spv_uniform *u = find_uniform(info, want[i].name);
      CHECK(u != NULL);
      if (!u)
         continue;
      CHECK_EQ(u->gl_type, want[i].type);
      CHECK_EQ(u->array_size, want[i].size);
      CHECK_EQ(u->offset, want[i].offset);
      CHECK_EQ(u->array_stride, want[i].astride);
      CHECK_EQ(u->matrix_stride, want[i].mstride);
      CHECK_EQ(u->row_major, want[i].row_major);
      CHECK(u->block_index >= 0 && (uint32_t)u->block_index < info->block_count);
      CHECK_EQ(u->location, -1);
   }
   for (uint32_t b = 0; b < info->block_count; b++) {
      const struct spv_block *bl = &info->blocks[b];
      CHECK_EQ(bl->data_size % 16, 0);
      CHECK_EQ(bl->stage_mask, !strcmp(bl->name, "B") ? 3u : 1u);
      CHECK_EQ(bl->binding, SPV_BINDING_UBO_BASE + b);
      if (!strcmp(bl->name, "A"))
         CHECK_EQ(bl->data_size, 192);
   }
   spv_program_info_free(info);

   /* GLSL ES 3.00 section 4.3.7: same-named blocks must match across stages */
   const char *fs2 = "#version 300 es\nprecision mediump float;\n"
                     "layout(shared, row_major) uniform B { mat3 m; vec3 w[2]; };\n"
                     "out vec4 o;\nvoid main() { o = vec4(m[1], w[0].x); }\n";
   info = link_program(SPV_API_GLES, vs, fs2, NULL, &log, NULL, NULL);
   CHECK(info == NULL);
   CHECK(log && strstr(log, "B")); /* glslang's link or ours names the block */
   spv_program_info_free(info);
   free(log);

   /* ... and in layout qualifiers: shared in one stage, packed in the other (both are std140
    * in the SPIR-V; the source's words differ) */
   const char *vs3 = "#version 300 es\nlayout(shared) uniform K { vec4 a; };\nvoid main() { gl_Position = a; }\n";
   const char *fs3 = "#version 300 es\nprecision mediump float;\nlayout(packed) uniform K { vec4 a; };\n"
                     "out vec4 o;\nvoid main() { o = a; }\n";
   info = link_program(SPV_API_GLES, vs3, fs3, NULL, &log, NULL, NULL);
   CHECK(info == NULL);
   CHECK(log && strstr(log, "uniform block 'K' differs"));
   spv_program_info_free(info);
   free(log);
   /* a default statement "layout(std140) uniform;" makes a later block std140 */
   const char *vs4 = "#version 300 es\nlayout(std140) uniform;\nuniform K { vec4 a; };\n"
                     "void main() { gl_Position = a; }\n";
   const char *fs4 = "#version 300 es\nprecision mediump float;\nlayout(std140) uniform;\nuniform K { vec4 a; };\n"
                     "out vec4 o;\nvoid main() { o = a; }\n";
   info = link_program(SPV_API_GLES, vs4, fs4, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   spv_program_info_free(info);
   free(log);
   const char *fs5 = "#version 300 es\nprecision mediump float;\nlayout(shared) uniform K { vec4 a; };\n"
                     "out vec4 o;\nvoid main() { o = a; }\n";
   info = link_program(SPV_API_GLES, vs4, fs5, NULL, &log, NULL, NULL);
   CHECK(info == NULL);
   spv_program_info_free(info);
   free(log);
}

/* Samplers inside uniform structures (GLSL ES 3.00 section 4.1.7 allows them; Vulkan's GLSL
 * does not): the lift takes each out into an array of its own, and the reflection reports
 * GL's names, one per structure element, with consecutive sampler slots. */
static void
test_struct_samplers(void)
{
   const char *vs = "#version 300 es\n"
                    "struct In { sampler2D t[2]; float k; };\n"
                    "struct Out { In in2[3]; mediump samplerCube c; };\n"
                    "struct Only { sampler2D a; };\n"
                    "uniform Out o[2];\nuniform Only only;\nin vec4 p;\nout vec4 v;\n"
                    "void main() { gl_Position = p; v = texture(o[1].in2[2].t[1], vec2(o[0].in2[2].k)) +\n"
                    "  texture(o[1].c, vec3(0.0)) + texture(only.a, p.xy); }\n";
   const char *fs = "#version 300 es\nprecision mediump float;\nin vec4 v;\nout vec4 o;\n"
                    "void main() { o = v; }\n";
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GLES, vs, fs, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "struct samplers: %s\n", log);
      free(log);
      return;
   }
   free(log);
   dump(info);
   check_modules_valid(info);
   check_uniform_locations(info);
   const struct spv_uniform *t12 = find_uniform(info, "o[1].in2[2].t[0]");
   const struct spv_uniform *t00 = find_uniform(info, "o[0].in2[0].t[0]");
   const struct spv_uniform *c1 = find_uniform(info, "o[1].c");
   const struct spv_uniform *a = find_uniform(info, "only.a");
   CHECK(t12 && t00 && c1 && a && find_uniform(info, "o[0].in2[2].k"));
   if (t12 && t00 && c1 && a) {
      CHECK_EQ(t12->array_size, 2);
      CHECK_EQ(t12->gl_type, GL_SAMPLER_2D);
      CHECK_EQ(t12->sampler_slot - t00->sampler_slot, (1 * 3 + 2) * 2); /* outermost index first */
      CHECK_EQ(c1->gl_type, GL_SAMPLER_CUBE);
      CHECK_EQ(c1->array_size, 1);
   }
   CHECK_EQ(info->sampler_slot_count, 12 + 2 + 1);
   spv_program_info_free(info);
}

/* gl_DepthRange and gl_MaxVaryingVectors are not in the Vulkan dialect: the lift gives the
 * first as a default-block uniform named as GL's built-in, the second as pass 1's value. */
static void
test_depth_range(void)
{
   const char *vs = "attribute vec4 p;\nvarying float v;\n"
                    "void main() { gl_Position = p; v = gl_DepthRange.diff + float(gl_MaxVaryingVectors); }\n";
   const char *fs = "precision mediump float;\nvarying float v;\n"
                    "void main() { gl_FragColor = vec4(v, gl_DepthRange.near, gl_DepthRange.far, 1.0); }\n";
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GLES, vs, fs, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info) {
      fprintf(stderr, "depth range: %s\n", log);
      free(log);
      return;
   }
   free(log);
   check_modules_valid(info);
   const struct spv_uniform *n = find_uniform(info, "gl_DepthRange.near");
   const struct spv_uniform *d = find_uniform(info, "gl_DepthRange.diff");
   CHECK(n && d && n->gl_type == GL_FLOAT && d->offset == n->offset + 8 && n->block_index == -1);
   CHECK_EQ(info->default_block_stage_mask, 3);
   spv_program_info_free(info);
}

/* Attribute aliasing: GLSL ES 1.00 and desktop GLSL may bind several attributes to one
 * location (each becomes a global read from one merged input per location); GLSL ES 3.00 may
 * not; aliased attributes of different base types are refused. */
static void
test_aliasing(void)
{
   static const char vs100[] =
      "uniform bool u_cond;\n"
      "attribute vec2 a_0;\n"
      "attribute vec4 a_1;\n"
      "attribute mat2 a_m;\n"
      "attribute vec4 a_pos;\n"
      "varying vec4 v;\n"
      "void main() { v = u_cond ? vec4(a_0, a_m[1]) : a_1; gl_Position = a_pos; }\n";
   static const char fs100[] =
      "precision mediump float; varying vec4 v; void main() { gl_FragColor = v; }\n";
   struct spv_binding binds[] = {{"a_0", 1}, {"a_1", 1}, {"a_m", 0}};
   struct spv_link_options opts = {binds, 3, NULL, 0};
   char *log = NULL;
   struct spv_program_info *info = link_program(SPV_API_GLES, vs100, fs100, &opts, &log, NULL, NULL);
   CHECK(info != NULL);
   if (verbose || !info)
      fprintf(stderr, "link log: %s\n", log ? log : "");
   free(log);
   if (info) {
      dump(info);
      check_modules_valid(info);
      const struct spv_attrib *a;
      CHECK_EQ(info->attrib_count, 4);
      CHECK((a = find_attrib(info, "a_0")) && a->location == 1 && a->gl_type == GL_FLOAT_VEC2);
      CHECK((a = find_attrib(info, "a_1")) && a->location == 1 && a->gl_type == GL_FLOAT_VEC4);
      CHECK((a = find_attrib(info, "a_m")) && a->location == 0 && a->slots == 2 && a->gl_type == GL_FLOAT_MAT2);
      CHECK((a = find_attrib(info, "a_pos")) && a->location == 2);
      /* one input per location in the module */
      CHECK_EQ(spirv_decoration(info->spirv[0], info->spirv_words[0], "sgl__a1", SPV_DEC_LOC), 1);
      CHECK_EQ(spirv_decoration(info->spirv[0], info->spirv_words[0], "sgl__a2", SPV_DEC_LOC), 2);
      spv_program_info_free(info);
   }

   /* GLSL ES 3.00: a link error */
   static const char vs300[] =
      "#version 300 es\n"
      "in vec2 a_0; in vec4 a_1; out vec4 v;\n"
      "void main() { v = vec4(a_0, 0.0, 1.0) + a_1; gl_Position = a_1; }\n";
   static const char fs300[] =
      "#version 300 es\nprecision mediump float; in vec4 v; out vec4 o; void main() { o = v; }\n";
   struct spv_binding b300[] = {{"a_0", 3}, {"a_1", 3}};
   struct spv_link_options o300 = {b300, 2, NULL, 0};
   info = link_program(SPV_API_GLES, vs300, fs300, &o300, &log, NULL, NULL);
   CHECK(info == NULL && log && strstr(log, "aliases another attribute"));
   spv_program_info_free(info);
   free(log);
   /* ... inactive ones too: "The existence of aliasing is determined by declarations present
    * after preprocessing" (GLSL ES 3.10; piglit gles-3.0-attribute-aliasing) */
   static const char vs300_unused[] = "#version 300 es\nin highp float a; in highp float b;\n"
                                      "void main() { gl_Position = vec4(0.0); }\n";
   static const char fs300_const[] =
      "#version 300 es\nprecision mediump float; out vec4 o; void main() { o = vec4(0.0); }\n";
   struct spv_binding b_same[] = {{"a", 0}, {"b", 0}}, b_apart[] = {{"a", 0}, {"b", 1}};
   struct spv_link_options o_same = {b_same, 2, NULL, 0}, o_apart = {b_apart, 2, NULL, 0};
   info = link_program(SPV_API_GLES, vs300_unused, fs300_const, &o_same, &log, NULL, NULL);
   CHECK(info == NULL && log && strstr(log, "aliases another attribute"));
   spv_program_info_free(info);
   free(log);
   info = link_program(SPV_API_GLES, vs300_unused, fs300_const, &o_apart, &log, NULL, NULL);
   CHECK(info != NULL);
   spv_program_info_free(info);
   free(log);

   /* desktop: explicit overlapping locations link; float and int at one location do not */
   static const char vs330[] =
      "#version 330 core\n"
      "layout(location = 0) in vec4 p0;\n"
      "layout(location = 0) in vec3 p1;\n"
      "uniform int x;\n"
      "void main() { gl_Position = x == 0 ? p0 : vec4(p1, 1.0); }\n";
   static const char fs330[] = "#version 330 core\nout vec4 o; void main() { o = vec4(1.0); }\n";
   info = link_program(SPV_API_GL, vs330, fs330, NULL, &log, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      fprintf(stderr, "link log: %s\n", log ? log : "");
   if (info) {
      const struct spv_attrib *a;
      CHECK((a = find_attrib(info, "p0")) && a->location == 0);
      CHECK((a = find_attrib(info, "p1")) && a->location == 0 && a->gl_type == GL_FLOAT_VEC3);
      check_modules_valid(info);
      spv_program_info_free(info);
   }
   free(log);
   static const char vs_mixed[] =
      "#version 330 core\n"
      "layout(location = 2) in vec4 p0;\n"
      "layout(location = 2) in ivec2 p1;\n"
      "void main() { gl_Position = p0 + vec4(p1, 0, 0); }\n";
   info = link_program(SPV_API_GL, vs_mixed, fs330, NULL, &log, NULL, NULL);
   CHECK(info == NULL && log && strstr(log, "another base type"));
   if (info || !log || !strstr(log, "another base type"))
      fprintf(stderr, "link log: %s\n", log ? log : "");
   spv_program_info_free(info);
   free(log);
}

/* GLSL ES: a uniform in both stages must have one precision, declared or by default. */
static void
test_uniform_precision(void)
{
   static const struct {
      const char *vs, *fs;
      bool ok;
   } cases[] = {
      /* int: highp in the vertex stage, mediump in the fragment stage by default */
      {"#version 300 es\nuniform int u; void main() { gl_Position = vec4(u); }\n",
       "#version 300 es\nprecision mediump float; uniform int u; out vec4 o; void main() { o = vec4(u); }\n", false},
      {"#version 300 es\nuniform int u; void main() { gl_Position = vec4(u); }\n",
       "#version 300 es\nprecision mediump float; uniform highp int u; out vec4 o; void main() { o = vec4(u); }\n", true},
      /* float: highp vs the fragment default statement */
      {"uniform vec4 c; void main() { gl_Position = c; }\n",
       "precision mediump float; uniform vec4 c; void main() { gl_FragColor = c; }\n", false},
      {"uniform vec4 c; void main() { gl_Position = c; }\n",
       "precision highp float; uniform vec4 c; void main() { gl_FragColor = c; }\n", true},
      {"uniform mediump vec4 c; void main() { gl_Position = c; }\n",
       "precision highp float; uniform mediump vec4 c; void main() { gl_FragColor = c; }\n", true},
      /* a default statement changes only what follows it */
      {"uniform vec4 c; precision mediump float; void main() { gl_Position = c; }\n",
       "precision highp float; uniform vec4 c; void main() { gl_FragColor = c; }\n", true},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char *log = NULL;
      struct spv_program_info *info = link_program(SPV_API_GLES, cases[i].vs, cases[i].fs, NULL, &log, NULL, NULL);
      CHECK((info != NULL) == cases[i].ok);
      if ((info != NULL) != cases[i].ok)
         fprintf(stderr, "precision case %zu: %s\n", i, log ? log : "");
      if (!cases[i].ok)
         CHECK(log && strstr(log, "mismatching precision"));
      spv_program_info_free(info);
      free(log);
   }
}

/* GLSL ES 1.00 section 4.6.4: gl_FragCoord / gl_PointCoord invariant only with gl_Position /
 * gl_PointSize invariant (or "#pragma STDGL invariant(all)"); never gl_FrontFacing. */
static void
test_es100_invariance(void)
{
#define FS_FC "invariant gl_FragCoord;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.x); }\n"
#define FS_PC "invariant gl_PointCoord;\nvoid main() { gl_FragColor = vec4(gl_PointCoord.x); }\n"
   static const struct {
      const char *vs, *fs;
      bool ok;
   } cases[] = {
      {"void main() { gl_Position = vec4(0.0); }\n", FS_FC, false},
      {"invariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n", FS_FC, true},
      {"#pragma STDGL invariant(all)\nvoid main() { gl_Position = vec4(0.0); }\n", FS_FC, true},
      {"void main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }\n", FS_PC, false},
      {"invariant gl_Position, gl_PointSize;\nvoid main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }\n", FS_PC, true},
      {"invariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n",
       "invariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(0.0); }\n", false},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char *log = NULL;
      struct spv_program_info *info = link_program(SPV_API_GLES, cases[i].vs, cases[i].fs, NULL, &log, NULL, NULL);
      CHECK((info != NULL) == cases[i].ok);
      if ((info != NULL) != cases[i].ok)
         fprintf(stderr, "invariance case %zu: %s\n", i, log ? log : "");
      if (!cases[i].ok)
         CHECK(log && strstr(log, "invariant"));
      spv_program_info_free(info);
      free(log);
   }
}

/* Desktop GL links every shader attached for a stage into its executable (OpenGL 3.3
 * section 2.11.3): a function defined in one unit and called from another, a geometry
 * shader's layout in a unit of its own, a uniform declared in two units. Two units that
 * both define main, or none that does, fail the link. */
static struct spv_program_info *
link_units(const char *const *src, const enum spv_stage *stage, uint32_t n, char **log)
{
   struct spv_shader *sh[8];
   for (uint32_t i = 0; i < n; i++) {
      sh[i] = spv_compile(stage[i], SPV_API_GL, src[i]);
      CHECK(spv_shader_ok(sh[i]));
   }
   void *blob = NULL;
   size_t size = 0;
   bool ok = spv_link(sh, n, NULL, &blob, &size, log);
   for (uint32_t i = 0; i < n; i++)
      spv_shader_free(sh[i]);
   struct spv_program_info *info = NULL;
   if (ok) {
      char err[256];
      info = spv_blob_parse(blob, size, err, sizeof(err));
   }
   free(blob);
   return info;
}

/* GLSL 1.50 section 4.3.8.1: every fragment shader that uses gl_FragCoord redeclares it when one
 * does, all with the same qualifiers (piglit fragcoord-layout-qualifiers-*); below 1.50 through
 * ARB_fragment_coord_conventions too. */
static void
test_frag_coord_units(void)
{
   const enum spv_stage V = SPV_STAGE_VERTEX, F = SPV_STAGE_FRAGMENT;
   static const char vs[] = "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   static const char fs_main_pci[] = "#version 150\nlayout(pixel_center_integer) in vec4 gl_FragCoord;\n"
                                     "out vec4 o;\nfloat f();\nvoid main() { o = vec4(gl_FragCoord.x, f(), 0.0, 1.0); }\n";
   static const char fs_f_pci[] = "#version 150\nlayout(pixel_center_integer) in vec4 gl_FragCoord;\n"
                                  "float f() { return gl_FragCoord.y; }\n";
   static const char fs_f_ul[] = "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\n"
                                 "float f() { return gl_FragCoord.y; }\n";
   static const char fs_f_plain[] = "#version 150\nin vec4 gl_FragCoord;\nfloat f() { return gl_FragCoord.y; }\n";
   static const char fs_f_use[] = "#version 150\nfloat f() { return gl_FragCoord.y; }\n";
   static const char fs_f_none[] = "#version 150\nfloat f() { return 0.5; }\n";
   static const char fs130_main[] = "#version 130\n#extension GL_ARB_fragment_coord_conventions : require\n"
                                    "layout(pixel_center_integer) in vec4 gl_FragCoord;\nout vec4 o;\nfloat f();\n"
                                    "void main() { o = vec4(gl_FragCoord.x, f(), 0.0, 1.0); }\n";
   static const char fs130_f_use[] = "#version 130\nfloat f() { return gl_FragCoord.y; }\n";
   static const struct {
      const char *main_unit, *other;
      bool ok;
   } cases[] = {
      {fs_main_pci, fs_f_pci, true},    {fs_main_pci, fs_f_none, true},   {fs_main_pci, fs_f_ul, false},
      {fs_main_pci, fs_f_plain, false}, {fs_main_pci, fs_f_use, false},   {fs130_main, fs130_f_use, false},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const char *src[] = {vs, cases[i].main_unit, cases[i].other};
      const enum spv_stage st[] = {V, F, F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, 3, &log);
      CHECK((info != NULL) == cases[i].ok);
      if ((info != NULL) != cases[i].ok)
         fprintf(stderr, "frag coord case %zu: log %s\n", i, log ? log : "");
      CHECK(cases[i].ok || (log && strstr(log, "gl_FragCoord")));
      spv_program_info_free(info);
      free(log);
   }
}

static void
test_stage_units(void)
{
   const enum spv_stage V = SPV_STAGE_VERTEX, G = SPV_STAGE_GEOMETRY, F = SPV_STAGE_FRAGMENT;
   static const char vs_main[] = "#version 150\nvec4 pos();\nout int id;\nvoid main() { gl_Position = pos(); id = gl_VertexID; }\n";
   static const char vs_fn[] = "#version 140\nin vec4 p; uniform vec4 u_off;\nvec4 pos() { return p + u_off; }\n";
   static const char gs_layout[] = "#version 150\nlayout(points) in;\nlayout(triangle_strip, max_vertices = 3) out;\n";
   static const char gs_main[] =
      "#version 150\nvec2 corner(int k);\nin int id[];\nuniform vec4 u_off;\n"
      "void main() { for (int k = 0; k < 3; k++) { gl_Position = gl_in[0].gl_Position + u_off + vec4(corner(k + id[0]), 0.0, 0.0);\n"
      "  EmitVertex(); } EndPrimitive(); }\n";
   static const char gs_fn[] = "#version 330\nvec2 corner(int k) { return vec2(float(k & 1), float(k >> 1)); }\n";
   static const char fs_main[] = "#version 150\nvec4 color();\nout vec4 o;\nvoid main() { o = color(); }\n";
   static const char fs_fn[] = "#version 150\nuniform vec4 u_color;\nvec4 color() { return u_color; }\n";
   {
      const char *src[] = {vs_fn, vs_main, gs_layout, gs_main, gs_fn, fs_fn, fs_main};
      const enum spv_stage st[] = {V, V, G, G, G, F, F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, 7, &log);
      CHECK(info != NULL);
      if (!info) {
         fprintf(stderr, "link log: %s\n", log);
      } else {
         dump(info);
         check_modules_valid(info);
         CHECK(find_attrib(info, "p") != NULL);
         CHECK(find_uniform(info, "u_off") != NULL);
         CHECK(find_uniform(info, "u_color") != NULL);
         CHECK_EQ(info->gs_input, GL_POINTS);
         CHECK_EQ(info->gs_output, GL_TRIANGLE_STRIP);
         CHECK_EQ(info->gs_max_vertices, 3);
         spv_program_info_free(info);
      }
      free(log);
   }
   {  /* main twice */
      const char *src[] = {vs_main, vs_main, fs_main, fs_fn};
      const enum spv_stage st[] = {V, V, F, F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, 4, &log);
      CHECK(info == NULL && log && *log);
      spv_program_info_free(info);
      free(log);
   }
   {  /* a function declared and never defined: no unit gives it a body */
      const char *src[] = {vs_main, fs_main, fs_fn};
      const enum spv_stage st[] = {V, F, F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, 3, &log);
      CHECK(info == NULL && log && *log);
      spv_program_info_free(info);
      free(log);
   }
   {  /* a fragment shader alone links in desktop GL (its blocks are queried) ... */
      static const char fs_ubo[] = "#version 150\nlayout(std140) uniform B { vec4 a; mat3 m; } b;\nout vec4 o;\n"
                                   "void main() { o = b.a + vec4(b.m[1], 0.0); }\n";
      const char *src[] = {fs_ubo};
      const enum spv_stage st[] = {F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, 1, &log);
      CHECK(info != NULL);
      if (info) {
         CHECK_EQ(info->stage_mask, 1u << SPV_STAGE_FRAGMENT);
         CHECK(info->block_count == 1 && info->blocks[0].data_size == 64);
      }
      spv_program_info_free(info);
      free(log);
      /* ... a geometry shader without a vertex shader does not (OpenGL 3.3 section 2.11.3) */
      const char *src2[] = {gs_layout, gs_main, gs_fn, fs_ubo};
      const enum spv_stage st2[] = {G, G, G, F};
      info = link_units(src2, st2, 4, &log);
      CHECK(info == NULL && log && strstr(log, "no vertex shader"));
      spv_program_info_free(info);
      free(log);
   }
   {  /* no main in the stage */
      const char *src[] = {vs_fn, vs_main, fs_fn};
      const enum spv_stage st[] = {V, V, F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, 3, &log);
      CHECK(info == NULL && log && *log);
      spv_program_info_free(info);
      free(log);
   }
}

/* GLSL 1.50 section 4.6.1: an output read by the next stage is invariant on both sides of the
 * interface or on neither (piglit invariant-qualifier-everywhere-*-inconsistency) */
static void
test_interface_invariance(void)
{
   const enum spv_stage V = SPV_STAGE_VERTEX, G = SPV_STAGE_GEOMETRY, F = SPV_STAGE_FRAGMENT;
#define GS_HEAD "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
   static const char v_inv[] = "#version 150\nin vec4 p;\ninvariant out vec4 pos;\nvoid main() { gl_Position = p; pos = p; }\n";
   static const char v_plain[] = "#version 150\nin vec4 p;\nout vec4 pos;\nvoid main() { gl_Position = p; pos = p; }\n";
   static const char g_plain[] = GS_HEAD "in vec4 pos[];\nout vec4 c;\n"
                                 "void main() { for (int i = 0; i < 3; i++) { c = pos[i]; gl_Position = pos[i]; EmitVertex(); } }\n";
   static const char g_inv[] = GS_HEAD "invariant in vec4 pos[];\nout vec4 c;\n"
                               "void main() { for (int i = 0; i < 3; i++) { c = pos[i]; gl_Position = pos[i]; EmitVertex(); } }\n";
#undef GS_HEAD
   static const char f_c[] = "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";
   static const char f_c_inv[] = "#version 150\nin vec4 c;\ninvariant c;\nout vec4 o;\nvoid main() { o = c; }\n";
   static const char f_pos[] = "#version 150\nin vec4 pos;\ninvariant pos;\nout vec4 o;\nvoid main() { o = pos; }\n";
   static const char v_inv_420[] = "#version 420\nin vec4 p;\ninvariant out vec4 pos;\nvoid main() { gl_Position = p; pos = p; }\n";
   static const char f_pos_420[] = "#version 420\nin vec4 pos;\nout vec4 o;\nvoid main() { o = pos; }\n";
   struct {
      const char *v, *g, *f;
      bool ok;
   } cases[] = {
      {v_inv, g_plain, f_c, false}, {v_inv, g_inv, f_c, true},  {v_plain, g_plain, f_c, true},
      {v_plain, g_inv, f_c, false}, {v_plain, g_plain, f_c_inv, false},
      {v_inv, NULL, f_pos, true},   {v_plain, NULL, f_pos, false}, {v_inv_420, NULL, f_pos_420, true},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const char *src[3] = {cases[i].v, cases[i].g ? cases[i].g : cases[i].f, cases[i].f};
      const enum spv_stage st[3] = {V, cases[i].g ? G : F, F};
      char *log = NULL;
      struct spv_program_info *info = link_units(src, st, cases[i].g ? 3 : 2, &log);
      if ((info != NULL) != cases[i].ok)
         fprintf(stderr, "invariant case %zu: unexpected link result:\n%s\n", i, log ? log : "");
      CHECK_EQ(info != NULL, cases[i].ok);
      if (!cases[i].ok)
         CHECK(log && strstr(log, "invariant") != NULL);
      spv_program_info_free(info);
      free(log);
   }
}

/* GLSL 1.50 section 4.1.9: an unsized uniform array sized by its initializer; initializers of
 * uniform arrays fill every element (piglit gs-instance-id) */
static void
test_uniform_array_initializers(void)
{
   /* GLSL 1.50 section 4.1.9: an unsized uniform array takes its size from its initializer,
    * so a variable index compiles and the initial values fill three elements */
   struct spv_program_info *info = link_program(
      SPV_API_GL, "#version 150\nuniform vec4 ic[] = vec4[](vec4(1.0), vec4(2.0), vec4(3.0));\n"
                  "void main() { gl_Position = ic[gl_InstanceID]; }\n",
      "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n", NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   const struct spv_uniform *u = NULL;
   for (uint32_t i = 0; info && i < info->uniform_count; i++)
      if (!strcmp(info->uniforms[i].name, "ic[0]"))
         u = &info->uniforms[i];
   CHECK(u != NULL);
   if (u) {
      CHECK_EQ(u->array_size, 3u);
      CHECK(info->default_block_init != NULL);
      if (info->default_block_init) {
         float v;
         memcpy(&v, info->default_block_init + u->offset + 2 * u->array_stride, sizeof(v));
         CHECK(v == 3.0f);
      }
   }
   spv_program_info_free(info);
   info = link_program(SPV_API_GL, "#version 150\nuniform float fa[2] = float[2](0.5, 2.5);\nuniform int k;\n"
                                   "void main() { gl_Position = vec4(fa[k]); }\n",
                       "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n", NULL, NULL, NULL, NULL);
   u = NULL;
   for (uint32_t i = 0; info && i < info->uniform_count; i++)
      if (!strcmp(info->uniforms[i].name, "fa[0]"))
         u = &info->uniforms[i];
   CHECK(u && info->default_block_init);
   if (u && info->default_block_init) {
      float v0, v1;
      memcpy(&v0, info->default_block_init + u->offset, 4);
      memcpy(&v1, info->default_block_init + u->offset + u->array_stride, 4);
      CHECK(v0 == 0.5f && v1 == 2.5f);
   }
   spv_program_info_free(info);
}

int
main(int argc, char **argv)
{
   verbose = argc > 1;
   test_block_arrays();
   test_block_layouts();
   test_struct_samplers();
   test_depth_range();
   test_es300();
   test_es100();
   test_gl140();
   test_gl330();
   test_dual_source();
   test_point_size();
   test_uniform_locations();
   test_renames();
   test_layout_below_140();
   test_link_errors();
   test_aliasing();
   test_uniform_precision();
   test_es100_invariance();
   test_stage_units();
   test_interface_invariance();
   test_uniform_array_initializers();
   test_frag_coord_units();
   return check_done("spirv_link");
}
