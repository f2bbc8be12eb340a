#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The desktop's Background portal through libportal, which is optional and opened at the first
 * request (flick_background_portal.c says why). */

/* TRUE once libportal and libportal-gtk4 are loaded; FALSE where they are not installed (asked
 * again, it answers the same without trying again). */
gboolean flick_libportal_load(void);

/* How a request ended. */
typedef enum {
  /* What was asked is allowed: starting at login when autostart was asked, else running in the
   * background. */
  FLICK_BACKGROUND_GRANTED,
  /* The portal answered yes without granting what was asked: with autostart asked, it allows
   * running in the background but will not start Flick at login. */
  FLICK_BACKGROUND_NOT_GRANTED,
  /* The portal answered no (its response 1), or its dialog ended otherwise (2). */
  FLICK_BACKGROUND_REFUSED,
  /* The call failed: `dbus_error` names the D-Bus error (NULL when there is none). */
  FLICK_BACKGROUND_CALL_FAILED,
} FlickBackgroundOutcome;

/* Called once, on the main loop; the strings are lent for the call (NULL unless the call failed). */
typedef void (*FlickBackgroundAnswered)(void *user_data, FlickBackgroundOutcome outcome, const char *dbus_error,
                                        const char *message);

/* RequestBackground with `parent` (NULL: none) as the parent of the portal's dialog and
 * `command_line` (NULL-terminated) as the autostart entry's. Only after flick_libportal_load. */
void flick_libportal_request_background(GtkWindow *parent, const char *reason, const char *const *command_line,
                                        gboolean autostart, FlickBackgroundAnswered answered, void *user_data);

G_END_DECLS
