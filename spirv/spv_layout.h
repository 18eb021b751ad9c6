/* splitgl: the one descriptor-layout convention both servers consume.
 *
 * Everything a GL program reads through descriptors lives in descriptor set SPV_SET_MAIN:
 *   binding SPV_BINDING_DEFAULT_UBO          the default uniform block (loose uniforms of all
 *                                            stages, std140-like layout from glslang)
 *   binding SPV_BINDING_SAMPLER_BASE + i     spv_program_info.samplers[i] (combined image
 *                                            sampler; arrays use descriptorCount)
 *   binding SPV_BINDING_UBO_BASE + k         the k-th named uniform block declaration (an
 *                                            array of blocks is one binding with one descriptor
 *                                            per element; spv_program_info.blocks says which)
 * No push constants are used yet.
 *
 * Specialization constants (vertex stage) the generated modules may declare; a user shader
 * cannot declare any (GL has no constant_id in GLSL source):
 *   SPV_SPEC_POINT_SIZE  float, desktop GL vertex shaders (spv_program_info.point_size_spec):
 *                        > 0: the point size (glPointSize, GL_PROGRAM_POINT_SIZE disabled);
 *                        0:   the shader's gl_PointSize decides (1.0 if it writes none).
 *   SPV_SPEC_POINT_ORIGIN int, fragment shaders that read gl_PointCoord
 *                        (spv_program_info.fs_point_origin_spec, derived by the parser):
 *                        0: GL_POINT_SPRITE_COORD_ORIGIN UPPER_LEFT, 1: LOWER_LEFT.
 *   SPV_SPEC_CLIP_ENABLE int, the last vertex-processing stage of a desktop program that
 *                        writes gl_ClipDistance (spv_program_info.clip_enable_stage, derived
 *                        by the parser): bit i set when GL_CLIP_DISTANCEi is enabled
 *                        (wire_rast_state.clip_enable); a disabled distance is written 1.0
 *                        after the shader's own code, so it never clips.
 */
#ifndef SGL_SPIRV_LAYOUT_H
#define SGL_SPIRV_LAYOUT_H

#define SPV_SET_MAIN 0
#define SPV_BINDING_DEFAULT_UBO 0
#define SPV_BINDING_SAMPLER_BASE 1
#define SPV_MAX_SAMPLER_BINDINGS 32
#define SPV_BINDING_UBO_BASE (SPV_BINDING_SAMPLER_BASE + SPV_MAX_SAMPLER_BINDINGS)
/* GL uniform blocks one program may have (elements of block arrays counted): the wire's
 * WIRE_MAX_UNIFORM_BLOCKS, also the number of uniform-buffer binding points. */
#define SPV_MAX_UNIFORM_BLOCKS 36

#define SPV_SPEC_POINT_SIZE 0
#define SPV_SPEC_POINT_ORIGIN 1
#define SPV_SPEC_CLIP_ENABLE 2

#endif
