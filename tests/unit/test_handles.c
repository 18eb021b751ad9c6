/* The client's handle allocator: {slot, gen}, gen moves only on reuse, stale frees refused. */
#include "check.h"
#include "wire/handles.h"

int
main(void)
{
   struct wire_handle_pool p;
   wire_handle_pool_init(&p);
   wire_handle a = wire_handle_pool_alloc(&p), b = wire_handle_pool_alloc(&p);
   CHECK_EQ(a.slot, 0);
   CHECK_EQ(a.gen, 1);
   CHECK_EQ(b.slot, 1);
   CHECK(wire_handle_pool_free(&p, a));
   CHECK(!wire_handle_pool_free(&p, a)); /* double free */
   CHECK(!wire_handle_pool_free(&p, (wire_handle){1, 2})); /* wrong gen */
   CHECK(!wire_handle_pool_free(&p, (wire_handle){7, 1})); /* never minted */
   CHECK(!wire_handle_pool_free(&p, (wire_handle){0, 0})); /* null */
   wire_handle c = wire_handle_pool_alloc(&p);
   CHECK_EQ(c.slot, 0); /* reused */
   CHECK_EQ(c.gen, 2);  /* with the next generation */
   CHECK(!wire_handle_is_null(c));
   CHECK(wire_handle_eq(c, (wire_handle){0, 2}));

   /* Many allocations grow the pool; every live handle is distinct. */
   enum { N = 100000 };
   static wire_handle hs[N];
   for (int i = 0; i < N; i++)
      hs[i] = wire_handle_pool_alloc(&p);
   int distinct = 1;
   for (int i = 1; i < N; i++)
      distinct &= hs[i].slot == hs[i - 1].slot + 1;
   CHECK(distinct);
   for (int i = 0; i < N; i += 2)
      CHECK(wire_handle_pool_free(&p, hs[i]));
   unsigned reused = 0;
   for (int i = 0; i < N / 2; i++) {
      wire_handle h = wire_handle_pool_alloc(&p);
      reused += h.gen == 2;
   }
   CHECK_EQ(reused, N / 2);
   wire_handle_pool_fini(&p);
   return check_done("test_handles");
}
