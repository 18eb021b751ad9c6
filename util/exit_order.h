/* The order of exit handlers, where a driver runs inside this process.
 *
 * An application that leaves by exit() without eglTerminate runs the exit handlers while the
 * in-process server thread may still be inside the driver. splitgl's handler stops that thread
 * first (gl_front/egl_display.c); it must therefore run before the driver's static destructors.
 * Handlers run in the reverse order of their registration, and LLVM (llvmpipe, lavapipe)
 * registers destructors of function-local statics on first use, which happens on the server
 * thread while it compiles, after splitgl registered its handler: they then ran first and the
 * thread crashed in them (llvm::MCJIT::~MCJIT during a draw). So the server core renews the
 * registration after each record that may have compiled (sgl_exit_order_renew), a bounded number
 * of times; the handler itself runs its work once. */
#ifndef SGL_EXIT_ORDER_H
#define SGL_EXIT_ORDER_H

/* The function that registers the handler again (gl_front); NULL: nothing to renew (a server
 * process of its own). */
void sgl_exit_order_set(void (*register_again)(void));

/* Registers the handler again, unless none is set or SGL_EXIT_ORDER_MAX renewals were made. */
void sgl_exit_order_renew(void);

#define SGL_EXIT_ORDER_MAX 256

#endif
