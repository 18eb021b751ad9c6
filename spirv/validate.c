/* splitgl spirv: the SPIRV-Tools validator, for test builds and debugging. */
#include <stdio.h>

#include <spirv-tools/libspirv.h>

#include "spirv/spv_internal.h"

bool
spv_validate_module(const uint32_t *words, uint32_t count, char *err, size_t err_size)
{
   if (err && err_size)
      err[0] = '\0';
   if (!words || count == 0) {
      if (err && err_size)
         snprintf(err, err_size, "empty module");
      return false;
   }
   spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_3);
   if (!ctx) {
      if (err && err_size)
         snprintf(err, err_size, "spvContextCreate failed");
      return false;
   }
   spv_diagnostic diag = NULL;
   spv_result_t res = spvValidateBinary(ctx, words, count, &diag);
   if (res != SPV_SUCCESS && err && err_size)
      snprintf(err, err_size, "%s (word %zu)", diag && diag->error ? diag->error : "invalid module",
               diag ? diag->position.index : (size_t)0);
   spvDiagnosticDestroy(diag);
   spvContextDestroy(ctx);
   return res == SPV_SUCCESS;
}
