#include "LazyLibraries.h"

#include <gmodule.h>
#include <stdio.h>
#include <stdlib.h>

void *flick_lazy_symbol(const char *soname, const char *symbol) {
  /* Through GModule, not plain dlopen, so that GModule's lock is taken before the dynamic
   * loader's, in the order GTK takes them when it loads a module (an image loader) on the main
   * thread. libsoup's constructor calls g_module_open while the loader's lock is held: opened
   * with dlopen on a sync thread, it waited there for GModule's lock, which the main thread held
   * while it waited for the loader's (a deadlock, seen in test_caldav). GModule's lock is
   * recursive, so the constructor's call on this thread goes through. A library already open
   * (a second symbol of it) is only counted again, not loaded again. */
  GModule *library = g_module_open(soname, G_MODULE_BIND_LOCAL);
  if (library == NULL) {
    fprintf(stderr, "flick: cannot load %s, which Flick needs for this: %s\n", soname, g_module_error());
    abort();
  }
  /* The library's own definition: its handle looks in it and its dependencies, never in Flick's
   * executable, whose function of the same name is the one calling here. */
  gpointer function = NULL;
  if (!g_module_symbol(library, symbol, &function) || function == NULL) {
    fprintf(stderr, "flick: %s has no function %s: %s\n", soname, symbol, g_module_error());
    abort();
  }
  return function;
}
