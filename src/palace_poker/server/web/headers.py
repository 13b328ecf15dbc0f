"""The security headers of every HTTP response (docs/server.md, "Privacy"):
an ASGI middleware adding them, and the Content-Security-Policy for a host."""

from __future__ import annotations

from typing import Any

#: The headers every HTTP response carries (docs/server.md, "Privacy"): the pages
#: run only the server's own scripts and styles and talk only to their own server,
#: no other site may frame them (clickjacking), no response is read as another
#: type than it says, and no address of a table leaves in a Referer header.
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
#: The Content-Security-Policy of every response, ``{sockets}`` the WebSocket
#: origins of the host asked for (``connect-src 'self'`` covers them in browsers
#: that follow CSP 3; older ones need them named).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def content_security_policy(host: str | None) -> str:
    """The policy for a request to ``host`` (its Host header): the table's socket
    may be opened on the same host, over ws or wss; a Host that is not a plain
    host name and port names no socket origin (nothing from it is echoed).

    >>> content_security_policy("127.0.0.1:8000").split("; ")[5]
    "connect-src 'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000"
    >>> content_security_policy("evil; script-src *").split("; ")[5]
    "connect-src 'self'"
    """
    plain = host is not None and 0 < len(host) <= 255
    plain = plain and all(c.isascii() and (c.isalnum() or c in ".-:[]") for c in host or "")
    sockets = f" ws://{host} wss://{host}" if plain else ""
    return CSP.format(sockets=sockets)


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` and the Content-Security-Policy
    to every HTTP response (pages, static files, REST answers and refusals alike);
    a header a route set already is kept."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        added = [
            *SECURITY_HEADERS,
            (b"content-security-policy", content_security_policy(host).encode()),
        ]

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in added if k not in have)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)
