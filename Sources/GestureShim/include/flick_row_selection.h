#pragma once
#include <gtk/gtk.h>
#include <stdint.h>
#include "flick_row_ids.h"

G_BEGIN_DECLS

/* FlickRowSelection: the selection model a gesture list's view is given. Its rows are those of
 * `focus`, the list's GtkSingleSelection (whose selected row is the focused one), and what GTK
 * asks of it to move the focus (a click, an arrow key) goes on to `focus`. But the rows it says
 * are selected are the ones the user chose to act on together (Flick's own selection, by id): GTK
 * paints :selected, sets the list items' SELECTED state and answers AT-SPI's Selection interface
 * from those, so a screen reader counts the chosen rows, not the focused one. */
#define FLICK_TYPE_ROW_SELECTION (flick_row_selection_get_type())
G_DECLARE_FINAL_TYPE(FlickRowSelection, flick_row_selection, FLICK, ROW_SELECTION, GObject)

/* Holds its own references to `focus` and to `ids`, the rows `focus` wraps. */
FlickRowSelection *flick_row_selection_new(GtkSingleSelection *focus, FlickRowIds *ids);
/* The ids of the rows chosen; every other row is not. Tells the view when this changes. */
void flick_row_selection_choose(FlickRowSelection *self, const int64_t *ids, guint count);

G_END_DECLS
