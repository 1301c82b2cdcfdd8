"""Board files: pydantic models, strict validation and :func:`load_board`.

A :class:`Board` is a frozen game state at the start of the declare-attackers step. Loading
reads the file within its limits (:mod:`~mtgcombat.board.source`: size, nesting, duplicate
keys), checks the JSON shape (strict: no unknown keys, JSON booleans and integers only, every
integer and string within the ranges of :mod:`mtgcombat.rules.fields`; type names, colours and
keywords normalised to their canonical form) and then the cross-references (unique ids, known
players, attachments without cycles and on what they may enchant or equip (a player, for an
Aura with "Enchant player"), targets of resolved spells and abilities
(:mod:`~mtgcombat.board.resolved`), battles' protectors, card names). Every problem is a
:class:`~mtgcombat.errors.BoardError` naming file and JSON path.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mtgcombat.board.attachments import check_attachments
from mtgcombat.board.chosen import Chosen, check_chosen, check_recorded_choices
from mtgcombat.board.resolved import (
    TAG_MODELS,
    ActivationEntry,
    BoardEffect,
    ThisTurn,
    TopLevelEffect,
    check_targets,
)
from mtgcombat.board.source import check_shape, decode_board, read_board_text
from mtgcombat.board.teams import check_teams
from mtgcombat.errors import BoardError, json_path
from mtgcombat.rules.catalog import Catalog, default_catalog
from mtgcombat.rules.effects import EFFECT_KINDS, Color, Effect
from mtgcombat.rules.fields import (
    BAD_VALUE,
    PT,
    CardType,
    Count,
    Keyword,
    Life,
    Name,
    Subtype,
)
from mtgcombat.rules.types import shown


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Player(_Strict):
    """A player: name, life total, hand (names or just a size) and graveyard."""

    name: Name
    life: Life = 20
    poison: Count = 0
    """Poison counters (CR 104.3d: ten or more and the player loses)."""
    hand_size: Count | None = None
    hand: list[Name] | None = None
    left_game: bool = False
    """Has left the game (CR 800.4a): owns and controls nothing, can't be attacked; lasting
    effects it controlled still apply (their "you" names no player in the game)."""
    graveyard: list[Name] | None = None

    @property
    def cards_in_hand(self) -> int:
        """``hand_size``, defaulting to the length of ``hand`` (or 0)."""
        if self.hand_size is not None:
            return self.hand_size
        return len(self.hand) if self.hand is not None else 0


class Permanent(_Strict):
    """A permanent: a catalog ``card`` (or a custom one with ``name``/``types``/``effects``)
    plus its state. Overrides replace printed values."""

    id: Name
    card: Name | None = None
    name: Name | None = None
    controller: Name
    tapped: bool = False
    summoning_sick: bool = False
    phased_out: bool = False
    face_down: bool = False
    token: bool = False
    """A token (CR 111.1), not a card."""
    counters: dict[Name, Count] = Field(default_factory=dict)
    attached_to: Name | None = None
    goaded_by: list[Name] = Field(default_factory=list)
    paired_with: Name | None = None
    """Soulbond (CR 702.95): the creature it is paired with (:mod:`~mtgcombat.board.pairs`)."""
    chosen_player: Name | None = None
    chosen: Chosen | None = None
    """The colour and creature type chosen as it entered (:mod:`~mtgcombat.board.chosen`)."""
    activations: list[ActivationEntry] | None = None
    owner: Name | None = None
    protector: Name | None = None
    damage: Count = 0
    loyalty: Count | None = None
    defense: Count | None = None
    power: PT | None = None
    toughness: PT | None = None
    colors: list[Color] | None = None
    types: list[CardType] | None = None
    subtypes: list[Subtype] | None = None
    keywords: list[Keyword] | None = None
    effects: list[Effect] = Field(default_factory=list)


class Board(_Strict):
    """A frozen game state at the start of the declare-attackers step."""

    active_player: Name
    players: list[Player] = Field(min_length=2)
    attack_multiple_players: bool = True
    defending_player: Name | None = None
    permanents: list[Permanent] = Field(default_factory=list)
    effects: list[TopLevelEffect] = Field(default_factory=list)
    this_turn: ThisTurn = Field(default_factory=ThisTurn)
    attack: dict[Name, Name] | None = None
    blocking_player: Name | None = None
    blocks: dict[Name, Name | list[Name]] | None = None
    removed_from_combat: list[Name] = Field(default_factory=list)
    teams: list[list[Name]] | None = None
    """Two-Headed Giant teams (CR 810.1, shared team turns CR 805): the active team is the
    active player's team (:mod:`~mtgcombat.board.teams`)."""

    def player(self, name: str) -> Player:
        """The player called ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def permanent(self, pid: str) -> Permanent:
        """The permanent with id ``pid``."""
        for p in self.permanents:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def team_of(self, name: str) -> frozenset[str]:
        """The players of ``name``'s team (just ``name`` without ``teams``)."""
        for team in self.teams or ():
            if name in team:
                return frozenset(team)
        return frozenset({name})

    def opponents(self) -> list[str]:
        """The active player's opponents still in the game, in board order: with teams, the
        players not on the active team (CR 102.3)."""
        team = self.team_of(self.active_player)
        return [p.name for p in self.players if p.name not in team and not p.left_game]


