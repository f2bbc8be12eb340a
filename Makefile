# Flick — build, run, test and install. `make run` and `make check` first install the Debian
# packages the project needs (as root), or print the apt-get line to run.

SWIFT       ?= swift
PREFIX      ?= $(HOME)/.local
DESTDIR     ?=
APP_ID      := io.github.flicktodo.Flick
# SwiftPM build directories: the debug build (run, check) and the release build that `install`
# installs. Give each concurrent build its own, e.g. `make check SCRATCH=.build-mine`.
SCRATCH         ?= .build
RELEASE_SCRATCH ?= .build-release
export RELEASE_SCRATCH
SWIFT_BUILD := $(SWIFT) build --scratch-path $(SCRATCH)
BIN_DIR     := $(shell $(SWIFT_BUILD) --show-bin-path 2>/dev/null)
SHARE_DIR   := $(BIN_DIR)/share
LINGUAS     := $(shell cat po/LINGUAS 2>/dev/null)

# Installation layout (`make install PREFIX=… DESTDIR=…`).
bindir      := $(PREFIX)/bin
datadir     := $(PREFIX)/share
RELEASE_BIN := $(RELEASE_SCRATCH)/release/flick
# The launcher, D-Bus service and metainfo for this PREFIX, with translations merged in.
STAGE       := $(RELEASE_SCRATCH)/install-data
SCHEMA_DIR  := $(datadir)/glib-2.0/schemas
# The PNG renderings of the application icon (tools/render-icons), so that X11 needs no SVG loader.
ICON_SIZES  := 16 32 48 64 128
# Every file `install` writes and `uninstall` removes (gschemas.compiled is handled apart).
INSTALLED   := $(bindir)/flick \
               $(datadir)/applications/$(APP_ID).desktop \
               $(datadir)/dbus-1/services/$(APP_ID).service \
               $(datadir)/gnome-shell/search-providers/$(APP_ID).search-provider.ini \
               $(datadir)/metainfo/$(APP_ID).metainfo.xml \
               $(datadir)/icons/hicolor/scalable/apps/$(APP_ID).svg \
               $(datadir)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
               $(foreach size,$(ICON_SIZES),$(datadir)/icons/hicolor/$(size)x$(size)/apps/$(APP_ID).png) \
               $(SCHEMA_DIR)/$(APP_ID).gschema.xml \
               $(foreach lang,$(LINGUAS),$(datadir)/locale/$(lang)/LC_MESSAGES/flick.mo)
# The directories those files go in, parents first. `install` records the ones it had to
# create in $(MANIFEST); `uninstall` removes those again if they are empty.
INSTALL_DIRS := $(PREFIX) $(bindir) $(datadir) $(datadir)/applications $(datadir)/dbus-1 \
               $(datadir)/dbus-1/services $(datadir)/gnome-shell $(datadir)/gnome-shell/search-providers \
               $(datadir)/metainfo $(datadir)/icons $(datadir)/icons/hicolor \
               $(datadir)/icons/hicolor/scalable $(datadir)/icons/hicolor/scalable/apps \
               $(datadir)/icons/hicolor/symbolic $(datadir)/icons/hicolor/symbolic/apps \
               $(foreach size,$(ICON_SIZES),$(datadir)/icons/hicolor/$(size)x$(size) \
                 $(datadir)/icons/hicolor/$(size)x$(size)/apps) \
               $(datadir)/glib-2.0 $(SCHEMA_DIR) $(datadir)/locale \
               $(foreach lang,$(LINGUAS),$(datadir)/locale/$(lang) $(datadir)/locale/$(lang)/LC_MESSAGES) \
               $(datadir)/flick
MANIFEST    := $(datadir)/flick/installed-directories

# The Debian release this machine runs (12 or 13): the packages whose names carry a version.
DEBIAN_RELEASE := $(shell . /etc/os-release 2>/dev/null && echo $$VERSION_ID)
# RELEASE_PACKAGES: the release build links the Swift runtime and Foundation statically, and with
# them the C++ library and libxml2, which need their development files (libstdc++.so,
# libxml2.so): a Debian 13 root with every package `deps-test` installs has neither.
ifeq ($(DEBIAN_RELEASE),13)
VERSIONED_TEST_PACKAGES := libwlroots-0.18-dev postgresql-17 libapache2-mod-php8.4
RELEASE_PACKAGES        := libstdc++-14-dev libxml2-dev
else
VERSIONED_TEST_PACKAGES := libwlroots-dev postgresql-15 libapache2-mod-php8.2
RELEASE_PACKAGES        := libstdc++-12-dev libxml2-dev
endif

