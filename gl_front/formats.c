/* splitgl gl_front: texture and renderbuffer formats, as tables.
 *
 *   formats[]  every internal format splitgl stores: its GL base format, the wire format it
 *              travels in (wire/format.h), component sizes, component type, and whether it is
 *              colour-, depth- or stencil-renderable and texture-filterable (OpenGL ES 3.0
 *              table 3.13, OpenGL 3.3 core table 3.12), plus its IMPLEMENTATION_COLOR_READ
 *              format / type. Unsized formats resolve to one of these ("effective internal
 *              format", ES 3.0 section 3.8.3 and table 3.12).
 *   combos[]   the format / type / internalformat combinations OpenGL ES accepts for
 *              TexImage* (ES 3.0 tables 3.2 and 3.3; ES 2.0 table 3.4 and OES_texture_float,
 *              OES_texture_half_float, OES_depth_texture, OES_packed_depth_stencil).
 *              OpenGL 3.3 core accepts any pair of a valid format and type that fits the
 *              internal format (integer to integer, depth to depth, packed types with their
 *              component count): glf_find_combo converts those (pixels.c).
 *
 * ALPHA, LUMINANCE and LUMINANCE_ALPHA (ES only) travel as R / RG wire formats: the sampler
 * view's swizzle, composed by the client with TEXTURE_SWIZZLE_* (texture.c), reads them back
 * as GL defines (0, 0, 0, A), (L, L, L, 1), (L, L, L, A); Magma applies it in the image view. */
#include <stdio.h>

#include "glf_context.h"

#define UN GL_UNSIGNED_NORMALIZED
#define SN GL_SIGNED_NORMALIZED
#define FL GL_FLOAT
#define SI GL_INT
#define UI GL_UNSIGNED_INT

#define ES3 GLF_FMT_ES3
#define GL GLF_FMT_GL
#define CR GLF_FMT_COLOR_RENDER
#define CRG GLF_FMT_COLOR_RENDER_GL
#define CRF GLF_FMT_COLOR_RENDER_FLOAT
#define DR GLF_FMT_DEPTH_RENDER
#define SR GLF_FMT_STENCIL_RENDER
#define TF GLF_FMT_FILTER
#define TFF GLF_FMT_FILTER_FLOAT
#define UNSZ GLF_FMT_UNSIZED
#define CMP GLF_FMT_COMPRESSED

/* ifmt, base, wire format, bits R G B A depth stencil, component type, flags, swizzle,
 * read format, read type */
