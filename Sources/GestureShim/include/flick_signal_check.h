#pragma once
#include <glib-object.h>

G_BEGIN_DECLS

/* A handler's arguments and return value as the C calling convention sees them: what must line
 * up with a signal's for the handler to read what the signal passes. A handler of another
 * shape reads the wrong registers: a pointer where the signal put nothing (a crash) or a
 * pointer it takes for its own data (memory misused without a crash). */
typedef enum {
  FLICK_ARG_VOID,    /* no value: a return type only */
  FLICK_ARG_POINTER, /* objects, boxed types, GVariant, GParamSpec, strings, gpointer */
  FLICK_ARG_INT,     /* gint, guint, gboolean, gchar, enums and flags */
  FLICK_ARG_INT64,   /* glong, gulong, gint64, guint64 */
  FLICK_ARG_DOUBLE,
  FLICK_ARG_FLOAT,
} FlickArg;

/* NULL when `detailed_signal` of `instance` passes its handler exactly `n_args` arguments of
 * the shapes in `args` (between the instance and the user data) and expects `returns`;
 * otherwise a newly allocated message (g_free) naming the signal, the instance's type and
 * both shapes. An unknown signal is a mismatch too. */
char *flick_signal_mismatch(gpointer instance, const char *detailed_signal, FlickArg returns, guint n_args,
                            const FlickArg *args);

/* g_signal_connect_data once the handler's shape is checked; a mismatch stops the program with
 * the message (g_error), before the handler can ever run. For the C shim's own connections. */
gulong flick_signal_connect_checked(gpointer instance, const char *detailed_signal, GCallback handler,
                                    gpointer data, GClosureNotify destroy, FlickArg returns, guint n_args,
                                    const FlickArg *args);

G_END_DECLS
