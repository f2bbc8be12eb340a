#include "flick_row_ids.h"

/* FlickRowId ---------------------------------------------------------------------------------- */

struct _FlickRowId {
  GObject parent_instance;
  int64_t id;
  /* The model that made it, until the model goes (not a reference: the model owns none of its
   * rows' objects). The object takes itself out of the model's live objects when it goes. */
  FlickRowIds *owner;
};

G_DEFINE_FINAL_TYPE(FlickRowId, flick_row_id, G_TYPE_OBJECT)

static void forget_row(FlickRowId *row);

static void flick_row_id_finalize(GObject *object) {
  forget_row(FLICK_ROW_ID(object));
  G_OBJECT_CLASS(flick_row_id_parent_class)->finalize(object);
}

static void flick_row_id_class_init(FlickRowIdClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = flick_row_id_finalize;
}

static void flick_row_id_init(FlickRowId *self) { (void)self; }

int64_t flick_row_id_get_id(FlickRowId *self) {
  g_return_val_if_fail(FLICK_IS_ROW_ID(self), 0);
  return self->id;
}

/* FlickRowIds --------------------------------------------------------------------------------- */

/* The rows are ids only (8 bytes a row). A row's object is made when GTK asks for the row and
 * lives as long as someone holds it (GTK, for a bound row, its selection, its scroll anchor).
 * While it lives, every row with its id gives the same object: a splice that takes a row out
 * and puts it back (a Clear Completed as one splice) hands GTK the object it already has, so
 * GTK keeps that row's widget, focus, selection and scroll anchor on it.
 *
 * GTK asks for every row a splice adds (8,500 for a Clear Completed of every seventh of 10,000
 * items), and most of those objects go again at once: so an object leaves the live ones from its
 * own finalize, not through a weak reference, whose bookkeeping (GObject's qdata) was a large
 * part of making and dropping one (callgrind, make bench's Clear Completed). */
struct _FlickRowIds {
  GObject parent_instance;
  GArray *rows;      /* of int64_t */
  GHashTable *live;  /* id (the object's own field) -> FlickRowId, not owned */
};

static void flick_row_ids_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(FlickRowIds, flick_row_ids, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, flick_row_ids_list_model_init))

/* A row object is going: its id has no object until GTK asks for the row again. */
static void forget_row(FlickRowId *row) {
  if (row->owner != NULL)
    g_hash_table_remove(row->owner->live, &row->id);
}

static void flick_row_ids_finalize(GObject *object) {
  FlickRowIds *self = FLICK_ROW_IDS(object);
  GHashTableIter iter;
  gpointer live;
  /* Objects GTK still holds outlive the model: they no longer have one to leave. */
  g_hash_table_iter_init(&iter, self->live);
  while (g_hash_table_iter_next(&iter, NULL, &live))
    ((FlickRowId *)live)->owner = NULL;
  g_hash_table_unref(self->live);
  g_array_unref(self->rows);
  G_OBJECT_CLASS(flick_row_ids_parent_class)->finalize(object);
}

static void flick_row_ids_class_init(FlickRowIdsClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = flick_row_ids_finalize;
}

static void flick_row_ids_init(FlickRowIds *self) {
  self->rows = g_array_new(FALSE, FALSE, sizeof(int64_t));
  self->live = g_hash_table_new(g_int64_hash, g_int64_equal);
}

static GType get_item_type(GListModel *model) {
  (void)model;
  return FLICK_TYPE_ROW_ID;
}

static guint get_n_items(GListModel *model) { return FLICK_ROW_IDS(model)->rows->len; }

static gpointer get_item(GListModel *model, guint position) {
  FlickRowIds *self = FLICK_ROW_IDS(model);
  if (position >= self->rows->len)
    return NULL;
  int64_t id = g_array_index(self->rows, int64_t, position);
  FlickRowId *object = g_hash_table_lookup(self->live, &id);
  if (object != NULL)
    return g_object_ref(object);
  object = g_object_new(FLICK_TYPE_ROW_ID, NULL);
  object->id = id;
  object->owner = self;
  g_hash_table_insert(self->live, &object->id, object);
  return object;
}

static void flick_row_ids_list_model_init(GListModelInterface *iface) {
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

FlickRowIds *flick_row_ids_new(void) { return g_object_new(FLICK_TYPE_ROW_IDS, NULL); }

void flick_row_ids_splice(FlickRowIds *self, guint position, guint removals, const int64_t *additions, guint count) {
  g_return_if_fail(FLICK_IS_ROW_IDS(self));
  g_return_if_fail(position <= self->rows->len);
  g_return_if_fail(removals <= self->rows->len - position);
  if (removals > 0)
    g_array_remove_range(self->rows, position, removals);
  if (count > 0)
    g_array_insert_vals(self->rows, position, additions, count);
  if (removals > 0 || count > 0)
    g_list_model_items_changed(G_LIST_MODEL(self), position, removals, count);
}

int64_t flick_row_ids_get(FlickRowIds *self, guint position) {
  g_return_val_if_fail(FLICK_IS_ROW_IDS(self), 0);
  if (position >= self->rows->len)
    return 0;
  return g_array_index(self->rows, int64_t, position);
}

int64_t flick_row_ids_id_of(gpointer item) {
  g_return_val_if_fail(FLICK_IS_ROW_ID(item), 0);
  return FLICK_ROW_ID(item)->id;
}
