"""Rich renderings for the command line: what a judge reads to follow the engine.

Every function here takes already-computed facts (a board, its instances, a verdict, a process)
and returns rich renderables; nothing here runs the solver. Data strings are wrapped in
:class:`~rich.text.Text` so that brackets in descriptions (``[opp]``) are never read as markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import assert_never

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.board.model import Board
from mtgcombat.board.unmodelled import Unmodelled
from mtgcombat.compile.instances import Instances
from mtgcombat.legality.explain import CommitmentView, StateView
from mtgcombat.legality.verdict import Verdict
from mtgcombat.payment.plan import (
    Activate,
    PayLife,
    PayMana,
    PlanStep,
    ReturnToHand,
    Sacrifice,
    Tap,
    step_from_json,
)
from mtgcombat.views.summary import LegalSummary, Role, player_roles
from mtgcombat.views.text import safe


def txt(value: object, style: str = "") -> Text:
    """Plain text (never markup, control characters escaped) with an optional style."""
    return Text(safe(value), style=style)


def _table(title: str, *columns: str) -> Table:
    table = Table(title=txt(title, "bold"), title_justify="left", show_lines=False,
                  min_width=len(title))
    for col in columns:
        table.add_column(txt(col), overflow="fold")
    return table


# -- show ----------------------------------------------------------------------------------


def players_table(board: Board) -> Table:
    """Players with their role in this combat (active, defending, not defending)."""
    roles = player_roles(board)
    table = _table("Players", "name", "role", "life", "cards in hand")
    for p in board.players:
        table.add_row(txt(p.name), _role(roles[p.name]), txt(p.life), txt(p.cards_in_hand))
    return table


def _role(role: Role) -> Text:
    if role == "active":
        return txt("active player", "bold green")
    if role == "defending":
        return txt("defending player", "yellow")
    if role == "not_defending":
        return txt("not defending (attack_multiple_players: false)", "dim")
    raise NotImplementedError(role)


def targets_table(inst: Instances) -> Table:
    """What can be attacked (CR 508.1b) and whose it is."""
    table = _table("Targets (CR 508.1b)", "id", "kind", "defending player")
    for t in inst.targets:
        table.add_row(txt(t.id), txt(t.kind), txt(t.player))
    if not inst.targets:
        table.add_row(txt("(none)", "dim"), txt(""), txt(""))
    return table


def creatures_table(inst: Instances) -> Table:
    """The active player's creatures: candidate attackers with their targets, and the ones that
    can't be declared, with why (CR 508.1a)."""
    table = _table("Active player's creatures (CR 508.1a)", "id", "name", "can attack",
                   "targets / why not")
    for c in inst.candidates:
        extra = [k for k, on in (("vigilance", c.vigilance), ("banding", c.banding)) if on]
        targets = ", ".join(c.targets) or "(no target)"
        if extra:
            targets += f"  [{', '.join(extra)}]"
        table.add_row(txt(c.id), txt(c.name), txt("yes", "green"), txt(targets))
    for cid, why in inst.not_candidates.items():
        table.add_row(txt(cid), txt(inst.names.get(cid, cid)), txt("no", "red"), txt(why))
    if not inst.creatures:
        table.add_row(txt("(none)", "dim"), txt(""), txt(""), txt(""))
    return table


_TITLES = {
    "attack": ("Restrictions (CR 508.1c)",
               "Requirements (CR 508.1d; one per effect and creature it applies to)",
               "Costs to attack (CR 508.1g; one per effect and creature it applies to)"),
    "block": ("Block restrictions (CR 509.1b)",
              "Block requirements (CR 509.1c; one per effect and creature it applies to)",
              "Costs to block (CR 509.1d; one per effect and blocker it applies to)"),
}


def restrictions_table(inst: Instances, step: str = "attack") -> Table:
    """Every restriction instance with its source and rule."""
    table = _table(_TITLES[step][0], "#", "restriction", "rule")
    for i, r in enumerate(inst.restrictions):
        table.add_row(txt(i), txt(r.describe()), txt(r.source.rule))
    if not inst.restrictions:
        table.add_row(txt("-"), txt("(none)", "dim"), txt(""))
    return table


