"""A fault-injecting HTTP/1.1 proxy for the CalDAV tests, on 127.0.0.1, in a thread.

    with RadicaleServer() as srv, FaultProxy(srv.url) as proxy:
        client = srv.client(base_url=proxy.url)         # or point Flick at proxy.url
        proxy.fail(503, method="PUT", count=1, retry_after=7)
        proxy.drop_response(method="PUT", path=r"\\.ics$", after_bytes=10)
        ...
        assert proxy.count("REPORT") == 1

It is a reverse proxy: clients talk to proxy.url as if it were the server; each request goes
to the server with the same method, target, headers (Host included) and body, and its answer
comes back with the same status, reason, headers and body.

Connections:
  - client side: HTTP/1.1 with keep-alive (several requests per connection, one at a time);
    HTTP/1.0 clients and `Connection: close` get the connection closed after the reply;
    `Expect: 100-continue` is answered by the proxy; a chunked request body is de-chunked;
  - server side: one new connection per request, sent with `Connection: close` (Radicale
    3.1.8 speaks HTTP/1.0 and closes anyway);
  - hop-by-hop headers (Connection, Keep-Alive, Transfer-Encoding, TE, Trailer, Upgrade,
    Proxy-*) are not forwarded; the reply is re-framed with its own Content-Length.

Faults are rules: kind + method (None = any) + path regex (re.search on the path without the
query; None = any) + count (the next N matching requests; None = every one until removed).
Rules are tried in the order they were added; the first that matches and has uses left is
used (one fault per request). Kinds:
  drop_request   close the connection before forwarding (the server never sees it)
  drop_response  forward, then send only the first `after_bytes` bytes of the reply and close
                 (the server HAS applied the request; the client sees a cut reply)
  fail           answer `status` itself without forwarding (500, 503 + Retry-After, 507, 403…)
  slow           forward, then hold the reply `seconds` (before=True: hold, then forward)
  no_etag        forward, remove every ETag header from the reply
  change_between before forwarding the client's request, PUT `text` to the same path on the
                 server (with the client's Authorization), so the client's If-Match is stale
  garbage        forward, then replace the body: kind "bytes" (random bytes) or "xml"
                 (an unclosed multistatus), with `status` (207)
drop_request / drop_response take reset=True to end with a TCP RST instead of a FIN.

Quirks of servers people use (issue 62), as rules like the faults above; each takes only the
requests it concerns (by method, and by body where said), so that several can stand together
and the other requests pass on to the next rule:
  no_sync_collection  a server without RFC 6578 (Posteo, mailbox.org, Horde, KolabNow: Planify
                 #2163, #2368): PROPFIND answers lose DAV:sync-token and the sync-collection
                 entry of supported-report-set, and a sync-collection REPORT is answered
                 `status` (403, with a DAV:error naming DAV:supported-report, as RFC 3253 has
                 it; or 501) without forwarding. advertise_token=True keeps the sync-token in
                 PROPFIND answers: a server that names a token and refuses the report all the same
  weak_etag      forward, then make every ETag header of the reply weak (W/"…"), as a server
                 that changed the text it stored says it (RFC 4791 §5.3.4), or nginx's gzip does
  strip_properties  a PUT's body loses the content lines whose property name fullmatches the
                 regex `names` ("RELATED-TO", "X-.*") before the server stores it: the server
                 answers with a strong ETag of what it kept, as servers that drop subtasks do
                 (tasks.org #695, Errands #351)
  refuse_body    a PUT whose body matches the regex `pattern` is answered `status` (415, with a
                 SabreDAV-like DAV:error, as Nextcloud answers an iCalendar it finds invalid;
                 or 412) without forwarding
  refuse_vtodo   a calendar made for events: PROPFIND answers lose VTODO from
                 supported-calendar-component-set, and a PUT holding a VTODO is answered 403 with
                 a DAV:error naming CALDAV:supported-calendar-component (RFC 4791 §5.3.2.1)

offline() closes the listening socket and every open client connection (connect() is then
refused, as with no network); online() listens again on the same port.

Every request is logged (LogEntry: method, path, target, headers, body, status sent, server's
status, fault); `log`, `requests()`, `count()`, `wait_for()` read it.
"""

