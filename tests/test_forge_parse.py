"""Forge puzzle files (issue 21): the parser's edge cases and how a state becomes a board.

Every expectation comes from the ``.pzl`` format as Forge's loader reads it (keys
case-insensitive and matched by suffix, ``Attaching:`` the old spelling of ``AttachedTo:``,
every card not summoning sick unless ``|SummonSick``) and from the import conventions of the
issue (ids, ``_k`` suffixes, players ``human`` and ``ai``, the phase deciding the question)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgcombat.board.model import Permanent, load_board
from mtgcombat.errors import BoardError
from mtgcombat.forge import ImportedPuzzle, import_text, parse_puzzle
from mtgcombat.forge.cards import slug
from mtgcombat.forge.tokens import inline_token, script_token
from tests.helpers import pt


def puzzle(*state: str, meta: str = "Name:Test\nGoal:Win\n", end: str = "\n") -> str:
    """A puzzle file's text with these ``[state]`` lines."""
    return f"[metadata]\n{meta}[state]\n" + "\n".join(state) + end


def imported(*state: str, **kw: Any) -> ImportedPuzzle:
    return import_text(puzzle(*state, **kw))


def perm(result: ImportedPuzzle, pid: str) -> dict[str, Any]:
    found = [p for p in result.board["permanents"] if p["id"] == pid]
    assert len(found) == 1, [p["id"] for p in result.board["permanents"]]
    one: dict[str, Any] = found[0]
    return one


def ids(result: ImportedPuzzle) -> list[str]:
    return [p["id"] for p in result.board["permanents"]]


def kinds(result: ImportedPuzzle) -> list[str]:
    return [n.kind for n in result.notes]


BASE = ("ActivePlayer=human", "ActivePhase=MAIN1")


# -- the text ------------------------------------------------------------------------------


def test_keys_are_case_insensitive_and_matched_by_suffix() -> None:
    """``HumanPlay``, ``humanBattlefield`` and ``p0battlefield`` all fill the human's
    battlefield; ``AIPlay`` the AI's; ``ACTIVEPLAYER`` and ``activephase`` the globals."""
    p = parse_puzzle(puzzle("ACTIVEPLAYER=AI", "activephase=main1", "HumanPlay=Grizzly Bears",
                            "humanBattlefield=Serra Angel", "p0battlefield=Mountain",
                            "AIPlay=Mountain", "HUMANLIFE=7", "p1life=3"))
    assert p.active_player == "ai" and p.active_phase == "MAIN1"
    human = [e.name for e in p.player("human").zone("battlefield")]
    assert human == ["Grizzly Bears", "Serra Angel", "Mountain"]
    assert [e.name for e in p.player("ai").zone("battlefield")] == ["Mountain"]
    assert (p.player("human").life, p.player("ai").life) == (7, 3)


def test_crlf_comments_blank_lines_and_no_final_newline() -> None:
    """CRLF line ends, ``#`` comments, blank lines and a missing final newline change
    nothing; a value keeps everything after its first ``=`` or ``:``."""
    text = ("[metadata]\r\nName:A: B\r\n# a comment\r\n\r\nDescription:x=y\r\n[state]\r\n"
            "humanlife=5\r\n#humanlife=1\r\nhumanbattlefield=Grizzly Bears|Tapped")
    p = parse_puzzle(text)
    assert p.metadata["name"] == "A: B" and p.metadata["description"] == "x=y"
    assert p.player("human").life == 5
    entry = p.player("human").zone("battlefield")[0]
    assert entry.name == "Grizzly Bears" and entry.has("TAPPED") and not p.ignored


def test_entries_are_trimmed_and_empty_ones_skipped() -> None:
    p = parse_puzzle(puzzle("humanbattlefield= Mountain|Set:ZEN ; ;Grizzly Bears| Tapped ;",
                            "aihand="))
    entries = p.player("human").zone("battlefield")
    assert [e.name for e in entries] == ["Mountain", "Grizzly Bears"]
    assert entries[0].get("set") == "ZEN" and entries[1].has("tapped")
    assert p.player("ai").zone("hand") == []


