"""A parsed puzzle as a board: players, permanents, combat, and the question the state is at.

Players are ``human`` (``p0``) and ``ai`` (``p1``), life from ``HumanLife`` / ``AILife``
(default 20), poison from their ``POISON`` counters, hands as card names and graveyards as
names. Ids: a card with ``|Id:N`` is ``idN``; any other card the slug of its name, with ``_k``
for the k-th card of that slug in file order (the human's battlefield before the AI's; cards
with an ``Id`` don't count). No permanent is summoning sick unless ``|SummonSick`` says so and
``removesummoningsickness`` isn't set, as Forge's loader does.

The question: creatures marked ``|Attacking`` on the active player's side are declared
attackers (``Attacking:N``: attacking the planeswalker or battle with ``Id:N``), so the state is
at the defender's blocks (CR 509.1), or at combat damage (CR 510.1) when the phase is a combat
damage step; without attackers, a state at or before declare attackers is at the active
player's attacks (CR 508.1). A later state has no combat declaration to check.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mtgcombat.errors import BoardError
from mtgcombat.forge.cards import (
    Context,
    base_permanent,
    card_name,
    check_card,
    entry_slug,
    note_counters,
    zone_names,
)
from mtgcombat.forge.parse import PHASES, CardEntry, Puzzle, player_name, read_puzzle
from mtgcombat.forge.report import ImportedPuzzle, Question

PLAYERS = ("human", "ai")
_DAMAGE_STEPS = ("COMBAT_FIRST_STRIKE_DAMAGE", "COMBAT_DAMAGE")
_ZONE_MATTERS = {"library": False, "exile": False, "sideboard": False, "command": True}
"""Zones the board has no field for → whether their cards may change a combat answer (the
command zone holds emblems and effects)."""
_OTHER_MATTERS = {"manapool": True, "persistentmana": True, "putonstack": True}
"""Per-player keys the board has no field for that may change an answer (floating mana pays
costs to attack or block; the stack resolves before combat)."""


def assign_ids(puzzle: Puzzle) -> list[tuple[str, CardEntry, str]]:
    """``(controller, entry, id)`` for every battlefield entry, human's first."""
    counts: dict[str, int] = {}
    out: list[tuple[str, CardEntry, str]] = []
    for player in PLAYERS:
        for entry in puzzle.player(player).zone("battlefield"):
            forge_id = entry.get("id")
            if forge_id is not None and forge_id.strip().isdigit():
                out.append((player, entry, f"id{int(forge_id)}"))
                continue
            base = entry_slug(entry)
            counts[base] = counts.get(base, 0) + 1
            k = counts[base]
            pid = base if k == 1 else f"{base}_{k}"
            if pid in PLAYERS:
                pid = f"{pid}_card"
            out.append((player, entry, pid))
    return out


def _active(puzzle: Puzzle, ctx: Context) -> str:
    """The active player's name (``human`` when the file doesn't say)."""
    if puzzle.active_player is None:
        ctx.note("state", "ActivePlayer", "no active player given; human is taken",
                 matters=True)
        return "human"
    name = player_name(puzzle.active_player)
    if name not in PLAYERS:
        raise BoardError(f"active player {puzzle.active_player!r}: only two-player puzzles "
                         "(human, ai, p0, p1) can be imported", path="ActivePlayer")
    return name


def _phase(puzzle: Puzzle, ctx: Context) -> str:
    """The step the state is at (``MAIN1`` when the file doesn't say)."""
    phase = puzzle.active_phase
    if phase is None:
        ctx.note("state", "ActivePhase", "no phase given; MAIN1 is taken")
        return "MAIN1"
    if phase not in PHASES:
        raise BoardError(f"unknown phase {phase!r} (expected one of {', '.join(PHASES)})",
                         path="ActivePhase")
    return phase


