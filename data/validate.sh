#!/usr/bin/env bash
# Validate Flick's desktop integration files in data/.
# Usage: data/validate.sh   (from any directory)
# Needs: desktop-file-validate (desktop-file-utils), appstreamcli (appstream),
#        glib-compile-schemas (libglib2.0-bin), python3.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
app_id="io.github.flicktodo.Flick"
bindir="/usr/bin"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

failures=0
check() {
    local label="$1"; shift
    local log="$tmp/log"
    if "$@" >"$log" 2>&1; then
        echo "PASS  $label"
    else
        echo "FAIL  $label"
        sed 's/^/      /' "$log"
        failures=$((failures + 1))
    fi
}

# Templates -> final names, the way the build installs them.
sed "s|@bindir@|$bindir|g" "$here/$app_id.desktop.in"      >"$tmp/$app_id.desktop"
sed "s|@bindir@|$bindir|g" "$here/$app_id.service.in"      >"$tmp/$app_id.service"
sed "s|@bindir@|$bindir|g" "$here/$app_id.metainfo.xml.in" >"$tmp/$app_id.metainfo.xml"
mkdir -p "$tmp/schemas"
cp "$here/$app_id.gschema.xml" "$tmp/schemas/"

check "desktop-file-validate $app_id.desktop" \
    desktop-file-validate "$tmp/$app_id.desktop"

# appstreamcli exits non-zero on errors and on warnings; infos are allowed.
check "appstreamcli validate --no-net --pedantic $app_id.metainfo.xml" \
    appstreamcli validate --no-net --pedantic "$tmp/$app_id.metainfo.xml"

check "glib-compile-schemas --strict --dry-run $app_id.gschema.xml" \
    glib-compile-schemas --strict --dry-run "$tmp/schemas"

service_ok() {
    local f="$1"
    [ "$(sed -n 1p "$f")" = "[D-BUS Service]" ] || { echo "first line is not [D-BUS Service]"; return 1; }
    grep -qx "Name=$app_id" "$f" || { echo "missing Name=$app_id"; return 1; }
    grep -qx "Exec=$bindir/flick --gapplication-service" "$f" || { echo "bad or missing Exec="; return 1; }
    if grep -q '@' "$f"; then echo "unsubstituted @...@ left"; return 1; fi
}
check "D-Bus service file $app_id.service" service_ok "$tmp/$app_id.service"

# GNOME Shell reads the search provider's key file: the launcher it belongs to, and the bus name
# and object path where Flick exports org.gnome.Shell.SearchProvider2 (SearchProvider.swift).
search_provider_ok() {
    python3 - "$1" "$app_id" <<'PY'
import configparser, sys
parser = configparser.ConfigParser(interpolation=None)
parser.optionxform = str
parser.read(sys.argv[1])
app_id = sys.argv[2]
expected = {"DesktopId": f"{app_id}.desktop", "BusName": app_id,
            "ObjectPath": "/" + app_id.replace(".", "/") + "/SearchProvider", "Version": "2"}
section = dict(parser["Shell Search Provider"]) if parser.has_section("Shell Search Provider") else None
if section != expected:
    sys.exit(f"[Shell Search Provider] is {section}, expected {expected}")
PY
}
check "GNOME Shell search provider $app_id.search-provider.ini" search_provider_ok "$here/$app_id.search-provider.ini"

for svg in \
    "$here/icons/hicolor/scalable/apps/$app_id.svg" \
    "$here/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"; do
    check "well-formed XML ${svg#"$here"/}" \
        python3 -c 'import xml.dom.minidom, sys; xml.dom.minidom.parse(sys.argv[1])' "$svg"
done

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all checks passed"
