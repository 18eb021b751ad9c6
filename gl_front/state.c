/* splitgl gl_front: fixed-function state setters (blend, depth, stencil, rasterizer,
 * viewport, scissor, clear values). Each setter validates, compares and marks its atom. */
#include "glf_context.h"

void
glf_state_init(struct glf_context *ctx)
{
   struct glf_state *st = &ctx->st;
   st->dither = true;
   st->blend_src_rgb = st->blend_src_a = GL_ONE;
   st->blend_dst_rgb = st->blend_dst_a = GL_ZERO;
   st->blend_eq_rgb = st->blend_eq_a = GL_FUNC_ADD;
   memset(st->color_mask, GL_TRUE, sizeof(st->color_mask));
   st->multisample = true;
   st->polygon_mode = GL_FILL;
   st->provoking_vertex = GL_LAST_VERTEX_CONVENTION;
   st->logic_op = GL_COPY;
   st->clamp_read_color = GL_FIXED_ONLY;
   st->sample_mask_value = ~0u;
   st->depth_func = GL_LESS;
   st->depth_mask = GL_TRUE;
   st->depth_far = 1.0f;
   for (int f = 0; f < 2; f++) {
      st->stencil[f] = (struct glf_stencil_state){GL_ALWAYS, GL_KEEP, GL_KEEP, GL_KEEP, 0, ~0u, ~0u};
   }
   st->cull_mode = GL_BACK;
   st->front_face = GL_CCW;
   st->line_width = 1.0f;
   st->point_size = 1.0f;
   st->point_sprite_origin = GL_UPPER_LEFT;
   st->point_fade_threshold = 1.0f;
   st->clear_depth = 1.0f;
   st->hint_mipmap = st->hint_derivative = GL_DONT_CARE;
   st->hint_gl[0] = st->hint_gl[1] = st->hint_gl[2] = GL_DONT_CARE;
   st->sample_coverage_value = 1.0f;
   ctx->unpack.alignment = ctx->pack.alignment = 4;
   for (unsigned i = 0; i < GLF_MAX_VERTEX_ATTRIBS; i++) {
      const float one = 1.0f;
      memcpy(&ctx->current_attrib[i][3], &one, 4); /* (0, 0, 0, 1) */
      ctx->current_attrib_type[i] = GL_FLOAT;
   }
}

#define SET(field, value, bits)                                                             \
   do {                                                                                     \
      if ((field) != (value)) {                                                             \
         (field) = (value);                                                                 \
         glf_dirty(ctx, bits);                                                              \
      }                                                                                     \
   } while (0)

/* ---- blend ---------------------------------------------------------------------------------- */
static bool
valid_blend_factor(const struct glf_context *ctx, GLenum f)
{
   switch (f) {
   case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR: case GL_DST_COLOR:
   case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA: case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA:
   case GL_ONE_MINUS_DST_ALPHA: case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR:
   case GL_CONSTANT_ALPHA: case GL_ONE_MINUS_CONSTANT_ALPHA: case GL_SRC_ALPHA_SATURATE:
      return true;
   /* OpenGL 3.3 core, section 4.1.8, table 4.2: the second source colour's factors (dual-source
    * blending), accepted whatever MAX_DUAL_SOURCE_DRAW_BUFFERS is (the draw checks it: draw.c).
    * Not in ES 3.0 (EXT_blend_func_extended is not offered). */
   case GL_SRC1_COLOR: case GL_ONE_MINUS_SRC1_COLOR: case GL_SRC1_ALPHA: case GL_ONE_MINUS_SRC1_ALPHA:
      return GLF_CORE(ctx);
   default:
      return false;
   }
}

/* A blend function reads the second source colour (GL_SRC1_*). */
static bool
is_src1_factor(GLenum f)
{
   return f == GL_SRC1_COLOR || f == GL_ONE_MINUS_SRC1_COLOR || f == GL_SRC1_ALPHA || f == GL_ONE_MINUS_SRC1_ALPHA;
}