_TYPE_MESSAGES = {
    "bool_type": "expected a JSON boolean (true or false)",
    "int_type": "expected a JSON integer",
    "string_type": "expected a JSON string",
    "list_type": "expected a JSON list",
    "dict_type": "expected a JSON object",
    "extra_forbidden": "unknown key",
    "missing": "required key is missing",
    "string_too_short": "must not be empty",
}


def _keys_at(loc: tuple[Any, ...]) -> list[str]:
    """The keys the object at pydantic location ``loc`` accepts (for "did you mean")."""
    from mtgcombat.rules import effects

    by_tag = {m.model_fields["kind"].default: m for m in vars(effects).values()
              if isinstance(m, type) and issubclass(m, BaseModel) and "kind" in m.model_fields}
    named: dict[str, type[BaseModel]] = {
        "players": Player, "permanents": Permanent, "affects": effects.Selector,
        "trigger": effects.Selector, "other": effects.Selector,
        "permanent": effects.Selector, "filter": effects.Selector, "count": effects.Selector,
        "cost": effects.Cost, "sacrifice": effects.CostPick, "return_to_hand": effects.CostPick,
        "this_turn": ThisTurn,
        "chosen": Chosen,
    }
    model: type[BaseModel] = Board
    for i, part in enumerate(loc):
        if isinstance(part, str) and part in by_tag:
            model = by_tag[part]
        elif isinstance(part, str) and part in TAG_MODELS:
            model = TAG_MODELS[part]
        elif part == "effects":
            model = BoardEffect if i == 0 else model
        elif isinstance(part, str) and part in named:
            model = named[part]
    return list(model.model_fields)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the closest choice, or ``""``."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _bound(etype: str, ctx: Mapping[str, Any]) -> str | None:
    """The message for a value out of its documented range or too long."""
    if etype == "greater_than_equal":
        return f"must be >= {ctx.get('ge')}"
    if etype == "less_than_equal":
        return f"must be <= {ctx.get('le')}"
    if etype == "string_too_long":
        return f"at most {ctx.get('max_length')} characters"
    if etype == "too_long":
        return f"at most {ctx.get('max_length')} items"
    return None


