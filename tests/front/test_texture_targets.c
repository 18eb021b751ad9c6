/* GL 3.3 core's 1D, 1D-array and rectangle texture targets, glFramebufferTexture1D / 3D and
 * glGetTexImage / glGetCompressedTexImage on the recording fake wire: tables of calls with
 * the error each one must raise (GL 3.3 sections 3.8, 4.4.2 and 6.1.4), the targets refused in
 * ES contexts, and the records the good calls send (1D resources, layers as rows, one
 * ReadPixels per layer / slice read back). */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#include "front_check.h"

static struct glf_context *
make(enum glf_api api)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   return front_context(api, NULL);
}

static void
drop(struct glf_context *ctx)
{
   front_drop(ctx);
}

static GLuint
texture(GLenum target)
{
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(target, t);
   return t;
}

static const uint8_t texels[256 * 4]; /* more than any image the tests upload */

/* ES 3.0 has none of the three targets nor the GL-only calls' targets: INVALID_ENUM. */
static void
es_refuses(void)
{
   struct glf_context *ctx = make(GLF_API_GLES);
   static const GLenum targets[] = {GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_RECTANGLE};
   for (unsigned i = 0; i < 3; i++) {
      glf_BindTexture(targets[i], 0);
      EXPECT(GL_INVALID_ENUM, "ES glBindTexture(1D / 1D array / rectangle)");
      glf_TexParameteri(targets[i], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      EXPECT(GL_INVALID_ENUM, "ES glTexParameteri(1D / 1D array / rectangle)");
   }
   glf_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage2D(1D_ARRAY)");
   glf_TexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage2D(RECTANGLE)");
   glf_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage1D");
   GLint v;
   glf_GetIntegerv(GL_TEXTURE_BINDING_1D, &v);
   EXPECT(GL_INVALID_ENUM, "ES TEXTURE_BINDING_1D");
   glf_GetIntegerv(GL_MAX_RECTANGLE_TEXTURE_SIZE, &v);
   EXPECT(GL_INVALID_ENUM, "ES MAX_RECTANGLE_TEXTURE_SIZE");
   drop(ctx);
}

/* Image specification: each row one call and its error (GL 3.3 section 3.8). */
static void
specification(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLint max = 0, layers = 0;
   glf_GetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   glf_GetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
   GLint rect_max = 0;
   glf_GetIntegerv(GL_MAX_RECTANGLE_TEXTURE_SIZE, &rect_max);
   CHECK(rect_max == max, "MAX_RECTANGLE_TEXTURE_SIZE %d (MAX_TEXTURE_SIZE %d)", rect_max, max);
   texture(GL_TEXTURE_1D);
   glf_TexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_ENUM, "glTexImage1D(TEXTURE_2D)");
   glf_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_VALUE, "glTexImage1D(border 1)");
   glf_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, max + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "glTexImage1D(width > MAX_TEXTURE_SIZE)");
   glf_TexImage1D(GL_TEXTURE_1D, -1, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_VALUE, "glTexImage1D(level -1)");
   glf_TexSubImage1D(GL_TEXTURE_1D, 0, 0, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_OPERATION, "glTexSubImage1D(undefined level)");
   glf_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_NO_ERROR, "glTexImage1D");
   CHECK(fake_wire_last_resource.target == WIRE_TARGET_TEX_1D && fake_wire_last_resource.width == 8 &&
         fake_wire_last_resource.height == 1 && fake_wire_last_resource.last_level == 3,
         "1D resource (target %u, %ux%u, last level %u)", fake_wire_last_resource.target,
         fake_wire_last_resource.width, fake_wire_last_resource.height, fake_wire_last_resource.last_level);
   glf_TexSubImage1D(GL_TEXTURE_1D, 0, 6, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_VALUE, "glTexSubImage1D(past the width)");
   glf_TexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT24, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   EXPECT(GL_NO_ERROR, "glTexImage1D(DEPTH_COMPONENT24)");
   glf_CompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 0, 8, texels);
   EXPECT(GL_INVALID_ENUM, "glCompressedTexImage1D (no 1D compressed formats)");
   glf_CompressedTexSubImage1D(GL_TEXTURE_1D, 0, 0, 4, GL_COMPRESSED_RGB8_ETC2, 8, texels);
   EXPECT(GL_INVALID_ENUM, "glCompressedTexSubImage1D");
   glf_CopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 0, 0, 4, 1);
   EXPECT(GL_INVALID_VALUE, "glCopyTexImage1D(border 1)");
   glf_CopyTexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 0);
   EXPECT(GL_INVALID_ENUM, "glCopyTexImage1D(TEXTURE_2D)");
   glf_CopyTexSubImage1D(GL_TEXTURE_1D, 0, 6, 0, 0, 4);
   EXPECT(GL_INVALID_VALUE, "glCopyTexSubImage1D(past the width)");

   /* 1D arrays: height is the layer count, never minified */
   texture(GL_TEXTURE_1D_ARRAY);
   glf_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, layers + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "glTexImage2D(1D_ARRAY, more layers than MAX_ARRAY_TEXTURE_LAYERS)");
   glf_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 16, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_NO_ERROR, "glTexImage2D(1D_ARRAY)");
   CHECK(fake_wire_last_resource.target == WIRE_TARGET_TEX_1D_ARRAY && fake_wire_last_resource.height == 1 &&
         fake_wire_last_resource.layers == 5 && fake_wire_last_resource.last_level == 4,
         "1D array resource (height %u, layers %u, last level %u)", fake_wire_last_resource.height,
         fake_wire_last_resource.layers, fake_wire_last_resource.last_level);
   glf_TexImage2D(GL_TEXTURE_1D_ARRAY, 2, GL_RGBA8, 4, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_NO_ERROR, "glTexImage2D(1D_ARRAY level 2: 4 texels, still 5 layers)");
   CHECK(fake_wire_last_resource.layers == 5 && fake_wire_last_resource.width == 16, "no remint for level 2");
   GLint v = 0;
   glf_GetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT, &v);
   CHECK(v == 5, "1D array level 2 height %d", v);
   glf_TexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 3, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_VALUE, "glTexSubImage2D(1D_ARRAY past the last layer)");
   glf_CompressedTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, texels);
   EXPECT(GL_INVALID_ENUM, "glCompressedTexImage2D(RECTANGLE)");

   /* rectangles: level 0 only, the parameter rules of section 3.8.7 */
   texture(GL_TEXTURE_RECTANGLE);
   glf_TexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_VALUE, "glTexImage2D(RECTANGLE, level 1)");
   static const struct {
      GLenum pname;
      GLint value;
      GLenum err;
   } params[] = {
      {GL_TEXTURE_WRAP_S, GL_REPEAT, GL_INVALID_ENUM},
      {GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT, GL_INVALID_ENUM},
      {GL_TEXTURE_WRAP_R, GL_REPEAT, GL_INVALID_ENUM},
      {GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR, GL_INVALID_ENUM},
      {GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST, GL_INVALID_ENUM},
      {GL_TEXTURE_BASE_LEVEL, 1, GL_INVALID_OPERATION},
      {GL_TEXTURE_BASE_LEVEL, 0, GL_NO_ERROR},
      {GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER, GL_NO_ERROR},
      {GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE, GL_NO_ERROR},
      {GL_TEXTURE_MIN_FILTER, GL_NEAREST, GL_NO_ERROR},
      {GL_TEXTURE_MAX_LEVEL, 3, GL_NO_ERROR},
   };
   for (unsigned i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
      glf_TexParameteri(GL_TEXTURE_RECTANGLE, params[i].pname, params[i].value);
      CHECK(glf_GetError() == params[i].err, "glTexParameteri(RECTANGLE, 0x%x, 0x%x): want 0x%x", params[i].pname,
            params[i].value, params[i].err);
   }
   glf_GenerateMipmap(GL_TEXTURE_RECTANGLE);
   EXPECT(GL_INVALID_ENUM, "glGenerateMipmap(RECTANGLE)");
   glf_TexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_NO_ERROR, "glTexImage2D(RECTANGLE)");
   CHECK(fake_wire_last_resource.target == WIRE_TARGET_TEX_2D && fake_wire_last_resource.last_level == 0,
         "rectangle resource: a one-level 2D image (target %u, last level %u)", fake_wire_last_resource.target,
         fake_wire_last_resource.last_level);
   drop(ctx);
}

