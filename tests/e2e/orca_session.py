"""GNOME's screen reader, Orca, on the test's display, recording what it says (issue 31).

Run inside tools/with-display (its Xvfb, D-Bus session and accessibility bus). The recipe, from
DESIGN 5: openbox as the window manager (without one a closed dialog leaves the focus nowhere);
Orca and the speech-dispatcher it starts get a private HOME, so no settings of this machine are
read or written, with ALSA's default device the `null` one (speech-dispatcher's output module
blocks without a sound card otherwise); Orca runs through Python's `runpy` with its
`--debug-file` opened line-buffered (Orca block-buffers it), so each `SPEECH OUTPUT: '…'` line
is there as soon as it is said. Packages: orca, speech-dispatcher,
speech-dispatcher-espeak-ng, openbox."""

import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# "12:00:00.000000 - SPEECH OUTPUT: 'Screen reader on.'{'established': False}": the text, then
# the voice it was said in (Orca 43). Orca 48 puts a space before the voice and nests a
# dictionary in it: "SPEECH OUTPUT: 'Screen reader on.' {'established': False, 'family':
# {'name': None, …}}". The text is the shortest that the voice alone follows to the line's end.
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*?)'(?:\s*\{.*\})?\s*$")

# Runs Orca as /usr/bin/orca would, with its debug file line-buffered.
LAUNCHER = """
import builtins, runpy, sys
path = sys.argv[1]
opened = builtins.open
def line_buffered(file, mode="r", *args, **kwargs):
    if file == path and "w" in mode:
        return opened(file, mode, buffering=1, encoding="utf-8", errors="replace")
    return opened(file, mode, *args, **kwargs)
builtins.open = line_buffered
sys.argv = ["orca", "--replace", "--user-prefs", sys.argv[2], "--debug-file", path]
runpy.run_path("/usr/bin/orca", run_name="__main__")
"""

ASOUNDRC = "pcm.!default { type null }\nctl.!default { type hw card 0 }\n"

# speech-dispatcher's own configuration, in the private XDG_CONFIG_HOME: its audio through ALSA's
# null device, espeak-ng as the only module. With Debian's configuration its "server audio" is
# never set up without a sound server, the module dies after the first utterance, and Orca
# then blocks for good in its next "interrupt" (it spoke once per run and then nothing).
SPEECHD_CONF = """AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "espeak-ng" "sd_espeak-ng" "/etc/speech-dispatcher/modules/espeak-ng.conf"
DefaultModule espeak-ng
"""


# Orca's own settings (its --user-prefs folder's user-settings.conf, as Orca 43 and 48 read it):
# its defaults but for key echo, which is off, as a user may set it. With key echo on, Orca 48
# echoing a key while its locus of focus is still the window (it had not yet taken in a new
# Flick's focus, the machine loaded) makes the focused object its locus without saying it
# (default.presentKeyboardEvent), and the focus that object then gets is not said either:
# Alt+Left said only "Lists frame", "left alt", and Ctrl+F "left control", "f", "Search" (3 of
# 6 tests of that kind in 3 runs of test_orca on Debian 13 under two CPU hogs). The tests check
# what Orca says of Flick, not of the keys.
ORCA_SETTINGS = {
    "general": {"enableKeyEcho": False},
    "profiles": {"default": {"profile": ["Default", "default"], "enableKeyEcho": False}},
    "pronunciations": {},
    "keybindings": {},
}


def require(program, package):
    if shutil.which(program) is None:
        raise AssertionError(f"{program} is not installed (Debian package {package}; make deps-test installs it)")


# One Orca a user at a time, whatever the display: /usr/bin/orca looks for other processes named
# orca of the same user (`pgrep -u UID -x orca`), kills them with --replace and refuses to start
# without it. Two modules run side by side (tools/run-e2e) each with an Orca of their own
# silenced each other: test_orca's Orca, killed by test_newer_file's, said nothing more ("it
# said: []"). So a session waits for this lock, held until it has closed.
LOCK_PATH = Path(f"/tmp/flick-orca-{os.getuid()}.lock")
LOCK_WAIT_SECONDS = 600


