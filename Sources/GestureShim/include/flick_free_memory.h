#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Gives the memory malloc holds freed back to the system (glibc's malloc_trim, every arena):
 * what a thread freed stays in that thread's own arena, resident, until trimmed. Swift's Glibc
 * module does not export malloc.h. */
void flick_free_memory_trim(void);

G_END_DECLS
