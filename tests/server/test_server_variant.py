"""House rules at the browser table: a table's settings carry its variant (a preset,
and house rules over it), checked with the engine's checks, stored with the table,
dealt into every hand, shown to every viewer and written in records and histories
(docs/server.md, *House rules*)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from palace_poker.events import PalaceDealt
from palace_poker.presets import PRESETS
from palace_poker.record import replay
from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.history import hand_histories, hand_records, history_text
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import TABLES, Store
from palace_poker.variant import STANDARD, Variant
from server_helpers import ServerProcess, play_randomly, pure_table

FORM: dict[str, Any] = {"name": "T", "small_bet": 10, "seats": 3, "stack": 60}


def _refusal(form: dict[str, Any]) -> TableError:
    with pytest.raises(TableError) as refused:
        TableSettings.from_form({**FORM, **form})
    return refused.value


def test_a_form_without_a_variant_plays_the_standard_game() -> None:
    settings = TableSettings.from_form(FORM)
    assert (settings.preset, settings.variant, settings.max_raises) == ("standard", STANDARD, None)
    assert settings.rules().variant == STANDARD
    assert settings.rules().max_raises == 3


@pytest.mark.parametrize("name", ["standard", "short-deck", "quick"])
def test_a_preset_gives_its_variant_and_its_raises(name: str) -> None:
    settings = TableSettings.from_form({**FORM, "preset": name})
    assert settings.rules() == PRESETS[name].rules(10)


@pytest.mark.rule("V-CMP-1")
def test_house_rules_go_over_the_preset() -> None:
    form = {"preset": "quick", "variant": {"soldiers": 4, "struck": "rank", "fold": "captured"}}
    settings = TableSettings.from_form({**FORM, **form})
    assert settings.variant == Variant(palace=2, soldiers=4, struck="rank", fold="captured")
    assert settings.rules().max_raises == 1  # the quick game's one raise a battle


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"preset": "long"}, "preset"),
        ({"preset": 3}, "preset"),
        ({"variant": {"palace": 5}}, "palace"),
        ({"variant": {"soldiers": 0}}, "soldiers"),
        ({"variant": {"soldiers": True}}, "soldiers"),
        ({"variant": {"ranks": "nine"}}, "ranks"),
        ({"variant": {"struck": "colour"}}, "struck"),
        ({"variant": {"last_two": None}}, "last_two"),
        ({"variant": {"jokers": 2}}, "variant"),
        ({"variant": [2]}, "variant"),
        ({"variant": "quick"}, "variant"),
        ({"preset": "tiny", "seats": 4}, "seats"),  # six cards deal three players at most
    ],
)
def test_a_bad_variant_is_refused_naming_its_field(form: dict[str, Any], field: str) -> None:
    refused = _refusal(form)
    assert refused.code == "invalid_variant"
    assert refused.details["field"] == field


def test_the_settings_round_trip_through_the_store_form() -> None:
    settings = TableSettings.from_form(
        {**FORM, "preset": "short-deck", "variant": {"entry": "attacker"}}
    )
    stored = json.loads(json.dumps(settings.to_dict()))
    assert stored["variant"] == {"ranks": 9, "entry": "attacker"}
    assert TableSettings.from_dict(stored) == settings


def test_settings_stored_before_variants_load_as_the_standard_game(tmp_path: Path) -> None:
    old = TableSettings.from_form(FORM).to_dict()
    for key in ("preset", "variant", "max_raises"):
        del old[key]
    assert TableSettings.from_dict(old) == TableSettings.from_form(FORM)
    store = Store.open(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    with store.engine.begin() as db:
        db.execute(TABLES.insert().values(id="t0", created_at=1.0, settings=json.dumps(old)))
        raw = db.execute(sa.select(TABLES.c.settings)).scalar()
    assert "variant" not in json.loads(str(raw))
    loaded = store.load("t0")
    store.close()
    assert loaded is not None
    assert loaded.settings.variant == STANDARD
    assert loaded.settings.rules() == TableSettings.from_form(FORM).rules()


def test_the_host_changing_the_stakes_keeps_the_variant() -> None:
    table = pure_table(seats=2, bots=1, preset="quick", variant={"struck": "rank"})
    table.submit("settings_changed", {"by": 0, "changes": {"small_bet": 20}}, at=5.0)
    assert table.settings.small_bet == 20
    assert table.settings.variant == Variant(palace=2, soldiers=3, struck="rank")
    assert table.settings.rules().max_raises == 1


@pytest.mark.rule("V-PALACE-1")
@pytest.mark.parametrize("seed", range(4))
def test_a_table_of_a_variant_plays_its_hands_in_the_variant(seed: int) -> None:
    rng = random.Random(seed)
    house = {"palace": 2, "soldiers": 3, "struck": "rank", "last_two": "battle"}
    table = pure_table(seats=3, bots=2, preset="short-deck", variant=house)
    variant = Variant.from_dict({"ranks": 9, **house})
    clock = [10.0]
    shuffles = play_randomly(table, rng, 400, clock)
    records = hand_records(table)
    assert records, "no hand was finished"
    for record in records:
        assert record["rules"]["variant"] == variant.to_dict()
        assert sorted(record["shuffles"][0].split()) == sorted(map(str, variant.deck))
        hand = replay(record)  # the record replays, in its variant
        dealt = [e.cards for e in hand.events if isinstance(e, PalaceDealt) and e.cards]
        assert dealt
        assert {len(cards) for cards in dealt} == {2}
    for viewer in (None, 0):
        assert all(h["variant"] == variant.to_dict() for h in hand_histories(table, viewer))
    assert "House rules: a deck of 36 cards, 6 to A · 2 palace cards" in history_text(table, 0)
    # V-CMP-1: every battle is explained by the banner's rank, as the engine compared it
    explained = [why for entry in table.log for _, why in entry.explanations]
    battles = [why for why in explained if why.kind != "showdown"]
    assert battles, "no battle was explained"
    for why in battles:
        first, second = why.sides
        for side, other in ((first, second), (second, first)):
            every = (side.banner, *side.palace, *side.soldiers)
            assert side.struck == tuple(c for c in every if c.rank == other.banner.rank)
    # the log and the shuffles rebuild the same table, in the same variant
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    again = Table.rebuild("t", table.settings, stored, shuffles)
    assert hand_records(again) == records


def test_every_viewer_sees_the_variant_and_a_standard_table_says_nothing() -> None:
    table = pure_table(seats=3, bots=1, preset="quick")
    for viewer in (None, 0, 1, 2):
        seen = projection.view(table, viewer, connected=set(), now=0.0)["table"]["settings"]
        assert (seen["preset"], seen["variant"], seen["max_raises"]) == (
            "quick",
            {"palace": 2, "soldiers": 3},
            1,
        )
    standard = pure_table(seats=2, bots=1)
    assert "House rules" not in history_text(standard, 0)
    seen = projection.view(standard, None, connected=set(), now=0.0)["table"]["settings"]
    assert seen["variant"] == {}


def test_the_create_route_refuses_a_bad_variant_and_makes_no_table(
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve()
    body = {"name": "T", "host_name": "Ann", "small_bet": 10, "seats": 3, "stack": 60}
    answer = httpx.post(
        server.base + "/api/tables", json={**body, "variant": {"palace": 0}}, timeout=10
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["code"], error["field"], error["rule"]) == (
        "invalid_variant",
        "palace",
        "R-PALACE-1",
    )
    created = server.create(preset="quick", variant={"fold": "captured"})
    summary = httpx.get(f"{server.base}/api/tables/{created['table']}", timeout=10).json()
    assert summary["settings"]["variant"] == {"palace": 2, "soldiers": 3, "fold": "captured"}
    store = Store.open(f"sqlite:///{server.database}")
    assert store.table_ids() == [created["table"]]  # the refused form made nothing
    store.close()
