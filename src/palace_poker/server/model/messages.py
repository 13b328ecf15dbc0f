"""The client's messages: one frozen class per message type, built once at the edge.

A message is a command, named as a verb (``sit_out``); the table's log keeps what
it did, named as a fact (``sat_out``, the class's :attr:`~Message.ENTRY`). Each
class says in one place everything the server needs to know of its message:

* its fields, typed, with what each must be (``count``, ``text``, ``chat``,
  ``token``, ``ref``, ``changes``: :func:`_check`), checked once by :func:`build`;
* who may send it (:attr:`~Message.SENDER`): ``anyone`` connected, a ``seated``
  player, or the ``host``. The connection's part (a hello first; a seat for
  anything but ``anyone``) is checked by the table's runner before the message is
  queued, and the host's by :meth:`~palace_poker.server.model.table.Table.submit`
  before any handler runs: who may before when, as boardgame.io's master checks the
  player before the move;
* the table command it asks for (:meth:`~Message.command`), naming who gives it.

Adding a host's tool is one class here (its fields, ``SENDER = "host"`` and its
entry) and one handler in :mod:`~palace_poker.server.model.table`.

>>> build({"type": "sit_out"})
SitOut(ref=None)
>>> build({"type": "remove", "seat": 1, "seq": 9}).command(0)
{'by': 0, 'seat': 1, 'seq': 9}
>>> build({"type": "act", "action": "stay", "hand": 2, "version": 3}).command(1)["by"]
'player'
>>> build({"type": "remove"})
Traceback (most recent call last):
...
palace_poker.server.model.errors.TableError: [malformed_message] a remove message needs 'seat'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal

from palace_poker.checks import as_int, is_int, short
from palace_poker.server.model.errors import TableError

#: Who may send a message: anyone connected (a spectator too), a seated player, or
#: the table's host.
Sender = Literal["anyone", "seated", "host"]
#: A client's reference, echoed in the answer to its message.
Ref = str | int

#: The longest action text (a trim of five cards is 20 characters).
MAX_ACTION: Final = 200
#: The longest token: :func:`~palace_poker.server.model.protocol.new_token` makes 22.
MAX_TOKEN: Final = 64
#: The most settings one ``settings`` message may change.
MAX_CHANGES: Final = 10


# What a field must be (checked by _check), kept in the field's metadata.
_COUNT: Final = {"kind": "count"}
_TEXT: Final = {"kind": "text"}
_CHAT: Final = {"kind": "chat"}
_TOKEN: Final = {"kind": "token"}
_REF: Final = {"kind": "ref"}
_CHANGES: Final = {"kind": "changes"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Message:
    """A client's message, checked (the base of every type)."""

    #: The message's ``type`` on the wire.
    TYPE: ClassVar[str] = ""
    #: Who may send it.
    SENDER: ClassVar[Sender] = "seated"
    #: The log entry its command makes ("" for a message the connection answers).
    ENTRY: ClassVar[str] = ""
    #: The server gives this command too, without a seat (``by`` absent): a seat
    #: taken over HTTP, a table started or ended by the server itself.
    SERVER_TOO: ClassVar[bool] = False

    ref: Ref | None = field(default=None, metadata=_REF)

    def command(self, seat: int) -> dict[str, Any]:
        """The table command this message asks for, given by ``seat``: a player's
        own names its ``seat``, a host's tool names the host as ``by``."""
        return {"seat": seat}

    def fields(self) -> dict[str, Any]:
        """The message as it was read: its type and every field (None when absent)."""
        return {"type": self.TYPE, **{f.name: getattr(self, f.name) for f in _fields(type(self))}}


# ------------------------------------------------------------ anyone connected


@dataclass(frozen=True, slots=True, kw_only=True)
class Hello(Message):
    """The first message of a connection: the seat's token, or none to watch, and
    the last entry the client has (a reconnect)."""

    TYPE = "hello"
    SENDER = "anyone"
    token: str | None = field(default=None, metadata=_TOKEN)
    last_seq: int | None = field(default=None, metadata=_COUNT)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ping(Message):
    """A keep-alive the connection answers with a pong."""

    TYPE = "ping"
    SENDER = "anyone"


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(Message):
    """A chat line, from a player or a spectator (the table checks its text)."""

    TYPE = "chat"
    SENDER = "anyone"
    ENTRY = "chat"
    text: str = field(metadata=_CHAT)

    def command(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "text": self.text}

    def watched(self, watcher: int) -> dict[str, Any]:
        """The command of a spectator's line, numbered by the server."""
        return {"seat": None, "watcher": watcher, "text": self.text}


