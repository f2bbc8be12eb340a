"""A second Flick process on the data folder of a Flick under test (issue 53, point 5), for the
kill trials and the soak: `flick --list`, `--list NAME`, `--list today` and `--export` read the
database file directly, from their own process, on read-only connections (while a window runs,
only `--add` and the like are sent to it over D-Bus). Whatever the window does meanwhile
(writes, checkpoints, is killed), such a reader must exit 0, never answer "locked" or "cannot
read", and never change or set aside a file."""

import hashlib
import os
import re
import subprocess
import tempfile
import time
from pathlib import Path

from flickapp import built_binary, flick_environment

# What a reader runs, by the name the harnesses choose it by.
KINDS = ("list", "list name", "list today", "export")


class Reader:
    """One `flick` reading the data folder, started at once; `finish()` waits for it. Its
    output goes to files, not pipes: a reader that filled a pipe nobody reads would stop with
    its read transaction open."""

    def __init__(self, data_dir, env, kind, list_name=None, when=""):
        self.kind = kind
        self.list_name = list_name
        self.arguments = {"list": ["--list"], "list name": ["--list", list_name or ""], "list today": ["--list", "today"],
                          "export": ["--export"]}[kind]
        # When it ran, in words, for a failure's message ("1.20 s into the burst").
        self.when = when
        self.status, self.output, self.errors = None, "", ""
        self._out, self._err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        # English messages, so that "there is no list named" can be told from a failure.
        self.process = subprocess.Popen([str(built_binary()), "--data-dir", str(data_dir), *self.arguments],
                                        env=flick_environment(dict(env, LANGUAGE="en")),
                                        stdin=subprocess.DEVNULL, stdout=self._out, stderr=self._err)
        self.started = time.monotonic()

    @property
    def command(self):
        return "flick " + " ".join(self.arguments)

    def running(self):
        return self.process.poll() is None

    def finish(self, timeout=60):
        """Waits for the reader (killing it after `timeout` s) and keeps its status and output."""
        if self.status is None:
            try:
                self.status = self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                self.status = f"still running after {timeout} s (killed)"
            for stream, name in ((self._out, "output"), (self._err, "errors")):
                stream.seek(0)
                setattr(self, name, stream.read().decode(errors="replace"))
                stream.close()
        return self

    def missing_list(self):
        """True when `--list NAME` said the list does not exist (an answer, not a failure, when
        the list was deleted or renamed while it read)."""
        return self.kind == "list name" and self.status == 1 and \
            self.errors.strip() == f"flick: there is no list named “{self.list_name}”."

    def problem(self):
        """What went wrong, in words, or None: any exit status but 0, and any mention of a lock
        or of a file that cannot be read (even with status 0)."""
        said = self.errors.strip()
        if self.status != 0 or re.search(r"locked|cannot read|could not be read|unreadable", said, re.IGNORECASE):
            return f"{self.command} ({self.when}) exited {self.status}: {said or '(nothing on stderr)'}"
        return None


def set_aside(data_dir):
    """The files Flick set aside as unreadable in the folder (`flick.sqlite.unreadable-*`)."""
    return sorted(name for name in os.listdir(data_dir) if ".unreadable-" in name)


def folder_contents(data_dir):
    """The folder's files by name, each with a digest of its content, except the WAL index
    (`-shm`), which a reader rebuilds from the log after a kill without changing any data: it is
    there by name only. An empty log holds no data: it and its index are left out, as SQLite
    makes both when it reads a database whose writer was killed before it wrote any (kill
    trials, seed 5901: a kill before Flick opened its database, then `flick --list`)."""
    contents = {}
    for path in sorted(Path(data_dir).iterdir()):
        if path.is_file():
            contents[path.name] = None if path.name.endswith("-shm") else hashlib.sha256(path.read_bytes()).hexdigest()
    for log in [name for name in contents if name.endswith("-wal") and (Path(data_dir) / name).stat().st_size == 0]:
        contents.pop(log)
        contents.pop(log[:-len("wal")] + "shm", None)
    return contents


def exported_titles(text):
    """The titles (SUMMARY, unescaped) of the VTODOs of an iCalendar text, in order."""
    titles, open_components = [], []
    for line in re.sub(r"\r?\n[ \t]", "", text).splitlines():
        if line.startswith("BEGIN:"):
            open_components.append(line[len("BEGIN:"):])
        elif line.startswith("END:"):
            open_components.pop()
        elif open_components[-1:] == ["VTODO"] and re.match(r"SUMMARY[;:]", line):
            value = line.split(":", 1)[1]
            titles.append(re.sub(r"\\([\\;,nN])", lambda m: "\n" if m[1] in "nN" else m[1], value))
    return titles
