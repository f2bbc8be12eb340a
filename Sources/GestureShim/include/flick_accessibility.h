#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What screen readers are told through GTK calls newer than GTK 4.8, the oldest GTK Flick builds
 * against (Debian 12's 4.8.3). Which GTK is there is decided when the shim is compiled
 * (GTK_CHECK_VERSION): against an older one each call does nothing and says so, and Flick keeps
 * its 4.8 way. */

/* The minor version of the GTK 4 the shim was compiled against (8 on Debian 12, 18 on Debian
 * 13): for what Flick does differently where GTK's own accessibility changed. */
guint flick_built_gtk_minor(void);

/* Whether rows are named through their GtkListItem (GTK 4.12): TRUE when the shim was built
 * against GTK 4.12 or later. */
gboolean flick_list_item_names_rows(void);

/* Sets the accessible label and description of `list_item` (a GtkListItem, given to a list
 * view's factory), which GTK 4.12 and later give the list item widget screen readers reach;
 * NULL takes either away. Does nothing before GTK 4.12. */
void flick_list_item_set_accessible_text(GObject *list_item, const char *label, const char *description);

/* Whether `flick_announce` reaches screen readers (GTK 4.14's gtk_accessible_announce). */
gboolean flick_can_announce(void);

/* Has screen readers say `message` from `accessible`, at the priority GTK calls medium (at the
 * next pause, not cutting off what is being said); FALSE, and nothing said, before GTK 4.14 and
 * where GTK gave `accessible` its stand-in context, which cannot announce (under Broadway, or
 * with no accessibility bus). */
gboolean flick_announce(GtkAccessible *accessible, const char *message);

/* Has `accessible` tell screen readers its focused state again (GTK 4.10's
 * gtk_accessible_update_platform_state): for a widget whose focus is on a part inside it that
 * screen readers do not see. Does nothing before GTK 4.10. */
void flick_accessible_focus_changed(GtkAccessible *accessible);

/* Has every drop-down in `root` (itself included) labelled by `label`, its field's label. GTK
 * 4.18's drop-down is labelled by the line it shows (gtkdropdown.ui's `labelled-by`
 * `button_item`), which comes before its own accessible label in GTK's name computation, and its
 * button takes the drop-down's name: Orca 48 said "None combo box None", never the field's name.
 * Does nothing against an older GTK (4.8 sets no such relation; the drop-down's label is read). */
void flick_label_drop_downs(GtkWidget *root, GtkWidget *label);

G_END_DECLS
