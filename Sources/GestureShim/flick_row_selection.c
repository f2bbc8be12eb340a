#include "flick_row_selection.h"

/* The view's model: the focus's rows, the chosen rows as its selection (flick_row_selection.h).
 * The chosen rows are held by id, not by position, so a splice (a write, a lifted row making its
 * way) leaves them on their rows with nothing to shift. */
struct _FlickRowSelection {
  GObject parent_instance;
  GtkSelectionModel *focus;
  FlickRowIds *ids;
  GHashTable *chosen; /* of int64_t ids, owned keys */
};

static void flick_row_selection_list_model_init(GListModelInterface *iface);
static void flick_row_selection_selection_model_init(GtkSelectionModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(FlickRowSelection, flick_row_selection, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, flick_row_selection_list_model_init)
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SELECTION_MODEL, flick_row_selection_selection_model_init))

static void focus_items_changed(FlickRowSelection *self, guint position, guint removed, guint added) {
  g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

/* The focus moved: GTK asks again whether those rows are selected (the answer is the chosen
 * rows', unchanged), which is all a selection change makes it do. */
static void focus_selection_changed(FlickRowSelection *self, guint position, guint count) {
  gtk_selection_model_selection_changed(GTK_SELECTION_MODEL(self), position, count);
}

static void flick_row_selection_dispose(GObject *object) {
  FlickRowSelection *self = FLICK_ROW_SELECTION(object);
  if (self->focus != NULL)
    g_signal_handlers_disconnect_by_data(self->focus, self);
  g_clear_object(&self->focus);
  g_clear_object(&self->ids);
  g_clear_pointer(&self->chosen, g_hash_table_unref);
  G_OBJECT_CLASS(flick_row_selection_parent_class)->dispose(object);
}

static void flick_row_selection_class_init(FlickRowSelectionClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = flick_row_selection_dispose;
}

static void flick_row_selection_init(FlickRowSelection *self) {
  self->chosen = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
}

FlickRowSelection *flick_row_selection_new(GtkSingleSelection *focus, FlickRowIds *ids) {
  FlickRowSelection *self = g_object_new(FLICK_TYPE_ROW_SELECTION, NULL);
  self->focus = GTK_SELECTION_MODEL(g_object_ref(focus));
  self->ids = g_object_ref(ids);
  g_signal_connect_swapped(focus, "items-changed", G_CALLBACK(focus_items_changed), self);
  g_signal_connect_swapped(focus, "selection-changed", G_CALLBACK(focus_selection_changed), self);
  return self;
}

void flick_row_selection_choose(FlickRowSelection *self, const int64_t *ids, guint count) {
  g_return_if_fail(FLICK_IS_ROW_SELECTION(self));
  if (count == 0 && g_hash_table_size(self->chosen) == 0)
    return;
  g_hash_table_remove_all(self->chosen);
  for (guint i = 0; i < count; i++)
    g_hash_table_add(self->chosen, g_memdup2(&ids[i], sizeof ids[i]));
  guint rows = g_list_model_get_n_items(G_LIST_MODEL(self));
  if (rows > 0)
    gtk_selection_model_selection_changed(GTK_SELECTION_MODEL(self), 0, rows);
}

/* GListModel: the focus's rows. */

static GType get_item_type(GListModel *model) {
  return g_list_model_get_item_type(G_LIST_MODEL(FLICK_ROW_SELECTION(model)->focus));
}

static guint get_n_items(GListModel *model) {
  return g_list_model_get_n_items(G_LIST_MODEL(FLICK_ROW_SELECTION(model)->focus));
}

static gpointer get_item(GListModel *model, guint position) {
  return g_list_model_get_item(G_LIST_MODEL(FLICK_ROW_SELECTION(model)->focus), position);
}

static void flick_row_selection_list_model_init(GListModelInterface *iface) {
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* GtkSelectionModel: selected is chosen; every request to select goes to the focus. */

static gboolean is_chosen(FlickRowSelection *self, guint position) {
  int64_t id = flick_row_ids_get(self->ids, position);
  return g_hash_table_contains(self->chosen, &id);
}

static gboolean is_selected(GtkSelectionModel *model, guint position) {
  return is_chosen(FLICK_ROW_SELECTION(model), position);
}

static GtkBitset *get_selection_in_range(GtkSelectionModel *model, guint position, guint count) {
  FlickRowSelection *self = FLICK_ROW_SELECTION(model);
  GtkBitset *selected = gtk_bitset_new_empty();
  if (g_hash_table_size(self->chosen) == 0)
    return selected;
  guint end = MIN(position + count, g_list_model_get_n_items(G_LIST_MODEL(self)));
  for (guint row = position; row < end; row++)
    if (is_chosen(self, row))
      gtk_bitset_add(selected, row);
  return selected;
}

static gboolean select_item(GtkSelectionModel *model, guint position, gboolean unselect_rest) {
  return gtk_selection_model_select_item(FLICK_ROW_SELECTION(model)->focus, position, unselect_rest);
}

static gboolean unselect_item(GtkSelectionModel *model, guint position) {
  return gtk_selection_model_unselect_item(FLICK_ROW_SELECTION(model)->focus, position);
}

static gboolean select_range(GtkSelectionModel *model, guint position, guint count, gboolean unselect_rest) {
  return gtk_selection_model_select_range(FLICK_ROW_SELECTION(model)->focus, position, count, unselect_rest);
}

static gboolean unselect_range(GtkSelectionModel *model, guint position, guint count) {
  return gtk_selection_model_unselect_range(FLICK_ROW_SELECTION(model)->focus, position, count);
}

static gboolean select_all(GtkSelectionModel *model) {
  return gtk_selection_model_select_all(FLICK_ROW_SELECTION(model)->focus);
}

static gboolean unselect_all(GtkSelectionModel *model) {
  return gtk_selection_model_unselect_all(FLICK_ROW_SELECTION(model)->focus);
}

static void flick_row_selection_selection_model_init(GtkSelectionModelInterface *iface) {
  iface->is_selected = is_selected;
  iface->get_selection_in_range = get_selection_in_range;
  iface->select_item = select_item;
  iface->unselect_item = unselect_item;
  iface->select_range = select_range;
  iface->unselect_range = unselect_range;
  iface->select_all = select_all;
  iface->unselect_all = unselect_all;
}