#define ROW(i, base, w, r, g, b, a, d, s, ct, fl, swz, rf, rt)                                 \
   {i, base, WIRE_FMT_##w, {r, g, b, a, d, s}, ct, fl, swz, rf, rt}

static const struct glf_format formats[] = {
   /* ---- normalized ---- */
   ROW(GL_R8, GL_RED, R8_UNORM, 8, 0, 0, 0, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RED, GL_UNSIGNED_BYTE),
   ROW(GL_RG8, GL_RG, R8G8_UNORM, 8, 8, 0, 0, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RG, GL_UNSIGNED_BYTE),
   ROW(GL_RGB8, GL_RGB, R8G8B8_UNORM, 8, 8, 8, 0, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGB, GL_UNSIGNED_BYTE),
   ROW(GL_RGBA8, GL_RGBA, R8G8B8A8_UNORM, 8, 8, 8, 8, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGBA, GL_UNSIGNED_BYTE),
   ROW(GL_RGB565, GL_RGB, R5G6B5_UNORM, 5, 6, 5, 0, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5),
   ROW(GL_RGBA4, GL_RGBA, R4G4B4A4_UNORM, 4, 4, 4, 4, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4),
   ROW(GL_RGB5_A1, GL_RGBA, R5G5B5A1_UNORM, 5, 5, 5, 1, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1),
   ROW(GL_RGB10_A2, GL_RGBA, R10G10B10A2_UNORM, 10, 10, 10, 2, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGBA,
       GL_UNSIGNED_INT_2_10_10_10_REV),
   ROW(GL_SRGB8, GL_RGB, R8G8B8_SRGB, 8, 8, 8, 0, 0, 0, UN, ES3 | GL | TF, 0, GL_RGB, GL_UNSIGNED_BYTE),
   ROW(GL_SRGB8_ALPHA8, GL_RGBA, R8G8B8A8_SRGB, 8, 8, 8, 8, 0, 0, UN, ES3 | GL | CR | TF, 0, GL_RGBA, GL_UNSIGNED_BYTE),
   ROW(GL_R8_SNORM, GL_RED, R8_SNORM, 8, 0, 0, 0, 0, 0, SN, ES3 | GL | TF, 0, GL_RED, GL_BYTE),
   ROW(GL_RG8_SNORM, GL_RG, R8G8_SNORM, 8, 8, 0, 0, 0, 0, SN, ES3 | GL | TF, 0, GL_RG, GL_BYTE),
   ROW(GL_RGB8_SNORM, GL_RGB, R8G8B8_SNORM, 8, 8, 8, 0, 0, 0, SN, ES3 | GL | TF, 0, GL_RGB, GL_BYTE),
   ROW(GL_RGBA8_SNORM, GL_RGBA, R8G8B8A8_SNORM, 8, 8, 8, 8, 0, 0, SN, ES3 | GL | TF, 0, GL_RGBA, GL_BYTE),
   ROW(GL_R16, GL_RED, R16_UNORM, 16, 0, 0, 0, 0, 0, UN, GL | CRG | TF, 0, GL_RED, GL_UNSIGNED_SHORT),
   ROW(GL_RG16, GL_RG, R16G16_UNORM, 16, 16, 0, 0, 0, 0, UN, GL | CRG | TF, 0, GL_RG, GL_UNSIGNED_SHORT),
   ROW(GL_RGB16, GL_RGB, R16G16B16_UNORM, 16, 16, 16, 0, 0, 0, UN, GL | CRG | TF, 0, GL_RGB, GL_UNSIGNED_SHORT),
   ROW(GL_RGBA16, GL_RGBA, R16G16B16A16_UNORM, 16, 16, 16, 16, 0, 0, UN, GL | CRG | TF, 0, GL_RGBA, GL_UNSIGNED_SHORT),
   ROW(GL_R16_SNORM, GL_RED, R16_SNORM, 16, 0, 0, 0, 0, 0, SN, GL | TF, 0, GL_RED, GL_SHORT),
   ROW(GL_RG16_SNORM, GL_RG, R16G16_SNORM, 16, 16, 0, 0, 0, 0, SN, GL | TF, 0, GL_RG, GL_SHORT),
   ROW(GL_RGB16_SNORM, GL_RGB, R16G16B16_SNORM, 16, 16, 16, 0, 0, 0, SN, GL | TF, 0, GL_RGB, GL_SHORT),
   ROW(GL_RGBA16_SNORM, GL_RGBA, R16G16B16A16_SNORM, 16, 16, 16, 16, 0, 0, SN, GL | TF, 0, GL_RGBA, GL_SHORT),
   /* ---- float ---- */
   ROW(GL_R16F, GL_RED, R16_FLOAT, 16, 0, 0, 0, 0, 0, FL, ES3 | GL | CRG | CRF | TF, 0, GL_RED, GL_HALF_FLOAT),
   ROW(GL_RG16F, GL_RG, R16G16_FLOAT, 16, 16, 0, 0, 0, 0, FL, ES3 | GL | CRG | CRF | TF, 0, GL_RG, GL_HALF_FLOAT),
   ROW(GL_RGB16F, GL_RGB, R16G16B16_FLOAT, 16, 16, 16, 0, 0, 0, FL, ES3 | GL | CRG | TF, 0, GL_RGB, GL_HALF_FLOAT),
   ROW(GL_RGBA16F, GL_RGBA, R16G16B16A16_FLOAT, 16, 16, 16, 16, 0, 0, FL, ES3 | GL | CRG | CRF | TF, 0, GL_RGBA,
       GL_HALF_FLOAT),
   ROW(GL_R32F, GL_RED, R32_FLOAT, 32, 0, 0, 0, 0, 0, FL, ES3 | GL | CRG | CRF | TFF, 0, GL_RED, GL_FLOAT),
   ROW(GL_RG32F, GL_RG, R32G32_FLOAT, 32, 32, 0, 0, 0, 0, FL, ES3 | GL | CRG | CRF | TFF, 0, GL_RG, GL_FLOAT),
   ROW(GL_RGB32F, GL_RGB, R32G32B32_FLOAT, 32, 32, 32, 0, 0, 0, FL, ES3 | GL | CRG | TFF, 0, GL_RGB, GL_FLOAT),
   ROW(GL_RGBA32F, GL_RGBA, R32G32B32A32_FLOAT, 32, 32, 32, 32, 0, 0, FL, ES3 | GL | CRG | CRF | TFF, 0, GL_RGBA,
       GL_FLOAT),
   ROW(GL_R11F_G11F_B10F, GL_RGB, R11G11B10_FLOAT, 11, 11, 10, 0, 0, 0, FL, ES3 | GL | CRG | CRF | TF, 0, GL_RGB,
       GL_UNSIGNED_INT_10F_11F_11F_REV),
   ROW(GL_RGB9_E5, GL_RGB, R9G9B9E5_FLOAT, 9, 9, 9, 0, 0, 0, FL, ES3 | GL | TF, 0, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV),
   /* ---- integer ---- */
#define INTROW(i, base, w, r, g, b, a, ct, rf, rt) ROW(i, base, w, r, g, b, a, 0, 0, ct, ES3 | GL | CR, 0, rf, rt)
   INTROW(GL_R8UI, GL_RED, R8_UINT, 8, 0, 0, 0, UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE),
   INTROW(GL_R8I, GL_RED, R8_SINT, 8, 0, 0, 0, SI, GL_RED_INTEGER, GL_BYTE),
   INTROW(GL_R16UI, GL_RED, R16_UINT, 16, 0, 0, 0, UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT),
   INTROW(GL_R16I, GL_RED, R16_SINT, 16, 0, 0, 0, SI, GL_RED_INTEGER, GL_SHORT),
   INTROW(GL_R32UI, GL_RED, R32_UINT, 32, 0, 0, 0, UI, GL_RED_INTEGER, GL_UNSIGNED_INT),
   INTROW(GL_R32I, GL_RED, R32_SINT, 32, 0, 0, 0, SI, GL_RED_INTEGER, GL_INT),
   INTROW(GL_RG8UI, GL_RG, R8G8_UINT, 8, 8, 0, 0, UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE),
   INTROW(GL_RG8I, GL_RG, R8G8_SINT, 8, 8, 0, 0, SI, GL_RG_INTEGER, GL_BYTE),
   INTROW(GL_RG16UI, GL_RG, R16G16_UINT, 16, 16, 0, 0, UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT),
   INTROW(GL_RG16I, GL_RG, R16G16_SINT, 16, 16, 0, 0, SI, GL_RG_INTEGER, GL_SHORT),
   INTROW(GL_RG32UI, GL_RG, R32G32_UINT, 32, 32, 0, 0, UI, GL_RG_INTEGER, GL_UNSIGNED_INT),
   INTROW(GL_RG32I, GL_RG, R32G32_SINT, 32, 32, 0, 0, SI, GL_RG_INTEGER, GL_INT),
   INTROW(GL_RGBA8UI, GL_RGBA, R8G8B8A8_UINT, 8, 8, 8, 8, UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE),
   INTROW(GL_RGBA8I, GL_RGBA, R8G8B8A8_SINT, 8, 8, 8, 8, SI, GL_RGBA_INTEGER, GL_BYTE),
   INTROW(GL_RGBA16UI, GL_RGBA, R16G16B16A16_UINT, 16, 16, 16, 16, UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT),
   INTROW(GL_RGBA16I, GL_RGBA, R16G16B16A16_SINT, 16, 16, 16, 16, SI, GL_RGBA_INTEGER, GL_SHORT),
   INTROW(GL_RGBA32UI, GL_RGBA, R32G32B32A32_UINT, 32, 32, 32, 32, UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT),
   INTROW(GL_RGBA32I, GL_RGBA, R32G32B32A32_SINT, 32, 32, 32, 32, SI, GL_RGBA_INTEGER, GL_INT),
   INTROW(GL_RGB10_A2UI, GL_RGBA, R10G10B10A2_UINT, 10, 10, 10, 2, UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV),
#undef INTROW
   /* RGB integer formats: texture formats in ES 3.0, colour-renderable in GL 3.3 */
   ROW(GL_RGB8UI, GL_RGB, R8G8B8_UINT, 8, 8, 8, 0, 0, 0, UI, ES3 | GL | CRG, 0, GL_RGB_INTEGER, GL_UNSIGNED_BYTE),
   ROW(GL_RGB8I, GL_RGB, R8G8B8_SINT, 8, 8, 8, 0, 0, 0, SI, ES3 | GL | CRG, 0, GL_RGB_INTEGER, GL_BYTE),
   ROW(GL_RGB16UI, GL_RGB, R16G16B16_UINT, 16, 16, 16, 0, 0, 0, UI, ES3 | GL | CRG, 0, GL_RGB_INTEGER, GL_UNSIGNED_SHORT),
   ROW(GL_RGB16I, GL_RGB, R16G16B16_SINT, 16, 16, 16, 0, 0, 0, SI, ES3 | GL | CRG, 0, GL_RGB_INTEGER, GL_SHORT),
   ROW(GL_RGB32UI, GL_RGB, R32G32B32_UINT, 32, 32, 32, 0, 0, 0, UI, ES3 | GL | CRG, 0, GL_RGB_INTEGER, GL_UNSIGNED_INT),
   ROW(GL_RGB32I, GL_RGB, R32G32B32_SINT, 32, 32, 32, 0, 0, 0, SI, ES3 | GL | CRG, 0, GL_RGB_INTEGER, GL_INT),
   /* ---- depth / stencil ---- */
   ROW(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, D16_UNORM, 0, 0, 0, 0, 16, 0, UN, ES3 | GL | DR, 0, 0, 0),
   ROW(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, D24_UNORM, 0, 0, 0, 0, 24, 0, UN, ES3 | GL | DR, 0, 0, 0),
   ROW(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, D32_FLOAT, 0, 0, 0, 0, 32, 0, FL, ES3 | GL | DR, 0, 0, 0),
   ROW(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, D24_UNORM_S8_UINT, 0, 0, 0, 0, 24, 8, UN, ES3 | GL | DR | SR, 0, 0, 0),
   ROW(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, D32_FLOAT_S8_UINT, 0, 0, 0, 0, 32, 8, FL, ES3 | GL | DR | SR, 0, 0, 0),
   /* ---- compressed (ES 3.0 table 3.19: texture-filterable, never renderable) ---- */
   ROW(GL_COMPRESSED_R11_EAC, GL_RED, EAC_R11_UNORM, 11, 0, 0, 0, 0, 0, UN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SIGNED_R11_EAC, GL_RED, EAC_R11_SNORM, 11, 0, 0, 0, 0, 0, SN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_RG11_EAC, GL_RG, EAC_R11G11_UNORM, 11, 11, 0, 0, 0, 0, UN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SIGNED_RG11_EAC, GL_RG, EAC_R11G11_SNORM, 11, 11, 0, 0, 0, 0, SN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_RGB8_ETC2, GL_RGB, ETC2_R8G8B8_UNORM, 8, 8, 8, 0, 0, 0, UN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SRGB8_ETC2, GL_RGB, ETC2_R8G8B8_SRGB, 8, 8, 8, 0, 0, 0, UN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, ETC2_R8G8B8A1_UNORM, 8, 8, 8, 1, 0, 0, UN,
       ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, ETC2_R8G8B8A1_SRGB, 8, 8, 8, 1, 0, 0, UN,
       ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA, ETC2_R8G8B8A8_UNORM, 8, 8, 8, 8, 0, 0, UN, ES3 | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_RGBA, ETC2_R8G8B8A8_SRGB, 8, 8, 8, 8, 0, 0, UN, ES3 | CMP | TF, 0, 0,
       0),
   /* OES_compressed_ETC1_RGB8_texture (ES 2.0 and 3.0): ETC1 blocks are RGB8 ETC2 blocks */
   ROW(GL_ETC1_RGB8_OES, GL_RGB, ETC2_R8G8B8_UNORM, 8, 8, 8, 0, 0, 0, UN, CMP | TF, 0, 0, 0),
   /* OpenGL 3.0+ core's RGTC (GL 3.3 table 3.14; not in ES 3.0). The sizes are those of "an
    * uncompressed internal format that produces an image of roughly the same quality" (GL 3.3
    * section 6.1.3): the 8-bit endpoints. */
   ROW(GL_COMPRESSED_RED_RGTC1, GL_RED, BC4_UNORM, 8, 0, 0, 0, 0, 0, UN, GL | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, BC4_SNORM, 8, 0, 0, 0, 0, 0, SN, GL | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_RG_RGTC2, GL_RG, BC5_UNORM, 8, 8, 0, 0, 0, 0, UN, GL | CMP | TF, 0, 0, 0),
   ROW(GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, BC5_SNORM, 8, 8, 0, 0, 0, 0, SN, GL | CMP | TF, 0, 0, 0),
   /* EXT_texture_format_BGRA8888 (ES): BGRA_EXT texels, stored as RGBA8 (the client reorders
    * at upload and read-back); colour-renderable as the extension's later revisions and ANGLE
    * take it */
   ROW(GL_BGRA8_EXT, GL_BGRA_EXT, R8G8B8A8_UNORM, 8, 8, 8, 8, 0, 0, UN, UNSZ | CR | TF, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE),
   /* ---- effective formats of ES's unsized ALPHA / LUMINANCE / LUMINANCE_ALPHA ---- */
   ROW(GL_ALPHA8, GL_ALPHA, R8_UNORM, 0, 0, 0, 8, 0, 0, UN, UNSZ | TF, GLF_SWZ_ALPHA, 0, 0),
   ROW(GL_LUMINANCE8, GL_LUMINANCE, R8_UNORM, 0, 0, 0, 0, 0, 0, UN, UNSZ | TF, GLF_SWZ_LUMINANCE, 0, 0),
   ROW(GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, R8G8_UNORM, 0, 0, 0, 8, 0, 0, UN, UNSZ | TF, GLF_SWZ_LUMINANCE_ALPHA, 0, 0),
   ROW(GLF_ALPHA16F, GL_ALPHA, R16_FLOAT, 0, 0, 0, 16, 0, 0, FL, UNSZ | TF, GLF_SWZ_ALPHA, 0, 0),
   ROW(GLF_LUMINANCE16F, GL_LUMINANCE, R16_FLOAT, 0, 0, 0, 0, 0, 0, FL, UNSZ | TF, GLF_SWZ_LUMINANCE, 0, 0),
   ROW(GLF_LUMINANCE_ALPHA16F, GL_LUMINANCE_ALPHA, R16G16_FLOAT, 0, 0, 0, 16, 0, 0, FL, UNSZ | TF,
       GLF_SWZ_LUMINANCE_ALPHA, 0, 0),
   ROW(GLF_ALPHA32F, GL_ALPHA, R32_FLOAT, 0, 0, 0, 32, 0, 0, FL, UNSZ | TFF, GLF_SWZ_ALPHA, 0, 0),
   ROW(GLF_LUMINANCE32F, GL_LUMINANCE, R32_FLOAT, 0, 0, 0, 0, 0, 0, FL, UNSZ | TFF, GLF_SWZ_LUMINANCE, 0, 0),
   ROW(GLF_LUMINANCE_ALPHA32F, GL_LUMINANCE_ALPHA, R32G32_FLOAT, 0, 0, 0, 32, 0, 0, FL, UNSZ | TFF,
       GLF_SWZ_LUMINANCE_ALPHA, 0, 0),
};

/* OpenGL 3.3 internal formats that name no exact storage: "the GL may ... choose an internal
 * representation" with at least the requested resolution (GL 3.3 section 3.8.3), and the
 * unsized / generic compressed formats. */
static const struct {
   GLenum ifmt, as;
} gl_aliases[] = {
   {GL_RED, GL_R8}, {GL_RG, GL_RG8}, {GL_RGB, GL_RGB8}, {GL_RGBA, GL_RGBA8},
   {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT24}, {GL_DEPTH_STENCIL, GL_DEPTH24_STENCIL8},
   /* GL 3.3 table 3.17's DEPTH_COMPONENT32 (32-bit fixed point): no device depth format has
    * 32 fixed-point bits; 32-bit float keeps 24 bits of precision over [0, 1], as D24 does */
   {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT32F},
   {GL_COMPRESSED_RED, GL_R8}, {GL_COMPRESSED_RG, GL_RG8}, {GL_COMPRESSED_RGB, GL_RGB8},
   {GL_COMPRESSED_RGBA, GL_RGBA8}, {GL_COMPRESSED_SRGB, GL_SRGB8}, {GL_COMPRESSED_SRGB_ALPHA, GL_SRGB8_ALPHA8},
   {GL_SRGB, GL_SRGB8}, {GL_SRGB_ALPHA, GL_SRGB8_ALPHA8}, {GL_R3_G3_B2, GL_RGB565}, {GL_RGB4, GL_RGB565},
   {GL_RGB5, GL_RGB565}, {GL_RGBA2, GL_RGBA4}, {GL_RGB10, GL_RGB10_A2}, {GL_RGB12, GL_RGB16}, {GL_RGBA12, GL_RGBA16},
};

/* GL 3.3 section 3.8.3: "Generic compressed internal formats are never used directly as the
 * internal formats of texture images. If internalformat is one of the six generic compressed
 * internal formats, its value is replaced by the symbolic constant for a specific compressed
 * internal format of the GL's choosing ... If no specific compressed format is available,
 * internalformat is instead replaced by the corresponding base internal format." splitgl
 * stores them uncompressed (gl_aliases) and names them by their base format (the sRGB ones by
 * the unsized SRGB / SRGB_ALPHA, which keep the encoding). Other formats are returned as
 * they are. */
GLenum
glf_generic_compressed_base(GLenum ifmt)
{
   switch (ifmt) {
   case GL_COMPRESSED_RED: return GL_RED;
   case GL_COMPRESSED_RG: return GL_RG;
   case GL_COMPRESSED_RGB: return GL_RGB;
   case GL_COMPRESSED_RGBA: return GL_RGBA;
   case GL_COMPRESSED_SRGB: return GL_SRGB;
   case GL_COMPRESSED_SRGB_ALPHA: return GL_SRGB_ALPHA;
   default: return ifmt;
   }
}

/* ---- ES combinations ------------------------------------------------------------------------- */
#define A2 1u /* OpenGL ES 2.0 contexts */
#define A3 2u /* OpenGL ES 3.0 contexts */
#define AA (A2 | A3)

static const struct {
   GLenum ifmt, format, type, eff;
   uint8_t api;
} combos[] = {
   /* ES 3.0 table 3.2: sized internal formats */
   {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8, A3},
   {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGB5_A1, A3},
   {GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA4, A3},
   {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, GL_SRGB8_ALPHA8, A3},
   {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, GL_RGBA8_SNORM, A3},
   {GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4, A3},
   {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGB5_A1, A3},
   {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2, A3},
   {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB5_A1, A3},
   {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, GL_RGBA16F, A3},
   {GL_RGBA32F, GL_RGBA, GL_FLOAT, GL_RGBA32F, A3},
   {GL_RGBA16F, GL_RGBA, GL_FLOAT, GL_RGBA16F, A3},
   {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_RGBA8UI, A3},
   {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, GL_RGBA8I, A3},
   {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, GL_RGBA16UI, A3},
   {GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, GL_RGBA16I, A3},
   {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, GL_RGBA32UI, A3},
   {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, GL_RGBA32I, A3},
   {GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2UI, A3},
   {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8, A3},
   {GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, GL_RGB565, A3},
   {GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, GL_SRGB8, A3},
   {GL_RGB8_SNORM, GL_RGB, GL_BYTE, GL_RGB8_SNORM, A3},
   {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565, A3},
   {GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_R11F_G11F_B10F, A3},
   {GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_RGB9_E5, A3},
   {GL_RGB16F, GL_RGB, GL_HALF_FLOAT, GL_RGB16F, A3},
   {GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, GL_R11F_G11F_B10F, A3},
   {GL_RGB9_E5, GL_RGB, GL_HALF_FLOAT, GL_RGB9_E5, A3},
   {GL_RGB32F, GL_RGB, GL_FLOAT, GL_RGB32F, A3},
   {GL_RGB16F, GL_RGB, GL_FLOAT, GL_RGB16F, A3},
   {GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, GL_R11F_G11F_B10F, A3},
   {GL_RGB9_E5, GL_RGB, GL_FLOAT, GL_RGB9_E5, A3},
   {GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GL_RGB8UI, A3},
   {GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, GL_RGB8I, A3},
   {GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, GL_RGB16UI, A3},
   {GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, GL_RGB16I, A3},
   {GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, GL_RGB32UI, A3},
   {GL_RGB32I, GL_RGB_INTEGER, GL_INT, GL_RGB32I, A3},
   {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, GL_RG8, A3},
   {GL_RG8_SNORM, GL_RG, GL_BYTE, GL_RG8_SNORM, A3},
   {GL_RG16F, GL_RG, GL_HALF_FLOAT, GL_RG16F, A3},
   {GL_RG32F, GL_RG, GL_FLOAT, GL_RG32F, A3},
   {GL_RG16F, GL_RG, GL_FLOAT, GL_RG16F, A3},
   {GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE, GL_RG8UI, A3},
   {GL_RG8I, GL_RG_INTEGER, GL_BYTE, GL_RG8I, A3},
   {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, GL_RG16UI, A3},
   {GL_RG16I, GL_RG_INTEGER, GL_SHORT, GL_RG16I, A3},
   {GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, GL_RG32UI, A3},
   {GL_RG32I, GL_RG_INTEGER, GL_INT, GL_RG32I, A3},
   {GL_R8, GL_RED, GL_UNSIGNED_BYTE, GL_R8, A3},
   {GL_R8_SNORM, GL_RED, GL_BYTE, GL_R8_SNORM, A3},
   {GL_R16F, GL_RED, GL_HALF_FLOAT, GL_R16F, A3},
   {GL_R32F, GL_RED, GL_FLOAT, GL_R32F, A3},
   {GL_R16F, GL_RED, GL_FLOAT, GL_R16F, A3},
   {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, GL_R8UI, A3},
   {GL_R8I, GL_RED_INTEGER, GL_BYTE, GL_R8I, A3},
   {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, GL_R16UI, A3},
   {GL_R16I, GL_RED_INTEGER, GL_SHORT, GL_R16I, A3},
   {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, GL_R32UI, A3},
   {GL_R32I, GL_RED_INTEGER, GL_INT, GL_R32I, A3},
   {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT16, A3},
   {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT24, A3},
   {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT16, A3},
   {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, GL_DEPTH_COMPONENT32F, A3},
   {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8, A3},
   {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_DEPTH32F_STENCIL8, A3},
   /* ES 3.0 table 3.3 / ES 2.0 table 3.4: unsized internal formats */
   {GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8, AA},
   {GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA4, AA},
   {GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGB5_A1, AA},
   {GL_RGB, GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8, AA},
   {GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB565, AA},
   {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GL_LUMINANCE8_ALPHA8, AA},
   {GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_LUMINANCE8, AA},
   {GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, GL_ALPHA8, AA},
   /* OES_texture_half_float / OES_texture_float (ES 3.0 contexts also take HALF_FLOAT) */
   {GL_RGBA, GL_RGBA, GL_HALF_FLOAT_OES, GL_RGBA16F, AA},
   {GL_RGB, GL_RGB, GL_HALF_FLOAT_OES, GL_RGB16F, AA},
   {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_HALF_FLOAT_OES, GLF_LUMINANCE_ALPHA16F, AA},
   {GL_LUMINANCE, GL_LUMINANCE, GL_HALF_FLOAT_OES, GLF_LUMINANCE16F, AA},
   {GL_ALPHA, GL_ALPHA, GL_HALF_FLOAT_OES, GLF_ALPHA16F, AA},
   {GL_RGBA, GL_RGBA, GL_HALF_FLOAT, GL_RGBA16F, A3},
   {GL_RGB, GL_RGB, GL_HALF_FLOAT, GL_RGB16F, A3},
   {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_HALF_FLOAT, GLF_LUMINANCE_ALPHA16F, A3},
   {GL_LUMINANCE, GL_LUMINANCE, GL_HALF_FLOAT, GLF_LUMINANCE16F, A3},
   {GL_ALPHA, GL_ALPHA, GL_HALF_FLOAT, GLF_ALPHA16F, A3},
   {GL_RGBA, GL_RGBA, GL_FLOAT, GL_RGBA32F, AA},
   {GL_RGB, GL_RGB, GL_FLOAT, GL_RGB32F, AA},
   {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_FLOAT, GLF_LUMINANCE_ALPHA32F, AA},
   {GL_LUMINANCE, GL_LUMINANCE, GL_FLOAT, GLF_LUMINANCE32F, AA},
   {GL_ALPHA, GL_ALPHA, GL_FLOAT, GLF_ALPHA32F, AA},
   /* EXT_texture_format_BGRA8888 */
   {GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, GL_BGRA8_EXT, AA},
   {GL_BGRA8_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, GL_BGRA8_EXT, AA}, /* its sized name (2019 revision) */
   /* OES_depth_texture, OES_packed_depth_stencil */
   {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT16, AA},
   {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT24, AA},
   {GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH24_STENCIL8, AA},
};

/* ---- enums ------------------------------------------------------------------------------------ */
/* Format and type enums of the context's API (TexImage*, TexSubImage*, ReadPixels). */
bool
glf_valid_pixel_format(const struct glf_context *ctx, GLenum f)
{
   switch (f) {
   case GL_RGBA: case GL_RGB: case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA: case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
      return true;
   case GL_RED: case GL_RG: case GL_RED_INTEGER: case GL_RG_INTEGER: case GL_RGB_INTEGER: case GL_RGBA_INTEGER:
      return !(GLF_ES(ctx) && ctx->major < 3);
   case GL_BGRA: /* ES: EXT_texture_format_BGRA8888 / EXT_read_format_bgra (GL_BGRA_EXT) */
      return true;
   case GL_BGR: case GL_GREEN: case GL_BLUE: case GL_GREEN_INTEGER: case GL_BLUE_INTEGER:
   case GL_BGR_INTEGER: case GL_BGRA_INTEGER: case GL_STENCIL_INDEX:
      return GLF_CORE(ctx);
   default:
      return false;
   }
}

bool
glf_valid_pixel_type(const struct glf_context *ctx, GLenum t)
{
   switch (t) {
   case GL_UNSIGNED_BYTE: case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_SHORT: case GL_UNSIGNED_INT: case GL_FLOAT:
   case GL_UNSIGNED_INT_24_8:
      return true;
   case GL_HALF_FLOAT_OES:
      return GLF_ES(ctx);
   case GL_BYTE: case GL_SHORT: case GL_INT: case GL_HALF_FLOAT: case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV: case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      return !(GLF_ES(ctx) && ctx->major < 3);
   case GL_UNSIGNED_SHORT_4_4_4_4_REV: case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      return true; /* ES: EXT_read_format_bgra's (with BGRA_EXT, read-back only) */
   case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV: case GL_UNSIGNED_SHORT_5_6_5_REV:
   case GL_UNSIGNED_INT_8_8_8_8:
   case GL_UNSIGNED_INT_8_8_8_8_REV: case GL_UNSIGNED_INT_10_10_10_2:
      return GLF_CORE(ctx);
   default:
      return false;
   }
}

/* ---- lookups ------------------------------------------------------------------------------------ */
const struct glf_format *
glf_format_by_ifmt(GLenum ifmt)
{
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(formats); i++)
      if (formats[i].ifmt == ifmt)
         return &formats[i];
   return NULL;
}

