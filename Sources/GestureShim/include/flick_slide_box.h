#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* FlickSlideBox: a row container with a back child (the row's action menu) that stays put and a
 * front child (the row's content) that is drawn shifted sideways by an offset. Moving the front
 * with a transform instead of margins keeps the row's measured size constant, so sliding never
 * re-lays-out the list; the box clips so the moved front never paints outside the row. */
#define FLICK_TYPE_SLIDE_BOX (flick_slide_box_get_type())
G_DECLARE_FINAL_TYPE(FlickSlideBox, flick_slide_box, FLICK, SLIDE_BOX, GtkWidget)

GtkWidget *flick_slide_box_new(void);
void flick_slide_box_set_front(FlickSlideBox *self, GtkWidget *front);
void flick_slide_box_set_back(FlickSlideBox *self, GtkWidget *back);
/* Both at once; a widget moving between back and front stays in the box. */
void flick_slide_box_hold(FlickSlideBox *self, GtkWidget *back, GtkWidget *front);
GtkWidget *flick_slide_box_get_front(FlickSlideBox *self);
GtkWidget *flick_slide_box_get_back(FlickSlideBox *self);
/* Horizontal offset of the front child in logical pixels; positive moves it right. */
void flick_slide_box_set_offset(FlickSlideBox *self, double offset);
double flick_slide_box_get_offset(FlickSlideBox *self);
/* Vertical offset of the front child; negative moves it up (a pull at the list's bottom). */
void flick_slide_box_set_offset_y(FlickSlideBox *self, double offset);

/* The pinch placeholder: a height the box reports instead of its children's (-1 for natural)
 * and a vertical scale of the front around its centre (1 for none). */
void flick_slide_box_set_forced_height(FlickSlideBox *self, int height);
void flick_slide_box_set_scale_y(FlickSlideBox *self, double scale);
/* Scales the front about its centre in both directions (the level transition). */
void flick_slide_box_set_scale(FlickSlideBox *self, double scale);
/* Hangs the front, at its natural height, from the box's bottom edge, turned about that edge by
 * `radians` (0: flat, pi/2: edge on) with perspective: the placeholder row of a pull down
 * (DESIGN 2.6). Below 0 (the default): not hinged. */
void flick_slide_box_set_hinge_angle(FlickSlideBox *self, double radians);

/* Casts for Swift, where the GTK_WIDGET() style macros do not import. */
FlickSlideBox *flick_slide_box_from_widget(GtkWidget *widget);

G_END_DECLS
