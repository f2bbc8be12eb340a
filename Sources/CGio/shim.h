// GLib and GIO (Debian's libglib2.0-dev): their include folders, found by pkg-config, for the
// headers of the libraries Flick opens on first use (LazyLibraries), which build on GLib.
#include <gio/gio.h>
