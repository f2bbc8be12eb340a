/* Watches a program's window from outside, for `make bench` against Endeavour: Endeavour cannot
 * report its own first frame, so both it and Flick are timed the same way, by their pixels.
 *
 *   xwatch PID MAX_SECONDS QUIET_SECONDS FINAL.ppm [REFERENCE.ppm]
 *
 * Every POLL_MS it looks for the viewable top-level window whose _NET_WM_PID is PID and grabs
 * its pixels (MIT-SHM, so a grab costs the program little). It stops once the window has not
 * changed for QUIET_SECONDS, when the window or the program goes away, or after MAX_SECONDS.
 * With a REFERENCE (the final picture of an earlier, unmeasured run of the same program on the
 * same data), the quiet time only counts once the reference has been seen: Endeavour shows its
 * empty window first and fills it from its data server seconds later, which must not be taken
 * for "loaded".
 *
 * It prints CLOCK_MONOTONIC times in µs (the clock the runner reads just before exec):
 *   xwatch mapped <µs>    first grab of the window
 *   xwatch matched <µs>   first grab within SAME_PIXELS of REFERENCE; -1 without one, or never
 *   xwatch changes <n>    how many grabs differed from the one before
 * and writes the last grab to FINAL.ppm, so a person can check what the window showed. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

#define POLL_MS 20
/* A blinking text cursor changes about 40 pixels; a list that is not the loaded one, thousands. */
#define SAME_PIXELS 64
/* Rows at the top left out of every comparison: the header bar. Endeavour shows a timed message
 * there ("905 tasks for today") seconds after its list has loaded; that is not the list. */
#define IGNORE_TOP 60

typedef struct {
  int width, height;
  uint32_t *pixels; /* 0x00RRGGBB */
} Picture;

typedef struct {
  Display *display;
  XImage *image;
  XShmSegmentInfo shm;
} Grabber;

static int64_t now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Windows come and go while the program starts (and when it quits): a request about one that has
 * just gone fails, and Xlib's default handler would end xwatch. The failed call is retried on the
 * next poll instead. */
static int ignore_x_error (Display *display, XErrorEvent *error)
{
  (void) display;
  (void) error;
  return 0;
}

static long window_pid (Display *display, Window window, Atom pid_atom)
{
  Atom type;
  int format;
  unsigned long count, after;
  unsigned char *data = NULL;
  long pid = -1;
  if (XGetWindowProperty (display, window, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &count, &after,
                          &data) == Success && data && count == 1)
    pid = (long) *(uint32_t *) data;
  if (data)
    XFree (data);
  return pid;
}

static int is_viewable (Display *display, Window window, XWindowAttributes *attributes)
{
  return XGetWindowAttributes (display, window, attributes) && attributes->map_state == IsViewable
         && attributes->width > 1 && attributes->height > 1;
}

/* The program's viewable top-level window, or 0. Under a bare Xvfb (no window manager) top-level
 * windows are children of the root, so one level of the tree is enough. */
static Window find_window (Display *display, long pid, Atom pid_atom)
{
  Window root, parent, *children = NULL, found = 0;
  unsigned int count = 0;
  XWindowAttributes attributes;
  if (!XQueryTree (display, DefaultRootWindow (display), &root, &parent, &children, &count))
    return 0;
  for (unsigned int i = 0; i < count && !found; i++)
    if (window_pid (display, children[i], pid_atom) == pid && is_viewable (display, children[i], &attributes))
      found = children[i];
  if (children)
    XFree (children);
  return found;
}

/* Pixels that differ below the header bar; every pixel if the sizes differ. */
static long differing_pixels (const Picture *a, const Picture *b)
{
  if (a->width != b->width || a->height != b->height)
    return (long) b->width * b->height;
  long differing = 0;
  for (long i = (long) a->width * IGNORE_TOP; i < (long) a->width * a->height; i++)
    differing += (a->pixels[i] & 0xffffff) != (b->pixels[i] & 0xffffff);
  return differing;
}

/* Grabs the window into `into` (reallocated to its size); returns 0 if it could not. */
static int grab (Grabber *grabber, Window window, const XWindowAttributes *attributes, Picture *into)
{
  Display *display = grabber->display;
  XImage *image = grabber->image;
  if (!image || image->width != attributes->width || image->height != attributes->height)
    {
      if (image)
        {
          XShmDetach (display, &grabber->shm);
          XDestroyImage (image);
          shmdt (grabber->shm.shmaddr);
        }
      image = grabber->image = XShmCreateImage (display, attributes->visual, attributes->depth, ZPixmap, NULL,
                                                &grabber->shm, attributes->width, attributes->height);
      grabber->shm.shmid = shmget (IPC_PRIVATE, (size_t) image->bytes_per_line * image->height, IPC_CREAT | 0600);
      grabber->shm.shmaddr = image->data = shmat (grabber->shm.shmid, NULL, 0);
      grabber->shm.readOnly = False;
      XShmAttach (display, &grabber->shm);
      XSync (display, False);
      shmctl (grabber->shm.shmid, IPC_RMID, NULL); /* freed once both sides have detached */
    }
  if (!XShmGetImage (display, window, image, 0, 0, AllPlanes) || image->bits_per_pixel != 32)
    return 0;
  size_t size = (size_t) image->width * image->height * 4;
  into->pixels = realloc (into->pixels, size);
  into->width = image->width;
  into->height = image->height;
  for (int y = 0; y < image->height; y++) /* rows may be padded */
    memcpy (into->pixels + (size_t) y * image->width, image->data + (size_t) y * image->bytes_per_line,
            (size_t) image->width * 4);
  return 1;
}

