/* Espryt: glReadPixels and glBlitFramebuffer on the host. A read-back replies in the
 * surface's wire layout (wire_types.h ReadPixels). ES 3.0 section 4.3.2 only promises the
 * class pair of a colour buffer (RGBA / UNSIGNED_BYTE for normalized fixed point, RGBA /
 * FLOAT for float, RGBA_INTEGER / INT or UNSIGNED_INT for integer) and the implementation's
 * own pair, so Espryt asks for the format's own GL format / type first (which is the wire
 * layout) and, where the host refuses it, reads the class pair and packs the wire layout
 * itself. Depth and stencil: ES 3.0 reads colour only; the host's NV_read_depth (DEPTH_COMPONENT)
 * and NV_read_depth_stencil (DEPTH_STENCIL with the packed types) read them in the upload
 * pairs of format.c, which are the wire layouts but for D24_UNORM's (read as 24_8, shifted);
 * without them a depth / stencil read-back ends the session with the extension's name. */
#include "es_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

bool
es_bind_read_surface(struct es_ctx *ctx, GLenum att, const struct srv_surface *s)
{
   const struct es_gl *gl = &ctx->be->gl;
   gl->BindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fb);
   ctx->host.read_fb = ctx->read_fb;
   gl->FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
   gl->FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
   if (!es_attach(ctx, GL_READ_FRAMEBUFFER, att, s))
      return false;
   gl->ReadBuffer(att == GL_COLOR_ATTACHMENT0 ? GL_COLOR_ATTACHMENT0 : GL_NONE);
   return true;
}

/* IEEE half from a float that came from a half (exact), with round-to-nearest otherwise. */
static uint16_t
half_from_float(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   uint32_t sign = (x >> 16) & 0x8000u, exp = (x >> 23) & 0xffu, man = x & 0x7fffffu;
   if (exp == 0xff)
      return (uint16_t)(sign | 0x7c00u | (man ? 0x200u : 0));
   int e = (int)exp - 127 + 15;
   if (e >= 31)
      return (uint16_t)(sign | 0x7c00u);
   if (e <= 0) {
      if (e < -10)
         return (uint16_t)sign;
      man |= 0x800000u;
      uint32_t shift = (uint32_t)(14 - e);
      uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
      if (rem > half || (rem == half && (h & 1)))
         h++;
      return (uint16_t)(sign | h);
   }
   uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fffu;
   if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
      h++;
   return (uint16_t)(sign | h);
}

/* An unsigned small float (11 bits: 6 mantissa, 10 bits: 5) from a non-negative float. */
static uint32_t
small_float(float f, unsigned man_bits)
{
   if (!(f > 0.0f))
      return 0;
   uint16_t h = half_from_float(f); /* same exponent range as half: drop mantissa bits */
   uint32_t shift = 10 - man_bits;
   uint32_t v = h & 0x7fffu, rem = v & ((1u << shift) - 1), out = v >> shift;
   if (rem > (1u << (shift - 1)) || (rem == (1u << (shift - 1)) && (out & 1)))
      out++;
   return out;
}

static uint32_t
unorm(float v, unsigned bits)
{
   float m = (float)((1u << bits) - 1);
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   return (uint32_t)lrintf(v * m);
}

