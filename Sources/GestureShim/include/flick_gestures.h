#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Typed glue between GTK's gesture controllers and Flick's Swift list controller. Each attach
 * function creates a controller, adds it to the widget (which then owns it), connects its
 * signals and forwards normalised events to plain C callbacks. `user_data` is released with
 * `destroy` exactly once, when the controller is finalized with its widget. Times are GDK
 * event times in milliseconds. */

typedef struct {
  /* Press on the widget at (x, y) in widget coordinates. */
  void (*began)(void *user_data, double x, double y, guint32 time_ms);
  /* Movement since the press. */
  void (*updated)(void *user_data, double dx, double dy, guint32 time_ms);
  /* Release, with the total movement. */
  void (*ended)(void *user_data, double dx, double dy, guint32 time_ms);
  /* The sequence was taken by another gesture (a pinch) or the grab broke. */
  void (*cancelled)(void *user_data);
} FlickDragCallbacks;

/* A GtkGestureDrag for the primary button and touch, in the bubble phase. */
GtkGesture *flick_attach_drag(GtkWidget *widget, const FlickDragCallbacks *callbacks, void *user_data,
                              GDestroyNotify destroy);

/* The same in the capture phase when `capture` is TRUE (the enum's constants would not reach
 * Swift through this header): the pulls' drag runs in the capture phase, on the box around the
 * list, before the scrolled window's controllers and the rows'. */
GtkGesture *flick_attach_drag_in_phase(GtkWidget *widget, gboolean capture, const FlickDragCallbacks *callbacks,
                                       void *user_data, GDestroyNotify destroy);

/* Claim (the row follows the drag) or deny (the list keeps scrolling) the gesture's sequence. */
void flick_gesture_claim(GtkGesture *gesture);
void flick_gesture_deny(GtkGesture *gesture);

typedef struct {
  /* Two touch points (touchscreen): their y in widget coordinates, upper first.
   * A touchpad pinch has no finger positions: `has_points` is FALSE and both y are the
   * pointer's position. */
  void (*began)(void *user_data, gboolean has_points, double upper_y, double lower_y, guint32 time_ms);
  void (*updated)(void *user_data, gboolean has_points, double upper_y, double lower_y, double scale,
                  guint32 time_ms);
  void (*ended)(void *user_data, guint32 time_ms);
  void (*cancelled)(void *user_data);
} FlickZoomCallbacks;

/* A GtkGestureZoom in the capture phase, so it sees touches that land on rows; when it begins
 * it claims its sequences, which cancels the row drags those touches started. */
GtkGesture *flick_attach_zoom(GtkWidget *widget, const FlickZoomCallbacks *callbacks, void *user_data,
                              GDestroyNotify destroy);

G_END_DECLS
