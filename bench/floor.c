/* The floor for `make bench`: the least a GTK 4 program can do to show a list of N rows, a
 * GtkListView over a GtkStringList of plain GtkLabel rows, in a window of Flick's default size.
 *
 *   floor N                  prints the monotonic time of the first frame painted with rows
 *                            mapped, and the peak RSS, then quits (as FLICK_BENCH_STARTUP=1)
 *   floor N --frames F       scrolls the list 40 px a frame for F frames and prints each
 *                            frame's update-to-after-paint work and the frame intervals
 *   floor N --clear R        R times, removes every seventh row (the completed items of
 *                            make bench's lists), one splice per row, last first, then puts
 *                            them back in order; prints each one's time from the change to
 *                            its frame painted (as FLICK_BENCH_CLEAR=R)
 *   floor N --edits R        R rounds of the edits of Flick's EditBenchmark on the row Flick
 *                            picks (the first open item from the middle on), each the change
 *                            Flick makes to its list, one splice per row removed or put in,
 *                            the row selected and scrolled to where Flick's focus goes:
 *                            complete (the row's string replaced, as a GtkStringList's do not
 *                            change; then, untimed, it sinks to the end; the undo brings it
 *                            back as it was), delete, move to the end, insert below, each
 *                            followed by its undo; prints each one's time from the change to
 *                            its frame painted (as FLICK_BENCH_EDITS=R)
 *   floor N --select R       R times, completes every open row (all but every seventh, as
 *                            Flick's SelectionBenchmark completes a selection of them): each
 *                            one's label restyled and the rows completed before sunk below
 *                            them, one splice of the whole list in their new order, then puts
 *                            it back as it was, one splice; prints each one's time from the
 *                            change to its frame painted (as FLICK_BENCH_SELECT=R)
 *   --size WxH               the window's size (default Flick's, 480x640)
 *   --chrome                 Flick's window around the list, as GTK draws it: a header bar with
 *                            four icon buttons around the title, and rows as tall as Flick's, in
 *                            bold on a coloured background (issue 30: how much of Flick's start-up
 *                            over the floor is GTK drawing what Flick shows, not Flick's code) */
#include <gtk/gtk.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GtkWidget *list_view;
static int window_width = 480, window_height = 640; /* Flick's default size (its GSettings schema). */
static int frames_wanted, frame;
static int clear_rounds, clear_frame;
static int select_rounds;
static GtkStringList *strings;
static gint64 changed_at;
static GArray *timed_into; /* Where the time of the change made at `changed_at` goes. */
static GArray *clear_times, *undo_times;
/* --edits: Flick's EditBenchmark's edits, in its order, with the keys it prints. */
enum { COMPLETE, DELETE, MOVE, INSERT, EDIT_KINDS };
static const char *edit_names[EDIT_KINDS] = {"complete", "delete", "move", "insert"};
static int edit_rounds, edit_frame, edit_row, edit_count;
static GtkSingleSelection *selection;
static GArray *edit_times[EDIT_KINDS][2]; /* Each edit's times, then its undo's. */
static gint64 frame_start, last_frame_start;
static GArray *work, *intervals;
static gboolean reported;
static gboolean chrome;

static long peak_rss_kib(void) {
  FILE *status = fopen("/proc/self/status", "r");
  char line[256];
  long peak = 0;
  while (status != NULL && fgets(line, sizeof line, status) != NULL)
    if (strncmp(line, "VmHWM:", 6) == 0)
      peak = strtol(line + 6, NULL, 10);
  if (status != NULL)
    fclose(status);
  return peak;
}

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory;
  (void)data;
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  if (chrome)
    gtk_widget_add_css_class(label, "chrome-row");
  gtk_list_item_set_child(item, label);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory;
  (void)data;
  GtkStringObject *string = gtk_list_item_get_item(item);
  gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

