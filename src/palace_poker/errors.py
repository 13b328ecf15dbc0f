"""One family of exceptions, each with a stable machine code.

Every refusal in the project raises a :class:`PalaceError`. It carries

* ``code``: a stable identifier (``not_your_turn``, ``invalid_card``, ...) that
  clients match on; codes are part of the API and are never renamed;
* ``message``: a sentence that names the offending input;
* ``rule``: the rule id of ``RULES.md`` (or the section of the record format) it
  breaks, or ``None``;
* ``details``: the same facts as data.

The subclasses split errors by cause, as python-chess does: :class:`ParseError`
(malformed text), :class:`IllegalActionError` (well formed but against the rules),
:class:`ConfigError` (a bad table configuration) and :class:`RecordError` (a hand
record that does not replay). An engine that raises leaves its state unchanged.

>>> err = IllegalActionError("not_your_turn", "seat 2 cannot act", rule="R-TURN-1")
>>> err.code, err.rule
('not_your_turn', 'R-TURN-1')
>>> err.to_dict()["message"]
'seat 2 cannot act'
"""

from __future__ import annotations

from typing import Any


class PalaceError(ValueError):
    """Base of every error the project raises on bad input."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.details: dict[str, Any] = dict(details or {})

    def __str__(self) -> str:
        suffix = f" ({self.rule})" if self.rule else ""
        return f"[{self.code}] {self.message}{suffix}"

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON-ready payload, the same for every interface."""
        return {
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
            "details": self.details,
        }


class ParseError(PalaceError):
    """Text that is not in the strict form (a card, an action, an amount)."""


class IllegalActionError(PalaceError):
    """A well-formed action that the rules do not allow at this point."""


class ConfigError(PalaceError):
    """A table configuration (stakes, players) that the rules refuse."""


class RecordError(PalaceError):
    """A hand record that is malformed or does not replay.

    ``details`` holds ``index`` and ``action`` when a particular action fails.
    """


