"""JSON views for the HTTP API that the CLI prints only as tables: ``show`` (the compiled
instances) and the judge's summary of ``legal``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.board.model import Board
from mtgcombat.compile.instances import Instances, Source
from mtgcombat.views.summary import player_roles, summarize


def _source(src: Source) -> dict[str, Any]:
    return {"name": src.name, "permanent": src.permanent, "rule": src.rule,
            "detail": src.detail}


def players_json(board: Board) -> list[dict[str, Any]]:
    """Players with their role in this combat (active, defending, not defending)."""
    roles = player_roles(board)
    return [{"name": p.name, "role": roles[p.name], "life": p.life,
             "cards_in_hand": p.cards_in_hand} for p in board.players]


def instances_json(inst: Instances) -> dict[str, Any]:
    """Targets, creatures (candidates and why the others can't), restriction, requirement and
    cost instances with their sources, conditions and notes."""
    return {
        "active_player": inst.active_player,
        "targets": [{"id": t.id, "kind": t.kind, "player": t.player} for t in inst.targets],
        "candidates": [{"id": c.id, "name": c.name, "targets": list(c.targets),
                        "vigilance": c.vigilance, "banding": c.banding,
                        "capacity": c.capacity} for c in inst.candidates],
        "not_candidates": [{"id": cid, "name": inst.names.get(cid, cid), "reason": why}
                           for cid, why in inst.not_candidates.items()],
        "restrictions": [{"index": i, "kind": r.kind, "description": r.describe(),
                          "source": _source(r.source)}
                         for i, r in enumerate(inst.restrictions)],
        "conditions": [{"index": c.index, "description": c.describe(),
                        "creatures": sorted(c.creatures), "source": _source(c.source)}
                       for c in inst.conditions],
        "requirements": [{"index": r.index, "kind": r.kind, "description": r.describe(),
                          "condition": r.condition, "source": _source(r.source)}
                         for r in inst.requirements],
        "costs": [{"index": c.index, "creature": c.creature, "targets": sorted(c.targets),
                   "description": c.describe(), "source": _source(c.source)}
                  for c in inst.costs],
        "names": dict(inst.names),
        "notes": list(inst.notes),
    }


def show_json(board: Board, attack: Instances, block: Instances | None) -> dict[str, Any]:
    """Everything ``mtgcombat show`` prints, as JSON: ``{"players", "attack", "blocks"}``
    (``blocks`` is null unless the board has a declared ``attack``: blockers are
    declared against a given attack, CR 509.1)."""
    out: dict[str, Any] = {"players": players_json(board), "attack": instances_json(attack),
                           "blocks": None}
    if block is not None:
        out["blocks"] = instances_json(block) | {"declared_attack": dict(board.attack or {})}
    return out


def summary_json(creatures: Iterable[str], decls: Iterable[DeclarationLike]) -> dict[str, Any]:
    """The judge's summary (:class:`~mtgcombat.views.summary.LegalSummary`) as JSON: how many
    legal declarations, the creatures in every one and the creatures in none."""
    return summarize(creatures, decls).to_json()
