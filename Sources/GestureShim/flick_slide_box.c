#include "flick_slide_box.h"

#include <math.h>

struct _FlickSlideBox {
  GtkWidget parent_instance;
  GtkWidget *front;
  GtkWidget *back;
  double offset;
  double offset_y;
  int forced_height;
  double scale_y;
  double scale;
  double hinge_angle; /* below 0: not hinged */
};

G_DEFINE_FINAL_TYPE(FlickSlideBox, flick_slide_box, GTK_TYPE_WIDGET)

static void replace_child(FlickSlideBox *self, GtkWidget **slot, GtkWidget *child) {
  if (*slot == child)
    return;
  if (*slot != NULL)
    gtk_widget_unparent(*slot);
  *slot = child;
  if (child == NULL)
    return;
  /* The back is painted first so the front covers it. */
  if (slot == &self->back)
    gtk_widget_insert_after(child, GTK_WIDGET(self), NULL);
  else
    gtk_widget_insert_before(child, GTK_WIDGET(self), NULL);
}

static void flick_slide_box_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                    int *minimum, int *natural, int *minimum_baseline,
                                    int *natural_baseline) {
  FlickSlideBox *self = FLICK_SLIDE_BOX(widget);
  *minimum = 0;
  *natural = 0;
  GtkWidget *children[2] = {self->front, self->back};
  for (int i = 0; i < 2; i++) {
    /* A hidden back (closed menu) must not make closed rows taller or wider. */
    if (children[i] == NULL || !gtk_widget_get_visible(children[i]))
      continue;
    int child_min = 0, child_nat = 0;
    gtk_widget_measure(children[i], orientation, for_size, &child_min, &child_nat, NULL, NULL);
    *minimum = MAX(*minimum, child_min);
    *natural = MAX(*natural, child_nat);
  }
  if (orientation == GTK_ORIENTATION_VERTICAL && self->forced_height >= 0) {
    *minimum = self->forced_height;
    *natural = self->forced_height;
  }
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

/* Turns a front of `height` about its bottom edge by `radians`, away from the viewer. With a GL
 * renderer it is a perspective rotation seen from 500 px; GSK's cairo renderer (no GPU) cannot
 * draw 3D transforms (it paints them magenta), so there the front is only foreshortened. */
static GskTransform *turn_about_bottom_edge(GtkWidget *widget, GskTransform *transform, int width, int height,
                                            double radians) {
  graphene_point_t hinge = GRAPHENE_POINT_INIT((float)width / 2.0f, (float)height);
  transform = gsk_transform_translate(transform, &hinge);
  GtkNative *native = gtk_widget_get_native(widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
  if (renderer != NULL && !GSK_IS_CAIRO_RENDERER(renderer)) {
    transform = gsk_transform_perspective(transform, 500.0f);
    transform = gsk_transform_rotate_3d(transform, (float)(radians * 180.0 / G_PI), graphene_vec3_x_axis());
  } else {
    transform = gsk_transform_scale(transform, 1.0f, (float)MAX(cos(radians), 0.001));
  }
  return gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(-hinge.x, -hinge.y));
}

static void flick_slide_box_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  FlickSlideBox *self = FLICK_SLIDE_BOX(widget);
  if (self->back != NULL && gtk_widget_get_visible(self->back))
    gtk_widget_allocate(self->back, width, height, baseline, NULL);
  if (self->front != NULL && gtk_widget_get_visible(self->front)) {
    /* A forced (placeholder) height can be smaller than the front needs: the front keeps its
     * natural height, centred and scaled, and the box clips it. A taller one it fills. */
    int front_height = height;
    gboolean hinged = self->hinge_angle >= 0.0;
    if (hinged) {
      /* A hinged front keeps its natural height, however tall the box. */
      gtk_widget_measure(self->front, GTK_ORIENTATION_VERTICAL, width, NULL, &front_height, NULL, NULL);
    } else if (self->forced_height >= 0) {
      int natural = 0;
      gtk_widget_measure(self->front, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
      front_height = MAX(natural, height);
    }
    /* A hinged front hangs from the box's bottom edge; any other is centred. */
    float top = hinged ? (float)(height - front_height) : (float)(height - front_height) / 2.0f;
    GskTransform *transform =
        gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)self->offset, top + (float)self->offset_y));
    if (hinged && self->hinge_angle > 0.0)
      transform = turn_about_bottom_edge(widget, transform, width, front_height, self->hinge_angle);
    if (self->scale_y != 1.0) {
      float centre = (float)front_height / 2.0f;
      transform = gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(0.0f, centre));
      transform = gsk_transform_scale(transform, 1.0f, (float)MAX(self->scale_y, 0.001));
      transform = gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(0.0f, -centre));
    }
    if (self->scale != 1.0) {
      graphene_point_t centre = GRAPHENE_POINT_INIT((float)width / 2.0f, (float)front_height / 2.0f);
      transform = gsk_transform_translate(transform, &centre);
      transform = gsk_transform_scale(transform, (float)MAX(self->scale, 0.001), (float)MAX(self->scale, 0.001));
      transform = gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(-centre.x, -centre.y));
    }
    gtk_widget_allocate(self->front, width, front_height, baseline, transform);
  }
}

