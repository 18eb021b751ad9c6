/* Espryt: every host GL ES entry point Espryt calls, declared once.
 *   ES_GL(return type, name without the gl prefix, (parameters))
 * es_dispatch_init (egl.c) fills one `struct es_gl` per backend from the host vendor's
 * eglGetProcAddress; nothing in server_gles/ calls a GL symbol by name, so splitgl's own
 * exports never meet the host's. A name here being non-NULL says nothing about support
 * (Mesa returns a stub for any name): what may be called beyond ES 3.0 is decided by the
 * feature table (es_features.h).
 *   ES_GL_OPT(...): an entry point of a feature a host may lack (NVIDIA's ES returns NULL for
 * names it does not have): not required at start; the feature needs it non-NULL (caps.c). */
ES_GL(GLenum, GetError, (void))
ES_GL(void, GetIntegerv, (GLenum pname, GLint *data))
ES_GL(void, GetInteger64v, (GLenum pname, GLint64 *data))
ES_GL(void, GetIntegeri_v, (GLenum target, GLuint index, GLint *data))
ES_GL(void, GetFloatv, (GLenum pname, GLfloat *data))
ES_GL(const GLubyte *, GetString, (GLenum name))
ES_GL(const GLubyte *, GetStringi, (GLenum name, GLuint index))
ES_GL(void, GetInternalformativ, (GLenum target, GLenum internalformat, GLenum pname, GLsizei count, GLint *params))
ES_GL(void, Enable, (GLenum cap))
ES_GL(void, Disable, (GLenum cap))
ES_GL(void, Enablei, (GLenum target, GLuint index))
ES_GL(void, Disablei, (GLenum target, GLuint index))
ES_GL(void, Flush, (void))
ES_GL(void, Finish, (void))
ES_GL(void, PixelStorei, (GLenum pname, GLint param))
/* buffers */
ES_GL(void, GenBuffers, (GLsizei n, GLuint *buffers))
ES_GL(void, DeleteBuffers, (GLsizei n, const GLuint *buffers))
ES_GL(void, BindBuffer, (GLenum target, GLuint buffer))
ES_GL(void, BindBufferRange, (GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size))
ES_GL(void, BindBufferBase, (GLenum target, GLuint index, GLuint buffer))
ES_GL(void, BufferData, (GLenum target, GLsizeiptr size, const void *data, GLenum usage))
ES_GL(void, BufferSubData, (GLenum target, GLintptr offset, GLsizeiptr size, const void *data))
ES_GL(void *, MapBufferRange, (GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access))
ES_GL(GLboolean, UnmapBuffer, (GLenum target))
ES_GL(void, CopyBufferSubData, (GLenum rt, GLenum wt, GLintptr ro, GLintptr wo, GLsizeiptr size))
/* textures, renderbuffers */
ES_GL(void, GenTextures, (GLsizei n, GLuint *textures))
ES_GL(void, DeleteTextures, (GLsizei n, const GLuint *textures))
ES_GL(void, BindTexture, (GLenum target, GLuint texture))
ES_GL(void, ActiveTexture, (GLenum texture))
ES_GL(void, TexStorage2D, (GLenum target, GLsizei levels, GLenum ifmt, GLsizei w, GLsizei h))
ES_GL(void, TexStorage3D, (GLenum target, GLsizei levels, GLenum ifmt, GLsizei w, GLsizei h, GLsizei d))
ES_GL(void, TexSubImage2D, (GLenum target, GLint level, GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
                            GLenum type, const void *pixels))
ES_GL(void, TexSubImage3D, (GLenum target, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
                            GLenum format, GLenum type, const void *pixels))
ES_GL(void, TexParameteri, (GLenum target, GLenum pname, GLint param))
ES_GL(void, TexBufferEXT, (GLenum target, GLenum ifmt, GLuint buffer)) /* EXT_texture_buffer's name (ES 3.2: TexBuffer) */
ES_GL(void, TexStorage2DMultisample, (GLenum target, GLsizei samples, GLenum ifmt, GLsizei w, GLsizei h,
                                      GLboolean fixed))
/* OES_texture_storage_multisample_2d_array's name (ES 3.2: TexStorage3DMultisample) */
ES_GL(void, TexStorage3DMultisampleOES, (GLenum target, GLsizei samples, GLenum ifmt, GLsizei w, GLsizei h,
                                         GLsizei d, GLboolean fixed))
ES_GL(void, GenerateMipmap, (GLenum target))
ES_GL(void, CompressedTexSubImage2D, (GLenum target, GLint level, GLint x, GLint y, GLsizei w, GLsizei h,
                                      GLenum format, GLsizei size, const void *data))
ES_GL(void, CompressedTexSubImage3D, (GLenum target, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
                                      GLsizei d, GLenum format, GLsizei size, const void *data))
ES_GL(void, CopyImageSubData, (GLuint src, GLenum srct, GLint srcl, GLint sx, GLint sy, GLint sz, GLuint dst,
                               GLenum dstt, GLint dstl, GLint dx, GLint dy, GLint dz, GLsizei w, GLsizei h, GLsizei d))