bool
glf_blend_uses_src1(const struct glf_context *ctx)
{
   const struct glf_state *st = &ctx->st;
   return is_src1_factor(st->blend_src_rgb) || is_src1_factor(st->blend_dst_rgb) ||
          is_src1_factor(st->blend_src_a) || is_src1_factor(st->blend_dst_a);
}

void GLAPIENTRY
glf_BlendFuncSeparate(GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha, GLenum dfactorAlpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!valid_blend_factor(ctx, sfactorRGB) || !valid_blend_factor(ctx, dfactorRGB) ||
       !valid_blend_factor(ctx, sfactorAlpha) || !valid_blend_factor(ctx, dfactorAlpha)) {
      glf_error(ctx, GL_INVALID_ENUM, "glBlendFuncSeparate(factor)");
      return;
   }
   SET(ctx->st.blend_src_rgb, sfactorRGB, GLF_DIRTY_BLEND);
   SET(ctx->st.blend_dst_rgb, dfactorRGB, GLF_DIRTY_BLEND);
   SET(ctx->st.blend_src_a, sfactorAlpha, GLF_DIRTY_BLEND);
   SET(ctx->st.blend_dst_a, dfactorAlpha, GLF_DIRTY_BLEND);
}

void GLAPIENTRY
glf_BlendFunc(GLenum sfactor, GLenum dfactor)
{
   glf_BlendFuncSeparate(sfactor, dfactor, sfactor, dfactor);
}

static bool
valid_blend_equation(struct glf_context *ctx, GLenum e)
{
   switch (e) {
   case GL_FUNC_ADD: case GL_FUNC_SUBTRACT: case GL_FUNC_REVERSE_SUBTRACT:
      return true;
   case GL_MIN: case GL_MAX:
      /* MIN and MAX are core in ES 3.0 and GL 1.4+, an extension in ES 2.0. */
      return !(GLF_ES(ctx) && ctx->major < 3);
   default:
      return false;
   }
}

void GLAPIENTRY
glf_BlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!valid_blend_equation(ctx, modeRGB) || !valid_blend_equation(ctx, modeAlpha)) {
      glf_error(ctx, GL_INVALID_ENUM, "glBlendEquationSeparate(mode)");
      return;
   }
   SET(ctx->st.blend_eq_rgb, modeRGB, GLF_DIRTY_BLEND);
   SET(ctx->st.blend_eq_a, modeAlpha, GLF_DIRTY_BLEND);
}

void GLAPIENTRY
glf_BlendEquation(GLenum mode)
{
   glf_BlendEquationSeparate(mode, mode);
}

static float
clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

void GLAPIENTRY
glf_BlendColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   float c[4] = {clampf(red, 0, 1), clampf(green, 0, 1), clampf(blue, 0, 1), clampf(alpha, 0, 1)};
   if (memcmp(c, ctx->st.blend_color, sizeof(c))) {
      memcpy(ctx->st.blend_color, c, sizeof(c));
      glf_dirty(ctx, GLF_DIRTY_CONTEXT_VALUES);
   }
}

void GLAPIENTRY
glf_ColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   GLboolean m[4] = {!!red, !!green, !!blue, !!alpha};
   for (unsigned i = 0; i < GLF_MAX_DRAW_BUFFERS; i++) {
      if (memcmp(m, ctx->st.color_mask[i], sizeof(m))) {
         memcpy(ctx->st.color_mask[i], m, sizeof(m));
         glf_dirty(ctx, GLF_DIRTY_BLEND);
      }
   }
}

/* OpenGL 3.0's indexed colour mask (section 4.2.2 of OpenGL 3.3 core): "An INVALID_VALUE
 * error is generated if index is greater than or equal to MAX_DRAW_BUFFERS". Not in ES 3.0. */