/* One texel of the class read (RGBA: ub, f or i / ui) into the wire layout. */
static bool
pack_texel(uint32_t fmt, const void *in, uint8_t *out)
{
   const struct wire_format_info *fi = wire_format_info(fmt);
   const uint8_t *ub = in;
   const float *f = in;
   const uint32_t *u = in;
   const int32_t *i = in;
   switch (fi->ctype) {
   case WIRE_CT_UNORM8:
      memcpy(out, ub, fi->comps);
      return true;
   case WIRE_CT_FLOAT32:
      memcpy(out, f, 4u * fi->comps);
      return true;
   case WIRE_CT_FLOAT16:
      for (unsigned c = 0; c < fi->comps; c++) {
         uint16_t h = half_from_float(f[c]);
         memcpy(out + 2 * c, &h, 2);
      }
      return true;
   case WIRE_CT_UINT8: case WIRE_CT_SINT8:
      for (unsigned c = 0; c < fi->comps; c++)
         out[c] = (uint8_t)u[c];
      return true;
   case WIRE_CT_UINT16: case WIRE_CT_SINT16:
      for (unsigned c = 0; c < fi->comps; c++) {
         uint16_t v = (uint16_t)u[c];
         memcpy(out + 2 * c, &v, 2);
      }
      return true;
   case WIRE_CT_UINT32: case WIRE_CT_SINT32:
      memcpy(out, i, 4u * fi->comps);
      return true;
   case WIRE_CT_PACKED: {
      uint32_t v;
      float n[4] = {ub[0] / 255.0f, ub[1] / 255.0f, ub[2] / 255.0f, ub[3] / 255.0f};
      switch (fi->packing) {
      case WIRE_PACK_565: v = unorm(n[0], 5) << 11 | unorm(n[1], 6) << 5 | unorm(n[2], 5); break;
      case WIRE_PACK_4444: v = unorm(n[0], 4) << 12 | unorm(n[1], 4) << 8 | unorm(n[2], 4) << 4 | unorm(n[3], 4); break;
      case WIRE_PACK_5551: v = unorm(n[0], 5) << 11 | unorm(n[1], 5) << 6 | unorm(n[2], 5) << 1 | unorm(n[3], 1); break;
      case WIRE_PACK_11_11_10F:
         v = small_float(f[0], 6) | small_float(f[1], 6) << 11 | small_float(f[2], 5) << 22;
         memcpy(out, &v, 4);
         return true;
      default: return false;
      }
      uint16_t s = (uint16_t)v;
      memcpy(out, &s, 2);
      return true;
   }
   default:
      return false;
   }
}

/* The class pair of ES 3.0 section 4.3.2 for a colour format. */
static void
class_pair(uint32_t fmt, GLenum *format, GLenum *type, uint32_t *texel)
{
   const struct wire_format_info *fi = wire_format_info(fmt);
   if (wire_format_is_integer(fmt)) {
      *format = GL_RGBA_INTEGER;
      *type = (fi->flags & WIRE_FMTF_SIGNED) ? GL_INT : GL_UNSIGNED_INT;
      *texel = 16;
   } else if (fi->ctype == WIRE_CT_FLOAT16 || fi->ctype == WIRE_CT_FLOAT32 || fi->packing == WIRE_PACK_11_11_10F) {
      *format = GL_RGBA;
      *type = GL_FLOAT;
      *texel = 16;
   } else {
      *format = GL_RGBA;
      *type = GL_UNSIGNED_BYTE;
      *texel = 4;
   }
}

/* A depth / stencil surface bound for reading, through NV_read_depth(_stencil), in the
 * wire layout: D16 as UNSIGNED_SHORT, D32F as FLOAT, D24S8 as UNSIGNED_INT_24_8 (depth 31-8,
 * stencil 7-0), D32FS8 as FLOAT_32_UNSIGNED_INT_24_8_REV (the float, then stencil in 7-0 of
 * the second word, whose 31-8 are undefined: cleared), D24 as UNSIGNED_INT_24_8 shifted to
 * depth 23-0 (X8D24). */
