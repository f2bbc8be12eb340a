#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* FlickBusApplication: a GtkApplication that lets Flick export objects of its own on the
 * session bus at the moment GApplication exports its own, before it asks for its bus name
 * (GApplicationClass.dbus_register). An object exported later, in `startup`, would miss the
 * call that D-Bus-activated Flick: the bus hands the waiting message over as soon as the name is
 * owned, and GDBus answers a call for an object not yet registered with an error. The hooks are
 * optional; the application works as a plain GtkApplication without them. */
#define FLICK_TYPE_BUS_APPLICATION (flick_bus_application_get_type())
G_DECLARE_FINAL_TYPE(FlickBusApplication, flick_bus_application, FLICK, BUS_APPLICATION, GtkApplication)

/* Called with the application's connection and object path once GApplication has exported its
 * own objects, and again when it takes them away (a second Flick that found the name taken). */
typedef void (*FlickBusHook)(GDBusConnection *connection, const char *object_path, gpointer data);

/* gtk_application_new's arguments, for a FlickBusApplication. */
GtkApplication *flick_bus_application_new(const char *application_id, GApplicationFlags flags);
/* Sets the hooks and the data passed to them (kept by the caller for the application's life). */
void flick_bus_application_set_hooks(GtkApplication *application, FlickBusHook on_register,
                                     FlickBusHook on_unregister, gpointer data);

G_END_DECLS