# What the release build's profile of its own start and rest needs (`release`, tools/startup-order):
# callgrind, objcopy and nm, and a display of its own (tools/with-display: Xvfb, D-Bus).
STARTUP_PROFILE_PACKAGES := valgrind binutils xvfb xauth dbus

# What building and running needs, and what the tests need on top.
RUN_PACKAGES  := libgtk-4-dev libsqlite3-dev libglib2.0-bin gettext adwaita-icon-theme fonts-cantarell \
                 dconf-gsettings-backend libgsound-dev sound-theme-freedesktop libical-dev libsoup-3.0-dev \
                 glib-networking libsecret-1-dev libportal1 libportal-gtk4-1
TEST_PACKAGES := xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0 \
                 imagemagick desktop-file-utils appstream libgtk-4-bin chromium python3-websocket sqlite3 gcc \
                 radicale libsecret-tools openssl python3-gi python3-dateutil python3-dbusmock gir1.2-gtk-4.0 gir1.2-gtk-3.0 \
                 libxkbcommon-dev libcairo2-dev wayland-protocols libwayland-bin \
                 orca speech-dispatcher speech-dispatcher-espeak-ng openbox locales \
                 davical apache2-bin xdg-desktop-portal xdg-desktop-portal-gtk $(VERSIONED_TEST_PACKAGES)

.PHONY: all build data run check check-debian13 check-data stress leaks bench bench-prepare bench-peers bench-peers-here deps deps-test deps-release clean screenshot release stage-data install \
        uninstall deb pot po-update wayland-compositor

all: build

deps:
	@tools/ensure-packages $(RUN_PACKAGES)

deps-test:
	@tools/ensure-packages $(RUN_PACKAGES) $(TEST_PACKAGES)

# What `make release` and `make deb` need on top of `deps`, and lintian for the package.
deps-release:
	@tools/ensure-packages $(RUN_PACKAGES) $(RELEASE_PACKAGES) $(STARTUP_PROFILE_PACKAGES) $(DEB_PACKAGES) lintian

build: deps
	$(SWIFT_BUILD)
	@$(MAKE) --no-print-directory data

# The compiled schema, translations and icons beside the built binary, where Flick looks for them.
data:
	@mkdir -p $(SHARE_DIR)/glib-2.0/schemas $(SHARE_DIR)/icons
	@cp data/$(APP_ID).gschema.xml $(SHARE_DIR)/glib-2.0/schemas/
	@glib-compile-schemas --strict $(SHARE_DIR)/glib-2.0/schemas
	@cp -R data/icons/hicolor $(SHARE_DIR)/icons/
	@for lang in $(LINGUAS); do \
	  mkdir -p $(SHARE_DIR)/locale/$$lang/LC_MESSAGES; \
	  msgfmt --check -o $(SHARE_DIR)/locale/$$lang/LC_MESSAGES/flick.mo po/$$lang.po || exit 1; \
	done

run: build
	$(BIN_DIR)/flick