def requirements_table(inst: Instances, step: str = "attack") -> Table:
    """Every requirement instance (one per effect and creature it applies to); conditional
    ones name their condition."""
    table = _table(_TITLES[step][1], "#", "requirement", "exists", "rule")
    for r in inst.requirements:
        if r.condition is None:
            exists = txt("always")
        else:
            exists = txt(f"only {inst.conditions[r.condition].describe()}", "yellow")
        table.add_row(txt(r.index), txt(r.describe()), exists, txt(r.source.rule))
    if not inst.requirements:
        table.add_row(txt("-"), txt("(none)", "dim"), txt(""), txt(""))
    return table


def costs_table(inst: Instances, step: str = "attack") -> Table:
    """Every cost instance (one per effect and creature): incurred iff its creature is
    declared into its scope."""
    table = _table(_TITLES[step][2], "#", "cost", "rule")
    for ci in inst.costs:
        table.add_row(txt(ci.index), txt(ci.describe()), txt(ci.source.rule))
    if not inst.costs:
        table.add_row(txt("-"), txt("(none)", "dim"), txt(""))
    return table


def unmodelled_table(found: Sequence[Unmodelled]) -> Table:
    """The combat text of the board's cards that the engine does not model (it ignores it)."""
    table = _table("Combat text not modelled (the answers ignore it)", "permanent", "card",
                   "text", "family")
    for u in found:
        table.add_row(txt(u.permanent), txt(u.card), txt(u.text, "yellow"), txt(u.family))
    return table


def show(board: Board, inst: Instances, unmodelled: Sequence[Unmodelled] = ()) -> Group:
    """Everything ``mtgcombat show`` prints (the unmodelled combat text when there is any)."""
    parts: list[RenderableType] = [
        players_table(board), targets_table(inst), creatures_table(inst),
        restrictions_table(inst), requirements_table(inst), costs_table(inst),
    ]
    if unmodelled:
        parts.append(unmodelled_table(unmodelled))
    for note in inst.notes:
        parts.append(txt(f"note: {note}", "dim"))
    return Group(*parts)


def show_blocks(board: Board, inst: Instances) -> Group:
    """The declare-blockers part of ``mtgcombat show`` (CR 509.1)."""
    attack = _table("Declared attack (CR 508.1)", "attacker", "attacks", "blockable by "
                    f"{inst.active_player}")
    blockable = {t.id for t in inst.targets}
    for a, t in (board.attack or {}).items():
        attack.add_row(txt(a), txt(t), txt("yes" if a in blockable else "no"))
    blockers = _table(f"{inst.active_player}'s creatures (CR 509.1a)", "id", "name",
                      "can block", "attackers / why not")
    for c in inst.candidates:
        cap = "any number" if c.capacity is None else str(c.capacity)
        blockers.add_row(txt(c.id), txt(c.name), txt(f"yes (up to {cap})", "green"),
                         txt(", ".join(c.targets) or "(no attacker)"))
    for cid, why in inst.not_candidates.items():
        blockers.add_row(txt(cid), txt(inst.names.get(cid, cid)), txt("no", "red"), txt(why))
    return Group(attack, blockers, restrictions_table(inst, "block"),
                 requirements_table(inst, "block"), costs_table(inst, "block"))


# -- legal ---------------------------------------------------------------------------------


def _names(ids: Iterable[str], names: Mapping[str, str]) -> str:
    out = [f"{i} ({names[i]})" if names.get(i, i) != i else i for i in ids]
    return safe(", ".join(out)) if out else "none"


