#ifndef FLICK_LAZY_FUNCTION_H
#define FLICK_LAZY_FUNCTION_H

#include "LazyLibraries.h"

/* Defines the function `name`, declared by the library's header, as a call of the library's own
 * `name`, found on the first call (flick_lazy_symbol). `parameters` is the declaration's list,
 * `arguments` the same names in parentheses. A definition that differs from the header's
 * declaration does not compile. The pointer is read and written atomically: the first calls
 * may come from two threads at once (a sync and the window), and both find the same address. */
#define FLICK_LAZY_FUNCTION(soname, result, name, parameters, arguments)        \
  result name parameters {                                                       \
    return FLICK_LAZY_REAL(soname, name) arguments;                              \
  }

/* The same for a function that returns nothing. */
#define FLICK_LAZY_PROCEDURE(soname, name, parameters, arguments)               \
  void name parameters {                                                         \
    FLICK_LAZY_REAL(soname, name) arguments;                                     \
  }

/* The library's `name` (a statement expression: GCC and Clang). */
#define FLICK_LAZY_REAL(soname, name)                                            \
  ({                                                                             \
    static __typeof__(name) *real;                                               \
    __typeof__(name) *function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);       \
    if (function == NULL) {                                                      \
      function = (__typeof__(name) *)flick_lazy_symbol(soname, #name);           \
      __atomic_store_n(&real, function, __ATOMIC_RELEASE);                       \
    }                                                                            \
    function;                                                                    \
  })

#endif