# Every test: the Swift targets (the GTK ones need a display, so all run under a private
# Xvfb and D-Bus session), then the end-to-end tests on the built binary.
# The end-to-end tests include `make install` into a temporary prefix (test_desktop.py) of the
# debug build (FLICK_INSTALL_BIN); `make stress` installs the release build. The Swift tests run with
# G_DEBUG=fatal-criticals, and so does every Flick the end-to-end tests start
# (tests/e2e/flickapp.py): a GTK CRITICAL fails the test that caused it.
# Every signal connection the tests make is checked against the signal's C signature (issue
# 26) and noted in $(SIGNAL_AUDIT); tools/signal-audit sums it up at the end, and fails on any
# connection refused. FLICK_BINARY: the end-to-end tests run this SCRATCH's build (by themselves
# they ask SwiftPM for the default one, .build's, which `make check SCRATCH=…` does not build).
SIGNAL_AUDIT  := $(abspath $(SCRATCH))/signal-audit.txt
# End-to-end test modules run at the same time, each with its own display (tools/run-e2e): on a
# 2-core machine the 435 tests took 996 s one module at a time and 489 s two at a time, most of
# a test being a wait for Flick to paint, sync or start.
E2E_JOBS ?= 2
# FLICK_NOT_YET=FILE: the tests a platform does not pass yet, skipped and listed with their
# reasons (tools/debian13 gives tests/debian13-not-yet.txt; tools/run-e2e reads the end-to-end
# ones, which start with "test_"; the Swift ones become `swift test --skip` patterns here).
# On a Debian 13 machine itself, `make check` skips and lists Debian 13's list too.
ifeq ($(DEBIAN_RELEASE),13)
FLICK_NOT_YET ?= $(CURDIR)/tests/debian13-not-yet.txt
export FLICK_NOT_YET
endif
SWIFT_NOT_YET := $(if $(FLICK_NOT_YET),$(shell sed -n 's/\#.*//; s/^[[:space:]]*//; s/[[:space:]]*$$//; /^test_/d; /^$$/d; s/.*/--skip &/p' $(FLICK_NOT_YET)))
# When this make began (for the duration printed at the end of `make check`).
CHECK_STARTED := $(shell date +%s)
check: deps-test
	$(SWIFT_BUILD) --build-tests
	@$(MAKE) --no-print-directory data wayland-compositor
	tests/desktop/check-data.sh
	/usr/bin/python3 tests/fixtures/ics/check_fixtures.py
	@rm -f $(SIGNAL_AUDIT)
	FLICK_SIGNAL_AUDIT=$(SIGNAL_AUDIT) G_DEBUG=fatal-criticals tools/with-display $(SWIFT) test --skip-build \
	  --scratch-path $(SCRATCH) $(SWIFT_NOT_YET)
	FLICK_SIGNAL_AUDIT=$(SIGNAL_AUDIT) FLICK_TEST_COMPOSITOR=$(TEST_COMPOSITOR) FLICK_INSTALL_BIN=$(BIN_DIR)/flick \
	  FLICK_BINARY=$(BIN_DIR)/flick FLICK_E2E_DURATIONS=$(abspath $(SCRATCH))/e2e-durations.txt tools/run-e2e --jobs $(E2E_JOBS) tests/e2e 'test_*.py'
	@tools/signal-audit $(SIGNAL_AUDIT)
	@echo "make check: passed in $$(( $$(date +%s) - $(CHECK_STARTED) )) s"

# `make check` again on Debian 13 (trixie: GTK 4.18, GLib 2.84), beside this machine's release
# (issue 73): in a Debian 13 root made by mmdebstrap and kept in /var/cache/flick/debian13
# (FLICK_DEBIAN13_CACHE), with this machine's Swift toolchain, its own build folders
# (.build-debian13, .build-debian13-release) and private mount, PID and network namespaces
# (tools/debian13). As root. Arguments for the inner make: DEBIAN13_MAKE_ARGS, e.g. E2E_JOBS=1.
check-debian13:
	tools/debian13 check $(DEBIAN13_MAKE_ARGS)

# The Wayland compositor the touchpad tests run Flick in (tests/wayland/README.md): C on
# wlroots, for the tests only. wlroots' xdg-shell header includes the protocol's server header,
# which wayland-scanner writes from wayland-protocols' XML. Its one source builds on wlroots 0.15
# (Debian 12's libwlroots-dev, pkg-config name `wlroots`) and 0.18 (Debian 13's
# libwlroots-0.18-dev, `wlroots-0.18`: from 0.17 on each minor version has a name of its own, so
# that several can be installed side by side).
TEST_COMPOSITOR := $(abspath $(SCRATCH))/wayland/flick-test-compositor
WLROOTS_PC      := $(shell pkg-config --exists wlroots-0.18 2>/dev/null && echo wlroots-0.18 || echo wlroots)
COMPOSITOR_LIBS := $(WLROOTS_PC) wayland-server xkbcommon cairo libdrm pixman-1
wayland-compositor: $(TEST_COMPOSITOR)
$(TEST_COMPOSITOR): tests/wayland/flick-test-compositor.c
	@mkdir -p $(@D)
	wayland-scanner server-header $$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml \
	  $(@D)/xdg-shell-protocol.h
	gcc -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter -DWLR_USE_UNSTABLE -I$(@D) \
	  $$(pkg-config --cflags $(COMPOSITOR_LIBS)) $< -o $@ $$(pkg-config --libs $(COMPOSITOR_LIBS)) -lm