def hold_orca_lock():
    """The lock's open file, once this process holds it; raises after LOCK_WAIT_SECONDS."""
    lock = open(LOCK_PATH, "a")
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return lock
        except BlockingIOError:
            if time.monotonic() > deadline:
                lock.close()
                raise AssertionError(f"another test's Orca held {LOCK_PATH} for {LOCK_WAIT_SECONDS} s")
            time.sleep(0.5)


class OrcaSession:
    """Orca, speech-dispatcher and openbox for one test. `utterances()` is what Orca said."""

    def __init__(self):
        for program, package in [("orca", "orca"), ("speech-dispatcher", "speech-dispatcher"), ("openbox", "openbox")]:
            require(program, package)
        self.lock = hold_orca_lock()
        if not Path("/usr/lib/speech-dispatcher-modules/sd_espeak-ng").exists():
            raise AssertionError("speech-dispatcher's espeak-ng module is not installed (speech-dispatcher-espeak-ng)")
        self.home = Path(tempfile.mkdtemp(prefix="flick-orca-"))
        (self.home / ".asoundrc").write_text(ASOUNDRC)
        speechd = self.home / ".config" / "speech-dispatcher"
        speechd.mkdir(parents=True)
        (speechd / "speechd.conf").write_text(SPEECHD_CONF)
        prefs = self.home / "orca"
        prefs.mkdir()
        (prefs / "user-settings.conf").write_text(json.dumps(ORCA_SETTINGS))
        self.log_path = self.home / "orca-debug.out"
        self.env = dict(os.environ, HOME=str(self.home), XDG_CONFIG_HOME=str(self.home / ".config"),
                        XDG_DATA_HOME=str(self.home / ".local" / "share"), XDG_RUNTIME_DIR=str(self.home / "run"))
        (self.home / "run").mkdir(mode=0o700)
        self.processes = []
        self.processes.append(subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL, start_new_session=True))
        # Orca starts speech-dispatcher itself (it daemonizes, with its socket and pid file in
        # the private XDG_RUNTIME_DIR); close() stops it by that pid file.
        self.processes.append(subprocess.Popen(
            ["/usr/bin/python3", "-c", LAUNCHER, str(self.log_path), str(prefs)],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        self.orca = self.processes[-1]
        self._wait_until_ready()

    def _wait_until_ready(self, timeout=30):
        """Orca is ready once it has spoken its welcome ("Screen reader on.")."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.orca.poll() is not None:
                raise AssertionError(f"Orca exited with {self.orca.returncode}:\n{self.log_tail()}")
            if self.utterances():
                return
            time.sleep(0.2)
        raise AssertionError(f"Orca said nothing in {timeout} s:\n{self.log_tail()}")

    def log_tail(self, lines=30):
        try:
            return "".join(self.log_path.read_text(errors="replace").splitlines(True)[-lines:])
        except FileNotFoundError:
            return "(no debug file)"

    def utterances(self):
        """Everything Orca has said, in order."""
        try:
            text = self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return []
        return [match.group(1) for match in map(SPEECH.search, text.splitlines()) if match]

    def mark(self):
        return len(self.utterances())

    def spoken_since(self, mark):
        return self.utterances()[mark:]

    def wait_for_speech(self, wanted, since=0, timeout=10):
        """The first utterance after `since` that contains `wanted` (a string) or for which
        `wanted` (a function) is true; raises with what was said instead."""
        test = wanted if callable(wanted) else (lambda said: wanted in said)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for said in self.spoken_since(since):
                if test(said):
                    return said
            time.sleep(0.1)
        raise AssertionError(f"Orca did not say {wanted!r}; it said: {self.spoken_since(since)}")

    def close(self):
        self._stop_speech_dispatcher()
        for process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        shutil.rmtree(self.home, ignore_errors=True)
        self.lock.close()  # Closing the file lets the lock go, for the next test's Orca.

    def _stop_speech_dispatcher(self):
        pid_file = self.home / "run" / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"
        try:
            os.kill(int(pid_file.read_text().strip()), signal.SIGTERM)
        except (FileNotFoundError, ValueError, ProcessLookupError):
            pass


if __name__ == "__main__":
    session = OrcaSession()
    try:
        time.sleep(float(sys.argv[1]) if len(sys.argv) > 1 else 3)
        print("\n".join(session.utterances()))
    finally:
        session.close()
