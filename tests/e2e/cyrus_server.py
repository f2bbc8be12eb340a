"""Cyrus IMAP 3.6 with its CalDAV module on 127.0.0.1 for the tests (issue 34), with the
interface of caldav_server.py's servers: `server_class("cyrus")`, or FLICK_CALDAV_SERVER=cyrus.

Cyrus is the server behind Fastmail, and keeps one copy of a UID per account: a PUT of a UID
that another calendar of the user holds is refused with 403 and the precondition
CALDAV:unique-scheduling-object-resource (RFC 6638 §3.2.4.1), which is what a move between
calendars meets there.

How it runs, and the facts that cost time:
- Debian's cyrus-imapd and cyrus-caldav, and sasl2-bin for saslpasswd2 (make stress installs
  them). Everything lives in a temporary folder owned by the `cyrus` user: imapd.conf,
  cyrus.conf, the configuration directory, the spool, the sockets and the password database
  (sasldb, plain passwords). `master` runs as `cyrus` (setpriv, so that stopping the process
  stops master, which stops its children) in the foreground.
- Every service line of cyrus.conf names the imapd.conf (`-C`), or the children read
  /etc/imapd.conf. Cyrus logs to syslog; its own output goes to server.log.
- Two services on free ports: IMAP, through which the admin (`cyrus`) makes each user's
  mailbox (a user's calendars exist only once the mailbox does), and HTTP with the CalDAV
  module. Calendars are /dav/calendars/user/NAME/SLUG/; /.well-known/caldav leads there, and a
  new user has a calendar of Cyrus's own ("personal") besides those the tests make.
- `make_read_only` takes the user's write rights on the calendar's mailbox
  (user/NAME/#calendars/SLUG) away with SETACL as the admin: PUT and DELETE then answer 403
  need-privileges. Sync tokens cannot be forgotten on demand.
"""

import imaplib
import os
import secrets
import socket
import subprocess
from typing import List

from caldav_server import HOST, _ServerBase, free_port

CYRUS_BIN = "/usr/lib/cyrus/bin"
ADMIN = "cyrus"
# The rights the owner of a calendar has by default, and those left when it is read-only.
FULL_RIGHTS = "lrswipkxtecdan9"
READ_RIGHTS = "lrs"