#: Every code the project raises, with what it means. Listed in docs/api.md.
ERROR_CODES: dict[str, str] = {
    "invalid_card": "a card is not in strict text form, or not a card index 0..51",
    "invalid_suit": "a suit is not c, d, h or s",
    "invalid_hand_value": "a number given as a hand value is not one that evaluate gives",
    "malformed_action": "an action's text is not '<seat> <verb> [args...]'",
    "unknown_verb": "the verb is not one of the game's verbs",
    "invalid_amount": "an amount is not a positive integer in strict form",
    "invalid_seat": "a seat number is not a seat of this hand",
    "hand_over": "the hand has ended and takes no more decisions",
    "chance_due": "a card is to be dealt or drawn (a chance outcome), not a player's decision",
    "no_chance_due": "a chance outcome is given when no card is to be dealt",
    "invalid_outcome": "a chance outcome is not one of the cards the step can give",
    "stale_version": "an action answers another version of the hand than its current one "
    "(at a table: or another hand than the one in play)",
    "invalid_index": "an event index is not an index of the hand's events",
    "malformed_event": "a value given as an event is not one",
    "invalid_observation": "a value given as a seat's view of a hand is not a consistent one",
    "invalid_wire": "a message is not a value of the wire format",
    "invalid_shuffle": (
        "a shuffle source (or its seed) cannot be used, or it gave an order that is not a "
        "permutation of its cards"
    ),
    "not_your_turn": "another seat's decision is due",
    "illegal_action": "this verb is not allowed at this point",
    "bad_target": "the bet's target is not a player it may attack",
    "card_not_held": "a named card is not one of the player's soldiers",
    "duplicate_card": "a card is named twice in one action or one hand",
    "too_many_soldiers": "a trim would leave more than five soldiers",
    "cannot_afford": "the player lacks the chips the action costs",
    "amount_out_of_bounds": "a no-limit amount is outside its allowed range",
    "amount_not_allowed": (
        "an amount is given where the structure fixes it, or missing where it must be chosen"
    ),
    "raise_cap": "the battle already has the most raises allowed",
    "empty_stock": "no card can be drawn: stock and discard pile are empty",
    "invalid_rules": "a stakes or structure setting is out of range",
    "invalid_variant": "a variant's parameter (deck, hands, groups, readings) is out of range",
    "invalid_players": "the players or stacks of a hand or game are not allowed",
    "unknown_bot": "no bot is registered under that name",
    "invalid_budget": "a bot's budget is not milliseconds (10ms) or a number of simulations (64)",
    "invalid_bot": "a bot's setting is not one it knows (a Monte Carlo bot's inference)",
    "invalid_arena": "an arena setting (seats, hands, workers, chunk size) is out of range",
    "journal_mismatch": "an arena journal (--journal) is that of another match",
    "journal_invalid": "an arena journal, or a line of it, is not part of an arena journal",
    "backend_unavailable": "an optional dependency the command needs is not installed",
    "output_folder_missing": "the folder of a file to write does not exist, or is not a folder",
    "output_is_directory": "a file to write is named by the path of a folder",
    "output_exists": "a file to write exists already and neither --force nor --append was given",
    "output_unwritable": "a file to write, or its folder, cannot be written",
    "invalid_record": "a hand record is malformed",
    "shuffle_mismatch": "a recorded shuffle is not a permutation of the cards shuffled",
    "shuffles_unused": "a record lists more shuffles than the hand performs",
    "record_incomplete": "the hand is not over after the record's last action",
    "result_mismatch": "the record's result differs from the replayed result",
    # Provably fair shuffles (palace-fair/1, docs/hand-records.md).
    "invalid_contribution": (
        "a player's contribution to a fair seed is not a [seat, value] pair of a seat 0..9 "
        "and 1 to 64 bytes of lowercase hex, or a seat contributes twice"
    ),
    "invalid_fair": (
        "a fairness proof (a record's fair field), a server secret, a seed or a shuffle "
        "number is malformed"
    ),
    "fair_server_commitment": "sha256(server_secret) is not the published server commitment",
    "fair_seed": "the seed is not the HMAC of the contributions under the server secret",
    "fair_commitment": "sha256(seed) is not the commitment published at the deal",
    "fair_shuffle": "a listed shuffle is not the order the fair seed gives its cards",
    # The table server (docs/server.md).
    "invalid_settings": (
        "a table's settings (its form, a serve option) or an environment's are out of range"
    ),
    "unknown_table": "no table has this id (the invite link is wrong or the table was never made)",
    "seat_taken": "the seat asked for has a player already",
    "name_taken": "someone at the table has that name already",
    "table_full": "every seat of the table is taken: watch instead",
    "game_started": "the game has started: this is done before it starts",
    "game_not_started": "the game has not started yet",
    "game_over": "the table's game is over",
    "too_few_players": "a game needs at least two seated players",
    "hand_in_play": "a hand is in play, so no other can be dealt",
    "no_hand_in_play": "no hand is in play to act in",
    "not_in_hand": "the seat is not dealt into the hand in play",
    "not_seated": "a spectator (or an empty seat) cannot do this: take a seat first",
    "not_away": "the player is not marked away",
    "game_not_over": "the game is not over yet: the full records come at its end",
    "game_paused": "the host paused the game: nobody acts and no hand is dealt until the resume",
    "not_paused": "the game is not paused",
    "no_request": "the seat has no request for a seat waiting for the host's approval",
    "no_rebuys": "this table allows no rebuys or top-ups",
    "no_spectators": "the host has turned watching off at this table",
    "no_time_bank": "no time bank can run now (none left, or the turn's clock has not run out)",
    "already_ready": "the player has said already that they are ready for the next hand",
    "sitting_out": "the player is sitting out already",
    "not_sitting_out": "the player is not sitting out",
    "invalid_chat": "a chat message is 1 to 300 characters of plain text",
    "muted": "the host has muted this player's chat",
    "not_host": "only the table's host may do this",
    "invalid_token": "a seat token is not one of this table's",
    "origin_refused": "a page of another site opened a table's socket (closed with 4003)",
    "hello_first": "a connection's first message must be hello",
    "malformed_message": "a message is not of the protocol (a JSON object of a known type)",
    "message_too_large": "a client's message or request is larger than the server reads",
    "rate_limited": "a connection, or a client address, sent more than its budget allows",
    "storage_failed": "the database refused a change: nothing changed, try again",
    "storage_unavailable": (
        "the database cannot be reached now: nothing changed, play resumes when it is back"
    ),
    "server_error": "the server failed on a request (a bug, logged): nothing changed",
}
