"""The server's refusal: the one error class a table, a form or a message raises.

Every refusal the server gives (a bad form, a taken seat, a bad token, a message
that is not of the protocol, a rule the table enforces) is a :class:`TableError`
with a stable ``code`` (docs/api.md); the web layer answers it as JSON with its
HTTP status, the table's socket as an ``error`` payload.
"""

from __future__ import annotations

from palace_poker.errors import PalaceError


class TableError(PalaceError):
    """A request the table server refuses: a bad form, a taken seat, a bad token,
    a message that is not of the protocol. Its ``code`` is stable (docs/api.md)."""
