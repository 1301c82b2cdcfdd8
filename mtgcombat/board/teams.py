"""Teams: the board's ``teams`` field (Two-Headed Giant, CR 810, with the shared team turns
option, CR 805).

What the rules say and what the model does with it:

- CR 810.1: two teams of two players each; CR 810.11: equally sized teams of more than two
  (Three-Headed Giant, ...). A board with ``teams`` lists two teams of equal size, at least
  two players each, and every player in exactly one of them.
- CR 805.4a: the team whose turn it is is the active team; here, the active player's team.
- CR 102.3: in a game between teams, a player's opponents are the players not on their team
  (:meth:`~mtgcombat.board.model.Board.opponents`, the selector word ``opponents``).
- CR 805.10a-b: the active team's creatures attack together: one combined attack, legal as a
  whole (CR 508.1), and each attacking creature attacks one defending player (a player of the
  nonactive team), a planeswalker or a battle. "You" in an effect stays the effect's
  controller: a creature that can't attack one defending player may attack their teammate.
  "Each opponent attacks with at least one creature" is one requirement per opponent on the
  active team, obeyed by that player's own creatures.
- CR 805.10d: the defending team declares one combined block, legal as a whole (CR 509.1):
  any creature of either defending player may block a creature attacking that team, one of
  their planeswalkers or battles. CR 805.10e: "the defending player" of an attacker is the
  one it attacks, or who controls or protects what it attacks (landwalk, Tromokratis).
- CR 810.4, 810.9a: a team has one shared life total, and an effect or cost that needs a
  player's life total uses the team's; combat damage and lifelink change it, and each
  teammate shows it; CR 810.10: poison counters are shared too. Each player of a team gives
  the same ``life`` and ``poison``: the team's.
- CR 810.5: mana and other resources aren't shared, so each player pays for their own
  creatures; only costs to attack with the active player's own creatures, and costs to
  block with the defending team's first listed player's creatures, are modelled (others are
  refused when compiled).

Not modelled (refused with a :class:`~mtgcombat.errors.BoardError`): a chosen
``blocking_player`` (the whole defending team blocks, CR 805.10d); a player who left the game
(in Two-Headed Giant a team loses and leaves together, CR 810.8a-b); and the
single-defending-player option (``attack_multiple_players: false``, ``defending_player``),
since the whole nonactive team defends (CR 805.10a).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from mtgcombat.rules.types import shown

if TYPE_CHECKING:
    from mtgcombat.board.model import Board

Fail = Callable[[str, str], NoReturn]
"""Raises a :class:`~mtgcombat.errors.BoardError` with a message and a JSON path."""



def check_teams(board: Board, fail: Fail) -> None:
    """A board's ``teams`` are two equal teams of two or more of its players, each player in
    exactly one, teammates sharing life and poison counters; the fields and options this
    model can't yet play with teams are refused."""
    if board.teams is None:
        return
    _check_partition(board, board.teams, fail)
    if board.blocking_player is not None:
        fail("with teams, the whole defending team blocks together (one combined block, "
             "CR 805.10d): no blocking_player", "$.blocking_player")
    if board.defending_player is not None:
        fail("with teams, the whole nonactive team defends (CR 805.10a): no defending_player",
             "$.defending_player")
    if not board.attack_multiple_players:
        fail("with teams, every player of the nonactive team is a defending player "
             "(CR 805.10a): attack_multiple_players must be true", "$.attack_multiple_players")
    for i, p in enumerate(board.players):
        if p.left_game:
            fail("teams: a player who left the game is not modelled (a team loses and leaves "
                 "together, CR 810.8a-b)", f"$.players[{i}].left_game")
    _check_shared(board, fail)


def _check_partition(board: Board, teams: list[list[str]], fail: Fail) -> None:
    """Two teams of equal size, two or more players each, every player in exactly one."""
    names = [p.name for p in board.players]
    if len(teams) != 2:
        fail(f"Two-Headed Giant is played by two teams (CR 810.1), got {len(teams)}", "$.teams")
    seen: dict[str, int] = {}
    for t, team in enumerate(teams):
        if len(team) < 2:
            fail(f"a team has two or more players (CR 810.1, 810.11), got {len(team)}",
                 f"$.teams[{t}]")
        for j, name in enumerate(team):
            at = f"$.teams[{t}][{j}]"
            if name not in names:
                fail(f"unknown player {shown(name)} (players: "
                     f"{', '.join(shown(n) for n in names)})", at)
            if name in seen:
                fail(f"player {shown(name)} is already on team {seen[name]}: each player is on "
                     "exactly one team", at)
            seen[name] = t
    if len(teams[0]) != len(teams[1]):
        fail(f"the teams are equally sized (CR 810.11), got {len(teams[0])} and "
             f"{len(teams[1])} players", "$.teams")
    for i, name in enumerate(names):
        if name not in seen:
            fail(f"player {shown(name)} is on no team: with 'teams', every player is on one",
                 f"$.players[{i}].name")


def _check_shared(board: Board, fail: Fail) -> None:
    """Teammates give the same ``life`` and ``poison``: the team's (CR 810.4, 810.9a, 810.10)."""
    index = {p.name: i for i, p in enumerate(board.players)}
    for team in board.teams or ():
        first = board.player(team[0])
        for name in team[1:]:
            p = board.player(name)
            for key, why in (("life", "a team has one shared life total (CR 810.4, 810.9a)"),
                             ("poison", "poison counters are shared by the team (CR 810.10)")):
                if getattr(p, key) != getattr(first, key):
                    fail(f"{why}: {shown(name)} has {key} {getattr(p, key)} but teammate "
                         f"{shown(first.name)} has {getattr(first, key)}",
                         f"$.players[{index[name]}].{key}")
