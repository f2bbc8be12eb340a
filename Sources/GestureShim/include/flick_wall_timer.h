#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* A timer on the wall clock (timerfd on CLOCK_REALTIME), for what happens at a time of day:
 * midnight. A GLib timeout counts on the monotonic clock, which stops while the machine is
 * suspended, so a wait of an hour begun before a night with the lid shut ended an hour after the
 * lid opened. This one's descriptor becomes readable at `seconds` since the epoch, at the resume
 * when that moment passed during a suspend, and at once when the clock is set (NTP's step, the
 * user's new time): TFD_TIMER_CANCEL_ON_SET. Returns the descriptor, or -1. */
int flick_wall_timer_new(void);
/* Sets the timer to `seconds` since the epoch; FALSE when the kernel refused. */
gboolean flick_wall_timer_set(int descriptor, gint64 seconds);
/* Takes what made it readable (the expiry, or the clock set) so it waits again. */
void flick_wall_timer_clear(int descriptor);

G_END_DECLS