/* A sized internal format the context's API accepts (TexStorage*, RenderbufferStorage, and
 * GL's TexImage*), GL's aliases resolved; NULL if none. */
const struct glf_format *
glf_sized_format(const struct glf_context *ctx, GLenum ifmt)
{
   if (GLF_CORE(ctx)) {
      for (unsigned i = 0; i < GLF_ARRAY_SIZE(gl_aliases); i++)
         if (gl_aliases[i].ifmt == ifmt)
            ifmt = gl_aliases[i].as;
   }
   const struct glf_format *f = glf_format_by_ifmt(ifmt);
   if (!f || !(f->flags & (GLF_CORE(ctx) ? GLF_FMT_GL : GLF_FMT_ES3)) || (GLF_ES(ctx) && ctx->major < 3) ||
       (f->flags & GLF_FMT_COMPRESSED))
      return NULL;
   return f;
}

/* The ETC2 / EAC formats in ES 3.0 contexts, ETC1 in ES 2.0 and 3.0; the RGTC formats in GL
 * core contexts (GL 3.3 table 3.14; GL 3.3 core requires no ETC2). */
const struct glf_format *
glf_compressed_format(const struct glf_context *ctx, GLenum ifmt)
{
   const struct glf_format *f = glf_format_by_ifmt(ifmt);
   if (!f || !(f->flags & GLF_FMT_COMPRESSED))
      return NULL;
   if (GLF_CORE(ctx) ? !(f->flags & GLF_FMT_GL) : (f->flags & GLF_FMT_GL) != 0)
      return NULL;
   if (GLF_ES(ctx) && f->ifmt != GL_ETC1_RGB8_OES && ctx->major < 3)
      return NULL;
   return glf_format_supported(ctx, f) ? f : NULL;
}

