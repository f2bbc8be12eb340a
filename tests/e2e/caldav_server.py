"""Real CalDAV servers on 127.0.0.1 for the tests, each in a temporary folder.

    with RadicaleServer() as srv:                      # user "alice", password "secret"
        cal = srv.make_calendar("alice", "todo", "Groceries")   # -> "/alice/todo/"
        c = srv.client()                               # caldav_client.CalDAVClient as alice
        ...

RadicaleServer runs Debian's Radicale (`/usr/bin/python3 -m radicale`: 3.1.8 on Debian 12, 3.5.3
on Debian 13) with htpasswd auth (plain passwords) and a rights file (every user owns /<user>/
and the calendars in it). The users file is read on every request, so add_user() takes effect
at once. Radicale 3.1 reads the rights file on every request too; from 3.3 on it reads it once,
at start ("'rights' file is now read only during startup", its changelog), so there
make_read_only() restarts Radicale (same port, same storage) after writing it. An update (PUT
over an existing item) answers 201 before Radicale 3.5.2 and 204 from it on ("return 204
instead of 201 in case PUT updates an item"): `update_status` says which.

XandikosServer runs Xandikos 0.2.8 with the same interface, with these limits (Xandikos has
no authentication and serves one principal):
  - any user name and password are accepted; only the first user (the constructor's) has a
    principal and a calendar home (/<user>/calendars/); add_user() only records the password;
  - make_read_only() raises NotImplementedError (no rights at all);
  - forget_sync_tokens() raises NotImplementedError (its sync tokens are Git tree ids of the
    calendar's repository: every state ever stored stays a valid token; an unknown token
    makes Xandikos 0.2.8 answer 500, not 403/409 valid-sync-token).
Seen with Xandikos 0.2.8: MKCALENDAR ignores the component set asked for (the calendar lists
VEVENT, VTODO, VJOURNAL, VFREEBUSY); an update answers 204 (Radicale: 201); a create with
If-None-Match: * of a UID that already exists at another href answered 207.

Set FLICK_KEEP_CALDAV=1 to keep the temporary folder (its path is printed on exit); the
server's own log is <folder>/server.log. `server_class("radicale" | "xandikos")` picks one;
`server_class()` reads FLICK_CALDAV_SERVER (default radicale); cyrus_server.py and
davical_server.py add Cyrus IMAP and DAViCal.
"""

import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Set, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from caldav_client import CalDAVClient  # noqa: E402

PYTHON = "/usr/bin/python3"
HOST = "127.0.0.1"


def free_port() -> int:
    """A port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class _ServerBase:
    """What both servers share: the temporary folder, the process, waiting until it answers."""

    name = "server"
    start_timeout = 15.0

    def __init__(self, user: str = "alice", password: str = "secret") -> None:
        self._users: Dict[str, str] = {user: password}
        self._first_user = user
        self.folder: Optional[str] = None
        self.port: Optional[int] = None
        self.process: Optional[subprocess.Popen] = None
        self._log = None

    # -- public -------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return "http://%s:%d/" % (HOST, self.port)

    @property
    def user(self) -> str:
        return self._first_user

    @property
    def password(self) -> str:
        return self._users[self._first_user]

    def password_of(self, user: str) -> str:
        return self._users[user]

    def client(self, user: Optional[str] = None, password: Optional[str] = None,
               base_url: Optional[str] = None, timeout: float = 10.0) -> CalDAVClient:
        """A caldav_client as `user` (default: the first user), on this server or on
        `base_url` (a FaultProxy in front of it)."""
        user = user or self._first_user
        if password is None:
            password = self._users.get(user, "")
        return CalDAVClient(base_url or self.url, user, password, timeout=timeout)

    def calendar_url(self, user: str, slug: str) -> str:
        raise NotImplementedError

    def make_calendar(self, user: str, slug: str, display_name: str,
                      components: Sequence[str] = ("VTODO",)) -> str:
        """MKCALENDAR of the user's calendar `slug` (`calendar_url`) as that user, with a
        supported-calendar-component-set; returns the calendar's path."""
        url = self.calendar_url(user, slug)
        r = self.client(user).mkcalendar(url, display_name, components)
        if r.status != 201:
            raise RuntimeError("MKCALENDAR %s -> %d %s" % (url, r.status, r.text[:300]))
        return url

    def store_items(self, user: str, slug: str, items: Dict[str, str]) -> None:
        """Puts `items` (file name: iCalendar text) into the user's calendar `slug`, as another
        client would: one PUT each. Servers whose storage is plain files override this."""
        client = self.client(user)
        for name, text in items.items():
            status, _ = client.put(self.calendar_url(user, slug) + name, text, if_none_match=True)
            if status not in (201, 204):
                raise RuntimeError("PUT %s -> %d" % (name, status))

    def log_text(self) -> str:
        try:
            with open(os.path.join(self.folder, "server.log"), encoding="utf-8",
                      errors="replace") as f:
                return f.read()
        except (OSError, TypeError):
            return ""

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="flick-%s-" % self.name)
        try:
            self._prepare()
            last_error = None
            for _ in range(3):  # the free port can be taken between the check and the bind
                self.port = free_port()
                try:
                    self._spawn()
                    self._wait_ready()
                    return
                except RuntimeError as e:
                    last_error = e
                    self._kill()
            raise last_error
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        self._kill()
        if self.folder and os.path.isdir(self.folder):
            if os.environ.get("FLICK_KEEP_CALDAV") == "1":
                print("%s folder kept: %s" % (self.name, self.folder), file=sys.stderr)
            else:
                shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def restart(self) -> None:
        """Stop the process and start it again on the same port with the same storage."""
        self._kill()
        self._spawn()
        self._wait_ready()

    # -- for the subclasses -------------------------------------------------------------------

    def _prepare(self) -> None:
        raise NotImplementedError

    def _command(self) -> List[str]:
        raise NotImplementedError

    def _spawn(self) -> None:
        self._log = open(os.path.join(self.folder, "server.log"), "ab")
        self.process = subprocess.Popen(self._command(), stdin=subprocess.DEVNULL,
                                        stdout=self._log, stderr=subprocess.STDOUT,
                                        cwd=self.folder)

    def _kill(self) -> None:
        p, self.process = self.process, None
        if p is not None and p.poll() is None:
            p.terminate()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        if self._log:
            self._log.close()
            self._log = None

    def _probe(self) -> bool:
        """True when the server answers a PROPFIND on its root with 207."""
        c = self.client(timeout=2)
        try:
            return c.propfind("/", 0, '<D:propfind xmlns:D="DAV:"><D:prop>'
                                      '<D:current-user-principal/></D:prop></D:propfind>'
                              ).status == 207
        except OSError:
            return False

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("%s exited with %s:\n%s" % (self.name, self.process.returncode,
                                                               self.log_text()[-3000:]))
            if self._probe():
                return
            time.sleep(0.05)
        raise RuntimeError("%s did not answer within %.0f s:\n%s"
                           % (self.name, self.start_timeout, self.log_text()[-3000:]))