void GLAPIENTRY
glf_ColorMaski(GLuint index, GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glColorMaski (not in OpenGL ES 3.0)");
      return;
   }
   if (index >= (GLuint)ctx->limits.max_draw_buffers || index >= GLF_MAX_DRAW_BUFFERS) {
      glf_error(ctx, GL_INVALID_VALUE, "glColorMaski(index=%u)", index);
      return;
   }
   GLboolean m[4] = {!!red, !!green, !!blue, !!alpha};
   if (memcmp(m, ctx->st.color_mask[index], sizeof(m))) {
      memcpy(ctx->st.color_mask[index], m, sizeof(m));
      glf_dirty(ctx, GLF_DIRTY_BLEND);
   }
}

/* ---- OpenGL core rasterization state -------------------------------------------------------- */
/* Whether the server's device has a WIRE_FEATURE_* bit; a GL core feature it lacks is refused
 * with the error below and a log line, never accepted and ignored. */
static bool
device_has(struct glf_context *ctx, uint32_t feature, const char *what)
{
   if (ctx->limits.features & feature)
      return true;
   sgl_log_once(SGL_LOG_WARN, "%s: the server's device cannot do it (refused with GL_INVALID_ENUM)", what);
   return false;
}

void GLAPIENTRY
glf_PolygonMode(GLenum face, GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glPolygonMode (not in OpenGL ES 3.0)");
      return;
   }
   /* From the OpenGL 3.3 core spec, section 3.6.4 and E.2.2: face must be FRONT_AND_BACK
    * (separate front and back modes are deprecated and removed), mode POINT, LINE or FILL. */
   if (face != GL_FRONT_AND_BACK || (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL)) {
      glf_error(ctx, GL_INVALID_ENUM, "glPolygonMode(face=0x%x, mode=0x%x)", face, mode);
      return;
   }
   if (mode != GL_FILL && !device_has(ctx, WIRE_FEATURE_POLYGON_MODE, "glPolygonMode(GL_LINE / GL_POINT)")) {
      glf_error(ctx, GL_INVALID_ENUM, "glPolygonMode(mode=0x%x): not supported by the device", mode);
      return;
   }
   SET(ctx->st.polygon_mode, mode, GLF_DIRTY_RAST);
}

void GLAPIENTRY
glf_ProvokingVertex(GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glProvokingVertex (not in OpenGL ES 3.0)");
      return;
   }
   /* OpenGL 3.3 core section 2.18: "mode must be FIRST_VERTEX_CONVENTION or
    * LAST_VERTEX_CONVENTION". */
   if (mode != GL_FIRST_VERTEX_CONVENTION && mode != GL_LAST_VERTEX_CONVENTION) {
      glf_error(ctx, GL_INVALID_ENUM, "glProvokingVertex(mode=0x%x)", mode);
      return;
   }
   if (mode != ctx->st.provoking_vertex && !device_has(ctx, WIRE_FEATURE_PROVOKING_VERTEX, "glProvokingVertex")) {
      glf_error(ctx, GL_INVALID_ENUM, "glProvokingVertex(mode=0x%x): not supported by the device", mode);
      return;
   }
   SET(ctx->st.provoking_vertex, mode, GLF_DIRTY_RAST);
}

void GLAPIENTRY
glf_LogicOp(GLenum opcode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glLogicOp (not in OpenGL ES 3.0)");
      return;
   }
   /* the sixteen operations of OpenGL 3.3 core table 4.3, CLEAR (0x1500) to SET (0x150F) */
   if (opcode < GL_CLEAR || opcode > GL_SET) {
      glf_error(ctx, GL_INVALID_ENUM, "glLogicOp(opcode=0x%x)", opcode);
      return;
   }
   SET(ctx->st.logic_op, opcode, GLF_DIRTY_BLEND);
}

