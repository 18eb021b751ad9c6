/* util/exit_order.h */
#include "exit_order.h"

#include <stdatomic.h>
#include <stddef.h>

static void (*_Atomic register_again_fn)(void);
static atomic_uint renewals;

void
sgl_exit_order_set(void (*register_again)(void))
{
   atomic_store(&register_again_fn, register_again);
}

void
sgl_exit_order_renew(void)
{
   void (*fn)(void) = atomic_load_explicit(&register_again_fn, memory_order_acquire);
   if (!fn || atomic_load_explicit(&renewals, memory_order_relaxed) >= SGL_EXIT_ORDER_MAX ||
       atomic_fetch_add(&renewals, 1) >= SGL_EXIT_ORDER_MAX)
      return;
   fn();
}
