#include "flick_signal_check.h"

#include <stdio.h>
#include <stdlib.h>

/* The shape a value of `type` has in a call, or -1 for a type with no fixed shape. */
static int arg_of_type(GType type) {
  switch (G_TYPE_FUNDAMENTAL(type)) {
  case G_TYPE_NONE:
    return FLICK_ARG_VOID;
  case G_TYPE_CHAR:
  case G_TYPE_UCHAR:
  case G_TYPE_BOOLEAN:
  case G_TYPE_INT:
  case G_TYPE_UINT:
  case G_TYPE_ENUM:
  case G_TYPE_FLAGS:
    return FLICK_ARG_INT;
  case G_TYPE_LONG:
  case G_TYPE_ULONG:
  case G_TYPE_INT64:
  case G_TYPE_UINT64:
    return FLICK_ARG_INT64;
  case G_TYPE_FLOAT:
    return FLICK_ARG_FLOAT;
  case G_TYPE_DOUBLE:
    return FLICK_ARG_DOUBLE;
  case G_TYPE_STRING:
  case G_TYPE_POINTER:
  case G_TYPE_BOXED:
  case G_TYPE_PARAM:
  case G_TYPE_OBJECT:
  case G_TYPE_INTERFACE:
  case G_TYPE_VARIANT:
    return FLICK_ARG_POINTER;
  default:
    /* Fundamentals of a library's own (GdkEvent, GtkExpression) are instances passed by pointer. */
    return G_TYPE_IS_INSTANTIATABLE(type) ? FLICK_ARG_POINTER : -1;
  }
}

static const char *arg_name(FlickArg arg) {
  switch (arg) {
  case FLICK_ARG_VOID: return "void";
  case FLICK_ARG_POINTER: return "pointer";
  case FLICK_ARG_INT: return "int";
  case FLICK_ARG_INT64: return "int64";
  case FLICK_ARG_DOUBLE: return "double";
  case FLICK_ARG_FLOAT: return "float";
  }
  return "?";
}

/* "(GdkEventSequence) returning void": what the signal passes, with GLib's type names. */
static void append_signal_shape(GString *text, const GSignalQuery *query) {
  g_string_append_c(text, '(');
  for (guint i = 0; i < query->n_params; i++)
    g_string_append_printf(text, "%s%s", i > 0 ? ", " : "",
                           g_type_name(query->param_types[i] & ~G_SIGNAL_TYPE_STATIC_SCOPE));
  g_string_append_printf(text, ") returning %s", g_type_name(query->return_type & ~G_SIGNAL_TYPE_STATIC_SCOPE));
}

static void append_handler_shape(GString *text, FlickArg returns, guint n_args, const FlickArg *args) {
  g_string_append_c(text, '(');
  for (guint i = 0; i < n_args; i++)
    g_string_append_printf(text, "%s%s", i > 0 ? ", " : "", arg_name(args[i]));
  g_string_append_printf(text, ") returning %s", arg_name(returns));
}

static gboolean shapes_match(const GSignalQuery *query, FlickArg returns, guint n_args, const FlickArg *args) {
  if (query->n_params != n_args || arg_of_type(query->return_type & ~G_SIGNAL_TYPE_STATIC_SCOPE) != (int)returns)
    return FALSE;
  for (guint i = 0; i < n_args; i++)
    if (arg_of_type(query->param_types[i] & ~G_SIGNAL_TYPE_STATIC_SCOPE) != (int)args[i])
      return FALSE;
  return TRUE;
}

/* With FLICK_SIGNAL_AUDIT set to a file's path (make check sets it), one line per check is
 * appended to it: "GtkGestureDrag::cancel fits" or "… refused", so that a test run can say
 * which connections it checked. Small appends of whole lines, so several Flicks can share it. */
static void audit(GType type, const char *detailed_signal, gboolean fits) {
  const char *path = getenv("FLICK_SIGNAL_AUDIT");
  if (path == NULL || *path == '\0')
    return;
  FILE *file = fopen(path, "a");
  if (file == NULL)
    return;
  fprintf(file, "%s::%s %s\n", g_type_name(type), detailed_signal, fits ? "fits" : "refused");
  fclose(file);
}

char *flick_signal_mismatch(gpointer instance, const char *detailed_signal, FlickArg returns, guint n_args,
                            const FlickArg *args) {
  GType type = G_TYPE_FROM_INSTANCE(instance);
  guint signal_id = 0;
  GQuark detail = 0;
  if (!g_signal_parse_name(detailed_signal, type, &signal_id, &detail, FALSE)) {
    audit(type, detailed_signal, FALSE);
    return g_strdup_printf("%s has no signal “%s”", g_type_name(type), detailed_signal);
  }
  GSignalQuery query;
  g_signal_query(signal_id, &query);
  gboolean fits = shapes_match(&query, returns, n_args, args);
  audit(type, detailed_signal, fits);
  if (fits)
    return NULL;
  GString *text = g_string_new(NULL);
  g_string_append_printf(text, "the handler connected to %s::%s takes ", g_type_name(type), detailed_signal);
  append_handler_shape(text, returns, n_args, args);
  g_string_append(text, ", but the signal passes ");
  append_signal_shape(text, &query);
  return g_string_free(text, FALSE);
}

gulong flick_signal_connect_checked(gpointer instance, const char *detailed_signal, GCallback handler,
                                    gpointer data, GClosureNotify destroy, FlickArg returns, guint n_args,
                                    const FlickArg *args) {
  char *mismatch = flick_signal_mismatch(instance, detailed_signal, returns, n_args, args);
  if (mismatch != NULL)
    g_error("Flick: %s", mismatch);
  return g_signal_connect_data(instance, detailed_signal, handler, data, destroy, 0);
}
