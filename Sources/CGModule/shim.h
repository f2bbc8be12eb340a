// GLib's GModule (Debian's libglib2.0-dev), through which LazyLibraries opens libraries.
#include <gmodule.h>