static gboolean a_row_is_mapped(void) {
  for (GtkWidget *child = gtk_widget_get_first_child(list_view); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    if (gtk_widget_get_mapped(child) && gtk_widget_get_first_child(child) != NULL)
      return TRUE;
  return FALSE;
}

static void print_array(const char *name, GArray *values) {
  printf("\"%s\": [", name);
  for (guint i = 0; i < values->len; i++)
    printf("%s%" G_GINT64_FORMAT, i ? ", " : "", g_array_index(values, gint64, i));
  printf("]");
}

static void finish_frames(GApplication *application) {
  printf("flick-bench frames {");
  print_array("work_us", work);
  printf(", ");
  print_array("interval_us", intervals);
  printf("}\n");
  fflush(stdout);
  g_application_quit(application);
}

static void after_paint(GdkFrameClock *clock, GApplication *application) {
  (void)clock;
  if (clear_rounds > 0 || edit_rounds > 0 || select_rounds > 0) {
    if (changed_at != 0) {
      gint64 spent = g_get_monotonic_time() - changed_at;
      g_array_append_val(timed_into, spent);
      changed_at = 0;
    }
    return;
  }
  if (frames_wanted > 0) {
    if (frame_start != 0) {
      gint64 spent = g_get_monotonic_time() - frame_start;
      g_array_append_val(work, spent);
      frame_start = 0;
    }
    if (frame >= frames_wanted)
      finish_frames(application);
    return;
  }
  if (reported || !a_row_is_mapped())
    return;
  reported = TRUE;
  printf("flick-bench first-frame-us=%" G_GINT64_FORMAT " peak-rss-kib=%ld\n", g_get_monotonic_time(), peak_rss_kib());
  fflush(stdout);
  /* As Flick's: bench/startup_memory.py --smaps reads /proc/PID/smaps here, then lets it go on. */
  const char *stop = g_getenv("FLICK_BENCH_STOP");
  if (stop != NULL && strcmp(stop, "1") == 0)
    raise(SIGSTOP);
  /* As Flick's: FLICK_BENCH_STAY=1 runs on, for its memory at rest read from outside. */
  const char *stay = g_getenv("FLICK_BENCH_STAY");
  if (stay == NULL || strcmp(stay, "1") != 0)
    g_application_quit(application);
}

static gboolean scroll_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  (void)data;
  static gboolean connected;
  if (!connected) {
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), g_application_get_default());
    connected = TRUE;
  }
  frame_start = g_get_monotonic_time();
  if (last_frame_start != 0) {
    gint64 interval = frame_start - last_frame_start;
    g_array_append_val(intervals, interval);
  }
  last_frame_start = frame_start;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list_view));
  gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 40);
  frame++;
  return frame < frames_wanted;
}

static gboolean startup_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  (void)data;
  g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), g_application_get_default());
  return G_SOURCE_REMOVE;
}

/* Rows n = 7, 14, … (1-based, as bench/run.py completes them) go, one splice each. */
static void remove_every_seventh(void) {
  guint count = g_list_model_get_n_items(G_LIST_MODEL(strings));
  for (guint n = count - count % 7; n >= 7; n -= 7)
    gtk_string_list_remove(strings, n - 1);
}

/* Item n's title, as bench/run.py's title(n) gives Flick's items: the floor's rows lay out the
 * same text as Flick's, so that shaping longer titles is not counted as Flick's own cost. */
static void item_title(char *buffer, size_t size, int n) {
  static const char *words[] = {"Buy oat milk", "Call the plumber about the kitchen tap", "Send the report",
                                "Book tickets", "Water the plants", "Renew the passport before the summer holidays",
                                "Pay rent"};
  snprintf(buffer, size, "%s %d", words[n % 7], n);
}

/* And come back at their places, ascending, one splice each. */
static void restore_every_seventh(int count) {
  char title[80];
  for (int n = 7; n <= count; n += 7) {
    item_title(title, sizeof title, n);
    const char *additions[] = {title, NULL};
    gtk_string_list_splice(strings, n - 1, 0, additions);
  }
}

static void finish_clear(GApplication *application) {
  printf("flick-bench clear {");
  print_array("clear_us", clear_times);
  printf(", ");
  print_array("undo_us", undo_times);
  printf("}\n");
  fflush(stdout);
  g_application_quit(application);
}

