// libsoup 3 (Debian's libsoup-3.0-dev), GNOME's HTTP stack: TLS through glib-networking and the
// desktop's proxy settings. FlickSync reaches it only through HTTPClient.swift.
#include <libsoup/soup.h>
