"""The client's messages on the wire, read once at the edge (docs/server.md, "The
protocol"); what each message is and holds: :mod:`~palace_poker.server.model.messages`.

A message is one JSON object of at most :data:`MAX_MESSAGE` bytes with a known
``type`` and the fields of that type; anything else is refused with a
:class:`TableError` (``message_too_large``, ``malformed_message``) that the
connection answers with an error payload, staying open. A token is compared by
its hash only (:func:`token_hash`), and a new one is 128 random bits from
:mod:`secrets`.

>>> read('{"type": "act", "action": "stay", "hand": 2, "version": 3}').version
3
>>> read('{"type": "act", "action": "stay", "hand": 2, "version": true}')
Traceback (most recent call last):
...
palace_poker.server.model.errors.TableError: [malformed_message] ...
>>> read('{"type": "act", "action": "stay", "version": 3}')
Traceback (most recent call last):
...
palace_poker.server.model.errors.TableError: [malformed_message] ...
>>> read('{"type": "chat", "type": "ping"}')
Traceback (most recent call last):
...
palace_poker.server.model.errors.TableError: [malformed_message] ... got 'type' twice
>>> read('{"type": "chat", "text": 7}')
Traceback (most recent call last):
...
palace_poker.server...TableError: [invalid_chat] 'text' of a chat message must be text, got 7
>>> len(new_token()), token_hash("a") == token_hash("a")
(22, True)
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any, Final

from palace_poker.checks import short
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.messages import MAX_TOKEN, Message, build

__all__ = ["MAX_MESSAGE", "MAX_TOKEN", "new_table_id", "new_token", "read", "token_hash"]

#: The largest message a client may send, in bytes (an action is a few dozen).
MAX_MESSAGE: Final = 4096


def read(raw: str | bytes) -> Message:
    """A client's message, checked; raises :class:`TableError`."""
    if len(raw) > MAX_MESSAGE:
        raise TableError(
            "message_too_large", f"a message is at most {MAX_MESSAGE} bytes, got {len(raw)}"
        )
    try:
        message = json.loads(raw, object_pairs_hook=_unique)
    except _DuplicateKeyError as err:
        raise TableError("malformed_message", str(err)) from None
    except (ValueError, RecursionError):
        raise TableError("malformed_message", "a message must be a JSON object") from None
    if not isinstance(message, dict):
        raise TableError(
            "malformed_message", f"a message must be a JSON object, got {short(message)}"
        )
    return build(message)


class _DuplicateKeyError(ValueError):
    """A JSON object naming one key twice."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the message, each key once: JSON leaves a repeated key's meaning
    open (Python's reader keeps the last, others the first), so a message that
    could be read two ways is refused rather than guessed at."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKeyError(f"a message names each key once, got {short(key)} twice")
        found[key] = value
    return found


def new_token() -> str:
    """A new seat token: 128 random bits from the operating system, URL-safe."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (a token is random, so a slow
    password hash would add nothing)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    """A table's id in links: 96 random bits, unguessable."""
    return secrets.token_urlsafe(12)
