"""A tiny plain-HTTP CalDAV client for the tests: it checks what a CalDAV server really holds,
independently of Flick, and plays "the other client" in sync tests.

Stdlib only (http.client + xml.etree). One new TCP connection per request (Radicale 3.1.8
answers HTTP/1.0 and closes anyway), Basic auth sent up front, a socket timeout per client.

    c = CalDAVClient("http://127.0.0.1:5232/", "alice", "secret")
    [cal] = [k for k in c.discover() if "VTODO" in (k.components or ("VTODO",))]
    status, etag = c.put(cal.href + "a.ics", vtodo("a", "Milk"), if_none_match=True)
    token, changed, removed = c.sync_collection(cal.href, "")

Hrefs are what the server writes in its multistatus (absolute paths, percent-encoded as the
server sent them); every method also takes a full URL on the same server.
"""

import base64
import http.client
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Dict, List, Optional, Sequence, Tuple
from urllib.parse import urljoin, urlsplit

DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
CS = "http://calendarserver.org/ns/"
CRLF = "\r\n"


def clark(ns: str, name: str) -> str:
    """`{ns}name`, the ElementTree spelling of a qualified XML name."""
    return "{%s}%s" % (ns, name)


class DAVError(Exception):
    """A reply with a status the caller did not expect. `status`, `body` (bytes), `headers`."""

    def __init__(self, method: str, url: str, response: "Response") -> None:
        self.method = method
        self.url = url
        self.response = response
        self.status = response.status
        self.body = response.body
        self.headers = response.headers
        super().__init__("%s %s -> %d %s: %s" % (method, url, response.status, response.reason,
                                                   response.text[:300]))

    def has_error_element(self, ns: str, name: str) -> bool:
        """True if the body is a DAV:error holding the element {ns}name (e.g. valid-sync-token)."""
        return self.response.has_error_element(ns, name)


@dataclass
class Response:
    status: int
    reason: str
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def etag(self) -> Optional[str]:
        return self.headers.get("ETag")

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def xml(self) -> ET.Element:
        return ET.fromstring(self.body)

    def has_error_element(self, ns: str, name: str) -> bool:
        try:
            root = self.xml()
        except ET.ParseError:
            return False
        return root.tag == clark(DAV, "error") and root.find(clark(ns, name)) is not None


@dataclass
class PropResponse:
    """One <D:response> of a multistatus: its href, the response-level status (for hrefs without
    a propstat, e.g. a removed member in a sync report), the properties found (200 propstat,
    as Elements keyed by Clark name) and the status of every property that was not."""
    href: str
    status: Optional[int] = None
    props: Dict[str, ET.Element] = field(default_factory=dict)
    missing: Dict[str, int] = field(default_factory=dict)

    def text(self, name: str) -> Optional[str]:
        el = self.props.get(name)
        if el is None:
            return None
        return (el.text or "").strip()


@dataclass
class CalendarInfo:
    href: str
    displayname: Optional[str]
    components: Optional[Tuple[str, ...]]  # None when the server lists no component set (= all)
    ctag: Optional[str]
    sync_token: Optional[str]
    resourcetypes: Tuple[str, ...]
    reports: Tuple[str, ...]

    def holds_todos(self) -> bool:
        return self.components is None or "VTODO" in self.components


def _status_code(status_line: Optional[str]) -> Optional[int]:
    # "HTTP/1.1 404 Not Found"
    if not status_line:
        return None
    parts = status_line.split()
    return int(parts[1]) if len(parts) >= 2 and parts[1].isdigit() else None


def parse_multistatus(body: bytes) -> Tuple[List[PropResponse], Optional[str]]:
    """The responses of a DAV:multistatus and its DAV:sync-token (None if absent).
    Raises ET.ParseError for a body that is not XML, ValueError for one that is no multistatus."""
    root = ET.fromstring(body)
    if root.tag != clark(DAV, "multistatus"):
        raise ValueError("not a multistatus: %s" % root.tag)
    out = []
    for r in root.findall(clark(DAV, "response")):
        hrefs = r.findall(clark(DAV, "href"))
        status = _status_code(r.findtext(clark(DAV, "status")))
        for h in hrefs or [None]:
            pr = PropResponse(href=(h.text or "").strip() if h is not None else "", status=status)
            for ps in r.findall(clark(DAV, "propstat")):
                code = _status_code(ps.findtext(clark(DAV, "status")))
                prop = ps.find(clark(DAV, "prop"))
                if prop is None:
                    continue
                for p in prop:
                    if code == 200:
                        pr.props[p.tag] = p
                    else:
                        pr.missing[p.tag] = code or 0
            out.append(pr)
    token_el = root.find(clark(DAV, "sync-token"))
    token = (token_el.text or "").strip() if token_el is not None else None
    return out, token


