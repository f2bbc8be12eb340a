/* flick-test-compositor: the smallest Wayland compositor that lets a test drive Flick as a
 * touchpad user would (issue 27). It runs on wlroots 0.15 (Debian 12) or 0.18 (Debian 13) with
 * a headless output and the pixman software renderer, offers xdg-shell, one seat with a pointer
 * and a keyboard, and zwp_pointer_gestures_v1, and reads commands from its standard input: move
 * the pointer, click, pinch, swipe, hold, scroll with fingers, turn a wheel, press keys, list the
 * windows, take a screenshot. README.md beside this file documents every command.
 *
 * It is a test fixture, not a window manager: every window is placed at the output's top
 * left corner (its visible edge, not its shadow), the newest on top with the keyboard.
 *
 * wlroots changes its API from one minor version to the next. The two versions Debian ships are
 * told apart by <wlr/version.h> (WLR_0_18 below). Each difference is a small helper in the
 * "wlroots 0.15 and 0.18" section that says which version wants what, except the few that
 * change more than a call, which say so where they are: how new windows and popups are heard
 * of and answered (add_window, add_popup) and how a wheel reaches clients (send_wheel_axis). */

#define _DEFAULT_SOURCE
#include <cairo.h>
#include <drm_fourcc.h>
#include <errno.h>
#include <linux/input-event-codes.h>
#include <math.h>
#include <sys/param.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/render/allocator.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_pointer_gestures_v1.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include <wlr/version.h>
#include <xkbcommon/xkbcommon.h>

/* The wlroots this is built on: 0.15 (Debian 12, pkg-config `wlroots`) or 0.18 (Debian 13,
 * `wlroots-0.18`). 0.16 and 0.17 each have part of 0.18's changes; nothing here has been built
 * on them, so they are refused rather than guessed at. */
#if WLR_VERSION_MAJOR == 0 && WLR_VERSION_MINOR == 18
#define WLR_0_18 1
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_subcompositor.h>
#elif WLR_VERSION_MAJOR == 0 && WLR_VERSION_MINOR == 15
#define WLR_0_18 0
#else
#error "flick-test-compositor is written for wlroots 0.15 and 0.18 only"
#endif

/* How a touchpad's two-finger scroll reaches clients through libinput, modelled for the tests
 * (issue 54) after reading libinput's tp_gesture_apply_scroll_constraints, not taken from it.
 * While the scroll has not settled on an axis, both axes pass, except that a frame whose recent
 * direction is within 30 degrees of one axis loses the other. The recent direction is the
 * movement of the last frames, each frame's weight fading over about a tenth of a second. An
 * axis earns time while that direction stays within 60 degrees of it, and loses it while the
 * direction lies within 15 degrees of the other axis; once it has earned 100 ms the scroll is
 * locked to it (the other axis stays only if it has earned 50 ms itself) until the fingers
 * lift. A clearly diagonal movement, over 5 mm between 30 and 60 degrees, frees both axes. */
struct scroll_lock {
	bool enabled;
	double px_per_mm;           /* how many surface pixels a millimetre on the pad scrolls */
	bool horizontal, vertical;  /* the axes the scroll is locked to; neither: not settled */
	double recent_x, recent_y;  /* the recent direction, in mm */
	double earned_x_ms, earned_y_ms;
	bool moving;                /* a frame came since the fingers came down */
	uint32_t last_ms;
};

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_scene *scene;
	struct wlr_output *output;
	struct wlr_scene_output *scene_output;
	struct wlr_seat *seat;
	struct wlr_keyboard *keyboard;
#if WLR_0_18
	struct wlr_keyboard own_keyboard; /* what server->keyboard points to (see add_keyboard) */
#else
	struct wlr_input_device *keyboard_device; /* whose keyboard server->keyboard is */
#endif
	struct wlr_pointer_gestures_v1 *gestures;
	struct wl_list windows; /* struct window.link, the top one first */
	double pointer_x, pointer_y;
	struct scroll_lock scroll_lock;
	/* A high-resolution wheel's movement not yet a whole notch, per axis, in value120 units. */
	int wheel_partial_x, wheel_partial_y;
	struct wl_event_source *frame_timer;
	struct wl_listener new_xdg_surface, new_xdg_popup, output_frame, request_set_selection;
	char input[8192];
	size_t input_length;
};

/* A toplevel: Flick's main window, its details window, a dialog. */
struct window {
	struct wl_list link;
	struct server *server;
	struct wlr_xdg_surface *xdg;
	struct wlr_scene_node *node;
	bool mapped;
	struct wl_listener map, unmap, destroy;
	struct wl_listener commit; /* wlroots 0.18 only: see on_initial_commit */
};

/* A popover, menu or tooltip: wlroots 0.18 needs it only to answer its first commit. */
struct popup {
	struct wlr_xdg_surface *xdg;
	struct wl_listener commit, destroy;
};

/* --- wlroots 0.15 and 0.18: each helper here hides one change between the two, so that the
 * code after this section reads the same on both. */

/* The scene graph. 0.15 hangs nodes under nodes and adds an xdg surface as a node; 0.16 made
 * trees the only parents, the scene's root one too, and adds an xdg surface as a tree. */
#if WLR_0_18
typedef struct wlr_scene_tree scene_parent;
static scene_parent *scene_root(struct wlr_scene *scene) {
	return &scene->tree;
}
static struct wlr_scene_node *scene_parent_node(scene_parent *parent) {
	return &parent->node;
}
#else
typedef struct wlr_scene_node scene_parent;
static scene_parent *scene_root(struct wlr_scene *scene) {
	return &scene->node;
}
static struct wlr_scene_node *scene_parent_node(scene_parent *parent) {
	return parent;
}
#endif

/* The surface drawn at output point (x, y), and that point on it in (*sx, *sy); NULL where no
 * surface is. 0.15 has a surface node type; 0.16 on draw a surface as a buffer node, which
 * names the surface only through the scene surface that made it. */
