#!/usr/bin/env bash
# Checks Flick's desktop integration and translations, as `make check` runs them:
#   - data/validate.sh: the templates (desktop-file-validate, appstreamcli --pedantic,
#     glib-compile-schemas --dry-run, the D-Bus service file, the icons);
#   - the files `make install` writes, translations merged: desktop-file-validate,
#     appstreamcli validate --no-net, each language present in both;
#   - glib-compile-schemas --strict, compiling for real;
#   - po/POTFILES lists every Swift file that calls tr("…"), and nothing that is missing;
#   - po/flick.pot is up to date: regenerated into a temporary file, it has the same msgids
#     (a translatable string missing from the template fails, and so does a stale one);
#   - po/LINGUAS and po/*.po agree; every catalogue compiles with msgfmt --check (formats,
#     header, one mnemonic underscore where the original has one), translates every string of
#     the template, and keeps every {placeholder};
#   - the access keys a window or menu shows together differ (check_mnemonics.py).
# Usage: tests/desktop/check-data.sh   (from any directory)
set -uo pipefail
cd "$(dirname "$0")/../.."
app_id="io.github.flicktodo.Flick"

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

check "data/validate.sh (templates)" data/validate.sh

# The data files exactly as `make install` writes them, for a /usr prefix.
stage="$tmp/stage"
check "make stage-data" make --no-print-directory stage-data PREFIX=/usr SCRATCH="$tmp/scratch" \
    RELEASE_SCRATCH="$tmp/release" STAGE="$stage"

check "desktop-file-validate (installed, translated) $app_id.desktop" \
    desktop-file-validate "$stage/$app_id.desktop"
check "appstreamcli validate --no-net (installed, translated) $app_id.metainfo.xml" \
    appstreamcli validate --no-net "$stage/$app_id.metainfo.xml"

mkdir -p "$tmp/schemas"
cp "data/$app_id.gschema.xml" "$tmp/schemas/"
check "glib-compile-schemas --strict" glib-compile-schemas --strict --targetdir="$tmp/schemas" "$tmp/schemas"

mapfile -t languages < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' po/LINGUAS)

translated_everywhere() {
    local ok=0
    for lang in "${languages[@]}"; do
        grep -q "^Name\[$lang\]=" "$stage/$app_id.desktop" || { echo "no Name[$lang] in the .desktop file"; ok=1; }
        grep -q "^Keywords\[$lang\]=.*;$" "$stage/$app_id.desktop" || { echo "no Keywords[$lang] in the .desktop file"; ok=1; }
        grep -q "<summary xml:lang=\"$lang\">" "$stage/$app_id.metainfo.xml" || { echo "no summary for $lang in the metainfo"; ok=1; }
        [[ -s "$stage/locale/$lang/flick.mo" ]] || { echo "no compiled catalogue for $lang"; ok=1; }
    done
    return $ok
}
check "translations merged into the .desktop file and the metainfo" translated_everywhere

potfiles_complete() {
    local listed ok=0
    listed="$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' po/POTFILES)"
    while IFS= read -r file; do
        [[ -f "$file" ]] || { echo "po/POTFILES lists $file, which does not exist"; ok=1; }
    done <<<"$listed"
    while IFS= read -r file; do
        grep -qxF "$file" <<<"$listed" || { echo "$file calls tr(\"…\") but is not listed in po/POTFILES"; ok=1; }
    done < <(grep -rlE '\btr\("' Sources --include='*.swift' | sort)
    return $ok
}
check "po/POTFILES lists every Swift file with translatable strings" potfiles_complete

template_up_to_date() {
    tools/make-pot "$tmp/fresh.pot" || return 1
    local ok=0
    # msgcmp DEF REF: every msgid of REF must be in DEF.
    msgcmp --use-untranslated po/flick.pot "$tmp/fresh.pot" ||
        { echo "=> strings above are in the sources but not in po/flick.pot: run make pot (or make po-update)"; ok=1; }
    msgcmp --use-untranslated "$tmp/fresh.pot" po/flick.pot ||
        { echo "=> strings above are in po/flick.pot but no longer in the sources: run make pot"; ok=1; }
    return $ok
}
check "po/flick.pot is up to date with po/POTFILES" template_up_to_date

linguas_match() {
    local listed present
    listed="$(printf '%s\n' "${languages[@]}" | sort)"
    present="$(cd po && ls -- *.po 2>/dev/null | sed 's/\.po$//' | sort)"
    [[ "$listed" == "$present" ]] || { echo "po/LINGUAS: $(echo $listed); po/*.po: $(echo $present)"; return 1; }
}
check "po/LINGUAS lists exactly the catalogues in po/" linguas_match

for lang in "${languages[@]}"; do
    check "msgfmt --check po/$lang.po" \
        msgfmt --check --check-accelerators=_ -o /dev/null "po/$lang.po"
    # Untranslated and fuzzy messages count as missing.
    check "po/$lang.po translates every string in po/flick.pot" msgcmp "po/$lang.po" po/flick.pot
    check "po/$lang.po keeps every {placeholder}" /usr/bin/python3 tests/desktop/check_placeholders.py "po/$lang.po"
done

po_files=()
for lang in "${languages[@]}"; do po_files+=("po/$lang.po"); done
check "access keys shown together differ, in English and in every catalogue" \
    /usr/bin/python3 tests/desktop/check_mnemonics.py "${po_files[@]}"

if [[ "$failures" -ne 0 ]]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all desktop and translation checks passed"