/* glFramebufferTexture1D / 2D(RECTANGLE) / 3D / Layer(1D_ARRAY): GL 3.3 section 4.4.2. */
static void
attachments(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLuint t1 = texture(GL_TEXTURE_1D);
   glf_TexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint t2 = texture(GL_TEXTURE_2D);
   GLuint t3 = texture(GL_TEXTURE_3D);
   glf_TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint tr = texture(GL_TEXTURE_RECTANGLE);
   GLuint ta = texture(GL_TEXTURE_1D_ARRAY);
   glf_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint fb;
   glf_GenFramebuffers(1, &fb);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fb);
   GLint max3d = 0;
   glf_GetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
   static const struct {
      int dims;
      GLenum textarget;
      int tex; /* 1: t1, 2: t2, 3: t3, 4: tr */
      GLint level, zoffset;
      GLenum err;
   } rows[] = {
      {1, GL_TEXTURE_2D, 1, 0, 0, GL_INVALID_ENUM},
      {1, GL_TEXTURE_1D, 2, 0, 0, GL_INVALID_OPERATION},
      {1, GL_TEXTURE_1D, 1, -1, 0, GL_INVALID_VALUE},
      {1, GL_TEXTURE_1D, 1, 0, 0, GL_NO_ERROR},
      {3, GL_TEXTURE_2D, 3, 0, 0, GL_INVALID_ENUM},
      {3, GL_TEXTURE_3D, 2, 0, 0, GL_INVALID_OPERATION},
      {3, GL_TEXTURE_3D, 3, 0, -1, GL_INVALID_VALUE},
      {3, GL_TEXTURE_3D, 3, 0, 1 << 20, GL_INVALID_VALUE},
      {3, GL_TEXTURE_3D, 3, 20, 0, GL_INVALID_VALUE},
      {3, GL_TEXTURE_3D, 3, 0, 2, GL_NO_ERROR},
      {2, GL_TEXTURE_RECTANGLE, 4, 1, 0, GL_INVALID_VALUE},
      {2, GL_TEXTURE_RECTANGLE, 2, 0, 0, GL_INVALID_OPERATION},
      {2, GL_TEXTURE_RECTANGLE, 4, 0, 0, GL_NO_ERROR},
   };
   const GLuint names[5] = {0, t1, t2, t3, tr};
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      GLuint t = names[rows[i].tex];
      if (rows[i].dims == 1)
         glf_FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, rows[i].textarget, t, rows[i].level);
      else if (rows[i].dims == 3)
         glf_FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, rows[i].textarget, t, rows[i].level,
                                  rows[i].zoffset);
      else
         glf_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, rows[i].textarget, t, rows[i].level);
      CHECK(glf_GetError() == rows[i].err, "row %u: want 0x%x", i, rows[i].err);
   }
   GLint v = -1;
   glf_FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, t3, 0, 3);
   glf_GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                           GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   CHECK(v == 3, "3D attachment's layer %d", v);
   /* a layer past a 1D array's layers is an incomplete attachment; a layer inside it is not */
   glf_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, 3);
   EXPECT(GL_NO_ERROR, "glFramebufferTextureLayer(1D_ARRAY)");
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "layer 3 of 3");
   glf_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, 2);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "layer 2 of 3");
   drop(ctx);
}