def question_for(phase: str, attacking: bool) -> Question:
    """The question a state at ``phase`` is at, with or without declared attackers; a
    :class:`BoardError` when there is none."""
    at = PHASES.index(phase)
    if attacking and phase in _DAMAGE_STEPS:
        return "damage"
    if attacking and at <= PHASES.index("COMBAT_DECLARE_BLOCKERS"):
        return "blocks"
    if not attacking and at <= PHASES.index("COMBAT_DECLARE_ATTACKERS"):
        return "attacks"
    why = ("after the declare attackers step with no attacking creature" if not attacking
           else "after combat")
    raise BoardError(f"the state is at {phase}, {why}: there is no combat declaration to "
                     "check", path="ActivePhase")


def _players(puzzle: Puzzle, ctx: Context) -> list[dict[str, Any]]:
    """The two players: life, poison, hand, graveyard; other player keys as notes."""
    extra = sorted(set(puzzle.players) - set(PLAYERS))
    if extra:
        raise BoardError(f"player {extra[0]!r}: only two-player puzzles can be imported",
                         path=extra[0])
    out: list[dict[str, Any]] = []
    for name in PLAYERS:
        state = puzzle.player(name)
        player: dict[str, Any] = {"name": name}
        if state.life is not None:
            player["life"] = state.life
        _player_counters(state.counters, player, ctx)
        player["hand"] = zone_names(state.zone("hand"), f"{name} hand", ctx)
        player["graveyard"] = zone_names(state.zone("graveyard"), f"{name} graveyard", ctx)
        for zone, matters in _ZONE_MATTERS.items():
            if state.zone(zone):
                ctx.note("zone", f"{name} {zone}", f"{len(state.zone(zone))} card(s) not "
                         "imported", matters=matters)
        for key, value in state.other.items():
            ctx.note("player", name, f"{key}={value[:80]} is not held by the board",
                     matters=_OTHER_MATTERS.get(key, False))
        out.append(player)
    return out


def _player_counters(value: str, player: dict[str, Any], ctx: Context) -> None:
    for part in (p.strip() for p in value.split(",") if p.strip()):
        kind, _, count = part.partition("=")
        if kind.strip().upper() == "POISON" and count.strip().isdigit():
            player["poison"] = int(count)
        else:
            ctx.note("player", player["name"], f"player counter {part!r} is not held by "
                     "the board")


def _link(perm: dict[str, Any], entry: CardEntry, ids: dict[str, str], ctx: Context) -> None:
    """``AttachedTo:N`` / ``Attaching:N`` and ``EnchantingPlayer:P`` into ``perm``."""
    target = entry.get("attachedto") or entry.get("attaching")
    if target is not None:
        if target.strip() in ids:
            perm["attached_to"] = ids[target.strip()]
        else:
            ctx.note("attachment", perm["id"], f"attached to Id {target!r}, which no "
                     "battlefield card has; left unattached")
    player = entry.get("enchantingplayer")
    if player is not None:
        name = player_name(player.strip())
        if name in PLAYERS:
            perm["attached_to"] = name
        else:
            ctx.note("attachment", perm["id"], f"enchants player {player!r}, not in the game")
    owner = entry.get("owner")
    if owner is not None:
        name = player_name(owner.strip())
        if name in PLAYERS:
            perm["owner"] = name
        else:
            ctx.note("option", perm["id"], f"owner {owner!r} is not in the game")


def _attack(entry: CardEntry, pid: str, defender: str, ids: dict[str, str],
            ctx: Context) -> str:
    """What an ``|Attacking`` entry attacks: the defender, or the card with ``Id:N``."""
    value = (entry.get("attacking") or "").strip()
    if not value:
        return defender
    if value in ids:
        return ids[value]
    ctx.note("attack", pid, f"attacks Id {value!r}, which no battlefield card has; it "
             "attacks the defending player instead")
    return defender