static struct wlr_surface *surface_at(struct wlr_scene *scene, double x, double y, double *sx, double *sy) {
	struct wlr_scene_node *node = wlr_scene_node_at(scene_parent_node(scene_root(scene)), x, y, sx, sy);
#if WLR_0_18
	if (node == NULL || node->type != WLR_SCENE_NODE_BUFFER)
		return NULL;
	struct wlr_scene_surface *scene_surface = wlr_scene_surface_try_from_buffer(wlr_scene_buffer_from_node(node));
	return scene_surface != NULL ? scene_surface->surface : NULL;
#else
	if (node == NULL || node->type != WLR_SCENE_NODE_SURFACE)
		return NULL;
	return wlr_scene_surface_from_node(node)->surface;
#endif
}

/* 0.15 activates a toplevel through its xdg surface; 0.16 on through the wlr_xdg_toplevel. */
static void set_activated(struct wlr_xdg_surface *xdg, bool activated) {
#if WLR_0_18
	wlr_xdg_toplevel_set_activated(xdg->toplevel, activated);
#else
	wlr_xdg_toplevel_set_activated(xdg, activated);
#endif
}

/* Buttons and axes. 0.15 has enums of its own for them (wlr_button_state, wlr_axis_orientation,
 * wlr_axis_source); 0.18 takes wl_pointer's, and an axis also takes its relative direction
 * (wl_seat version 9), given here as "identical", what a client assumes when it hears none, as
 * it does from 0.15's wl_seat 7. The callers use wl_pointer's enums; for 0.15 they are named
 * over, value by value, as -Wenum-conversion (in -Wextra) wants. */
static void notify_button(struct wlr_seat *seat, uint32_t time, uint32_t button, enum wl_pointer_button_state state) {
#if WLR_0_18
	wlr_seat_pointer_notify_button(seat, time, button, state);
#else
	wlr_seat_pointer_notify_button(seat, time, button,
		state == WL_POINTER_BUTTON_STATE_PRESSED ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED);
#endif
}

/* `discrete` is what wlroots calls value_discrete, which changed meaning: in 0.15 the whole
 * notches that wl_pointer.axis_discrete carries, in 0.18 the notch in 120ths that
 * axis_value120 carries (see send_wheel_axis). */
static void notify_axis(struct wlr_seat *seat, uint32_t time, enum wl_pointer_axis axis, double value,
		int32_t discrete, enum wl_pointer_axis_source source) {
#if WLR_0_18
	wlr_seat_pointer_notify_axis(seat, time, axis, value, discrete, source,
		WL_POINTER_AXIS_RELATIVE_DIRECTION_IDENTICAL);
#else
	wlr_seat_pointer_notify_axis(seat, time,
		axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL ? WLR_AXIS_ORIENTATION_HORIZONTAL : WLR_AXIS_ORIENTATION_VERTICAL,
		value, discrete, source == WL_POINTER_AXIS_SOURCE_WHEEL ? WLR_AXIS_SOURCE_WHEEL : WLR_AXIS_SOURCE_FINGER);
#endif
}

/* A key's press or release as wlr_keyboard_notify_key takes it: 0.16 renamed the struct. */
#if WLR_0_18
typedef struct wlr_keyboard_key_event keyboard_key_event;
#else
typedef struct wlr_event_keyboard_key keyboard_key_event;
#endif

/* The seat's keyboard, with no keymap yet. 0.15's headless backend adds a keyboard input
 * device; 0.16 took that away, and a compositor makes its own wlr_keyboard, whose interface
 * only names it (nothing here has LEDs to light). */
static struct wlr_keyboard *add_keyboard(struct server *server) {
#if WLR_0_18
	static const struct wlr_keyboard_impl keyboard_impl = {.name = "flick-test-keyboard"};
	wlr_keyboard_init(&server->own_keyboard, &keyboard_impl, "flick-test-keyboard");
	return &server->own_keyboard;
#else
	server->keyboard_device = wlr_headless_add_input_device(server->backend, WLR_INPUT_DEVICE_KEYBOARD);
	return server->keyboard_device != NULL ? server->keyboard_device->keyboard : NULL;
#endif
}

/* 0.15's seat takes the keyboard's input device; 0.16 on the wlr_keyboard. */
static void seat_set_keyboard(struct server *server) {
#if WLR_0_18
	wlr_seat_set_keyboard(server->seat, server->keyboard);
#else
	wlr_seat_set_keyboard(server->seat, server->keyboard_device);
#endif
}

/* 0.18's headless backend runs on the display's event loop, 0.15's took the display. */
static struct wlr_backend *create_headless_backend(struct wl_display *display) {
#if WLR_0_18
	return wlr_headless_backend_create(wl_display_get_event_loop(display));
#else
	return wlr_headless_backend_create(display);
#endif
}

/* wl_compositor and wl_subcompositor, and the xdg_wm_base that announces new xdg surfaces.
 * 0.15 offers wl_compositor 4 (with wl_subcompositor made beside it) and xdg_wm_base 2; 0.18
 * takes the version to offer (up to 6 of each) and makes wl_subcompositor apart. It is asked
 * for 0.15's versions, so that GTK takes the same paths on both and a test that behaves
 * differently on Debian 13 does so because of GTK or Flick, not of what the compositor
 * offered: the later versions add buffer offsets and a preferred scale (wl_compositor 5, 6),
 * popup repositioning (xdg_wm_base 3), bounds for a window's size (4), window-management
 * capabilities (5) and a suspended state (6). wl_seat has no such argument: 0.18 offers
 * version 9 (see send_wheel_axis). */
static struct wlr_xdg_shell *create_surface_globals(struct server *server) {
#if WLR_0_18
	wlr_compositor_create(server->display, 4, server->renderer);
	wlr_subcompositor_create(server->display);
	return wlr_xdg_shell_create(server->display, 2);
#else
	wlr_compositor_create(server->display, server->renderer);
	return wlr_xdg_shell_create(server->display);
#endif
}