def legal_summary(s: LegalSummary, names: Mapping[str, str], verb: str = "attack",
                  complete: bool = True) -> Text:
    """The summary lines opening ``mtgcombat legal``'s (``blocks``') human output; for an
    incomplete list (the time limit ran out) only how many were found."""
    text = Text()
    noun = "declaration" if s.count == 1 else "declarations"
    if not complete:
        text.append(f"At least {s.count} legal {verb} {noun} (the time limit ran out before "
                    "the list was complete).", style="bold yellow")
        return text
    text.append(f"{s.count} legal {verb} {noun}.\n", style="bold")
    text.append(f"Must {verb} ({verb}s in every legal declaration): ")
    text.append(_names(s.must(), names) + "\n", style="green")
    text.append(f"Can't {verb} ({verb}s in no legal declaration): ")
    text.append(_names(s.never(), names), style="red")
    return text


def legal_table(decls: Sequence[DeclarationLike], total: int, verb: str = "attack",
                complete: bool = True) -> Table:
    """The legal declarations, one row each, in canonical order (of at least ``total`` when
    not ``complete``)."""
    title = "Legal declarations"
    if len(decls) < total:
        of = f"{total}" if complete else f"at least {total}"
        title += f" (first {len(decls)} of {of}; see --limit)"
    who = "attackers" if verb == "attack" else "blocks"
    form = "ID=TARGET" if verb == "attack" else "BLOCKER=ATTACKER"
    table = _table(title, "#", who, f"declaration ({form})")
    for i, d in enumerate(decls, start=1):
        table.add_row(txt(i), txt(len(d)), txt(" ".join(d.to_cli()) or f"(no {verb})"))
    return table


# -- check ---------------------------------------------------------------------------------


def _bullets(title: str, items: Iterable[str], style: str = "") -> Text | None:
    items = list(items)
    if not items:
        return None
    text = Text(f"{safe(title)}\n", style="bold")
    text.append("\n".join(f"  - {safe(i)}" for i in items), style=style)
    return text


def plan_step(step: PlanStep) -> str:
    """One payment-plan step in words."""
    match step:
        case Activate():
            where = " (from hand)" if step.from_hand else ""
            text = f"activate {step.source}{where}: {step.ability} → {step.produced}"
            if step.sacrificed:
                text += f" (sacrificing {', '.join(step.sacrificed)})"
            if step.tapped:
                text += f" (tapping {', '.join(step.tapped)})"
            return text
        case PayMana():
            return f"pay {step.mana}"
        case PayLife():
            return f"pay {step.amount} life"
        case Tap() | Sacrifice() | ReturnToHand():
            return f"{step.action} {step.permanent} (for {step.for_})"
        case _:
            assert_never(step)


def _payment(payment: Mapping[str, object] | None) -> Text | None:
    if payment is None:
        return None
    total = payment.get("total")
    if not payment.get("payable"):
        return _bullets(f"Payment (CR 508.1h-j): total {total} can't be paid:",
                        [str(payment.get("unpaid"))], "red")
    plan = payment.get("plan")
    steps = [plan_step(step_from_json(s)) for s in plan] if isinstance(plan, list) else []
    attackers = payment.get("attackers")
    if isinstance(attackers, list):
        steps.append("creatures that become attacking: " + (", ".join(attackers) or "none"))
    return _bullets(f"Payment plan (CR 508.1h-j), total {total}:", steps or ["nothing to pay"])


_RULES = {
    "--attack": {"requirements": "CR 508.1d", "costs": "CR 508.1g"},
    "--block": {"requirements": "CR 509.1c", "costs": "CR 509.1d"},
}


