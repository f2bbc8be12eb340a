#include "flick_gestures.h"
#include "flick_signal_check.h"

#include <math.h>

/* One per attached controller: the callbacks and the caller's data, freed with the controller. */
typedef struct {
  union {
    FlickDragCallbacks drag;
    FlickZoomCallbacks zoom;
  } callbacks;
  void *user_data;
  GDestroyNotify destroy;
  /* A touch pinch: the distance between its two points when it began, in the window's
   * coordinates (0 when unknown). */
  double zoom_start_distance;
} Binding;

static Binding *binding_new(const void *callbacks, size_t size, void *user_data, GDestroyNotify destroy) {
  Binding *binding = g_new0(Binding, 1);
  memcpy(&binding->callbacks, callbacks, size);
  binding->user_data = user_data;
  binding->destroy = destroy;
  return binding;
}

/* Called when the controller is finalized (with its widget): releases the caller's data once. */
static void binding_free(gpointer data, GClosure *closure) {
  (void)closure;
  Binding *binding = data;
  if (binding->destroy != NULL)
    binding->destroy(binding->user_data);
  g_free(binding);
}

static guint32 event_time(gpointer controller) {
  return gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(controller));
}

/* What a handler below takes between its instance and its binding, and returns: checked
 * against the signal's own signature when it is connected (flick_signal_check.h). */
typedef struct {
  FlickArg returns;
  guint n_args;
  FlickArg args[2];
} HandlerShape;

static const HandlerShape TAKES_SEQUENCE = {FLICK_ARG_VOID, 1, {FLICK_ARG_POINTER}};
static const HandlerShape TAKES_DOUBLE = {FLICK_ARG_VOID, 1, {FLICK_ARG_DOUBLE}};
static const HandlerShape TAKES_TWO_DOUBLES = {FLICK_ARG_VOID, 2, {FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE}};

/* The first signal connection owns the binding; the others borrow it. */
static void connect_owned(gpointer instance, const char *signal, GCallback handler, const HandlerShape *shape,
                          Binding *binding) {
  flick_signal_connect_checked(instance, signal, handler, binding, binding_free, shape->returns, shape->n_args,
                               shape->args);
}

static void connect_borrowed(gpointer instance, const char *signal, GCallback handler, const HandlerShape *shape,
                             Binding *binding) {
  flick_signal_connect_checked(instance, signal, handler, binding, NULL, shape->returns, shape->n_args,
                               shape->args);
}

/* ---- Drag ---- */

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, Binding *binding) {
  if (binding->callbacks.drag.began != NULL)
    binding->callbacks.drag.began(binding->user_data, x, y, event_time(gesture));
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, Binding *binding) {
  if (binding->callbacks.drag.updated != NULL)
    binding->callbacks.drag.updated(binding->user_data, dx, dy, event_time(gesture));
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, Binding *binding) {
  /* A sequence denied earlier still ends here; the Swift side ignores drags it did not track. */
  if (binding->callbacks.drag.ended != NULL)
    binding->callbacks.drag.ended(binding->user_data, dx, dy, event_time(gesture));
}

static void on_drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, Binding *binding) {
  (void)gesture;
  (void)sequence;
  if (binding->callbacks.drag.cancelled != NULL)
    binding->callbacks.drag.cancelled(binding->user_data);
}

GtkGesture *flick_attach_drag(GtkWidget *widget, const FlickDragCallbacks *callbacks, void *user_data,
                              GDestroyNotify destroy) {
  return flick_attach_drag_in_phase(widget, FALSE, callbacks, user_data, destroy);
}

GtkGesture *flick_attach_drag_in_phase(GtkWidget *widget, gboolean capture, const FlickDragCallbacks *callbacks,
                                       void *user_data, GDestroyNotify destroy) {
  GtkGesture *gesture = gtk_gesture_drag_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(gesture),
                                             capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE);
  Binding *binding = binding_new(callbacks, sizeof *callbacks, user_data, destroy);
  connect_owned(gesture, "drag-begin", G_CALLBACK(on_drag_begin), &TAKES_TWO_DOUBLES, binding);
  connect_borrowed(gesture, "drag-update", G_CALLBACK(on_drag_update), &TAKES_TWO_DOUBLES, binding);
  connect_borrowed(gesture, "drag-end", G_CALLBACK(on_drag_end), &TAKES_TWO_DOUBLES, binding);
  connect_borrowed(gesture, "cancel", G_CALLBACK(on_drag_cancel), &TAKES_SEQUENCE, binding);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(gesture));
  return gesture;
}

void flick_gesture_claim(GtkGesture *gesture) {
  gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED);
}

void flick_gesture_deny(GtkGesture *gesture) {
  gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED);
}

/* ---- Zoom ---- */

/* The y of the two touch points, upper first; FALSE when the gesture has no two real points
 * (a touchpad pinch), in which case both are the bounding box centre. */