/* OpenGL 3.3 core section 4.3.2: CLAMP_READ_COLOR decides whether ReadPixels clamps colours
 * to [0, 1]: always (TRUE), never (FALSE), or for fixed-point buffers only (FIXED_ONLY, the
 * initial value). "INVALID_ENUM if target is not CLAMP_READ_COLOR or clamp is not one of
 * them" (the core profile has no other target). */
void GLAPIENTRY
glf_ClampColor(GLenum target, GLenum clamp)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glClampColor (not in OpenGL ES 3.0)");
      return;
   }
   if (target != GL_CLAMP_READ_COLOR || (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY)) {
      glf_error(ctx, GL_INVALID_ENUM, "glClampColor(target=0x%x, clamp=0x%x)", target, clamp);
      return;
   }
   ctx->st.clamp_read_color = clamp;
}

void GLAPIENTRY
glf_SampleMaski(GLuint maskNumber, GLbitfield mask)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glSampleMaski (not in OpenGL ES 3.0)");
      return;
   }
   /* OpenGL 3.3 core section 4.1.3: "An INVALID_VALUE error is generated if the mask word
    * indexed is greater than or equal to the value of MAX_SAMPLE_MASK_WORDS" (1 here). */
   if (maskNumber >= 1) {
      glf_error(ctx, GL_INVALID_VALUE, "glSampleMaski(maskNumber=%u)", maskNumber);
      return;
   }
   if (ctx->st.sample_mask_value != mask) {
      ctx->st.sample_mask_value = mask;
      glf_dirty(ctx, GLF_DIRTY_SAMPLE_STATE);
   }
}

/* ---- depth / stencil ------------------------------------------------------------------------ */
static bool
valid_func(GLenum f)
{
   return f >= GL_NEVER && f <= GL_ALWAYS;
}

void GLAPIENTRY
glf_DepthFunc(GLenum func)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!valid_func(func)) {
      glf_error(ctx, GL_INVALID_ENUM, "glDepthFunc(func)");
      return;
   }
   SET(ctx->st.depth_func, func, GLF_DIRTY_DSA);
}

void GLAPIENTRY
glf_DepthMask(GLboolean flag)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   SET(ctx->st.depth_mask, (GLboolean) !!flag, GLF_DIRTY_DSA);
}

void GLAPIENTRY
glf_DepthRangef(GLfloat n, GLfloat f)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.12.1: "each of n and f are clamped to lie
    * within [0, 1]". */
   /* CONSTBUF too: gl_DepthRange is a default-block uniform (emit.c) */
   SET(ctx->st.depth_near, clampf(n, 0, 1), GLF_DIRTY_VIEWPORT | GLF_DIRTY_CONSTBUF);
   SET(ctx->st.depth_far, clampf(f, 0, 1), GLF_DIRTY_VIEWPORT | GLF_DIRTY_CONSTBUF);
}

void GLAPIENTRY
glf_DepthRange(GLdouble n, GLdouble f)
{
   glf_DepthRangef((GLfloat)n, (GLfloat)f);
}

static bool
stencil_faces(struct glf_context *ctx, GLenum face, const char *caller, int *first, int *last)
{
   switch (face) {
   case GL_FRONT: *first = 0; *last = 0; return true;
   case GL_BACK: *first = 1; *last = 1; return true;
   case GL_FRONT_AND_BACK: *first = 0; *last = 1; return true;
   default:
      glf_error(ctx, GL_INVALID_ENUM, "%s(face)", caller);
      return false;
   }
}

void GLAPIENTRY
glf_StencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   GET_CURRENT_CONTEXT(ctx);
   int first, last;
   if (!ctx || !stencil_faces(ctx, face, "glStencilFuncSeparate", &first, &last))
      return;
   if (!valid_func(func)) {
      glf_error(ctx, GL_INVALID_ENUM, "glStencilFuncSeparate(func)");
      return;
   }
   for (int f = first; f <= last; f++) {
      SET(ctx->st.stencil[f].func, func, GLF_DIRTY_DSA);
      SET(ctx->st.stencil[f].value_mask, mask, GLF_DIRTY_DSA);
      SET(ctx->st.stencil[f].ref, ref, GLF_DIRTY_CONTEXT_VALUES);
   }
}