def verdict(v: Verdict, flag: str = "--attack") -> Group:
    """``mtgcombat check``'s human output (``flag``: ``--block`` for a block declaration)."""
    rules = _RULES.get(flag, _RULES["--attack"])
    parts: list[RenderableType] = []
    head = Text()
    head.append("LEGAL" if v.legal else "ILLEGAL", style="bold green" if v.legal else "bold red")
    head.append(f"  {safe(v.declaration)}")
    parts.append(head)
    parts.append(txt(f"Reason: {v.reason}"))
    better = None
    if v.witness is not None:
        cli = " ".join(f"{flag} {a}" for a in v.witness.to_cli()) or f"(no {flag})"
        better = _bullets("A better declaration (it obeys more requirements, breaks no "
                          "restriction and pays no cost this one doesn't; "
                          f"{rules['requirements']}):",
                          [f"{v.witness}   [as arguments: {cli}]"])
    counts = None
    if v.obeyed is not None and v.maximum is not None:
        counts = Text(f"Requirements obeyed: {v.obeyed}; most possible: {v.maximum}")
    sections = [
        _bullets("Violated restrictions:", v.violated, "red"),
        better,
        _bullets("Requirements the better declaration obeys and this one doesn't:",
                 v.witness_obeys, "yellow"),
        counts,
        _bullets(f"Costs this declaration incurs ({rules['costs']}):", v.costs),
        _bullets("Which requirements exist depends on what is declared; the stages of "
                 f"re-checking them ({rules['requirements']}):", v.branch),
        _payment(v.payment),
        _bullets("Notes:", v.notes, "dim"),
    ]
    parts.extend(s for s in sections if s is not None)
    return Group(*parts)


# -- explain -------------------------------------------------------------------------------


EXPLAIN_INTRO = (
    "Which attacks are legal can depend on what is declared: some requirements exist only "
    "if certain creatures attack (CR 508.1d). For each choice of which costs to pay, the "
    "requirements are checked in stages. A stage counts the requirements that exist when its "
    "conditions are met and finds the most of them one declaration can obey without breaking "
    "a restriction (CR 508.1c) or paying a cost outside that choice. When a declaration that "
    "obeys that many meets other conditions, the check starts again with the requirements "
    "they add (a later stage), still obeying as many of the earlier ones. A declaration is "
    "legal when it obeys the most at the stage whose conditions are exactly the ones it meets.")
"""What ``mtgcombat explain`` says first: how the stages below are built."""


def _state_node(st: StateView, tree: Tree | None, label_prefix: str = "") -> Tree:
    label = Text(f"{label_prefix}stage {st.index}", style="bold")
    label.append(f"  at most {st.maximum} of {len(st.requirements)} requirement(s) can be "
                 "obeyed")
    node = Tree(label) if tree is None else tree.add(label)
    node.add(txt("conditions met: " + (", ".join(st.conditions_on) or "none")))
    reqs = node.add(Text(f"requirements that exist ({len(st.requirements)})"))
    for r in st.requirements:
        reqs.add(txt(r))
    if st.history:
        kept = node.add(Text("still to obey, from earlier stages"))
        for members, k in st.history:
            kept.add(txt(f"at least {k} of: " + "; ".join(members)))
    else:
        node.add(Text("still to obey, from earlier stages: nothing"))
    node.add(txt(f"a declaration that obeys that many: {st.witness}"))
    legal = [str(d) for d in st.terminals] or ["none"]
    more = "" if st.terminals_complete else " (not all listed)"
    t = node.add(Text(f"legal at this point{more}:", style="green"))
    for d in legal:
        t.add(txt(d, "green"))
    return node


def _place(st: StateView, parent: Tree, by_index: Mapping[int, StateView],
           placed: set[int]) -> None:
    """Add ``st`` and its subtree under ``parent``; a stage reached twice is referenced."""
    if st.index in placed:
        parent.add(Text(f"→ stage {st.index} (shown above)", style="dim"))
        return
    placed.add(st.index)
    node = _state_node(st, parent)
    for child in st.children:
        _place(by_index[child], node, by_index, placed)


def explain(views: Sequence[CommitmentView]) -> Group:
    """``mtgcombat explain``'s human output: how the stages are built, then one tree of
    stages per choice of which costs to pay."""
    parts: list[RenderableType] = [Text(EXPLAIN_INTRO, style="dim")]
    for n, cv in enumerate(views, start=1):
        head = Text(f"Choice {n} of {len(views)} of which costs to pay: ", style="bold")
        head.append(safe("; ".join(cv.costs)) or "pay none")
        root = Tree(head)
        by_index = {s.index: s for s in cv.states}
        placed: set[int] = set()
        for st in cv.states:
            if st.parent is None:
                _place(st, root, by_index, placed)
        parts.append(root)
    return Group(*parts)