def _permanents(puzzle: Puzzle, active: str, ctx: Context) -> tuple[list[dict[str, Any]],
                                                                    dict[str, str]]:
    """The board's permanents and its attack map (attacker id → what it attacks)."""
    placed = assign_ids(puzzle)
    ids = {(e.get("id") or "").strip(): pid for _, e, pid in placed if e.get("id")}
    defender = next(p for p in PLAYERS if p != active)
    perms: list[dict[str, Any]] = []
    attack: dict[str, str] = {}
    for controller, entry, pid in placed:
        perm = base_permanent(entry, pid, controller, ctx)
        if perm is None:
            continue
        _link(perm, entry, ids, ctx)
        if entry.has("summonsick") and not puzzle.remove_summoning_sickness:
            perm["summoning_sick"] = True
        if entry.has("attacking"):
            if controller == active:
                attack[pid] = _attack(entry, pid, defender, ids, ctx)
            else:
                ctx.note("attack", pid, "marked attacking but not the active player's; "
                         "ignored")
        perms.append(perm)
    kept = {p["id"] for p in perms}
    for perm in perms:
        if perm.get("attached_to") not in (None, *kept, *PLAYERS):
            ctx.note("attachment", perm["id"], f"attached to {perm['attached_to']!r}, "
                     "which is left out; left unattached")
            del perm["attached_to"]
        note_counters(perm, ctx)
    return perms, {a: t for a, t in attack.items() if t in kept or t in PLAYERS}


def _precasts(puzzle: Puzzle, ids: dict[str, str], ctx: Context) -> list[dict[str, Any]]:
    """Spells resolved at setup: a whole card's spell whose lasting effects the catalog
    models is a top-level ``effects`` entry; anything else is a note."""
    from mtgcombat.rules.catalog import default_catalog

    effects: list[dict[str, Any]] = []
    for name in PLAYERS:
        for spell in puzzle.player(name).precast:
            text, _, target = spell.partition("->")
            card, _, ability = text.partition(":")
            where = f"{name} precast"
            if ability:
                ctx.note("precast", where, f"{spell!r}: one ability of {card.strip()!r} "
                         "resolves at setup; what it does is not on the board")
                continue
            found = card_name(CardEntry(card.strip()), where, ctx)
            if found is None or not default_catalog().get(found[0]).resolves:
                ctx.note("precast", where, f"{spell!r} resolves at setup; what it does is not "
                         "on the board")
                continue
            entry: dict[str, Any] = {"card": found[0], "controller": name}
            target = target.strip()
            if target:
                goal = ids.get(target) or (player_name(target)
                                           if player_name(target) in PLAYERS else None)
                if goal is None:
                    ctx.note("precast", where, f"{spell!r}: target {target!r} is not on the "
                             "board; left out")
                    continue
                entry["targets"] = [goal]
            effects.append(entry)
    return effects


def _file_notes(puzzle: Puzzle, phase: str, ctx: Context) -> None:
    """Notes on the lines nothing placed, the phase the file advances to, and abilities."""
    for n, line, why in puzzle.ignored:
        ctx.note("ignored", f"line {n}", f"{line[:80]!r}: {why}", matters=False)
    if puzzle.phase_advance is not None:
        ctx.note("phase", "ActivePhaseAdvance",
                 f"Forge plays on from {phase} to {puzzle.phase_advance} after setup (its AI "
                 "may declare the attack on the way); the board is the state as written",
                 matters=False)
    for name in puzzle.abilities:
        ctx.note("ability", f"ability{name}", "an ability definition given to cards with "
                 "|Ability: is not held by the board")