void GLAPIENTRY
glf_StencilFunc(GLenum func, GLint ref, GLuint mask)
{
   glf_StencilFuncSeparate(GL_FRONT_AND_BACK, func, ref, mask);
}

static bool
valid_stencil_op(GLenum op)
{
   switch (op) {
   case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR: case GL_INVERT:
   case GL_INCR_WRAP: case GL_DECR_WRAP:
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
glf_StencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
   GET_CURRENT_CONTEXT(ctx);
   int first, last;
   if (!ctx || !stencil_faces(ctx, face, "glStencilOpSeparate", &first, &last))
      return;
   if (!valid_stencil_op(sfail) || !valid_stencil_op(dpfail) || !valid_stencil_op(dppass)) {
      glf_error(ctx, GL_INVALID_ENUM, "glStencilOpSeparate(op)");
      return;
   }
   for (int f = first; f <= last; f++) {
      SET(ctx->st.stencil[f].fail, sfail, GLF_DIRTY_DSA);
      SET(ctx->st.stencil[f].zfail, dpfail, GLF_DIRTY_DSA);
      SET(ctx->st.stencil[f].zpass, dppass, GLF_DIRTY_DSA);
   }
}

void GLAPIENTRY
glf_StencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
   glf_StencilOpSeparate(GL_FRONT_AND_BACK, fail, zfail, zpass);
}

void GLAPIENTRY
glf_StencilMaskSeparate(GLenum face, GLuint mask)
{
   GET_CURRENT_CONTEXT(ctx);
   int first, last;
   if (!ctx || !stencil_faces(ctx, face, "glStencilMaskSeparate", &first, &last))
      return;
   for (int f = first; f <= last; f++)
      SET(ctx->st.stencil[f].write_mask, mask, GLF_DIRTY_DSA);
}

void GLAPIENTRY
glf_StencilMask(GLuint mask)
{
   glf_StencilMaskSeparate(GL_FRONT_AND_BACK, mask);
}

/* ---- rasterizer ---------------------------------------------------------------------------- */
void GLAPIENTRY
glf_CullFace(GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      glf_error(ctx, GL_INVALID_ENUM, "glCullFace(mode)");
      return;
   }
   SET(ctx->st.cull_mode, mode, GLF_DIRTY_RAST);
}

void GLAPIENTRY
glf_FrontFace(GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (mode != GL_CW && mode != GL_CCW) {
      glf_error(ctx, GL_INVALID_ENUM, "glFrontFace(mode)");
      return;
   }
   SET(ctx->st.front_face, mode, GLF_DIRTY_RAST);
}

void GLAPIENTRY
glf_PolygonOffset(GLfloat factor, GLfloat units)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   SET(ctx->st.offset_factor, factor, GLF_DIRTY_RAST);
   SET(ctx->st.offset_units, units, GLF_DIRTY_RAST);
}

void GLAPIENTRY
glf_LineWidth(GLfloat width)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* From the OpenGL ES 3.0 spec, section 3.5: "If width is less than or equal to zero,
    * the error INVALID_VALUE is generated." */
   if (!(width > 0.0f)) {
      glf_error(ctx, GL_INVALID_VALUE, "glLineWidth(width=%f)", width);
      return;
   }
   SET(ctx->st.line_width, width, GLF_DIRTY_RAST);
}

void GLAPIENTRY
glf_PointSize(GLfloat size)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!(size > 0.0f)) {
      glf_error(ctx, GL_INVALID_VALUE, "glPointSize(size=%f)", size);
      return;
   }
   SET(ctx->st.point_size, size, GLF_DIRTY_RAST);
}