def test_a_file_without_state_is_refused() -> None:
    with pytest.raises(BoardError, match=r"no \[state\] section"):
        parse_puzzle("[metadata]\nName:x\n")


def test_unknown_keys_and_stray_lines_are_notes_not_errors() -> None:
    """``aiName=Nick`` is an unknown key (Forge ignores it too): a note that doesn't matter."""
    r = imported(*BASE, "aiName=Nick", "humanlandsplayed=0", "nonsense line")
    where = {n.where: n for n in r.notes}
    assert not any(n.matters for n in r.notes)
    assert "ainame=Nick" in " ".join(n.message for n in r.notes)
    assert any(w.startswith("line") for w in where)


# -- ids -----------------------------------------------------------------------------------


def test_slugs() -> None:
    assert slug("Kiln Fiend") == "kiln_fiend"
    assert slug("Ugin's Construct") == "ugin_s_construct"
    assert slug("Lazav, Dimir Mastermind") == "lazav_dimir_mastermind"
    assert slug("  --Odd--  Name!! ") == "odd_name"


def test_ids_number_repeats_human_first_and_skip_cards_with_an_id() -> None:
    """``|Id:N`` → ``idN``; the k-th card of a slug (k >= 2) gets ``_k``, the human's
    battlefield counted before the AI's, cards with an Id not counted."""
    r = imported(*BASE,
                 "humanbattlefield=Mountain;Mountain|Id:7;Grizzly Bears;Mountain",
                 "aibattlefield=Mountain;Grizzly Bears|Id:12;Grizzly Bears")
    assert ids(r) == ["mountain", "id7", "grizzly_bears", "mountain_2", "mountain_3",
                      "id12", "grizzly_bears_2"]
    assert perm(r, "mountain_3")["controller"] == "ai"


def test_token_ids_and_characteristics() -> None:
    """A ``t:`` token is named by its text up to the first comma, a ``T:`` token by its
    script name; both are custom permanents with the characteristics they spell."""
    r = imported(*BASE,
                 "humanbattlefield=T:c_4_4_a_construct;T:c_4_4_a_construct;"
                 "t:Zombie Knight,P:2,T:2,Cost:no cost,Color:B,Types:Creature-Zombie-Knight,"
                 "Keywords:Menace,Image:b_2_2_zombie_knight_dom")
    assert ids(r) == ["c_4_4_a_construct", "c_4_4_a_construct_2", "zombie_knight"]
    construct = perm(r, "c_4_4_a_construct")
    assert construct["types"] == ["Artifact", "Creature"] and construct["colors"] == []
    assert construct["subtypes"] == ["Construct"]
    assert pt(load_board(r.board), "c_4_4_a_construct") == (4, 4)
    knight = perm(r, "zombie_knight")
    assert knight["name"] == "Zombie Knight" and knight["colors"] == ["B"]
    assert knight["subtypes"] == ["Zombie", "Knight"] and knight["keywords"] == ["menace"]
    assert not r.notes


def test_counters_and_anthems_apply_to_tokens() -> None:
    """A token's printed power and toughness are not final: its +1/+1 counters and an
    anthem (Benalish Marshal: other creatures you control get +1/+1) still count."""
    r = imported(*BASE, "humanbattlefield=Benalish Marshal;"
                 "t:Soldier,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Soldier,Keywords:,"
                 "Image:w_1_1_soldier|Counters:P1P1=2")
    assert pt(load_board(r.board), "soldier") == (4, 4)


def test_token_scripts() -> None:
    fields, unread = script_token("u_1_1_illusion_flying")
    assert (fields["colors"], fields["keywords"], fields["subtypes"]) == (
        ["U"], ["flying"], ["Illusion"])
    assert not unread
    fields, unread = script_token("wb_2_2_knight_firststrike")
    assert fields["colors"] == ["W", "B"] and fields["keywords"] == ["first strike"]
    _, unread = script_token("b_1_1_bird_flying_noblock")
    assert unread == ["script word 'noblock' not understood"]


