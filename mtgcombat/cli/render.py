"""Rich renderings for the command line: what a judge reads to follow the engine.

Every function here takes already-computed facts (a board, its instances, a verdict, a process)
and returns rich renderables; nothing here runs the solver. Data strings are wrapped in
:class:`~rich.text.Text` so that brackets in descriptions (``[opp]``) are never read as markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from mtgcombat.board.declaration import DeclarationLike
from mtgcombat.board.model import Board
from mtgcombat.compile.attacks import defending_players
from mtgcombat.compile.instances import Instances
from mtgcombat.legality.explain import CommitmentView, StateView
from mtgcombat.legality.verdict import Verdict


def txt(value: object, style: str = "") -> Text:
    """Plain text (never markup) with an optional style."""
    return Text(str(value), style=style)


def _table(title: str, *columns: str) -> Table:
    table = Table(title=Text(title, style="bold"), title_justify="left", show_lines=False,
                  min_width=len(title))
    for col in columns:
        table.add_column(col, overflow="fold")
    return table


# -- show ----------------------------------------------------------------------------------


def players_table(board: Board) -> Table:
    """Players with their role in this combat (active, defending, not defending)."""
    defenders = set(defending_players(board))
    table = _table("Players", "name", "role", "life", "cards in hand")
    for p in board.players:
        if p.name == board.active_player:
            role = txt("active player", "bold green")
        elif p.name in defenders:
            role = txt("defending player", "yellow")
        else:
            role = txt("not defending (attack_multiple_players: false)", "dim")
        table.add_row(txt(p.name), role, txt(p.life), txt(p.cards_in_hand))
    return table


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
               "Requirements (CR 508.1d; one instance per creature, SPEC §3)",
               "Costs to attack (CR 508.1g; one instance per effect and creature)"),
    "block": ("Block restrictions (CR 509.1b)",
              "Block requirements (CR 509.1c; one instance per creature, SPEC §11)",
              "Costs to block (CR 509.1d; one instance per effect and blocker)"),
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
    """Every requirement instance (SPEC §3); conditional ones name their condition."""
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
    """Every cost instance (SPEC §3): incurred iff its creature attacks into its scope."""
    table = _table(_TITLES[step][2], "#", "cost", "rule")
    for ci in inst.costs:
        table.add_row(txt(ci.index), txt(ci.describe()), txt(ci.source.rule))
    if not inst.costs:
        table.add_row(txt("-"), txt("(none)", "dim"), txt(""))
    return table


def show(board: Board, inst: Instances) -> Group:
    """Everything ``mtgcombat show`` prints."""
    parts: list[RenderableType] = [
        players_table(board), targets_table(inst), creatures_table(inst),
        restrictions_table(inst), requirements_table(inst), costs_table(inst),
    ]
    for note in inst.notes:
        parts.append(txt(f"note: {note}", "dim"))
    return Group(*parts)


def show_blocks(board: Board, inst: Instances) -> Group:
    """The declare-blockers part of ``mtgcombat show`` (SPEC §11)."""
    attack = _table("Declared attack (SPEC §11)", "attacker", "attacks", "blockable by "
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


@dataclass
class LegalSummary:
    """What a judge reads aloud about the set of legal declarations (gathered while
    streaming: nothing but the first rows is kept)."""

    creatures: tuple[str, ...]
    count: int = 0
    in_every: set[str] | None = None
    in_some: set[str] = field(default_factory=set)
    shown: list[DeclarationLike] = field(default_factory=list)

    def add(self, decl: DeclarationLike, keep: bool) -> None:
        """Account for one more legal declaration (kept for the table if ``keep``)."""
        self.count += 1
        attackers = {c for c, _t in decl.pairs()}
        self.in_every = attackers if self.in_every is None else self.in_every & attackers
        self.in_some |= attackers
        if keep:
            self.shown.append(decl)

    def must_attack(self) -> list[str]:
        """Creatures attacking in every legal declaration."""
        return sorted(self.in_every or ())

    def never_attack(self) -> list[str]:
        """The active player's creatures attacking in no legal declaration."""
        return sorted(c for c in self.creatures if c not in self.in_some)


def _names(ids: Iterable[str], names: Mapping[str, str]) -> str:
    out = [f"{i} ({names[i]})" if names.get(i, i) != i else i for i in ids]
    return ", ".join(out) if out else "none"


def legal_summary(s: LegalSummary, names: Mapping[str, str], verb: str = "attack") -> Text:
    """The summary lines opening ``mtgcombat legal``'s (``blocks``') human output."""
    text = Text()
    noun = "declaration" if s.count == 1 else "declarations"
    text.append(f"{s.count} legal {verb} {noun}.\n", style="bold")
    text.append(f"Must {verb} ({verb}s in every legal declaration): ")
    text.append(_names(s.must_attack(), names) + "\n", style="green")
    text.append(f"Can't {verb} ({verb}s in no legal declaration): ")
    text.append(_names(s.never_attack(), names), style="red")
    return text


def legal_table(decls: Sequence[DeclarationLike], total: int, verb: str = "attack") -> Table:
    """The legal declarations, one row each, in canonical order."""
    title = "Legal declarations"
    if len(decls) < total:
        title += f" (first {len(decls)} of {total}; see --limit)"
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
    text = Text(f"{title}\n", style="bold")
    text.append("\n".join(f"  - {i}" for i in items), style=style)
    return text


