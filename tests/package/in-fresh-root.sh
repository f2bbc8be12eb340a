#!/bin/sh
# Runs inside a fresh Debian root (mmdebstrap --variant=apt: apt and nothing else) of the release
# the package was built on (tools/deb-each-release): installs Flick's package as a user would (apt,
# with its Recommends), checks that every library it needs came with it, launches Flick as a new
# user with an empty home under its own Xvfb and session bus, once from its .desktop entry and once
# by D-Bus activation (org.freedesktop.Application.Activate, which starts the installed D-Bus
# service), checks that the window appears each time, quits it, purges the package and checks
# that nothing it installed is left.
#   in-fresh-root.sh /path/to/flick_VERSION_ARCH.deb
set -eu
deb=$1
app_id=io.github.flicktodo.Flick
export DEBIAN_FRONTEND=noninteractive

say() { echo "fresh root: $*"; }

# The root's package lists are those of the day it was made (it is kept): today's, so that the
# Depends are resolved from the archive as it is now.
apt-get update -q >/tmp/apt-update.log 2>&1 || { cat /tmp/apt-update.log; exit 1; }
apt-get install -y -q "$deb" >/tmp/apt-install.log 2>&1 || { cat /tmp/apt-install.log; exit 1; }
say "installed $(dpkg-query -W -f='${Package} ${Version}' flick) and $(grep -c '^Setting up' /tmp/apt-install.log) packages in all"
dpkg -L flick | sort >/tmp/flick-files
missing=$(ldd /usr/bin/flick | grep "not found" || true)
[ -z "$missing" ] || { echo "libraries not found: $missing"; exit 1; }
# The libraries Flick opens on first use (not in its ELF header), from the package's Depends.
for soname in libsoup-3.0.so.0 libical.so.3 libsecret-1.so.0 libgsound.so.0; do
  ldconfig -p | grep -q "^[[:space:]]*$soname " || { echo "$soname is not installed"; exit 1; }
done
for file in /usr/bin/flick /usr/share/applications/$app_id.desktop /usr/share/dbus-1/services/$app_id.service \
            /usr/share/gnome-shell/search-providers/$app_id.search-provider.ini /usr/share/metainfo/$app_id.metainfo.xml \
            /usr/share/glib-2.0/schemas/$app_id.gschema.xml /usr/share/icons/hicolor/scalable/apps/$app_id.svg; do
  grep -qx "$file" /tmp/flick-files || { echo "not in the package: $file"; exit 1; }
done
[ "$(flick --version)" = "Flick $(dpkg-query -W -f='${Version}' flick)" ] || { echo "flick --version: $(flick --version)"; exit 1; }

# What this test needs on top (not Flick): an X server, xdotool, a session bus, gio.
apt-get install -y -q --no-install-recommends xvfb xauth xdotool dbus libglib2.0-bin >/tmp/apt-tools.log 2>&1 \
  || { cat /tmp/apt-tools.log; exit 1; }
gsettings list-schemas | grep -qx $app_id || { echo "the schema is not in the compiled cache"; exit 1; }

# An X server for both launches. No abstract socket (-nolisten local): those are shared with the
# host, whose displays are not ours.
xhome=$(mktemp -d)
exec 3>"$xhome/display"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -nolisten local >"$xhome/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$xhome/display" ] && break; sleep 0.1; done
[ -s "$xhome/display" ] || { echo "Xvfb did not start"; cat "$xhome/xvfb.log"; exit 1; }
display=$(cat "$xhome/display")
export DISPLAY=":$display" LANG=C.UTF-8

# launch HOW (desktop or dbus): a new user's session (an empty home, a session bus of its own)
# starts Flick that way; its first window, "Welcome to Flick", must appear, and the process that
# owns Flick's bus name must be the installed binary, started with the arguments HOW gives it (the
# .desktop entry's Exec line, or the D-Bus service's).
launch() {
  home=$(mktemp -d)
  mkdir -m 700 "$home/run"
  HOME=$home XDG_RUNTIME_DIR=$home/run dbus-run-session -- sh -eu -c '
    how=$1 app_id=$2 path=/io/github/flicktodo/Flick
    if [ "$how" = desktop ]; then
      gio launch /usr/share/applications/$app_id.desktop >"$HOME/launch.log" 2>&1 \
        || { echo "gio launch failed:"; cat "$HOME/launch.log"; exit 1; }
      expected="/usr/bin/flick "
    else
      # The bus starts the service named in /usr/share/dbus-1/services to deliver the call.
      gdbus call --session --dest $app_id --object-path $path --method org.freedesktop.Application.Activate \
        "@a{sv} {}" >"$HOME/launch.log" 2>&1 || { echo "D-Bus activation failed:"; cat "$HOME/launch.log"; exit 1; }
      expected="/usr/bin/flick --gapplication-service "
    fi
    for _ in $(seq 300); do
      window=$(xdotool search --onlyvisible --name "^Welcome to Flick\$" 2>/dev/null | head -n 1) || true
      [ -n "$window" ] && break
      sleep 0.1
    done
    [ -n "$window" ] || { echo "no Flick window after the $how launch"; cat "$HOME/launch.log"; exit 1; }
    pid=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.GetConnectionUnixProcessID $app_id | sed "s/.* \([0-9]*\),)\$/\1/")
    command=$(tr "\000" " " </proc/$pid/cmdline)
    [ "$command" = "$expected" ] || { echo "the $how launch ran \"$command\", not \"$expected\""; exit 1; }
    echo "fresh root: launched by $how: window \"$(xdotool getwindowname "$window")\" of $command(pid $pid)"
    gdbus call --session --dest $app_id --object-path $path --method org.gtk.Actions.Activate quit "[]" "{}" >/dev/null
    owned() { gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
                --method org.freedesktop.DBus.NameHasOwner $app_id; }
    for _ in $(seq 100); do [ "$(owned)" = "(false,)" ] && break; sleep 0.1; done
    [ "$(owned)" = "(false,)" ] || { echo "Flick did not quit"; exit 1; }
  ' sh "$1" $app_id
  [ -f "$home/.local/share/$app_id/flick.sqlite" ] || { echo "no database in ~/.local/share/$app_id"; exit 1; }
  rm -rf "$home"
}
launch desktop
launch dbus
kill $xvfb; wait $xvfb 2>/dev/null || true
trap - EXIT
rm -rf "$xhome"

apt-get remove --purge -y -q flick >/tmp/apt-remove.log 2>&1 || { cat /tmp/apt-remove.log; exit 1; }
! dpkg-query -W flick >/dev/null 2>&1 || [ -z "$(dpkg-query -W -f='${Status}' flick | grep -v not-installed)" ] \
  || { echo "still known to dpkg: $(dpkg-query -W -f='${Status}' flick)"; exit 1; }
left=$(while read -r path; do [ "$path" = /. ] || [ -d "$path" ] || [ ! -e "$path" ] || echo "$path"; done </tmp/flick-files)
[ -z "$left" ] || { echo "left after the purge: $left"; exit 1; }
for dir in /usr/share/doc/flick /usr/share/gnome-shell/search-providers; do
  [ ! -e "$dir" ] || { echo "left after the purge: $dir"; exit 1; }
done
for record in /var/lib/dpkg/info/flick.* /var/lib/dpkg/info/flick:*; do
  [ ! -e "$record" ] || { echo "dpkg's record of flick is left: $record"; exit 1; }
done
! gsettings list-schemas | grep -qx $app_id || { echo "the schema is still in the compiled cache"; exit 1; }
say "purged: none of its $(grep -cv '^/\.$' /tmp/flick-files) paths left"