# ------------------------------------------------------------ a seated player's own


@dataclass(frozen=True, slots=True, kw_only=True)
class Act(Message):
    """A decision, naming the state it answers: the table's hand and its version."""

    TYPE = "act"
    ENTRY = "action"
    action: str = field(metadata=_TEXT)
    hand: int = field(metadata=_COUNT)
    version: int = field(metadata=_COUNT)

    def command(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "action": self.action,
            "hand": self.hand,
            "version": self.version,
            "by": "player",
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Back(Message):
    """A player marked away is back."""

    TYPE = "back"
    ENTRY = "back"


@dataclass(frozen=True, slots=True, kw_only=True)
class SitOut(Message):
    """Not dealt into the next hands (the seat and its chips kept)."""

    TYPE = "sit_out"
    ENTRY = "sat_out"


@dataclass(frozen=True, slots=True, kw_only=True)
class SitIn(Message):
    """Dealt in again from the next hand."""

    TYPE = "sit_in"
    ENTRY = "sat_in"


@dataclass(frozen=True, slots=True, kw_only=True)
class StandUp(Message):
    """Leave the table, with one's chips."""

    TYPE = "stand_up"
    ENTRY = "stood_up"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rebuy(Message):
    """Buy chips between hands (a table that allows it)."""

    TYPE = "rebuy"
    ENTRY = "rebought"
    chips: int = field(metadata=_COUNT)

    def command(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "chips": self.chips}


@dataclass(frozen=True, slots=True, kw_only=True)
class Ready(Message):
    """Ready for the next hand (a table that waits for everyone)."""

    TYPE = "ready"
    ENTRY = "ready"


@dataclass(frozen=True, slots=True, kw_only=True)
class Contribute(Message):
    """A random value for the next hand's fair seed (palace-fair/1), as hex: logged,
    so that the deal has it on any server process."""

    TYPE = "contribute"
    ENTRY = "contributed"
    value: str = field(metadata=_TEXT)

    def command(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "value": self.value}


# ------------------------------------------------------------ the host's


@dataclass(frozen=True, slots=True, kw_only=True)
class GameControl(Message):
    """The host starts or ends the game (the server too, for a table it runs)."""

    SENDER = "host"
    SERVER_TOO = True

    def command(self, seat: int) -> dict[str, Any]:
        return {"by": seat}


@dataclass(frozen=True, slots=True, kw_only=True)
class Start(GameControl):
    """Start the game."""

    TYPE = "start"
    ENTRY = "started"


@dataclass(frozen=True, slots=True, kw_only=True)
class End(GameControl):
    """End the game (the hand in play is played out)."""

    TYPE = "end"
    ENTRY = "ended"


@dataclass(frozen=True, slots=True, kw_only=True)
class HostTool(Message):
    """A host's tool. It may carry ``seq``, the table's last entry the host had seen:
    the table then refuses a tool given on a table that has changed since."""

    SENDER = "host"
    seq: int | None = field(default=None, metadata=_COUNT)

    def command(self, seat: int) -> dict[str, Any]:
        data = {"by": seat, **self.target()}
        return data if self.seq is None else {**data, "seq": self.seq}

    def target(self) -> dict[str, Any]:
        """What the tool acts on, as the command names it."""
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class Pause(HostTool):
    """Pause the game: no clock runs, no hand is dealt."""

    TYPE = "pause"
    ENTRY = "paused"


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume(HostTool):
    """Resume a paused game, its clocks where they stood."""

    TYPE = "resume"
    ENTRY = "resumed"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatTool(HostTool):
    """A host's tool aimed at one seat."""

    seat: int = field(metadata=_COUNT)

    def target(self) -> dict[str, Any]:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True, kw_only=True)
class Approve(SeatTool):
    """Let a player waiting for approval sit."""

    TYPE = "approve"
    ENTRY = "approved"


@dataclass(frozen=True, slots=True, kw_only=True)
class Refuse(SeatTool):
    """Turn away a player waiting for approval."""

    TYPE = "refuse"
    ENTRY = "refused"


