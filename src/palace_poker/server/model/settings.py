"""A table's settings, as the home page's form gives them, checked once.

Everything a person types into the form arrives as JSON and is checked here with
the core's checks (a ``bool`` is not a count, a float is not chips), so a refused
form names its field, and a table is only ever made of settings the engine accepts
(R-STAKE-1 for the stakes, R-GAME-1 for the game).

>>> s = TableSettings.from_form({"name": "Friday", "small_bet": 10, "seats": 4,
...                              "stack": 200, "bots": ["heuristic"]})
>>> s.rules().ante, s.rules().big_bet, s.turn_seconds, s.records_for_all
(5, 20, 30, False)
>>> TableSettings.from_form({"name": "x", "small_bet": True})
Traceback (most recent call last):
...
palace_poker.server.model.errors.TableError: [invalid_settings] small_bet must be an integer ...

A table plays the standard game unless the host picks a preset or sets house rules
(docs/server.md, *House rules*): a preset's variant, then the house rules over it.

>>> q = TableSettings.from_form({"name": "Q", "small_bet": 10, "preset": "quick",
...                              "variant": {"struck": "rank"}})
>>> q.variant, q.rules().max_raises
(Variant(palace=2, soldiers=3, struck='rank'), 1)
>>> TableSettings.from_form({"name": "x", "small_bet": 10, "variant": {"palace": 9}})
Traceback (most recent call last):
...
palace_poker.server.model.errors.TableError: [invalid_variant] palace must be a whole number ...
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from palace_poker.bots import BOTS
from palace_poker.checks import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    as_items,
    as_mapping,
    as_text,
    integer,
    short,
)
from palace_poker.config import DEFAULT, Rules
from palace_poker.errors import PalaceError
from palace_poker.presets import preset
from palace_poker.server.model.errors import TableError
from palace_poker.variant import READINGS, STANDARD, Variant

#: Names for the bots, in the order seats are given them.
BOT_NAMES: Final = ("Ada", "Bix", "Cyd", "Dot", "Eli", "Flo", "Gil", "Hux", "Ivo", "Jax")
#: The longest table or player name the server takes, in characters (shorter than
#: the engine's limit: names are drawn around a table on a phone).
MAX_NAME: Final = 40
#: Turn clocks, in seconds.
MIN_TURN: Final = 5
MAX_TURN: Final = 600
#: A player's time bank for a game, in seconds, unless the table chooses another.
DEFAULT_TIME_BANK: Final = 30
#: The bots' thinking pause, in seconds (0 for tests and fast tables).
MAX_BOT_PAUSE: Final = 10.0
#: The pause between hands, so the result can be read, in seconds.
MAX_BETWEEN_HANDS: Final = 60.0
#: The pause between hands unless the host or the command line chooses another:
#: long enough to read a hand's result (docs/server.md, "A pace people can follow").
DEFAULT_BETWEEN_HANDS: Final = 5.0
#: With "next hand when everyone is ready", the longest wait for the players who
#: have not said so, so that one absent player cannot stall the table.
READY_CAP: Final = 60.0


@dataclass(frozen=True)
class TableSettings:
    """What the creator chose: the stakes, the seats, the clock and the bots."""

    name: str
    small_bet: int
    big_bet: int
    ante: int
    betting: str
    seats: int
    stack: int
    turn_seconds: int
    bots: tuple[str, ...]
    bot_pause: float = 1.0
    #: The pause between a hand's end and the next deal (the host may change it).
    between_hands: float = DEFAULT_BETWEEN_HANDS
    #: The next hand is dealt when every player at the table says they are ready
    #: (or after :data:`READY_CAP` seconds), not after ``between_hands``.
    wait_for_ready: bool = False
    #: Every player, not only the host, may download the full records of the hands
    #: (hidden cards and shuffles included) once the game is over.
    records_for_all: bool = False
    #: A person's request for a seat waits for the host's approval.
    approval: bool = False
    #: People without a seat may watch.
    spectators: bool = True
    #: Players may rebuy when busted and top up between hands (R-GAME-1), to at
    #: most ``rebuy_to`` chips (0: the starting stack).
    rebuys: bool = False
    rebuy_to: int = 0
    #: Extra seconds each player has for the whole game, used when a turn's clock
    #: runs out before the default action is taken.
    time_bank: int = 0
    #: A lesson table ("Learn to play"): the arranged deck and the scripted bots of
    #: :mod:`~palace_poker.server.model.lesson`, one hand. Never set by the form.
    lesson: bool = False
    #: The named game the host picked (:data:`palace_poker.presets.PRESETS`).
    preset: str = "standard"
    #: The game every hand of the table is dealt in: the preset's variant with the
    #: host's house rules over it (docs/rules.md, *Variants*). Public, as the stakes.
    variant: Variant = STANDARD
    #: Raises a battle allows where the preset sets them (None: the structure's).
    max_raises: int | None = None

    @property
    def rebuy_limit(self) -> int:
        """The most chips a rebuy or top-up may bring a stack to."""
        return self.rebuy_to or self.stack

    @classmethod
    def from_form(
        cls,
        form: object,
        *,
        bot_pause: float = 1.0,
        between_hands: float = DEFAULT_BETWEEN_HANDS,
    ) -> TableSettings:
        """The settings of a create-table form (a JSON object); ``TableError``
        (``invalid_settings``) names the first bad field. ``between_hands`` is the
        server's default pause, for a form that does not choose one."""
        data = as_mapping(form)
        if data is None:
            raise _bad("the form", form, "must be a JSON object")
        small = _count(data, "small_bet", 1, MAX_CHIPS, default=None)
        betting = data.get("betting", "limit")
        if betting not in ("limit", "no-limit"):
            raise _bad("betting", betting, "must be 'limit' or 'no-limit'")
        seats = _count(data, "seats", MIN_PLAYERS, MAX_PLAYERS, default=MIN_PLAYERS)
        bots = _bots(data.get("bots", []), seats)
        chosen = _preset(data.get("preset"))
        settings = cls(
            name=_name(data.get("name"), "name"),
            small_bet=small,
            big_bet=_count(data, "big_bet", small, MAX_CHIPS, default=2 * small),
            ante=_count(data, "ante", 0, MAX_CHIPS, default=small // 2),
            betting=str(betting),
            seats=seats,
            stack=_count(data, "stack", 1, MAX_CHIPS // MAX_PLAYERS, default=100 * small),
            turn_seconds=_count(data, "turn_seconds", MIN_TURN, MAX_TURN, default=30),
            bots=bots,
            bot_pause=bot_pause,
            between_hands=_seconds(data, "between_hands", MAX_BETWEEN_HANDS, between_hands),
            wait_for_ready=_flag(data, "wait_for_ready"),
            records_for_all=_flag(data, "records_for_all"),
            approval=_flag(data, "approval"),
            spectators=_flag(data, "spectators", default=True),
            rebuys=_flag(data, "rebuys"),
            rebuy_to=_count(data, "rebuy_to", 0, MAX_CHIPS // MAX_PLAYERS, default=0),
            time_bank=_count(data, "time_bank", 0, MAX_TURN, default=DEFAULT_TIME_BANK),
            preset=chosen,
            variant=_variant(chosen, data.get("variant"), seats),
            max_raises=preset(chosen).max_raises,
        )
        settings.rules()  # the engine's own check of the stakes (R-STAKE-1)
        _playable(settings)
        return settings

    def rules(self) -> Rules:
        """The stakes and the variant as the engine's :class:`Rules` (R-STAKE-1):
        every hand of the table is dealt with them."""
        try:
            return Rules.of(
                self.small_bet,
                big_bet=self.big_bet,
                ante=self.ante,
                betting="no-limit" if self.betting == "no-limit" else "limit",
                max_raises=DEFAULT if self.max_raises is None else self.max_raises,
                variant=self.variant,
            )
        except PalaceError as err:
            raise TableError("invalid_settings", err.message, rule=err.rule) from None

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored and as every viewer sees them (all public)."""
        data = asdict(self)
        data["bots"] = list(self.bots)
        # the variant as a record writes it: what differs from the standard game
        data["variant"] = self.variant.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Settings read back from the database (written by :meth:`to_dict`). A table
        stored before tables had variants has no ``variant``, ``preset`` or
        ``max_raises``: it plays the standard game, as it always did."""
        variant = Variant.from_dict(data.get("variant") or {})
        return cls(**{**data, "bots": tuple(data["bots"]), "variant": variant})


#: The readings of the rules page a variant may take, in a few words (English: the
#: server's own text; the browser says them in the player's language).
_READ_AS: Final = {
    ("struck", "rank"): "a banner strikes its rank",
    ("last_two", "battle"): "the last two battle at once",
    ("entry", "attacker"): "entries sized by the attacker's army",
    ("fold", "captured"): "a fold is captured by the next player",
}


def house_rules(variant: Variant) -> str:
    """What a variant changes from the standard game, in a line ("" for the
    standard game): the hand-history text's heading says it.

    >>> house_rules(Variant(palace=2, soldiers=3, struck="rank"))
    '2 palace cards · at most 3 soldiers · a banner strikes its rank'
    """
    said: list[str] = []
    for name, value in variant.differences().items():
        if name == "ranks":
            said.append(f"a deck of {variant.cards} cards, {variant.lowest_rank} to A")
        elif name == "suits":
            said.append(f"{value} suits")
        elif name == "palace":
            said.append(f"{value} palace card{'s' if value > 1 else ''}")
        elif name == "soldiers":
            said.append(f"at most {value} soldier{'s' if value > 1 else ''}")
        elif name == "group" and value != variant.suits:
            said.append(f"banner groups of {value}")
        elif name in READINGS:
            said.append(_READ_AS[(name, value)])
    return " · ".join(said)


def player_name(value: object) -> str:
    """A player's name: 1 to :data:`MAX_NAME` characters of printable text."""
    return _name(value, "name")


#: Invisible characters a name may hold: the zero-width joiner and non-joiner,
#: which Sinhala, Pashto and other scripts need to spell words (ක්‍රීඩාව). Other
#: format characters (bidirectional overrides, say) could disguise a name, and
#: stay refused with the control characters.
JOINERS: Final = frozenset("\u200c\u200d")


def _name(value: object, what: str) -> str:
    text = as_text(value)
    if text is not None:
        text = " ".join(text.split())
        visible = any(c not in JOINERS for c in text)  # not a name of joiners only
        if len(text) <= MAX_NAME and visible and all(c.isprintable() or c in JOINERS for c in text):
            return text
    raise _bad(what, value, f"must be 1 to {MAX_NAME} printable characters")


def _count(
    data: dict[object, object], key: str, least: int, most: int, *, default: int | None
) -> int:
    value = data.get(key)
    if value is None and default is not None:
        return default
    return integer(
        value,
        key,
        minimum=least,
        maximum=most,
        error=TableError,
        code="invalid_settings",
        details={"field": key, "minimum": least, "maximum": most},
    )


def _playable(settings: TableSettings) -> None:
    """Refuse a starting stack that cannot pay the ante and one small bet: every
    player would be all-in from the ante or the first entry (R-ANTE-1, R-ALLIN-1),
    with no buy (R-BUY-1) and no raise (R-BET-5) left to decide. The engine could
    play it; nobody could play it well, so the form says so (the home page checks
    the same before sending)."""
    need = settings.ante + settings.small_bet
    if settings.stack < need:
        raise TableError(
            "invalid_settings",
            f"stack must pay the ante and a small bet ({need}), got {settings.stack}",
            details={"field": "stack", "minimum": need, "input": settings.stack},
        )


def _seconds(data: dict[object, object], key: str, most: float, default: float) -> float:
    """A number of seconds from 0 to ``most`` (a whole number or not; absent:
    ``default``); a string, a boolean, NaN or infinity is refused."""
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= most:
        raise _bad(key, value, f"must be a number of seconds from 0 to {most:g}")
    return float(value)


def _flag(data: dict[object, object], key: str, *, default: bool = False) -> bool:
    """A yes-or-no field: a JSON ``true`` or ``false`` (absent: ``default``); a
    string, a number or null is refused, never read as a truth value."""
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, bool):
        raise _bad(key, value, "must be true or false")
    return value


def _preset(value: object) -> str:
    """The name of a preset (absent: the standard game); another name is refused
    with ``invalid_variant``, naming the field."""
    if value is None:
        return "standard"
    try:
        preset(value)
    except PalaceError as err:
        raise _bad_variant(err, "preset") from None
    return str(value)


def _variant(chosen: str, rules: object, seats: int) -> Variant:
    """The preset's variant with the host's house rules (a JSON object of variant
    parameters, :meth:`Variant.from_dict`) over it, checked by the engine: a value
    out of range is refused with ``invalid_variant`` and the parameter as the field,
    and so are more seats than the variant's deck can deal (R-PALACE-1)."""
    base = preset(chosen).variant
    if rules is None:
        variant = base
    else:
        given = as_mapping(rules)
        merged = {**base.to_dict(), **{str(k): v for k, v in (given or {}).items()}}
        try:
            variant = Variant.from_dict(rules if given is None else merged)
        except PalaceError as err:
            raise _bad_variant(err, "variant") from None
    most = variant.most_players()
    if seats > most:
        raise TableError(
            "invalid_variant",
            f"this variant's deck of {variant.cards} cards deals at most {most} players, "
            f"got {seats} seats",
            rule="R-PALACE-1",
            details={"field": "seats", "maximum": most, "input": seats},
        )
    return variant


def _bad_variant(err: PalaceError, field: str) -> TableError:
    """The engine's refusal of a variant as the form's, naming the parameter."""
    named = err.details.get("field")
    return TableError(
        "invalid_variant",
        err.message,
        rule=err.rule,
        details={**err.details, "field": named if isinstance(named, str) else field},
    )


def _bots(value: object, seats: int) -> tuple[str, ...]:
    kinds = as_items(value)
    if kinds is None or len(kinds) >= seats:
        raise _bad("bots", value, f"must be a list of at most {seats - 1} bot kinds")
    for kind in kinds:
        if not isinstance(kind, str) or kind not in BOTS:
            raise _bad("bots", kind, f"must name bots of {', '.join(sorted(BOTS))}")
    return tuple(str(kind) for kind in kinds)


def _bad(what: str, value: object, reason: str) -> TableError:
    return TableError(
        "invalid_settings",
        f"{what} {reason}, got {short(value)}",
        details={"field": what, "input": short(value)},
    )
