#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The desktop's file chooser and the opening of an address, one way for Swift whatever GTK
 * Flick is built against: GtkFileDialog and GtkUriLauncher from GTK 4.10 on, where
 * GtkFileChooserNative and gtk_show_uri are deprecated; GtkFileChooserNative and
 * gtk_show_uri_full on GTK 4.8 (Debian 12), which has neither. Which one is chosen when Flick is
 * compiled (GTK_CHECK_VERSION), so neither build calls what its GTK deprecates. Either way the
 * portal's chooser is used where GTK uses the portal, GTK's own dialog otherwise. */

/* What a chooser answers, exactly once: `files`, a list model of GFile (one, or several for
 * `flick_choose_files_to_open`), on Accept; NULL on Cancel, or when the chooser failed, when
 * `error` says why (NULL on Accept and on Cancel). Both are only lent for the call. */
typedef void (*FlickFilesChosen)(void *user_data, GListModel *files, const char *error);

/* Files to open, several at once. `filters` is a list model of GtkFileFilter, offered in its
 * order, `default_filter` (one of them) chosen first. `cancel_label` is only used by GTK 4.8;
 * GtkFileDialog has its own Cancel. */
void flick_choose_files_to_open(GtkWindow *parent, const char *title, const char *accept_label,
                                const char *cancel_label, GListModel *filters, GtkFileFilter *default_filter,
                                FlickFilesChosen chosen, void *user_data);

/* A file to save, `suggested_name` in its name field. */
void flick_choose_file_to_save(GtkWindow *parent, const char *title, const char *accept_label,
                               const char *cancel_label, const char *suggested_name, GListModel *filters,
                               GtkFileFilter *default_filter, FlickFilesChosen chosen, void *user_data);

/* A folder. */
void flick_choose_folder(GtkWindow *parent, const char *title, const char *accept_label, const char *cancel_label,
                         FlickFilesChosen chosen, void *user_data);

/* How opening an address ended, exactly once: `error` NULL when an application opened it, or
 * the user dismissed the choice of one; what went wrong otherwise. Lent for the call. */
typedef void (*FlickUriLaunched)(void *user_data, const char *error);

/* Opens `uri` with the desktop's application for it, over `parent` (which may be NULL). */
void flick_launch_uri(GtkWindow *parent, const char *uri, FlickUriLaunched launched, void *user_data);

G_END_DECLS