def plan_step(step: Mapping[str, object]) -> str:
    """One payment-plan step in words."""
    action = step.get("action")
    who = step.get("permanent")
    if action == "activate":
        text = f"activate {who}: {step.get('ability')} → {step.get('produced')}"
        if step.get("sacrificed"):
            text += f" (sacrificing {step['sacrificed']})"
        if step.get("exiled"):
            text += f" (exiling {step['exiled']} from hand)"
        return text
    if action == "pay_mana":
        return f"pay {step.get('mana')}"
    if action == "pay_life":
        return f"pay {step.get('amount')} life"
    rest = {k: v for k, v in step.items() if k not in ("action", "permanent")}
    extra = ", ".join(f"{k} {v}" for k, v in rest.items())
    return f"{action} {who}" + (f" ({extra})" if extra else "")


def _payment(payment: Mapping[str, object] | None) -> Text | None:
    if payment is None:
        return None
    total = payment.get("total")
    if not payment.get("payable"):
        return _bullets(f"Payment (CR 508.1h-j): total {total} can't be paid:",
                        [str(payment.get("unpaid"))], "red")
    plan = payment.get("plan")
    steps = [plan_step(s) for s in plan] if isinstance(plan, list) else []
    attackers = payment.get("attackers")
    if isinstance(attackers, list):
        steps.append("creatures that become attacking: " + (", ".join(attackers) or "none"))
    return _bullets(f"Payment plan (CR 508.1h-j), total {total}:", steps or ["nothing to pay"])


def verdict(v: Verdict, flag: str = "--attack") -> Group:
    """``mtgcombat check``'s human output."""
    parts: list[RenderableType] = []
    head = Text()
    head.append("LEGAL" if v.legal else "ILLEGAL", style="bold green" if v.legal else "bold red")
    head.append(f"  {v.declaration}")
    parts.append(head)
    parts.append(Text(f"Reason: {v.reason}"))
    witness = None
    if v.witness is not None:
        cli = " ".join(f"{flag} {a}" for a in v.witness.to_cli()) or f"(no {flag})"
        witness = _bullets("Witness (a declaration that does better, costs within ours):",
                           [f"{v.witness}   [as arguments: {cli}]"])
    counts = None
    if v.obeyed is not None and v.maximum is not None:
        counts = Text(f"Requirements obeyed: {v.obeyed}; most possible: {v.maximum}")
    sections = [
        _bullets("Violated restrictions:", v.violated, "red"),
        witness,
        _bullets("Requirements the witness obeys that this declaration doesn't:",
                 v.witness_obeys, "yellow"),
        counts,
        _bullets("Committed costs (incurred by this declaration):", v.costs),
        _bullets("Branch of the conditional process (SPEC §5):", v.branch),
        _payment(v.payment),
        _bullets("Notes:", v.notes, "dim"),
    ]
    parts.extend(s for s in sections if s is not None)
    return Group(*parts)


# -- explain -------------------------------------------------------------------------------


def _state_node(st: StateView, tree: Tree | None, label_prefix: str = "") -> Tree:
    label = Text(f"{label_prefix}state {st.index}", style="bold")
    label.append(f"  maximum {st.maximum} of {len(st.requirements)} requirement(s)")
    node = Tree(label) if tree is None else tree.add(label)
    node.add(Text("conditions on: " + (", ".join(st.conditions_on) or "none")))
    reqs = node.add(Text(f"requirements that exist ({len(st.requirements)})"))
    for r in st.requirements:
        reqs.add(Text(r))
    if st.history:
        hist = node.add(Text("history (bounds from earlier steps)"))
        for members, k in st.history:
            hist.add(Text(f"obey at least {k} of: " + "; ".join(members)))
    else:
        node.add(Text("history: none"))
    node.add(Text(f"witness (reaches the maximum): {st.witness}"))
    terms = [str(d) for d in st.terminals] or ["none"]
    more = "" if st.terminals_complete else " (not all listed)"
    t = node.add(Text(f"terminal declarations{more}:", style="green"))
    for d in terms:
        t.add(Text(d, style="green"))
    return node


def _place(st: StateView, parent: Tree, by_index: Mapping[int, StateView],
           placed: set[int]) -> None:
    """Add ``st`` and its subtree under ``parent``; a state reached twice is referenced."""
    if st.index in placed:
        parent.add(Text(f"→ state {st.index} (shown above)", style="dim"))
        return
    placed.add(st.index)
    node = _state_node(st, parent)
    for child in st.children:
        _place(by_index[child], node, by_index, placed)


def explain(views: Sequence[CommitmentView]) -> Group:
    """``mtgcombat explain``'s human output: one tree per cost commitment."""
    parts: list[RenderableType] = []
    for n, cv in enumerate(views, start=1):
        head = Text(f"Commitment {n} of {len(views)}: costs paid: ", style="bold")
        head.append(", ".join(cv.costs) or "none")
        root = Tree(head)
        by_index = {s.index: s for s in cv.states}
        placed: set[int] = set()
        for st in cv.states:
            if st.parent is None:
                _place(st, root, by_index, placed)
        parts.append(root)
    return Group(*parts)
