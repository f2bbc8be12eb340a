/* Watches a program's window from outside, for benchmarks of programs that cannot report
 * their own first frame (Endeavour), and for the same measurement of Flick beside them.
 *
 *   xwatch PID MAX_SECONDS QUIET_SECONDS FINAL.ppm [REFERENCE.ppm]
 *
 * Every POLL_MS it looks for the viewable top-level window whose _NET_WM_PID is PID and
 * grabs its pixels (MIT-SHM, so a grab costs little). It keeps each image that differs from
 * the one before, and stops once the window has not changed for QUIET_SECONDS (or after
 * MAX_SECONDS). Then it prints, as CLOCK_MONOTONIC µs (the runner's clock before exec):
 *   xwatch mapped <µs>        first grab that found the window viewable
 *   xwatch settled <µs>       first grab that looks like the target picture below the
 *                             header bar: at most SAME_PIXELS pixels differ (a text cursor
 *                             blinking is ~40); -1 if none did
 *   xwatch last-change <µs>   the last grab that differed from the one before
 *   xwatch changes <n>
 * and writes the final image to FINAL.ppm, so a person can check what it showed.
 *
 * The target picture is REFERENCE.ppm when given (the final image of an earlier run of the
 * same program on the same data, watched with a long quiet time), else this run's final image.
 * With a reference, the quiet time counts only once the reference has been seen: a program
 * that shows its window, then waits seconds for its data (Endeavour and its data server), is
 * not taken for settled while it waits. */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

#define POLL_MS 20
#define SAME_PIXELS 64
#define MAX_KEPT 600
/* Rows at the top left out of every comparison: the header bar. Endeavour puts a timed message
 * there ("905 tasks for today") seconds after its list has loaded; that is not the list. */
#define IGNORE_TOP 60

typedef struct {
  int64_t time_us;
  int width, height;
  uint32_t *pixels;
} Shot;

static int64_t now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static long window_pid (Display *display, Window window, Atom pid_atom)
{
  Atom type;
  int format;
  unsigned long count, after;
  unsigned char *data = NULL;
  long pid = -1;
  if (XGetWindowProperty (display, window, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &count, &after, &data) == Success
      && data && count == 1)
    pid = (long) *(uint32_t *) data;
  if (data)
    XFree (data);
  return pid;
}

/* The viewable top-level window of the process, or 0. Without a window manager the
 * application's windows are children of the root. */
static Window find_window (Display *display, long pid, Atom pid_atom)
{
  Window root, parent, *children = NULL, found = 0;
  unsigned int count = 0;
  if (!XQueryTree (display, DefaultRootWindow (display), &root, &parent, &children, &count))
    return 0;
  for (unsigned int i = 0; i < count && !found; i++)
    {
      XWindowAttributes attributes;
      if (window_pid (display, children[i], pid_atom) == pid && XGetWindowAttributes (display, children[i], &attributes)
          && attributes.map_state == IsViewable && attributes.width > 1 && attributes.height > 1)
        found = children[i];
    }
  if (children)
    XFree (children);
  return found;
}

static long differing_pixels (const Shot *a, const Shot *b)
{
  if (a->width != b->width || a->height != b->height)
    return (long) b->width * b->height;
  long differing = 0;
  for (long i = (long) a->width * IGNORE_TOP; i < (long) a->width * a->height; i++)
    differing += (a->pixels[i] & 0xffffff) != (b->pixels[i] & 0xffffff);
  return differing;
}

/* Reads a binary PPM as written by write_ppm; returns FALSE if it cannot. */
static int read_ppm (const char *path, Shot *shot)
{
  FILE *file = fopen (path, "rb");
  int width, height, max;
  if (!file)
    return 0;
  if (fscanf (file, "P6 %d %d %d", &width, &height, &max) != 3 || max != 255 || fgetc (file) == EOF)
    {
      fclose (file);
      return 0;
    }
  shot->width = width;
  shot->height = height;
  shot->pixels = malloc ((size_t) width * height * 4);
  for (long i = 0; i < (long) width * height; i++)
    {
      unsigned char rgb[3];
      if (fread (rgb, 1, 3, file) != 3)
        {
          fclose (file);
          return 0;
        }
      shot->pixels[i] = (uint32_t) rgb[0] << 16 | (uint32_t) rgb[1] << 8 | rgb[2];
    }
  fclose (file);
  return 1;
}