static bool
read_zs(struct es_backend *be, uint32_t f, int64_t x0, int64_t y0, uint32_t cw, uint32_t ch, uint32_t row,
        uint8_t *out, GLenum *err)
{
   const struct es_gl *gl = &be->gl;
   const struct es_format *ef = es_format(be, f);
   const bool x8d24 = f == WIRE_FMT_D24_UNORM;
   gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
   while (gl->GetError() != GL_NO_ERROR)
      ;
   gl->PixelStorei(GL_PACK_ROW_LENGTH, (GLint)row);
   gl->ReadPixels((GLint)x0, (GLint)y0, (GLsizei)cw, (GLsizei)ch, ef->format, x8d24 ? GL_UNSIGNED_INT_24_8 : ef->type,
                  out);
   gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
   if ((*err = gl->GetError()) != GL_NO_ERROR)
      return false;
   if (!x8d24 && f != WIRE_FMT_D32_FLOAT_S8_UINT)
      return true;
   for (uint32_t r = 0; r < ch; r++)
      for (uint32_t c = 0; c < cw; c++) {
         uint8_t *t = out + ((size_t)r * row + c) * wire_format_texel_size(f);
         uint32_t v;
         memcpy(&v, t + (x8d24 ? 0 : 4), 4);
         v = x8d24 ? v >> 8 : v & 0xffu;
         memcpy(t + (x8d24 ? 0 : 4), &v, 4);
      }
   return true;
}

bool
es_read_pixels(struct srv_ctx *sctx, const struct srv_surface *src, int32_t x, int32_t y, uint32_t w, uint32_t h,
               void *dst)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   struct es_resource *r = (struct es_resource *)src->res;
   if (!es_make_current(be, ctx) || be->status == SRV_STATUS_DEVICE_LOST)
      return false;
   if (!r || r->is_buffer || !r->name)
      return true;
   uint32_t f = r->templ.format;
   const struct es_format *ef = es_format(be, f);
   const bool zs = wire_format_has_depth(f) || wire_format_has_stencil(f);
   const bool packed_zs = wire_format_has_depth(f) && wire_format_has_stencil(f);
   if (!ef || (zs && !packed_zs && !wire_format_has_depth(f))) {
      es_unimplemented(be, "ReadPixels of this depth / stencil format");
      return false;
   }
   if (zs && !es_has(be, packed_zs ? ES_FEAT_READ_DEPTH_STENCIL : ES_FEAT_READ_DEPTH)) {
      es_unimplemented(be, packed_zs ? "ReadPixels of depth / stencil surfaces: the host lacks GL_NV_read_depth_stencil"
                                     : "ReadPixels of depth surfaces: the host lacks GL_NV_read_depth");
      return false;
   }
   struct srv_read_clip clip;
   if (!srv_clip_read_rect(x, y, w, h, wire_minify(r->templ.width, src->level),
                           wire_minify(r->templ.height, src->level), &clip))
      return true;
   const int64_t x0 = clip.x0, y0 = clip.y0;
   const uint32_t cw = clip.w, ch = clip.h;
   if (!es_bind_read_surface(ctx, zs ? es_zs_attachment(src) : GL_COLOR_ATTACHMENT0, src)) {
      es_unimplemented(be, "ReadPixels of this target");
      return false;
   }
   uint32_t ts = wire_format_texel_size(f);
   uint8_t *out = (uint8_t *)dst + ((size_t)(y0 - y) * w + (size_t)(x0 - x)) * ts;
   GLenum err;
   bool ok = zs ? read_zs(be, f, x0, y0, cw, ch, w, out, &err) : es_read_color(be, f, x0, y0, cw, ch, w, out, &err);
   if (!ok)
      es_fail(be, "ReadPixels: no read-back of wire format %u on this host (error 0x%x)", f, err);
   return ok;
}

