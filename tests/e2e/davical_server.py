"""DAViCal 1.1.12 on PostgreSQL and Apache 2.4 on 127.0.0.1 for the tests (issue 62), with the
interface of caldav_server.py's servers: `server_class("davical")`, or FLICK_CALDAV_SERVER=davical.

How it runs (Debian's davical, postgresql-N and apache2-bin with libapache2-mod-phpX.Y, in the
Makefile's TEST_PACKAGES: PostgreSQL 15 and PHP 8.2 on Debian 12, 17 and 8.4 on Debian 13; the
harness finds the installed ones, postgresql_bin() and php_module()), everything in a temporary
folder and nothing of the system's started:
- PostgreSQL: a private cluster (`postgres -D`, in the foreground) that listens on a Unix socket in
  the folder only, no TCP port. DAViCal's own script makes its database there
  (/usr/share/davical/dba/create-database.sh), which took 1.5 s on an idle machine and 12 s on a
  busy one (it runs psql a dozen times); so the cluster it leaves is kept, stopped, as a template
  beside the temporary folders (flick-davical-template-<versions>-uid<N>, made once per package
  versions and user), and each server starts on a copy of it. Measured start: 2 to 5 s with the
  template to make, 0.3 to 1 s with it made; stop 0.1 s.
- Apache, not PHP's built-in server: DAViCal is written for Apache (the package ships its Apache
  site, with the /.well-known rewrites), and `php -S` answers one request at a time unless told
  otherwise (PHP_CLI_SERVER_WORKERS), where Flick and the tests' other client talk to it at once. apache2 runs in the
  foreground (-DFOREGROUND, prefork with mod_php, as DAViCal needs) on a private configuration
  that includes the package's own files unchanged: /etc/apache2/sites-available/davical.conf (so
  the server lives at /davical/caldav.php/ and /.well-known/caldav leads there) and mod_php's
  phpX.Y.conf.
- DAViCal reads its configuration from /etc/davical (by host name, else config.php); the harness
  writes nothing there. The package's config.php says `dbname=davical user=davical_app` and no
  host: libpq then takes the socket's folder from PGHOST, which Apache's children inherit. (A
  /etc/davical/127.0.0.1-conf.php, should someone make one, would be read instead.)
- As root, PostgreSQL runs as `postgres` and Apache as `www-data` (setpriv), the socket's folder
  open to www-data only; as another user, both run as that user.
- Users are made as DAViCal's administration page makes them: a principal (plain password,
  `**secret`) and the home collections it adds for a new user: the calendar "calendar" (events
  and tasks alike), the scheduling inbox and outbox (.in, .out) and the address book "addresses".
  Calendars are /davical/caldav.php/NAME/SLUG/.
- DAViCal logs through PHP into Apache's error log, which is server.log with Apache's and
  PostgreSQL's output.

What DAViCal answers that the others do not, seen with 1.1.12 (CONTRIBUTING.md's "Servers tested"):
- a sync-collection REPORT from a token it does not know lists every item as new and no
  deletion, not 403 valid-sync-token (`lists_all_for_unknown_tokens`); forget_sync_tokens()
  empties its sync_tokens table, as a restore of an older database would. Its tokens are
  "data:,N" from one sequence for all calendars; with no change it gives the same token back;
- the scheduling inbox and outbox (.in, .out) made with a user are calendars that take VTODOs;
- PUT If-Match on a missing item answers 412; Apache keeps connections open (HTTP/1.1);
- make_read_only() raises NotImplementedError: the owner of a calendar has every right on it.
"""

import functools
import glob
import os
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from typing import List, Optional

from caldav_server import HOST, _ServerBase

APACHE = "/usr/sbin/apache2"
APACHE_MODULES = "/usr/lib/apache2/modules"
CREATE_DATABASE = "/usr/share/davical/dba/create-database.sh"
DATABASE = "davical"
# The packages whose versions name the template: a new DAViCal or PostgreSQL makes a new one
# (with the installed PostgreSQL's, postgresql-N).
TEMPLATE_PACKAGES = ("davical", "libawl-php")
MODULES = ("mpm_prefork", "authz_core", "alias", "rewrite", "headers", "dir", "mime")


