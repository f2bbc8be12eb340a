#include "flick_menu_item_names.h"

#if GTK_CHECK_VERSION(4, 10, 0)

static gboolean is_menu_item(GtkWidget *widget) {
  switch (gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget))) {
  case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
  case GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX:
  case GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO:
    return TRUE;
  default:
    return FALSE;
  }
}

/* The first label under `widget` in the order it is laid out: a model button's text comes
 * before its shortcut's label (a GtkLabel too). Its text is without the mnemonic's underscore. */
static GtkLabel *first_label(GtkWidget *widget) {
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (GTK_IS_LABEL(child))
      return GTK_LABEL(child);
    GtkLabel *below = first_label(child);
    if (below != NULL)
      return below;
  }
  return NULL;
}

static void name_menu_item(GtkWidget *item) {
  GtkLabel *label = first_label(item);
  if (label == NULL || gtk_label_get_text(label)[0] == '\0')
    return;  /* An icon-only item: nothing to say for it here. */
  /* The relation goes first: GTK computes the name from labelled-by before the label. */
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(item), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property(GTK_ACCESSIBLE(item), GTK_ACCESSIBLE_PROPERTY_LABEL, gtk_label_get_text(label), -1);
}

/* Every item under `widget`, the submenus' pages included (GtkPopoverMenu makes them with it). */
static void name_menu_items_under(GtkWidget *widget) {
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (is_menu_item(child))
      name_menu_item(child);
    else
      name_menu_items_under(child);
  }
}

/* On every showing: GtkPopoverMenu makes items again when its model's items change (a
 * hidden-when item shown or hidden), so the ones named before may be gone. */
static void name_menu_items_on_show(GtkWidget *popover, gpointer unused) {
  (void)unused;
  name_menu_items_under(popover);
}

void flick_popover_menu_name_items(GtkWidget *popover) {
  g_return_if_fail(GTK_IS_POPOVER_MENU(popover));
  g_signal_connect(popover, "show", G_CALLBACK(name_menu_items_on_show), NULL);
}

#else

void flick_popover_menu_name_items(GtkWidget *popover) {
  (void)popover;
}

#endif