bool
es_read_color(struct es_backend *be, uint32_t f, int64_t x0, int64_t y0, uint32_t cw, uint32_t ch, uint32_t row,
              uint8_t *out, GLenum *err)
{
   const struct es_gl *gl = &be->gl;
   const struct es_format *ef = es_format(be, f);
   *err = GL_INVALID_OPERATION;
   if (!ef || wire_format_has_depth(f) || wire_format_has_stencil(f))
      return false;
   gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
   uint32_t ts = wire_format_texel_size(f);
   while (gl->GetError() != GL_NO_ERROR)
      ;
   /* the wire layout itself, where the host reads it */
   gl->PixelStorei(GL_PACK_ROW_LENGTH, (GLint)row);
   gl->ReadPixels((GLint)x0, (GLint)y0, (GLsizei)cw, (GLsizei)ch, ef->format, ef->type, out);
   gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
   if ((*err = gl->GetError()) == GL_NO_ERROR)
      return true;
   /* else the class pair, packed here */
   GLenum cf, ct;
   uint32_t cts;
   class_pair(f, &cf, &ct, &cts);
   uint8_t *tmp = malloc((size_t)cw * ch * cts);
   if (!tmp) {
      be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
      return false;
   }
   gl->ReadPixels((GLint)x0, (GLint)y0, (GLsizei)cw, (GLsizei)ch, cf, ct, tmp);
   *err = gl->GetError();
   bool ok = *err == GL_NO_ERROR;
   for (uint32_t r = 0; ok && r < ch; r++)
      for (uint32_t c = 0; ok && c < cw; c++)
         ok = pack_texel(f, tmp + ((size_t)r * cw + c) * cts, out + ((size_t)r * row + c) * ts);
   free(tmp);
   return ok;
}

/* GL core resolves a multisampled source into a rectangle of the same size anywhere (GL 3.3
 * section 4.3.2); ES only into the same rectangle ("the source and destination rectangles are
 * not defined with the same (X0, Y0) and (X1, Y1) bounds": INVALID_OPERATION, ES 3.0 section
 * 4.3.3). Such a resolve goes through a single-sampled renderbuffer of the source's format and
 * extent: resolved there in place, then blitted (same size, no scaling) where GL puts it. The
 * renderbuffer's framebuffer becomes the read framebuffer; *fb and *rb are freed by the caller
 * after the blit. */
static void
resolve_elsewhere(struct es_ctx *ctx, const struct srv_surface *src, GLenum att, GLbitfield mask,
                  const struct wire_blit *b, GLuint *fb, GLuint *rb)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   const struct es_resource *r = (const struct es_resource *)src->res;
   const struct es_format *f = es_format(be, r->templ.format);
   gl->GenRenderbuffers(1, rb);
   gl->BindRenderbuffer(GL_RENDERBUFFER, *rb);
   gl->RenderbufferStorageMultisample(GL_RENDERBUFFER, 0, f->ifmt, (GLsizei)r->templ.width, (GLsizei)r->templ.height);
   gl->GenFramebuffers(1, fb);
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, *fb);
   gl->FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, att, GL_RENDERBUFFER, *rb);
   const GLenum buf = att == GL_COLOR_ATTACHMENT0 ? GL_COLOR_ATTACHMENT0 : GL_NONE;
   gl->DrawBuffers(1, &buf);
   es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, false); /* the scissor is the second blit's */
   gl->BlitFramebuffer(b->src_x0, b->src_y0, b->src_x1, b->src_y1, b->src_x0, b->src_y0, b->src_x1, b->src_y1, mask,
                       GL_NEAREST);
   gl->BindFramebuffer(GL_READ_FRAMEBUFFER, *fb);
   gl->ReadBuffer(buf);
   ctx->host.read_fb = 0; /* the next read binds ctx->read_fb again */
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fb);
}

/* The program of blit_into_multisample for one class of colour format ('f', 'i', 'u'): a quad
 * over the viewport, each pixel fetching its source texel (u_map: source origin, direction,
 * destination origin, source extent), pixels whose texel lies outside the source left
 * unwritten (GL 3.3 section 4.3.2 leaves them undefined; llvmpipe writes none). Made once per
 * backend (the host contexts share it); 0: refused. */
