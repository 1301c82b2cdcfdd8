"""The judge's summary of a set of legal declarations, and every player's role in the combat.

Both are data: the CLI renders them as text and tables, the HTTP API as JSON."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.board.model import Board
from mtgcombat.compile.attacks import defending_players

Role = Literal["active", "defending", "not_defending"]
"""A player's part in this combat: the active (attacking) player, a defending player (CR
506.2), or an opponent the active player may not attack (``attack_multiple_players: false``)."""


def player_roles(board: Board) -> dict[str, Role]:
    """Every player's :data:`Role`, by player name, in board order; with teams, each player
    of the active team is an active (attacking) player (CR 805.10a)."""
    defenders = set(defending_players(board))
    active = board.team_of(board.active_player)
    roles: dict[str, Role] = {}
    for p in board.players:
        if p.name in active:
            roles[p.name] = "active"
        elif p.name in defenders:
            roles[p.name] = "defending"
        else:
            roles[p.name] = "not_defending"
    return roles


@dataclass
class LegalSummary:
    """How many legal declarations there are, the creatures in every one and the creatures in
    none; gathered while streaming, keeping only the declarations asked for (``shown``)."""

    creatures: tuple[str, ...]
    count: int = 0
    in_every: set[str] | None = None
    in_some: set[str] = field(default_factory=set)
    shown: list[DeclarationLike] = field(default_factory=list)

    def add(self, decl: DeclarationLike, keep: bool = False) -> None:
        """Account for one more legal declaration (kept in ``shown`` if ``keep``)."""
        self.count += 1
        used = {c for c, _t in decl.pairs()}
        self.in_every = used if self.in_every is None else self.in_every & used
        self.in_some |= used
        if keep:
            self.shown.append(decl)

    def must(self) -> list[str]:
        """Creatures declared in every legal declaration (sorted)."""
        return sorted(self.in_every or ())

    def never(self) -> list[str]:
        """The creatures (of ``creatures``) declared in no legal declaration (sorted)."""
        return sorted(c for c in self.creatures if c not in self.in_some)

    def to_json(self) -> dict[str, Any]:
        """``{"count", "in_every", "in_none"}``."""
        return {"count": self.count, "in_every": self.must(), "in_none": self.never()}


def summarize(creatures: Iterable[str], decls: Iterable[DeclarationLike],
              shown: int = 0) -> LegalSummary:
    """The summary of ``decls`` over ``creatures``, keeping the first ``shown`` declarations."""
    summary = LegalSummary(tuple(creatures))
    for d in decls:
        summary.add(d, keep=summary.count < shown)
    return summary
