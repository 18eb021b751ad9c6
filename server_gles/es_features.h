/* Espryt: what the host driver offers beyond OpenGL ES 3.0, declared once.
 *   FEAT(name, gles_version, extensions...)
 * A feature is present when the host context's version (major * 10 + minor) is at least
 * gles_version (0: never by version alone) or the host lists any of the extensions. Every
 * use beyond ES 3.0 asks es_has(be, ES_FEAT_x); nothing else compares versions. The features
 * feed the capability table (caps.c). */
FEAT(GLSL_ES_310, 31)                                                   /* translate SPIR-V to GLSL ES 3.10 (layout(binding), varying locations) */
FEAT(GLSL_ES_320, 32)                                                   /* ... to GLSL ES 3.20: programs with a geometry stage (else 3.10 + EXT_geometry_shader) */
FEAT(SAMPLE_MASK, 31)                                                   /* glSampleMaski */
FEAT(INDEXED_BLEND, 32)           /* glEnablei / BlendFuncSeparatei / ColorMaski (unsuffixed names: ES 3.2 only) */
FEAT(BASE_VERTEX, 32)                                                   /* glDrawElementsInstancedBaseVertex (unsuffixed: ES 3.2) */
FEAT(BORDER_CLAMP, 32, "GL_EXT_texture_border_clamp", "GL_OES_texture_border_clamp") /* CLAMP_TO_BORDER, TEXTURE_BORDER_COLOR (same enums) */
FEAT(ANISOTROPY, 0, "GL_EXT_texture_filter_anisotropic")
FEAT(FLOAT_LINEAR, 0, "GL_OES_texture_float_linear")                    /* 32-bit float textures filter with LINEAR */
FEAT(NORM16, 0, "GL_EXT_texture_norm16")                                /* R16 / RG16 / RGB16 / RGBA16 (_SNORM) textures */
FEAT(COPY_IMAGE, 32)                                                    /* glCopyImageSubData: remint (resource.c) */
FEAT(INTEGER_BORDER, 32)                                                /* glSamplerParameterIiv / Iuiv (unsuffixed: ES 3.2): integer border colours */
FEAT(CLIP_CULL_DISTANCE, 0, "GL_EXT_clip_cull_distance")                /* gl_ClipDistance / gl_CullDistance in GLSL ES, CLIP_DISTANCEi_EXT enables */
FEAT(STENCIL_TEXTURING, 31)                                             /* DEPTH_STENCIL_TEXTURE_MODE: a depth / stencil texture read as its stencil */
FEAT(GEOMETRY_SHADER, 32, "GL_EXT_geometry_shader", "GL_OES_geometry_shader") /* geometry stages (GLSL ES 3.20, or 3.10 + the extension), their limits, layered attachments (glFramebufferTexture), PRIMITIVES_GENERATED */
FEAT(GEOMETRY_POINT_SIZE, 0, "GL_EXT_geometry_point_size", "GL_OES_geometry_point_size") /* gl_PointSize in geometry stages (be->gs_point_size_ext: the name the host lists) */
/* GL core's buffer textures: glTexBufferEXT, and samplerBuffer in GLSL ES 3.10, for which SPIRV-Cross writes
 * "#extension GL_EXT_texture_buffer : require" (an ES 3.2 host need not list it: the extension decides) */
FEAT(TEXTURE_BUFFER, 0, "GL_EXT_texture_buffer")
FEAT(MS_TEXTURE, 31)                                                    /* glTexStorage2DMultisample, sampler2DMS: GL core's multisample textures */
/* glTexStorage3DMultisampleOES, and sampler2DMSArray in GLSL ES 3.10, which needs the extension's directive
 * (an ES 3.2 host need not list it: the extension decides) */
FEAT(MS_TEXTURE_ARRAY, 0, "GL_OES_texture_storage_multisample_2d_array")
FEAT(SRGB_WRITE_CONTROL, 0, "GL_EXT_sRGB_write_control")               /* FRAMEBUFFER_SRGB_EXT: GL core's sRGB attachments without encoding */
FEAT(RGTC, 0, "GL_EXT_texture_compression_rgtc")                       /* BC4 / BC5 blocks as sent (else decoded at upload: format.c) */
FEAT(DUAL_SOURCE_BLEND, 0, "GL_EXT_blend_func_extended")               /* SRC1 blend factors, layout(index = 1) outputs, MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT */
FEAT(READ_DEPTH, 0, "GL_NV_read_depth")                                 /* glReadPixels of DEPTH_COMPONENT: depth-only surfaces */
FEAT(READ_DEPTH_STENCIL, 0, "GL_NV_read_depth_stencil")                 /* glReadPixels of DEPTH_STENCIL (packed types): depth / stencil surfaces */
FEAT(DEPTH_CLAMP, 0, "GL_EXT_depth_clamp")                               /* DEPTH_CLAMP_EXT (GL core's DEPTH_CLAMP, same enum) */
FEAT(TIMER_QUERY, 0, "GL_EXT_disjoint_timer_query")                    /* TIME_ELAPSED, QueryCounter(TIMESTAMP), GL_TIMESTAMP: GL core's time queries */
FEAT(ATOMIC_COUNTERS, 31)                                               /* atomic_uint, glMemoryBarrier: SAMPLES_PASSED counted (query.c) where the fragment stage has them */
FEAT(FRAMEBUFFER_FETCH, 0, "GL_EXT_shader_framebuffer_fetch")          /* inout fragment outputs: GL core's logic op (program.c) */
FEAT(FRAMEBUFFER_FETCH_NC, 0, "GL_EXT_shader_framebuffer_fetch_non_coherent") /* ... its non-coherent form, glFramebufferFetchBarrierEXT before each draw */
