#include "flick_accessibility.h"

guint flick_built_gtk_minor(void) {
  return GTK_MINOR_VERSION;
}

gboolean flick_list_item_names_rows(void) {
#if GTK_CHECK_VERSION(4, 12, 0)
  return TRUE;
#else
  return FALSE;
#endif
}

void flick_list_item_set_accessible_text(GObject *list_item, const char *label, const char *description) {
#if GTK_CHECK_VERSION(4, 12, 0)
  g_return_if_fail(GTK_IS_LIST_ITEM(list_item));
  GtkListItem *item = GTK_LIST_ITEM(list_item);
  /* Each setter notifies and updates the list item widget even when nothing changed: an edit
   * refreshes every bound row, and a row's name sent again is a name-changed event per row. */
  if (g_strcmp0(gtk_list_item_get_accessible_label(item), label) != 0)
    gtk_list_item_set_accessible_label(item, label);
  if (g_strcmp0(gtk_list_item_get_accessible_description(item), description) != 0)
    gtk_list_item_set_accessible_description(item, description);
#else
  (void)list_item;
  (void)label;
  (void)description;
#endif
}

gboolean flick_can_announce(void) {
#if GTK_CHECK_VERSION(4, 14, 0)
  return TRUE;
#else
  return FALSE;
#endif
}

/* GTK's stand-in context, made where no screen reader can be reached: under Broadway (which has
 * no AT-SPI backend), or on X11 and Wayland without an accessibility bus. From GTK 4.14 it has no
 * `announce`, and gtk_at_context_announce calls that NULL once the context is realized (in
 * gtk/gtkatcontext.c the class sets no default announce; gtk/gtktestatcontext.c sets only
 * state_change and platform_change): on GTK 4.18.6 Flick died of SIGSEGV under Broadway as a
 * completed row was announced. Its type is private, so it is found by name. */
#if GTK_CHECK_VERSION(4, 14, 0)
static gboolean can_announce_through(GtkATContext *context) {
  GType stand_in = g_type_from_name("GtkTestATContext");
  return stand_in == 0 || !G_TYPE_CHECK_INSTANCE_TYPE(context, stand_in);
}
#endif

gboolean flick_announce(GtkAccessible *accessible, const char *message) {
#if GTK_CHECK_VERSION(4, 14, 0)
  g_return_val_if_fail(GTK_IS_ACCESSIBLE(accessible), FALSE);
  GtkATContext *context = gtk_accessible_get_at_context(accessible);
  gboolean can_announce = context != NULL && can_announce_through(context);
  g_clear_object(&context);
  if (can_announce)
    gtk_accessible_announce(accessible, message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return can_announce;
#else
  (void)accessible;
  (void)message;
  return FALSE;
#endif
}

void flick_accessible_focus_changed(GtkAccessible *accessible) {
#if GTK_CHECK_VERSION(4, 10, 0)
  g_return_if_fail(GTK_IS_ACCESSIBLE(accessible));
  gtk_accessible_update_platform_state(accessible, GTK_ACCESSIBLE_PLATFORM_STATE_FOCUSED);
#else
  (void)accessible;
#endif
}


void flick_label_drop_downs(GtkWidget *root, GtkWidget *label) {
#if GTK_CHECK_VERSION(4, 18, 0)
  if (GTK_IS_DROP_DOWN(root))
    gtk_accessible_update_relation(GTK_ACCESSIBLE(root), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL; child = gtk_widget_get_next_sibling(child))
    flick_label_drop_downs(child, label);
#else
  (void)root;
  (void)label;
#endif
}
