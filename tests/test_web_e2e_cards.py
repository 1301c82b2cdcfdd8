"""End to end in headless Chromium: card search over every printed card, custom effects built
with the form over the effect vocabulary, the examples with the source's question and answer,
phone width, the keyboard, and the payment default kept in the link.

Expected answers come from the cards and the rules, not from the engine:
- Wind Drake (a printed card, not in the hand-written catalog: 2/2, flying) has no
  requirement or restriction: with one opponent Bob, its controller may attack Bob with it or
  not attack (CR 508.1a): two legal declarations.
- A board effect "creatures attack each combat if able" (must_attack) makes attacking Bob the
  only legal declaration: a requirement must be obeyed when it can be (CR 508.1d).
- The article's Question #26 asks "Assuming you have enough mana to pay all costs, what are
  your legal choices of attacks?" and answers "our legal options are options 1, 5, and 7":
  three declarations; with seven Islands every option's cost is payable, so the same three
  without assuming payment.
Saves docs/web-cards.png.
"""

from __future__ import annotations

import re

import pytest

from mtgcombat.rules.catalog import default_catalog

from .web_helpers import Page, base_url, expect, page, screenshot, wait_ready
from .web_helpers import add_player as _add_player

__all__ = ["base_url", "page"]  # the fixtures, used by name

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _summary(page: Page) -> str:
    wait_ready(page)
    page.wait_for_timeout(300)
    wait_ready(page)
    return page.locator("#legal-summary").inner_text()


def test_corpus_card_found_shown_and_added(page: Page) -> None:
    assert "Wind Drake" not in default_catalog().names()  # from the corpus, not hand-written
    _add_player(page, "Bob")
    page.fill("#card-search", "WIND DRAKE")
    hit = page.locator('#card-results li[data-card="Wind Drake"]')
    expect(hit).to_have_count(1)
    expect(hit.locator(".card-keywords")).to_contain_text("flying")
    expect(hit.locator("summary")).not_to_contain_text("hand-written")
    hit.locator("button.card-hit").click()
    expect(page.locator('#permanents tr[data-id="wind_drake"]')).to_have_count(1)
    assert _summary(page).startswith("2 legal attack declarations")


def test_custom_effect_by_form_changes_the_answer(page: Page) -> None:
    page.select_option("#effect-target", "player:Bob")
    page.select_option("#effect-kind", "must_attack")
    expect(page.locator("#effect-fields .ef-desc")).to_contain_text("attacks")
    page.locator('#effect-fields details[data-path="affects"] > summary').click()
    types = page.locator('#effect-fields details[data-path="affects"] > .ef-row '
                         'input[data-path="types"]')
    types.fill("Creeture")
    page.click("#effect-add")
    expect(page.locator("#effect-error")).to_contain_text(
        "$.board.effects[0].effects[0].affects.types[0]")
    expect(page.locator("#effect-error")).to_contain_text("did you mean 'Creature'")
    assert page.locator("#permanents tbody tr").count() == 1
    types.fill("Creature")
    # By keyboard: Tab from the field reaches the Add button, Enter adds the effect.
    for _ in range(80):
        if page.evaluate("document.activeElement && document.activeElement.id") == "effect-add":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "effect-add"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")
    expect(page.locator("#effect-added")).to_contain_text("must_attack")
    assert _summary(page).startswith("1 legal attack declaration.")
    decls = page.locator("#legal-list li.decl")
    expect(decls).to_have_count(1)
    assert decls.first.get_attribute("data-decl") == '{"wind_drake":"Bob"}'
    screenshot(page, "web-cards.png")


def test_payment_default_matches_the_command_line_and_is_in_the_link(page: Page) -> None:
    assert not page.locator("#assume-payable").is_checked()
    page.check("#assume-payable")
    expect(page).to_have_url(re.compile(r"#[zj]=.*&assume_payable=1$"))
    wait_ready(page)
    url = page.url
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)
    assert page.locator("#assume-payable").is_checked()
    page.uncheck("#assume-payable")
    expect(page).not_to_have_url(re.compile("assume_payable"))


def test_example_shows_question_and_source_answer(page: Page) -> None:
    q26 = page.locator('#examples li[data-example-entry="q26_goad_wars_toll_propaganda_brainwash"]')
    expect(q26.locator(".ex-question")).to_contain_text(
        "Assuming you have enough mana to pay all costs, what are your legal choices of attacks?")
    expect(q26.locator(".ex-source")).to_contain_text("our legal options are options 1, 5, and 7")
    assert q26.locator(".ex-source").is_visible()
    q26.locator("button").click()
    engine = page.locator("#example-compare .ex-engine")
    expect(engine).to_contain_text("3 legal attack declarations", timeout=20_000)
    expect(page.locator("#example-compare .ex-source")).to_contain_text("options 1, 5, and 7")


def test_phone_width_has_no_horizontal_scroll(page: Page) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    wait_ready(page)
    page.locator("#card-search").fill("wind dr")
    expect(page.locator('#card-results li[data-card="Wind Drake"]')).to_have_count(1)
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = page.locator("#effect-add").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    page.set_viewport_size({"width": 1400, "height": 1100})