@functools.cache
def radicale_version() -> Tuple[int, ...]:
    """The installed Radicale's version, e.g. (3, 1, 8): asked of the Python that runs it."""
    done = subprocess.run([PYTHON, "-c", "import radicale; print(radicale.VERSION)"],
                          capture_output=True, text=True, check=True)
    return tuple(int(part) for part in done.stdout.strip().split(".")[:3] if part.isdigit())


class RadicaleServer(_ServerBase):
    """Radicale 3.1.8 or 3.5 on 127.0.0.1, htpasswd (plain) auth, a rights file, quiet logging."""

    name = "radicale"

    def __init__(self, user: str = "alice", password: str = "secret") -> None:
        super().__init__(user, password)
        self._read_only: Set[Tuple[str, str]] = set()

    @property
    def update_status(self) -> int:
        """What a PUT that replaces an existing item answers: 201 before Radicale 3.5.2, 204
        from it on (a create answers 201 in both)."""
        return 204 if radicale_version() >= (3, 5, 2) else 201

    @property
    def storage_path(self) -> str:
        """Radicale's filesystem_folder; calendars live in <it>/collection-root/<user>/<slug>/."""
        return os.path.join(self.folder, "collections")

    def calendar_url(self, user: str, slug: str) -> str:
        return "/%s/%s/" % (user, slug)

    def calendar_home(self, user: str) -> str:
        """The collection that holds the user's calendars (where a client makes new ones)."""
        return "/%s/" % user

    def add_user(self, name: str, password: str) -> None:
        if ":" in name or "\n" in name + password:
            raise ValueError("bad user name or password")
        self._users[name] = password
        self._write_users()

    def make_read_only(self, user: str, slug: str, read_only: bool = True) -> None:
        """The user may read /<user>/<slug>/ and its items but not write them (PUT, DELETE
        answer 403). Takes effect at the next request: Radicale 3.1 reads the rights file each
        time; from 3.3 on, which reads it only at start, the server is restarted here when the
        rights changed (a request in flight then fails as on any server restart)."""
        before = set(self._read_only)
        if read_only:
            self._read_only.add((user, slug))
        else:
            self._read_only.discard((user, slug))
        self._write_rights()
        if self._read_only != before and self.process is not None and radicale_version() >= (3, 3):
            self.restart()

    def forget_sync_tokens(self) -> List[str]:
        """Delete every `.Radicale.cache` folder (sync-token states, item history, item cache),
        as a server wipe or a storage migration does. Returns the folders deleted."""
        gone = []
        for root, dirs, _files in os.walk(self.storage_path):
            if ".Radicale.cache" in dirs:
                path = os.path.join(root, ".Radicale.cache")
                shutil.rmtree(path)
                gone.append(path)
                dirs.remove(".Radicale.cache")
        return gone

    def collection_folder(self, user: str, slug: str) -> str:
        return os.path.join(self.storage_path, "collection-root", user, slug)

    def store_items(self, user: str, slug: str, items: Dict[str, str]) -> None:
        """Writes the items as files into the collection's folder, where Radicale reads them at
        the next request: a thousand PUTs take Radicale over a minute, this a fraction of a second."""
        folder = self.collection_folder(user, slug)
        for name, text in items.items():
            with open(os.path.join(folder, name), "x", newline="") as item:
                item.write(text)

    # -- files --------------------------------------------------------------------------------

    def _write_users(self) -> None:
        path = os.path.join(self.folder, "users")
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for name, pw in self._users.items():
                f.write("%s:%s\n" % (name, pw))
        os.replace(tmp, path)

    def _write_rights(self) -> None:
        # Sections are tried in order; the first whose user and collection regexes both match
        # gives the permissions (R/W: plain collections, r/w: calendars and their items).
        sections = [("root", ".+", "", "R"), ("principal", ".+", "{user}", "RW")]
        for i, (user, slug) in enumerate(sorted(self._read_only)):
            sections.append(("read-only-%d" % i, _regex_escape(user),
                             "{user}/" + _regex_escape(slug), "r"))
        sections.append(("calendars", ".+", "{user}/[^/]+", "rw"))
        path = os.path.join(self.folder, "rights")
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for name, user, coll, perms in sections:
                f.write("[%s]\nuser: %s\ncollection: %s\npermissions: %s\n\n"
                        % (name, user, coll, perms))
        os.replace(tmp, path)

    def _prepare(self) -> None:
        os.makedirs(self.storage_path)
        self._write_users()
        self._write_rights()

    def _command(self) -> List[str]:
        config = os.path.join(self.folder, "config")
        with open(config, "w", encoding="utf-8") as f:
            f.write("\n".join([
                "[server]",
                "hosts = %s:%d" % (HOST, self.port),
                "max_connections = 32",
                "[auth]",
                "type = htpasswd",
                "htpasswd_filename = %s" % os.path.join(self.folder, "users"),
                "htpasswd_encryption = plain",
                "delay = 0.05",
                "[rights]",
                "type = from_file",
                "file = %s" % os.path.join(self.folder, "rights"),
                "[storage]",
                "filesystem_folder = %s" % self.storage_path,
                "[web]",
                "type = none",
                "[logging]",
                "level = warning",
                ""]))
        return [PYTHON, "-m", "radicale", "--config", config]