/* Every tenth frame one change, as Flick's ClearBenchmark does: a clearing, then its undo. */
static gboolean clear_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  static gboolean connected;
  if (!connected) {
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), g_application_get_default());
    connected = TRUE;
  }
  clear_frame++;
  if (clear_frame % 10 != 0)
    return G_SOURCE_CONTINUE;
  int step = clear_frame / 10 - 1;
  if (step >= 2 * clear_rounds) {
    finish_clear(g_application_get_default());
    return G_SOURCE_REMOVE;
  }
  gboolean undo = step % 2 == 1;
  timed_into = undo ? undo_times : clear_times;
  changed_at = g_get_monotonic_time();
  if (undo)
    restore_every_seventh(GPOINTER_TO_INT(data));
  else
    remove_every_seventh();
  return G_SOURCE_CONTINUE;
}

/* The whole list in one splice: with `completed`, every open row done and first, the rows done
 * before after them (Flick sinks a completed selection so when none is left open); without,
 * the list as it began. */
static void replace_all(int count, gboolean completed) {
  char **labels = g_new0(char *, count + 1);
  char title[80];
  int at = 0;
  for (int n = 1; n <= count; n++) {
    item_title(title, sizeof title, n);
    if (!completed)
      labels[at++] = g_strdup(title);
    else if (n % 7 != 0)
      labels[at++] = g_strdup_printf("%s (done)", title);
  }
  for (int n = 7; completed && n <= count; n += 7) {
    item_title(title, sizeof title, n);
    labels[at++] = g_strdup(title);
  }
  gtk_string_list_splice(strings, 0, g_list_model_get_n_items(G_LIST_MODEL(strings)), (const char *const *)labels);
  g_strfreev(labels);
}

/* Every tenth frame one change, as Flick's SelectionBenchmark does: the completion, then its undo. */
static gboolean select_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  static gboolean connected;
  static int select_frame;
  if (!connected) {
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), g_application_get_default());
    connected = TRUE;
  }
  select_frame++;
  if (select_frame % 10 != 0)
    return G_SOURCE_CONTINUE;
  int step = select_frame / 10 - 1;
  if (step >= 2 * select_rounds) {
    printf("flick-bench select {\"items\": %d, ", GPOINTER_TO_INT(data) - GPOINTER_TO_INT(data) / 7);
    print_array("complete_us", clear_times);
    printf(", ");
    print_array("undo_us", undo_times);
    printf("}\n");
    fflush(stdout);
    g_application_quit(g_application_get_default());
    return G_SOURCE_REMOVE;
  }
  gboolean undo = step % 2 == 1;
  timed_into = undo ? undo_times : clear_times;
  changed_at = g_get_monotonic_time();
  replace_all(GPOINTER_TO_INT(data), !undo);
  return G_SOURCE_CONTINUE;
}

/* Row n's label (1-based, as Flick's item n), open or completed. */
static const char *row_label(int n, gboolean done) {
  static char label[96];
  char title[80];
  item_title(title, sizeof title, n);
  snprintf(label, sizeof label, done ? "%s (done)" : "%s", title);
  return label;
}

/* One splice: `removing` rows at `position` give way to `label` (none if NULL). */
static void splice_row(guint position, guint removing, const char *label) {
  const char *additions[] = {label, NULL};
  gtk_string_list_splice(strings, position, removing, additions);
}

/* Selects the row and scrolls to it, as Flick's focus follows an item that moved. */
static void focus_row(guint position) {
  gtk_single_selection_set_selected(selection, position);
  gtk_widget_activate_action(list_view, "list.scroll-to-item", "u", position);
}

/* One round's steps, in Flick's order: which edit each is, and whether it is the edit (0),
 * its undo (1) or the sinking of the completed row (-1, untimed, as Flick's comes 0.2 s
 * after the completion, on its own). */
