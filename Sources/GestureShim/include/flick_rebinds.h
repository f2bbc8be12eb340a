#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A row factory's bind and unbind, without the rebinds that change nothing. GTK 4.8 unbinds and
 * binds again, with the same item, every row whose place a splice changed: after one row
 * deleted in the middle of a long list, each of the 200 or so rows GTK keeps (make bench).
 * While skipping is on, an unbind followed by the bind of the same item, selected as it was, on
 * the same list item reaches neither handler: the row stays as it was. */
typedef void (*FlickListItemHandler)(GtkListItem *list_item, gpointer data);
typedef struct _FlickRebinds FlickRebinds;

/* Connects the handlers to the factory's bind and unbind, and its setup and teardown so that an
 * unbind held back is told before them; connect this before the factory's other handlers. The
 * state goes with the factory, and `destroy` is called on `data` then. */
FlickRebinds *flick_rebinds_connect(GtkSignalListItemFactory *factory, FlickListItemHandler bind,
                                    FlickListItemHandler unbind, gpointer data, GDestroyNotify destroy);
/* Turning skipping off tells an unbind held back. */
void flick_rebinds_set_skipping(FlickRebinds *self, gboolean skipping);

G_END_DECLS