ES_GL(void, GenRenderbuffers, (GLsizei n, GLuint *rbs))
ES_GL(void, DeleteRenderbuffers, (GLsizei n, const GLuint *rbs))
ES_GL(void, BindRenderbuffer, (GLenum target, GLuint rb))
ES_GL(void, RenderbufferStorageMultisample, (GLenum target, GLsizei samples, GLenum ifmt, GLsizei w, GLsizei h))
/* framebuffers */
ES_GL(void, GenFramebuffers, (GLsizei n, GLuint *fbs))
ES_GL(void, DeleteFramebuffers, (GLsizei n, const GLuint *fbs))
ES_GL(void, BindFramebuffer, (GLenum target, GLuint fb))
ES_GL(void, FramebufferTexture2D, (GLenum target, GLenum att, GLenum textarget, GLuint tex, GLint level))
ES_GL(void, FramebufferTextureLayer, (GLenum target, GLenum att, GLuint tex, GLint level, GLint layer))
/* layered attachments (unsuffixed: ES 3.2; an EXT / OES_geometry_shader host's own suffixed
 * name replaces it, es_features_init) */
ES_GL(void, FramebufferTexture, (GLenum target, GLenum att, GLuint tex, GLint level))
ES_GL(void, FramebufferRenderbuffer, (GLenum target, GLenum att, GLenum rbtarget, GLuint rb))
ES_GL(void, GetFramebufferAttachmentParameteriv, (GLenum target, GLenum att, GLenum pname, GLint *params))
ES_GL(GLboolean, IsRenderbuffer, (GLuint rb))
ES_GL(void, GetRenderbufferParameteriv, (GLenum target, GLenum pname, GLint *params))
ES_GL(GLenum, CheckFramebufferStatus, (GLenum target))
ES_GL(void, DrawBuffers, (GLsizei n, const GLenum *bufs))
ES_GL(void, ReadBuffer, (GLenum src))
ES_GL(void, BlitFramebuffer, (GLint sx0, GLint sy0, GLint sx1, GLint sy1, GLint dx0, GLint dy0, GLint dx1, GLint dy1,
                              GLbitfield mask, GLenum filter))
ES_GL(void, ReadPixels, (GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type, void *pixels))
ES_GL(void, ClearBufferfv, (GLenum buffer, GLint drawbuffer, const GLfloat *value))
ES_GL(void, ClearBufferiv, (GLenum buffer, GLint drawbuffer, const GLint *value))
ES_GL(void, ClearBufferuiv, (GLenum buffer, GLint drawbuffer, const GLuint *value))
ES_GL(void, ClearBufferfi, (GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil))
/* fixed-function state */
ES_GL(void, ColorMask, (GLboolean r, GLboolean g, GLboolean b, GLboolean a))
ES_GL(void, ColorMaski, (GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a))
ES_GL(void, BlendFuncSeparate, (GLenum srgb, GLenum drgb, GLenum sa, GLenum da))
ES_GL(void, BlendFuncSeparatei, (GLuint buf, GLenum srgb, GLenum drgb, GLenum sa, GLenum da))
ES_GL(void, BlendEquationSeparate, (GLenum rgb, GLenum alpha))
ES_GL(void, BlendEquationSeparatei, (GLuint buf, GLenum rgb, GLenum alpha))
ES_GL(void, BlendColor, (GLfloat r, GLfloat g, GLfloat b, GLfloat a))
ES_GL(void, DepthMask, (GLboolean flag))
ES_GL(void, DepthFunc, (GLenum func))
ES_GL(void, StencilFuncSeparate, (GLenum face, GLenum func, GLint ref, GLuint mask))
ES_GL(void, StencilOpSeparate, (GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass))
ES_GL(void, StencilMaskSeparate, (GLenum face, GLuint mask))
ES_GL(void, CullFace, (GLenum mode))
ES_GL(void, FrontFace, (GLenum mode))
ES_GL(void, PolygonOffset, (GLfloat factor, GLfloat units))
ES_GL(void, LineWidth, (GLfloat width))
ES_GL(void, Viewport, (GLint x, GLint y, GLsizei w, GLsizei h))
ES_GL(void, DepthRangef, (GLfloat n, GLfloat f))
ES_GL(void, Scissor, (GLint x, GLint y, GLsizei w, GLsizei h))
ES_GL(void, SampleMaski, (GLuint index, GLbitfield mask))
/* samplers */
ES_GL(void, GenSamplers, (GLsizei n, GLuint *samplers))
ES_GL(void, DeleteSamplers, (GLsizei n, const GLuint *samplers))
ES_GL(void, BindSampler, (GLuint unit, GLuint sampler))
ES_GL(void, SamplerParameteri, (GLuint sampler, GLenum pname, GLint param))
ES_GL(void, SamplerParameterf, (GLuint sampler, GLenum pname, GLfloat param))
ES_GL(void, SamplerParameterfv, (GLuint sampler, GLenum pname, const GLfloat *param))
ES_GL(void, SamplerParameterIiv, (GLuint sampler, GLenum pname, const GLint *param))
ES_GL(void, SamplerParameterIuiv, (GLuint sampler, GLenum pname, const GLuint *param))
/* vertex input */
ES_GL(void, GenVertexArrays, (GLsizei n, GLuint *arrays))
ES_GL(void, DeleteVertexArrays, (GLsizei n, const GLuint *arrays))
ES_GL(void, BindVertexArray, (GLuint array))
ES_GL(void, EnableVertexAttribArray, (GLuint index))
ES_GL(void, DisableVertexAttribArray, (GLuint index))
ES_GL(void, VertexAttribPointer, (GLuint index, GLint size, GLenum type, GLboolean norm, GLsizei stride,
                                  const void *pointer))