def _version_key(path: str) -> tuple:
    return tuple(int(number) for number in re.findall(r"\d+", os.path.basename(path.rstrip("/"))))


@functools.cache
def postgresql_bin() -> str:
    """The bin folder of the installed PostgreSQL server, /usr/lib/postgresql/N/bin (15 on Debian 12,
    17 on Debian 13); the newest if there are several, as Debian's own tools pick."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=lambda path: _version_key(os.path.dirname(
        os.path.dirname(path))))
    if not found:
        raise RuntimeError("no PostgreSQL server in /usr/lib/postgresql (make deps-test installs it)")
    return os.path.dirname(found[-1])


def postgresql_package() -> str:
    return "postgresql-" + os.path.basename(os.path.dirname(postgresql_bin()))


@functools.cache
def php_module() -> tuple:
    """mod_php's module and its configuration, (…/libphpX.Y.so, /etc/apache2/mods-available/phpX.Y.conf)
    (8.2 on Debian 12, 8.4 on Debian 13): the newest version that has both."""
    modules = sorted(glob.glob(os.path.join(APACHE_MODULES, "libphp*.so")), key=_version_key)
    for module in reversed(modules):
        version = os.path.basename(module)[len("libphp"):-len(".so")]
        conf = "/etc/apache2/mods-available/php%s.conf" % version
        if os.path.exists(conf):
            return module, conf
    raise RuntimeError("no mod_php in %s (make deps-test installs libapache2-mod-php)" % APACHE_MODULES)


def _sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


class DAViCalServer(_ServerBase):
    name = "davical"
    # A sync-collection REPORT from a token DAViCal does not know (its calendar deleted and made
    # again, its database restored) lists every item as new and no removal, not 403.
    lists_all_for_unknown_tokens = True
    start_timeout = 30.0
    base = "/davical/caldav.php"

    def __init__(self, user: str = "alice", password: str = "secret") -> None:
        super().__init__(user, password)
        self.postgres: Optional[subprocess.Popen] = None
        self._as_root = os.geteuid() == 0

    def calendar_url(self, user: str, slug: str) -> str:
        return "%s/%s/%s/" % (self.base, user, slug)

    def calendar_home(self, user: str) -> str:
        return "%s/%s/" % (self.base, user)

    def add_user(self, name: str, password: str) -> None:
        self._users[name] = password
        if self.postgres is not None:
            self._psql(self._user_sql(name, password))

    def make_read_only(self, user: str, slug: str, read_only: bool = True) -> None:
        raise NotImplementedError("DAViCal gives the owner of a calendar every right on it")

    def forget_sync_tokens(self) -> List[str]:
        """Empties DAViCal's table of sync tokens, as a restore of an older database does: every
        token a client holds becomes one DAViCal does not know."""
        self._psql("DELETE FROM sync_tokens;")
        return ["sync_tokens"]

    # -- the server ----------------------------------------------------------------------------

    def _prepare(self) -> None:
        template = _template()
        os.chmod(self.folder, 0o711)  # Traversed by postgres and www-data.
        subprocess.run(["cp", "-a", template, self._path("postgres")], check=True)
        os.makedirs(self._path("socket"))
        os.makedirs(self._path("apache"))
        if self._as_root:
            subprocess.run(["chown", "-R", "postgres:postgres", self._path("postgres")], check=True)
            subprocess.run(["chown", "postgres:www-data", self._path("socket")], check=True)
            subprocess.run(["chown", "www-data:www-data", self._path("apache")], check=True)
            # Apache opens its error log, /dev/stderr, again as www-data.
            open(self._path("server.log"), "ab").close()
            subprocess.run(["chown", "www-data", self._path("server.log")], check=True)
        os.chmod(self._path("socket"), 0o750)

    def _spawn(self) -> None:
        self._log = open(self._path("server.log"), "ab")
        self.postgres = subprocess.Popen(
            self._as("postgres") + _postgres_command(self._path("postgres"), self._path("socket")),
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, cwd=self.folder)
        _wait_for_postgres(self._path("socket"), self.postgres, self.start_timeout)
        self._psql("".join(self._user_sql(name, pw) for name, pw in self._users.items()))
        self._write_apache_configuration()
        self.process = subprocess.Popen(
            self._as("www-data") + [APACHE, "-f", self._path("apache/httpd.conf"), "-DFOREGROUND"],
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, cwd=self.folder,
            env=dict(os.environ, PGHOST=self._path("socket")))

    def _kill(self) -> None:
        apache, self.process = self.process, None
        postgres, self.postgres = self.postgres, None
        # Apache first (it is PostgreSQL's client); SIGINT is PostgreSQL's fast shutdown.
        _stop(apache, signal.SIGTERM)
        _stop(postgres, signal.SIGINT)
        if self._log:
            self._log.close()
            self._log = None

    def _probe(self) -> bool:
        c = self.client(timeout=2)
        try:
            return c.propfind(self.base + "/", 0, '<D:propfind xmlns:D="DAV:"><D:prop>'
                                                  '<D:current-user-principal/></D:prop></D:propfind>'
                              ).status == 207
        except OSError:
            return False

    def _as(self, user: str) -> List[str]:
        if not self._as_root:
            return []
        return ["setpriv", "--reuid=" + user, "--regid=" + user, "--init-groups"]

    def _psql(self, sql: str) -> None:
        subprocess.run(["psql", "-qXAt", "-v", "ON_ERROR_STOP=1", "-U", "postgres", "-d", DATABASE,
                        "-c", sql], check=True, capture_output=True,
                       env=dict(os.environ, PGHOST=self._path("socket")))

    def _user_sql(self, name: str, password: str) -> str:
        """The principal and home collections DAViCal's administration page makes for a new
        user (principal-edit.php, CreateHomeCollections), or a new password for one made."""
        user, home = _sql_text(name), _sql_text("/%s/" % name)
        collections = [("calendar", " calendar", "calendar"), (".out", " Outbox", "calendar"),
                       (".in", " Inbox", "calendar"), ("addresses", " addressbook", "addressbook")]
        password = _sql_text("**" + password)
        # The usr and principal rows that inserting into DAViCal's view dav_principal makes; not
        # through the view, whose rule would test NOT EXISTS again after making the usr row.
        sql = ("UPDATE usr SET password = %s WHERE username = %s;"
               "INSERT INTO usr (username, password, fullname, email, email_ok, updated) "
               "SELECT %s, %s, %s, %s, current_date, current_date "
               "WHERE NOT EXISTS (SELECT 1 FROM usr WHERE username = %s);"
               "INSERT INTO principal (type_id, user_no, displayname, default_privileges) "
               "SELECT 1, user_no, fullname, privilege_to_bits(ARRAY['read-free-busy','schedule-deliver']) "
               "FROM usr WHERE username = %s AND user_no NOT IN (SELECT user_no FROM principal);"
               % (password, user, user, password, user, _sql_text(name + "@example.org"), user, user))
        for slug, suffix, kind in collections:
            resourcetype = ("<DAV::collection/><urn:ietf:params:xml:ns:caldav:calendar/>" if kind == "calendar"
                            else "<DAV::collection/><urn:ietf:params:xml:ns:carddav:addressbook/>")
            sql += ("INSERT INTO collection (user_no, parent_container, dav_name, dav_etag, dav_displayname, "
                    "is_calendar, is_addressbook, created, modified, resourcetypes) "
                    "SELECT user_no, %s, %s, '-1', %s, %s, %s, current_timestamp, current_timestamp, %s "
                    "FROM usr WHERE username = %s AND NOT EXISTS (SELECT 1 FROM collection WHERE dav_name = %s);"
                    % (home, _sql_text("/%s/%s/" % (name, slug)), _sql_text(name + suffix),
                       "TRUE" if kind == "calendar" else "FALSE", "TRUE" if kind == "addressbook" else "FALSE",
                       _sql_text(resourcetype), user, _sql_text("/%s/%s/" % (name, slug))))
        return sql

    def _write_apache_configuration(self) -> None:
        lines = ["ServerRoot %s" % self._path("apache"),
                 "Listen %s:%d" % (HOST, self.port),
                 "ServerName %s" % HOST,
                 "PidFile %s" % self._path("apache/apache.pid"),
                 "ErrorLog /dev/stderr",
                 "LogLevel warn",
                 "DocumentRoot %s" % self._path("apache"),
                 "TypesConfig /etc/mime.types",
                 "StartServers 2", "MinSpareServers 2", "MaxSpareServers 4", "MaxRequestWorkers 16"]
        lines += ["LoadModule %s_module %s/mod_%s.so" % (m, APACHE_MODULES, m) for m in MODULES]
        php, php_conf = php_module()
        lines += ["LoadModule php_module %s" % php,
                  "Include %s" % php_conf,
                  "Include /etc/apache2/sites-available/davical.conf", ""]
        with open(self._path("apache/httpd.conf"), "w", encoding="utf-8") as conf:
            conf.write("\n".join(lines))

    def _path(self, name: str) -> str:
        return os.path.join(self.folder, name)


def _postgres_command(data: str, socket_folder: str) -> List[str]:
    # fsync off: a test server's database need not survive a power cut.
    return [os.path.join(postgresql_bin(), "postgres"), "-D", data, "-c", "listen_addresses=",
            "-c", "unix_socket_directories=" + socket_folder, "-c", "fsync=off",
            "-c", "full_page_writes=off", "-c", "synchronous_commit=off"]


def _wait_for_postgres(socket_folder: str, process: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("PostgreSQL exited with %s" % process.returncode)
        ready = subprocess.run([os.path.join(postgresql_bin(), "pg_isready"), "-q", "-h", socket_folder,
                                "-U", "postgres", "-d", "postgres"],
                               capture_output=True)
        if ready.returncode == 0:
            return
        time.sleep(0.05)
    raise RuntimeError("PostgreSQL did not start within %.0f s" % timeout)


def _stop(process: Optional[subprocess.Popen], how: signal.Signals) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(how)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def _template() -> str:
    """The folder of a stopped PostgreSQL cluster holding a new DAViCal database, made by
    DAViCal's create-database.sh the first time for these package versions and this user."""
    versions = subprocess.run(["dpkg-query", "-W", "-f", "${Version} "]
                              + [*TEMPLATE_PACKAGES, postgresql_package()],
                              capture_output=True, text=True, check=True).stdout.split()
    path = os.path.join(tempfile.gettempdir(), "flick-davical-template-%s-uid%d"
                        % ("-".join(versions).replace(":", "_").replace("~", "_"), os.geteuid()))
    if not os.path.isdir(path):
        _make_template(path)
    return path