static void write_ppm (const char *path, const Shot *shot)
{
  FILE *file = fopen (path, "wb");
  if (!file)
    return;
  fprintf (file, "P6\n%d %d\n255\n", shot->width, shot->height);
  for (long i = 0; i < (long) shot->width * shot->height; i++)
    {
      uint32_t p = shot->pixels[i];
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
  Shot reference = { 0 };
  int has_reference = argc > 5;
  if (has_reference && !read_ppm (argv[5], &reference))
    {
      fprintf (stderr, "xwatch: cannot read %s\n", argv[5]);
      return 1;
    }
  int64_t reference_seen = -1;
  long pid = atol (argv[1]);
  int64_t start = now_us ();
  int64_t max_us = (int64_t) (atof (argv[2]) * 1e6), quiet_us = (int64_t) (atof (argv[3]) * 1e6);
  Display *display = XOpenDisplay (NULL);
  if (!display || !XShmQueryExtension (display))
    {
      fprintf (stderr, "xwatch: no X display with MIT-SHM\n");
      return 1;
    }
  Atom pid_atom = XInternAtom (display, "_NET_WM_PID", False);
  Shot *kept = calloc (MAX_KEPT, sizeof (Shot));
  int n_kept = 0;
  int64_t mapped = -1, last_change = -1;
  XImage *image = NULL;
  XShmSegmentInfo shm = { 0 };
  Window window = 0;

  while (now_us () - start < max_us)
    {
      int64_t tick = now_us ();
      if (!window)
        window = find_window (display, pid, pid_atom);
      if (window)
        {
          XWindowAttributes attributes;
          if (!XGetWindowAttributes (display, window, &attributes) || attributes.map_state != IsViewable)
            break; /* the window went away: the program quit */
          if (mapped < 0)
            mapped = tick;
          if (!image || image->width != attributes.width || image->height != attributes.height)
            {
              if (image)
                {
                  XShmDetach (display, &shm);
                  XDestroyImage (image);
                  shmdt (shm.shmaddr);
                }
              image = XShmCreateImage (display, attributes.visual, attributes.depth, ZPixmap, NULL, &shm,
                                       attributes.width, attributes.height);
              shm.shmid = shmget (IPC_PRIVATE, image->bytes_per_line * image->height, IPC_CREAT | 0600);
              shm.shmaddr = image->data = shmat (shm.shmid, NULL, 0);
              shm.readOnly = False;
              XShmAttach (display, &shm);
              XSync (display, False);
              shmctl (shm.shmid, IPC_RMID, NULL); /* freed once both sides detach */
            }
          if (XShmGetImage (display, window, image, 0, 0, AllPlanes) && image->bits_per_pixel == 32)
            {
              Shot shot = { tick, image->width, image->height, (uint32_t *) image->data };
              if (n_kept == 0 || differing_pixels (&kept[n_kept - 1], &shot) > 0)
                {
                  if (n_kept == MAX_KEPT)
                    { /* keep the first and the latest: drop the second oldest */
                      free (kept[1].pixels);
                      memmove (&kept[1], &kept[2], (MAX_KEPT - 2) * sizeof (Shot));
                      n_kept--;
                    }
                  size_t size = (size_t) shot.width * shot.height * 4;
                  shot.pixels = malloc (size);
                  memcpy (shot.pixels, image->data, size);
                  kept[n_kept++] = shot;
                  last_change = tick;
                  if (has_reference && reference_seen < 0 && differing_pixels (&shot, &reference) <= SAME_PIXELS)
                    reference_seen = tick;
                }
            }
          if (last_change >= 0 && tick - last_change >= quiet_us && (!has_reference || reference_seen >= 0))
            break;
        }
      int64_t next = tick + POLL_MS * 1000;
      int64_t now = now_us ();
      if (next > now)
        usleep ((useconds_t) (next - now));
    }

  if (n_kept == 0)
    {
      fprintf (stderr, "xwatch: no window for pid %ld\n", pid);
      return 1;
    }
  const Shot *final = &kept[n_kept - 1];
  int64_t settled = reference_seen;
  if (!has_reference)
    for (int i = 0; i < n_kept; i++)
      if (differing_pixels (&kept[i], final) <= SAME_PIXELS)
        {
          settled = kept[i].time_us;
          break;
        }
  printf ("xwatch mapped %lld\nxwatch settled %lld\nxwatch last-change %lld\nxwatch changes %d\n",
          (long long) mapped, (long long) settled, (long long) last_change, n_kept);
  write_ppm (argv[4], final);
  return 0;
}
