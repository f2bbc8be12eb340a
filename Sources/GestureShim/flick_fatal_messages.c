#include <signal.h>
#include <stddef.h>

/* GLib ends a process on a fatal message (g_error, and a CRITICAL under G_DEBUG=fatal-criticals,
 * which make check gives every Flick and its test binary) with a breakpoint instruction
 * (G_BREAKPOINT in _g_log_abort, glib/gmessages.c). Swift's crash backtracer, on by default on
 * Linux, catches that SIGTRAP, prints a backtrace and returns; a breakpoint is not executed again,
 * so the process ran on: a fatal CRITICAL ended nothing (make check's test binary went on past
 * one), and a g_error would spin in the endless loop that follows it. This handler lets the
 * backtracer print, then ends the process on SIGTRAP as it would end without one. */
static struct sigaction handler_before;

static void end_after_the_backtrace(int number, siginfo_t *info, void *context) {
  if (handler_before.sa_flags & SA_SIGINFO) {
    if (handler_before.sa_sigaction != NULL)
      handler_before.sa_sigaction(number, info, context);
  } else if (handler_before.sa_handler != SIG_DFL && handler_before.sa_handler != SIG_IGN) {
    handler_before.sa_handler(number);
  }
  /* Delivered once this handler returns: SIGTRAP is blocked while it runs. */
  signal(SIGTRAP, SIG_DFL);
  raise(SIGTRAP);
}

/* Run when Flick (or a test binary) is loaded, after the Swift runtime, a library it depends on,
 * has put in the backtracer's handler, and before any GLib call. */
__attribute__((constructor)) static void make_breakpoints_end_the_process(void) {
  struct sigaction action = {0};
  action.sa_sigaction = end_after_the_backtrace;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTRAP, &action, &handler_before);
}
