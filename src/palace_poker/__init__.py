"""Palace Poker: a complete implementation of the card game (Castle Poker, Banner Poker).

The core (this package's top-level modules) needs only the standard library:

>>> from palace_poker import Hand, Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10), [500, 500, 500], dealer=0, shuffle=SeededShuffle(42))
>>> hand.to_act
1
"""

from typing import TYPE_CHECKING

from palace_poker import hand as _hand_module
from palace_poker.actions import Action, Verb
from palace_poker.cards import DECK, Card, Suit, card, format_cards, parse_cards
from palace_poker.config import Rules
from palace_poker.errors import (
    ERROR_CODES,
    ConfigError,
    IllegalActionError,
    PalaceError,
    ParseError,
    RecordError,
)
from palace_poker.evaluator import Category, describe, evaluate, evaluate_batch
from palace_poker.events import Event
from palace_poker.fair import FairProof, FairShuffle
from palace_poker.hand import Hand, HandResult, Phase
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.record import replay
from palace_poker.redaction import redact
from palace_poker.shuffle import RecordedShuffle, SecureShuffle, SeededShuffle, ShuffleSource

if TYPE_CHECKING:
    #: The package's version: pyproject.toml's, the one place it is written.
    __version__: str
else:

    def __getattr__(name: str) -> str:
        # Looked up on first use, not at import: importlib.metadata alone costs about
        # a fifth of the package's import time, which every command would pay.
        if name == "__version__":
            globals()[name] = found = _find_version()
            return found
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _find_version() -> str:
    """The version in the installed package's metadata; from a source tree that is
    not installed (``PYTHONPATH=src``), the one in its pyproject.toml; else
    ``0+unknown``."""
    from importlib import metadata  # noqa: PLC0415 - only when the version is asked for

    try:
        return metadata.version("palace-poker")
    except metadata.PackageNotFoundError:
        return _source_tree_version()


def _source_tree_version() -> str:
    import tomllib  # noqa: PLC0415 - only when the version is asked for
    from pathlib import Path  # noqa: PLC0415

    pyproject = Path(__file__).resolve().parent.parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project")
    except (OSError, ValueError):  # no such file, not UTF-8, not TOML
        return "0+unknown"
    if isinstance(project, dict) and project.get("name") == "palace-poker":
        version = project.get("version")
        if isinstance(version, str):
            return version
    return "0+unknown"


#: True when the engine's modules run compiled by mypyc (wheels and regular installs
#: with a C compiler), False when they run as Python (editable installs, no compiler,
#: or ``PALACE_POKER_PURE=1`` at build time). Both behave identically; see
#: docs/performance.md.
ENGINE_COMPILED: bool = not str(_hand_module.__file__).endswith(".py")

__all__ = [
    "DECK",
    "ENGINE_COMPILED",
    "ERROR_CODES",
    "Action",
    "Card",
    "Category",
    "ConfigError",
    "Event",
    "FairProof",
    "FairShuffle",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "Observation",
    "Option",
    "PalaceError",
    "ParseError",
    "Phase",
    "RecordError",
    "RecordedShuffle",
    "Rules",
    "SecureShuffle",
    "SeededShuffle",
    "ShuffleSource",
    "Suit",
    "Verb",
    "card",
    "describe",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "parse_cards",
    "redact",
    "replay",
]
