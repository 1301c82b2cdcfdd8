"""The server's front door, as ASGI middleware: the ``Host`` allow-list, the security headers
and the arrival time of each request.

* :class:`HostGuard` answers HTTP 400 to a request whose ``Host`` header names a host that is
  not allowed (a page on another site that rebinds its DNS name to 127.0.0.1 sends its own
  name): by default only the loopback names :data:`LOOPBACK_HOSTS`, on any port.
* :class:`SecurityHeaders` adds :data:`SECURITY_HEADERS` to every answer: the page may load
  scripts, styles and data only from the server itself and may not be framed.
* :class:`StampArrival` records when a request arrived, so that its time budget counts the
  time spent waiting for a solver thread (:mod:`~mtgcombat.server.solving`).
* :func:`cors_origin` reads one entry of the optional CORS allow-list (off by default: no
  page on another origin may read the answers); the app hands the list to Starlette's
  ``CORSMiddleware``, inside :class:`SecurityHeaders`, so preflight answers carry the security
  headers too.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtgcombat.server.http import error_response

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""The host names always allowed in the ``Host`` header (with any port)."""
ANY_HOST = "*"
"""An allowed host that lets every ``Host`` through."""
WILDCARD_BINDS = frozenset({"", "0.0.0.0", "::", "[::]"})
"""Bind addresses that name no host a client would send (every interface)."""
ARRIVED = "mtgcombat.arrived"
"""The scope key of a request's arrival time (``time.monotonic()``)."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'")
"""The page's policy: everything from the server itself, no inline script, no framing."""
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
"""The headers added to every answer (the policy is left off the interactive docs)."""
CORS_METHODS = ("GET", "POST")
"""The methods a listed origin may use."""
CORS_HEADERS = ("Content-Type",)
"""The request headers a listed origin may send (beyond the CORS-safelisted ones)."""
CORS_MAX_AGE = 600
"""Seconds a browser may cache a preflight answer."""


def host_name(value: str) -> str:
    """The host of a ``Host`` header value or a bind address, without its port, in lower case;
    an IPv6 address in brackets (``[::1]:8000`` and ``::1`` are both ``[::1]``)."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value[:end + 1] if end > 0 else value
    if value.count(":") > 1:
        return f"[{value}]"
    return value.partition(":")[0].rstrip(".")


def allowed_hosts(extra: Iterable[str] = ()) -> frozenset[str]:
    """The loopback names and the host names of ``extra`` (wildcard bind addresses left out;
    :data:`ANY_HOST` kept as is)."""
    names = {host_name(h) for h in LOOPBACK_HOSTS}
    for host in extra:
        if host.strip() == ANY_HOST:
            names.add(ANY_HOST)
        elif host.strip() not in WILDCARD_BINDS:
            names.add(host_name(host))
    return frozenset(names)


def cors_origin(value: str) -> str:
    """``value`` as an entry of the CORS allow-list: an origin ``http(s)://host[:port]``
    (scheme and host in lower case, a trailing ``/`` dropped) or ``*`` (any origin); a
    :class:`ValueError` for anything else (a path, a query, another scheme)."""
    value = value.strip()
    if value == ANY_HOST:
        return value
    try:
        parts = urlsplit(value.removesuffix("/"))
        port = parts.port
    except ValueError:
        raise ValueError(f"not an origin: {value!r}") from None
    if (parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.path
            or parts.query or parts.fragment or parts.username or parts.password):
        raise ValueError(f"not an origin (expected http(s)://host[:port]): {value!r}")
    host = parts.netloc.rpartition(":")[0] if port is not None else parts.netloc
    return f"{parts.scheme.lower()}://{host.lower()}" + (f":{port}" if port is not None else "")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class HostGuard:
    """ASGI middleware: HTTP 400 unless the ``Host`` header names an allowed host."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or ANY_HOST in self.hosts:
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if host is None or host_name(host) not in self.hosts:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            response = error_response(
                400, "host not allowed (start the server with --allow-host HOST)", None)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """ASGI middleware: adds :data:`SECURITY_HEADERS` to every answer (the policy left off the
    paths in ``no_policy``, the interactive docs, which run inline script from a CDN)."""

    def __init__(self, app: ASGIApp, no_policy: Iterable[str] = ()) -> None:
        self.app = app
        self.no_policy = frozenset(no_policy)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        skip_policy = scope.get("path", "") in self.no_policy

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name == "Content-Security-Policy" and skip_policy:
                        continue
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


class StampArrival:
    """ASGI middleware: records the arrival time of each request under :data:`ARRIVED`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            scope[ARRIVED] = time.monotonic()
        await self.app(scope, receive, send)
