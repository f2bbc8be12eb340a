"""Fails when a translation drops, renames or adds a {placeholder} of tr("… {name} …", …):
msgfmt --check cannot see them, because xgettext reads Flick's Swift sources as C."""

import re
import sys

PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def entries(path):
    """(msgid, msgstr, line) of each message; fuzzy and obsolete ones are skipped."""
    msgid = msgstr = None
    field = None
    fuzzy = False
    start = 0
    with open(path, encoding="utf-8") as po:
        lines = po.read().splitlines() + [""]
    for number, line in enumerate(lines, 1):
        if not line.strip():
            if msgid and msgstr and not fuzzy:
                yield msgid, msgstr, start
            msgid = msgstr = field = None
            fuzzy = False
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgid "):
            msgid, field, start = unquote(line[6:]), "id", number
        elif line.startswith("msgstr "):
            msgstr, field = unquote(line[7:]), "str"
        elif line.startswith('"'):
            if field == "id":
                msgid += unquote(line)
            elif field == "str":
                msgstr += unquote(line)


ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"'}


def unquote(text):
    """The text of one quoted PO string (escapes: \\n \\t \\\\ \\")."""
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), text.strip()[1:-1])


def main(path):
    problems = []
    for msgid, msgstr, line in entries(path):
        expected = sorted(PLACEHOLDER.findall(msgid))
        found = sorted(PLACEHOLDER.findall(msgstr))
        if expected != found:
            problems.append(f"{path}:{line}: {msgid!r} has {expected}, its translation {found}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