static void flick_slide_box_dispose(GObject *object) {
  FlickSlideBox *self = FLICK_SLIDE_BOX(object);
  g_clear_pointer(&self->front, gtk_widget_unparent);
  g_clear_pointer(&self->back, gtk_widget_unparent);
  G_OBJECT_CLASS(flick_slide_box_parent_class)->dispose(object);
}

static void flick_slide_box_class_init(FlickSlideBoxClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = flick_slide_box_dispose;
  widget_class->measure = flick_slide_box_measure;
  widget_class->size_allocate = flick_slide_box_size_allocate;
  gtk_widget_class_set_css_name(widget_class, "flickslidebox");
}

static void flick_slide_box_init(FlickSlideBox *self) {
  self->forced_height = -1;
  self->scale_y = 1.0;
  self->scale = 1.0;
  self->hinge_angle = -1.0;
  gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *flick_slide_box_new(void) { return g_object_new(FLICK_TYPE_SLIDE_BOX, NULL); }

void flick_slide_box_set_front(FlickSlideBox *self, GtkWidget *front) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  replace_child(self, &self->front, front);
}

void flick_slide_box_set_back(FlickSlideBox *self, GtkWidget *back) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  replace_child(self, &self->back, back);
}

/* A widget held before keeps its parent and only changes its place (gtk_widget_insert_after
   on a child reorders it): taken out and put back, it left the window for a moment, and GTK
   moved its focus away and made its accessible objects anew. */
void flick_slide_box_hold(FlickSlideBox *self, GtkWidget *back, GtkWidget *front) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  g_return_if_fail(back == NULL || back != front);
  if (self->back != NULL && self->back != back && self->back != front)
    gtk_widget_unparent(self->back);
  if (self->front != NULL && self->front != back && self->front != front)
    gtk_widget_unparent(self->front);
  self->back = back;
  self->front = front;
  /* The back is painted first so the front covers it. */
  if (back != NULL)
    gtk_widget_insert_after(back, GTK_WIDGET(self), NULL);
  if (front != NULL)
    gtk_widget_insert_before(front, GTK_WIDGET(self), NULL);
  gtk_widget_queue_resize(GTK_WIDGET(self));
}

GtkWidget *flick_slide_box_get_front(FlickSlideBox *self) { return self->front; }
GtkWidget *flick_slide_box_get_back(FlickSlideBox *self) { return self->back; }

void flick_slide_box_set_offset(FlickSlideBox *self, double offset) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  if (self->offset == offset)
    return;
  self->offset = offset;
  /* Only the transform changes: re-allocate, never re-measure. */
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

double flick_slide_box_get_offset(FlickSlideBox *self) { return self->offset; }

void flick_slide_box_set_offset_y(FlickSlideBox *self, double offset) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  if (self->offset_y == offset)
    return;
  self->offset_y = offset;
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

FlickSlideBox *flick_slide_box_from_widget(GtkWidget *widget) {
  return FLICK_IS_SLIDE_BOX(widget) ? FLICK_SLIDE_BOX(widget) : NULL;
}

void flick_slide_box_set_forced_height(FlickSlideBox *self, int height) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  if (self->forced_height == height)
    return;
  self->forced_height = height;
  gtk_widget_queue_resize(GTK_WIDGET(self));
}

void flick_slide_box_set_scale_y(FlickSlideBox *self, double scale) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  if (self->scale_y == scale)
    return;
  self->scale_y = scale;
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

void flick_slide_box_set_scale(FlickSlideBox *self, double scale) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  if (self->scale == scale)
    return;
  self->scale = scale;
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

void flick_slide_box_set_hinge_angle(FlickSlideBox *self, double radians) {
  g_return_if_fail(FLICK_IS_SLIDE_BOX(self));
  if (self->hinge_angle == radians)
    return;
  self->hinge_angle = radians;
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}
