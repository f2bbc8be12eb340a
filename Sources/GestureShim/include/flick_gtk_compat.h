#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What GTK deprecated after 4.8 (Debian 12's), one way for Swift whatever GTK Flick is built
 * against: the newer call where Flick is compiled against the GTK that has it
 * (GTK_CHECK_VERSION), GTK 4.8's otherwise. */

/* Loads `css` into `provider`: gtk_css_provider_load_from_string from GTK 4.12 on, where
 * gtk_css_provider_load_from_data is deprecated. */
void flick_css_provider_load(GtkCssProvider *provider, const char *css);

/* A completion on `entry` of the lines set with `flick_entry_completion_set_lines`, matched by
 * GTK as the start of the whole text, ignoring case. GtkEntryCompletion, deprecated in GTK 4.10
 * with no replacement in GTK (it is to go in GTK 5, and GTK 4.8 has nothing else): its calls
 * are kept here, the deprecation silenced for them alone. */
void flick_entry_completion_attach(GtkEntry *entry);
/* Replaces the lines offered with the NULL-terminated `lines`. */
void flick_entry_completion_set_lines(GtkEntry *entry, const char *const *lines);
/* The lines offered now (for tests), a NULL-terminated array for g_strfreev. */
char **flick_entry_completion_lines(GtkEntry *entry);

G_END_DECLS
