#include "flick_free_memory.h"

#include <malloc.h>

void
flick_free_memory_trim(void)
{
  malloc_trim(0);
}