# Long runs that do not belong in `make check`: the fuzz tests at ten times their size; a
# 10-minute soak of mixed actions on a 10,000-item list with the accessible tree read after each
# step (SOAK_MINUTES, SOAK_SEED); 1,000 kill trials, Flick killed with SIGKILL mid-burst and
# nothing it reported saved lost (KILL_TRIALS, KILL_SEED); edits typed during slow syncs while
# another client changes the same tasks, 50 seeds at 2 s a reply (issue 57; not in make check); the CalDAV sync tests again, against
# a second server, Xandikos, and the moves between calendars against a third, Cyrus; the Debian
# package (`make deb`) through lintian, installed with apt-get on this machine, launched and
# purged (tests/package/test_deb.py; as root, else skipped); the touchpad's hands mirrored in Hebrew
# (test_touchpad_wayland.py's RightToLeft classes, FLICK_STRESS); Orca tabbing through the
# shortcuts window (test_orca.py, FLICK_STRESS); each key of the shortcuts window tried
# (test_every_key.py, FLICK_STRESS; make check checks the listing); four of the long list's
# inserts and forty syncs offline (test_long_list.py, test_caldav_forgetful_server.py,
# FLICK_STRESS); every screen at a phone's
# size under the Wayland compositor and held sideways, GTK's own file chooser given a phone's
# screen, and the message that Flick cannot start on a 360 x 640 screen (test_phone_size.py,
# FLICK_STRESS); the
# touchscreen's pinches, pulls and lift at a phone's size (test_touch_phone.py's
# PhoneListTouchTests, FLICK_STRESS); an account of GNOME Online Accounts through goa-daemon
# itself (test_online_accounts.py's RealDaemonTests, FLICK_STRESS); and `make leaks`.
SOAK_MINUTES ?= 10
KILL_TRIALS  ?= 1000
# gdb: a soak undo that does not land prints where Flick's main thread was. Cyrus (with its
# CalDAV module, and saslpasswd2): the moves between calendars against a server with one copy of
# a UID per account (issue 34; tests/e2e/cyrus_server.py). lintian, mmdebstrap: the Debian package (make deb)
# checked, and installed in a fresh Debian 12 root too. (DAViCal, on PostgreSQL and Apache with
# mod_php, is in TEST_PACKAGES: `check` syncs with it once, test_caldav_davical.py, and `stress`
# runs the sync suites against it; issue 62, tests/e2e/davical_server.py.) gnome-online-accounts:
# goa-daemon itself, where make check has a stand-in of its D-Bus interface (issue 62 point 4,
# test_online_accounts.py's RealDaemonTests).
STRESS_PACKAGES := xandikos gdb cyrus-imapd cyrus-caldav sasl2-bin lintian mmdebstrap gnome-online-accounts
# The fuzz tests (issue 11: bad input never crashes) with FUZZ_SCALE times the cases of
# `make check`, from a new seed each time (printed; FUZZ_SEED=N replays a run).
FUZZ_SCALE ?= 10
FUZZ_SEED  ?= $(shell date +%s)
stress: deps-test
	@tools/ensure-packages $(STRESS_PACKAGES)
	$(SWIFT_BUILD) --build-tests
	@$(MAKE) --no-print-directory data
	FLICK_FUZZ_SCALE=$(FUZZ_SCALE) FLICK_FUZZ_SEED=$(FUZZ_SEED) tools/with-display $(SWIFT) test --skip-build \
	  --scratch-path $(SCRATCH) --filter Fuzz
	FLICK_FUZZ_SCALE=$(FUZZ_SCALE) FLICK_FUZZ_SEED=$(FUZZ_SEED) tools/with-display /usr/bin/python3 -m unittest \
	  discover -v -s tests/e2e -p 'test_fuzz_cli.py'
	tools/with-display /usr/bin/python3 tests/soak/soak.py --minutes $(SOAK_MINUTES) $(if $(SOAK_SEED),--seed $(SOAK_SEED))
	tools/with-display /usr/bin/python3 tests/reliability/kill_trials.py --trials $(KILL_TRIALS) $(if $(KILL_SEED),--seed $(KILL_SEED))
	tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_desktop.py'
	tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/package -p 'test_deb.py'
	tools/deb-each-release 12 13
	FLICK_CONCURRENCY_ROUNDS=1000 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e \
	  -p 'test_concurrent_processes.py'
	FLICK_EDITS_DURING_SYNC_SEEDS=50 FLICK_EDITS_DURING_SYNC_ITEMS=20 FLICK_EDITS_DURING_SYNC_DELAY=2 tools/with-display /usr/bin/python3 -m unittest \
	  discover -v -s tests/e2e -p 'test_caldav_edits_during_sync.py'
	@$(MAKE) --no-print-directory wayland-compositor
	FLICK_STRESS=1 FLICK_TEST_COMPOSITOR=$(TEST_COMPOSITOR) tools/with-display /usr/bin/python3 -m unittest discover -v \
	  -s tests/e2e -p 'test_touchpad_wayland.py' -k RightToLeft
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_orca.py' \
	  -k test_the_shortcuts_window
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_every_key.py'
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_long_list.py'
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_caldav_forgetful_server.py' \
	  -k test_forty_syncs
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_caldav_quirks.py'
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_online_accounts.py' \
	  -k RealDaemonTests
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_select.py' \
	  -k SelectGestureTests
	FLICK_STRESS=1 FLICK_TEST_COMPOSITOR=$(TEST_COMPOSITOR) tools/with-display /usr/bin/python3 -m unittest discover -v \
	  -s tests/e2e -p 'test_phone_size.py' -k Wayland -k Landscape
	FLICK_STRESS=1 XVFB_SCREEN=360x640x24 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e \
	  -p 'test_phone_size.py' -k PhoneScreenMessageTests
	FLICK_STRESS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_touch_phone.py' \
	  -k PhoneListTouchTests
	FLICK_CALDAV_SERVER=xandikos FLICK_EDITS_DURING_SYNC_SEEDS=1 tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_caldav*.py'
	FLICK_CALDAV_SERVER=cyrus tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_caldav.py' \
	  -k moved_into -k moved_between -k move_the_server_refuses
	FLICK_CALDAV_SERVER=davical tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_caldav*.py' \
	  -k test_caldav. -k test_caldav_recurring -k test_caldav_subtasks -k test_caldav_forgetful_server -k test_caldav_harness
	@$(MAKE) --no-print-directory leaks

