"""End to end, issue 53: several Flick processes on one data folder at once never set a
healthy database aside, never lose an item they reported added, and never fail with "locked".

Each round starts, at the same moment, `--add`, `--list`, `--import … --into Work`, `--list
Work` and `--export` on one folder, as a script's or cron's `flick --add` meets a `flick --list`;
with a CalDAV account, `--sync` against Radicale runs among them; and the window, open on the
folder, takes typed items while the command line reads it. `make check` runs a few rounds
($FLICK_CONCURRENCY_ROUNDS, 25 by default); `make stress` runs 1,000."""

import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest
from pathlib import Path

from flickapp import FlickApp, built_binary, flick_environment, wait_for
from test_caldav import CalDAVTestCase
from test_fault_shim import build_shim

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "ics" / "thunderbird.ics"
ROUNDS = int(os.environ.get("FLICK_CONCURRENCY_ROUNDS", "25"))


def finished(process):
    """(exit status, output, errors) once `process` ended. Read while it runs, not after a
    wait: an export grows past a pipe's 64 KiB and would wait to be read for ever."""
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


class ConcurrentProcessTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-concurrent-"))
        self.addCleanup(shutil.rmtree, self.folder, True)
        self.env = flick_environment(dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
                                          FLICK_DATA_DIR=str(self.folder)))
        self.env.pop("DISPLAY", None)
        self.env.pop("WAYLAND_DISPLAY", None)

    def start(self, *args):
        return subprocess.Popen([str(built_binary()), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=self.env)

    def run_flick(self, *args):
        done = subprocess.run([str(built_binary()), *args], capture_output=True, text=True, env=self.env, timeout=120)
        self.assertEqual(done.returncode, 0, f"flick {' '.join(args)}: {done.stdout}{done.stderr}")
        return done.stdout

    def set_aside(self):
        return sorted(name for name in os.listdir(self.folder) if ".unreadable-" in name)

    def test_commands_at_the_same_time_lose_nothing_and_set_nothing_aside(self):
        self.run_flick("--import", str(FIXTURE), "--into", "Work")
        added = []
        for round_number in range(1, ROUNDS + 1):
            title = f"Race {round_number}"
            commands = {
                "add": self.start("--add", title),
                "list": self.start("--list"),
                "import": self.start("--import", str(FIXTURE), "--into", "Work"),
                "list work": self.start("--list", "Work"),
                "export": self.start("--export"),
            }
            outcomes = {name: finished(process) for name, process in commands.items()}
            self.assertEqual(self.set_aside(), [], f"round {round_number}: a healthy database set aside; {outcomes}")
            for name, (status, out, err) in outcomes.items():
                self.assertNotIn("locked", err, f"round {round_number}, {name}: {err}")
                self.assertEqual(status, 0, f"round {round_number}, {name} exited {status}: {out}{err}")
            added.append(title)
        listed = self.run_flick("--export")
        missing = [title for title in added if f"SUMMARY:{title}\r\n" not in listed and f"SUMMARY:{title}\n" not in listed]
        self.assertEqual(missing, [], "items reported added are gone")

    def test_journal_files_deleted_as_flick_opens_are_no_disk_error(self):
        """Another process's last connection deletes the -wal and -shm files as it closes,
        between Flick seeing them and making them private: an `--add` beside an ending
        `--import` failed with "The disk reported an error" (Debian 13's CI run, round 19 of 25).
        The fault shim makes the moment certain: each chmod of those files finds them gone."""
        self.run_flick("--add", "Before")
        reader = sqlite3.connect(self.folder / "flick.sqlite")  # Keeps the -wal and -shm files there.
        self.addCleanup(reader.close)
        reader.execute("SELECT count(*) FROM item").fetchall()
        control, log = self.folder.parent / f"{self.folder.name}.fault", self.folder.parent / f"{self.folder.name}.log"
        self.addCleanup(lambda: [path.unlink(missing_ok=True) for path in (control, log)])
        control.write_text("ENOENT")
        env = dict(self.env, LD_PRELOAD=str(build_shim(None)), FLICK_FAULT_DIR=str(self.folder),
                   FLICK_FAULT_CONTROL=str(control), FLICK_FAULT_LOG=str(log))
        added = subprocess.run([str(built_binary()), "--add", "During"], capture_output=True, text=True, env=env,
                               timeout=120)
        self.assertEqual(added.returncode, 0, added.stderr)
        self.assertIn(f"faultfs: chmod {self.folder}/flick.sqlite-wal: ENOENT", log.read_text().splitlines(),
                      "the fault was met")
        reader.close()
        self.assertIn("[ ] During", self.run_flick("--list").splitlines())

    def test_the_window_open_while_the_command_line_reads(self):
        app = FlickApp(data_dir=self.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        typed = []
        for round_number in range(1, max(ROUNDS // 5, 3) + 1):
            readers = [self.start("--list"), self.start("--export"), self.start("--list", "today")]
            title = f"Typed {round_number}"
            app.keys("ctrl+n")
            app.type(title)
            app.keys("Return")
            typed.append(title)
            for reader in readers:
                out, err = reader.communicate(timeout=120)
                self.assertEqual(reader.returncode, 0, f"round {round_number}: {out}{err}")
            self.assertEqual(self.set_aside(), [], f"round {round_number}: a healthy database set aside")
        wait_for(lambda: set(typed) <= set(app.titles()), message="every typed item in the window")
        exported = self.run_flick("--export")
        self.assertEqual([title for title in typed if f"SUMMARY:{title}" not in exported], [])
        self.assertEqual(app.gtk_criticals(), [])


class ConcurrentSyncTests(CalDAVTestCase):
    def test_sync_among_other_commands_loses_nothing(self):
        laptop = self.machine()
        added, imported = [], []
        for round_number in range(1, max(ROUNDS // 3, 3) + 1):
            title = f"Race {round_number}"
            ics = laptop.folder.parent / f"{laptop.folder.name}-{round_number}.ics"
            ics.write_text(vtodo_file(f"round-{round_number}", f"Synced {round_number}"))
            self.addCleanup(ics.unlink)
            commands = {
                "add": laptop.start("--add", title),
                "import": laptop.start("--import", str(ics), "--into", "Tasks"),
                "sync": laptop.start("--sync"),
                "list": laptop.start("--list"),
                "export": laptop.start("--export"),
            }
            for name, process in commands.items():
                out, err = process.communicate(timeout=120)
                self.assertNotIn("locked", err, f"round {round_number}, {name}: {err}")
                self.assertEqual(process.returncode, 0, f"round {round_number}, {name}: {out}{err}")
            self.assertEqual([n for n in os.listdir(laptop.folder) if ".unreadable-" in n], [])
            added.append(title)
            imported.append(f"Synced {round_number}")
        laptop.sync()
        exported = laptop.flick("--export").stdout
        self.assertEqual([title for title in added if f"SUMMARY:{title}" not in exported], [])
        self.assertEqual([title for title in imported if title not in self.server_titles()], [])
        self.assert_converged(laptop)


def vtodo_file(uid, summary):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick tests//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:{summary}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


if __name__ == "__main__":
    unittest.main()