/* Reads a binary PPM as write_ppm writes it; returns 0 if it cannot. */
static int read_ppm (const char *path, Picture *picture)
{
  FILE *file = fopen (path, "rb");
  int width, height, max, ok = 1;
  if (!file)
    return 0;
  if (fscanf (file, "P6 %d %d %d", &width, &height, &max) != 3 || max != 255 || fgetc (file) == EOF)
    {
      fclose (file);
      return 0;
    }
  picture->width = width;
  picture->height = height;
  picture->pixels = malloc ((size_t) width * height * 4);
  for (long i = 0; ok && i < (long) width * height; i++)
    {
      unsigned char rgb[3];
      ok = fread (rgb, 1, 3, file) == 3;
      picture->pixels[i] = (uint32_t) rgb[0] << 16 | (uint32_t) rgb[1] << 8 | rgb[2];
    }
  fclose (file);
  return ok;
}

static void write_ppm (const char *path, const Picture *picture)
{
  FILE *file = fopen (path, "wb");
  if (!file)
    return;
  fprintf (file, "P6\n%d %d\n255\n", picture->width, picture->height);
  for (long i = 0; i < (long) picture->width * picture->height; i++)
    {
      uint32_t p = picture->pixels[i];
      unsigned char rgb[3] = { (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff };
      fwrite (rgb, 1, 3, file);
    }
  fclose (file);
}

int main (int argc, char **argv)
{
  if (argc < 5)
    {
      fprintf (stderr, "usage: %s PID MAX_SECONDS QUIET_SECONDS FINAL.ppm [REFERENCE.ppm]\n", argv[0]);
      return 2;
    }
  long pid = atol (argv[1]);
  int64_t start = now_us ();
  int64_t max_us = (int64_t) (atof (argv[2]) * 1e6), quiet_us = (int64_t) (atof (argv[3]) * 1e6);
  Picture reference = { 0 }, last = { 0 }, current = { 0 };
  int has_reference = argc > 5;
  if (has_reference && !read_ppm (argv[5], &reference))
    {
      fprintf (stderr, "xwatch: cannot read %s\n", argv[5]);
      return 1;
    }
  Grabber grabber = { XOpenDisplay (NULL), NULL, { 0 } };
  if (!grabber.display || !XShmQueryExtension (grabber.display))
    {
      fprintf (stderr, "xwatch: no X display with MIT-SHM\n");
      return 1;
    }
  XSetErrorHandler (ignore_x_error);
  Atom pid_atom = XInternAtom (grabber.display, "_NET_WM_PID", False);
  Window window = 0;
  int64_t mapped = -1, matched = -1, last_change = -1;
  int changes = 0;

  while (now_us () - start < max_us)
    {
      int64_t tick = now_us ();
      XWindowAttributes attributes;
      if (!window && kill ((pid_t) pid, 0) != 0)
        break; /* the program ended (or never started) without a window: no need to wait it out */
      if (!window)
        window = find_window (grabber.display, pid, pid_atom);
      if (window && !is_viewable (grabber.display, window, &attributes))
        break; /* the window went away: the program quit */
      if (window && grab (&grabber, window, &attributes, &current))
        {
          if (mapped < 0)
            mapped = tick;
          if (changes == 0 || differing_pixels (&last, &current) > 0)
            {
              Picture swap = last;
              last = current;
              current = swap;
              last_change = tick;
              changes++;
              if (has_reference && matched < 0 && differing_pixels (&last, &reference) <= SAME_PIXELS)
                matched = tick;
            }
          if (tick - last_change >= quiet_us && (!has_reference || matched >= 0))
            break;
        }
      int64_t next = tick + POLL_MS * 1000, now = now_us ();
      if (next > now)
        usleep ((useconds_t) (next - now));
    }

  if (changes == 0)
    {
      fprintf (stderr, "xwatch: no window for pid %ld\n", pid);
      return 1;
    }
  printf ("xwatch mapped %lld\nxwatch matched %lld\nxwatch changes %d\n", (long long) mapped, (long long) matched,
          changes);
  write_ppm (argv[4], &last);
  return 0;
}
