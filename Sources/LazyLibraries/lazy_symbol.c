#include "LazyLibraries.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *flick_lazy_symbol(const char *soname, const char *symbol) {
  /* A library already open (a second symbol of it) is only counted again, not loaded again. */
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    fprintf(stderr, "flick: cannot load %s, which Flick needs for this: %s\n", soname, dlerror());
    abort();
  }
  /* The library's own definition: dlsym on its handle looks in it and its dependencies, never
   * in Flick's executable, whose function of the same name is the one calling here. */
  void *function = dlsym(library, symbol);
  if (function == NULL) {
    fprintf(stderr, "flick: %s has no function %s: %s\n", soname, symbol, dlerror());
    abort();
  }
  return function;
}
