#include "flick_row_ids.h"

#include <string.h>

/* FlickRowId ---------------------------------------------------------------------------------- */

struct _FlickRowId {
  GObject parent_instance;
  int64_t id;
};

G_DEFINE_FINAL_TYPE(FlickRowId, flick_row_id, G_TYPE_OBJECT)

static void flick_row_id_class_init(FlickRowIdClass *klass) { (void)klass; }
static void flick_row_id_init(FlickRowId *self) { (void)self; }

int64_t flick_row_id_get_id(FlickRowId *self) {
  g_return_val_if_fail(FLICK_IS_ROW_ID(self), 0);
  return self->id;
}

/* FlickRowIds --------------------------------------------------------------------------------- */

/* A row: its id, and its object once GTK has asked for it (owned by the model). */
typedef struct {
  int64_t id;
  FlickRowId *object;
} Row;

struct _FlickRowIds {
  GObject parent_instance;
  GArray *rows; /* of Row */
};

static void flick_row_ids_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(FlickRowIds, flick_row_ids, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, flick_row_ids_list_model_init))

static void clear_row(gpointer data) {
  Row *row = data;
  g_clear_object(&row->object);
}

static void flick_row_ids_finalize(GObject *object) {
  FlickRowIds *self = FLICK_ROW_IDS(object);
  g_array_unref(self->rows);
  G_OBJECT_CLASS(flick_row_ids_parent_class)->finalize(object);
}

static void flick_row_ids_class_init(FlickRowIdsClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = flick_row_ids_finalize;
}

static void flick_row_ids_init(FlickRowIds *self) {
  self->rows = g_array_new(FALSE, FALSE, sizeof(Row));
  g_array_set_clear_func(self->rows, clear_row);
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
  Row *row = &g_array_index(self->rows, Row, position);
  if (row->object == NULL) {
    row->object = g_object_new(FLICK_TYPE_ROW_ID, NULL);
    row->object->id = row->id;
  }
  return g_object_ref(row->object);
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
  if (count > 0) {
    /* Made room for in place: a copy of the added rows first would cost as much memory again
     * at start-up (1.6 MB at 100,000 rows). */
    guint tail = self->rows->len - position;
    g_array_set_size(self->rows, self->rows->len + count);
    Row *rows = (Row *)(void *)self->rows->data;
    memmove(rows + position + count, rows + position, (gsize)tail * sizeof(Row));
    for (guint i = 0; i < count; i++)
      rows[position + i] = (Row){.id = additions[i], .object = NULL};
  }
  if (removals > 0 || count > 0)
    g_list_model_items_changed(G_LIST_MODEL(self), position, removals, count);
}

int64_t flick_row_ids_get(FlickRowIds *self, guint position) {
  g_return_val_if_fail(FLICK_IS_ROW_IDS(self), 0);
  if (position >= self->rows->len)
    return 0;
  return g_array_index(self->rows, Row, position).id;
}

int64_t flick_row_ids_id_of(gpointer item) {
  g_return_val_if_fail(FLICK_IS_ROW_ID(item), 0);
  return FLICK_ROW_ID(item)->id;
}