# Leaks and memory errors: a short scripted session of the release build under valgrind
# (tests/leaks/valgrind_session.py; one-time allocations of the libraries are suppressed in
# tests/leaks/flick.supp, each with its reason). Fails on an invalid read or write, or a
# definite leak from Flick's own code. Valgrind 3.19 cannot read the DWARF 5 debug information
# of Swift 6's toolchain, so it runs a copy without it (the symbols stay).
LEAKS_DIR := $(RELEASE_SCRATCH)/leaks
leaks: deps-test
	@tools/ensure-packages valgrind binutils
	@$(MAKE) --no-print-directory release
	@mkdir -p $(LEAKS_DIR)/share/glib-2.0/schemas
	@cp data/$(APP_ID).gschema.xml $(LEAKS_DIR)/share/glib-2.0/schemas/
	@glib-compile-schemas $(LEAKS_DIR)/share/glib-2.0/schemas
	@cp -R data/icons $(LEAKS_DIR)/share/
	objcopy --strip-debug $(RELEASE_BIN) $(LEAKS_DIR)/flick
	tools/with-display /usr/bin/python3 tests/leaks/valgrind_session.py $(LEAKS_DIR)/flick

# Benchmarks (never part of `make check`, never failing on a timing): release builds of Flick,
# flick-bench (Flick's application driven and timed from inside, linked as `flick` is, and the
# controller's and the store's costs; `flick` itself has no benchmark in it) and the C floor
# (bench/floor.c), run side by side under Xvfb 1024x768; the table goes to the terminal and to
# BENCHMARKS.md (BENCH_OUTPUT=FILE writes it there instead). BENCH_RUNS=N for fewer runs.
# bench/xwatch.c times Flick and Endeavour alike from outside, by grabbing their windows (MIT-SHM);
# that comparison runs each app at least 5 times whatever BENCH_RUNS says.
BENCH_PACKAGES := endeavour evolution-data-server libx11-dev libxext-dev
BENCH_RUNS     ?= 7
BENCH_OUTPUT   ?= BENCHMARKS.md
bench: deps-test
	@tools/ensure-packages $(BENCH_PACKAGES)
	@$(MAKE) --no-print-directory bench-prepare
	@tools/startup-order --check $(RELEASE_BIN)
	gcc -O2 -Wall -o $(RELEASE_SCRATCH)/floor bench/floor.c $$(pkg-config --cflags --libs gtk4)
	XVFB_SCREEN=1024x768x24 tools/with-display /usr/bin/python3 bench/run.py $(RELEASE_SCRATCH)/release/flick \
	  $(RELEASE_SCRATCH)/floor $(RELEASE_SCRATCH)/release/flick-bench --runs $(BENCH_RUNS) --output $(BENCH_OUTPUT)

