"""Issue 11, "bad input never crashes", for the command line: the built `flick` run with seeded
random command lines (every option, unknown, repeated and conflicting ones, missing values,
arguments that are not UTF-8 or are very long) over random data folders (none, empty, a healthy
database, a damaged or foreign one, a file where the folder should be). Each run must end by
itself with an exit status, not a signal and no core file; a failure must say why on stderr;
the file given to --import must be unchanged; the database must be unchanged unless the run
succeeded at writing to it, and then still be sound (or kept aside, byte for byte).

FLICK_FUZZ_SEED picks the seed (default 1), FLICK_FUZZ_SCALE multiplies the number of runs
(`make stress`), FLICK_FUZZ_CASE replays one run. A failure names its seed and run.

Runs that would open the window (`--add`, no option) run without a display: GTK then refuses
to start, which is checked like any other failure, and no window is left behind. A few `--add`
runs have the display (test_add_with_a_window) and are ended once their item is stored."""

import hashlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from flickapp import ROOT, built_binary

SEED = int(os.environ.get("FLICK_FUZZ_SEED", "1"))
SCALE = float(os.environ.get("FLICK_FUZZ_SCALE", "1"))
ONLY = os.environ.get("FLICK_FUZZ_CASE")
CASES = max(1, round(400 * SCALE))
# A run that takes longer hangs (the debug build starts in well under a second).
TIMEOUT_S = 30

FIXTURES = ROOT / "tests" / "fixtures" / "ics"
# Options that write the database when they succeed; every other run must leave it as it was.
# (`--deleted` removes for good what Recently Deleted kept over 30 days.)
WRITING = {b"--import", b"--add", b"--sync", b"--add-account", b"--deleted", b"--restore", b"--delete"}


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


class FuzzCommandLineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.binary = built_binary()
        cls.work = Path(tempfile.mkdtemp(prefix="flick-fuzz-cli-"))
        # A healthy database to start from: Flick's own, made by importing a fixture.
        cls.template = cls.work / "template"
        # A copy: the binary under test may be the one that changes the files it is given.
        source = cls.work / "source.ics"
        shutil.copy(FIXTURES / "nextcloud-tasks.ics", source)
        made = subprocess.run([str(cls.binary), "--data-dir", str(cls.template), "--import", str(source)],
                              capture_output=True, env=cls.environment())
        assert made.returncode == 0, made.stderr
        cls.healthy = (cls.template / "flick.sqlite").read_bytes()
        cls.ics_files = sorted(FIXTURES.glob("*.ics"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    @staticmethod
    def environment():
        """No display (see the module's note), no way to ask for a password, Swift's backtracer
        off so that a crash leaves the kernel's core file to find."""
        env = {key: value for key, value in os.environ.items()
               if key not in ("DISPLAY", "WAYLAND_DISPLAY", "FLICK_DATA_DIR")}
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["GSETTINGS_BACKEND"] = "memory"
        return env

    def test_random_command_lines(self):
        indices = [int(ONLY)] if ONLY else range(CASES)
        failures = []
        self.outcomes = {}
        started = time.monotonic()
        for index in indices:
            problem = self.run_case(index)
            if problem:
                failures.append(f"seed {SEED}, run {index}: {problem}\n    replay: FLICK_FUZZ_SEED={SEED} "
                                f"FLICK_FUZZ_CASE={index} python3 -m unittest discover -s tests/e2e -p test_fuzz_cli.py")
        print(f"fuzz FuzzCommandLineTest/test_random_command_lines: {len(indices)} runs, seed {SEED}, "
              f"{time.monotonic() - started:.1f} s, {len(failures)} failed")
        if os.environ.get("FLICK_FUZZ_OUTCOMES"):
            for (status, first_line), count in sorted(self.outcomes.items(), key=lambda entry: -entry[1]):
                print(f"{count:4}  exit {status}  {first_line!r}")
        self.assertEqual(failures, [], "\n".join(failures[:10]))

    def test_add_with_a_window(self):
        """`--add` with odd text, on the display this time: with no Flick running it stores the
        item and exits (issue 33; it used to open the window and was killed once the item was
        stored). The item must be stored as one clean line (control characters out, at most 1,000
        characters), the database sound, the process not crashed."""
        rng = random.Random(f"{SEED}-add")
        texts = [b"\x1b[2J" + rng.choice([b"x" * 100_000, b"a\tb\nc", "\u202eevil 👩‍👩‍👧‍👦".encode(), b"%s%n <b>x</b>"])
                 for _ in range(max(1, round(4 * SCALE)))]
        env = dict(self.environment(), DISPLAY=os.environ.get("DISPLAY", ""))
        failures = []
        for index, text in enumerate(texts):
            data_dir = self.work / f"add-{index}"
            data_dir.mkdir()
            database = data_dir / "flick.sqlite"
            database.write_bytes(self.healthy)
            count = self.item_count(database)
            process = subprocess.Popen([bytes(self.binary), b"--data-dir", bytes(data_dir), b"--add", text],
                                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            deadline = time.monotonic() + TIMEOUT_S
            while time.monotonic() < deadline and process.poll() is None and self.item_count(database) == count:
                time.sleep(0.2)
            exited = process.poll()
            stored = self.item_count(database) != count
            process.terminate()
            try:
                stderr = process.communicate(timeout=10)[1]
            except subprocess.TimeoutExpired:
                process.kill()
                stderr = process.communicate()[1]
            # With no Flick running, --add stores the item and exits 0 (issue 33).
            if exited is not None and (exited != 0 or not stored):
                failures.append(f"--add {text[:30]!r} ended with {exited} before storing: {stderr[-500:]!r}")
                continue
            if process.returncode not in (0, -signal.SIGTERM):
                failures.append(f"--add {text[:30]!r} ended with {process.returncode} when asked to quit")
            if (status := self.integrity(database)) != "ok":
                failures.append(f"--add {text[:30]!r} left a database that fails its integrity check ({status})")
            title = self.newest_title(database)
            if title is None or len(title) > 1000 or any(ord(c) < 32 or ord(c) == 127 for c in title):
                failures.append(f"--add {text[:30]!r} stored {title[:60]!r}" if title else f"--add {text[:30]!r} stored nothing")
        print(f"fuzz FuzzCommandLineTest/test_add_with_a_window: {len(texts)} runs, seed {SEED}, {len(failures)} failed")
        self.assertEqual(failures, [], "\n".join(failures))

    def test_adding_an_account_without_a_password_touches_no_file(self):
        """Found by make stress (seed 1795451738, run 1781): `--add-account URL --user NAME` with
        no password given and no Secret Service failed, as it should, but only after it had
        opened the database, which writes to its file (GRDB's WAL set-up) and makes it if it is
        missing. The password is now looked for first."""
        healthy = self.work / "no-password-healthy"
        healthy.mkdir()
        (healthy / "flick.sqlite").write_bytes(self.healthy)
        missing = self.work / "no-password-missing"
        for data_dir in (healthy, missing):
            with self.subTest(data_dir=data_dir.name):
                run = subprocess.run([str(self.binary), "--data-dir", str(data_dir), "--add-account",
                                      "http://127.0.0.1:1/", "--user", "alice"], capture_output=True,
                                     stdin=subprocess.DEVNULL, env=self.environment(), timeout=TIMEOUT_S)
                self.assertEqual(run.returncode, 1, run.stderr)
                self.assertIn(b"password", run.stderr)
        self.assertEqual(digest(healthy / "flick.sqlite"), hashlib.sha256(self.healthy).hexdigest(),
                         "the database is as it was")
        self.assertEqual(sorted(path.name for path in healthy.iterdir()), ["flick.sqlite"], "no journal made")
        self.assertFalse(missing.exists(), "no data folder made")

    @staticmethod
    def integrity(database):
        """SQLite's integrity check of `database`: "ok", or what is wrong."""
        try:
            connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
            try:
                return connection.execute("PRAGMA integrity_check").fetchone()[0]
            finally:
                connection.close()
        except sqlite3.Error as error:
            return str(error)

    @staticmethod
    def item_count(database):
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            return connection.execute("SELECT count(*) FROM item").fetchone()[0]
        finally:
            connection.close()

    @staticmethod
    def newest_title(database):
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            row = connection.execute("SELECT title FROM item ORDER BY id DESC LIMIT 1").fetchone()
            return row[0] if row else None
        finally:
            connection.close()

    def run_case(self, index):
        """Runs case `index`; what went wrong, or None."""
        rng = random.Random(f"{SEED}-{index}")
        case = self.work / f"case-{index}"
        case.mkdir()
        try:
            data_dir = case / "data"
            self.make_data_dir(data_dir, rng)
            import_file = case / "given.ics"
            self.make_import_file(import_file, rng)
            args = self.command_line(rng, case, import_file)
            command = [str(self.binary).encode(), b"--data-dir", bytes(data_dir)] + args
            database = data_dir / "flick.sqlite"
            before = {"database": digest(database), "import": digest(import_file)}
            try:
                run = subprocess.run(command, cwd=case, capture_output=True, stdin=subprocess.DEVNULL,
                                     env=self.environment(), timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                return f"hung for {TIMEOUT_S} s: {self.shown(args)}"
            self.outcomes[(run.returncode, run.stderr.split(b"\n")[0][:50])] = \
                self.outcomes.get((run.returncode, run.stderr.split(b"\n")[0][:50]), 0) + 1
            return self.judge(run, args, case, data_dir, before, import_file)
        finally:
            # A folder made unreadable must be readable again to be removed.
            for path in [case, *case.rglob("*")]:
                if path.is_dir() and not path.is_symlink():
                    path.chmod(0o700)
            shutil.rmtree(case, ignore_errors=True)

    def judge(self, run, args, case, data_dir, before, import_file):
        shown = self.shown(args)
        if run.returncode < 0:
            return f"killed by signal {signal.Signals(-run.returncode).name}: {shown}\n{run.stderr[-2000:]!r}"
        cores = [path.name for path in case.iterdir() if path.name.startswith("core")]
        if cores:
            return f"left a core file {cores}: {shown}"
        if run.returncode != 0 and not run.stderr.strip():
            return f"failed with {run.returncode} and said nothing on stderr: {shown}"
        if digest(import_file) != before["import"]:
            return f"changed the file given to --import: {shown}"
        database = data_dir / "flick.sqlite"
        if digest(database) == before["database"]:
            return None
        wrote = run.returncode == 0 and any(arg.split(b"=")[0] in WRITING for arg in args)
        kept = [digest(path) for path in data_dir.glob("flick.sqlite.unreadable-*")] if data_dir.is_dir() else []
        if before["database"] and before["database"] not in kept and not wrote:
            return f"changed the database without writing anything: {shown}"
        if database.is_file() and (status := self.integrity(database)) != "ok":
            return f"left a database that fails its integrity check ({status}): {shown}"
        return None

    def make_data_dir(self, data_dir, rng):
        """One of the folders Flick may find: none, empty, healthy, damaged, foreign, a file."""
        kind = rng.choice(["none", "empty", "healthy", "healthy", "healthy", "cut", "garbage", "foreign", "file",
                           "unreadable", "empty file"])
        if kind == "none":
            return
        if kind == "file":
            data_dir.write_bytes(b"not a folder")
            return
        data_dir.mkdir()
        database = data_dir / "flick.sqlite"
        if kind == "healthy":
            database.write_bytes(self.healthy)
        elif kind == "cut":
            database.write_bytes(self.healthy[:rng.randrange(1, len(self.healthy))])
        elif kind == "garbage":
            database.write_bytes(rng.randbytes(rng.randrange(1, 20000)))
        elif kind == "empty file":
            database.write_bytes(b"")
        elif kind == "foreign":
            connection = sqlite3.connect(database)
            connection.execute("CREATE TABLE notes (text TEXT)")
            connection.execute("INSERT INTO notes VALUES ('not Flick''s')")
            connection.commit()
            connection.close()
        elif kind == "unreadable":
            database.write_bytes(self.healthy)
            data_dir.chmod(0)

    def make_import_file(self, path, rng):
        """A fixture, mangled now and then, for --import to read."""
        data = bytearray(rng.choice(self.ics_files).read_bytes())
        for _ in range(rng.choice([0, 0, 1, 3])):
            position = rng.randrange(len(data) + 1)
            what = rng.randrange(4)
            if what == 0 and data:
                data[min(position, len(data) - 1)] = rng.randrange(256)
            elif what == 1:
                del data[position:]
            elif what == 2:
                data[position:position] = rng.choice([b"\xff\xfe", b"\x00", b"\r\n ", b"BEGIN:VTODO\r\n", b"END:X\r\n"])
            else:
                data[position:position] = b"X" * rng.randrange(100_000)
        path.write_bytes(bytes(data))

    def command_line(self, rng, case, import_file):
        """One to five random pieces of a command line, as bytes. Half are a single piece, so that
        runs get past the option checks into reading files and the database."""
        args = []
        for _ in range(1 if rng.random() < 0.5 else rng.randint(2, 5)):
            args += rng.choice(self.pieces)(self, rng, case, import_file)
        return args

    def text(self, rng):
        """A value: a plain one, an empty one, one that is not UTF-8, a very long one, odd text."""
        return rng.choice([b"Work", b"today", b"", b" ", b"Tasks", b"\xff\xfe\xfd", b"caf\xc3", b"\xed\xa0\x80",
                           "Ünïcödé 👩‍👩‍👧‍👦".encode(), "\u202eevil".encode(), b"-", b"--", b"--list",
                           b"x" * 100_000, b"%s%n", b"<b>x</b>", b"a\tb\nc", b"\x1b[2J"])

    def path(self, rng, case, import_file):
        """A path for --import: the given file, a missing one, a folder, /dev/null, odd bytes."""
        return rng.choice([bytes(import_file), bytes(import_file), bytes(case / "missing.ics"), bytes(case),
                           b"/dev/null", b"", b"\xff.ics", bytes(case / "data" / "flick.sqlite"), b"x" * 5000])

    pieces = [
        lambda self, rng, case, given: [b"--list"] + ([self.text(rng)] if rng.random() < 0.5 else []),
        lambda self, rng, case, given: [b"--export"] + ([self.text(rng)] if rng.random() < 0.5 else []),
        lambda self, rng, case, given: [b"--import", self.path(rng, case, given)],
        lambda self, rng, case, given: [b"--import=" + self.path(rng, case, given)],
        lambda self, rng, case, given: [b"--import"],
        lambda self, rng, case, given: [b"--into", self.text(rng)],
        lambda self, rng, case, given: [b"--into"],
        lambda self, rng, case, given: [b"--add", self.text(rng)],
        lambda self, rng, case, given: [b"--add"],
        lambda self, rng, case, given: [b"--accounts"],
        lambda self, rng, case, given: [b"--deleted"],
        lambda self, rng, case, given: [b"--restore", self.text(rng)],
        lambda self, rng, case, given: [b"--restore"],
        lambda self, rng, case, given: [b"--delete", self.text(rng)],
        lambda self, rng, case, given: [b"--delete"],
        lambda self, rng, case, given: [b"--sync"],
        lambda self, rng, case, given: [b"--add-account", rng.choice([b"http://127.0.0.1:1/", b"not a url", b"\xff"])],
        lambda self, rng, case, given: [b"--user", self.text(rng)],
        lambda self, rng, case, given: [b"--background"],
        lambda self, rng, case, given: [b"--version"],
        lambda self, rng, case, given: [b"--data-dir"],
        lambda self, rng, case, given: [b"--data-dir=" + bytes(case / rng.choice(["data", "other", "given.ics"]))],
        lambda self, rng, case, given: [rng.choice([b"--frobnicate", b"-x", b"---", b"--list=yes", b"--LIST",
                                                    b"--\xff", b"-", b"--=", b"--help-all"])],
        lambda self, rng, case, given: [self.text(rng)],
    ]

    @staticmethod
    def shown(args):
        """The command line, shortened for a message."""
        return " ".join(repr(arg[:60]) + ("…" if len(arg) > 60 else "") for arg in args)


if __name__ == "__main__":
    unittest.main()