def _xml(s: str) -> bytes:
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + s).encode("utf-8")


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


GETETAG_AND_DATA = ('<D:prop><D:getetag/><C:calendar-data/></D:prop>')


class CalDAVClient:
    """Plain CalDAV over HTTP with Basic auth. `base_url` is the server root (or a proxy's);
    `timeout` is the socket timeout in seconds for connect and every read."""

    def __init__(self, base_url: str, user: Optional[str] = None, password: Optional[str] = None,
                 timeout: float = 10.0) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        parts = urlsplit(self.base_url)
        if parts.scheme != "http":
            raise ValueError("plain http only: %r" % base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.user = user
        self.password = password
        self.timeout = timeout

    # -- plumbing -----------------------------------------------------------------------------

    def url_for(self, href: str) -> str:
        """A full URL for an href (a path on the server, or already a URL)."""
        return urljoin(self.base_url, href)

    def path_for(self, href: str) -> str:
        parts = urlsplit(self.url_for(href))
        return parts.path + ("?" + parts.query if parts.query else "")

    def auth_header(self) -> Optional[str]:
        if self.user is None:
            return None
        raw = ("%s:%s" % (self.user, self.password or "")).encode("utf-8")
        return "Basic " + base64.b64encode(raw).decode("ascii")

    def request(self, method: str, href: str, body: Optional[bytes] = None,
                headers: Optional[Dict[str, str]] = None) -> Response:
        """One request, one connection. Network errors (refused, reset, timeout, a reply cut
        short) propagate as the OSError / http.client exceptions they are."""
        hdrs = {}
        auth = self.auth_header()
        if auth:
            hdrs["Authorization"] = auth
        if body is not None:
            hdrs["Content-Length"] = str(len(body))
        hdrs.update(headers or {})
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, self.path_for(href), body=body, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read()
            return Response(resp.status, resp.reason, resp.msg, data)
        finally:
            conn.close()

    def _expect(self, method: str, href: str, resp: Response, *ok: int) -> Response:
        if resp.status not in ok:
            raise DAVError(method, href, resp)
        return resp

    # -- WebDAV / CalDAV verbs ----------------------------------------------------------------

    def propfind(self, url: str, depth: int = 0, body: Optional[str] = None) -> Response:
        """PROPFIND with Depth 0/1; `body` is the XML text (None = allprop, empty body)."""
        data = body.encode("utf-8") if body is not None else None
        headers = {"Depth": str(depth)}
        if data is not None:
            headers["Content-Type"] = "application/xml; charset=utf-8"
        return self.request("PROPFIND", url, data, headers)

    def report(self, url: str, body: str, depth: int = 1) -> Response:
        return self.request("REPORT", url, body.encode("utf-8"),
                            {"Depth": str(depth),
                             "Content-Type": "application/xml; charset=utf-8"})

    def propfind_props(self, url: str, depth: int, props: Sequence[Tuple[str, str]]
                       ) -> List[PropResponse]:
        """PROPFIND for the given (namespace, name) properties; the parsed responses."""
        names = "".join('<x:%s xmlns:x="%s"/>' % (n, ns) for ns, n in props)
        body = '<D:propfind xmlns:D="DAV:"><D:prop>%s</D:prop></D:propfind>' % names
        resp = self._expect("PROPFIND", url, self.propfind(url, depth, body), 207)
        return parse_multistatus(resp.body)[0]

    def proppatch(self, url: str, props: Sequence[Tuple[str, str, str]]) -> Response:
        """PROPPATCH setting (namespace, name, value) properties of a collection, as a client
        sets a calendar's colour or order; the response, whatever its status."""
        values = "".join('<x:%s xmlns:x="%s">%s</x:%s>' % (n, ns, _esc(v), n) for ns, n, v in props)
        body = '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>%s</D:prop></D:set></D:propertyupdate>' % values
        return self.request("PROPPATCH", url, body.encode("utf-8"),
                            {"Content-Type": "application/xml; charset=utf-8"})

    def get(self, href: str) -> Tuple[int, Optional[str], str]:
        r = self.request("GET", href)
        return r.status, r.etag, r.text

    def put(self, href: str, text: str, if_match: Optional[str] = None,
            if_none_match: bool = False) -> Tuple[int, Optional[str]]:
        """PUT an iCalendar text. `if_match` is an ETag as the server gave it (quotes included);
        `if_none_match=True` sends `If-None-Match: *` (create only)."""
        headers = {"Content-Type": "text/calendar; charset=utf-8"}
        if if_match is not None:
            headers["If-Match"] = if_match
        if if_none_match:
            headers["If-None-Match"] = "*"
        r = self.request("PUT", href, text.encode("utf-8"), headers)
        return r.status, r.etag

    def delete(self, href: str, if_match: Optional[str] = None) -> int:
        headers = {"If-Match": if_match} if if_match is not None else {}
        return self.request("DELETE", href, None, headers).status

    def mkcalendar(self, url: str, display_name: str,
                   components: Sequence[str] = ("VTODO",)) -> Response:
        comps = "".join('<C:comp name="%s"/>' % c for c in components)
        body = ('<C:mkcalendar xmlns:D="DAV:" xmlns:C="%s"><D:set><D:prop>'
                '<D:displayname>%s</D:displayname>'
                '<C:supported-calendar-component-set>%s</C:supported-calendar-component-set>'
                '</D:prop></D:set></C:mkcalendar>' % (CALDAV, _esc(display_name), comps))
        return self.request("MKCALENDAR", url, _xml(body),
                            {"Content-Type": "application/xml; charset=utf-8"})

    # -- listing and sync ---------------------------------------------------------------------

    def list_todos(self, calendar_url: str) -> Dict[str, Tuple[Optional[str], str]]:
        """Every VTODO resource of a calendar, by calendar-query: {href: (etag, ics_text)}."""
        body = ('<C:calendar-query xmlns:D="DAV:" xmlns:C="%s">%s'
                '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/>'
                '</C:comp-filter></C:filter></C:calendar-query>' % (CALDAV, GETETAG_AND_DATA))
        resp = self._expect("REPORT", calendar_url,
                            self.report(calendar_url, _xml(body).decode(), 1), 207)
        out = {}
        for r in parse_multistatus(resp.body)[0]:
            if r.href.rstrip("/") == self.path_for(calendar_url).rstrip("/"):
                continue
            out[r.href] = (r.text(clark(DAV, "getetag")), r.text(clark(CALDAV, "calendar-data"))
                           or "")
        return out

    def list_etags(self, calendar_url: str) -> Dict[str, Optional[str]]:
        """{href: etag} of the VTODOs, without their data (what a sync's ETag diff asks)."""
        body = ('<C:calendar-query xmlns:D="DAV:" xmlns:C="%s"><D:prop><D:getetag/></D:prop>'
                '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/>'
                '</C:comp-filter></C:filter></C:calendar-query>' % CALDAV)
        resp = self._expect("REPORT", calendar_url,
                            self.report(calendar_url, _xml(body).decode(), 1), 207)
        return {r.href: r.text(clark(DAV, "getetag")) for r in parse_multistatus(resp.body)[0]
                if r.href.rstrip("/") != self.path_for(calendar_url).rstrip("/")}

    def multiget(self, calendar_url: str, hrefs: Sequence[str]
                 ) -> Dict[str, Tuple[int, Optional[str], Optional[str]]]:
        """calendar-multiget: {href: (status, etag, ics_text)}; a missing href has its 404."""
        hs = "".join("<D:href>%s</D:href>" % _esc(self.path_for(h)) for h in hrefs)
        body = ('<C:calendar-multiget xmlns:D="DAV:" xmlns:C="%s">%s%s</C:calendar-multiget>'
                % (CALDAV, GETETAG_AND_DATA, hs))
        resp = self._expect("REPORT", calendar_url,
                            self.report(calendar_url, _xml(body).decode(), 1), 207)
        out = {}
        for r in parse_multistatus(resp.body)[0]:
            if r.props:
                out[r.href] = (200, r.text(clark(DAV, "getetag")),
                               r.text(clark(CALDAV, "calendar-data")))
            else:
                out[r.href] = (r.status or (min(r.missing.values()) if r.missing else 0),
                               None, None)
        return out

    def sync_collection(self, calendar_url: str, token: Optional[str]
                        ) -> Tuple[str, List[str], List[str]]:
        """RFC 6578 sync-collection, sync-level 1, asking for getetag. `token` "" or None for
        an initial sync. Returns (new_token, changed hrefs, removed hrefs). Raises DAVError on
        any status but 207 (Radicale: 403 with DAV:valid-sync-token for a token it forgot)."""
        body = ('<D:sync-collection xmlns:D="DAV:"><D:sync-token>%s</D:sync-token>'
                '<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop>'
                '</D:sync-collection>' % _esc(token or ""))
        resp = self._expect("REPORT", calendar_url,
                            self.report(calendar_url, _xml(body).decode(), 0), 207)
        responses, new_token = parse_multistatus(resp.body)
        changed, removed = [], []
        for r in responses:
            if r.status == 404 or (not r.props and 404 in r.missing.values()):
                removed.append(r.href)
            else:
                changed.append(r.href)
        if new_token is None:
            raise DAVError("REPORT", calendar_url, resp)
        return new_token, changed, removed

    # -- discovery ----------------------------------------------------------------------------

    def well_known(self) -> Tuple[int, Optional[str]]:
        """GET /.well-known/caldav without following: (status, Location)."""
        r = self.request("GET", "/.well-known/caldav")
        return r.status, r.headers.get("Location")

    def current_user_principal(self, url: str = "/") -> str:
        [r] = self.propfind_props(url, 0, [(DAV, "current-user-principal")])[:1]
        el = r.props.get(clark(DAV, "current-user-principal"))
        href = el.findtext(clark(DAV, "href")) if el is not None else None
        if not href:
            raise LookupError("no current-user-principal at %s" % url)
        return href.strip()

    def calendar_home_set(self, principal: str) -> str:
        [r] = self.propfind_props(principal, 0, [(CALDAV, "calendar-home-set")])[:1]
        el = r.props.get(clark(CALDAV, "calendar-home-set"))
        href = el.findtext(clark(DAV, "href")) if el is not None else None
        if not href:
            raise LookupError("no calendar-home-set at %s" % principal)
        return href.strip()

    def calendars(self, home: str) -> List[CalendarInfo]:
        """Depth-1 PROPFIND on a calendar home: the members that are calendars."""
        rs = self.propfind_props(home, 1, [
            (DAV, "resourcetype"), (DAV, "displayname"),
            (CALDAV, "supported-calendar-component-set"), (CS, "getctag"),
            (DAV, "sync-token"), (DAV, "supported-report-set")])
        out = []
        for r in rs:
            rt = r.props.get(clark(DAV, "resourcetype"))
            types = tuple(child.tag for child in rt) if rt is not None else ()
            if clark(CALDAV, "calendar") not in types:
                continue
            cs = r.props.get(clark(CALDAV, "supported-calendar-component-set"))
            comps = (tuple(c.get("name", "").upper() for c in cs.findall(clark(CALDAV, "comp")))
                     if cs is not None else None)
            srs = r.props.get(clark(DAV, "supported-report-set"))
            reports = ()
            if srs is not None:
                reports = tuple(rep[0].tag for rep in srs.iter(clark(DAV, "report")) if len(rep))
            out.append(CalendarInfo(href=r.href, displayname=r.text(clark(DAV, "displayname")),
                                    components=comps, ctag=r.text(clark(CS, "getctag")),
                                    sync_token=r.text(clark(DAV, "sync-token")),
                                    resourcetypes=types, reports=reports))
        return out

    def discover(self, start: str = "/") -> List[CalendarInfo]:
        """principal -> calendar home -> calendars, as a client does it."""
        return self.calendars(self.calendar_home_set(self.current_user_principal(start)))

    def ctag_and_token(self, calendar_url: str) -> Tuple[Optional[str], Optional[str]]:
        [r] = self.propfind_props(calendar_url, 0, [(CS, "getctag"), (DAV, "sync-token")])[:1]
        return r.text(clark(CS, "getctag")), r.text(clark(DAV, "sync-token"))


def utc_stamp(when: Optional[datetime] = None) -> str:
    return (when or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def vtodo(uid: Optional[str] = None, summary: str = "Task", *extra: str, **props: str) -> str:
    """A minimal VCALENDAR with one VTODO, CRLF line ends. `extra` are whole content lines
    ("STATUS:COMPLETED", "X-APPLE-SORT-ORDER:5"); keyword properties are spelled with
    underscores for dashes (x_apple_sort_order="5" -> X-APPLE-SORT-ORDER:5). No folding: keep
    lines short. The UID defaults to a new uuid4."""
    uid = uid or str(uuid.uuid4())
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flick tests//caldav_client//EN",
             "BEGIN:VTODO", "UID:" + uid, "DTSTAMP:" + utc_stamp(),
             "SUMMARY:" + summary.replace("\\", "\\\\").replace(";", "\\;")
             .replace(",", "\\,").replace("\n", "\\n")]
    lines += list(extra)
    lines += ["%s:%s" % (k.upper().replace("_", "-"), v) for k, v in props.items()]
    lines += ["END:VTODO", "END:VCALENDAR"]
    return CRLF.join(lines) + CRLF


def ics_property(text: str, name: str) -> Optional[str]:
    """The value of the first unfolded content line named `name` (parameters ignored)."""
    unfolded = text.replace("\r\n ", "").replace("\r\n\t", "").replace("\n ", "")
    for line in unfolded.splitlines():
        head, sep, value = line.partition(":")
        if sep and head.split(";", 1)[0].upper() == name.upper():
            return value
    return None