/* 0.15 enables an output on its pending state; 0.18 commits a wlr_output_state. */
static bool enable_output(struct wlr_output *output) {
#if WLR_0_18
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	wlr_output_state_set_enabled(&state, true);
	bool committed = wlr_output_commit_state(output, &state);
	wlr_output_state_finish(&state);
	return committed;
#else
	wlr_output_enable(output, true);
	return wlr_output_commit(output);
#endif
}

/* 0.17 gave the scene output's commit options (timers, a swapchain of one's own): none here. */
static void commit_scene_output(struct wlr_scene_output *scene_output) {
#if WLR_0_18
	wlr_scene_output_commit(scene_output, NULL);
#else
	wlr_scene_output_commit(scene_output);
#endif
}

/* Renders the output now and reads its part (x, y, width, height), which lies on it, into
 * `data` as XRGB8888 rows `stride` bytes apart. 0.15 renders the scene into the output's
 * pending buffer, reads the renderer's pixels and rolls the frame back: the frame loop
 * commits, this is only a read. 0.18 has no wlr_output_attach_render nor
 * wlr_renderer_read_pixels: the scene renders into an output state of our own, whose buffer
 * is read as a texture, and the state is dropped uncommitted. That leaves the next frame
 * whole: 0.18's damage ring keeps each buffer's damage apart, and the damage pending for the
 * output is only cleared by a commit. */
static bool read_output(struct server *server, int x, int y, int width, int height, void *data, int stride) {
#if WLR_0_18
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	bool read = false;
	if (wlr_scene_output_build_state(server->scene_output, &state, NULL)
			&& (state.committed & WLR_OUTPUT_STATE_BUFFER) && state.buffer != NULL) {
		struct wlr_texture *texture = wlr_texture_from_buffer(server->renderer, state.buffer);
		if (texture != NULL) {
			struct wlr_texture_read_pixels_options options = {
				.data = data, .format = DRM_FORMAT_XRGB8888, .stride = stride,
				.src_box = {.x = x, .y = y, .width = width, .height = height},
			};
			read = wlr_texture_read_pixels(texture, &options);
			wlr_texture_destroy(texture);
		}
	}
	wlr_output_state_finish(&state);
	return read;
#else
	struct wlr_output *output = server->output;
	if (!wlr_output_attach_render(output, NULL))
		return false;
	wlr_renderer_begin(server->renderer, output->width, output->height);
	wlr_scene_render_output(server->scene, output, 0, 0, NULL);
	uint32_t flags = 0;
	bool read = wlr_renderer_read_pixels(server->renderer, DRM_FORMAT_XRGB8888, &flags,
		stride, width, height, x, y, 0, 0, data);
	wlr_renderer_end(server->renderer);
	wlr_output_rollback(output);
	return read;
#endif
}

static uint32_t now_ms(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

/* --- Output: a frame every 16 ms, whether or not anything changed, because GTK's frame
 * clock waits for frame callbacks and would stall on an output that only redraws on damage. */

static void on_output_frame(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, output_frame);
	commit_scene_output(server->scene_output);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wlr_scene_output_send_frame_done(server->scene_output, &now);
}

static int on_frame_timer(void *data) {
	struct server *server = data;
	wlr_output_schedule_frame(server->output);
	wl_event_source_timer_update(server->frame_timer, 16);
	return 0;
}

/* --- Windows and focus. */

static struct window *top_mapped_window(struct server *server) {
	struct window *window;
	wl_list_for_each(window, &server->windows, link) {
		if (window->mapped)
			return window;
	}
	return NULL;
}

static void focus_window(struct server *server, struct window *window) {
	struct window *other;
	wl_list_for_each(other, &server->windows, link) {
		if (other != window && other->mapped)
			set_activated(other->xdg, false);
	}
	if (window == NULL) {
		wlr_seat_keyboard_notify_clear_focus(server->seat);
		return;
	}
	wl_list_remove(&window->link);
	wl_list_insert(&server->windows, &window->link);
	wlr_scene_node_raise_to_top(window->node);
	set_activated(window->xdg, true);
	struct wlr_keyboard *keyboard = server->keyboard;
	wlr_seat_keyboard_notify_enter(server->seat, window->xdg->surface, keyboard->keycodes,
		keyboard->num_keycodes, &keyboard->modifiers);
}

/* The surface under the pointer gets the pointer, as after a real motion. */
static void update_pointer_focus(struct server *server) {
	double sx, sy;
	struct wlr_surface *surface = surface_at(server->scene, server->pointer_x, server->pointer_y, &sx, &sy);
	if (surface == NULL) {
		wlr_seat_pointer_notify_clear_focus(server->seat);
		return;
	}
	if (server->seat->pointer_state.focused_surface != surface)
		wlr_seat_pointer_notify_enter(server->seat, surface, sx, sy);
	else
		wlr_seat_pointer_notify_motion(server->seat, now_ms(), sx, sy);
	wlr_seat_pointer_notify_frame(server->seat);
}

static void on_map(struct wl_listener *listener, void *data) {
	struct window *window = wl_container_of(listener, window, map);
	window->mapped = true;
	focus_window(window->server, window);
	update_pointer_focus(window->server);
}

static void on_unmap(struct wl_listener *listener, void *data) {
	struct window *window = wl_container_of(listener, window, unmap);
	window->mapped = false;
	focus_window(window->server, top_mapped_window(window->server));
	update_pointer_focus(window->server);
}

static void on_window_destroy(struct wl_listener *listener, void *data) {
	struct window *window = wl_container_of(listener, window, destroy);
	wl_list_remove(&window->link);
	wl_list_remove(&window->map.link);
	wl_list_remove(&window->unmap.link);
	wl_list_remove(&window->destroy.link);
	wl_list_remove(&window->commit.link);
	free(window);
}

