#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <glib-unix.h>
#include <libintl.h>
#include <locale.h>
