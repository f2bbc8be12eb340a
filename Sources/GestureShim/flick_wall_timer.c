#include "flick_wall_timer.h"

#include <stdint.h>
#include <sys/timerfd.h>
#include <unistd.h>

int flick_wall_timer_new(void) {
  return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

gboolean flick_wall_timer_set(int descriptor, gint64 seconds) {
  struct itimerspec when = {0};
  when.it_value.tv_sec = (time_t)seconds;
  return timerfd_settime(descriptor, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &when, NULL) == 0;
}

void flick_wall_timer_clear(int descriptor) {
  /* ECANCELED when the clock was set, EAGAIN when nothing is pending: either way it is clear. */
  uint64_t expirations;
  ssize_t read_bytes = read(descriptor, &expirations, sizeof expirations);
  (void)read_bytes;
}