#if WLR_0_18
/* 0.18 leaves an xdg surface's first configure to the compositor (0.15 sent it by itself), and
 * the surface maps only after acknowledging one: its first commit is answered at once, with no
 * size for a window (0x0: GTK chooses) and where its parent asked for a popup. */
static void on_window_commit(struct wl_listener *listener, void *data) {
	struct window *window = wl_container_of(listener, window, commit);
	if (window->xdg->initial_commit)
		wlr_xdg_surface_schedule_configure(window->xdg);
}

static void on_popup_commit(struct wl_listener *listener, void *data) {
	struct popup *popup = wl_container_of(listener, popup, commit);
	if (popup->xdg->initial_commit)
		wlr_xdg_surface_schedule_configure(popup->xdg);
}

static void on_popup_destroy(struct wl_listener *listener, void *data) {
	struct popup *popup = wl_container_of(listener, popup, destroy);
	wl_list_remove(&popup->commit.link);
	wl_list_remove(&popup->destroy.link);
	free(popup);
}
#endif

/* A toplevel: a window in the scene, focused once it maps. 0.15 signals an xdg surface's map,
 * unmap and destroy on the xdg surface; 0.17 moved map and unmap to the wl_surface, and 0.18
 * destroys the wlr_xdg_toplevel on its own (xdg_toplevel.destroy) before the xdg surface. */
static void add_window(struct server *server, struct wlr_xdg_surface *xdg) {
	struct window *window = calloc(1, sizeof(*window));
	window->server = server;
	window->xdg = xdg;
	/* wlroots' xdg node offsets the surface by its geometry, so the window's visible top
	 * left corner (inside GTK's shadow) is at the output's (0, 0). */
	scene_parent *tree = wlr_scene_xdg_surface_create(scene_root(server->scene), xdg);
	xdg->data = tree; /* where its popups go */
	window->node = scene_parent_node(tree);
	wl_list_insert(&server->windows, &window->link);
	window->map.notify = on_map;
	window->unmap.notify = on_unmap;
	window->destroy.notify = on_window_destroy;
	wl_list_init(&window->commit.link);
#if WLR_0_18
	wl_signal_add(&xdg->surface->events.map, &window->map);
	wl_signal_add(&xdg->surface->events.unmap, &window->unmap);
	wl_signal_add(&xdg->toplevel->events.destroy, &window->destroy);
	window->commit.notify = on_window_commit;
	wl_signal_add(&xdg->surface->events.commit, &window->commit);
#else
	wl_signal_add(&xdg->events.map, &window->map);
	wl_signal_add(&xdg->events.unmap, &window->unmap);
	wl_signal_add(&xdg->events.destroy, &window->destroy);
#endif
}

/* A popover: drawn in its parent's tree, which wlroots positions for us. 0.17 renamed the
 * lookup of an xdg surface to say it may find none. */
static void add_popup(struct wlr_xdg_surface *xdg) {
#if WLR_0_18
	struct wlr_xdg_surface *parent = xdg->popup->parent != NULL
		? wlr_xdg_surface_try_from_wlr_surface(xdg->popup->parent) : NULL;
#else
	struct wlr_xdg_surface *parent = wlr_xdg_surface_from_wlr_surface(xdg->popup->parent);
#endif
	if (parent == NULL || parent->data == NULL)
		return; /* GTK gives every popup an xdg parent; no other client comes here. */
	xdg->data = wlr_scene_xdg_surface_create(parent->data, xdg);
#if WLR_0_18
	struct popup *popup = calloc(1, sizeof(*popup));
	popup->xdg = xdg;
	popup->commit.notify = on_popup_commit;
	wl_signal_add(&xdg->surface->events.commit, &popup->commit);
	popup->destroy.notify = on_popup_destroy;
	wl_signal_add(&xdg->popup->events.destroy, &popup->destroy);
#endif
}

/* New xdg surfaces: 0.15 announces each once its role is known; 0.18 announces toplevels and
 * popups apart (its new_surface comes before the role). */
#if WLR_0_18
static void on_new_xdg_toplevel(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_xdg_surface);
	struct wlr_xdg_toplevel *toplevel = data;
	add_window(server, toplevel->base);
}

static void on_new_xdg_popup(struct wl_listener *listener, void *data) {
	struct wlr_xdg_popup *popup = data;
	add_popup(popup->base);
}
#else
static void on_new_xdg_surface(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_xdg_surface);
	struct wlr_xdg_surface *xdg = data;
	if (xdg->role == WLR_XDG_SURFACE_ROLE_POPUP)
		add_popup(xdg);
	else
		add_window(server, xdg);
}
#endif

static void listen_xdg_shell(struct server *server, struct wlr_xdg_shell *shell) {
#if WLR_0_18
	server->new_xdg_surface.notify = on_new_xdg_toplevel;
	wl_signal_add(&shell->events.new_toplevel, &server->new_xdg_surface);
	server->new_xdg_popup.notify = on_new_xdg_popup;
	wl_signal_add(&shell->events.new_popup, &server->new_xdg_popup);
#else
	server->new_xdg_surface.notify = on_new_xdg_surface;
	wl_signal_add(&shell->events.new_surface, &server->new_xdg_surface);
#endif
}

static void on_request_set_selection(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, request_set_selection);
	struct wlr_seat_request_set_selection_event *event = data;
	wlr_seat_set_selection(server->seat, event->source, event->serial);
}

/* --- Commands. Each returns NULL when done, or the reason it could not be. */

static const char *command_motion(struct server *server, char **args) {
	if (args[0] == NULL || args[1] == NULL)
		return "motion needs X Y";
	server->pointer_x = strtod(args[0], NULL);
	server->pointer_y = strtod(args[1], NULL);
	update_pointer_focus(server);
	return NULL;
}

static int button_code(const char *name) {
	if (name == NULL || strcmp(name, "left") == 0)
		return BTN_LEFT;
	if (strcmp(name, "right") == 0)
		return BTN_RIGHT;
	if (strcmp(name, "middle") == 0)
		return BTN_MIDDLE;
	return -1;
}

