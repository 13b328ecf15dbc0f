"""The client's messages, checked at the edge (docs/server.md, "The protocol").

A message is one JSON object of at most :data:`MAX_MESSAGE` bytes with a known
``type`` and the fields of that type; anything else is refused with a
:class:`TableError` (``message_too_large``, ``malformed_message``) that the
connection answers with an error payload, staying open. A token is compared by
its hash only (:func:`token_hash`), and a new one is 128 random bits from
:mod:`secrets`.

>>> read('{"type": "act", "action": "stay", "hand": 2, "version": 3}')["version"]
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

from palace_poker.checks import as_int, is_int, short
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.table import HOST_COMMANDS

#: The largest message a client may send, in bytes (an action is a few dozen).
MAX_MESSAGE: Final = 4096
#: The longest action text (a trim of five cards is 20 characters).
MAX_ACTION: Final = 200
#: The longest token: :func:`new_token` makes 22 characters.
MAX_TOKEN: Final = 64

#: Each type's fields: name -> (kind, required).
FIELDS: Final[dict[str, dict[str, tuple[str, bool]]]] = {
    "hello": {"token": ("token", False), "last_seq": ("count", False)},
    # a decision names the state it answers: the table's hand number and its version
    "act": {
        "action": ("text", True),
        "hand": ("count", True),
        "version": ("count", True),
        "ref": ("ref", False),
    },
    "start": {"ref": ("ref", False)},
    "end": {"ref": ("ref", False)},
    "back": {"ref": ("ref", False)},
    "ping": {"ref": ("ref", False)},
    # the host's tools
    "pause": {"seq": ("count", False), "ref": ("ref", False)},
    "resume": {"seq": ("count", False), "ref": ("ref", False)},
    "approve": {"seat": ("count", True), "seq": ("count", False), "ref": ("ref", False)},
    "refuse": {"seat": ("count", True), "seq": ("count", False), "ref": ("ref", False)},
    "remove": {"seat": ("count", True), "seq": ("count", False), "ref": ("ref", False)},
    "pass_host": {"seat": ("count", True), "seq": ("count", False), "ref": ("ref", False)},
    "add_bot": {
        "seat": ("count", True),
        "bot": ("text", True),
        "seq": ("count", False),
        "ref": ("ref", False),
    },
    "settings": {"changes": ("changes", True), "seq": ("count", False), "ref": ("ref", False)},
    # the players' own controls
    "sit_out": {"ref": ("ref", False)},
    "sit_in": {"ref": ("ref", False)},
    "stand_up": {"ref": ("ref", False)},
    "rebuy": {"chips": ("count", True), "ref": ("ref", False)},
    "ready": {"ref": ("ref", False)},
    # a random value for the next hand's fair seed (palace-fair/1), as hex
    "contribute": {"value": ("text", True), "ref": ("ref", False)},
    # the table's chat (players and spectators), and the host's mute
    "chat": {"text": ("chat", True), "ref": ("ref", False)},
    "mute": {"seat": ("count", True), "seq": ("count", False), "ref": ("ref", False)},
    "unmute": {"seat": ("count", True), "seq": ("count", False), "ref": ("ref", False)},
}
#: The host's tools may carry ``seq``, the table's last entry the host had seen:
#: the table then refuses a tool given on a table that has changed since.
#: The most settings one ``settings`` message may change.
MAX_CHANGES: Final = 10


def read(raw: str | bytes) -> dict[str, Any]:
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
    kind = message.get("type")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise TableError(
            "malformed_message",
            f"unknown message type {short(kind)}; the types are {', '.join(FIELDS)}",
        )
    checked: dict[str, Any] = {"type": kind}
    for name, (what, required) in fields.items():
        value = message.get(name)
        if value is None:
            if required:
                code = FIELD_CODES.get(what, "malformed_message")
                raise TableError(code, f"a {kind} message needs {name!r}")
            checked[name] = None
            continue
        checked[name] = _field(kind, name, what, value)
    return checked


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


#: The code of a field's refusal when it is not the protocol's generic one: a chat
#: line and a settings change are the player's own words and numbers, refused as
#: the table refuses them (the table then checks their length and values).
FIELD_CODES: Final = {"chat": "invalid_chat", "changes": "invalid_settings"}
#: What a field must be, in a refusal's message, where its kind's name does not say.
WHAT: Final = {
    "chat": "text",
    "changes": f"an object of at most {MAX_CHANGES} settings, each a whole number or true/false",
}


def _field(kind: str, name: str, what: str, value: object) -> object:
    ok = {
        "count": is_int(value) and 0 <= (as_int(value) or 0) < 2**53,
        "text": isinstance(value, str) and 0 < len(value) <= MAX_ACTION,
        # a chat line: any text (the table says what a line may hold, invalid_chat)
        "chat": isinstance(value, str),
        "token": isinstance(value, str) and 0 < len(value) <= MAX_TOKEN and value.isascii(),
        "ref": (isinstance(value, str) and len(value) <= 40)
        or (is_int(value) and abs(as_int(value) or 0) < 2**53),
        # settings: a few names, each a whole number or true/false (the table checks
        # which names and values it takes)
        "changes": isinstance(value, dict)
        and 0 < len(value) <= MAX_CHANGES
        and all(
            isinstance(k, str) and len(k) <= 40 and (isinstance(v, bool) or is_int(v))
            for k, v in value.items()
        ),
    }[what]
    if not ok:
        raise TableError(
            FIELD_CODES.get(what, "malformed_message"),
            f"{name!r} of a {kind} message must be {WHAT.get(what, 'a ' + what)}, "
            f"got {short(value)}",
        )
    return value


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


#: A client's message type -> the table's command, for messages from a seat.
_COMMANDS = {
    "start": "started",
    "end": "ended",
    "back": "back",
    "act": "action",
    "pause": "paused",
    "resume": "resumed",
    "approve": "approved",
    "refuse": "refused",
    "remove": "removed",
    "pass_host": "host_passed",
    "add_bot": "seated",
    "settings": "settings_changed",
    "sit_out": "sat_out",
    "sit_in": "sat_in",
    "stand_up": "stood_up",
    "rebuy": "rebought",
    "ready": "ready",
    "mute": "muted",
    "unmute": "unmuted",
    "contribute": "contributed",
}


def command_of(kind: str, message: dict[str, Any], seat: int) -> tuple[str, dict[str, Any]]:
    """The table command a seat's checked message asks for. Every command names
    who gives it (``by`` for the host's tools, ``seat`` for a player's own), and
    the table (the one referee) decides whether that seat may.

    >>> command_of("sit_out", {"type": "sit_out"}, 2)
    ('sat_out', {'seat': 2})
    >>> command_of("remove", {"type": "remove", "seat": 1, "seq": 9}, 0)
    ('removed', {'by': 0, 'seat': 1, 'seq': 9})
    """
    command = _COMMANDS[kind]
    if command in HOST_COMMANDS or kind in ("start", "end", "add_bot"):
        host, seen = _host_command(kind, message, seat)
        return command, host if seen is None else {**host, "seq": seen}
    if kind == "act":
        data = {
            "seat": seat,
            "action": message["action"],
            "hand": message["hand"],
            "version": message["version"],
            "by": "player",
        }
        return command, data
    if kind == "rebuy":
        return command, {"seat": seat, "chips": message["chips"]}
    if kind == "contribute":  # logged, so that the deal has it on any process
        return command, {"seat": seat, "value": message["value"]}
    return command, {"seat": seat}


def _host_command(kind: str, message: dict[str, Any], seat: int) -> tuple[dict[str, Any], object]:
    """A host's tool as the table's command, and the table version it names."""
    seen = message.get("seq")
    if kind == "add_bot":
        bot = str(message["bot"])
        return {"by": seat, "seat": message["seat"], "name": None, "bot": bot}, seen
    if kind == "settings":
        return {"by": seat, "changes": message["changes"]}, seen
    if "seat" in FIELDS[kind]:
        return {"by": seat, "seat": message["seat"]}, seen
    return {"by": seat}, seen