def convert(puzzle: Puzzle, *, file: str | None = None) -> ImportedPuzzle:
    """The board of ``puzzle``, its question and notes; a :class:`BoardError` (naming
    ``file``) when the state has no combat declaration or the board built is refused."""
    ctx = Context(card_ok=check_card)
    try:
        active = _active(puzzle, ctx)
        phase = _phase(puzzle, ctx)
        players = _players(puzzle, ctx)
        perms, attack = _permanents(puzzle, active, ctx)
        question = question_for(phase, bool(attack))
        ids = {(e.get("id") or "").strip(): pid for _, e, pid in assign_ids(puzzle)
               if e.get("id")}
        effects = _precasts(puzzle, ids, ctx)
    except BoardError as err:
        raise err.with_file(file) if file else err from None
    _file_notes(puzzle, phase, ctx)
    board: dict[str, Any] = {"active_player": active, "players": players,
                             "permanents": perms}
    if effects:
        board["effects"] = effects
    if question != "attacks":
        board["attack"] = attack
    if question == "damage":
        board["blocks"] = {}
        ctx.note("damage", "blocks", "a puzzle file records no blocks: the damage board "
                 "has none")
    _validate(board, file, ctx)
    meta = puzzle.metadata
    return ImportedPuzzle(board=board, question=question, notes=ctx.notes,
                          name=meta.get("name", ""), goal=meta.get("goal", ""),
                          description=meta.get("description", "").replace("\\n", "\n"))


_PERMANENT_PATH = re.compile(r"^\$\.permanents\[(\d+)\](?:\.(\w+))?")
_OPTIONAL = {"attached_to": "attachment", "chosen": "choice"}
"""Permanent fields the import may leave out when the board format refuses their value (note
kind of each)."""
MAX_REPAIRS = 50
"""How many refused attachments or permanents one import may leave out."""


def _validate(board: dict[str, Any], file: str | None, ctx: Context) -> None:
    """Make ``board`` one the board format accepts: a refused attacker, attachment or choice is
    left out, then a refused permanent (and what attacks with it or is attached to it), each
    with a note; a :class:`BoardError` when anything else is refused."""
    from mtgcombat.board.model import parse_board

    for _ in range(MAX_REPAIRS):
        try:
            parse_board(board)
            return
        except BoardError as err:
            attacker = err.path[len("$.attack."):] if err.path.startswith("$.attack.") else ""
            if attacker in board.get("attack", {}):
                ctx.note("attack", attacker, f"left out of the attack: {err.message}")
                del board["attack"][attacker]
                continue
            m = _PERMANENT_PATH.match(err.path)
            if m is None:
                raise BoardError(f"the imported board is refused: {err.path}: {err.message}",
                                 path="", file=file) from None
            perm = board["permanents"][int(m.group(1))]
            if m.group(2) in _OPTIONAL and m.group(2) in perm:
                ctx.note(_OPTIONAL[m.group(2)], perm["id"],
                         f"{m.group(2)} left out: {err.message}")
                del perm[m.group(2)]
            else:
                ctx.note("left_out", perm["id"], f"left out of the board: {err.message}")
                _remove(board, perm["id"])
    raise BoardError("the imported board is refused: too many permanents left out", path="",
                     file=file)


def _remove(board: dict[str, Any], pid: str) -> None:
    """Take permanent ``pid`` off ``board``, with its part in combat and attachments."""
    board["permanents"] = [p for p in board["permanents"] if p["id"] != pid]
    for p in board["permanents"]:
        if p.get("attached_to") == pid:
            del p["attached_to"]
    attack = board.get("attack")
    if attack is not None:
        board["attack"] = {a: t for a, t in attack.items() if pid not in (a, t)}
    board["effects"] = [e for e in board.get("effects", []) if pid not in e.get("targets", [])]
    if not board["effects"]:
        del board["effects"]


def import_text(text: str, *, file: str | None = None) -> ImportedPuzzle:
    """The imported puzzle in ``text`` (a ``.pzl`` file's contents)."""
    from mtgcombat.forge.parse import parse_puzzle

    return convert(parse_puzzle(text, file), file=file)


def import_puzzle(path: str | Path) -> ImportedPuzzle:
    """Import the Forge puzzle file at ``path``: the board, its question and notes.

    Raises :class:`~mtgcombat.errors.BoardError` (naming the file) for a file that isn't a
    puzzle, a multiplayer puzzle, a state with no combat declaration to check, or a board the
    board format refuses.
    """
    return convert(read_puzzle(path), file=str(path))

