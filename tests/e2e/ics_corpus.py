"""The round trip of tests/fixtures/ics/corpus (issue 29): each file imported into a fresh
Flick, exported, the export imported into another fresh Flick and exported again. Every task
must come back with every property as the file had it (DTSTAMP aside: it is the time of the
export), every VALARM whole, and every exported line valid and folded at 75 octets.

    tools/with-display /usr/bin/python3 tests/e2e/ics_corpus.py [FLICK_BINARY]

prints the figures (files imported and refused, properties kept, what changed) for a build;
test_ics_corpus.py asserts them for this one."""

import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "ics" / "corpus"
CRLF = "\r\n"

# A content line: a name, parameters (quoted values may hold ; : ,), a colon, the value.
NAME = r"[A-Za-z0-9-]+"
PARAMETER_VALUE = r'(?:"[^"\x00-\x08\x0a-\x1f]*"|[^";:,\x00-\x08\x0a-\x1f]*)'
CONTENT_LINE = re.compile(rf"^{NAME}(?:;{NAME}={PARAMETER_VALUE}(?:,{PARAMETER_VALUE})*)*:.*$")
INTEGER_PROPERTIES = {"PRIORITY", "SEQUENCE", "PERCENT-COMPLETE", "REPEAT"}


def unfold(text):
    """The logical lines of iCalendar text (CRLF, continuation lines joined)."""
    lines = []
    for physical in text.split(CRLF):
        if physical[:1] in (" ", "\t") and lines:
            lines[-1] += physical[1:]
        elif physical:
            lines.append(physical)
    return lines


def name_of(line):
    return re.match(NAME, line).group(0).upper()


def value_of(line):
    """The value after the first colon outside quotes."""
    quoted = False
    for index, character in enumerate(line):
        if character == '"':
            quoted = not quoted
        elif character == ":" and not quoted:
            return line[index + 1:]
    return ""


def tasks(text):
    """{(UID, RECURRENCE-ID line or None): (properties, alarms)} of the VTODOs in `text`: the
    VTODO's own lines but DTSTAMP as a multiset, and each VALARM as a sorted tuple of lines."""
    found = {}
    stack, properties, alarms, alarm = [], None, None, None
    for line in unfold(text):
        if line.startswith("BEGIN:"):
            stack.append(line[6:])
            if stack[-1] == "VTODO":
                properties, alarms = [], []
            elif stack[-1] == "VALARM":
                alarm = []
            continue
        if line.startswith("END:"):
            ended = stack.pop() if stack else None
            if ended == "VALARM":
                alarms.append(tuple(sorted(alarm)))
            elif ended == "VTODO":
                uid = next((value_of(p) for p in properties if name_of(p) == "UID"), None)
                recurrence = next((p for p in properties if name_of(p) == "RECURRENCE-ID"), None)
                kept = [p for p in properties if name_of(p) != "DTSTAMP"]
                found[(uid, recurrence)] = (collections.Counter(kept), collections.Counter(alarms))
            continue
        if stack and stack[-1] == "VALARM":
            alarm.append(line)
        elif stack and stack[-1] == "VTODO":
            properties.append(line)
    return found


def invalid_lines(text):
    """What is wrong with an export's lines: CRLF, folding at 75 octets between whole
    characters, content line syntax, integer values, BEGIN/END balance."""
    problems = []
    if text and not text.endswith(CRLF):
        problems.append("does not end with CRLF")
    if "\n" in text.replace(CRLF, "") or "\r" in text.replace(CRLF, ""):
        problems.append("a bare CR or LF")
    for number, physical in enumerate(text.split(CRLF), 1):
        if len(physical.encode("utf-8")) > 75:
            problems.append(f"line {number} is {len(physical.encode('utf-8'))} octets")
    depth = []
    for line in unfold(text):
        if not CONTENT_LINE.match(line):
            problems.append(f"not a content line: {line[:60]!r}")
            continue
        name, value = name_of(line), value_of(line)
        if name == "BEGIN":
            depth.append(value)
        elif name == "END" and (not depth or depth.pop() != value):
            problems.append(f"END:{value} does not close what began")
        elif name in INTEGER_PROPERTIES and not re.fullmatch(r"-?\d+", value):
            problems.append(f"{name} is not an integer: {value!r}")
    if depth:
        problems.append(f"never ended: {depth}")
    used = set(re.findall(r";TZID=([^;:]+)", text))
    defined = set(re.findall(r"(?m)^TZID:(.+?)\r$", text))
    problems += [f"TZID {zone} used without its VTIMEZONE" for zone in sorted(used - defined)]
    return problems