def test_inline_token_without_a_colour_is_colourless_as_in_forge() -> None:
    """Forge gives a definition without ``Color:`` the colours of its mana cost (none for
    ``no cost``); an image named for another colour is reported."""
    fields, unread = inline_token("Knight,P:2,T:2,Cost:no cost,Types:Creature-Knight,"
                                  "Keywords:Vigilance,Image:w_2_2_knight_dom")
    assert fields["colors"] == [] and fields["keywords"] == ["vigilance"]
    assert len(unread) == 1 and "colourless" in unread[0]


# -- state ---------------------------------------------------------------------------------


def test_counters() -> None:
    """P1P1 and M1M1 are +1/+1 and -1/-1 counters; P1P0 is kept and its +1/+0 applied;
    LOYALTY is loyalty; another counter keeps its lower-case name, with a note when no card
    on the board mentions it."""
    r = imported(*BASE,
                 "humanbattlefield=Grizzly Bears|Counters:P1P1=2,M1M1=1;"
                 "Serra Angel|Counters:P1P0=3;Liliana of the Veil|Counters:LOYALTY=5;"
                 "History of Benalia|Counters:LORE=2;Mountain|Counters:HOUR=1")
    bears, angel = perm(r, "grizzly_bears"), perm(r, "serra_angel")
    assert bears["counters"] == {"+1/+1": 2, "-1/-1": 1}
    assert perm(r, "liliana_of_the_veil")["loyalty"] == 5
    assert "counters" not in perm(r, "liliana_of_the_veil")
    assert perm(r, "history_of_benalia")["counters"] == {"lore": 2}
    board = load_board(r.board)
    assert pt(board, "grizzly_bears") == (3, 3)  # 2/2 with one net +1/+1 counter
    assert pt(board, "serra_angel") == (7, 4)  # 4/4 with three +1/+0 counters
    assert angel["counters"] == {"+1/+0": 3}
    hour = [n for n in r.notes if n.kind == "counter"]
    assert [n.where for n in hour] == ["mountain"] and not hour[0].matters


def test_tapped_and_summoning_sickness() -> None:
    """Every card is not summoning sick unless ``|SummonSick``; ``removesummoningsickness``
    clears it everywhere."""
    lines = ("humanbattlefield=Grizzly Bears|Tapped;Serra Angel|SummonSick",)
    r = imported(*BASE, *lines)
    assert perm(r, "grizzly_bears")["tapped"] is True
    assert "summoning_sick" not in perm(r, "grizzly_bears")
    assert perm(r, "serra_angel")["summoning_sick"] is True
    cleared = imported(*BASE, "removesummoningsickness=true", *lines)
    assert "summoning_sick" not in perm(cleared, "serra_angel")


@pytest.mark.parametrize("key", ["AttachedTo", "Attaching", "attachedto"])
def test_both_attachment_spellings(key: str) -> None:
    """``Attaching:N`` is the older spelling of ``AttachedTo:N``; the target may come later
    in the file or be on the other side."""
    r = imported(*BASE, f"humanbattlefield=Pacifism|{key}:3",
                 "aibattlefield=Grizzly Bears|Id:3")
    assert perm(r, "pacifism")["attached_to"] == "id3"


def test_attachment_to_a_missing_id_is_a_note() -> None:
    r = imported(*BASE, "humanbattlefield=Bonesplitter|AttachedTo:99;Grizzly Bears")
    assert "attached_to" not in perm(r, "bonesplitter")
    assert "attachment" in kinds(r)


def test_transformed_and_face_down() -> None:
    """``|Transformed`` puts the back face up, whether the file names the front face or the
    back one; ``|FaceDown`` is a face-down permanent."""
    r = imported(*BASE, "humanbattlefield=Delver of Secrets|Transformed;"
                 "Insectile Aberration|Transformed;Grizzly Bears|FaceDown")
    assert perm(r, "delver_of_secrets")["card"] == "Insectile Aberration"
    assert perm(r, "insectile_aberration")["card"] == "Insectile Aberration"
    assert perm(r, "grizzly_bears")["face_down"] is True
    assert pt(load_board(r.board), "grizzly_bears") == (2, 2)