static void send_button(struct server *server, int button, enum wl_pointer_button_state state) {
	if (state == WL_POINTER_BUTTON_STATE_PRESSED) {
		/* Click to focus: a press on another window gives it the keyboard. */
		struct wlr_surface *surface = server->seat->pointer_state.focused_surface;
		struct window *window;
		wl_list_for_each(window, &server->windows, link) {
			if (window->mapped && window->xdg->surface == surface && window != top_mapped_window(server)) {
				focus_window(server, window);
				break;
			}
		}
	}
	notify_button(server->seat, now_ms(), button, state);
	wlr_seat_pointer_notify_frame(server->seat);
}

/* press BUTTON, release BUTTON, click BUTTON (both); BUTTON is left (default), right, middle. */
static const char *command_button(struct server *server, const char *verb, char **args) {
	int button = button_code(args[0]);
	if (button < 0)
		return "the button is left, right or middle";
	if (strcmp(verb, "release") != 0)
		send_button(server, button, WL_POINTER_BUTTON_STATE_PRESSED);
	if (strcmp(verb, "press") != 0)
		send_button(server, button, WL_POINTER_BUTTON_STATE_RELEASED);
	return NULL;
}

static void send_axis(struct server *server, uint32_t time, enum wl_pointer_axis axis, double value) {
	notify_axis(server->seat, time, axis, value, 0, WL_POINTER_AXIS_SOURCE_FINGER);
}

static void earn(double *earned_ms, double ms) {
	*earned_ms = MIN(*earned_ms + ms, 100);
}

static void lose(double *earned_ms, double ms) {
	*earned_ms = MAX(*earned_ms - ms, 0);
}

/* One frame of (DX, DY) through the axis lock (struct scroll_lock): the axes it leaves out are
 * set to 0. */
static void scroll_lock_frame(struct scroll_lock *lock, uint32_t time, double *dx, double *dy) {
	if (!lock->enabled || (lock->horizontal && lock->vertical))
		return;
	/* A pause longer than a tenth of a second earns nothing: the hand rested. */
	double ms = lock->moving ? (double)(time - lock->last_ms) : 0;
	if (ms > 100)
		ms = 0;
	lock->moving = true;
	lock->last_ms = time;
	double fade = ms > 0 ? exp(-ms / 30.0) : 0;
	lock->recent_x = lock->recent_x * fade + *dx / lock->px_per_mm;
	lock->recent_y = lock->recent_y * fade + *dy / lock->px_per_mm;
	double length = hypot(lock->recent_x, lock->recent_y);
	double degrees = atan2(fabs(lock->recent_y), fabs(lock->recent_x)) * 180 / M_PI; /* 0 level, 90 up or down */
	if (length > 0.15) { /* Too short a movement says no direction. */
		if (degrees >= 30)
			earn(&lock->earned_y_ms, ms);
		if (degrees >= 75)
			lose(&lock->earned_x_ms, ms);
		if (degrees < 60)
			earn(&lock->earned_x_ms, ms);
		if (degrees < 15)
			lose(&lock->earned_y_ms, ms);
	}
	if (lock->earned_x_ms >= 100) {
		lock->horizontal = true;
		lock->vertical = lock->earned_y_ms >= 50;
	}
	if (lock->earned_y_ms >= 100) {
		lock->vertical = true;
		lock->horizontal = lock->earned_x_ms >= 50;
	}
	if (length > 5 && degrees >= 30 && degrees < 60)
		lock->horizontal = lock->vertical = true;
	if (lock->horizontal && !lock->vertical)
		*dy = 0;
	else if (lock->vertical && !lock->horizontal)
		*dx = 0;
	else if (!lock->horizontal && !lock->vertical) {
		if (degrees >= 60)
			*dx = 0;
		if (degrees < 30)
			*dy = 0;
	}
}

/* The fingers lifted: the next scroll settles on its axis afresh. */
static void scroll_lock_reset(struct scroll_lock *lock) {
	struct scroll_lock fresh = {.enabled = lock->enabled, .px_per_mm = lock->px_per_mm};
	*lock = fresh;
}

/* scroll DX DY: one frame of two-finger touchpad scrolling (axis source finger), in surface
 * pixels, through the axis lock when it is on. scroll stop: the fingers lift
 * (wl_pointer.axis_stop on both axes). scroll lock on [PX_PER_MM] | scroll lock off: libinput's
 * axis lock (struct scroll_lock) for the frames that follow; 4 pixels a millimetre unless given. */
static const char *command_scroll(struct server *server, char **args) {
	uint32_t time = now_ms();
	struct scroll_lock *lock = &server->scroll_lock;
	if (args[0] != NULL && strcmp(args[0], "lock") == 0) {
		if (args[1] == NULL || (strcmp(args[1], "on") != 0 && strcmp(args[1], "off") != 0))
			return "scroll lock needs on or off";
		lock->enabled = strcmp(args[1], "on") == 0;
		lock->px_per_mm = args[1][1] == 'n' && args[2] != NULL ? strtod(args[2], NULL) : 4;
		if (!(lock->px_per_mm > 0))
			return "scroll lock on needs a positive PX_PER_MM";
		scroll_lock_reset(lock);
		return NULL;
	}
	bool stop = args[0] != NULL && strcmp(args[0], "stop") == 0;
	if (!stop && (args[0] == NULL || args[1] == NULL))
		return "scroll needs DX DY, or stop, or lock";
	double dx = stop ? 0 : strtod(args[0], NULL), dy = stop ? 0 : strtod(args[1], NULL);
	if (stop)
		scroll_lock_reset(lock);
	else
		scroll_lock_frame(lock, time, &dx, &dy);
	/* wlroots sends a zero value as axis_stop: an axis that did not move is left out (a frame
	 * the lock emptied is sent as a frame alone). */
	if (stop || dx != 0)
		send_axis(server, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL, dx);
	if (stop || dy != 0)
		send_axis(server, time, WL_POINTER_AXIS_VERTICAL_SCROLL, dy);
	wlr_seat_pointer_notify_frame(server->seat);
	return NULL;
}