/* GL_COMPRESSED_TEXTURE_FORMATS lists the formats "suitable for general-purpose usage" only
 * (GL 3.3 section 6.1.3 by way of ARB_texture_compression_rgtc, issue "Should ... be
 * enumerated by COMPRESSED_TEXTURE_FORMATS?": no, as Mesa does): the RGTC formats are
 * accepted by the compressed calls but not listed, so a GL core context lists none. */
unsigned
glf_compressed_formats(const struct glf_context *ctx, GLenum *out, unsigned max)
{
   unsigned n = 0;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(formats); i++) {
      if (!glf_compressed_format(ctx, formats[i].ifmt) || (formats[i].flags & GLF_FMT_GL))
         continue;
      if (n < max)
         out[n] = formats[i].ifmt;
      n++;
   }
   return n;
}

bool
glf_has_etc1(const struct glf_context *ctx)
{
   return glf_compressed_format(ctx, GL_ETC1_RGB8_OES) != NULL;
}

/* GL_ARB / EXT_texture_compression_rgtc: a GL core context that takes all four RGTC formats */
bool
glf_has_rgtc(const struct glf_context *ctx)
{
   return glf_compressed_format(ctx, GL_COMPRESSED_RED_RGTC1) && glf_compressed_format(ctx, GL_COMPRESSED_SIGNED_RED_RGTC1) &&
          glf_compressed_format(ctx, GL_COMPRESSED_RG_RGTC2) && glf_compressed_format(ctx, GL_COMPRESSED_SIGNED_RG_RGTC2);
}