def _got(value: object) -> str:
    """``, got <JSON>`` for a short echo of the input (cut to 60 characters)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**60:
        return f", got an integer of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return ""
    if isinstance(value, dict | list) and len(text) >= 60:
        return ""
    return f", got {text if len(text) <= 60 else text[:60] + '…'}"


def _describe(err: Mapping[str, Any]) -> str:
    etype = str(err.get("type", ""))
    ctx = err.get("ctx") or {}
    if etype == BAD_VALUE:
        return str(ctx.get("message", err.get("msg")))
    msg = _bound(etype, ctx) or _TYPE_MESSAGES.get(etype, str(err.get("msg", "invalid value")))
    loc = err.get("loc", ())
    if etype == "extra_forbidden" and loc:
        key = str(loc[-1])
        return f"unknown key {shown(key)}{did_you_mean(key[:200], _keys_at(tuple(loc[:-1])))}"
    if etype == "too_short" and tuple(loc) == ("players",):
        return f"a game needs at least 2 players, got {len(err.get('input') or [])}"
    if etype == "union_tag_invalid":
        ctx = err.get("ctx") or {}
        tag = str(ctx.get("tag", "?"))
        return f"unknown effect kind {shown(tag)}{did_you_mean(tag[:200], EFFECT_KINDS)}"
    if etype not in ("missing",) and "input" in err:
        msg += _got(err["input"])
    return msg


def _validation_error(exc: ValidationError, file: str | None) -> BoardError:
    errors = exc.errors()
    # Prefer the most specific error: pydantic lists union alternatives; keep the first.
    err = errors[0]
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in _EFFECT_TAGS))
    extra = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
    return BoardError(_describe(err) + extra, path=json_path(loc), file=file)


_EFFECT_TAGS = frozenset(EFFECT_KINDS) | frozenset(TAG_MODELS) | {"activation_x"}


Fail = Callable[[str, str], NoReturn]
"""Raises a :class:`BoardError` with a message and a JSON path."""


def _check_references(board: Board, catalog: Catalog, file: str | None) -> None:
    """Cross-field checks that pydantic's shape validation can't express."""

    def fail(msg: str, path: str) -> NoReturn:
        raise BoardError(msg, path=path, file=file)

    names = _check_players(board, catalog, file, fail)

    def known_player(name: str, path: str) -> None:
        if name not in names:
            listed = ", ".join(shown(n) for n in names)
            fail(f"unknown player {shown(name)} (players: {listed})", path)

    check_teams(board, fail)
    _check_defending(board, known_player, fail)
    _check_left(board, fail)
    ids: dict[str, int] = {}
    for i, perm in enumerate(board.permanents):
        at = f"$.permanents[{i}]"
        if perm.id in ids:
            fail(f"duplicate permanent id {shown(perm.id)} (also permanents[{ids[perm.id]}])",
                 f"{at}.id")
        if perm.id in names:
            fail(f"permanent id {shown(perm.id)} equals a player name", f"{at}.id")
        ids[perm.id] = i
    for i, perm in enumerate(board.permanents):
        _check_permanent(perm, f"$.permanents[{i}]", ids, names, catalog, file, known_player,
                         fail)
    check_attachments(board.permanents, catalog, fail, players=frozenset(names))
    check_targets(board, ids, names, catalog, file, fail)
    check_recorded_choices(board, catalog, fail)
    for i, eff in enumerate(board.effects):
        known_player(eff.controller, f"$.effects[{i}].controller")
        if eff.chosen_player is not None:
            known_player(eff.chosen_player, f"$.effects[{i}].chosen_player")
    for name in board.this_turn.spells_cast:
        known_player(name, f"$.this_turn.spells_cast.{name}")
    _check_combat(board, ids, names, fail)
    # Imported here: the derived view is built from this module's Board.
    from mtgcombat.board.combat_fields import check_combat_fields
    from mtgcombat.board.pairs import check_pairs
    check_combat_fields(board, catalog, fail)
    check_pairs(board, catalog, fail)


def _check_players(board: Board, catalog: Catalog, file: str | None,
                   fail: Fail) -> dict[str, int]:
    """Player names are unique, hands and graveyards hold catalog cards, the active player
    exists; returns player name → index."""
    names: dict[str, int] = {}
    for i, p in enumerate(board.players):
        if p.name in names:
            fail(f"duplicate player name {shown(p.name)} (also players[{names[p.name]}])",
                 f"$.players[{i}].name")
        names[p.name] = i
        if p.hand is not None:
            for j, c in enumerate(p.hand):
                catalog.get(c, path=f"$.players[{i}].hand[{j}]", file=file)
            if p.hand_size is not None and p.hand_size < len(p.hand):
                fail(f"hand_size {p.hand_size} is less than the {len(p.hand)} cards in hand",
                     f"$.players[{i}].hand_size")
        for j, c in enumerate(p.graveyard or ()):
            catalog.get(c, path=f"$.players[{i}].graveyard[{j}]", file=file)
    if board.active_player not in names:
        fail(f"active player {shown(board.active_player)} is not in players "
             f"({', '.join(shown(n) for n in names)})", "$.active_player")
    return names


def _check_left(board: Board, fail: Fail) -> None:
    """Players who left the game (CR 800.4a): every object they owned left with them and what
    they still controlled was exiled, so they own, control, protect and are enchanted by
    nothing, and they aren't attacked, active, defending or blocking."""
    gone = {p.name for p in board.players if p.left_game}
    if not gone:
        return
    if board.active_player in gone:
        fail("the active player has left the game", "$.active_player")
    if not board.opponents():
        fail("every opponent of the active player has left the game", "$.players")
    why = "has left the game (CR 800.4a)"
    for i, perm in enumerate(board.permanents):
        at = f"$.permanents[{i}]"
        for key in ("controller", "owner", "protector", "attached_to"):
            if getattr(perm, key) in gone:
                fail(f"{key} {shown(getattr(perm, key))} {why}", f"{at}.{key}")
        for j, g in enumerate(perm.goaded_by):
            if g in gone:
                fail(f"goad by a player who {why[4:]} is not modelled", f"{at}.goaded_by[{j}]")
    for key in ("defending_player", "blocking_player"):
        if getattr(board, key) in gone:
            fail(f"{key} {shown(getattr(board, key))} {why}", f"$.{key}")
    for cid, target in (board.attack or {}).items():
        if target in gone:
            fail(f"{shown(target)} {why}: nothing attacks them", f"$.attack.{cid}")


