"""The client's messages as one typed vocabulary (model/messages.py): each type is one
class that says its fields, who may send it and the table command it asks for, and
everything else that names messages (the docs' table, the table's commands and
host tools, the protocol's field list) agrees with the classes."""

from __future__ import annotations

import re
import typing
from typing import Any, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.messages import (
    FIELDS,
    HOST_ONLY,
    MESSAGES,
    Act,
    Chat,
    Hello,
    HostTool,
    Message,
    Ping,
    build,
)
from palace_poker.server.model.table import COMMANDS, HOST_COMMANDS
from paths import ROOT

#: A value of each field kind that the protocol takes.
_GOOD: dict[str, st.SearchStrategy[Any]] = {
    "count": st.integers(0, 2**40),
    "text": st.text(min_size=1, max_size=30),
    "chat": st.text(max_size=30),
    "token": st.text(alphabet="abcXYZ019-_", min_size=1, max_size=30),
    "ref": st.one_of(st.text(max_size=40), st.integers(-(2**40), 2**40)),
    "changes": st.dictionaries(
        st.text(min_size=1, max_size=10),
        st.integers(0, 99) | st.booleans(),
        min_size=1,
        max_size=10,
    ),
}


def test_the_docs_list_every_message_type_and_no_other() -> None:
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    table = text.split("### Client to server", 1)[1].split("###", 1)[0]
    documented = {
        name
        for row in table.splitlines()
        if row.startswith("| `") and not row.startswith("| `type`")  # (the header)
        for name in re.findall(r"`(\w+)`", row.split("|")[1])
    }
    assert documented == set(MESSAGES)


def test_each_message_asks_for_a_command_of_the_table_or_is_the_connections() -> None:
    for kind, cls in MESSAGES.items():
        assert kind == cls.TYPE
        if cls in (Hello, Ping):  # answered by the connection itself
            assert cls.ENTRY == ""
            assert cls.SENDER == "anyone"
        else:
            assert cls.ENTRY in COMMANDS, kind


def test_the_host_only_commands_are_those_of_the_host_classes() -> None:
    host = {cls.ENTRY for cls in MESSAGES.values() if cls.SENDER == "host" and not cls.SERVER_TOO}
    assert set(HOST_COMMANDS) == host == set(HOST_ONLY)
    assert all(issubclass(cls, HostTool) for cls in MESSAGES.values() if cls.ENTRY in host)


def test_the_protocols_fields_are_the_classes_typed_fields() -> None:
    """What the edge checks (``FIELDS``) is what the class declares, so that mypy sees
    the fields the protocol reads: required ones without a default, the optional
    ones typed ``X | None``."""
    for kind, cls in MESSAGES.items():
        hints = get_type_hints(cls)
        for name, (_what, required) in FIELDS[kind].items():
            optional = type(None) in typing.get_args(hints[name])
            assert optional != required, (kind, name)


@st.composite
def _messages(draw: st.DrawFn) -> tuple[type[Message], dict[str, Any]]:
    cls = draw(st.sampled_from(list(MESSAGES.values())))
    raw: dict[str, Any] = {"type": cls.TYPE}
    for name, (what, required) in FIELDS[cls.TYPE].items():
        if required or draw(st.booleans()):
            raw[name] = draw(_GOOD[what])
    return cls, raw


@settings(max_examples=examples(200), deadline=None)
@given(message=_messages())
def test_a_message_is_built_as_its_class_with_its_fields(
    message: tuple[type[Message], dict[str, Any]],
) -> None:
    cls, raw = message
    built = build(raw)
    assert type(built) is cls
    assert built.fields() == {"type": cls.TYPE, **dict.fromkeys(FIELDS[cls.TYPE]), **raw}
    if cls.ENTRY and cls is not Chat:
        command = built.command(3)
        assert command.get("by" if cls.SENDER == "host" else "seat") == 3


def test_a_message_is_frozen_and_refused_without_its_required_fields() -> None:
    act = build({"type": "act", "action": "stay", "hand": 1, "version": 2})
    assert isinstance(act, Act)
    with pytest.raises(AttributeError):
        act.version = 3  # type: ignore[misc]
    values = {"count": 1, "text": "x", "chat": "x", "changes": {"ante": 1}}
    for kind, fields in FIELDS.items():
        needed = {name: values[what] for name, (what, required) in fields.items() if required}
        for name in needed:
            with pytest.raises(TableError, match=f"needs '{name}'"):
                build({"type": kind, **{k: v for k, v in needed.items() if k != name}})
