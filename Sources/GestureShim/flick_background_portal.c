/* The desktop's Background portal through libportal (BackgroundPortal.swift), opened at the first
 * request rather than linked: Flick asks the portal only when the user switches "Run in the
 * background" (a few times in its life, often never), and libportal with libportal-gtk4 would
 * otherwise be loaded at every start, before the first frame, as LazyLibraries.h says of the
 * others. Unlike those, libportal is optional: where it is not installed the open fails quietly
 * and Flick asks the portal over D-Bus itself. Its headers are not needed to build (libportal-dev
 * is not a build dependency): the five functions are declared here as libportal 0.6 (Debian 12)
 * and 0.9 (Debian 13) define them. */
#include "flick_background_portal.h"

#include <gmodule.h>

typedef struct _XdpPortal XdpPortal;
typedef struct _XdpParent XdpParent;

/* XdpBackgroundFlags (libportal/background.h). */
enum { BACKGROUND_FLAG_AUTOSTART = 1 << 0 };

static struct {
  gboolean tried;
  XdpPortal *portal;
  XdpPortal *(*portal_new)(void);
  void (*request_background)(XdpPortal *portal, XdpParent *parent, char *reason, GPtrArray *commandline,
                             int flags, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer data);
  gboolean (*request_background_finish)(XdpPortal *portal, GAsyncResult *result, GError **error);
  XdpParent *(*parent_new_gtk)(GtkWindow *window);
  void (*parent_free)(XdpParent *parent);
} libportal;

static gboolean find(GModule *library, const char *name, gpointer *function) {
  return g_module_symbol(library, name, function) && *function != NULL;
}

gboolean flick_libportal_load(void) {
  if (libportal.tried) return libportal.portal != NULL;
  libportal.tried = TRUE;
  /* Through GModule, as flick_lazy_symbol says why. Two libraries: Debian 12's libportal-gtk4 (0.6)
   * does not bring libportal with it. */
  GModule *gtk4 = g_module_open("libportal-gtk4.so.1", G_MODULE_BIND_LOCAL);
  GModule *core = gtk4 ? g_module_open("libportal.so.1", G_MODULE_BIND_LOCAL) : NULL;
  if (core == NULL || !find(gtk4, "xdp_parent_new_gtk", (gpointer *)&libportal.parent_new_gtk)
      || !find(core, "xdp_portal_new", (gpointer *)&libportal.portal_new)
      || !find(core, "xdp_portal_request_background", (gpointer *)&libportal.request_background)
      || !find(core, "xdp_portal_request_background_finish", (gpointer *)&libportal.request_background_finish)
      || !find(core, "xdp_parent_free", (gpointer *)&libportal.parent_free))
    return FALSE;
  libportal.portal = libportal.portal_new();
  return libportal.portal != NULL;
}

typedef struct {
  FlickBackgroundAnswered answered;
  void *user_data;
} BackgroundRequest;

static void background_returned(GObject *source, GAsyncResult *result, gpointer data) {
  BackgroundRequest *request = data;
  GError *error = NULL;
  gboolean granted = libportal.request_background_finish((XdpPortal *)source, result, &error);
  if (error == NULL) {
    request->answered(request->user_data, granted ? FLICK_BACKGROUND_GRANTED : FLICK_BACKGROUND_NOT_GRANTED, NULL, NULL);
  } else {
    /* A D-Bus error is the call's; libportal reports the portal's responses 1 and 2 as
     * G_IO_ERROR_CANCELLED and G_IO_ERROR_FAILED (libportal/background.c). */
    char *name = g_dbus_error_get_remote_error(error);
    gboolean refused = name == NULL && error->domain == G_IO_ERROR
                       && (error->code == G_IO_ERROR_CANCELLED || error->code == G_IO_ERROR_FAILED);
    request->answered(request->user_data, refused ? FLICK_BACKGROUND_REFUSED : FLICK_BACKGROUND_CALL_FAILED, name,
                      error->message);
    g_free(name);
    g_error_free(error);
  }
  g_free(request);
}

void flick_libportal_request_background(GtkWindow *parent_window, const char *reason, const char *const *command_line,
                                        gboolean autostart, FlickBackgroundAnswered answered, void *user_data) {
  g_return_if_fail(libportal.portal != NULL);
  BackgroundRequest *request = g_new0(BackgroundRequest, 1);
  request->answered = answered;
  request->user_data = user_data;
  GPtrArray *arguments = g_ptr_array_new_with_free_func(g_free);
  for (const char *const *argument = command_line; *argument != NULL; argument++)
    g_ptr_array_add(arguments, g_strdup(*argument));
  /* libportal exports the window's handle itself ("x11:XID", or the Wayland handle GDK exports)
   * and keeps a copy of the parent while it asks. */
  XdpParent *parent = parent_window ? libportal.parent_new_gtk(parent_window) : NULL;
  libportal.request_background(libportal.portal, parent, (char *)reason, arguments,
                               autostart ? BACKGROUND_FLAG_AUTOSTART : 0, NULL, background_returned, request);
  if (parent) libportal.parent_free(parent);
  g_ptr_array_unref(arguments);
}