/* glFramebufferTexture (GL 3.3 section 4.4.2.3): its errors, the layered attachment, its
 * queries, FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, the WIRE_FB_LAYERED framebuffer sent; ES 3.0
 * contexts refuse it. */
static void
layered(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLuint ta = texture(GL_TEXTURE_2D_ARRAY);
   glf_TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint t3 = texture(GL_TEXTURE_3D);
   glf_TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint t2 = texture(GL_TEXTURE_2D);
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint tr = texture(GL_TEXTURE_RECTANGLE);
   glf_TexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint fb;
   glf_GenFramebuffers(1, &fb);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fb);
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4242, 0);
   EXPECT(GL_INVALID_OPERATION, "glFramebufferTexture(no such texture)");
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tr, 1);
   EXPECT(GL_INVALID_VALUE, "glFramebufferTexture(rectangle, level 1)");
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, -1);
   EXPECT(GL_INVALID_VALUE, "glFramebufferTexture(level -1)");
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0);
   EXPECT(GL_NO_ERROR, "glFramebufferTexture(2D array)");
   GLint v = -1;
   glf_GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &v);
   CHECK(v == GL_TRUE, "array attachment LAYERED %d", v);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "layered array");
   /* a draw sends the framebuffer: layered, layer 0 */
   glf_Clear(GL_COLOR_BUFFER_BIT);
   CHECK((fake_wire_last_framebuffer.flags & WIRE_FB_LAYERED) && fake_wire_last_framebuffer.cbufs[0].layer == 0,
         "framebuffer flags 0x%x layer %u", fake_wire_last_framebuffer.flags, fake_wire_last_framebuffer.cbufs[0].layer);
   /* a 2D texture through glFramebufferTexture is not layered; mixed with a layered one the
    * framebuffer is FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, as are two layered targets */
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, t2, 0);
   glf_GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &v);
   CHECK(v == GL_FALSE, "2D attachment LAYERED %d", v);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "layered + 2D");
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, t3, 0);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "array + 3D");
   EXPECT(GL_NO_ERROR, "layered completeness");
   drop(ctx);
   ctx = make(GLF_API_GLES);
   glf_FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
   EXPECT(GL_INVALID_OPERATION, "glFramebufferTexture on ES 3.0");
   drop(ctx);
}

