"""End to end: the web calculator's three steps (declare attackers, declare blockers, combat
damage) in headless Chromium against a real server, each board built by clicking from an
empty page and each answer read off the page.

Regenerates the screenshots docs/web-attacks.png, docs/web-blocks.png and docs/web-damage.png.
Skipped with the reason when Chromium, playwright or uvicorn is missing (tests/web_helpers.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .web_helpers import (
    Page,
    add_card,
    add_player,
    base_url,
    expect,
    page,
    screenshot,
    wait_ready,
)

__all__ = ["base_url", "page"]  # the fixtures, used by name

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _decls(page: Page, selector: str) -> list[dict[str, Any]]:
    items = page.locator(selector)
    got = [json.loads(items.nth(i).get_attribute("data-decl") or "null")
           for i in range(items.count())]
    return sorted(got, key=lambda d: json.dumps(d, sort_keys=True))


def _sorted(decls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(decls, key=lambda d: json.dumps(d, sort_keys=True))


def _empty_page(page: Page, base_url: str) -> None:
    page.goto("about:blank")
    page.goto(base_url + "/")
    expect(page.locator("#permanents tbody tr")).to_have_count(0)
    add_player(page, "opp")


def _pick_blocks(page: Page, blocks: dict[str, str | None]) -> None:
    for blocker, attacker in blocks.items():
        page.locator(f'#block-picker button.bpick[data-blocker="{blocker}"]'
                     f'[data-attacker="{attacker or ""}"]').click()


def _check_blocks(page: Page) -> str:
    page.locator("#blocks-verdict").evaluate("e => e.replaceChildren()")
    page.click("#blocks-check-btn")
    verdict = page.locator("#blocks-verdict .plain-verdict")
    expect(verdict).to_have_count(1, timeout=20_000)
    return verdict.inner_text()


def test_blocks_against_a_menace_attacker(page: Page, base_url: str) -> None:
    """You attack opp with Boggart Brute (3/2, menace); opp controls Mogg Flunkies (3/3, "can't
    attack or block alone") and Grizzly Bears (2/2).

    By hand. Attacks (CR 508.1): nothing restricts or requires the Brute, so no attack and
    Brute → opp are both legal. Blocks (CR 509.1): Flunkies and Bears are untapped creatures of
    the defending player, each may block the Brute (509.1a); menace: the Brute "can't be
    blocked except by two or more creatures" (CR 702.111b), a restriction (509.1b), and so is
    "can't block alone" (Flunkies must not be the only blocking creature, CR 506.5). Of the
    four declarations — none; Bears alone; Flunkies alone; both — the two with exactly one
    blocker break menace (and Flunkies alone also blocks alone); no requirement applies
    (509.1c). Legal: no blocks, and Flunkies and Bears both blocking the Brute."""
    _empty_page(page, base_url)
    brute = add_card(page, "Boggart Brute", "you")
    flunkies = add_card(page, "Mogg Flunkies", "opp")
    bears = add_card(page, "Grizzly Bears", "opp")
    wait_ready(page)
    page.wait_for_timeout(300)
    wait_ready(page)

    legal_attacks = page.locator("#legal-list li.decl")
    assert _decls(page, "#legal-list li.decl") == _sorted([{}, {brute: "opp"}])
    legal_attacks.filter(has_text="opp").click()
    expect(page.locator("#verdict-head")).to_contain_text("LEGAL")
    plain = page.locator("#verdict .plain-verdict")
    expect(plain).to_have_text("Legal: " + page.locator("#verdict-reason").inner_text())
    expect(plain).to_contain_text("CR 508.1")
    page.click("#to-blocks")
    expect(page.locator("#attack-step-verdict .plain-verdict")).to_have_attribute(
        "data-legal", "true")
    expect(page.locator("#blocks-summary")).to_have_text(
        "2 legal block declarations (CR 509.1)", timeout=20_000)
    screenshot(page, "web-attacks.png")

    assert _decls(page, "#blocks-list li.bdecl") == _sorted(
        [{}, {flunkies: brute, bears: brute}])
    restrictions = page.locator("#blocks-show").inner_text()
    assert "menace" in restrictions and "CR 702.111b" in restrictions

    _pick_blocks(page, {bears: brute})
    text = _check_blocks(page)
    assert text.startswith("Not legal:") and "menace" in text and "CR 509.1b" in text, text
    assert "CR 702.111b" in text, text

    _pick_blocks(page, {bears: None, flunkies: brute})
    text = _check_blocks(page)
    assert text.startswith("Not legal:") and "alone" in text and "CR 509.1b" in text, text

    _pick_blocks(page, {bears: brute})
    text = _check_blocks(page)
    assert text.startswith("Legal:") and "CR 509.1" in text, text
    # the keyboard works too: Tab to a pick button and press Enter
    page.locator(f'#block-picker button.bpick[data-blocker="{bears}"][data-attacker=""]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(f'#block-picker button.bpick[data-blocker="{bears}"][data-attacker=""]'
                        )).to_have_attribute("aria-pressed", "true")
    _pick_blocks(page, {bears: brute})
    _check_blocks(page)
    screenshot(page, "web-blocks.png")

    # On to combat damage: no creature has first strike, one step (CR 510.4). The Brute's 3
    # is lethal to the Bears (2) or to the Flunkies (3), not to both (5); the blockers' 3 + 2
    # destroy the Brute (704.5g); nobody is dealt damage.
    page.click("#to-damage")
    _maximize_kills(page)
    expect(page.locator(".damage-step")).to_have_count(1)
    expect(page.locator(".damage-step h3")).to_contain_text("the only one")
    expect(page.locator("#damage-total")).to_contain_text("0 damage to players")
    dealt = _dealt(page, "first")
    assert dealt[(flunkies, brute)] == 3 and dealt[(bears, brute)] == 2
    assert dealt.get((brute, bears), 0) + dealt.get((brute, flunkies), 0) == 3
    gone = _destroyed(page, "first")
    assert brute in gone and len(gone & {bears, flunkies}) == 1, gone


def test_an_illegal_attack_is_not_declared(page: Page, base_url: str) -> None:
    """You control only Mogg Flunkies ("can't attack or block alone"). By hand: Flunkies
    attacking alone breaks a restriction (CR 508.1c; it attacks alone when it is the only
    creature declared as an attacker, CR 506.5), so the attack is not legal and there is no
    declare-blockers step for it."""
    _empty_page(page, base_url)
    flunkies = add_card(page, "Mogg Flunkies", "you")
    wait_ready(page)
    page.wait_for_timeout(300)
    wait_ready(page)
    page.locator(f'#picker button.pick[data-creature="{flunkies}"][data-target="opp"]').click()
    page.click("#to-blocks")
    verdict = page.locator("#attack-step-verdict .plain-verdict")
    expect(verdict).to_have_attribute("data-legal", "false", timeout=20_000)
    expect(verdict).to_contain_text(f"Not legal: Mogg Flunkies ({flunkies}) can't attack alone")
    expect(verdict).to_contain_text("(CR 508.1c")
    expect(page.locator("#blocks-step")).to_be_hidden()


def _maximize_kills(page: Page) -> None:
    """Wait for the combat damage answer, then ask for the one that destroys most blockers."""
    step = page.locator("#damage-step")
    expect(step).to_have_attribute("data-ready", re.compile(r"^\d+$"), timeout=20_000)
    first_answer = step.get_attribute("data-ready") or ""
    page.select_option("#damage-maximize", "kills")
    expect(step).not_to_have_attribute("data-ready", first_answer, timeout=20_000)


def _dealt(page: Page, step: str) -> dict[tuple[str, str], int]:
    rows = page.locator(f'.damage-step[data-step="{step}"] li.dmg')
    out: dict[tuple[str, str], int] = {}
    for i in range(rows.count()):
        r = rows.nth(i)
        key = (r.get_attribute("data-source") or "", r.get_attribute("data-recipient") or "")
        out[key] = int(r.get_attribute("data-amount") or "0")
    return out


def _destroyed(page: Page, step: str) -> set[str]:
    ids = page.locator(f'.damage-step[data-step="{step}"] .destroyed').get_attribute("data-ids")
    return {x for x in (ids or "").split(",") if x}


def _check_damage(page: Page, step: str, split: dict[tuple[str, str], int]) -> str:
    box = page.locator(f'.damage-step[data-step="{step}"] details.assignment-check')
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    for (src, rid), n in split.items():
        box.locator(f'input.assign[data-source="{src}"][data-recipient="{rid}"]').fill(str(n))
    box.locator(".damage-verdict").evaluate("e => e.replaceChildren()")
    box.locator("button.damage-check-btn").click()
    verdict = box.locator(".damage-verdict p")
    expect(verdict).to_have_count(1, timeout=20_000)
    return verdict.inner_text()


def test_damage_first_strike_and_regular_step(page: Page, base_url: str) -> None:
    """You attack opp with Grizzly Bears (2/2); opp blocks it with Tundra Wolves (1/1, first
    strike) and Mogg Flunkies (3/3, can't block alone: it doesn't, the Wolves block too).

    By hand. A blocker has first strike, so there are two combat damage steps (CR 510.4).
    First-strike step: only the Wolves deal damage (702.7b): 1 to the Bears, 1 < toughness 2,
    nothing is destroyed (704.5g). Regular step: the Wolves don't deal damage again (no double
    strike, 702.7b); the Flunkies deal 3 to the Bears; the Bears divide their 2 among their
    blockers (510.1c). Dividing to destroy blockers: 1 to the Wolves is lethal (1/1), the
    Flunkies can't be (2 < 3), so the Wolves die and the Flunkies survive; the Bears have
    1 + 3 = 4 ≥ 2 damage and die (704.5g). No player is dealt damage (both attackers'
    damage goes to creatures): life stays 20 and 20. An assignment where the Bears assign only
    1 of their 2 power is not legal (a creature assigns combat damage equal to its power,
    CR 510.1a); 2 to the Flunkies is legal (510.1c)."""
    _empty_page(page, base_url)
    bears = add_card(page, "Grizzly Bears", "you")
    wolves = add_card(page, "Tundra Wolves", "opp")
    flunkies = add_card(page, "Mogg Flunkies", "opp")
    wait_ready(page)
    page.wait_for_timeout(300)
    wait_ready(page)

    page.locator(f'#picker button.pick[data-creature="{bears}"][data-target="opp"]').click()
    page.click("#to-blocks")
    expect(page.locator("#attack-step-verdict .plain-verdict")).to_have_attribute(
        "data-legal", "true")
    expect(page.locator("#blocks-summary")).to_contain_text("legal block declaration",
                                                            timeout=20_000)
    _pick_blocks(page, {wolves: bears, flunkies: bears})
    page.click("#to-damage")
    expect(page.locator("#blocks-verdict .plain-verdict")).to_have_attribute(
        "data-legal", "true", timeout=20_000)
    _maximize_kills(page)
    expect(page.locator(".damage-step")).to_have_count(2)

    assert _dealt(page, "first") == {(wolves, bears): 1}
    assert _destroyed(page, "first") == set()
    regular = _dealt(page, "regular")
    assert regular[(flunkies, bears)] == 3
    assert (wolves, bears) not in regular
    assert regular.get((bears, wolves), 0) >= 1
    assert regular.get((bears, wolves), 0) + regular.get((bears, flunkies), 0) == 2
    assert _destroyed(page, "regular") == {bears, wolves}
    life = page.locator("#damage-total li.life")
    assert {life.nth(i).get_attribute("data-player"): life.nth(i).get_attribute("data-life")
            for i in range(life.count())} == {"you": "20", "opp": "20"}
    expect(page.locator("#damage-total")).to_contain_text("0 damage to players")

    text = _check_damage(page, "regular", {(bears, wolves): 0, (bears, flunkies): 1})
    assert text.startswith("Not legal:") and "CR 510.1" in text, text
    text = _check_damage(page, "regular", {(bears, wolves): 0, (bears, flunkies): 2})
    assert text.startswith("Legal:") and "CR 510.1" in text, text
    screenshot(page, "web-damage.png")