/* One axis of a wheel frame: `value120` more of the wheel's movement in wl_pointer's units (120
 * a notch), every frame's movement also sent as axis, 15 per notch as libinput measures a
 * wheel's click in degrees.
 *
 * wlroots 0.15 (Debian 12) offers wl_seat version 7, before axis_value120 (version 8, wlroots
 * 0.17), so a client hears a high-resolution wheel as a version 7 compositor passes it on: the
 * movement is added to what is left over of the last frames, `*partial`, and axis_discrete
 * comes only in the frame that completes a notch, with the number of notches completed.
 * Turning back starts afresh, as libinput does.
 *
 * wlroots 0.18 (Debian 13) offers wl_seat 9 and takes value120 itself, as a compositor hands
 * it on from libinput: a client of version 8 or later (GTK 4.18) hears axis_value120 with each
 * frame, and for an older one wlroots adds up the notches as above (`*partial` is unused). */
static void send_wheel_axis(struct server *server, uint32_t time, enum wl_pointer_axis axis,
		int value120, int *partial) {
	if (value120 == 0)
		return;
#if WLR_0_18
	notify_axis(server->seat, time, axis, 15.0 * value120 / 120, value120, WL_POINTER_AXIS_SOURCE_WHEEL);
#else
	if ((*partial > 0 && value120 < 0) || (*partial < 0 && value120 > 0))
		*partial = 0;
	*partial += value120;
	int notches = *partial / 120;
	*partial -= notches * 120;
	notify_axis(server->seat, time, axis, 15.0 * value120 / 120, notches, WL_POINTER_AXIS_SOURCE_WHEEL);
#endif
}

/* wheel DX120 DY120: one frame of a mouse wheel, in value120 units (120 a notch; a
 * high-resolution wheel sends parts of one, such as 30). Positive DY turns it down (the list
 * scrolls towards its end), positive DX tilts it right. */
static const char *command_wheel(struct server *server, char **args) {
	if (args[0] == NULL || args[1] == NULL)
		return "wheel needs DX120 DY120";
	uint32_t time = now_ms();
	send_wheel_axis(server, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL, atoi(args[0]), &server->wheel_partial_x);
	send_wheel_axis(server, time, WL_POINTER_AXIS_VERTICAL_SCROLL, atoi(args[1]), &server->wheel_partial_y);
	wlr_seat_pointer_notify_frame(server->seat);
	return NULL;
}

static bool is_cancel(const char *word) {
	return word != NULL && strcmp(word, "cancel") == 0;
}

/* pinch begin [FINGERS] | pinch update DX DY SCALE [ROTATION] | pinch end [cancel] */
static const char *command_pinch(struct server *server, char **args) {
	uint32_t time = now_ms();
	if (args[0] == NULL)
		return "pinch needs begin, update or end";
	if (strcmp(args[0], "begin") == 0) {
		wlr_pointer_gestures_v1_send_pinch_begin(server->gestures, server->seat, time,
			args[1] ? atoi(args[1]) : 2);
	} else if (strcmp(args[0], "update") == 0) {
		if (args[1] == NULL || args[2] == NULL || args[3] == NULL)
			return "pinch update needs DX DY SCALE";
		wlr_pointer_gestures_v1_send_pinch_update(server->gestures, server->seat, time,
			strtod(args[1], NULL), strtod(args[2], NULL), strtod(args[3], NULL),
			args[4] ? strtod(args[4], NULL) : 0);
	} else if (strcmp(args[0], "end") == 0) {
		wlr_pointer_gestures_v1_send_pinch_end(server->gestures, server->seat, time, is_cancel(args[1]));
	} else {
		return "pinch needs begin, update or end";
	}
	return NULL;
}

/* swipe begin [FINGERS] | swipe update DX DY | swipe end [cancel] */
static const char *command_swipe(struct server *server, char **args) {
	uint32_t time = now_ms();
	if (args[0] == NULL)
		return "swipe needs begin, update or end";
	if (strcmp(args[0], "begin") == 0) {
		wlr_pointer_gestures_v1_send_swipe_begin(server->gestures, server->seat, time,
			args[1] ? atoi(args[1]) : 3);
	} else if (strcmp(args[0], "update") == 0) {
		if (args[1] == NULL || args[2] == NULL)
			return "swipe update needs DX DY";
		wlr_pointer_gestures_v1_send_swipe_update(server->gestures, server->seat, time,
			strtod(args[1], NULL), strtod(args[2], NULL));
	} else if (strcmp(args[0], "end") == 0) {
		wlr_pointer_gestures_v1_send_swipe_end(server->gestures, server->seat, time, is_cancel(args[1]));
	} else {
		return "swipe needs begin, update or end";
	}
	return NULL;
}

/* hold begin [FINGERS] | hold end [cancel] */
static const char *command_hold(struct server *server, char **args) {
	uint32_t time = now_ms();
	if (args[0] != NULL && strcmp(args[0], "begin") == 0)
		wlr_pointer_gestures_v1_send_hold_begin(server->gestures, server->seat, time,
			args[1] ? atoi(args[1]) : 2);
	else if (args[0] != NULL && strcmp(args[0], "end") == 0)
		wlr_pointer_gestures_v1_send_hold_end(server->gestures, server->seat, time, is_cancel(args[1]));
	else
		return "hold needs begin or end";
	return NULL;
}

/* The evdev key code that types `keysym` on the keymap, at `*level` 0 (plain) or 1 (with
 * Shift); -1 if no key does. */