/* glGetTexImage / glGetCompressedTexImage: GL 3.3 section 6.1.4's errors, and one ReadPixels
 * record per layer / slice read back. */
static void
read_back(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   static uint8_t out[4096];
   texture(GL_TEXTURE_2D);
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   static const struct {
      GLenum target;
      GLint level;
      GLenum format, type, err;
   } rows[] = {
      {GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
      {GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
      {GL_TEXTURE_2D, -1, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_VALUE},
      {GL_TEXTURE_2D, 40, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_VALUE},
      {GL_TEXTURE_RECTANGLE, 1, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_VALUE},
      {GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
      {GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT_VEC4, GL_INVALID_ENUM},
      {GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, GL_INVALID_OPERATION},
      {GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, GL_INVALID_OPERATION},
      {GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_INVALID_OPERATION},
      {GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
      {GL_TEXTURE_2D, 0, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, GL_NO_ERROR},
      {GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, GL_NO_ERROR}, /* no image: nothing written */
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      glf_GetTexImage(rows[i].target, rows[i].level, rows[i].format, rows[i].type, out);
      CHECK(glf_GetError() == rows[i].err, "glGetTexImage row %u: want 0x%x", i, rows[i].err);
   }
   /* a depth image reads as DEPTH_COMPONENT, not as colour; DEPTH_STENCIL needs a stencil */
   texture(GL_TEXTURE_RECTANGLE);
   glf_TexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   glf_GetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, out);
   EXPECT(GL_NO_ERROR, "glGetTexImage(DEPTH_COMPONENT) of a depth rectangle");
   glf_GetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_RED, GL_FLOAT, out);
   EXPECT(GL_INVALID_OPERATION, "glGetTexImage(RED) of a depth image");
   glf_GetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out);
   EXPECT(GL_INVALID_OPERATION, "glGetTexImage(DEPTH_STENCIL) of a depth-only image");
   glf_GetCompressedTexImage(GL_TEXTURE_2D, 0, out);
   EXPECT(GL_INVALID_OPERATION, "glGetCompressedTexImage(uncompressed image)");
   glf_GetCompressedTexImage(GL_TEXTURE_CUBE_MAP, 0, out);
   EXPECT(GL_INVALID_ENUM, "glGetCompressedTexImage(TEXTURE_CUBE_MAP)");
   glf_GetCompressedTexImage(GL_TEXTURE_2D, -1, out);
   EXPECT(GL_INVALID_VALUE, "glGetCompressedTexImage(level -1)");

   /* pack buffers: range, alignment */
   GLuint pbo;
   glf_GenBuffers(1, &pbo);
   glf_BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glf_BufferData(GL_PIXEL_PACK_BUFFER, 64, NULL, GL_STREAM_READ);
   glf_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)4);
   EXPECT(GL_INVALID_OPERATION, "glGetTexImage into a pack buffer too small");
   glf_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, (void *)2);
   EXPECT(GL_INVALID_OPERATION, "glGetTexImage into a pack buffer at an unaligned offset");
   glf_GetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)2); /* level 1 is not there */
   EXPECT(GL_NO_ERROR, "glGetTexImage of no image into a pack buffer");
   glf_GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   EXPECT(GL_NO_ERROR, "glGetTexImage into a pack buffer");
   glf_BindBuffer(GL_PIXEL_PACK_BUFFER, 0);

   /* one ReadPixels per layer of a 1D array (rows are layers), per slice of a 3D texture */
   texture(GL_TEXTURE_1D_ARRAY);
   glf_TexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   uint64_t before = fake_wire_op_count[WIRE_OP_ReadPixels];
   glf_GetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK(fake_wire_op_count[WIRE_OP_ReadPixels] - before == 5, "1D array: %u reads",
         (unsigned)(fake_wire_op_count[WIRE_OP_ReadPixels] - before));
   texture(GL_TEXTURE_3D);
   glf_TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   before = fake_wire_op_count[WIRE_OP_ReadPixels];
   memset(out, 0xee, sizeof(out));
   glf_PixelStorei(GL_PACK_ALIGNMENT, 8);
   glf_GetTexImage(GL_TEXTURE_3D, 0, GL_RGB, GL_UNSIGNED_BYTE, out);
   glf_PixelStorei(GL_PACK_ALIGNMENT, 4);
   CHECK(fake_wire_op_count[WIRE_OP_ReadPixels] - before == 3, "3D: %u reads",
         (unsigned)(fake_wire_op_count[WIRE_OP_ReadPixels] - before));
   /* rows of 12 bytes padded to 16, images of 64: the padding is not written, the last row
    * (at 2 * 64 + 3 * 16) ends the image after its 12 bytes */
   CHECK(out[0] == 0 && out[12] == 0xee && out[16] == 0 && out[187] == 0 && out[188] == 0xee,
         "3D packed with PACK_ALIGNMENT 8");
   EXPECT(GL_NO_ERROR, "glGetTexImage of a 3D texture");
   drop(ctx);
}