static gboolean zoom_points(GtkGesture *gesture, double *upper_y, double *lower_y) {
  GList *sequences = gtk_gesture_get_sequences(gesture);
  double ys[2];
  int count = 0;
  for (GList *l = sequences; l != NULL && count < 2; l = l->next) {
    double x, y;
    if (l->data != NULL && gtk_gesture_get_point(gesture, l->data, &x, &y))
      ys[count++] = y;
  }
  g_list_free(sequences);
  if (count == 2) {
    *upper_y = MIN(ys[0], ys[1]);
    *lower_y = MAX(ys[0], ys[1]);
    return TRUE;
  }
  double x = 0, y = 0;
  gtk_gesture_get_bounding_box_center(gesture, &x, &y);
  *upper_y = y;
  *lower_y = y;
  return FALSE;
}

/* The distance between a touch pinch's two points in the window's coordinates, or 0 without
 * two points. GtkGestureZoom measures it in its widget's coordinates, and a pinch together
 * shrinks that widget (the level transition scales the items): measured there, the fingers
 * seem to part as the items shrink, the scale fights the hand and jitters, and a release can
 * read as a spread (seen under Broadway: a pinch at progress 0.9 sprang back). The window is
 * never transformed. gtk_widget_compute_point applies the widget's transforms (GTK 4.12 deprecated
 * gtk_widget_translate_coordinates for it; GTK 4.8 has it too). */
static double window_distance(GtkGesture *gesture) {
  GtkWidget *widget = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
  GtkNative *native = widget != NULL ? gtk_widget_get_native(widget) : NULL;
  if (native == NULL)
    return 0;
  GList *sequences = gtk_gesture_get_sequences(gesture);
  double xs[2], ys[2];
  int count = 0;
  for (GList *l = sequences; l != NULL && count < 2; l = l->next) {
    double x, y;
    graphene_point_t point;
    if (l->data != NULL && gtk_gesture_get_point(gesture, l->data, &x, &y) &&
        gtk_widget_compute_point(widget, GTK_WIDGET(native), &GRAPHENE_POINT_INIT((float)x, (float)y), &point)) {
      xs[count] = point.x;
      ys[count] = point.y;
      count++;
    }
  }
  g_list_free(sequences);
  return count == 2 ? hypot(xs[1] - xs[0], ys[1] - ys[0]) : 0;
}

static void on_zoom_begin(GtkGesture *gesture, GdkEventSequence *sequence, Binding *binding) {
  (void)sequence;
  double upper_y, lower_y;
  gboolean has_points = zoom_points(gesture, &upper_y, &lower_y);
  binding->zoom_start_distance = has_points ? window_distance(gesture) : 0;
  /* Claiming cancels the row drags these touches began: a pinch and a drag never act together. */
  gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  if (binding->callbacks.zoom.began != NULL)
    binding->callbacks.zoom.began(binding->user_data, has_points, upper_y, lower_y, event_time(gesture));
}

static void on_zoom_scale_changed(GtkGestureZoom *gesture, double scale, Binding *binding) {
  double upper_y, lower_y;
  gboolean has_points = zoom_points(GTK_GESTURE(gesture), &upper_y, &lower_y);
  double distance = has_points ? window_distance(GTK_GESTURE(gesture)) : 0;
  if (binding->zoom_start_distance > 0 && distance > 0)
    scale = distance / binding->zoom_start_distance;
  if (binding->callbacks.zoom.updated != NULL)
    binding->callbacks.zoom.updated(binding->user_data, has_points, upper_y, lower_y, scale,
                                    event_time(gesture));
}

static void on_zoom_end(GtkGesture *gesture, GdkEventSequence *sequence, Binding *binding) {
  (void)sequence;
  if (binding->callbacks.zoom.ended != NULL)
    binding->callbacks.zoom.ended(binding->user_data, event_time(gesture));
}

static void on_zoom_cancel(GtkGesture *gesture, GdkEventSequence *sequence, Binding *binding) {
  (void)gesture;
  (void)sequence;
  if (binding->callbacks.zoom.cancelled != NULL)
    binding->callbacks.zoom.cancelled(binding->user_data);
}

GtkGesture *flick_attach_zoom(GtkWidget *widget, const FlickZoomCallbacks *callbacks, void *user_data,
                              GDestroyNotify destroy) {
  GtkGesture *gesture = gtk_gesture_zoom_new();
  gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(gesture), GTK_PHASE_CAPTURE);
  Binding *binding = binding_new(callbacks, sizeof *callbacks, user_data, destroy);
  connect_owned(gesture, "begin", G_CALLBACK(on_zoom_begin), &TAKES_SEQUENCE, binding);
  connect_borrowed(gesture, "scale-changed", G_CALLBACK(on_zoom_scale_changed), &TAKES_DOUBLE, binding);
  connect_borrowed(gesture, "end", G_CALLBACK(on_zoom_end), &TAKES_SEQUENCE, binding);
  connect_borrowed(gesture, "cancel", G_CALLBACK(on_zoom_cancel), &TAKES_SEQUENCE, binding);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(gesture));
  return gesture;
}
