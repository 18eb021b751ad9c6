/* splitgl gl_front: the dirty-state atoms, declared once, in emit order.
 *
 * ATOM(FLAG, emit_fn): GLF_DIRTY_FLAG is the bit setters mark (after comparing old and new
 * values); emit.c walks this list at draw / clear time and calls emit_fn for each dirty bit,
 * then clears the mask. The order is the dependency order:
 *
 *   FRAMEBUFFER      first: the viewport/scissor defaults and clears refer to its extent,
 *                    and the server picks render-pass formats for the pipelines below.
 *   PROGRAM          before its bindings and constant buffer, which name the bound program.
 *   PROGRAM_BINDINGS sampler units of the bound program (glUniform1i on a sampler).
 *   CONSTBUF         the default uniform block image of the bound program (index 0).
 *   UNIFORM_BUFFERS  the indexed UNIFORM_BUFFER bindings (named blocks read them).
 *   VELEMS           depends on the program (which locations it reads: constant_mask) and
 *                    on the VAO's formats; before VERTEX_BUFFERS that feed it.
 *   VERTEX_BUFFERS   the VAO's buffers, or the streaming buffer for client arrays.
 *   SAMPLER_VIEWS    texture bindings and completeness (incomplete: null view).
 *   SAMPLER_STATES   the bound textures' sampling parameters (after the views they go with).
 *   BLEND, DSA, RAST constant state objects from plain GL state; DSA depends on whether the
 *                    framebuffer has depth / stencil (hence after FRAMEBUFFER).
 *   VIEWPORT         viewport + depth range.
 *   SCISSOR          scissor box (the enable lives in RAST).
 *   CONTEXT_VALUES   blend color, stencil refs.
 *   SAMPLE_STATE     the multisample mask and alpha-to-coverage / -one; depends on the
 *                    framebuffer's sample count (glSampleCoverage's bits), so after
 *                    FRAMEBUFFER, which marks it (emit.c).
 *   POINT_STATE      GL core's POINT_SPRITE_COORD_ORIGIN (SetPointState); independent of
 *                    the others (the server keys pipelines by it at draw time), so last.
 *   CLIP_STATE       GL core's CLIP_DISTANCEi enables (SetClipState); likewise.
 */
#ifndef SGL_GLF_STATE_ATOMS_H
#define SGL_GLF_STATE_ATOMS_H

#define GLF_ATOMS(ATOM)                                                                     \
   ATOM(FRAMEBUFFER, glf_emit_framebuffer)                                                  \
   ATOM(PROGRAM, glf_emit_program)                                                          \
   ATOM(PROGRAM_BINDINGS, glf_emit_program_bindings)                                        \
   ATOM(CONSTBUF, glf_emit_constbuf)                                                        \
   ATOM(UNIFORM_BUFFERS, glf_emit_uniform_buffers)                                          \
   ATOM(VELEMS, glf_emit_velems)                                                            \
   ATOM(VERTEX_BUFFERS, glf_emit_vertex_buffers)                                            \
   ATOM(SAMPLER_VIEWS, glf_emit_sampler_views)                                              \
   ATOM(SAMPLER_STATES, glf_emit_sampler_states)                                            \
   ATOM(BLEND, glf_emit_blend)                                                              \
   ATOM(DSA, glf_emit_dsa)                                                                  \
   ATOM(RAST, glf_emit_rast)                                                                \
   ATOM(VIEWPORT, glf_emit_viewport)                                                        \
   ATOM(SCISSOR, glf_emit_scissor)                                                          \
   ATOM(CONTEXT_VALUES, glf_emit_context_values)                                            \
   ATOM(SAMPLE_STATE, glf_emit_sample_state)                                                \
   ATOM(POINT_STATE, glf_emit_point_state)                                                  \
   ATOM(CLIP_STATE, glf_emit_clip_state)

enum glf_atom_index {
#define ATOM(flag, fn) GLF_ATOM_##flag,
   GLF_ATOMS(ATOM)
#undef ATOM
   GLF_ATOM_COUNT
};

enum glf_dirty_bits {
#define ATOM(flag, fn) GLF_DIRTY_##flag = 1ull << GLF_ATOM_##flag,
   GLF_ATOMS(ATOM)
#undef ATOM
};

#define GLF_DIRTY_ALL ((1ull << GLF_ATOM_COUNT) - 1)
#define GLF_DIRTY_TEXTURES (GLF_DIRTY_SAMPLER_VIEWS | GLF_DIRTY_SAMPLER_STATES)

#endif