def _check_defending(board: Board, known_player: Callable[[str, str], None],
                     fail: Fail) -> None:
    """``defending_player`` fits ``attack_multiple_players`` and the number of players."""
    if board.attack_multiple_players and board.defending_player is not None:
        fail("defending_player is only allowed with attack_multiple_players: false",
             "$.defending_player")
    if board.defending_player is not None:
        known_player(board.defending_player, "$.defending_player")
        if board.defending_player == board.active_player:
            fail("the defending player must be an opponent of the active player",
                 "$.defending_player")
    if (not board.attack_multiple_players and len(board.opponents()) > 1
            and board.defending_player is None):
        fail("defending_player is required with attack_multiple_players: false and "
             "three or more players", "$.defending_player")


def _check_permanent(perm: Permanent, at: str, ids: Mapping[str, int],
                     players: Mapping[str, int], catalog: Catalog, file: str | None,
                     known_player: Callable[[str, str], None], fail: Fail) -> None:
    """One permanent's players, attachment, card or custom characteristics, keywords and
    battle protector."""
    known_player(perm.controller, f"{at}.controller")
    for j, g in enumerate(perm.goaded_by):
        known_player(g, f"{at}.goaded_by[{j}]")
    if perm.chosen_player is not None:
        known_player(perm.chosen_player, f"{at}.chosen_player")
    if perm.owner is not None:
        known_player(perm.owner, f"{at}.owner")
    if perm.attached_to is not None:
        if perm.attached_to not in ids and perm.attached_to not in players:
            fail(f"attached_to names no permanent or player: {shown(perm.attached_to)}",
                 f"{at}.attached_to")
        if perm.attached_to == perm.id:
            fail("a permanent can't be attached to itself", f"{at}.attached_to")
    card = None
    if perm.card is not None:
        card = catalog.get(perm.card, path=f"{at}.card", file=file)
    elif perm.name is None:
        fail("a permanent needs a catalog 'card' or, for a custom permanent, a 'name'", at)
    elif perm.types is None:
        fail("a custom permanent (no 'card') needs 'types'", f"{at}.types")
    printed = card.effects if card is not None and not perm.face_down else []
    check_chosen(perm.chosen, [*printed, *perm.effects], perm.card or perm.name or perm.id, at,
                 fail)
    types = perm.types if perm.types is not None else (card.types if card else [])
    if "Battle" in types:
        if perm.protector is None:
            fail("a battle needs a 'protector'", f"{at}.protector")
        else:
            known_player(perm.protector, f"{at}.protector")
    elif perm.protector is not None:
        fail("only a battle has a 'protector'", f"{at}.protector")