/* GL_ARB_texture_multisample: some colour format renders and samples multisampled */
bool
glf_has_texture_multisample(const struct glf_context *ctx)
{
   return ctx->limits.max_color_texture_samples > 1;
}

/* GL_ARB_texture_buffer_object: the device reads some format from texel buffers */
bool
glf_has_texture_buffer(const struct glf_context *ctx)
{
   return ctx->limits.texel_buffer_formats != 0;
}

/* A capability mask's bit for wfmt; a server without the table (both words 0) allows all. */
static bool
mask_allows(const uint64_t m[2], uint32_t wfmt)
{
   return (!m[0] && !m[1]) || wire_format_mask_has(m, wfmt);
}

/* Whether the device has storage (it samples the wire format) for f. */
bool
glf_format_supported(const struct glf_context *ctx, const struct glf_format *f)
{
   return mask_allows(ctx->limits.sampled_formats, f->wfmt);
}

/* OpenGL 3.3's TexImage* rules (section 3.8.3): the internal format decides the storage, the
 * format / type only how the data is read. "INVALID_OPERATION if internalformat is integer and
 * format is not, or the reverse"; "The error INVALID_OPERATION is generated if one of the base
 * internal format and format is DEPTH_COMPONENT or DEPTH_STENCIL, and the other is neither of
 * these values": depth / stencil data of either kind goes into a depth format of either kind
 * (a depth-only texture keeps the depth of DEPTH_STENCIL data; a depth-stencil texture given
 * DEPTH_COMPONENT data gets stencil 0); packed types must match the format's component count
 * (checked by glf_pixfmt). */