# What `bench` and `bench-peers` run: the release build with its schema and icons beside it, and xwatch.
bench-prepare: release
	@mkdir -p $(RELEASE_SCRATCH)/release/share/glib-2.0/schemas
	@cp data/$(APP_ID).gschema.xml $(RELEASE_SCRATCH)/release/share/glib-2.0/schemas/
	@glib-compile-schemas $(RELEASE_SCRATCH)/release/share/glib-2.0/schemas
	@cp -R data/icons $(RELEASE_SCRATCH)/release/share/
	gcc -O2 -Wall -o $(RELEASE_SCRATCH)/xwatch bench/xwatch.c $$(pkg-config --cflags --libs x11 xext)

# Flick beside its peers in one run, Endeavour and Errands (issue 76; not part of `make check`),
# each shown the same 1,000 tasks and timed from outside as `bench` times Endeavour
# (bench/peers.py; the table goes to the terminal and to BENCHMARKS.md's peers section). Debian
# packages Errands in release 13 only, so this runs on Debian 13, in a root (tools/debian13) made
# from the Makefile's Debian 13 lists plus PEER_PACKAGES and kept apart from check-debian13's, so
# that neither is remade for the other: DEBIAN13_PEERS_CACHE, or FLICK_DEBIAN13_CACHE when set.
# As root. `bench-peers-here` is its part inside that root. librsvg2-common: GdkPixbuf's SVG loader,
# which the root's packages only recommend; without it Endeavour ends at its first SVG ("not a
# valid image") and Errands draws each icon as a broken image.
PEER_PACKAGES        := errands librsvg2-common $(BENCH_PACKAGES)
DEBIAN13_PEERS_CACHE ?= $(or $(FLICK_DEBIAN13_CACHE),/var/cache/flick/debian13-peers)
bench-peers:
	FLICK_DEBIAN13_CACHE=$(DEBIAN13_PEERS_CACHE) FLICK_DEBIAN13_PACKAGES="$(PEER_PACKAGES)" \
	  tools/debian13 bench-peers BENCH_RUNS=$(BENCH_RUNS)

bench-peers-here: deps-test
	@tools/ensure-packages $(PEER_PACKAGES)
	@$(MAKE) --no-print-directory bench-prepare
	XVFB_SCREEN=1024x768x24 tools/with-display /usr/bin/python3 bench/peers.py $(RELEASE_SCRATCH)/release/flick \
	  --runs $(BENCH_RUNS) --output BENCHMARKS.md

# Desktop files, schema and translations: validators, template up to date, catalogues complete.
check-data: deps-test
	tests/desktop/check-data.sh