def _check_combat(board: Board, ids: Mapping[str, int], names: Mapping[str, int],
                  fail: Fail) -> None:
    """The blocks and damage fields: ids they name must exist and fit together."""
    active = board.team_of(board.active_player)
    if board.attack is not None:
        for cid, target in board.attack.items():
            at = f"$.attack.{cid}"
            if cid not in ids:
                fail(f"no permanent with id {shown(cid)} to attack with", at)
            elif board.permanents[ids[cid]].controller not in active:
                fail(f"{shown(cid)} is not controlled by the active player; expected a "
                     f"creature {shown(board.active_player)} controls"
                     f"{' (or their teammate, CR 805.10a)' if board.teams else ''}", at)
            if target not in ids and target not in names:
                fail(f"no player or permanent called {shown(target)}", at)
            elif target in active:
                fail("a creature can't attack its own controller; expected an opponent, "
                     "a planeswalker or a battle", at)
    if board.blocking_player is not None:
        if board.blocking_player not in names:
            fail(f"unknown player {shown(board.blocking_player)}", "$.blocking_player")
        elif board.blocking_player == board.active_player:
            fail("the blocking player must be an opponent of the active player",
                 "$.blocking_player")
        if board.attack is None:
            fail("blocking_player needs an 'attack'", "$.blocking_player")
    if board.blocks is not None:
        if board.attack is None:
            fail("'blocks' needs an 'attack'", "$.blocks")
        attack = board.attack or {}
        for bid, blocked in board.blocks.items():
            at = f"$.blocks.{bid}"
            if bid not in ids:
                fail(f"no permanent with id {shown(bid)} to block with", at)
            targets = [blocked] if isinstance(blocked, str) else blocked
            if not targets:
                fail("a blocker blocks at least one attacker", at)
            for j, a in enumerate(targets):
                if a not in attack:
                    fail(f"{shown(a)} is not an attacking creature (not in 'attack')",
                         at if isinstance(blocked, str) else f"{at}[{j}]")
    for i, rid in enumerate(board.removed_from_combat):
        if rid not in ids:
            fail(f"no permanent with id {shown(rid)}", f"$.removed_from_combat[{i}]")


def parse_board(data: object, *, file: str | None = None,
                catalog: Catalog | None = None) -> Board:
    """Validate a decoded JSON value as a :class:`Board`."""
    if not isinstance(data, dict):
        raise BoardError("a board must be a JSON object", file=file)
    check_shape(data, file)
    try:
        board = Board.model_validate(data, strict=True)
    except ValidationError as exc:
        raise _validation_error(exc, file) from None
    except RecursionError:
        raise BoardError("JSON nested too deeply", file=file) from None
    _check_references(board, catalog or default_catalog(), file)
    return board


def load_board(source: str | Path | Mapping[str, Any], *,
               catalog: Catalog | None = None) -> Board:
    """Load and validate a board from a file path or an already-decoded mapping.

    Raises :class:`~mtgcombat.errors.BoardError` (file, JSON path, message) on bad input.
    """
    if isinstance(source, Mapping):
        return parse_board(dict(source), catalog=catalog)
    file = str(source)
    data = decode_board(read_board_text(Path(source), file), file)
    return parse_board(data, file=file, catalog=catalog)