@dataclass(frozen=True, slots=True, kw_only=True)
class Remove(SeatTool):
    """Remove a player from the table, with their chips."""

    TYPE = "remove"
    ENTRY = "removed"


@dataclass(frozen=True, slots=True, kw_only=True)
class PassHost(SeatTool):
    """Make another player the host."""

    TYPE = "pass_host"
    ENTRY = "host_passed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Mute(SeatTool):
    """Mute a player's chat."""

    TYPE = "mute"
    ENTRY = "muted"


@dataclass(frozen=True, slots=True, kw_only=True)
class Unmute(SeatTool):
    """Let a muted player chat again."""

    TYPE = "unmute"
    ENTRY = "unmuted"


@dataclass(frozen=True, slots=True, kw_only=True)
class AddBot(SeatTool):
    """Seat a bot (the table names it)."""

    TYPE = "add_bot"
    ENTRY = "seated"
    SERVER_TOO = True  # (the bots chosen when the table is made are seated by the server)
    bot: str = field(metadata=_TEXT)

    def target(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": None, "bot": self.bot}


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeSettings(HostTool):
    """Change some of the table's settings (the table says which, and when)."""

    TYPE = "settings"
    ENTRY = "settings_changed"
    changes: dict[str, int | bool] = field(metadata=_CHANGES)

    def target(self) -> dict[str, Any]:
        return {"changes": self.changes}


def _fields(cls: type[Message]) -> tuple[dataclasses.Field[Any], ...]:
    """A message class's fields in the protocol's order: its own, then ``seq`` and
    ``ref``, which many types share (the first missing or wrong one is refused)."""
    found = dataclasses.fields(cls)
    last = ("seq", "ref")
    own = tuple(f for f in found if f.name not in last)
    return own + tuple(f for name in last for f in found if f.name == name)


#: Every message type, by its ``type``.
MESSAGES: Final[dict[str, type[Message]]] = {
    kind.TYPE: kind
    for kind in (
        Hello,
        Act,
        Start,
        End,
        Back,
        Ping,
        Pause,
        Resume,
        Approve,
        Refuse,
        Remove,
        PassHost,
        AddBot,
        ChangeSettings,
        SitOut,
        SitIn,
        StandUp,
        Rebuy,
        Ready,
        Contribute,
        Chat,
        Mute,
        Unmute,
    )
}
#: The entries of the commands only the host gives: the host's tools, and a start,
#: an end or a bot's seat when a seat gives them (``by``).
HOST_ENTRIES: Final = frozenset(m.ENTRY for m in MESSAGES.values() if m.SENDER == "host")
#: The commands the host alone ever gives (the server never does).
HOST_ONLY: Final = tuple(
    m.ENTRY for m in MESSAGES.values() if m.SENDER == "host" and not m.SERVER_TOO
)
#: Each type's fields: name -> (kind, required), as docs/server.md lists them.
FIELDS: Final[dict[str, dict[str, tuple[str, bool]]]] = {
    kind: {f.name: (f.metadata["kind"], f.default is dataclasses.MISSING) for f in _fields(cls)}
    for kind, cls in MESSAGES.items()
}

#: The code of a field's refusal when it is not the protocol's generic one: a chat
#: line and a settings change are the player's own words and numbers, refused as
#: the table refuses them (the table then checks their length and values).
FIELD_CODES: Final = {"chat": "invalid_chat", "changes": "invalid_settings"}
#: What a field must be, in a refusal's message, where its kind's name does not say.
WHAT: Final = {
    "chat": "text",
    "changes": f"an object of at most {MAX_CHANGES} settings, each a whole number or true/false",
}


def build(message: Mapping[str, Any]) -> Message:
    """The message a JSON object is, its fields checked; raises :class:`TableError`."""
    kind = message.get("type")
    cls = MESSAGES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise TableError(
            "malformed_message",
            f"unknown message type {short(kind)}; the types are {', '.join(MESSAGES)}",
        )
    values: dict[str, Any] = {}
    for name, (what, required) in FIELDS[cls.TYPE].items():
        value = message.get(name)
        if value is None:
            if required:
                code = FIELD_CODES.get(what, "malformed_message")
                raise TableError(code, f"a {cls.TYPE} message needs {name!r}")
            continue
        values[name] = _check(cls.TYPE, name, what, value)
    return cls(**values)


def _check(kind: str, name: str, what: str, value: object) -> object:
    """``value``, if it is what a field of kind ``what`` must be."""
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