# The installed binary: optimised, with the Swift runtime linked in, so it needs no toolchain,
# and the functions its start-up runs placed first, then those it runs after its first frame:
# tools/startup-order builds it, and when it linked anew, profiles the start and the rest after
# it (to the day's backup, then idle) with callgrind and links again with the list it writes in
# $(RELEASE_SCRATCH), made for these objects, so never stale (Package.swift's `flickLayout`).
# What ships is the app: a `flick` that names a FLICK_BENCH_ variable has benchmark code in it
# again (it lives in flick-bench, linked beside it), and the build fails.
release: deps
	@tools/ensure-packages $(RELEASE_PACKAGES) $(STARTUP_PROFILE_PACKAGES)
	SWIFT=$(SWIFT) tools/startup-order build
	@! grep -q FLICK_BENCH_ $(RELEASE_BIN) || { echo "$(RELEASE_BIN) has benchmark code in it (FLICK_BENCH_)" >&2; exit 1; }

# The data files for this PREFIX: @bindir@ filled in, translations merged (msgfmt --desktop and
# --xml read po/LINGUAS), catalogues compiled.
stage-data:
	@rm -rf $(STAGE)
	@mkdir -p $(STAGE)
	@sed -e 's|@bindir@|$(bindir)|g' -e '/^# Translators:/d' data/$(APP_ID).desktop.in >$(STAGE)/$(APP_ID).desktop.in
	@msgfmt --desktop -d po --template=$(STAGE)/$(APP_ID).desktop.in -o $(STAGE)/$(APP_ID).desktop
	@sed -e 's|@bindir@|$(bindir)|g' data/$(APP_ID).service.in >$(STAGE)/$(APP_ID).service
	@msgfmt --xml -d po --template=data/$(APP_ID).metainfo.xml.in -o $(STAGE)/$(APP_ID).metainfo.xml
	@for lang in $(LINGUAS); do \
	  mkdir -p $(STAGE)/locale/$$lang; \
	  msgfmt --check -o $(STAGE)/locale/$$lang/flick.mo po/$$lang.po || exit 1; \
	done

# Installs into $(DESTDIR)$(PREFIX) (default ~/.local). The schema cache is compiled here only
# without DESTDIR: a package built with DESTDIR compiles it when it is installed.
# INSTALL_BIN=path installs that binary instead of the release build, which is then not built:
# `make check` installs its debug build so that a clean clone does not spend three minutes on a
# release build; `make stress` installs the release build.
INSTALL_BIN ?=
install: $(if $(INSTALL_BIN),,release) stage-data
	@dest='$(DESTDIR)'; \
	created=$$(for dir in $(INSTALL_DIRS); do [ -d "$$dest$$dir" ] || echo "$$dir"; done); \
	set -ex; \
	install -D -m 755 $(or $(INSTALL_BIN),$(RELEASE_BIN)) "$$dest$(bindir)/flick"; \
	install -D -m 644 $(STAGE)/$(APP_ID).desktop "$$dest$(datadir)/applications/$(APP_ID).desktop"; \
	install -D -m 644 $(STAGE)/$(APP_ID).service "$$dest$(datadir)/dbus-1/services/$(APP_ID).service"; \
	install -D -m 644 data/$(APP_ID).search-provider.ini \
	  "$$dest$(datadir)/gnome-shell/search-providers/$(APP_ID).search-provider.ini"; \
	install -D -m 644 $(STAGE)/$(APP_ID).metainfo.xml "$$dest$(datadir)/metainfo/$(APP_ID).metainfo.xml"; \
	install -D -m 644 data/icons/hicolor/scalable/apps/$(APP_ID).svg \
	  "$$dest$(datadir)/icons/hicolor/scalable/apps/$(APP_ID).svg"; \
	install -D -m 644 data/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	  "$$dest$(datadir)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"; \
	for size in $(ICON_SIZES); do \
	  install -D -m 644 data/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png \
	    "$$dest$(datadir)/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png"; \
	done; \
	install -D -m 644 data/$(APP_ID).gschema.xml "$$dest$(SCHEMA_DIR)/$(APP_ID).gschema.xml"; \
	for lang in $(LINGUAS); do \
	  install -D -m 644 $(STAGE)/locale/$$lang/flick.mo "$$dest$(datadir)/locale/$$lang/LC_MESSAGES/flick.mo"; \
	done; \
	{ set +x; } 2>/dev/null; \
	mkdir -p "$$dest$(datadir)/flick"; \
	{ cat "$$dest$(MANIFEST)" 2>/dev/null || true; for dir in $$created; do echo "$$dir"; done; } \
	  | sort -u >"$$dest$(MANIFEST).new"; \
	mv "$$dest$(MANIFEST).new" "$$dest$(MANIFEST)"; \
	if [ -z "$$dest" ]; then echo "+ glib-compile-schemas $(SCHEMA_DIR)"; glib-compile-schemas "$(SCHEMA_DIR)"; fi

