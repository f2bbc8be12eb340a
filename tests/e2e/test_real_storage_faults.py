"""Issue 11, part 2, on a real file system: the data folder is a small tmpfs of its own, which
the test fills up while Flick runs. test_storage_faults.py injects ENOSPC, EIO and EROFS with a
shim, which reaches every write; this shows that the error the kernel itself returns, through
SQLite, reaches the user the same way: the edit is refused with the plain-words notice, the
list shown is what is stored, nothing saved before is lost, and the edit is saved once there is
room, without a restart.

A folder made read-only under a running Flick has no such real counterpart here: the kernel
refuses to remount a file system read-only while a file on it is open for writing ("mount
point is busy"), and permissions are checked when a file is opened, not at each write, so a
chmod leaves Flick's open database writable. What remains is the kernel's own read-only
remount after disk errors, which the shim's EROFS stands for.

Mounting needs root (CAP_SYS_ADMIN), which the tests have on these machines; elsewhere the test
is skipped, and the shim's tests still run."""

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

from flickapp import FlickApp, accessible_nodes, wait_for

# Room for the database and its write-ahead log as a first start leaves them, and some more.
TMPFS_SIZE = "4m"


def mount(*arguments):
    return subprocess.run(["mount", *arguments], capture_output=True, text=True)


class RealStorageFaultTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-tmpfs-"))
        self.addCleanup(self.folder.rmdir)
        mounted = mount("-t", "tmpfs", "-o", f"size={TMPFS_SIZE},mode=0700", "tmpfs", str(self.folder))
        if mounted.returncode != 0:
            self.skipTest(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
        self.addCleanup(subprocess.run, ["umount", "--lazy", str(self.folder)])
        # The folder itself is the data folder: Flick's output goes beside it, off the tmpfs.
        self.app = FlickApp(data_dir=self.folder)
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")
        self.filler = self.folder / "filler"

    def fill_the_disk(self):
        """Writes a file until the tmpfs has no room left (dd stops at ENOSPC)."""
        subprocess.run(["dd", "if=/dev/zero", f"of={self.filler}", "bs=64k"], capture_output=True)
        free = os.statvfs(self.folder)
        self.assertEqual(free.f_bavail, 0, "the disk is full")

    def alert(self):
        for node in accessible_nodes(self.app.process.pid):
            if node["role"] == "alert" and node["name"]:
                return node["name"]
        return None

    def typed_text(self):
        for node in accessible_nodes(self.app.process.pid):
            if node["role"] == "text" and node["name"] == "Item title":
                return node["text"]
        return None

    def test_a_disk_that_fills_up_refuses_the_new_item_and_saves_it_once_there_is_room(self):
        self.fill_the_disk()
        # The write-ahead log may still have room from before: items are added until a write
        # needs a new page of the disk.
        added = []
        for number in range(40):
            title = f"Errand {number}"
            self.app.keys("ctrl+n")
            self.app.type(title)
            self.app.keys("Return")
            message = wait_for(lambda: self.alert() or (title in self.app.titles() and "saved"), timeout=10,
                               message=f"{title!r} saved or refused")
            if message != "saved":
                print(f"\n{number} items saved on the full disk before one was refused", flush=True)
                break
            added.insert(0, title)
            self.app.keys("Escape")  # Ends the next new row Enter opened.
        else:
            self.fail("40 items were saved on a full disk: the test never met the fault")
        self.assertEqual(message, "The disk is full. Your change was not saved; free some space and press Retry. "
                                  "Nothing saved before was lost.")
        self.assertEqual(self.typed_text(), title, "the row is still being typed into")
        stored = added + self.titles
        self.assertEqual(self.app.titles(), stored, "nothing half saved, nothing saved before lost")
        self.assertEqual(self.app.query("PRAGMA integrity_check"), [("ok",)])

        self.filler.unlink()
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == [title] + stored, message="the typed item saved once there is room")
        wait_for(lambda: self.alert() is None, message="the notice gone")


if __name__ == "__main__":
    unittest.main()