def flick(binary, data_dir, *args):
    env = dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", TZ="Europe/Berlin", GSETTINGS_BACKEND="memory")
    done = subprocess.run([str(binary), "--data-dir", str(data_dir), *args], capture_output=True, timeout=60, env=env)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def import_and_export(binary, path, folder):
    """(exit status, export text or the refusal) of `path` imported into a fresh Flick."""
    data_dir = Path(tempfile.mkdtemp(prefix="data-", dir=folder))
    status, _, error = flick(binary, data_dir, "--import", str(path), "--into", "Corpus")
    if status != 0:
        return status, error
    status, exported, error = flick(binary, data_dir, "--export", "Corpus")
    return status, exported if status == 0 else error


def differences(before, after):
    """What of the tasks in `before` is not in `after` the same: a line per property or alarm."""
    found = []
    for key, (properties, alarms) in before.items():
        if key not in after:
            found.append(f"task {key[0]} {key[1] or ''} is missing")
            continue
        other_properties, other_alarms = after[key]
        found += [f"{key[0]}: {line!r} lost or changed" for line in properties - other_properties]
        found += [f"{key[0]}: {line!r} added" for line in other_properties - properties]
        found += [f"{key[0]}: an alarm lost or changed: {alarm}" for alarm in alarms - other_alarms]
        found += [f"{key[0]}: an alarm added: {alarm}" for alarm in other_alarms - alarms]
    return found


def round_trip(binary, path, folder):
    """The result of one file: {"refused": reason} or {"problems": [...], "properties": n,
    "kept": n}; problems are the differences after each round and the invalid export lines."""
    original = path.read_bytes().decode("utf-8")
    status, first = import_and_export(binary, path, folder)
    if status != 0:
        return {"refused": first.strip()}
    exported = Path(folder) / f"{path.stem}-exported.ics"
    exported.write_bytes(first.encode("utf-8"))
    status, second = import_and_export(binary, exported, folder)
    if status != 0:
        return {"refused": "the export, imported again: " + second.strip()}
    before, after = tasks(original), tasks(first)
    lost = differences(before, after)
    properties = sum(sum(p.values()) + sum(a.values()) for p, a in before.values())
    problems = lost + [f"export: {problem}" for problem in invalid_lines(first)]
    problems += [f"second round: {line}" for line in differences(after, tasks(second))]
    return {"problems": problems, "properties": properties, "kept": properties - len([x for x in lost if "added" not in x])}


def run(binary):
    """{file name: round_trip result} for every file of the corpus."""
    folder = tempfile.mkdtemp(prefix="flick-corpus-")
    try:
        return {path.name: round_trip(binary, path, folder) for path in sorted(CORPUS.glob("*.ics"))}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def summary(results):
    refused = [name for name, result in results.items() if "refused" in result]
    imported = [result for result in results.values() if "refused" not in result]
    properties = sum(result["properties"] for result in imported)
    kept = sum(result["kept"] for result in imported)
    clean = sum(1 for result in imported if not result["problems"])
    return (f"{len(results)} files: {len(imported)} imported, {len(refused)} refused; "
            f"{kept} of {properties} properties and alarms kept; {clean} files round-trip clean")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from flickapp import built_binary

    results = run(Path(sys.argv[1]) if len(sys.argv) > 1 else built_binary())
    for name, result in results.items():
        for line in ([f"refused: {result['refused']}"] if "refused" in result else result["problems"]):
            print(f"{name}: {line}")
    print(summary(results))
