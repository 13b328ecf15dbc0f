"""A small game's whole tree written out once, for OpenSpiel's C++ solvers.

OpenSpiel's CFR, CFR+, MCCFR, best responses and NashConv walk the game tree
through the game's API: over ``python_palace_poker`` every step is a Python call
into the engine, and ``small`` (126,593 histories heads-up) takes 19 s a CFR
iteration. Written once as an extensive-form game in Gambit's ``.efg`` format, the
same tree loads as OpenSpiel's C++ ``efg_game`` (``pyspiel.load_efg_game``), and
every C++ algorithm runs over it at C++ speed: thousands of iterations where the
Python game allows tens.

The tree is exact, not a model of the game: each node of the OpenSpiel game is a
node of the ``.efg`` (chance nodes with the deal's probabilities as fractions,
decisions with every legal action, terminals with the chips won), and each
decision node's information set is the acting player's information state string
(perfect recall; docs/research.md, *OpenSpiel*), numbered in the order first met.
:class:`Tree` keeps the map both ways, so a policy of one game is a policy of the
other (:meth:`Tree.policy`, :meth:`Tree.python_policy`) and figures computed on
the C++ game are the Python game's (a test checks NashConv both ways).

Only small games fit: a history is a line of text. ``tiny`` heads-up is 9,121
lines, ``small`` 126,593 (docs/research.md, *Small games*).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pyspiel

import palace_poker.env.openspiel  # noqa: F401  (registers python_palace_poker)

#: A policy as OpenSpiel's tabular policies hold it: for each information state
#: string, the actions and their probabilities.
PolicyTable = dict[str, list[tuple[int, float]]]


@dataclass
class Tree:
    """A game's whole tree as ``.efg`` text, with its information sets.

    ``infosets[p]`` maps player ``p``'s information state strings (the Python
    game's) to their numbers in the ``.efg`` (from 1); ``actions[p][number]`` is
    the Python game's legal actions there, in order, and ``states[p][number]``
    the first state of the Python game met in the set (any would do: the player
    sees the same in each).
    """

    game: Any
    text: str
    infosets: list[dict[str, int]]
    actions: list[dict[int, list[int]]]
    states: list[dict[int, Any]]
    histories: int
    _efg: Any = field(default=None, repr=False)
    _ids: dict[str, int] | None = field(default=None, repr=False)

    @property
    def efg_game(self) -> Any:
        """The C++ game read from :attr:`text` (``pyspiel.load_efg_game``), loaded once."""
        if self._efg is None:
            self._efg = pyspiel.load_efg_game(self.text)
        return self._efg

    def efg_key(self, player: int, number: int) -> str:
        """The C++ game's information state string of ``player``'s set ``number``
        (``owner-observer-number-name``: the sets here are unnamed)."""
        return f"{player}-{player}-{number}-"

    def policy(self, choose: Callable[[Any, int], Mapping[int, float]]) -> Any:
        """A ``pyspiel.TabularPolicy`` of the C++ game from a policy of the Python
        game: ``choose(state, player)`` gives the probability of each legal Python
        action id at a state of the set (missing ones are 0)."""
        table: PolicyTable = {}
        for player, numbers in enumerate(self.infosets):
            for number in numbers.values():
                legal = self.actions[player][number]
                chosen = choose(self.states[player][number], player)
                table[self.efg_key(player, number)] = [
                    (self.efg_action(a), float(chosen.get(a, 0.0))) for a in legal
                ]
        return pyspiel.TabularPolicy(table)

    def python_policy(self, efg_policy: Any) -> Callable[[int, str], dict[int, float]]:
        """A policy of the C++ game (any ``pyspiel.Policy``, e.g. a solver's
        average) read for the Python game: ``(player, information_state_string)``
        gives the probability of each Python action id."""

        def call(player: int, info: str) -> dict[int, float]:
            number = self.infosets[player][info]
            probs = dict(efg_policy.get_state_policy(self.efg_key(player, number)))
            return {
                a: float(probs.get(self.efg_action(a), 0.0)) for a in self.actions[player][number]
            }

        return call

    def efg_action(self, action: int) -> int:
        """The C++ game's id of the Python game's decision ``action``: the C++ game
        numbers actions by name in the order it reads them."""
        return self._action_ids()[_action_name(action)]

    def _action_ids(self) -> dict[str, int]:
        ids = self._ids
        if ids is None:
            ids = {}
            for state in _decision_states(self.efg_game.new_initial_state()):
                for a in state.legal_actions():
                    ids.setdefault(state.action_to_string(a), a)
            self._ids = ids
        return ids


def _action_name(action: int) -> str:
    from palace_poker.encoding.ids import action_name  # noqa: PLC0415

    return action_name(action)


def _decision_states(state: Any) -> Iterator[Any]:
    """Every decision node of a (C++) game's tree, depth first."""
    stack = [state]
    while stack:
        node = stack.pop()
        if node.is_terminal():
            continue
        if node.is_chance_node():
            stack.extend(node.child(a) for a, _ in node.chance_outcomes())
            continue
        yield node
        stack.extend(node.child(a) for a in node.legal_actions())


def tree(game: Any) -> Tree:
    """Walk every history of the OpenSpiel ``game`` (``python_palace_poker`` of a
    small preset) once and write it as ``.efg`` text."""
    players = game.num_players()
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    actions: list[dict[int, list[int]]] = [{} for _ in range(players)]
    states: list[dict[int, Any]] = [{} for _ in range(players)]
    names = " ".join(f'"Player {p + 1}"' for p in range(players))
    lines = [f'EFG 2 R "{game}" {{ {names} }}', '""']
    counts = {"chance": 0, "terminal": 0}

    def write(state: Any, depth: int) -> None:
        pad = " " * min(depth, 40)
        if state.is_terminal():
            counts["terminal"] += 1
            payoffs = " ".join(_number(r) for r in state.returns())
            lines.append(f'{pad}t "" {counts["terminal"]} "" {{ {payoffs} }}')
            return
        if state.is_chance_node():
            counts["chance"] += 1
            outcomes = state.chance_outcomes()
            branches = " ".join(
                f'"{state.action_to_string(pyspiel.PlayerId.CHANCE, a)}" {_fraction(p)}'
                for a, p in outcomes
            )
            lines.append(f'{pad}c "" {counts["chance"]} {{ {branches} }} 0')
            for a, _ in outcomes:
                write(state.child(a), depth + 1)
            return
        player = state.current_player()
        info = state.information_state_string(player)
        legal = state.legal_actions()
        number = infosets[player].setdefault(info, len(infosets[player]) + 1)
        known = actions[player].setdefault(number, legal)
        states[player].setdefault(number, state)
        if known != legal:  # not an information set: the C++ game would mix two
            raise ValueError(f"information state of player {player} with two action sets")
        names = " ".join(f'"{_action_name(a)}"' for a in legal)
        lines.append(f'{pad}p "" {player + 1} {number} {{ {names} }} 0')
        for a in legal:
            write(state.child(a), depth + 1)

    write(game.new_initial_state(), 0)
    return Tree(
        game=game,
        text="\n".join(lines) + "\n",
        infosets=infosets,
        actions=actions,
        states=states,
        histories=len(lines) - 2,
    )


def _fraction(p: float) -> str:
    """A chance probability exactly: the deal's are 1/k."""
    f = Fraction(p).limit_denominator(10**6)
    return f"{f.numerator}/{f.denominator}"


def _number(value: float) -> str:
    return f"{value:.10g}"
