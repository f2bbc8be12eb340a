#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Names each item of the GtkPopoverMenu `popover` for screen readers whenever it shows, where
 * GTK leaves them unnamed. GTK's model buttons (role MENU_ITEM) name themselves through a
 * labelled-by relation to their label; GTK 4.8.3 exposes that label and AT-SPI gives the item
 * its text, but GTK 4.18.6 exposes neither: the relation's target reaches AT-SPI as an invalid
 * object and every item's name is empty (the main menu's and the Sort menu's, as in a bare
 * GtkMenuButton with a GMenu). There the relation is dropped and the label's text set as the
 * item's accessible label; built against GTK 4.8 this does nothing. */
void flick_popover_menu_name_items(GtkWidget *popover);

G_END_DECLS