static GLuint
blit_program(struct es_backend *be, char cls)
{
   const struct es_gl *gl = &be->gl;
   GLuint *cached = &be->blit_prog[cls == 'i' ? 1 : cls == 'u' ? 2 : 0];
   if (*cached)
      return *cached;
   static const char vs[] = "#version 300 es\n"
                            "void main() {\n"
                            "   vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
                            "   gl_Position = vec4(p, 0.0, 1.0);\n"
                            "}\n";
   char fs[640];
   const char *pre = cls == 'i' ? "i" : cls == 'u' ? "u" : "";
   snprintf(fs, sizeof(fs),
            "#version 300 es\n"
            "precision highp float;\n"
            "precision highp int;\n"
            "uniform highp %ssampler2D u_src;\n"
            "uniform int u_map[8];\n"
            "layout(location = 0) out highp %svec4 o;\n"
            "void main() {\n"
            "   vec2 k = gl_FragCoord.xy - vec2(u_map[4], u_map[5]);\n"
            "   ivec2 s = ivec2(u_map[0], u_map[1]) + ivec2(floor(k * vec2(u_map[2], u_map[3])));\n"
            "   if (any(lessThan(s, ivec2(0))) || any(greaterThanEqual(s, ivec2(u_map[6], u_map[7]))))\n"
            "      discard;\n"
            "   o = texelFetch(u_src, s, 0);\n"
            "}\n",
            pre, pre);
   const char *src[2] = {vs, fs};
   static const GLenum stage[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   GLuint prog = gl->CreateProgram();
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = gl->CreateShader(stage[i]);
      gl->ShaderSource(sh, 1, &src[i], NULL);
      gl->CompileShader(sh);
      gl->AttachShader(prog, sh);
      gl->DeleteShader(sh);
   }
   gl->LinkProgram(prog);
   GLint linked = 0;
   gl->GetProgramiv(prog, GL_LINK_STATUS, &linked);
   if (!linked) {
      char log[256] = "";
      gl->GetProgramInfoLog(prog, sizeof(log), NULL, log);
      es_fail(be, "Blit into a multisampled framebuffer: the host refused the copy program: %s", log);
      gl->DeleteProgram(prog);
      return 0;
   }
   return *cached = prog;
}

/* GL core's blit from a single-sampled into a multisampled colour buffer (GL 3.3 section
 * 4.3.2: every sample of a written pixel takes the source's value; the core has checked
 * colour only, equal formats and equal sizes, mirroring allowed). ES refuses it (ES 3.0
 * section 4.3.3: INVALID_OPERATION when the draw framebuffer has SAMPLE_BUFFERS), so Espryt
 * copies the source level into a texture of its format (a single-sampled blit) and draws the
 * destination rectangle with blit_program; the host's FRAMEBUFFER_SRGB_EXT (set by the caller)
 * chooses the encoding of an sRGB destination; the scissor, set by the caller, applies as to a
 * blit, no other fragment operation does. The draw framebuffer (ctx->blit_fb, dst attached)
 * and the read framebuffer (src) are bound. Host state it changes is forgotten, for the next
 * draw to send again. */