def test_modal_back_face_and_a_card_with_no_back_face() -> None:
    """``|Modal`` asks for the back face of a modal double-faced card: the corpus lacks
    Tibalt's characteristics, so the card is left out with notes; ``|Transformed`` on a
    single-faced card keeps the front face, with a note."""
    r = imported(*BASE, "humanbattlefield=Valki, God of Lies|Modal;Grizzly Bears|Transformed")
    assert ids(r) == ["grizzly_bears"] and perm(r, "grizzly_bears")["card"] == "Grizzly Bears"
    assert kinds(r) == ["missing_face", "left_out", "no_back_face"]
    assert "Tibalt, Cosmic Impostor" in r.notes[0].message


def test_unknown_card_is_left_out_with_a_note() -> None:
    r = imported(*BASE, "humanbattlefield=No Such Card Anywhere;Grizzly Bears")
    assert ids(r) == ["grizzly_bears"]
    assert {"unknown_card", "left_out"} <= set(kinds(r))
    assert all(n.matters for n in r.notes)


def test_a_misspelled_card_note_names_the_closest_cards() -> None:
    r = imported(*BASE, "humanbattlefield=Grizly Bears")
    unknown = [n for n in r.notes if n.kind == "unknown_card"]
    assert len(unknown) == 1 and "did you mean 'Grizzly Bears'" in unknown[0].message


def test_scripts_and_merges_are_notes_that_matter() -> None:
    r = imported(*BASE, "humanbattlefield=Grizzly Bears|ExecuteScript:Copy->3;"
                 "Serra Angel|MergedCards:Grizzly Bears|NamedCard:Shock|Set:M10")
    assert sorted(n.message.split("'")[1].split(":")[0] for n in r.notes) == [
        "executescript", "mergedcards", "namedcard"]
    assert all(n.matters for n in r.notes)


def test_choices_are_held_where_the_board_has_them() -> None:
    """Pentarch Ward's chosen colour and Urza's Incubator's chosen type are the board's
    ``chosen``; a choice of two colours is a note."""
    r = imported(*BASE, "humanbattlefield=Pentarch Ward|ChosenColor:white|AttachedTo:1;"
                 "Grizzly Bears|Id:1;Urza's Incubator|ChosenType:Wurm;"
                 "Serra Angel|ChosenColor:white,blue")
    if "chosen" not in Permanent.model_fields:
        assert kinds(r).count("option") >= 3
        return
    assert perm(r, "pentarch_ward")["chosen"] == {"color": "white"}
    assert perm(r, "urza_s_incubator")["chosen"] == {"creature_type": "Wurm"}
    assert [n.where for n in r.notes] == ["serra_angel"]
    assert load_board(r.board).permanent("pentarch_ward").chosen is not None


def test_players_life_poison_hand_and_graveyard() -> None:
    r = imported(*BASE, "humanlife=-2", "ailife=9", "aicounters=POISON=3",
                 "humanhand=Giant Growth;Grizzly Bears", "aigraveyard=Serra Angel",
                 "humanlibrary=Mountain;Mountain")
    human, ai = r.board["players"]
    assert (human["name"], human["life"], ai["life"], ai["poison"]) == ("human", -2, 9, 3)
    assert human["hand"] == ["Giant Growth", "Grizzly Bears"]
    assert ai["graveyard"] == ["Serra Angel"]
    library = [n for n in r.notes if n.kind == "zone"]
    assert len(library) == 1 and not library[0].matters


