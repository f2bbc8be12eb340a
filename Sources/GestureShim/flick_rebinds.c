#include "flick_rebinds.h"

struct _FlickRebinds {
  FlickListItemHandler bind;
  FlickListItemHandler unbind;
  gpointer data;
  GDestroyNotify destroy;
  gboolean skipping;
  /* The list item whose unbind is held back until its next bind (or any other handler), its
   * item (referenced, so that no other item takes its address meanwhile) and selected state. */
  GtkListItem *held;
  GObject *held_item;
  gboolean held_selected;
};

static void release_held(FlickRebinds *self) {
  g_clear_object(&self->held_item);
  g_clear_object(&self->held);
}

/* Tells the unbind held back, if any. */
static void settle(FlickRebinds *self) {
  if (self->held == NULL)
    return;
  GtkListItem *list_item = g_object_ref(self->held);
  release_held(self);
  self->unbind(list_item, self->data);
  g_object_unref(list_item);
}

static void on_unbind(GtkSignalListItemFactory *factory, GObject *object, FlickRebinds *self) {
  (void)factory;
  GtkListItem *list_item = GTK_LIST_ITEM(object);
  settle(self);
  gpointer item = gtk_list_item_get_item(list_item);
  if (self->skipping && item != NULL) {
    self->held = g_object_ref(list_item);
    self->held_item = g_object_ref(item);
    self->held_selected = gtk_list_item_get_selected(list_item);
    return;
  }
  self->unbind(list_item, self->data);
}

static void on_bind(GtkSignalListItemFactory *factory, GObject *object, FlickRebinds *self) {
  (void)factory;
  GtkListItem *list_item = GTK_LIST_ITEM(object);
  if (self->held == list_item && gtk_list_item_get_item(list_item) == (gpointer)self->held_item &&
      gtk_list_item_get_selected(list_item) == self->held_selected) {
    release_held(self);
    return;
  }
  settle(self);
  self->bind(list_item, self->data);
}

static void on_setup_or_teardown(GtkSignalListItemFactory *factory, GObject *object, FlickRebinds *self) {
  (void)factory;
  (void)object;
  settle(self);
}

static void free_rebinds(gpointer data, GObject *factory) {
  (void)factory;
  FlickRebinds *self = data;
  release_held(self);
  if (self->destroy != NULL)
    self->destroy(self->data);
  g_free(self);
}

FlickRebinds *flick_rebinds_connect(GtkSignalListItemFactory *factory, FlickListItemHandler bind,
                                    FlickListItemHandler unbind, gpointer data, GDestroyNotify destroy) {
  FlickRebinds *self = g_new0(FlickRebinds, 1);
  self->bind = bind;
  self->unbind = unbind;
  self->data = data;
  self->destroy = destroy;
  g_signal_connect(factory, "setup", G_CALLBACK(on_setup_or_teardown), self);
  g_signal_connect(factory, "teardown", G_CALLBACK(on_setup_or_teardown), self);
  g_signal_connect(factory, "bind", G_CALLBACK(on_bind), self);
  g_signal_connect(factory, "unbind", G_CALLBACK(on_unbind), self);
  g_object_weak_ref(G_OBJECT(factory), free_rebinds, self);
  return self;
}

void flick_rebinds_set_skipping(FlickRebinds *self, gboolean skipping) {
  self->skipping = skipping;
  if (!skipping)
    settle(self);
}
