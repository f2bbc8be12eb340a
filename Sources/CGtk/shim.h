#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
