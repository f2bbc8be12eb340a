"""Fails when two access keys (the letter after "_") that one window or menu shows together are
the same letter, in English or in a translation: Alt and that letter would then go to the first
of them, and the second would take a second press. The groups below are what Flick shows
together; a new window or menu with access keys adds its group here.

    /usr/bin/python3 tests/desktop/check_mnemonics.py po/de.po [po/fr.po …]
"""

import sys

from check_placeholders import entries

GROUPS = {
    "the details window": ["_Title", "_Notes", "_Due", "_Reminder", "Re_peat", "_At a time", "_Until", "Pr_iority", "Ta_gs"],
    "the main menu": ["_Clear Completed", "Recently _Deleted", "_Import…", "_Export List…", "Export A_ll Lists…", "_Sync Now",
                      "Add Acc_ount…", "_Remove Account…", "_Preferences", "_Keyboard Shortcuts", "_About Flick"],
    "Add Account": ["_Cancel", "C_onnect", "_Add"],
    "the password window": ["_Cancel", "_Sync"],
    "Remove Account": ["_Close", "_Remove"],
    "the list name window": ["_Cancel", "C_reate"],
    "the export window": ["_Cancel", "_Export"],
    "the import window": ["_Cancel", "_Import"],
    "Recently Deleted": ["_Restore", "_Empty", "_Close"],
    "Recently Deleted's questions": ["_Cancel", "_Delete Forever", "_Empty"],
    # The undo notice, the storage problem notice and the sync status bar can show at once.
    "the main window's notices": ["_Undo", "_Dismiss", "_Retry", "_Sync Again", "_Enter Password…"],
}


def access_key(label):
    """The letter after the first lone underscore, lowercased; None without one."""
    index = label.replace("__", "\0\0").find("_")
    return label[index + 1].lower() if 0 <= index < len(label) - 1 else None


def clashes(translate, where):
    found = []
    for group, labels in GROUPS.items():
        seen = {}
        for label in labels:
            shown = translate(label)
            if shown is None:
                found.append(f"{where}: {label!r} of {group} is not in the catalogue")
                continue
            key = access_key(shown)
            if key is None:
                found.append(f"{where}: {shown!r} ({label!r}) of {group} has no access key")
            elif key in seen:
                found.append(f"{where}: {shown!r} and {seen[key]!r} of {group} share the access key {key!r}")
            else:
                seen[key] = shown
    return found


def main(paths):
    problems = []
    catalogues = {path: {msgid: msgstr for msgid, msgstr, _ in entries(path)} for path in paths}
    known = set().union(*(set(catalogue) for catalogue in catalogues.values())) if catalogues else set()
    problems += clashes(lambda label: label if not catalogues or label in known else None, "English")
    for path, catalogue in catalogues.items():
        problems += clashes(catalogue.get, path)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