static GLenum
gl_combo(const struct glf_context *ctx, GLenum ifmt, GLenum format, GLenum type, const struct glf_format **out)
{
   const struct glf_format *f = glf_sized_format(ctx, ifmt);
   struct glf_pixfmt pf;
   /* "If internalformat is a specific compressed texture format, the compressed image will
    * be ... decoded" when it is used: the GL compresses what TexImage* gives it (RGTC, GL 3.3
    * section 3.8.3; texture.c encodes it) */
   if (!f)
      f = glf_compressed_format(ctx, ifmt);
   if (!f)
      return GL_INVALID_VALUE; /* GL 3.3: "internalformat ... not one of the accepted" values */
   if (!glf_pixfmt(format, type, &pf))
      return GL_INVALID_OPERATION;
   bool int_fmt = wire_format_is_integer(f->wfmt), depth = f->bits[4] || f->bits[5];
   if (pf.integer != int_fmt || pf.depth != depth || format == GL_STENCIL_INDEX || format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA || format == GL_ALPHA)
      return GL_INVALID_OPERATION;
   *out = f;
   return GL_NO_ERROR;
}

GLenum
glf_find_combo(const struct glf_context *ctx, GLenum ifmt, GLenum format, GLenum type, const struct glf_format **out)
{
   *out = NULL;
   if (GLF_CORE(ctx))
      return gl_combo(ctx, ifmt, format, type, out);
   uint8_t api = ctx->major >= 3 ? A3 : A2;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(combos); i++) {
      if (combos[i].ifmt == ifmt && combos[i].format == format && combos[i].type == type && (combos[i].api & api)) {
         *out = glf_format_by_ifmt(combos[i].eff);
         return *out ? GL_NO_ERROR : GL_INVALID_OPERATION;
      }
   }
   /* From the OpenGL ES 3.0 spec, section 3.8.3: an internalformat that is no internal format
    * at all is INVALID_VALUE (ES 2.0: INVALID_VALUE too); a valid one with a format / type
    * pair that table 3.2 / 3.3 does not list is INVALID_OPERATION. */
   bool known = false;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(combos); i++)
      if (combos[i].ifmt == ifmt && (combos[i].api & api))
         known = true;
   if (!known)
      return GL_INVALID_VALUE;
   return GL_INVALID_OPERATION;
}

/* ES 3.0 section 3.8.5: TexSubImage's format / type must be a combination table 3.2 / 3.3
 * allows for the image's internal format (as given, or its effective sized format). */
bool
glf_combo_allowed(const struct glf_context *ctx, GLenum ifmt, const struct glf_format *eff, GLenum format, GLenum type)
{
   const struct glf_format *f;
   if (glf_find_combo(ctx, ifmt, format, type, &f) == GL_NO_ERROR && f == eff)
      return true;
   return eff && glf_find_combo(ctx, eff->ifmt, format, type, &f) == GL_NO_ERROR && f == eff;
}

/* ---- properties --------------------------------------------------------------------------------- */
static bool
device_renders(const struct glf_context *ctx, const struct glf_format *f)
{
   return !(f->flags & GLF_FMT_COMPRESSED) && mask_allows(ctx->limits.renderable_formats, f->wfmt);
}

bool
glf_format_color_renderable(const struct glf_context *ctx, const struct glf_format *f)
{
   if (!f || f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL)
      return false;
   bool spec = (f->flags & GLF_FMT_COLOR_RENDER) || (GLF_CORE(ctx) && (f->flags & GLF_FMT_COLOR_RENDER_GL)) ||
               (GLF_ES3(ctx) && (f->flags & GLF_FMT_COLOR_RENDER_FLOAT) && glf_has_color_buffer_float(ctx));
   return spec && device_renders(ctx, f);
}

bool
glf_format_depth_renderable(const struct glf_context *ctx, const struct glf_format *f)
{
   return f && (f->flags & GLF_FMT_DEPTH_RENDER) && device_renders(ctx, f);
}

bool
glf_format_stencil_renderable(const struct glf_context *ctx, const struct glf_format *f)
{
   return f && (f->flags & GLF_FMT_STENCIL_RENDER) && device_renders(ctx, f);
}

/* Texture-filterable (ES 3.0 table 3.13's "texture-filterable"; 32-bit float with
 * OES_texture_float_linear; OpenGL 3.3 filters every non-integer colour format). */
bool
glf_format_filterable(const struct glf_context *ctx, const struct glf_format *f)
{
   if (!f || wire_format_is_integer(f->wfmt) || f->bits[4] || f->bits[5])
      return false;
   if (f->flags & GLF_FMT_FILTER)
      return true;
   return (f->flags & GLF_FMT_FILTER_FLOAT) && (GLF_CORE(ctx) || glf_has_float_linear(ctx));
}

/* ---- extensions the formats make possible --------------------------------------------------- */
static bool
device_samples(const struct glf_context *ctx, uint32_t wfmt, bool filter)
{
   return mask_allows(filter ? ctx->limits.filterable_formats : ctx->limits.sampled_formats, wfmt);
}

bool
glf_has_texture_float(const struct glf_context *ctx)
{
   return device_samples(ctx, WIRE_FMT_R32G32B32A32_FLOAT, false) && device_samples(ctx, WIRE_FMT_R16G16B16A16_FLOAT, false);
}

bool
glf_has_float_linear(const struct glf_context *ctx)
{
   return device_samples(ctx, WIRE_FMT_R32G32B32A32_FLOAT, true) && device_samples(ctx, WIRE_FMT_R32_FLOAT, true);
}

bool
glf_has_color_buffer_float(const struct glf_context *ctx)
{
   static const uint8_t need[] = {WIRE_FMT_R16_FLOAT, WIRE_FMT_R16G16_FLOAT, WIRE_FMT_R16G16B16A16_FLOAT,
                                  WIRE_FMT_R32_FLOAT, WIRE_FMT_R32G32_FLOAT, WIRE_FMT_R32G32B32A32_FLOAT,
                                  WIRE_FMT_R11G11B10_FLOAT};
   if (!GLF_ES3(ctx))
      return false;
   for (unsigned i = 0; i < sizeof(need); i++)
      if (!mask_allows(ctx->limits.renderable_formats, need[i]))
         return false;
   return true;
}