static uint64_t
records(void)
{
   uint64_t n = 0;
   for (unsigned i = 0; i < WIRE_OP_LIMIT; i++)
      n += fake_wire_op_count[i];
   return n;
}

static GLint
level_int(GLenum target, GLint level, GLenum pname)
{
   GLint v = -1;
   glf_GetTexLevelParameteriv(target, level, pname, &v);
   return v;
}

/* GL 3.3 core section 3.8.15: TexImage1D/2D/3D on a proxy target make no image and send
 * nothing; the proxy's level state is what the image would have been where it is supported,
 * zero where a size exceeds the limits; level / border / negative sizes / a non-square cube
 * keep their INVALID_VALUE, bad formats their errors. Proxy targets are no binding or
 * parameter targets (INVALID_ENUM), and ES has none. */
static void
proxies(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLint max = 0, max3d = 0, cube = 0, layers = 0;
   glf_GetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   glf_GetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
   glf_GetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &cube);
   glf_GetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
   EXPECT(GL_NO_ERROR, "limits");
   uint64_t before = records();
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_NO_ERROR, "proxy 2D 64x32");
   CHECK(level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 64 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT) == 32 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_DEPTH) == 1 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE) == 8 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE) == 8,
         "proxy 2D 64x32 RGBA8 reads back");
   CHECK(level_int(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0, "the bound TEXTURE_2D has no image");
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, max + 1, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_NO_ERROR, "proxy 2D wider than MAX_TEXTURE_SIZE: no error");
   CHECK(level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT) == 0 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE) == 0,
         "proxy 2D wider than MAX_TEXTURE_SIZE reads zero");
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 3, GL_RGBA8, max >> 3, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_2D, 3, GL_TEXTURE_WIDTH) == max >> 3, "proxy 2D level 3 at its limit");
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 3, GL_RGBA8, (max >> 3) + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_2D, 3, GL_TEXTURE_WIDTH) == 0, "proxy 2D level 3 beyond its limit");
   glf_TexImage1D(GL_PROXY_TEXTURE_1D, 0, GL_R32F, 16, 0, GL_RED, GL_FLOAT, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_WIDTH) == 16 &&
            level_int(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_RED_SIZE) == 32 &&
            level_int(GL_PROXY_TEXTURE_1D, 0, GL_TEXTURE_RED_TYPE) == GL_FLOAT,
         "proxy 1D R32F");
   glf_TexImage2D(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, layers + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_WIDTH) == 0, "proxy 1D array over MAX_ARRAY_TEXTURE_LAYERS");
   glf_TexImage2D(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT) == 5, "proxy 1D array of 5 layers");
   glf_TexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_DEPTH24_STENCIL8, 20, 10, 0, GL_DEPTH_STENCIL,
                  GL_UNSIGNED_INT_24_8, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_TEXTURE_DEPTH_SIZE) == 24 &&
            level_int(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_TEXTURE_STENCIL_SIZE) == 8,
         "proxy rectangle DEPTH24_STENCIL8");
   glf_TexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "proxy rectangle level 1");
   glf_TexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH) == 16, "proxy cube 16");
   glf_TexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, cube + 1, cube + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH) == 0, "proxy cube over MAX_CUBE_MAP_TEXTURE_SIZE");
   glf_TexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 16, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "proxy cube 16x8");
   glf_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 8, 8, max3d + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH) == 0, "proxy 3D over MAX_3D_TEXTURE_SIZE");
   glf_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH) == 2 && level_int(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_HEIGHT) == 4,
         "proxy 3D 8x4x2");
   glf_TexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, layers + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_DEPTH) == 0, "proxy 2D array over MAX_ARRAY_TEXTURE_LAYERS");
   glf_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_DEPTH_COMPONENT24, 4, 4, 4, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, NULL);
   EXPECT(GL_INVALID_OPERATION, "proxy 3D of a depth format");
   /* compressed images on the proxies (GL 3.3 section 3.8.5 names PROXY_TEXTURE_2D,
    * _CUBE_MAP and _2D_ARRAY; no data is read) */
   glf_CompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 8 &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED) == GL_TRUE &&
            level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_COMPRESSED_RED_RGTC1,
         "proxy RGTC1 8x8");
   glf_CompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, max + 4, 4, 0, (max + 4) / 4 * 8, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0, "proxy RGTC1 over MAX_TEXTURE_SIZE");
   glf_CompressedTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RG_RGTC2, 4, 4, 3, 0, 48, NULL);
   CHECK(level_int(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_DEPTH) == 3, "proxy RGTC2 array of 3");
   EXPECT(GL_NO_ERROR, "the good proxy calls");
   CHECK(records() == before, "proxy calls send no record (%u sent)", (unsigned)(records() - before));
   /* errors the proxy keeps */
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, -1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "proxy 2D level -1");
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, -4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "proxy 2D width -4");
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_VALUE, "proxy 2D border 1");
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT + 77, NULL);
   EXPECT(GL_INVALID_ENUM, "proxy 2D bad type");
   /* a proxy target per call: the 2D call's proxies are not the 1D / 3D call's */
   glf_TexImage1D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_ENUM, "glTexImage1D(PROXY_TEXTURE_2D)");
   glf_TexImage3D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_ENUM, "glTexImage3D(PROXY_TEXTURE_2D)");
   glf_CompressedTexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, NULL);
   EXPECT(GL_INVALID_ENUM, "glCompressedTexImage2D(PROXY_TEXTURE_RECTANGLE)");
   glf_CompressedTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 9, NULL);
   EXPECT(GL_INVALID_VALUE, "proxy RGTC1 with a wrong imageSize");
   glf_TexSubImage2D(GL_PROXY_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EXPECT(GL_INVALID_ENUM, "glTexSubImage2D(PROXY_TEXTURE_2D)");
   glf_BindTexture(GL_PROXY_TEXTURE_2D, 0);
   EXPECT(GL_INVALID_ENUM, "glBindTexture(PROXY_TEXTURE_2D)");
   glf_TexParameteri(GL_PROXY_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   EXPECT(GL_INVALID_ENUM, "glTexParameteri(PROXY_TEXTURE_2D)");
   glf_GenerateMipmap(GL_PROXY_TEXTURE_2D);
   EXPECT(GL_INVALID_ENUM, "glGenerateMipmap(PROXY_TEXTURE_2D)");
   drop(ctx);

   ctx = make(GLF_API_GLES);
   glf_TexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage2D(PROXY_TEXTURE_2D)");
   glf_TexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage3D(PROXY_TEXTURE_3D)");
   drop(ctx);
}

int
main(void)
{
   es_refuses();
   proxies();
   specification();
   attachments();
   layered();
   read_back();
   if (fails)
      printf("%d failures\n", fails);
   else
      printf("ok\n");
   return fails ? 1 : 0;
}