def _make_template(path: str) -> None:
    building = tempfile.mkdtemp(prefix="flick-davical-template-building-")
    try:
        as_postgres = (["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]
                       if os.geteuid() == 0 else [])
        os.chmod(building, 0o711)
        data, socket_folder = os.path.join(building, "data"), os.path.join(building, "socket")
        os.makedirs(data, 0o700)
        os.makedirs(socket_folder)
        if as_postgres:
            subprocess.run(["chown", "postgres:postgres", data, socket_folder], check=True)
        subprocess.run(as_postgres + [os.path.join(postgresql_bin(), "initdb"), "-D", data, "-A", "trust",
                                      "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
                       check=True, capture_output=True)
        postgres = subprocess.Popen(as_postgres + _postgres_command(data, socket_folder),
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        try:
            _wait_for_postgres(socket_folder, postgres, 30)
            made = subprocess.run(["sh", CREATE_DATABASE, DATABASE, secrets.token_hex(8)], capture_output=True,
                                  text=True, cwd=building,
                                  env=dict(os.environ, PGHOST=socket_folder, PGUSER="postgres"))
            if made.returncode != 0 or "has been set to" not in made.stdout:
                raise RuntimeError("create-database.sh failed:\n%s%s" % (made.stdout, made.stderr))
        finally:
            _stop(postgres, signal.SIGINT)
        try:
            os.rename(data, path)
        except OSError:
            if not os.path.isdir(path):  # Another harness made it meanwhile: use theirs.
                raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