# Removes what `install` wrote: the files, the schema cache if no other schema is left (else it
# is recompiled without Flick's), and the directories `install` created, if they are empty.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	@schemas='$(DESTDIR)$(SCHEMA_DIR)'; \
	if [ -f "$$schemas/gschemas.compiled" ]; then \
	  if [ -z "$$(ls -A "$$schemas" | grep -vx gschemas.compiled)" ]; then \
	    echo "rm -f $$schemas/gschemas.compiled"; rm -f "$$schemas/gschemas.compiled"; \
	  else \
	    echo "glib-compile-schemas $$schemas"; glib-compile-schemas "$$schemas" || true; \
	  fi; \
	fi
	@manifest='$(DESTDIR)$(MANIFEST)'; \
	if [ -f "$$manifest" ]; then \
	  dirs=$$(sort -r "$$manifest"); rm -f "$$manifest"; \
	  for dir in $$dirs; do rmdir "$(DESTDIR)$$dir" 2>/dev/null || true; done; \
	fi

# A Debian package of the release build: `make install PREFIX=/usr` into a staging root, which
# tools/make-deb turns into $(DEB_DIR)/flick_VERSION_ARCH.deb (no manifest, no schema cache: the
# dpkg triggers of GLib, the icon cache and the desktop database do that part; a stripped
# binary; Depends from dpkg-shlibdeps, so from the libraries of the release it is built on).
# `make stress` builds it, runs lintian on it, installs it with apt-get, launches it and purges it
# (tests/package/test_deb.py), and does the same for Debian 12 and 13 in a fresh root of each
# (tools/deb-each-release).
DEB_DIR      ?= dist
DEB_ROOT     := $(RELEASE_SCRATCH)/deb-root
DEB_PACKAGES := dpkg-dev binutils help2man
deb: release
	@tools/ensure-packages $(DEB_PACKAGES)
	@rm -rf $(DEB_ROOT)
	@$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(abspath $(DEB_ROOT)) INSTALL_BIN=$(RELEASE_BIN) >/dev/null
	tools/make-deb $(DEB_ROOT) $(DEB_DIR)

# Regenerates the translation template from the files in po/POTFILES; `po-update` then merges
# it into every catalogue (new strings arrive untranslated: translate them, or check fails).
pot:
	tools/make-pot po/flick.pot

po-update: pot
	@for lang in $(LINGUAS); do \
	  msgmerge --quiet --no-wrap --backup=none --update po/$$lang.po po/flick.pot || exit 1; \
	  printf '%s: ' $$lang; msgfmt --statistics -o /dev/null po/$$lang.po; \
	done

screenshot: build
	tools/with-display /usr/bin/python3 tests/e2e/screenshot.py data/screenshots/main-window.png data/screenshots/row-open.png
	/usr/bin/python3 tests/e2e/broadway.py data/screenshots/pinch.png
	tools/with-display /usr/bin/python3 tests/e2e/gesture_screenshots.py data/screenshots
	tools/with-display /usr/bin/python3 tests/e2e/planning_screenshots.py data/screenshots
	tools/with-display /usr/bin/python3 tests/e2e/subtask_screenshots.py data/screenshots
	tools/with-display /usr/bin/python3 tests/e2e/selection_screenshots.py data/screenshots
	tools/with-display /usr/bin/python3 tests/e2e/sync_screenshots.py data/screenshots
	tools/with-display /usr/bin/python3 tests/e2e/phone_screenshot.py data/screenshots/phone.png
	@$(MAKE) --no-print-directory wayland-compositor
	FLICK_TEST_COMPOSITOR=$(TEST_COMPOSITOR) tools/with-display /usr/bin/python3 tests/e2e/wayland_screenshots.py \
	  data/screenshots/wayland

clean:
	rm -rf $(SCRATCH) $(RELEASE_SCRATCH) $(DEB_DIR)
