/* GSound, for event sounds (EventSounds.swift): loaded with the first sound. */
#include <gsound.h>

#include "lazy_function.h"

#define GSOUND "libgsound.so.0"

FLICK_LAZY_FUNCTION(GSOUND, GSoundContext *, gsound_context_new, (GCancellable *cancellable, GError **error),
                    (cancellable, error))
FLICK_LAZY_FUNCTION(GSOUND, gboolean, gsound_context_play_simplev,
                    (GSoundContext *context, GHashTable *attrs, GCancellable *cancellable, GError **error),
                    (context, attrs, cancellable, error))