/* ---- glPointParameter (GL core) ------------------------------------------------------------ */
/* From the OpenGL 3.3 core spec, section 3.4: "If pname is POINT_FADE_THRESHOLD_SIZE, then
 * param specifies ... the threshold ... If the value ... is negative an INVALID_VALUE error is
 * generated." "If pname is POINT_SPRITE_COORD_ORIGIN, param must be either LOWER_LEFT or
 * UPPER_LEFT" (another value: INVALID_VALUE, as Mesa reports it); any other pname is
 * INVALID_ENUM (section 2.5). The origin reaches the fragment stage through SetPointState
 * (emit.c); the fade threshold only matters for multisampled points smaller than it, whose
 * alpha fading is not built (README). */
static void
point_parameter(GLenum pname, const GLfloat *v, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   char b1[64];
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s (not in OpenGL ES 3.0)", caller);
      return;
   }
   switch (pname) {
   case GL_POINT_FADE_THRESHOLD_SIZE:
      if (!(v[0] >= 0.0f)) {
         glf_error(ctx, GL_INVALID_VALUE, "%s(POINT_FADE_THRESHOLD_SIZE=%f)", caller, v[0]);
         return;
      }
      ctx->st.point_fade_threshold = v[0];
      return;
   case GL_POINT_SPRITE_COORD_ORIGIN: {
      GLenum e = (GLenum)v[0];
      if ((GLfloat)e != v[0] || (e != GL_LOWER_LEFT && e != GL_UPPER_LEFT)) {
         sgl_log_once(SGL_LOG_WARN, "%s(GL_POINT_SPRITE_COORD_ORIGIN, %g): not LOWER_LEFT or UPPER_LEFT "
                                    "(INVALID_VALUE)", caller, v[0]);
         glf_error(ctx, GL_INVALID_VALUE, "%s(POINT_SPRITE_COORD_ORIGIN=0x%x)", caller, e);
         return;
      }
      SET(ctx->st.point_sprite_origin, e, GLF_DIRTY_POINT_STATE);
      return;
   }
   default:
      sgl_log_once(SGL_LOG_WARN, "%s(pname %s): INVALID_ENUM", caller, glf_enum_str(pname, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
      return;
   }
}

void GLAPIENTRY
glf_PointParameterf(GLenum pname, GLfloat param)
{
   point_parameter(pname, &param, "glPointParameterf");
}

void GLAPIENTRY
glf_PointParameterfv(GLenum pname, const GLfloat *params)
{
   point_parameter(pname, params, "glPointParameterfv");
}

void GLAPIENTRY
glf_PointParameteri(GLenum pname, GLint param)
{
   GLfloat v = (GLfloat)param;
   point_parameter(pname, &v, "glPointParameteri");
}

void GLAPIENTRY
glf_PointParameteriv(GLenum pname, const GLint *params)
{
   GLfloat v = (GLfloat)params[0];
   point_parameter(pname, &v, "glPointParameteriv");
}

/* ---- viewport / scissor ------------------------------------------------------------------- */
void GLAPIENTRY
glf_Viewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.12.1: "Specifying a negative width or height
    * for the viewport results in an INVALID_VALUE error." */
   if (width < 0 || height < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glViewport(%d, %d)", width, height);
      return;
   }
   /* "The viewport width and height are clamped to implementation-dependent maximums". */
   if (width > ctx->limits.max_viewport_dims[0])
      width = ctx->limits.max_viewport_dims[0];
   if (height > ctx->limits.max_viewport_dims[1])
      height = ctx->limits.max_viewport_dims[1];
   GLint v[4] = {x, y, width, height};
   if (memcmp(v, ctx->st.viewport, sizeof(v))) {
      memcpy(ctx->st.viewport, v, sizeof(v));
      glf_dirty(ctx, GLF_DIRTY_VIEWPORT);
   }
}