/* ---- names for the log ----------------------------------------------------------------------- */
static const struct {
   GLenum e;
   const char *name;
} enum_names[] = {
   {GL_R8, "GL_R8"},
   {GL_RG8, "GL_RG8"},
   {GL_RGB8, "GL_RGB8"},
   {GL_RGBA8, "GL_RGBA8"},
   {GL_RGB565, "GL_RGB565"},
   {GL_RGBA4, "GL_RGBA4"},
   {GL_RGB5_A1, "GL_RGB5_A1"},
   {GL_RGB10_A2, "GL_RGB10_A2"},
   {GL_SRGB8, "GL_SRGB8"},
   {GL_SRGB8_ALPHA8, "GL_SRGB8_ALPHA8"},
   {GL_R8_SNORM, "GL_R8_SNORM"},
   {GL_RG8_SNORM, "GL_RG8_SNORM"},
   {GL_RGB8_SNORM, "GL_RGB8_SNORM"},
   {GL_RGBA8_SNORM, "GL_RGBA8_SNORM"},
   {GL_R16, "GL_R16"},
   {GL_RG16, "GL_RG16"},
   {GL_RGB16, "GL_RGB16"},
   {GL_RGBA16, "GL_RGBA16"},
   {GL_R16_SNORM, "GL_R16_SNORM"},
   {GL_RG16_SNORM, "GL_RG16_SNORM"},
   {GL_RGB16_SNORM, "GL_RGB16_SNORM"},
   {GL_RGBA16_SNORM, "GL_RGBA16_SNORM"},
   {GL_R16F, "GL_R16F"},
   {GL_RG16F, "GL_RG16F"},
   {GL_RGB16F, "GL_RGB16F"},
   {GL_RGBA16F, "GL_RGBA16F"},
   {GL_R32F, "GL_R32F"},
   {GL_RG32F, "GL_RG32F"},
   {GL_RGB32F, "GL_RGB32F"},
   {GL_RGBA32F, "GL_RGBA32F"},
   {GL_R11F_G11F_B10F, "GL_R11F_G11F_B10F"},
   {GL_RGB9_E5, "GL_RGB9_E5"},
   {GL_R8UI, "GL_R8UI"},
   {GL_R8I, "GL_R8I"},
   {GL_R16UI, "GL_R16UI"},
   {GL_R16I, "GL_R16I"},
   {GL_R32UI, "GL_R32UI"},
   {GL_R32I, "GL_R32I"},
   {GL_RG8UI, "GL_RG8UI"},
   {GL_RG8I, "GL_RG8I"},
   {GL_RG16UI, "GL_RG16UI"},
   {GL_RG16I, "GL_RG16I"},
   {GL_RG32UI, "GL_RG32UI"},
   {GL_RG32I, "GL_RG32I"},
   {GL_RGB8UI, "GL_RGB8UI"},
   {GL_RGB8I, "GL_RGB8I"},
   {GL_RGB16UI, "GL_RGB16UI"},
   {GL_RGB16I, "GL_RGB16I"},
   {GL_RGB32UI, "GL_RGB32UI"},
   {GL_RGB32I, "GL_RGB32I"},
   {GL_RGBA8UI, "GL_RGBA8UI"},
   {GL_RGBA8I, "GL_RGBA8I"},
   {GL_RGBA16UI, "GL_RGBA16UI"},
   {GL_RGBA16I, "GL_RGBA16I"},
   {GL_RGBA32UI, "GL_RGBA32UI"},
   {GL_RGBA32I, "GL_RGBA32I"},
   {GL_RGB10_A2UI, "GL_RGB10_A2UI"},
   {GL_DEPTH_COMPONENT16, "GL_DEPTH_COMPONENT16"},
   {GL_DEPTH_COMPONENT24, "GL_DEPTH_COMPONENT24"},
   {GL_DEPTH_COMPONENT32F, "GL_DEPTH_COMPONENT32F"},
   {GL_DEPTH24_STENCIL8, "GL_DEPTH24_STENCIL8"},
   {GL_DEPTH32F_STENCIL8, "GL_DEPTH32F_STENCIL8"},
   {GL_STENCIL_INDEX8, "GL_STENCIL_INDEX8"},
   {GL_ALPHA8, "GL_ALPHA8"},
   {GL_LUMINANCE8, "GL_LUMINANCE8"},
   {GL_LUMINANCE8_ALPHA8, "GL_LUMINANCE8_ALPHA8"},
   {GL_RED, "GL_RED"},
   {GL_RG, "GL_RG"},
   {GL_RGB, "GL_RGB"},
   {GL_RGBA, "GL_RGBA"},
   {GL_BGR, "GL_BGR"},
   {GL_BGRA, "GL_BGRA"},
   {GL_GREEN, "GL_GREEN"},
   {GL_BLUE, "GL_BLUE"},
   {GL_ALPHA, "GL_ALPHA"},
   {GL_LUMINANCE, "GL_LUMINANCE"},
   {GL_LUMINANCE_ALPHA, "GL_LUMINANCE_ALPHA"},
   {GL_RED_INTEGER, "GL_RED_INTEGER"},
   {GL_RG_INTEGER, "GL_RG_INTEGER"},
   {GL_RGB_INTEGER, "GL_RGB_INTEGER"},
   {GL_RGBA_INTEGER, "GL_RGBA_INTEGER"},
   {GL_BGR_INTEGER, "GL_BGR_INTEGER"},
   {GL_BGRA_INTEGER, "GL_BGRA_INTEGER"},
   {GL_GREEN_INTEGER, "GL_GREEN_INTEGER"},
   {GL_BLUE_INTEGER, "GL_BLUE_INTEGER"},
   {GL_DEPTH_COMPONENT, "GL_DEPTH_COMPONENT"},
   {GL_DEPTH_STENCIL, "GL_DEPTH_STENCIL"},
   {GL_STENCIL_INDEX, "GL_STENCIL_INDEX"},
   {GL_SRGB, "GL_SRGB"},
   {GL_SRGB_ALPHA, "GL_SRGB_ALPHA"},
   {GL_COMPRESSED_RED, "GL_COMPRESSED_RED"},
   {GL_COMPRESSED_RG, "GL_COMPRESSED_RG"},
   {GL_COMPRESSED_RGB, "GL_COMPRESSED_RGB"},
   {GL_COMPRESSED_RGBA, "GL_COMPRESSED_RGBA"},
   {GL_COMPRESSED_R11_EAC, "GL_COMPRESSED_R11_EAC"},
   {GL_COMPRESSED_SIGNED_R11_EAC, "GL_COMPRESSED_SIGNED_R11_EAC"},
   {GL_COMPRESSED_RG11_EAC, "GL_COMPRESSED_RG11_EAC"},
   {GL_COMPRESSED_SIGNED_RG11_EAC, "GL_COMPRESSED_SIGNED_RG11_EAC"},
   {GL_COMPRESSED_RED_RGTC1, "GL_COMPRESSED_RED_RGTC1"},
   {GL_COMPRESSED_SIGNED_RED_RGTC1, "GL_COMPRESSED_SIGNED_RED_RGTC1"},
   {GL_COMPRESSED_RG_RGTC2, "GL_COMPRESSED_RG_RGTC2"},
   {GL_COMPRESSED_SIGNED_RG_RGTC2, "GL_COMPRESSED_SIGNED_RG_RGTC2"},
   {GL_COMPRESSED_RGB8_ETC2, "GL_COMPRESSED_RGB8_ETC2"},
   {GL_COMPRESSED_SRGB8_ETC2, "GL_COMPRESSED_SRGB8_ETC2"},
   {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, "GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2"},
   {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, "GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2"},
   {GL_COMPRESSED_RGBA8_ETC2_EAC, "GL_COMPRESSED_RGBA8_ETC2_EAC"},
   {GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, "GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC"},
   {GL_ETC1_RGB8_OES, "GL_ETC1_RGB8_OES"},
   {GL_R3_G3_B2, "GL_R3_G3_B2"},
   {GL_RGB4, "GL_RGB4"},
   {GL_RGB5, "GL_RGB5"},
   {GL_RGBA2, "GL_RGBA2"},
   {GL_RGB10, "GL_RGB10"},
   {GL_RGB12, "GL_RGB12"},
   {GL_RGBA12, "GL_RGBA12"},
   {GL_UNSIGNED_BYTE, "GL_UNSIGNED_BYTE"},
   {GL_BYTE, "GL_BYTE"},
   {GL_UNSIGNED_SHORT, "GL_UNSIGNED_SHORT"},
   {GL_SHORT, "GL_SHORT"},
   {GL_UNSIGNED_INT, "GL_UNSIGNED_INT"},
   {GL_INT, "GL_INT"},
   {GL_HALF_FLOAT, "GL_HALF_FLOAT"},
   {GL_HALF_FLOAT_OES, "GL_HALF_FLOAT_OES"},
   {GL_FLOAT, "GL_FLOAT"},
   {GL_UNSIGNED_SHORT_5_6_5, "GL_UNSIGNED_SHORT_5_6_5"},
   {GL_UNSIGNED_SHORT_4_4_4_4, "GL_UNSIGNED_SHORT_4_4_4_4"},
   {GL_UNSIGNED_SHORT_5_5_5_1, "GL_UNSIGNED_SHORT_5_5_5_1"},
   {GL_UNSIGNED_INT_2_10_10_10_REV, "GL_UNSIGNED_INT_2_10_10_10_REV"},
   {GL_UNSIGNED_INT_10F_11F_11F_REV, "GL_UNSIGNED_INT_10F_11F_11F_REV"},
   {GL_UNSIGNED_INT_5_9_9_9_REV, "GL_UNSIGNED_INT_5_9_9_9_REV"},
   {GL_UNSIGNED_INT_24_8, "GL_UNSIGNED_INT_24_8"},
   {GL_FLOAT_32_UNSIGNED_INT_24_8_REV, "GL_FLOAT_32_UNSIGNED_INT_24_8_REV"},
   {GL_UNSIGNED_BYTE_3_3_2, "GL_UNSIGNED_BYTE_3_3_2"},
   {GL_UNSIGNED_BYTE_2_3_3_REV, "GL_UNSIGNED_BYTE_2_3_3_REV"},
   {GL_UNSIGNED_SHORT_5_6_5_REV, "GL_UNSIGNED_SHORT_5_6_5_REV"},
   {GL_UNSIGNED_SHORT_4_4_4_4_REV, "GL_UNSIGNED_SHORT_4_4_4_4_REV"},
   {GL_UNSIGNED_SHORT_1_5_5_5_REV, "GL_UNSIGNED_SHORT_1_5_5_5_REV"},
   {GL_UNSIGNED_INT_8_8_8_8, "GL_UNSIGNED_INT_8_8_8_8"},
   {GL_UNSIGNED_INT_8_8_8_8_REV, "GL_UNSIGNED_INT_8_8_8_8_REV"},
   {GL_UNSIGNED_INT_10_10_10_2, "GL_UNSIGNED_INT_10_10_10_2"},
   {GL_TEXTURE_2D, "GL_TEXTURE_2D"},
   {GL_TEXTURE_3D, "GL_TEXTURE_3D"},
   {GL_TEXTURE_2D_ARRAY, "GL_TEXTURE_2D_ARRAY"},
   {GL_TEXTURE_CUBE_MAP, "GL_TEXTURE_CUBE_MAP"},
   {GL_TEXTURE_MIN_FILTER, "GL_TEXTURE_MIN_FILTER"},
   {GL_TEXTURE_MAG_FILTER, "GL_TEXTURE_MAG_FILTER"},
   {GL_TEXTURE_WRAP_S, "GL_TEXTURE_WRAP_S"},
   {GL_TEXTURE_WRAP_T, "GL_TEXTURE_WRAP_T"},
   {GL_TEXTURE_WRAP_R, "GL_TEXTURE_WRAP_R"},
   {GL_TEXTURE_MIN_LOD, "GL_TEXTURE_MIN_LOD"},
   {GL_TEXTURE_MAX_LOD, "GL_TEXTURE_MAX_LOD"},
   {GL_TEXTURE_BASE_LEVEL, "GL_TEXTURE_BASE_LEVEL"},
   {GL_TEXTURE_MAX_LEVEL, "GL_TEXTURE_MAX_LEVEL"},
   {GL_TEXTURE_COMPARE_MODE, "GL_TEXTURE_COMPARE_MODE"},
   {GL_TEXTURE_COMPARE_FUNC, "GL_TEXTURE_COMPARE_FUNC"},
   {GL_TEXTURE_SWIZZLE_R, "GL_TEXTURE_SWIZZLE_R"},
   {GL_TEXTURE_SWIZZLE_G, "GL_TEXTURE_SWIZZLE_G"},
   {GL_TEXTURE_SWIZZLE_B, "GL_TEXTURE_SWIZZLE_B"},
   {GL_TEXTURE_SWIZZLE_A, "GL_TEXTURE_SWIZZLE_A"},
   {GL_TEXTURE_SWIZZLE_RGBA, "GL_TEXTURE_SWIZZLE_RGBA"},
   {GL_TEXTURE_LOD_BIAS, "GL_TEXTURE_LOD_BIAS"},
   {GL_TEXTURE_BORDER_COLOR, "GL_TEXTURE_BORDER_COLOR"},
   {GL_TEXTURE_IMMUTABLE_FORMAT, "GL_TEXTURE_IMMUTABLE_FORMAT"},
   {GL_TEXTURE_IMMUTABLE_LEVELS, "GL_TEXTURE_IMMUTABLE_LEVELS"},
};

/* ---- names for the log -------------------------------------------------------------------------- */
/* "0x8d61 (GL_HALF_FLOAT_OES)": the enum's name where glf_enum_name knows it. */
const char *
glf_enum_str(GLenum e, char buf[64])
{
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(enum_names); i++) {
      if (enum_names[i].e == e) {
         snprintf(buf, 64, "%s (0x%x)", enum_names[i].name, e);
         return buf;
      }
   }
   snprintf(buf, 64, "0x%x", e);
   return buf;
}
