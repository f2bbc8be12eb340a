"""The storage fault shim (tests/fault/faultfs.c) on its own, without Flick: SQLite, through the
sqlite3 command (Debian package sqlite3), meets a full, failing or read-only disk as it would on
real hardware, and works again as soon as the control file is gone; files outside the data
folder are never touched, and many threads can write while the fault comes and goes. If these
fail, the storage tests of Flick (test_storage_faults.py) cannot be trusted either."""

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIM_SOURCE = ROOT / "tests/fault/faultfs.c"


def build_shim(directory, *extra_flags):
    """The shim built with gcc and `extra_flags` into `directory`. Without flags, the build is
    kept in the checkout's .build by the source's hash and given again: six test classes of
    `make check` load it, at half a second of gcc each."""
    if not extra_flags:
        return cached_shim()
    return compile_shim(Path(directory) / "faultfs.so", extra_flags)


def compile_shim(library, flags=()):
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", *flags, "-o", str(library), str(SHIM_SOURCE), "-ldl"],
                   check=True, capture_output=True, text=True)
    return library


def cached_shim():
    """The shim of this source, built once into the checkout's .build: beside its place, then
    renamed into it, so that a test running at the same time loads a whole file."""
    cached = ROOT / ".build" / f"faultfs-{hashlib.sha256(SHIM_SOURCE.read_bytes()).hexdigest()[:16]}.so"
    if not cached.exists():
        cached.parent.mkdir(exist_ok=True)
        os.replace(compile_shim(cached.with_name(f"{cached.name}.{os.getpid()}")), cached)
    return cached


class FaultShimTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.build_dir = tempfile.TemporaryDirectory(prefix="flick-shim-")
        cls.shim = build_shim(cls.build_dir.name)

    @classmethod
    def tearDownClass(cls):
        cls.build_dir.cleanup()

    def setUp(self):
        self.work = Path(tempfile.mkdtemp(prefix="flick-shim-test-"))
        self.addCleanup(shutil.rmtree, self.work, True)
        self.folder = self.work / "data"
        self.folder.mkdir()
        self.control = self.work / "fault"
        self.env = dict(os.environ, LD_PRELOAD=str(self.shim), FLICK_FAULT_DIR=str(self.folder),
                        FLICK_FAULT_CONTROL=str(self.control))
        self.database = self.folder / "flick.sqlite"

    def sqlite3_command(self):
        command = shutil.which("sqlite3")
        if command is None:
            self.fail("the sqlite3 command is missing: apt-get install sqlite3 (in the Makefile's TEST_PACKAGES)")
        return command

    def make_database(self, journal_mode="wal"):
        connection = sqlite3.connect(self.database)
        connection.execute(f"PRAGMA journal_mode={journal_mode}")
        connection.execute("CREATE TABLE item(title TEXT)")
        connection.execute("INSERT INTO item VALUES ('Saved before')")
        connection.commit()
        connection.close()

    def stored(self):
        connection = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)
        try:
            return [title for (title,) in connection.execute("SELECT title FROM item ORDER BY rowid")]
        finally:
            connection.close()

    def session(self, script):
        """Runs one sqlite3 session under the shim, as Flick keeps one connection open: the
        database is opened (and WAL's -wal and -shm files made) before the script's fault."""
        return subprocess.run([self.sqlite3_command(), str(self.database)], input=textwrap.dedent(script),
                              env=self.env, capture_output=True, text=True, timeout=30)

    def fault_comes_and_goes(self, error):
        return self.session(f"""\
            SELECT count(*) FROM item;
            .shell echo {error} > '{self.control}'
            INSERT INTO item VALUES ('Buy oat milk');
            .shell rm '{self.control}'
            INSERT INTO item VALUES ('Buy bread');
            """)

    def test_a_full_disk_is_sqlite_full_and_saving_works_once_there_is_room(self):
        self.make_database()
        log = self.work / "faults.log"
        self.env["FLICK_FAULT_LOG"] = str(log)
        result = self.fault_comes_and_goes("ENOSPC")
        self.assertIn("database or disk is full", result.stderr)
        self.assertEqual(result.stderr.count("Runtime error"), 1, result.stderr)
        self.assertEqual(self.stored(), ["Saved before", "Buy bread"])
        # Debian's SQLite writes its WAL with pwrite64 (not pwrite): the first write of the
        # commit fails, and SQLite tries nothing more.
        self.assertEqual(log.read_text().splitlines(), [f"faultfs: pwrite64 {self.database}-wal: ENOSPC"])

    def test_enoent_is_a_journal_file_deleted_before_its_chmod_and_nothing_else(self):
        """As when another process's last connection deleted the -wal and -shm files: chmod of
        them fails with ENOENT though they are there; the database's own chmod and every write
        go through."""
        self.make_database()
        self.control.write_text("ENOENT")
        log = self.work / "faults.log"
        self.env["FLICK_FAULT_LOG"] = str(log)
        chmods = textwrap.dedent(f"""\
            import os, sys
            for path in sys.argv[1:]:
                try:
                    os.chmod(path, 0o600)
                    print(path, "ok")
                except OSError as error:
                    print(path, os.strerror(error.errno))
            """)
        paths = [str(self.database) + suffix for suffix in ("", "-wal", "-shm")]
        (self.folder / "flick.sqlite-wal").touch()
        (self.folder / "flick.sqlite-shm").touch()
        done = subprocess.run([sys.executable, "-c", chmods, *paths], env=self.env, capture_output=True, text=True,
                              timeout=30)
        self.assertEqual(done.stdout.splitlines(), [f"{paths[0]} ok", f"{paths[1]} No such file or directory",
                                                    f"{paths[2]} No such file or directory"])
        self.assertEqual(log.read_text().splitlines(), [f"faultfs: chmod {paths[1]}: ENOENT",
                                                        f"faultfs: chmod {paths[2]}: ENOENT"])
        result = self.session("INSERT INTO item VALUES ('Buy bread');")
        self.assertEqual(result.stderr, "")
        self.assertEqual(self.stored(), ["Saved before", "Buy bread"])

    def test_a_failing_disk_is_an_io_error(self):
        self.make_database()
        result = self.fault_comes_and_goes("EIO")
        self.assertIn("disk I/O error", result.stderr)
        self.assertEqual(self.stored(), ["Saved before", "Buy bread"])

    def test_a_disk_turned_read_only_under_an_open_database_is_an_io_error(self):
        # SQLite cannot tell EROFS from EIO on a write (both SQLITE_IOERR_WRITE): Flick has to
        # ask the folder, and the shim answers write-permission checks as a read-only disk does.
        self.make_database()
        result = self.fault_comes_and_goes("EROFS")
        self.assertIn("disk I/O error", result.stderr)
        self.assertEqual(self.stored(), ["Saved before", "Buy bread"])

    def test_a_read_only_disk_refuses_to_open_files_for_writing(self):
        # As on a disk mounted read-only: SQLite opens the database read-only and says so. (In
        # WAL mode a new connection cannot make its -shm file there: "unable to open database
        # file"; Flick, whose connection is open before the fault, meets the I/O error above.)
        self.make_database(journal_mode="delete")
        self.control.write_text("EROFS")
        result = subprocess.run([self.sqlite3_command(), str(self.database), "INSERT INTO item VALUES ('x')"],
                                env=self.env, capture_output=True, text=True, timeout=30)
        self.assertIn("attempt to write a readonly database", result.stderr)
        checks = self.run_python("""\
            import os, sys
            folder = sys.argv[1]
            print(os.access(folder, os.W_OK), os.access(folder, os.R_OK), os.access("/tmp", os.W_OK))
            try:
                open(os.path.join(folder, "new.txt"), "w")
            except OSError as error:
                print(error.strerror)
            """, self.folder)
        self.assertEqual(checks.splitlines(), ["False True True", "Read-only file system"])
        self.assertEqual(self.stored(), ["Saved before"])
        self.assertFalse((self.folder / "new.txt").exists())

    def test_a_new_connection_in_rollback_mode_on_a_full_disk_is_sqlite_full(self):
        self.make_database(journal_mode="delete")
        self.control.write_text("ENOSPC\n")
        result = subprocess.run([self.sqlite3_command(), str(self.database), "INSERT INTO item VALUES ('x')"],
                                env=self.env, capture_output=True, text=True, timeout=30)
        self.assertIn("database or disk is full", result.stderr)
        self.control.unlink()
        result = subprocess.run([self.sqlite3_command(), str(self.database), "INSERT INTO item VALUES ('y')"],
                                env=self.env, capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.stored(), ["Saved before", "y"])

    def test_a_full_disk_reports_no_free_blocks(self):
        self.control.write_text("ENOSPC")
        output = self.run_python("""\
            import os, sys
            print(os.statvfs(sys.argv[1]).f_bavail, os.statvfs("/tmp").f_bavail > 0)
            """, self.folder)
        self.assertEqual(output.split(), ["0", "True"])

    def test_only_the_data_folder_fails_and_only_while_the_control_file_exists(self):
        sibling = self.work / "data2"  # Shares the folder's name as a prefix: not inside it.
        sibling.mkdir()
        self.control.write_text("ENOSPC")
        output = self.run_python("""\
            import os, sys
            folder, sibling, control = sys.argv[1:]
            def attempt(path):
                try:
                    with open(path, "w") as file:
                        file.write("text")
                        file.flush()
                        os.fsync(file.fileno())
                    return "ok"
                except OSError as error:
                    return error.strerror
            print(attempt(os.path.join(folder, "a.txt")), attempt(os.path.join(sibling, "b.txt")), sep="|")
            os.unlink(control)
            print(attempt(os.path.join(folder, "c.txt")), sep="|")
            """, self.folder, sibling, self.control)
        self.assertEqual(output.splitlines(), ["No space left on device|ok", "ok"])
        self.assertEqual((sibling / "b.txt").read_text(), "text")

    def test_without_its_variables_the_shim_changes_nothing(self):
        self.control.write_text("EIO")
        env = {k: v for k, v in self.env.items() if k not in ("FLICK_FAULT_DIR", "FLICK_FAULT_CONTROL")}
        result = subprocess.run([sys.executable, "-c", "import sys; open(sys.argv[1], 'w').write('text')",
                                 str(self.folder / "a.txt")], env=env, capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_threads_write_safely_while_the_fault_comes_and_goes(self):
        output = self.run_python("""\
            import errno, os, sys, threading, time
            folder, control = sys.argv[1:]
            stop = threading.Event()
            failures, unexpected = [], []
            def writer(index):
                inside = os.open(os.path.join(folder, f"t{index}"), os.O_RDWR | os.O_CREAT, 0o600)
                outside = os.open(os.path.join(os.path.dirname(folder), f"o{index}"), os.O_RDWR | os.O_CREAT, 0o600)
                while not stop.is_set():
                    try:
                        os.pwrite(inside, b"x", 0)
                    except OSError as error:
                        failures.append(error.errno)
                    try:
                        os.write(outside, b"y")
                    except OSError as error:
                        unexpected.append(error.errno)
            threads = [threading.Thread(target=writer, args=(index,)) for index in range(8)]
            for thread in threads:
                thread.start()
            for step in range(150):
                with open(control, "w") as file:
                    file.write("EIO" if step % 2 else "ENOSPC")
                time.sleep(0.002)
                os.unlink(control)
                time.sleep(0.002)
            stop.set()
            for thread in threads:
                thread.join()
            print(len(failures) > 0, set(failures) <= {errno.ENOSPC, errno.EIO}, unexpected)
            """, self.folder, self.control)
        self.assertEqual(output.strip(), "True True []")

    def test_builds_without_warnings(self):
        with tempfile.TemporaryDirectory(prefix="flick-shim-warnings-") as directory:
            for flags in (["-Wall", "-Wextra", "-Werror"], ["-Wall", "-Wextra", "-Werror", "-D_FORTIFY_SOURCE=2"]):
                try:
                    build_shim(directory, *flags)
                except subprocess.CalledProcessError as error:
                    self.fail(f"gcc {' '.join(flags)}:\n{error.stderr}")

    def run_python(self, script, *arguments):
        result = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *map(str, arguments)],
                                env=self.env, capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout


if __name__ == "__main__":
    unittest.main()
