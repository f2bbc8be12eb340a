#include "flick_file_dialog.h"

typedef enum { CHOOSE_FILES_TO_OPEN, CHOOSE_FILE_TO_SAVE, CHOOSE_FOLDER } ChoiceKind;

typedef struct {
  ChoiceKind kind;
  FlickFilesChosen chosen;
  void *user_data;
} Choice;

static Choice *choice_new(ChoiceKind kind, FlickFilesChosen chosen, void *user_data) {
  Choice *choice = g_new0(Choice, 1);
  choice->kind = kind;
  choice->chosen = chosen;
  choice->user_data = user_data;
  return choice;
}

/* Calls back once and frees the choice. */
static void choice_answer(Choice *choice, GListModel *files, const char *error) {
  choice->chosen(choice->user_data, files, error);
  g_free(choice);
}

#if GTK_CHECK_VERSION(4, 10, 0)

/* The one file of a save or a folder, as the list a choice of several files is. */
static GListModel *list_of(GFile *file) {
  if (file == NULL)
    return NULL;
  GListStore *files = g_list_store_new(G_TYPE_FILE);
  g_list_store_append(files, file);
  g_object_unref(file);
  return G_LIST_MODEL(files);
}

/* A dismissed dialog (Cancel, Escape, its window closed) is no failure. */
static gboolean is_dismissal(const GError *error) {
  return g_error_matches(error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) ||
         g_error_matches(error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED) ||
         g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void file_dialog_answered(GObject *source, GAsyncResult *result, gpointer data) {
  Choice *choice = data;
  GtkFileDialog *dialog = GTK_FILE_DIALOG(source);
  GError *error = NULL;
  GListModel *files = NULL;
  switch (choice->kind) {
  case CHOOSE_FILES_TO_OPEN:
    files = gtk_file_dialog_open_multiple_finish(dialog, result, &error);
    break;
  case CHOOSE_FILE_TO_SAVE:
    files = list_of(gtk_file_dialog_save_finish(dialog, result, &error));
    break;
  case CHOOSE_FOLDER:
    files = list_of(gtk_file_dialog_select_folder_finish(dialog, result, &error));
    break;
  }
  choice_answer(choice, files, error != NULL && !is_dismissal(error) ? error->message : NULL);
  g_clear_object(&files);
  g_clear_error(&error);
}

static void choose(ChoiceKind kind, GtkWindow *parent, const char *title, const char *accept_label,
                   const char *cancel_label, const char *suggested_name, GListModel *filters,
                   GtkFileFilter *default_filter, FlickFilesChosen chosen, void *user_data) {
  (void)cancel_label; /* GtkFileDialog's Cancel is its own, in GTK's words. */
  GtkFileDialog *dialog = gtk_file_dialog_new();
  gtk_file_dialog_set_title(dialog, title);
  gtk_file_dialog_set_accept_label(dialog, accept_label);
  gtk_file_dialog_set_modal(dialog, TRUE);
  if (filters != NULL)
    gtk_file_dialog_set_filters(dialog, filters);
  if (default_filter != NULL)
    gtk_file_dialog_set_default_filter(dialog, default_filter);
  if (suggested_name != NULL)
    gtk_file_dialog_set_initial_name(dialog, suggested_name);
  Choice *choice = choice_new(kind, chosen, user_data);
  /* The call's task holds the dialog until it has answered. */
  switch (kind) {
  case CHOOSE_FILES_TO_OPEN:
    gtk_file_dialog_open_multiple(dialog, parent, NULL, file_dialog_answered, choice);
    break;
  case CHOOSE_FILE_TO_SAVE:
    gtk_file_dialog_save(dialog, parent, NULL, file_dialog_answered, choice);
    break;
  case CHOOSE_FOLDER:
    gtk_file_dialog_select_folder(dialog, parent, NULL, file_dialog_answered, choice);
    break;
  }
  g_object_unref(dialog);
}

#else /* GTK 4.8 */

static void native_chooser_answered(GtkNativeDialog *chooser, int response, gpointer data) {
  Choice *choice = data;
  g_signal_handlers_disconnect_by_data(chooser, choice);
  GListModel *files = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_files(GTK_FILE_CHOOSER(chooser)) : NULL;
  choice_answer(choice, files, NULL);
  g_clear_object(&files);
  gtk_native_dialog_destroy(chooser);
  g_object_unref(chooser);
}

static void choose(ChoiceKind kind, GtkWindow *parent, const char *title, const char *accept_label,
                   const char *cancel_label, const char *suggested_name, GListModel *filters,
                   GtkFileFilter *default_filter, FlickFilesChosen chosen, void *user_data) {
  GtkFileChooserAction action = kind == CHOOSE_FILE_TO_SAVE ? GTK_FILE_CHOOSER_ACTION_SAVE
                                : kind == CHOOSE_FOLDER     ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
                                                            : GTK_FILE_CHOOSER_ACTION_OPEN;
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new(title, parent, action, accept_label, cancel_label);
  GtkFileChooser *files = GTK_FILE_CHOOSER(chooser);
  if (kind == CHOOSE_FILES_TO_OPEN)
    gtk_file_chooser_set_select_multiple(files, TRUE);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name(files, suggested_name);
  guint count = filters != NULL ? g_list_model_get_n_items(filters) : 0;
  for (guint index = 0; index < count; index++) {
    GtkFileFilter *filter = g_list_model_get_item(filters, index);
    gtk_file_chooser_add_filter(files, filter);
    g_object_unref(filter);
  }
  if (default_filter != NULL)
    gtk_file_chooser_set_filter(files, default_filter);
  gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(chooser), TRUE);
  /* Released once it has answered (native_chooser_answered). */
  g_signal_connect(chooser, "response", G_CALLBACK(native_chooser_answered),
                   choice_new(kind, chosen, user_data));
  gtk_native_dialog_show(GTK_NATIVE_DIALOG(chooser));
}

