"""The chip ledger: results, CSV, and a settle-up with the fewest transfers
(checked against a brute-force search on small tables)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker.server.model.ledger import Row, Transfer, csv_text, ledger, settle

pytestmark = pytest.mark.rule("R-GAME-1")


@st.composite
def tables(draw: st.DrawFn) -> list[Row]:
    n = draw(st.integers(2, 10))
    nets = [draw(st.integers(-300, 300)) for _ in range(n - 1)]
    nets.append(-sum(nets))
    return [Row(f"P{i}", 1000, 1000 + net) for i, net in enumerate(nets)]


def _fewest(nets: list[int]) -> int:
    """Brute force: the most zero-sum groups of the non-zero results."""
    live = [x for x in nets if x]
    best = 0

    def split(left: list[int], groups: int) -> None:
        nonlocal best
        if not left:
            best = max(best, groups)
            return
        first, rest = left[0], left[1:]
        for size in range(len(rest) + 1):
            for combo in itertools.combinations(range(len(rest)), size):
                if first + sum(rest[i] for i in combo) == 0:
                    split([x for i, x in enumerate(rest) if i not in combo], groups + 1)

    split(live, 0)
    return len(live) - best


@settings(max_examples=examples(200), deadline=None)
@given(rows=tables())
def test_the_settle_up_leaves_everyone_at_their_result_in_the_fewest_transfers(
    rows: list[Row],
) -> None:
    transfers = settle(rows)
    paid = {row.name: 0 for row in rows}
    for t in transfers:
        assert t.chips > 0
        assert t.payer != t.payee
        paid[t.payer] -= t.chips
        paid[t.payee] += t.chips
    assert paid == {row.name: row.net for row in rows}
    if len(rows) <= 7:
        assert len(transfers) == _fewest([row.net for row in rows])


def test_a_ledger_that_does_not_add_up_is_refused() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        settle(ledger([("Ann", 100, 150), ("Bob", 100, 100)]))


def test_two_pairs_settle_in_two_transfers_not_three() -> None:
    rows = ledger([("A", 100, 150), ("B", 100, 50), ("C", 100, 130), ("D", 100, 70)])
    assert sorted(settle(rows)) == [Transfer("B", "A", 50), Transfer("D", "C", 30)]


def test_the_csv_has_a_line_a_player_and_defuses_formulas() -> None:
    text = csv_text(ledger([("Ann", 150, 180, 50), ("=cmd()", 100, 20)]))
    assert text.splitlines() == [
        "player,buy_in,rebuys,stack,net",
        "Ann,100,50,180,30",
        "'=cmd(),100,0,20,-80",
    ]
