// GSound: event sounds from the desktop's sound theme (DESIGN 2.7).
#include <gsound.h>