void GLAPIENTRY
glf_Scissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* From the OpenGL ES 3.0 spec, section 4.1.2: "If either width or height is less than
    * zero, then the error INVALID_VALUE is generated." */
   if (width < 0 || height < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glScissor(%d, %d)", width, height);
      return;
   }
   GLint v[4] = {x, y, width, height};
   if (memcmp(v, ctx->st.scissor, sizeof(v))) {
      memcpy(ctx->st.scissor, v, sizeof(v));
      glf_dirty(ctx, GLF_DIRTY_SCISSOR);
   }
}

/* ---- clear values -------------------------------------------------------------------------- */
void GLAPIENTRY
glf_ClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* Fixed-point color buffers: the clear color is clamped to [0,1] (ES 3.0 4.2.3). */
   ctx->st.clear_color[0] = clampf(red, 0, 1);
   ctx->st.clear_color[1] = clampf(green, 0, 1);
   ctx->st.clear_color[2] = clampf(blue, 0, 1);
   ctx->st.clear_color[3] = clampf(alpha, 0, 1);
}

void GLAPIENTRY
glf_ClearDepthf(GLfloat d)
{
   GET_CURRENT_CONTEXT(ctx);
   if (ctx)
      ctx->st.clear_depth = clampf(d, 0, 1);
}

/* EXT_texture_integer (listed on GL core contexts): "ClearColorIiEXT sets the clear value for
 * signed integer color buffers, ClearColorIuiEXT for unsigned integer color buffers"; glClear
 * uses them for the draw buffers of those formats (clear.c). No clamping. */
void GLAPIENTRY
glf_ClearColorIiEXT(GLint red, GLint green, GLint blue, GLint alpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   GLint v[4] = {red, green, blue, alpha};
   memcpy(ctx->st.clear_color_int, v, sizeof(v));
}

void GLAPIENTRY
glf_ClearColorIuiEXT(GLuint red, GLuint green, GLuint blue, GLuint alpha)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   GLuint v[4] = {red, green, blue, alpha};
   memcpy(ctx->st.clear_color_uint, v, sizeof(v));
}

void GLAPIENTRY
glf_ClearDepth(GLdouble depth)
{
   glf_ClearDepthf((GLfloat)depth);
}

void GLAPIENTRY
glf_ClearStencil(GLint s)
{
   GET_CURRENT_CONTEXT(ctx);
   if (ctx)
      ctx->st.clear_stencil = s;
}

void GLAPIENTRY
glf_SampleCoverage(GLfloat value, GLboolean invert)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   float v = clampf(value, 0, 1);
   if (ctx->st.sample_coverage_value != v || ctx->st.sample_coverage_invert != !!invert) {
      ctx->st.sample_coverage_value = v;
      ctx->st.sample_coverage_invert = !!invert;
      glf_dirty(ctx, GLF_DIRTY_SAMPLE_STATE);
   }
}

void GLAPIENTRY
glf_Hint(GLenum target, GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
      glf_error(ctx, GL_INVALID_ENUM, "glHint(mode)");
      return;
   }
   switch (target) {
   case GL_GENERATE_MIPMAP_HINT:
      if (GLF_CORE(ctx))
         break;
      ctx->st.hint_mipmap = mode;
      return;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      if (GLF_ES(ctx) && ctx->major < 3)
         break;
      ctx->st.hint_derivative = mode;
      return;
   case GL_LINE_SMOOTH_HINT: case GL_POLYGON_SMOOTH_HINT: case GL_TEXTURE_COMPRESSION_HINT:
      if (!GLF_CORE(ctx))
         break;
      /* advisory (no effect here), kept for glGet */
      ctx->st.hint_gl[target == GL_LINE_SMOOTH_HINT ? 0 : target == GL_POLYGON_SMOOTH_HINT ? 1 : 2] = mode;
      return;
   default:
      break;
   }
   glf_error(ctx, GL_INVALID_ENUM, "glHint(target)");
}
