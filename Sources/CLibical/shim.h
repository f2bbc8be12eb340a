// libical 3.0.x (Debian's libical-dev). FlickSync reaches it only through LibicalBridge.swift, so
// a later move to libical 4 (not source compatible) changes one file.
#include <libical/ical.h>