static const int step_edit[] = {COMPLETE, COMPLETE, COMPLETE, DELETE, DELETE, MOVE, MOVE, INSERT, INSERT};
static const int step_slot[] = {0, -1, 1, 0, 1, 0, 1, 0, 1};
#define ROUND_STEPS ((int)(sizeof step_edit / sizeof step_edit[0]))

static void run_edit_step(int step) {
  guint last = edit_count - 1;
  int n = edit_row + 1;
  switch (step) {
  case 0: splice_row(edit_row, 1, row_label(n, TRUE)); break;
  case 1: splice_row(edit_row, 1, NULL); splice_row(last, 0, row_label(n, TRUE)); focus_row(last); break;
  case 2: splice_row(last, 1, NULL); splice_row(edit_row, 0, row_label(n, FALSE)); focus_row(edit_row); break;
  case 3: splice_row(edit_row, 1, NULL); break;
  case 4: splice_row(edit_row, 0, row_label(n, FALSE)); focus_row(edit_row); break;
  case 5: splice_row(edit_row, 1, NULL); splice_row(last, 0, row_label(n, FALSE)); focus_row(last); break;
  case 6: splice_row(last, 1, NULL); splice_row(edit_row, 0, row_label(n, FALSE)); focus_row(edit_row); break;
  case 7: splice_row(edit_row + 1, 0, "Benchmark insert"); focus_row(edit_row + 1); break;
  case 8: splice_row(edit_row + 1, 1, NULL); break;
  }
}

static void finish_edits(GApplication *application) {
  printf("flick-bench edits {\"items\": %d", edit_count);
  for (int edit = 0; edit < EDIT_KINDS; edit++) {
    printf(", \"%s\": {", edit_names[edit]);
    print_array("edit_us", edit_times[edit][0]);
    printf(", ");
    print_array("undo_us", edit_times[edit][1]);
    printf("}");
  }
  printf("}\n");
  fflush(stdout);
  g_application_quit(application);
}

/* As Flick's EditBenchmark: the row selected and scrolled to first, then from the tenth frame
 * one step every third. */
#define EDIT_FRAMES_APART 3
static gboolean edits_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  (void)data;
  if (edit_frame++ == 0) {
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), g_application_get_default());
    focus_row(edit_row);
  }
  if (edit_frame < 10 || (edit_frame - 10) % EDIT_FRAMES_APART != 0)
    return G_SOURCE_CONTINUE;
  int step = (edit_frame - 10) / EDIT_FRAMES_APART;
  if (step >= edit_rounds * ROUND_STEPS) {
    finish_edits(g_application_get_default());
    return G_SOURCE_REMOVE;
  }
  int slot = step_slot[step % ROUND_STEPS];
  if (slot >= 0) {
    timed_into = edit_times[step_edit[step % ROUND_STEPS]][slot];
    changed_at = g_get_monotonic_time();
  }
  run_edit_step(step % ROUND_STEPS);
  return G_SOURCE_CONTINUE;
}

static void start_edits(int count) {
  edit_count = count;
  /* Flick's pick: the first open item from the middle on (every seventh is completed). */
  for (edit_row = count / 2; (edit_row + 1) % 7 == 0; edit_row++)
    ;
  for (int edit = 0; edit < EDIT_KINDS; edit++)
    for (int slot = 0; slot < 2; slot++)
      edit_times[edit][slot] = g_array_new(FALSE, FALSE, sizeof(gint64));
  gtk_widget_add_tick_callback(list_view, edits_tick, NULL, NULL);
}

/* --chrome: what Flick's window has around and in its rows at start-up, with the same icons
 * (Flick's header: back, add, search, menu) and the row's height, weight and colour. */