def test_precast_modelled_spell_is_an_effect_and_others_are_notes() -> None:
    """A precast whole spell whose lasting effect the catalog models is a resolved spell on
    the board (Giant Growth's +3/+3 on its target); a named ability is a note."""
    r = imported(*BASE, "humanbattlefield=Grizzly Bears|Id:5", "humanprecast=Giant Growth->5",
                 "aiprecast=History of Benalia:TrigToken")
    assert r.board["effects"] == [{"card": "Giant Growth", "controller": "human",
                                   "targets": ["id5"]}]
    assert pt(load_board(r.board), "id5") == (5, 5)
    assert [n.kind for n in r.notes] == ["precast"] and r.notes[0].matters


def test_multiplayer_is_refused() -> None:
    with pytest.raises(BoardError, match="two-player"):
        imported(*BASE, "p2battlefield=Grizzly Bears")


# -- the question --------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["UPKEEP", "Main1", "main1", "COMBAT_BEGIN",
                                   "COMBAT_DECLARE_ATTACKERS"])
def test_before_attackers_is_an_attack_question(phase: str) -> None:
    r = imported("ActivePlayer=human", f"ActivePhase={phase}",
                 "humanbattlefield=Grizzly Bears")
    assert r.question == "attacks" and "attack" not in r.board


@pytest.mark.parametrize("phase", ["COMBAT_DECLARE_ATTACKERS", "COMBAT_DECLARE_BLOCKERS",
                                   "MAIN1"])
def test_attacking_creatures_make_a_block_question(phase: str) -> None:
    """Any state with ``|Attacking`` creatures is the defender's blocks; ``Attacking:N``
    attacks the planeswalker with ``Id:N``."""
    r = imported("ActivePlayer=ai", f"ActivePhase={phase}",
                 "aibattlefield=Grizzly Bears|Attacking;Serra Angel|Attacking:4;Mountain",
                 "humanbattlefield=Liliana of the Veil|Id:4|Counters:LOYALTY=3;Grizzly Bears")
    assert r.question == "blocks"
    assert r.board["attack"] == {"grizzly_bears_2": "human", "serra_angel": "id4"}
    assert r.board["active_player"] == "ai"


def test_attackers_in_a_damage_step_make_a_damage_question() -> None:
    r = imported("ActivePlayer=human", "ActivePhase=COMBAT_DAMAGE",
                 "humanbattlefield=Grizzly Bears|Attacking|Tapped")
    assert r.question == "damage" and r.board["blocks"] == {}
    assert "damage" in kinds(r)


@pytest.mark.parametrize("phase", ["MAIN2", "END_OF_TURN", "COMBAT_DECLARE_BLOCKERS"])
def test_no_combat_declaration_is_refused(phase: str) -> None:
    """After combat, or at declare blockers with nothing attacking, there is nothing to
    check."""
    with pytest.raises(BoardError, match="no combat declaration"):
        imported("ActivePlayer=human", f"ActivePhase={phase}",
                 "humanbattlefield=Grizzly Bears")


def test_an_attacker_the_board_refuses_is_left_out_of_the_attack() -> None:
    """A land marked attacking (animated by a script at setup in Forge) is not a creature on
    the board: it leaves the attack, with a note that matters."""
    r = imported("ActivePlayer=ai", "ActivePhase=COMBAT_DECLARE_ATTACKERS",
                 "aibattlefield=Mountain|Attacking|Tapped;Grizzly Bears|Attacking")
    assert r.board["attack"] == {"grizzly_bears": "human"}
    assert [(n.kind, n.where, n.matters) for n in r.notes] == [("attack", "mountain", True)]


def test_the_other_sides_attacking_mark_is_a_note() -> None:
    r = imported(*BASE, "humanbattlefield=Grizzly Bears",
                 "aibattlefield=Grizzly Bears|Attacking")
    assert r.question == "attacks" and kinds(r) == ["attack"]


def test_phase_advance_is_a_note_that_does_not_matter() -> None:
    r = imported("ActivePlayer=p1", "ActivePhase=MAIN1",
                 "ActivePhaseAdvance=COMBAT_DECLARE_BLOCKERS", "p1battlefield=Grizzly Bears")
    assert r.question == "attacks" and r.board["active_player"] == "ai"
    assert kinds(r) == ["phase"] and not r.notes[0].matters
