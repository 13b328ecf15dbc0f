"""The variant rules (docs/rules.md, *Variants*) are traced to tests as RULES.md's
are: each V- id written there is named by a test's ``rule`` marker, and every V- id
a test names is written there."""

from __future__ import annotations

import re

from paths import ROOT

WRITTEN = re.compile(r"^- \*\*(V-[A-Z]+-\d+)\*\*", re.MULTILINE)
NAMED = re.compile(r"""mark\.rule\(["'](V-[A-Z]+-\d+)["']\)""")


def test_every_variant_rule_is_named_by_a_test_and_every_named_one_is_written() -> None:
    written = set(WRITTEN.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        named.update(NAMED.findall(path.read_text(encoding="utf-8")))
    assert written >= {"V-CARD-1", "V-PALACE-1", "V-BUY-3", "V-BANNER-1", "V-CMP-1"}
    assert written - named == set(), "variant rules no test names"
    assert named - written == set(), "tests name variant rules docs/rules.md lacks"