static GLenum
blit_into_multisample(struct es_ctx *ctx, const struct srv_surface *src, const struct wire_blit *b)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   const struct es_resource *r = (const struct es_resource *)src->res;
   const uint32_t f = r->templ.format;
   /* a linear sRGB source (FRAMEBUFFER_SRGB off) is copied raw into its UNORM twin, which the
    * fetch then does not decode */
   const struct es_format *ef = es_format(be, !src->linear                     ? f
                                              : f == WIRE_FMT_R8G8B8A8_SRGB ? WIRE_FMT_R8G8B8A8_UNORM
                                                                            : WIRE_FMT_R8G8B8_UNORM);
   const uint32_t sw = wire_minify(r->templ.width, src->level), sh = wire_minify(r->templ.height, src->level);
   const char cls = !wire_format_is_integer(f) ? 'f' : (wire_format_info(f)->flags & WIRE_FMTF_SIGNED) ? 'i' : 'u';
   GLuint prog = blit_program(be, cls);
   if (!prog || !ef)
      return GL_NO_ERROR;
   /* the source level into a texture (a blit between single-sampled buffers) */
   GLuint tex = 0, fb = 0, vao = 0;
   gl->ActiveTexture(GL_TEXTURE0);
   gl->GenTextures(1, &tex);
   gl->BindTexture(GL_TEXTURE_2D, tex);
   gl->TexStorage2D(GL_TEXTURE_2D, 1, ef->ifmt, (GLsizei)sw, (GLsizei)sh);
   gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST); /* integer textures: complete */
   gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl->BindSampler(0, 0);
   gl->GenFramebuffers(1, &fb);
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
   gl->FramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   const GLenum buf = GL_COLOR_ATTACHMENT0;
   gl->DrawBuffers(1, &buf);
   const bool scissor = (ctx->host.enables & ES_EN_SCISSOR) != 0;
   es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, false);
   gl->BlitFramebuffer(0, 0, (GLint)sw, (GLint)sh, 0, 0, (GLint)sw, (GLint)sh, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, scissor);
   /* the destination rectangle drawn, every fragment operation but the scissor off */
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fb);
   es_host_enable(ctx, ES_EN_BLEND, GL_BLEND, false);
   es_host_enable(ctx, ES_EN_DEPTH, GL_DEPTH_TEST, false);
   es_host_enable(ctx, ES_EN_STENCIL, GL_STENCIL_TEST, false);
   es_host_enable(ctx, ES_EN_CULL, GL_CULL_FACE, false);
   es_host_enable(ctx, ES_EN_A2C, GL_SAMPLE_ALPHA_TO_COVERAGE, false);
   if (es_has(be, ES_FEAT_SAMPLE_MASK))
      es_host_enable(ctx, ES_EN_SAMPLE_MASK, GL_SAMPLE_MASK, false);
   gl->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   const int32_t x0 = b->dst_x0 < b->dst_x1 ? b->dst_x0 : b->dst_x1, y0 = b->dst_y0 < b->dst_y1 ? b->dst_y0 : b->dst_y1;
   const int32_t w = b->dst_x0 < b->dst_x1 ? b->dst_x1 - b->dst_x0 : b->dst_x0 - b->dst_x1;
   const int32_t h = b->dst_y0 < b->dst_y1 ? b->dst_y1 - b->dst_y0 : b->dst_y0 - b->dst_y1;
   gl->Viewport(x0, y0, w, h);
   es_host_bind_program(ctx, prog);
   const GLint map[8] = {b->src_x0, b->src_y0, (b->src_x1 > b->src_x0) == (b->dst_x1 > b->dst_x0) ? 1 : -1,
                         (b->src_y1 > b->src_y0) == (b->dst_y1 > b->dst_y0) ? 1 : -1, b->dst_x0, b->dst_y0,
                         (GLint)sw, (GLint)sh};
   gl->Uniform1iv(gl->GetUniformLocation(prog, "u_map"), 8, map);
   const GLint unit = 0;
   gl->Uniform1iv(gl->GetUniformLocation(prog, "u_src"), 1, &unit);
   gl->GenVertexArrays(1, &vao);
   gl->BindVertexArray(vao);
   gl->DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1);
   GLenum err = gl->GetError();
   /* what the next draw must send again */
   gl->BindVertexArray(0);
   gl->DeleteVertexArrays(1, &vao);
   gl->DeleteFramebuffers(1, &fb);
   gl->DeleteTextures(1, &tex);
   ctx->host.vao = 0;
   ctx->host.program = 0;
   ctx->host.unit_tex[0] = ~0u;
   ctx->host.unit_sampler[0] = ~0u;
   ctx->host.unit_target[0] = 0;
   es_host_forget(ctx);
   return err;
}