static int keycode_for(struct wlr_keyboard *keyboard, xkb_keysym_t keysym, int *level) {
	struct xkb_keymap *keymap = keyboard->keymap;
	for (*level = 0; *level < 2; (*level)++) {
		for (xkb_keycode_t code = xkb_keymap_min_keycode(keymap); code <= xkb_keymap_max_keycode(keymap); code++) {
			const xkb_keysym_t *syms;
			int count = xkb_keymap_key_get_syms_by_level(keymap, code, 0, *level, &syms);
			for (int i = 0; i < count; i++) {
				if (syms[i] == keysym)
					return (int)code - 8;
			}
		}
	}
	return -1;
}

static void send_key(struct server *server, int keycode, enum wl_keyboard_key_state state) {
	keyboard_key_event event = {
		.time_msec = now_ms(), .keycode = keycode, .update_state = true, .state = state,
	};
	wlr_keyboard_notify_key(server->keyboard, &event); /* Updates the modifiers. */
	wlr_seat_keyboard_notify_key(server->seat, event.time_msec, keycode, state);
	wlr_seat_keyboard_notify_modifiers(server->seat, &server->keyboard->modifiers);
}

/* Presses and/or releases the key typing `keysym`, with Shift around it if it needs Shift. */
static const char *press_keysym(struct server *server, xkb_keysym_t keysym, bool down, bool up) {
	int level;
	int keycode = keycode_for(server->keyboard, keysym, &level);
	if (keycode < 0)
		return "no key on the keymap types that";
	int shift = level == 1 ? KEY_LEFTSHIFT : -1;
	if (down && shift >= 0)
		send_key(server, shift, WL_KEYBOARD_KEY_STATE_PRESSED);
	if (down)
		send_key(server, keycode, WL_KEYBOARD_KEY_STATE_PRESSED);
	if (up)
		send_key(server, keycode, WL_KEYBOARD_KEY_STATE_RELEASED);
	if (up && shift >= 0)
		send_key(server, shift, WL_KEYBOARD_KEY_STATE_RELEASED);
	return NULL;
}

/* key NAME, keydown NAME, keyup NAME: NAME is an XKB keysym name (Return, a, Control_L). */
static const char *command_key(struct server *server, const char *verb, char **args) {
	if (args[0] == NULL)
		return "a key needs a keysym name";
	xkb_keysym_t keysym = xkb_keysym_from_name(args[0], XKB_KEYSYM_NO_FLAGS);
	if (keysym == XKB_KEY_NoSymbol)
		return "unknown keysym name";
	return press_keysym(server, keysym, strcmp(verb, "keyup") != 0, strcmp(verb, "keydown") != 0);
}

/* type TEXT: each character of the rest of the line, pressed and released. */
static const char *command_type(struct server *server, const char *text) {
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		if (*c >= 0x80)
			return "type takes ASCII text only";
		const char *error = press_keysym(server, xkb_utf32_to_keysym(*c), true, true);
		if (error != NULL)
			return error;
	}
	return NULL;
}

/* screenshot PATH [X Y WIDTH HEIGHT]: the output, or that part of it, as a PNG, rendered now. */
static const char *command_screenshot(struct server *server, char **args) {
	if (args[0] == NULL)
		return "screenshot needs a path";
	struct wlr_output *output = server->output;
	int x = 0, y = 0, width = output->width, height = output->height;
	if (args[1] != NULL && args[4] == NULL)
		return "the part to take is X Y WIDTH HEIGHT";
	if (args[1] != NULL) {
		/* What of that part is on the output: a window larger than the output is cut. */
		x = atoi(args[1]), y = atoi(args[2]);
		width = MIN(atoi(args[3]), output->width - x), height = MIN(atoi(args[4]), output->height - y);
	}
	if (x < 0 || y < 0 || width <= 0 || height <= 0)
		return "the part to take is not on the output";
	cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	bool read = read_output(server, x, y, width, height, cairo_image_surface_get_data(image),
		cairo_image_surface_get_stride(image));
	cairo_surface_mark_dirty(image);
	cairo_status_t written = read ? cairo_surface_write_to_png(image, args[0]) : CAIRO_STATUS_READ_ERROR;
	cairo_surface_destroy(image);
	return written == CAIRO_STATUS_SUCCESS ? NULL : "the screenshot could not be read or written";
}

/* windows: "ok N", then a line per mapped window, top first: "X Y WIDTH HEIGHT TITLE". */
static void command_windows(struct server *server) {
	int count = 0;
	struct window *window;
	wl_list_for_each(window, &server->windows, link) count += window->mapped;
	printf("ok %d\n", count);
	wl_list_for_each(window, &server->windows, link) {
		if (!window->mapped)
			continue;
		struct wlr_box box;
		wlr_xdg_surface_get_geometry(window->xdg, &box);
		int x = 0, y = 0;
		wlr_scene_node_coords(window->node, &x, &y);
		const char *title = window->xdg->toplevel->title;
		printf("%d %d %d %d %s\n", x, y, box.width, box.height, title ? title : "");
	}
}

static void run_command(struct server *server, char *line) {
	char *rest = line + strspn(line, " ");
	char *verb = strsep(&rest, " ");
	if (strcmp(verb, "type") == 0) {
		const char *error = command_type(server, rest ? rest : "");
		printf(error ? "error %s\n" : "ok\n", error);
		return;
	}
	char *args[8] = {0};
	for (int i = 0; i < 7 && rest != NULL;) {
		char *word = strsep(&rest, " ");
		if (*word != '\0')
			args[i++] = word;
	}
	const char *error = "unknown command";
	if (strcmp(verb, "windows") == 0)
		return (void)command_windows(server);
	if (strcmp(verb, "motion") == 0)
		error = command_motion(server, args);
	if (strcmp(verb, "press") == 0 || strcmp(verb, "release") == 0 || strcmp(verb, "click") == 0)
		error = command_button(server, verb, args);
	if (strcmp(verb, "scroll") == 0)
		error = command_scroll(server, args);
	if (strcmp(verb, "wheel") == 0)
		error = command_wheel(server, args);
	if (strcmp(verb, "pinch") == 0)
		error = command_pinch(server, args);
	if (strcmp(verb, "swipe") == 0)
		error = command_swipe(server, args);
	if (strcmp(verb, "hold") == 0)
		error = command_hold(server, args);
	if (strcmp(verb, "key") == 0 || strcmp(verb, "keydown") == 0 || strcmp(verb, "keyup") == 0)
		error = command_key(server, verb, args);
	if (strcmp(verb, "screenshot") == 0)
		error = command_screenshot(server, args);
	if (strcmp(verb, "quit") == 0) {
		wl_display_terminate(server->display);
		error = NULL;
	}
	printf(error ? "error %s\n" : "ok\n", error);
}