def _regex_escape(s: str) -> str:
    # Radicale formats the rights regexes with str.format(): braces must be doubled.
    import re
    return re.escape(s).replace("{", "{{").replace("}", "}}")


class XandikosServer(_ServerBase):
    """Xandikos 0.2.8 on 127.0.0.1 (no auth, one principal /<user>/; see the module doc)."""

    name = "xandikos"

    @property
    def storage_path(self) -> str:
        return os.path.join(self.folder, "data")

    def calendar_url(self, user: str, slug: str) -> str:
        return "/%s/calendars/%s/" % (user, slug)

    def calendar_home(self, user: str) -> str:
        return "/%s/calendars/" % user

    def add_user(self, name: str, password: str) -> None:
        # No auth: any credentials are accepted; only the first user has a principal.
        self._users[name] = password

    def make_calendar(self, user: str, slug: str, display_name: str,
                      components: Sequence[str] = ("VTODO",)) -> str:
        if user != self._first_user:
            raise NotImplementedError("Xandikos serves one principal (%s)" % self._first_user)
        return super().make_calendar(user, slug, display_name, components)

    def make_read_only(self, user: str, slug: str, read_only: bool = True) -> None:
        raise NotImplementedError("Xandikos has no access rights: no read-only calendar")

    def forget_sync_tokens(self) -> List[str]:
        raise NotImplementedError("Xandikos sync tokens are Git trees: they cannot be forgotten")

    def _prepare(self) -> None:
        os.makedirs(self.storage_path)

    def _command(self) -> List[str]:
        return [PYTHON, "-m", "xandikos", "-d", self.storage_path, "-l", HOST,
                "-p", str(self.port), "--autocreate",
                "--current-user-principal", "/%s/" % self._first_user]


SERVERS = {"radicale": RadicaleServer, "xandikos": XandikosServer}


def server_class(name: Optional[str] = None):
    """RadicaleServer, XandikosServer, CyrusServer (cyrus_server.py) or DAViCalServer
    (davical_server.py) by name; None reads
    FLICK_CALDAV_SERVER (default radicale)."""
    name = (name or os.environ.get("FLICK_CALDAV_SERVER") or "radicale").lower()
    if name == "cyrus":
        from cyrus_server import CyrusServer  # It builds on this module.
        return CyrusServer
    if name == "davical":
        from davical_server import DAViCalServer  # It builds on this module too.
        return DAViCalServer
    try:
        return SERVERS[name]
    except KeyError:
        raise ValueError("unknown CalDAV server %r (radicale, xandikos, cyrus or davical)" % name) from None
