/* The wall clock a process under test reads, moved by the test (issue 74, point 6): loaded with
 * LD_PRELOAD, it adds an offset to CLOCK_REALTIME as clock_gettime, gettimeofday and time give it,
 * and takes it away again from a timerfd set on that clock for a moment (TFD_TIMER_ABSTIME), so
 * the kernel wakes the process at the moment the moved clock names. The offset, in seconds, is
 * read from the file $FLICK_FAKE_CLOCK_FILE. The monotonic clock is left alone, as a suspend
 * leaves it.
 *
 * libfaketime does the same, but calls setenv() as it starts, which moves `environ`; Swift finds
 * a program's arguments by walking back from `environ`, and Flick then saw none. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

/* The timerfds made on CLOCK_REALTIME, by descriptor. */
static unsigned char realtime_timers[4096];

static int real_clock(clockid_t clock, struct timespec *now) {
  return (int)syscall(SYS_clock_gettime, clock, now);
}

/* Read at every call: a clock that moved is seen at once, as a resume sees the kernel's. */
static double offset(void) {
  const char *path = getenv("FLICK_FAKE_CLOCK_FILE");
  int file = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
  if (file < 0) return 0;
  char text[64] = {0};
  ssize_t length = read(file, text, sizeof text - 1);
  close(file);
  return length > 0 ? strtod(text, NULL) : 0;
}

static void shift(struct timespec *time, double seconds) {
  double whole = (double)(long long)seconds;
  time->tv_sec += (time_t)whole;
  time->tv_nsec += (long)((seconds - whole) * 1e9);
  while (time->tv_nsec >= 1000000000L) { time->tv_nsec -= 1000000000L; time->tv_sec += 1; }
  while (time->tv_nsec < 0) { time->tv_nsec += 1000000000L; time->tv_sec -= 1; }
}

static int is_wall(clockid_t clock) {
  return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t clock, struct timespec *now) {
  int result = real_clock(clock, now);
  if (result == 0 && is_wall(clock)) shift(now, offset());
  return result;
}

int gettimeofday(struct timeval *restrict now, void *restrict zone) {
  (void)zone;
  struct timespec wall;
  int result = clock_gettime(CLOCK_REALTIME, &wall);
  if (result == 0) { now->tv_sec = wall.tv_sec; now->tv_usec = wall.tv_nsec / 1000; }
  return result;
}

time_t time(time_t *now) {
  struct timespec wall;
  clock_gettime(CLOCK_REALTIME, &wall);
  if (now) *now = wall.tv_sec;
  return wall.tv_sec;
}

int timerfd_create(int clock, int flags) {
  static int (*real)(int, int);
  if (!real) real = (int (*)(int, int))dlsym(RTLD_NEXT, "timerfd_create");
  int descriptor = real(clock, flags);
  if (descriptor >= 0 && descriptor < (int)sizeof realtime_timers) realtime_timers[descriptor] = is_wall(clock);
  return descriptor;
}

int timerfd_settime(int descriptor, int flags, const struct itimerspec *value, struct itimerspec *old) {
  static int (*real)(int, int, const struct itimerspec *, struct itimerspec *);
  if (!real) real = (int (*)(int, int, const struct itimerspec *, struct itimerspec *))dlsym(RTLD_NEXT, "timerfd_settime");
  struct itimerspec moved = *value;
  int wall = descriptor >= 0 && descriptor < (int)sizeof realtime_timers && realtime_timers[descriptor];
  if (wall && (flags & TFD_TIMER_ABSTIME) && (moved.it_value.tv_sec || moved.it_value.tv_nsec))
    shift(&moved.it_value, -offset());
  return real(descriptor, flags, &moved, old);
}