import http.client
import os
import re
import socket
import struct
import sys
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Callable, Dict, List, Optional, Set, Tuple, Union
from urllib.parse import urlsplit

HOST = "127.0.0.1"
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "proxy-authenticate",
              "proxy-authorization", "te", "trailer", "trailers", "transfer-encoding",
              "upgrade"}
KINDS = ("drop_request", "drop_response", "fail", "slow", "no_etag", "change_between",
         "garbage", "no_sync_collection", "weak_etag", "strip_properties", "refuse_body",
         "refuse_vtodo")
# The methods each quirk concerns, whatever method the rule names: the others pass it by.
QUIRK_METHODS = {"no_sync_collection": ("PROPFIND", "REPORT"), "strip_properties": ("PUT",),
                 "refuse_body": ("PUT",), "refuse_vtodo": ("PROPFIND", "PUT")}
MAX_HEADERS = 200
MAX_LINE = 65536


class _ClientGone(Exception):
    pass


class _UpstreamError(Exception):
    pass


@dataclass
class Fault:
    kind: str
    method: Optional[str]
    path: Optional["re.Pattern"]
    remaining: Optional[int]
    params: Dict[str, object]
    hits: int = 0

    def matches(self, method: str, path: str, body: bytes = b"") -> bool:
        if self.remaining is not None and self.remaining <= 0:
            return False
        if self.method is not None and self.method.upper() != method.upper():
            return False
        if self.path is not None and self.path.search(path) is None:
            return False
        return self._concerns(method.upper(), body)

    def _concerns(self, method: str, body: bytes) -> bool:
        """Whether a quirk takes this request (faults take every one they match)."""
        if self.kind in QUIRK_METHODS and method not in QUIRK_METHODS[self.kind]:
            return False
        if self.kind == "no_sync_collection" and method == "REPORT":
            return b"sync-collection" in body
        if self.kind == "refuse_body":
            return re.search(self.params["pattern"], body.decode("utf-8", "replace")) is not None
        if self.kind == "refuse_vtodo" and method == "PUT":
            return b"BEGIN:VTODO" in body
        return True


@dataclass
class LogEntry:
    method: str
    target: str                       # the request target as sent (path and query)
    path: str                         # the target without its query
    headers: List[Tuple[str, str]]    # the request headers, in order, as sent
    body: bytes
    time: float                       # time.monotonic() when the request was read
    fault: Optional[str] = None       # the fault applied, if any
    upstream_status: Optional[int] = None   # what the server answered (None: not forwarded)
    status: Optional[int] = None      # the status line sent to the client (None: none sent)
    complete: bool = False            # the whole reply reached the client's socket
    response_headers: List[Tuple[str, str]] = field(default_factory=list)
    note: str = ""                    # e.g. the status of change_between's own PUT
    done: bool = False                # the proxy has finished with this request

    def header(self, name: str) -> Optional[str]:
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None

    def response_header(self, name: str) -> Optional[str]:
        for k, v in self.response_headers:
            if k.lower() == name.lower():
                return v
        return None


def _xml(text: str) -> Tuple[List[Tuple[str, str]], bytes]:
    return ([("Content-Type", "application/xml; charset=utf-8")],
            ('<?xml version="1.0" encoding="utf-8"?>\n' + text).encode())


