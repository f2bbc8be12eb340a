# Flick — build, run, test and install. `make run` and `make check` first install the Debian
# packages the project needs (as root), or print the apt-get line to run.

SWIFT       ?= swift
PREFIX      ?= $(HOME)/.local
DESTDIR     ?=
APP_ID      := io.github.flicktodo.Flick
BIN_DIR     := $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
SHARE_DIR   := $(BIN_DIR)/share
LINGUAS     := $(shell cat po/LINGUAS 2>/dev/null)

# What building and running needs, and what the tests need on top.
RUN_PACKAGES  := libgtk-4-dev libsqlite3-dev libglib2.0-bin gettext adwaita-icon-theme fonts-cantarell \
                 dconf-gsettings-backend
TEST_PACKAGES := xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0 \
                 imagemagick desktop-file-utils appstream

.PHONY: all build data run check test-swift test-e2e deps deps-test clean screenshot

all: build

deps:
	@tools/ensure-packages $(RUN_PACKAGES)

deps-test:
	@tools/ensure-packages $(RUN_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build
	@$(MAKE) --no-print-directory data

# The compiled schema and translations beside the built binary, where Flick looks for them.
data:
	@mkdir -p $(SHARE_DIR)/glib-2.0/schemas
	@cp data/$(APP_ID).gschema.xml $(SHARE_DIR)/glib-2.0/schemas/
	@glib-compile-schemas --strict $(SHARE_DIR)/glib-2.0/schemas
	@for lang in $(LINGUAS); do \
	  mkdir -p $(SHARE_DIR)/locale/$$lang/LC_MESSAGES; \
	  msgfmt --check -o $(SHARE_DIR)/locale/$$lang/LC_MESSAGES/flick.mo po/$$lang.po || exit 1; \
	done

run: build
	$(BIN_DIR)/flick

# Every test: the Swift targets (the GTK ones need a display, so all run under a private
# Xvfb and D-Bus session), then the end-to-end tests on the built binary.
check: deps-test
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory data
	tools/with-display $(SWIFT) test --skip-build
	tools/with-display /usr/bin/python3 -m unittest discover -v -s tests/e2e -p 'test_*.py'

screenshot: build
	tools/with-display /usr/bin/python3 tests/e2e/screenshot.py data/screenshots/main-window.png data/screenshots/row-open.png

clean:
	rm -rf .build
