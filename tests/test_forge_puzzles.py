"""The Forge puzzles in ``models/forge/`` (issue 21): every one imports, the notes name what
the board can't hold, and thirteen have their legal declarations derived by hand below.

Each expected answer is worked out from the cards' printed text and the rules, written next
to it: a creature may attack (CR 508.1a-b) an opponent or a planeswalker an opponent
controls, or stay home; a blocker blocks at most one attacker (CR 509.1a) that it may block.
Only puzzles where the engine models every text that bears on the question are used: where a
card's text is unmodelled, the comment says why it doesn't matter to this declaration."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from pathlib import Path

import pytest

from mtgcombat import AttackEngine, BlockEngine, load_board
from mtgcombat.board.model import Board
from mtgcombat.forge import ImportedPuzzle, import_puzzle
from tests.conftest import MODELS
from tests.helpers import pt

FORGE = MODELS / "forge"
PUZZLES = sorted(FORGE.glob("*.pzl"))

Answer = set[frozenset[tuple[str, str]]]


def load(name: str) -> tuple[ImportedPuzzle, Board]:
    imported = import_puzzle(FORGE / f"{name}.pzl")
    return imported, load_board(imported.board)


def free_choices(creatures: Sequence[str], targets: Sequence[str]) -> Answer:
    """Every declaration in which each creature independently picks one of ``targets`` or
    none: the answer when nothing restricts or requires anything."""
    out: Answer = set()
    for picks in product([None, *targets], repeat=len(creatures)):
        out.add(frozenset((c, t) for c, t in zip(creatures, picks, strict=True) if t))
    return out


def attacks(board: Board) -> Answer:
    return {frozenset(d.to_json().items()) for d in AttackEngine(board).legal()}


def blocks(board: Board) -> Answer:
    out: Answer = set()
    for d in BlockEngine(board).legal():
        items: Iterable[tuple[str, str | list[str]]] = d.to_json().items()
        out.add(frozenset((b, a if isinstance(a, str) else ",".join(a)) for b, a in items))
    return out


def test_the_folder_holds_the_forty_puzzles() -> None:
    assert len(PUZZLES) == 40
    assert (FORGE / "README.md").is_file()


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_every_shared_puzzle_imports_to_a_valid_board(path: Path) -> None:
    imported = import_puzzle(path)
    board = load_board(imported.board)
    assert {p.name for p in board.players} == {"human", "ai"}
    assert imported.question in ("attacks", "blocks")
    assert (board.attack is not None) == (imported.question == "blocks")


# -- answers derived by hand -----------------------------------------------------------------


def test_pc_063015_peacekeeper_allows_no_attack() -> None:
    # Peacekeeper (AI): "Creatures can't attack." So the only legal attack is no attack.
    # (Pentarch Ward gives it protection from white, which doesn't bear on attacking.)
    _, board = load("PC_063015")
    assert attacks(board) == {frozenset()}


def test_mtgp_01_the_only_creature_is_tapped() -> None:
    # Mizzix is the human's only creature and it is |Tapped: a tapped creature can't be
    # declared as an attacker (CR 508.1a). (Treetop Ambusher's unmodelled attack trigger is
    # the AI's.)
    _, board = load("MTGP_01")
    assert attacks(board) == {frozenset()}


def test_mtgp_02_five_constructs_attack_freely() -> None:
    # The AI is active with five untapped 4/4 Construct tokens (T:c_4_4_a_construct), none
    # summoning sick; the human controls no planeswalker and nothing taxes or forbids an
    # attack: each Construct attacks the human or not, 2^5 = 32 declarations.
    imported, board = load("MTGP_02")
    constructs = ["c_4_4_a_construct"] + [f"c_4_4_a_construct_{k}" for k in range(2, 6)]
    assert imported.board["active_player"] == "ai"
    assert attacks(board) == free_choices(constructs, ["human"])


def test_mtgp_08_two_dread_shades_and_a_shrunken_demon() -> None:
    # Two Dread Shades and Carnifex Demon (6/6 flying with two -1/-1 counters: 4/4), no
    # restriction on either side and no AI planeswalker: 2^3 = 8.
    _, board = load("MTGP_08")
    assert pt(board, "carnifex_demon") == (4, 4)
    assert attacks(board) == free_choices(["dread_shade", "dread_shade_2", "carnifex_demon"],
                                          ["ai"])


def test_pp24_three_attackers_no_restrictions() -> None:
    # Vault Skirge (with Rancor: +2/+0, trample), Quirion Ranger, Skarrgan Pit-Skulk (with
    # Bonesplitter). The Pit-Skulk's text limits blockers, not attacks; the AI has no
    # planeswalker: 2^3 = 8.
    _, board = load("PP24")
    assert pt(board, "id5") == (3, 1)  # Vault Skirge 1/1 + Rancor's +2/+0
    assert attacks(board) == free_choices(["id5", "quirion_ranger", "id6"], ["ai"])


def test_ps_war2_counters_do_not_restrict() -> None:
    # Flux Channeler, Rigging Runner and Spellgorger Weird with +1/+1 counters; Zetalpa and
    # Rhonas restrict nothing about attacking: 2^3 = 8.
    _, board = load("PS_WAR2")
    assert pt(board, "rigging_runner") == (4, 4)  # 1/1 with three +1/+1 counters
    assert attacks(board) == free_choices(
        ["flux_channeler", "rigging_runner", "spellgorger_weird"], ["ai"])


def test_ps_war4_own_planeswalkers_are_not_attackable() -> None:
    # Evolution Sage and Marwyn attack; Angrath and Vraska are the human's own planeswalkers,
    # which its creatures can't attack (CR 508.1b: an opponent's planeswalker), and the AI
    # has none: 2^2 = 4.
    imported, board = load("PS_WAR4")
    assert board.permanent("vraska_relic_seeker").loyalty == 1  # |Counters:LOYALTY=1
    assert attacks(board) == free_choices(["evolution_sage", "marwyn_the_nurturer"], ["ai"])


def test_ps_war1_attack_the_player_or_domri() -> None:
    # Two Dreadhorde Twins and the Zombie Army token (0/0, two +1/+1 counters, Forebear's
    # Blade: +3/+0): each attacks the AI, the AI's planeswalker Domri, or stays home:
    # 3^3 = 27. (The Twins' unmodelled "Zombie tokens you control have trample" matters to
    # damage, not to who may attack.)
    _, board = load("PS_WAR1")
    assert pt(board, "id7") == (5, 2)
    assert board.permanent("domri_anarch_of_bolas").loyalty == 2
    assert attacks(board) == free_choices(
        ["dreadhorde_twins", "id7", "dreadhorde_twins_2"], ["ai", "domri_anarch_of_bolas"])


def test_ps_war3_attack_the_player_or_saheeli() -> None:
    # Havoc Devils and Feather attack the AI or its planeswalker Saheeli (Ral and The
    # Wanderer are the human's own): 3^2 = 9. The Wanderer's and Saheeli's unmodelled texts
    # prevent noncombat damage and copy artifacts: neither bears on attacking.
    _, board = load("PS_WAR3")
    assert attacks(board) == free_choices(["havoc_devils", "feather_the_redeemed"],
                                          ["ai", "saheeli_sublime_artificer"])


@pytest.mark.parametrize("name", ["PM03", "PM3 - Critical to Win"])
def test_pm3_both_spellings_two_attackers(name: str) -> None:
    # Mortis Dogs (with Strider Harness) and Blind Zealot, no restrictions, no AI
    # planeswalker: 2^2 = 4. The two files (AttachedTo: and Attaching:, other Ids) hold the
    # same board.
    _, board = load(name)
    dogs = next(p.id for p in board.permanents if p.card == "Mortis Dogs")
    assert pt(board, dogs) == (3, 3)  # 2/2 + Strider Harness's +1/+1
    assert attacks(board) == free_choices([dogs, "blind_zealot"], ["ai"])


def test_pm03_and_pm3_import_the_same_board() -> None:
    def shape(name: str) -> set[tuple[str | None, str, str | None, bool]]:
        board = load(name)[1]
        cards = {p.id: p.card for p in board.permanents}
        return {(p.card, p.controller, cards.get(p.attached_to or ""), p.tapped)
                for p in board.permanents}

    assert shape("PM03") == shape("PM3 - Critical to Win")


def test_pp05_three_blockers_four_attackers() -> None:
    # The AI attacks with Gurmag Angler (Dragon Scales: +1/+2, vigilance), Goblin
    # Bushwhacker and two Perilous Myr, none with an evasion ability. The human's untapped
    # creatures: Insectile Aberration (the transformed Delver, a 3/2 flier), Kiln Fiend and
    # Nivix Cyclops (defender can still block). Each blocks one of the four or none:
    # 5^3 = 125. (The Cyclops' and Kiln Fiend's unmodelled triggers need a spell cast.)
    imported, board = load("PP05")
    assert imported.question == "blocks"
    attackers = ["id18", "goblin_bushwhacker", "perilous_myr", "perilous_myr_2"]
    assert sorted(imported.board["attack"]) == sorted(attackers)
    assert pt(board, "id18") == (7, 7)  # 5/5, a +1/+0 counter, Dragon Scales' +1/+2
    assert blocks(board) == free_choices(
        ["insectile_aberration", "kiln_fiend", "nivix_cyclops"], attackers)


def test_pp14_fliers_cannot_be_blocked_by_the_ground_team() -> None:
    # Attacking: Dawnfeather Eagle and two War Falcons (flying), Daru Cavalier and Veteran
    # Cathar (id22). The human's Auramancer, Shambling Shell and Aerie Ouphes have neither
    # flying nor reach, so they can block only the two ground attackers (CR 702.9b): each
    # blocks the Cavalier, the Cathar or nothing, 3^3 = 27. (War Falcon's unmodelled "can't
    # attack unless" was for the declared attack; Stupefying Touch stops activated
    # abilities, not blocks.)
    imported, board = load("PP14")
    assert set(imported.board["attack"]) == {"dawnfeather_eagle", "war_falcon",
                                             "war_falcon_2", "daru_cavalier", "id22"}
    assert blocks(board) == free_choices(["auramancer", "shambling_shell", "id16"],
                                         ["daru_cavalier", "id22"])


# -- what the board can't hold -----------------------------------------------------------------


def _notes(name: str) -> list[str]:
    return [f"{n.kind}:{n.where}" for n in load(name)[0].changes_answer]


def test_precast_spells_scripts_and_merges_are_reported() -> None:
    assert "precast:ai precast" in _notes("PC_072115")  # Joraga Invocation
    assert "option:clone" in _notes("PC_122915")  # ExecuteScript: Clone copies a dragon
    assert "option:lazav_dimir_mastermind" in _notes("PC_120815")
    assert "option:chittering_harvester" in _notes("PS_IKO1")  # MergedCards
    assert _notes("PS_ELD1").count("precast:ai precast") == 6  # six Knight tokens


def test_a_missing_face_and_a_refused_attachment_are_reported() -> None:
    # Plargg's back face (Augusta) has no characteristics in the corpus; Arrest can't
    # enchant Rusted Relic, a creature only with metalcraft (not modelled).
    assert "missing_face:plargg_dean_of_chaos" in _notes("PS_STX1")
    assert "attachment:arrest" in _notes("PC_070715")


def test_revenant_counts_a_graveyard() -> None:
    # Revenant is */* counting creature cards in its controller's graveyard.
    assert "graveyard_count:revenant" in _notes("PC_072115")