static void add_chrome(GtkWindow *window) {
  GtkCssProvider *css = gtk_css_provider_new();
  const char *rows = ".chrome-row { font-weight: bold; padding: 18px 16px; background-color: #ef6a4f; "
                     "border-bottom: 1px solid white; }";
#if GTK_CHECK_VERSION(4, 12, 0) /* load_from_data is deprecated from GTK 4.12 on, which has this. */
  gtk_css_provider_load_from_string(css, rows);
#else
  gtk_css_provider_load_from_data(css, rows, -1);
#endif
  gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                             GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref(css);
  GtkWidget *header = gtk_header_bar_new();
  gtk_header_bar_pack_start(GTK_HEADER_BAR(header), gtk_button_new_from_icon_name("go-previous-symbolic"));
  gtk_header_bar_pack_start(GTK_HEADER_BAR(header), gtk_button_new_from_icon_name("list-add-symbolic"));
  gtk_header_bar_pack_end(GTK_HEADER_BAR(header), gtk_button_new_from_icon_name("open-menu-symbolic"));
  gtk_header_bar_pack_end(GTK_HEADER_BAR(header), gtk_button_new_from_icon_name("system-search-symbolic"));
  gtk_window_set_titlebar(window, header);
  gtk_window_set_title(window, "Welcome to Flick");
}

static void activate(GtkApplication *application, gpointer data) {
  int count = GPOINTER_TO_INT(data);
  strings = gtk_string_list_new(NULL);
  char title[80];
  for (int i = 1; i <= count; i++) {
    item_title(title, sizeof title, i);
    gtk_string_list_append(strings, title);
  }
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
  selection = gtk_single_selection_new(G_LIST_MODEL(strings));
  list_view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list_view);
  GtkWidget *window = gtk_application_window_new(application);
  gtk_window_set_default_size(GTK_WINDOW(window), window_width, window_height);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  if (chrome)
    add_chrome(GTK_WINDOW(window));
  if (clear_rounds > 0) {
    clear_times = g_array_new(FALSE, FALSE, sizeof(gint64));
    undo_times = g_array_new(FALSE, FALSE, sizeof(gint64));
    gtk_widget_add_tick_callback(list_view, clear_tick, GINT_TO_POINTER(count), NULL);
  } else if (select_rounds > 0) {
    clear_times = g_array_new(FALSE, FALSE, sizeof(gint64));
    undo_times = g_array_new(FALSE, FALSE, sizeof(gint64));
    gtk_widget_add_tick_callback(list_view, select_tick, GINT_TO_POINTER(count), NULL);
  } else if (edit_rounds > 0) {
    start_edits(count);
  } else if (frames_wanted > 0) {
    work = g_array_new(FALSE, FALSE, sizeof(gint64));
    intervals = g_array_new(FALSE, FALSE, sizeof(gint64));
    gtk_widget_add_tick_callback(list_view, scroll_tick, NULL, NULL);
  } else {
    gtk_widget_add_tick_callback(window, startup_tick, NULL, NULL);
  }
  gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: floor N [--frames F | --clear R | --edits R | --select R] [--size WxH] [--unique] [--chrome]\n");
    return 2;
  }
  int count = atoi(argv[1]);
  /* --unique: the application takes its name on the session bus and is the only instance, as
   * Flick is (issue 30's second floor): a plain list has no need to. */
  GApplicationFlags flags = G_APPLICATION_NON_UNIQUE;
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--unique") == 0)
      flags = G_APPLICATION_DEFAULT_FLAGS;
    if (strcmp(argv[i], "--chrome") == 0)
      chrome = TRUE;
  }
  for (int i = 2; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--frames") == 0)
      frames_wanted = atoi(argv[i + 1]);
    if (strcmp(argv[i], "--clear") == 0)
      clear_rounds = atoi(argv[i + 1]);
    if (strcmp(argv[i], "--edits") == 0)
      edit_rounds = atoi(argv[i + 1]);
    if (strcmp(argv[i], "--select") == 0)
      select_rounds = atoi(argv[i + 1]);
    if (strcmp(argv[i], "--size") == 0)
      sscanf(argv[i + 1], "%dx%d", &window_width, &window_height);
  }
  GtkApplication *application = gtk_application_new("io.github.flicktodo.FlickBenchFloor", flags);
  g_signal_connect(application, "activate", G_CALLBACK(activate), GINT_TO_POINTER(count));
  int status = g_application_run(G_APPLICATION(application), 1, argv);
  g_object_unref(application);
  return status;
}