ES_GL(void, VertexAttribIPointer, (GLuint index, GLint size, GLenum type, GLsizei stride, const void *pointer))
ES_GL(void, VertexAttribDivisor, (GLuint index, GLuint divisor))
ES_GL(void, VertexAttrib4fv, (GLuint index, const GLfloat *v))
/* programs */
ES_GL(GLuint, CreateShader, (GLenum type))
ES_GL(void, ShaderSource, (GLuint shader, GLsizei count, const GLchar *const *string, const GLint *length))
ES_GL(void, CompileShader, (GLuint shader))
ES_GL(void, GetShaderiv, (GLuint shader, GLenum pname, GLint *params))
ES_GL(void, GetShaderInfoLog, (GLuint shader, GLsizei size, GLsizei *length, GLchar *log))
ES_GL(void, DeleteShader, (GLuint shader))
ES_GL(GLuint, CreateProgram, (void))
ES_GL(void, AttachShader, (GLuint program, GLuint shader))
ES_GL(void, LinkProgram, (GLuint program))
ES_GL(void, GetProgramiv, (GLuint program, GLenum pname, GLint *params))
ES_GL(void, GetProgramInfoLog, (GLuint program, GLsizei size, GLsizei *length, GLchar *log))
ES_GL(void, DeleteProgram, (GLuint program))
ES_GL(void, UseProgram, (GLuint program))
ES_GL(void, ProgramParameteri, (GLuint program, GLenum pname, GLint value))
ES_GL(void, GetProgramBinary, (GLuint program, GLsizei size, GLsizei *length, GLenum *format, void *binary))
ES_GL(void, ProgramBinary, (GLuint program, GLenum format, const void *binary, GLsizei length))
ES_GL(GLint, GetUniformLocation, (GLuint program, const GLchar *name))
ES_GL(void, Uniform1iv, (GLint location, GLsizei count, const GLint *value))
ES_GL(GLuint, GetUniformBlockIndex, (GLuint program, const GLchar *name))
ES_GL(void, UniformBlockBinding, (GLuint program, GLuint index, GLuint binding))
/* verbs */
ES_GL(void, DrawArraysInstanced, (GLenum mode, GLint first, GLsizei count, GLsizei instances))
ES_GL(void, DrawElementsInstanced, (GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei instances))
ES_GL(void, DrawElementsInstancedBaseVertex, (GLenum mode, GLsizei count, GLenum type, const void *indices,
                                              GLsizei instances, GLint basevertex))
/* transform feedback, queries */
ES_GL(void, TransformFeedbackVaryings, (GLuint program, GLsizei count, const GLchar *const *varyings, GLenum mode))
ES_GL(void, BeginTransformFeedback, (GLenum mode))
ES_GL(void, EndTransformFeedback, (void))
ES_GL(void, GenQueries, (GLsizei n, GLuint *ids))
ES_GL(void, DeleteQueries, (GLsizei n, const GLuint *ids))
ES_GL(void, BeginQuery, (GLenum target, GLuint id))
ES_GL(void, EndQuery, (GLenum target))
ES_GL(void, GetQueryObjectuiv, (GLuint id, GLenum pname, GLuint *params))
ES_GL(void, GetQueryiv, (GLenum target, GLenum pname, GLint *params))
/* EXT_disjoint_timer_query's names */
ES_GL_OPT(void, QueryCounterEXT, (GLuint id, GLenum target))
ES_GL_OPT(void, GetQueryObjectui64vEXT, (GLuint id, GLenum pname, GLuint64 *params))
ES_GL_OPT(void, MemoryBarrier, (GLbitfield barriers)) /* ES 3.1 */
ES_GL_OPT(void, FramebufferFetchBarrierEXT, (void))   /* EXT_shader_framebuffer_fetch_non_coherent */
/* sync */
ES_GL(GLsync, FenceSync, (GLenum condition, GLbitfield flags))
ES_GL(GLenum, ClientWaitSync, (GLsync sync, GLbitfield flags, GLuint64 timeout))
ES_GL(void, DeleteSync, (GLsync sync))
