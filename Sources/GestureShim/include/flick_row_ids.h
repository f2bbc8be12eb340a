#pragma once
#include <gio/gio.h>
#include <stdint.h>

G_BEGIN_DECLS

/* FlickRowId: one row of a gesture list, as the list view sees it: a stored id (an item's or a
 * list's), or a negative sentinel for a row that stands for nothing stored (a pinch's gap, a new
 * item being typed, Today). Made when GTK asks for the row; while someone holds it, every row
 * with its id gives this same object. */
#define FLICK_TYPE_ROW_ID (flick_row_id_get_type())
G_DECLARE_FINAL_TYPE(FlickRowId, flick_row_id, FLICK, ROW_ID, GObject)

int64_t flick_row_id_get_id(FlickRowId *self);

/* FlickRowIds: the GListModel behind a gesture list's view: row ids in order, held as integers
 * (8 bytes a row) rather than as strings to be parsed on every bind, with their FlickRowId
 * objects made on demand and not kept once nobody holds them. */
#define FLICK_TYPE_ROW_IDS (flick_row_ids_get_type())
G_DECLARE_FINAL_TYPE(FlickRowIds, flick_row_ids, FLICK, ROW_IDS, GObject)

FlickRowIds *flick_row_ids_new(void);
/* Removes `removals` rows at `position` and puts `count` ids from `additions` there; one
 * items-changed signal. */
void flick_row_ids_splice(FlickRowIds *self, guint position, guint removals, const int64_t *additions, guint count);
/* The id of the row at `position`; 0 past the end. */
int64_t flick_row_ids_get(FlickRowIds *self, guint position);
/* The id a row object (an item of this model) stands for. */
int64_t flick_row_ids_id_of(gpointer item);

G_END_DECLS
