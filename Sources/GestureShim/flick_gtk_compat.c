#include "flick_gtk_compat.h"

void flick_css_provider_load(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
  gtk_css_provider_load_from_string(provider, css);
#else
  gtk_css_provider_load_from_data(provider, css, -1);
#endif
}

/* GtkEntryCompletion and the GtkListStore it reads (GtkTreeModel) were deprecated in GTK 4.10,
 * with nothing to take their place in GTK 4; they still work, and GTK 4.8 has no other
 * completion, so they are kept, and the warnings silenced for these calls only. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static GtkListStore *completion_lines(GtkEntry *entry) {
  GtkEntryCompletion *completion = gtk_entry_get_completion(entry);
  return completion != NULL ? GTK_LIST_STORE(gtk_entry_completion_get_model(completion)) : NULL;
}

void flick_entry_completion_attach(GtkEntry *entry) {
  GtkListStore *lines = gtk_list_store_new(1, G_TYPE_STRING);
  GtkEntryCompletion *completion = gtk_entry_completion_new();
  gtk_entry_completion_set_model(completion, GTK_TREE_MODEL(lines));
  gtk_entry_completion_set_text_column(completion, 0);
  gtk_entry_set_completion(entry, completion);
  /* The entry holds the completion, and the completion the lines. */
  g_object_unref(completion);
  g_object_unref(lines);
}

void flick_entry_completion_set_lines(GtkEntry *entry, const char *const *lines) {
  GtkListStore *store = completion_lines(entry);
  if (store == NULL)
    return;
  gtk_list_store_clear(store);
  for (const char *const *line = lines; line != NULL && *line != NULL; line++)
    gtk_list_store_insert_with_values(store, NULL, -1, 0, *line, -1);
}

char **flick_entry_completion_lines(GtkEntry *entry) {
  GStrvBuilder *builder = g_strv_builder_new();
  GtkListStore *store = completion_lines(entry);
  GtkTreeIter iter;
  if (store != NULL && gtk_tree_model_get_iter_first(GTK_TREE_MODEL(store), &iter)) {
    do {
      char *line = NULL;
      gtk_tree_model_get(GTK_TREE_MODEL(store), &iter, 0, &line, -1);
      g_strv_builder_add(builder, line != NULL ? line : "");
      g_free(line);
    } while (gtk_tree_model_iter_next(GTK_TREE_MODEL(store), &iter));
  }
  char **lines = g_strv_builder_end(builder);
  g_strv_builder_unref(builder);
  return lines;
}

G_GNUC_END_IGNORE_DEPRECATIONS