#endif

void flick_choose_files_to_open(GtkWindow *parent, const char *title, const char *accept_label,
                                const char *cancel_label, GListModel *filters, GtkFileFilter *default_filter,
                                FlickFilesChosen chosen, void *user_data) {
  choose(CHOOSE_FILES_TO_OPEN, parent, title, accept_label, cancel_label, NULL, filters, default_filter, chosen,
         user_data);
}

void flick_choose_file_to_save(GtkWindow *parent, const char *title, const char *accept_label,
                               const char *cancel_label, const char *suggested_name, GListModel *filters,
                               GtkFileFilter *default_filter, FlickFilesChosen chosen, void *user_data) {
  choose(CHOOSE_FILE_TO_SAVE, parent, title, accept_label, cancel_label, suggested_name, filters, default_filter,
         chosen, user_data);
}

void flick_choose_folder(GtkWindow *parent, const char *title, const char *accept_label, const char *cancel_label,
                         FlickFilesChosen chosen, void *user_data) {
  choose(CHOOSE_FOLDER, parent, title, accept_label, cancel_label, NULL, NULL, NULL, chosen, user_data);
}

typedef struct {
  FlickUriLaunched launched;
  void *user_data;
} Launch;

static void launch_answer(Launch *launch, const GError *error) {
  gboolean failed = error != NULL && !g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
#if GTK_CHECK_VERSION(4, 10, 0)
                    && !g_error_matches(error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
                    && !g_error_matches(error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED)
#endif
      ;
  launch->launched(launch->user_data, failed ? error->message : NULL);
  g_free(launch);
}

#if GTK_CHECK_VERSION(4, 10, 0)

static void uri_launched(GObject *source, GAsyncResult *result, gpointer data) {
  GError *error = NULL;
  gtk_uri_launcher_launch_finish(GTK_URI_LAUNCHER(source), result, &error);
  launch_answer(data, error);
  g_clear_error(&error);
}

void flick_launch_uri(GtkWindow *parent, const char *uri, FlickUriLaunched launched, void *user_data) {
  Launch *launch = g_new0(Launch, 1);
  launch->launched = launched;
  launch->user_data = user_data;
  GtkUriLauncher *launcher = gtk_uri_launcher_new(uri);
  /* The call's task holds the launcher until it has answered. */
  gtk_uri_launcher_launch(launcher, parent, NULL, uri_launched, launch);
  g_object_unref(launcher);
}

#else /* GTK 4.8 */

static void uri_shown(GObject *source, GAsyncResult *result, gpointer data) {
  GError *error = NULL;
  /* The task's source is the parent window, NULL without one. */
  gtk_show_uri_full_finish(source != NULL ? GTK_WINDOW(source) : NULL, result, &error);
  launch_answer(data, error);
  g_clear_error(&error);
}

void flick_launch_uri(GtkWindow *parent, const char *uri, FlickUriLaunched launched, void *user_data) {
  Launch *launch = g_new0(Launch, 1);
  launch->launched = launched;
  launch->user_data = user_data;
  gtk_show_uri_full(parent, uri, GDK_CURRENT_TIME, NULL, uri_shown, launch);
}

#endif
