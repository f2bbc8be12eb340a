#include "flick_bus_application.h"

struct _FlickBusApplication {
  GtkApplication parent_instance;
  FlickBusHook on_register;
  FlickBusHook on_unregister;
  gpointer data;
};

G_DEFINE_FINAL_TYPE(FlickBusApplication, flick_bus_application, GTK_TYPE_APPLICATION)

static gboolean flick_bus_application_dbus_register(GApplication *application, GDBusConnection *connection,
                                                    const char *object_path, GError **error) {
  if (!G_APPLICATION_CLASS(flick_bus_application_parent_class)->dbus_register(application, connection,
                                                                             object_path, error))
    return FALSE;
  FlickBusApplication *self = FLICK_BUS_APPLICATION(application);
  /* Flick's own objects never stop the application from registering: the hook reports its
   * failures itself. */
  if (self->on_register != NULL)
    self->on_register(connection, object_path, self->data);
  return TRUE;
}

static void flick_bus_application_dbus_unregister(GApplication *application, GDBusConnection *connection,
                                                  const char *object_path) {
  FlickBusApplication *self = FLICK_BUS_APPLICATION(application);
  if (self->on_unregister != NULL)
    self->on_unregister(connection, object_path, self->data);
  G_APPLICATION_CLASS(flick_bus_application_parent_class)->dbus_unregister(application, connection, object_path);
}

static void flick_bus_application_class_init(FlickBusApplicationClass *klass) {
  G_APPLICATION_CLASS(klass)->dbus_register = flick_bus_application_dbus_register;
  G_APPLICATION_CLASS(klass)->dbus_unregister = flick_bus_application_dbus_unregister;
}

static void flick_bus_application_init(FlickBusApplication *self) { (void)self; }

GtkApplication *flick_bus_application_new(const char *application_id, GApplicationFlags flags) {
  g_return_val_if_fail(g_application_id_is_valid(application_id), NULL);
  return g_object_new(FLICK_TYPE_BUS_APPLICATION, "application-id", application_id, "flags", flags, NULL);
}

void flick_bus_application_set_hooks(GtkApplication *application, FlickBusHook on_register,
                                     FlickBusHook on_unregister, gpointer data) {
  g_return_if_fail(FLICK_IS_BUS_APPLICATION(application));
  FlickBusApplication *self = FLICK_BUS_APPLICATION(application);
  self->on_register = on_register;
  self->on_unregister = on_unregister;
  self->data = data;
}