class CyrusServer(_ServerBase):
    name = "cyrus"
    start_timeout = 30.0

    def __init__(self, user: str = "alice", password: str = "secret") -> None:
        super().__init__(user, password)
        self._admin_password = secrets.token_hex(8)
        self.imap_port = None

    def calendar_url(self, user: str, slug: str) -> str:
        return "/dav/calendars/user/%s/%s/" % (user, slug)

    def calendar_home(self, user: str) -> str:
        return "/dav/calendars/user/%s/" % user

    def add_user(self, name: str, password: str) -> None:
        self._users[name] = password
        self._set_password(name, password)
        if self.process is not None:
            self._make_mailbox(name)

    def make_read_only(self, user: str, slug: str, read_only: bool = True) -> None:
        """The user may read the calendar but not write it (PUT, DELETE answer 403). Making a
        calendar that does not exist writable again does nothing (`require` probes so)."""
        mailbox = '"user/%s/#calendars/%s"' % (user, slug)
        with self._imap() as imap:
            status, answer = imap.setacl(mailbox, user, READ_RIGHTS if read_only else FULL_RIGHTS)
        if status != "OK" and read_only:
            raise RuntimeError("SETACL %s -> %s %s" % (mailbox, status, answer))

    def forget_sync_tokens(self) -> List[str]:
        raise NotImplementedError("Cyrus keeps its sync tokens")

    def start(self) -> None:
        super().start()
        for user in self._users:
            self._make_mailbox(user)

    # -- the server ----------------------------------------------------------------------------

    def _prepare(self) -> None:
        for folder in ("conf", "spool", "sieve", "socket"):
            os.makedirs(os.path.join(self.folder, folder))
        self._set_password(ADMIN, self._admin_password)
        for user, password in self._users.items():
            self._set_password(user, password)

    def _spawn(self) -> None:
        self.imap_port = free_port()
        self._write_configuration()
        subprocess.run(["chown", "-R", "cyrus:mail", self.folder], check=True)
        super()._spawn()

    def _command(self) -> List[str]:
        return ["setpriv", "--reuid=cyrus", "--regid=mail", "--init-groups",
                os.path.join(CYRUS_BIN, "master"), "-C", self._path("imapd.conf"), "-M", self._path("cyrus.conf"),
                "-p", self._path("master.pid"), "-D"]

    def _probe(self) -> bool:
        """True when both services take connections."""
        for port in (self.port, self.imap_port):
            try:
                socket.create_connection((HOST, port), timeout=1).close()
            except OSError:
                return False
        return True

    def _write_configuration(self) -> None:
        folder = self.folder
        with open(self._path("imapd.conf"), "w") as conf:
            conf.write("\n".join([
                "configdirectory: %s/conf" % folder,
                "partition-default: %s/spool" % folder,
                "sievedir: %s/sieve" % folder,
                "admins: %s" % ADMIN,
                "sasl_pwcheck_method: auxprop",
                "sasl_auxprop_plugin: sasldb",
                "sasl_sasldb_path: %s/sasldb2" % folder,
                "sasl_mech_list: PLAIN LOGIN",
                "allowplaintext: yes",
                "servername: localhost",
                "unixhierarchysep: yes",
                "httpmodules: caldav",
                "httpallowcompress: no",
                "caldav_allowscheduling: no",
                "lmtpsocket: %s/socket/lmtp" % folder,
                "idlesocket: %s/socket/idle" % folder,
                "notifysocket: %s/socket/notify" % folder,
                "mboxname_lockpath: %s/conf/lock" % folder,
                "proc_path: %s/conf/proc" % folder,
                "duplicate_db_path: %s/conf/deliver.db" % folder,
                "statuscache_db_path: %s/conf/statuscache.db" % folder,
                "tls_sessions_db_path: %s/conf/tls_sessions.db" % folder,
                "ptscache_db_path: %s/conf/ptscache.db" % folder,
            ]) + "\n")
        imapd = self._path("imapd.conf")
        with open(self._path("cyrus.conf"), "w") as conf:
            conf.write("START {\n  recover cmd=\"%s/ctl_cyrusdb -C %s -r\"\n}\n" % (CYRUS_BIN, imapd))
            conf.write("SERVICES {\n")
            conf.write("  imap cmd=\"%s/imapd -C %s\" listen=\"%s:%d\" prefork=0\n" % (CYRUS_BIN, imapd, HOST, self.imap_port))
            conf.write("  http cmd=\"%s/httpd -C %s\" listen=\"%s:%d\" prefork=0\n" % (CYRUS_BIN, imapd, HOST, self.port))
            conf.write("}\nEVENTS {\n}\nDAEMON {\n}\n")

    def _set_password(self, user: str, password: str) -> None:
        subprocess.run(["saslpasswd2", "-p", "-c", "-f", self._path("sasldb2"), "-u", "localhost", user],
                       input=password.encode(), check=True)
        subprocess.run(["chmod", "644", self._path("sasldb2")], check=True)

    def _make_mailbox(self, user: str) -> None:
        with self._imap() as imap:
            status, answer = imap.create("user/%s" % user)
        if status != "OK" and b"exists" not in b" ".join(answer or []).lower():
            raise RuntimeError("CREATE user/%s -> %s %s" % (user, status, answer))

    def _imap(self) -> imaplib.IMAP4:
        imap = imaplib.IMAP4(HOST, self.imap_port)
        imap.login(ADMIN, self._admin_password)
        return imap

    def _path(self, name: str) -> str:
        return os.path.join(self.folder, name)
