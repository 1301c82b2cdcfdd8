"""Levelers and Classes: text under a level heading (CR 711: a leveler's abilities and
power/toughness under "LEVEL N-M" apply only while it has that many level counters; CR 716:
a Class's level-up sections) holds only at that level, which the board does not record — its
combat keywords are reported as unmodelled and not given to the card."""

from __future__ import annotations

import pytest

from mtgcombat.rules.text.compile import LEVEL
from tests.text_golden import compiled


@pytest.mark.parametrize(("name", "leveled"), [
    # "LEVEL 4+ / 6/6 / Trample"
    ("Beastbreaker of Bala Ged", {"trample"}),
    # "LEVEL 2-6 / 3/3 / First strike", "LEVEL 7+ / 4/4 / Double strike"
    ("Student of Warfare", {"first strike", "double strike"}),
])
def test_keywords_under_a_level_heading_are_reported_not_given(
        name: str, leveled: set[str]) -> None:
    c = compiled(name)
    assert not leveled & set(c.keywords)
    reported = {u.text.lower() for u in c.unmodelled if u.family == "keywords"}
    assert leveled <= reported
    assert all(u.reason == LEVEL for u in c.unmodelled if u.text.lower() in leveled)
    assert any(kw.startswith("level up") for kw in c.keywords)  # printed above any heading