def _quirk_refusal(kind, method, p):
    """The answer a quirk gives in the server's stead (status, headers, body), or None to
    forward the request."""
    method = method.upper()
    if kind == "no_sync_collection" and method == "REPORT":
        status = int(p["status"])
        if status == 403:
            return (status,) + _xml('<D:error xmlns:D="DAV:"><D:supported-report/></D:error>')
        return status, [("Content-Type", "text/plain")], b"sync-collection is not implemented\n"
    if kind == "refuse_body":
        status = int(p["status"])
        if status == 415:
            return (status,) + _xml(
                '<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">'
                '<s:exception>Sabre\\DAV\\Exception\\UnsupportedMediaType</s:exception>'
                '<s:message>Validation error in iCalendar</s:message></d:error>')
        return status, [("Content-Type", "text/plain")], b"Precondition Failed\n"
    if kind == "refuse_vtodo" and method == "PUT":
        return (403,) + _xml('<D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                             '<C:supported-calendar-component/></D:error>')
    return None


def _strip_properties(body: bytes, names: "re.Pattern") -> bytes:
    """The iCalendar body without the content lines (and their folded continuations) whose
    property name fullmatches `names`."""
    kept: List[str] = []
    dropping = False
    for line in body.decode("utf-8").split("\r\n"):
        if line[:1] in (" ", "\t"):
            if not dropping:
                kept.append(line)
            continue
        name = re.split(r"[;:]", line, maxsplit=1)[0]
        dropping = names.fullmatch(name) is not None
        if not dropping:
            kept.append(line)
    return "\r\n".join(kept).encode("utf-8")


def _without_support(kind: str, body: bytes, p) -> bytes:
    """A PROPFIND answer without what the quirky server lacks: the sync-token and the
    sync-collection report, or VTODO among the calendar's components."""
    text = body.decode("utf-8", "replace")
    if kind == "no_sync_collection":
        if not p.get("advertise_token"):
            text = re.sub(r"<(\w+:|)sync-token\b[^>]*?(/>|>.*?</\1sync-token>)", "", text,
                          flags=re.S)
        text = re.sub(r"<(\w+:|)supported-report>(?:(?!</\1supported-report>).)*?sync-collection"
                      r".*?</\1supported-report>", "", text, flags=re.S)
    else:
        text = re.sub(r"<(\w+:|)comp\s+name=[\"']VTODO[\"']\s*/>", "", text)
    return text.encode("utf-8")


def _reason(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Status %d" % status


class FaultProxy:
    """See the module doc. `upstream` is the server's URL (http://127.0.0.1:PORT/...)."""

    def __init__(self, upstream: str, upstream_timeout: float = 60.0) -> None:
        parts = urlsplit(upstream)
        if parts.scheme != "http" or parts.hostname not in (HOST, "localhost"):
            raise ValueError("the proxy forwards to http://127.0.0.1 only: %r" % upstream)
        self.upstream_host = HOST
        self.upstream_port = parts.port or 80
        self._base_path = parts.path or "/"
        self.upstream_timeout = upstream_timeout
        self.port: Optional[int] = None
        self._lock = threading.Lock()
        self._faults: List[Fault] = []
        self._log: List[LogEntry] = []
        self._listener: Optional[socket.socket] = None
        self._accept_thread: Optional[threading.Thread] = None
        self._conns: Dict[socket.socket, threading.Thread] = {}
        self._cut: Set[socket.socket] = set()
        self._closing = threading.Event()
        self._online = False

    # -- life ---------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return "http://%s:%d%s" % (HOST, self.port, self._base_path)

    def __enter__(self) -> "FaultProxy":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> None:
        self._closing.clear()
        self._listen()

    def close(self) -> None:
        self._closing.set()
        self._stop_listening()
        self._close_connections()

    @property
    def is_online(self) -> bool:
        return self._online

    def offline(self) -> None:
        """Refuse new connections (ECONNREFUSED) and cut the open ones."""
        self._stop_listening()
        self._close_connections()

    def online(self) -> None:
        """Listen again on the same port."""
        if not self._online:
            self._listen()

    # -- faults -------------------------------------------------------------------------------

    def add_fault(self, fault_kind: str, method: Optional[str] = None,
                  path: Optional[str] = None, count: Optional[int] = None, **params) -> Fault:
        """The general form of the helpers below: fault_kind is one of KINDS, params its
        parameters."""
        if fault_kind not in KINDS:
            raise ValueError("unknown fault %r" % fault_kind)
        f = Fault(fault_kind, method.upper() if method else None,
                  re.compile(path) if path is not None else None, count, params)
        with self._lock:
            self._faults.append(f)
        return f

    def drop_request(self, method=None, path=None, count=None, reset=False) -> Fault:
        return self.add_fault("drop_request", method, path, count, reset=reset)

    def drop_response(self, method=None, path=None, count=None, after_bytes=0,
                      reset=False) -> Fault:
        """Forward, then send only the first `after_bytes` bytes of the reply (at most all but
        its last byte) and close."""
        return self.add_fault("drop_response", method, path, count, after_bytes=after_bytes,
                              reset=reset)

    def fail(self, status: int, method=None, path=None, count=None,
             retry_after: Optional[Union[int, str]] = None, body: Optional[bytes] = None,
             headers: Optional[List[Tuple[str, str]]] = None) -> Fault:
        """Answer `status` without forwarding."""
        return self.add_fault("fail", method, path, count, status=status,
                              retry_after=retry_after, body=body, headers=headers or [])

    def slow(self, seconds: float, method=None, path=None, count=None,
             before: bool = False) -> Fault:
        return self.add_fault("slow", method, path, count, seconds=seconds, before=before)

    def no_etag(self, method=None, path=None, count=None) -> Fault:
        return self.add_fault("no_etag", method, path, count)

    def change_between(self, text: Union[str, Callable[[str, bytes], str]], method="PUT",
                       path=None, count=None) -> Fault:
        """Before forwarding a matching request, PUT `text` (or text(path, client_body)) to
        the same path on the server, unconditionally, with the client's Authorization."""
        return self.add_fault("change_between", method, path, count, text=text)

    def garbage(self, method=None, path=None, count=None, kind: str = "xml",
                status: int = 207) -> Fault:
        if kind not in ("xml", "bytes"):
            raise ValueError("garbage kind is 'xml' or 'bytes'")
        return self.add_fault("garbage", method, path, count, kind=kind, status=status)

    def no_sync_collection(self, status: int = 403, advertise_token: bool = False,
                           path=None, count=None) -> Fault:
        return self.add_fault("no_sync_collection", None, path, count, status=status,
                              advertise_token=advertise_token)

    def weak_etag(self, method=None, path=None, count=None) -> Fault:
        return self.add_fault("weak_etag", method, path, count)

    def strip_properties(self, names: str, path=None, count=None) -> Fault:
        """PUT bodies lose the properties whose name fullmatches the regex `names`."""
        return self.add_fault("strip_properties", "PUT", path, count, names=re.compile(names, re.I))

    def refuse_body(self, pattern: str, status: int = 415, path=None, count=None) -> Fault:
        return self.add_fault("refuse_body", "PUT", path, count, pattern=pattern, status=status)

    def refuse_vtodo(self, path=None, count=None) -> Fault:
        return self.add_fault("refuse_vtodo", None, path, count)

    def remove_fault(self, fault: Fault) -> None:
        with self._lock:
            if fault in self._faults:
                self._faults.remove(fault)

    def clear_faults(self) -> None:
        with self._lock:
            self._faults.clear()

    def clear_log(self) -> None:
        with self._lock:
            self._log.clear()

    def clear(self) -> None:
        """No faults, an empty log, and online again."""
        self.clear_faults()
        self.clear_log()
        self.online()

    # -- log ----------------------------------------------------------------------------------

    @property
    def log(self) -> List[LogEntry]:
        with self._lock:
            return list(self._log)

    def requests(self, method: Optional[str] = None, path: Optional[str] = None
                 ) -> List[LogEntry]:
        """Logged requests, optionally by method and path regex (re.search)."""
        rx = re.compile(path) if path is not None else None
        return [e for e in self.log
                if (method is None or e.method.upper() == method.upper())
                and (rx is None or rx.search(e.path))]

    def count(self, method: Optional[str] = None, path: Optional[str] = None) -> int:
        return len(self.requests(method, path))

    def wait_for(self, predicate: Callable[[List[LogEntry]], bool], timeout: float = 10.0
                 ) -> bool:
        """Poll the log until predicate(log) is true; False on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            if predicate(self.log):
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until every logged request has been dealt with."""
        return self.wait_for(lambda log: all(e.done for e in log), timeout)

    # -- listening ----------------------------------------------------------------------------

    def _listen(self) -> None:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((HOST, self.port or 0))
        s.listen(64)
        s.settimeout(0.2)
        self.port = s.getsockname()[1]
        self._listener = s
        self._online = True
        t = threading.Thread(target=self._accept_loop, args=(s,), daemon=True,
                             name="fault-proxy-accept")
        self._accept_thread = t
        t.start()

    def _stop_listening(self) -> None:
        self._online = False
        s, self._listener = self._listener, None
        if s is not None:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        t, self._accept_thread = self._accept_thread, None
        if t is not None:
            t.join(2)
        if s is not None:
            s.close()

    def _close_connections(self) -> None:
        with self._lock:
            conns = list(self._conns.items())
            self._cut.update(sock for sock, _t in conns)
        for sock, _t in conns:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for _sock, t in conns:
            if t is not threading.current_thread():
                t.join(2)

    def _accept_loop(self, listener: socket.socket) -> None:
        while self._online and self._listener is listener:
            try:
                sock, _addr = listener.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            if not self._online:
                sock.close()
                break
            sock.settimeout(None)
            t = threading.Thread(target=self._serve, args=(sock,), daemon=True,
                                 name="fault-proxy-conn")
            with self._lock:
                self._conns[sock] = t
            t.start()

    # -- one client connection ----------------------------------------------------------------

    def _serve(self, sock: socket.socket) -> None:
        rfile = sock.makefile("rb")
        try:
            while not self._closing.is_set():
                try:
                    req = self._read_request(rfile, sock)
                except (OSError, ValueError, _ClientGone):
                    break
                if req is None:
                    break
                try:
                    keep = self._handle(sock, *req)
                except (OSError, _ClientGone, http.client.HTTPException):
                    break
                if not keep:
                    break
        finally:
            with self._lock:
                self._conns.pop(sock, None)
                self._cut.discard(sock)
            try:
                rfile.close()
            except OSError:
                pass
            try:
                sock.close()
            except OSError:
                pass

    def _read_request(self, rfile, sock):
        line = rfile.readline(MAX_LINE + 1)
        while line in (b"\r\n", b"\n"):  # tolerate stray blank lines between requests
            line = rfile.readline(MAX_LINE + 1)
        if not line:
            return None
        parts = line.decode("latin-1").rstrip("\r\n").split()
        if len(parts) != 3:
            raise ValueError("bad request line %r" % line)
        method, target, version = parts
        headers: List[Tuple[str, str]] = []
        while True:
            h = rfile.readline(MAX_LINE + 1)
            if not h:
                raise _ClientGone()
            if h in (b"\r\n", b"\n"):
                break
            if len(headers) >= MAX_HEADERS:
                raise ValueError("too many headers")
            text = h.decode("latin-1").rstrip("\r\n")
            if text[:1] in (" ", "\t") and headers:  # obsolete line folding
                k, v = headers[-1]
                headers[-1] = (k, v + " " + text.strip())
                continue
            name, _, value = text.partition(":")
            headers.append((name.strip(), value.strip()))
        hmap = {k.lower(): v for k, v in headers}
        if hmap.get("expect", "").lower() == "100-continue":
            sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        body = b""
        if "chunked" in hmap.get("transfer-encoding", "").lower():
            body = self._read_chunked(rfile)
        elif "content-length" in hmap:
            n = int(hmap["content-length"])
            body = rfile.read(n)
            if len(body) != n:
                raise _ClientGone()
        return method, target, version, headers, body

    @staticmethod
    def _read_chunked(rfile) -> bytes:
        out = bytearray()
        while True:
            size_line = rfile.readline(MAX_LINE + 1)
            if not size_line:
                raise _ClientGone()
            size = int(size_line.split(b";", 1)[0].strip(), 16)
            if size == 0:
                while rfile.readline(MAX_LINE + 1) not in (b"\r\n", b"\n", b""):
                    pass  # trailers
                return bytes(out)
            chunk = rfile.read(size)
            if len(chunk) != size:
                raise _ClientGone()
            out += chunk
            rfile.readline(MAX_LINE + 1)

    def _pick_fault(self, method: str, path: str, body: bytes) -> Optional[Fault]:
        with self._lock:
            for f in self._faults:
                if f.matches(method, path, body):
                    if f.remaining is not None:
                        f.remaining -= 1
                    f.hits += 1
                    return f
        return None

    def _handle(self, sock, method, target, version, headers, body) -> bool:
        """Answer one request; True to keep the connection for another."""
        path = target.split("?", 1)[0]
        if "://" in path:  # absolute-form target
            path = urlsplit(path).path
        entry = LogEntry(method=method, target=target, path=path, headers=list(headers),
                         body=body, time=time.monotonic())
        with self._lock:
            self._log.append(entry)
        conn_tokens = ",".join(v for k, v in headers if k.lower() == "connection").lower()
        if version == "HTTP/1.0":
            keep = "keep-alive" in conn_tokens
        else:
            keep = "close" not in conn_tokens
        fault = self._pick_fault(method, path, body)
        kind = fault.kind if fault else None
        p = fault.params if fault else {}
        entry.fault = kind
        try:
            if kind == "drop_request":
                self._abort(sock, p.get("reset", False))
                return False
            if kind == "fail":
                status = int(p["status"])
                extra = list(p.get("headers") or [])
                if p.get("retry_after") is not None:
                    extra.append(("Retry-After", str(p["retry_after"])))
                fbody = p.get("body")
                if fbody is None:
                    fbody = ("%d %s (injected by the test proxy)\n"
                             % (status, _reason(status))).encode()
                extra.append(("Content-Type", "text/plain; charset=utf-8"))
                return self._send(sock, entry, method, status, _reason(status), extra,
                                  fbody, keep)
            refusal = _quirk_refusal(kind, method, p)
            if refusal is not None:
                status, rheaders, rbody = refusal
                return self._send(sock, entry, method, status, _reason(status), rheaders, rbody,
                                  keep)
            if kind == "strip_properties":
                body = _strip_properties(body, p["names"])
                entry.note = "stored without %s" % p["names"].pattern
            if kind == "slow" and p.get("before"):
                if self._sleep(sock, float(p["seconds"])):
                    return False
            if kind == "change_between":
                text = p["text"]
                if callable(text):
                    text = text(path, body)
                st = self._own_put(target, headers, text.encode("utf-8"))
                entry.note = "change_between PUT -> %s" % st
            if kind in ("no_sync_collection", "refuse_vtodo"):
                # The answer is rewritten: asked for as plain text, not gzip.
                headers = [(k, v) for k, v in headers if k.lower() != "accept-encoding"]
            status, reason, rheaders, rbody = self._forward(method, target, headers, body)
            entry.upstream_status = status
            if kind == "no_etag":
                rheaders = [(k, v) for k, v in rheaders if k.lower() != "etag"]
            elif kind == "weak_etag":
                rheaders = [(k, v if v.startswith("W/") or k.lower() != "etag" else "W/" + v)
                            for k, v in rheaders]
            elif kind in ("no_sync_collection", "refuse_vtodo") and method.upper() == "PROPFIND":
                rbody = _without_support(kind, rbody, p)
            elif kind == "garbage":
                status, reason = int(p["status"]), _reason(int(p["status"]))
                rheaders = [(k, v) for k, v in rheaders
                            if k.lower() not in ("etag", "content-type")]
                if p["kind"] == "bytes":
                    rbody = os.urandom(512)
                    rheaders.append(("Content-Type", "application/xml; charset=utf-8"))
                else:
                    rbody = (b'<?xml version="1.0" encoding="utf-8"?>\n'
                             b'<D:multistatus xmlns:D="DAV:"><D:response><D:href>/x/'
                             b'</D:href><D:propstat><D:prop><D:getetag>"1"</D:get')
                    rheaders.append(("Content-Type", "text/xml; charset=utf-8"))
            elif kind == "slow" and not p.get("before"):
                if self._sleep(sock, float(p["seconds"])):
                    return False
            if kind == "drop_response":
                raw = self._serialize(method, status, reason, rheaders, rbody, keep=False)
                n = max(0, min(int(p.get("after_bytes", 0)), len(raw) - 1))
                entry.status = status
                entry.response_headers = rheaders
                if n:
                    sock.sendall(raw[:n])
                self._abort(sock, p.get("reset", False))
                return False
            return self._send(sock, entry, method, status, reason, rheaders, rbody, keep)
        except _UpstreamError as e:
            # The server could not be reached or answered nothing usable: say so, as a
            # gateway does.
            entry.note = (entry.note + "; " if entry.note else "") + "upstream error: %s" % e
            return self._send(sock, entry, method, 502, "Bad Gateway",
                              [("Content-Type", "text/plain; charset=utf-8")],
                              ("proxy: server error: %s\n" % e).encode(), False)
        finally:
            entry.done = True

    def _sleep(self, sock, seconds: float) -> bool:
        """Wait; True if the proxy closed or went offline (this connection was cut) meanwhile."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self._closing.wait(min(left, 0.05)) or sock in self._cut:
                return True

    def _abort(self, sock, reset: bool) -> None:
        if reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        else:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        sock.close()

    def _forward(self, method, target, headers, body):
        try:
            return self._forward_once(method, target, headers, body)
        except (OSError, http.client.HTTPException) as e:
            raise _UpstreamError("%s: %s" % (type(e).__name__, e)) from e

    def _forward_once(self, method, target, headers, body):
        conn = http.client.HTTPConnection(self.upstream_host, self.upstream_port,
                                          timeout=self.upstream_timeout)
        try:
            conn.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
            has_host = False
            had_length = False
            for k, v in headers:
                lk = k.lower()
                if lk in HOP_BY_HOP or lk == "expect":
                    continue
                if lk == "content-length":
                    had_length = True
                    continue
                if lk == "host":
                    has_host = True
                conn.putheader(k, v)
            if not has_host:
                conn.putheader("Host", "%s:%d" % (self.upstream_host, self.upstream_port))
            if body or had_length:
                conn.putheader("Content-Length", str(len(body)))
            conn.putheader("Connection", "close")
            conn.endheaders(body if body else None)
            resp = conn.getresponse()
            rbody = resp.read()
            rheaders = [(k, v) for k, v in resp.getheaders()
                        if k.lower() not in HOP_BY_HOP and
                        not (k.lower() == "content-length" and method != "HEAD")]
            return resp.status, resp.reason, rheaders, rbody
        finally:
            conn.close()

    def _own_put(self, target, headers, text: bytes) -> int:
        hdrs = [(k, v) for k, v in headers
                if k.lower() in ("authorization", "host", "content-type")]
        if not any(k.lower() == "content-type" for k, _ in hdrs):
            hdrs.append(("Content-Type", "text/calendar; charset=utf-8"))
        hdrs.append(("Content-Length", str(len(text))))
        status, _r, _h, _b = self._forward("PUT", target, hdrs, text)
        return status

    @staticmethod
    def _serialize(method, status, reason, headers, body, keep) -> bytes:
        lines = ["HTTP/1.1 %d %s" % (status, reason or _reason(status))]
        for k, v in headers:
            lines.append("%s: %s" % (k, v))
        no_body = method == "HEAD" or status in (204, 304) or 100 <= status < 200
        if not no_body:
            lines.append("Content-Length: %d" % len(body))
        if not keep:
            lines.append("Connection: close")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        return head + (b"" if no_body else body)

    def _send(self, sock, entry, method, status, reason, headers, body, keep) -> bool:
        raw = self._serialize(method, status, reason, headers, body, keep)
        entry.status = status
        entry.response_headers = list(headers)
        try:
            sock.sendall(raw)
        except OSError:
            return False
        entry.complete = True
        return keep


if __name__ == "__main__":
    # A manual run: python3 fault_proxy.py http://127.0.0.1:5232/  (Ctrl-C to stop)
    with FaultProxy(sys.argv[1]) as proxy:
        print("proxy on", proxy.url, flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