/* Standard input: one command a line, each answered with one line on standard output. At
 * the end of the input (the test went away) the compositor quits, and Flick with it. */
static int on_control_input(int fd, uint32_t mask, void *data) {
	struct server *server = data;
	ssize_t count = read(fd, server->input + server->input_length,
		sizeof(server->input) - 1 - server->input_length);
	if (count <= 0 && !(count < 0 && errno == EINTR)) {
		wl_display_terminate(server->display);
		return 0;
	}
	server->input_length += count > 0 ? (size_t)count : 0;
	server->input[server->input_length] = '\0';
	char *newline;
	while ((newline = strchr(server->input, '\n')) != NULL) {
		*newline = '\0';
		if (server->input[0] != '\0')
			run_command(server, server->input);
		fflush(stdout);
		server->input_length -= newline + 1 - server->input;
		memmove(server->input, newline + 1, server->input_length + 1);
	}
	if (server->input_length == sizeof(server->input) - 1)
		server->input_length = 0; /* A line longer than the buffer: dropped. */
	return 0;
}

/* --- Start-up. */

static bool start_output(struct server *server, int width, int height) {
	server->output = wlr_headless_add_output(server->backend, width, height);
	if (server->output == NULL || !wlr_output_init_render(server->output, server->allocator, server->renderer))
		return false;
	if (!enable_output(server->output))
		return false;
	server->scene_output = wlr_scene_output_create(server->scene, server->output);
	server->output_frame.notify = on_output_frame;
	wl_signal_add(&server->output->events.frame, &server->output_frame);
	struct wl_event_loop *loop = wl_display_get_event_loop(server->display);
	server->frame_timer = wl_event_loop_add_timer(loop, on_frame_timer, server);
	wl_event_source_timer_update(server->frame_timer, 16);
	return true;
}

static bool start_seat(struct server *server) {
	server->seat = wlr_seat_create(server->display, "seat0");
	wlr_seat_set_capabilities(server->seat, WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_KEYBOARD);
	server->request_set_selection.notify = on_request_set_selection;
	wl_signal_add(&server->seat->events.request_set_selection, &server->request_set_selection);
	server->keyboard = add_keyboard(server);
	struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	struct xkb_rule_names us = {.layout = "us"};
	struct xkb_keymap *keymap = context ? xkb_keymap_new_from_names(context, &us, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
	if (server->keyboard == NULL || keymap == NULL)
		return false;
	wlr_keyboard_set_keymap(server->keyboard, keymap);
	xkb_keymap_unref(keymap);
	xkb_context_unref(context);
	seat_set_keyboard(server);
	server->gestures = wlr_pointer_gestures_v1_create(server->display);
	return server->gestures != NULL;
}

static bool start(struct server *server, int width, int height) {
	server->display = wl_display_create();
	server->backend = create_headless_backend(server->display);
	server->renderer = wlr_pixman_renderer_create();
	if (server->backend == NULL || server->renderer == NULL || !wlr_renderer_init_wl_display(server->renderer, server->display))
		return false;
	server->allocator = wlr_allocator_autocreate(server->backend, server->renderer);
	if (server->allocator == NULL)
		return false;
	struct wlr_xdg_shell *shell = create_surface_globals(server);
	wlr_data_device_manager_create(server->display);
	server->scene = wlr_scene_create();
	wl_list_init(&server->windows);
	listen_xdg_shell(server, shell);
	return wlr_backend_start(server->backend) && start_output(server, width, height) && start_seat(server);
}

static void spawn(const char *socket, char **command) {
	if (fork() == 0) {
		setenv("WAYLAND_DISPLAY", socket, 1);
		execvp(command[0], command);
		fprintf(stderr, "flick-test-compositor: cannot run %s: %s\n", command[0], strerror(errno));
		_exit(127);
	}
}

int main(int argc, char **argv) {
	int width = 1280, height = 1024, first_command = argc;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--size") == 0 && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &width, &height) == 2) {
			i++;
		} else if (strcmp(argv[i], "--") == 0) {
			first_command = i + 1;
			break;
		} else {
			fprintf(stderr, "usage: %s [--size WIDTHxHEIGHT] [-- COMMAND...]\n", argv[0]);
			return 2;
		}
	}
	if (getenv("XDG_RUNTIME_DIR") == NULL) {
		fprintf(stderr, "flick-test-compositor: XDG_RUNTIME_DIR is not set (Wayland sockets live there)\n");
		return 1;
	}
	wlr_log_init(WLR_ERROR, NULL);
	signal(SIGCHLD, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	struct server server = {0};
	if (!start(&server, width, height)) {
		fprintf(stderr, "flick-test-compositor: wlroots could not start a headless output (see above)\n");
		return 1;
	}
	const char *socket = wl_display_add_socket_auto(server.display);
	if (socket == NULL) {
		fprintf(stderr, "flick-test-compositor: cannot open a Wayland socket in $XDG_RUNTIME_DIR\n");
		return 1;
	}
	wl_event_loop_add_fd(wl_display_get_event_loop(server.display), STDIN_FILENO, WL_EVENT_READABLE,
		on_control_input, &server);
	if (first_command < argc)
		spawn(socket, argv + first_command);
	printf("ready %s\n", socket);
	fflush(stdout);
	wl_display_run(server.display);
	wl_display_destroy_clients(server.display);
	wl_display_destroy(server.display);
	return 0;
}