uint32_t
es_blit(struct srv_ctx *sctx, const struct srv_surface *src, const struct srv_surface *dst, const struct wire_blit *b)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   if (!es_make_current(be, ctx))
      return GL_NO_ERROR;
   /* GL core sends the flag with every blit while FRAMEBUFFER_SRGB is off; it changes only
    * sRGB surfaces (the core marks them `linear`): the host's FRAMEBUFFER_SRGB_EXT off
    * (EXT_sRGB_write_control) */
   const bool linear = src->linear || dst->linear;
   if (es_has(be, ES_FEAT_SRGB_WRITE_CONTROL)) {
      es_host_enable(ctx, ES_EN_FRAMEBUFFER_SRGB, GL_FRAMEBUFFER_SRGB_EXT, !linear);
   } else if (linear) {
      es_unimplemented(be, "blits without sRGB conversion (GL core) on a host without EXT_sRGB_write_control");
      return GL_NO_ERROR;
   }
   bool color = (b->mask & WIRE_BLIT_COLOR) != 0;
   GLenum att = color ? GL_COLOR_ATTACHMENT0 : es_zs_attachment(src);
   GLbitfield mask = (color ? GL_COLOR_BUFFER_BIT : 0) | ((b->mask & WIRE_BLIT_DEPTH) ? GL_DEPTH_BUFFER_BIT : 0) |
                     ((b->mask & WIRE_BLIT_STENCIL) ? GL_STENCIL_BUFFER_BIT : 0);
   if (!es_bind_read_surface(ctx, att, src)) {
      es_unimplemented(be, "Blit from this target");
      return GL_NO_ERROR;
   }
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->blit_fb);
   ctx->host.draw_fb = ctx->blit_fb; /* the next draw binds ctx->fb again */
   es_host_forget(ctx);                 /* and its scissor */
   gl->FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
   gl->FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
   es_attach(ctx, GL_DRAW_FRAMEBUFFER, color ? GL_COLOR_ATTACHMENT0 : es_zs_attachment(dst), dst);
   const GLenum buf = color ? GL_COLOR_ATTACHMENT0 : GL_NONE;
   gl->DrawBuffers(1, &buf);
   GLuint tmp_fb = 0, tmp_rb = 0;
   if (src->samples > 1 && (b->src_x0 != b->dst_x0 || b->src_y0 != b->dst_y0 || b->src_x1 != b->dst_x1 ||
                            b->src_y1 != b->dst_y1))
      resolve_elsewhere(ctx, src, att, mask, b, &tmp_fb, &tmp_rb);
   /* the blit obeys the scissor test alone of the fragment operations (ES 3.0 section 4.3.3) */
   es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, b->scissor_enable);
   if (b->scissor_enable)
      gl->Scissor(b->scissor.x, b->scissor.y, b->scissor.width, b->scissor.height);
   es_host_enable(ctx, ES_EN_DISCARD, GL_RASTERIZER_DISCARD, false);
   while (gl->GetError() != GL_NO_ERROR)
      ;
   GLenum err = GL_NO_ERROR;
   if (src->samples <= 1 && dst->samples > 1)
      err = blit_into_multisample(ctx, src, b);
   else
      gl->BlitFramebuffer(b->src_x0, b->src_y0, b->src_x1, b->src_y1, b->dst_x0, b->dst_y0, b->dst_x1, b->dst_y1,
                          mask, b->linear ? GL_LINEAR : GL_NEAREST);
   es_mark_gpu_written((struct es_resource *)dst->res, dst->level);
   if (err == GL_NO_ERROR)
      err = gl->GetError();
   if (tmp_fb) {
      gl->BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      gl->DeleteFramebuffers(1, &tmp_fb);
      gl->DeleteRenderbuffers(1, &tmp_rb);
   }
   if (err == GL_INVALID_OPERATION)
      return GL_INVALID_OPERATION; /* formats the host cannot blit between: the app's error */
   if (err != GL_NO_ERROR && err != GL_OUT_OF_MEMORY)
      es_fail(be, "Blit: host GL error 0x%x", err);
   else if (err == GL_OUT_OF_MEMORY && be->status == SRV_STATUS_OK)
      be->status = SRV_STATUS_OUT_OF_MEMORY;
   return GL_NO_ERROR;
}
