"""The JSON answers of the HTTP API, described for the OpenAPI schema.

These types document the bodies the endpoints send; they do not build them (the views in
:mod:`mtgcombat.views`, :mod:`mtgcombat.legality` and :mod:`mtgcombat.damage` do, as for the
CLI's ``--json``), so describing an answer never changes it. Every object is closed (no keys
beyond those listed); a key that is sometimes left out is not required.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, Required

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from mtgcombat.board.model import Board
from mtgcombat.compile.instances import TargetKind
from mtgcombat.legality.verdict import VerdictKind

_closed = with_config(ConfigDict(extra="forbid"))
Damage = dict[str, dict[str, int]]
"""``{creature_id: {recipient_id: amount}}``."""


# -- shared ----------------------------------------------------------------------------------


@_closed
class ErrorDetail(TypedDict):
    """Where the bad input is (a JSON path into the request body, or null when the error is
    about the request as a whole) and what is wrong with it."""

    path: str | None
    message: str


@_closed
class ErrorAnswer(TypedDict):
    """Every error answer (4xx, 5xx)."""

    error: ErrorDetail


@_closed
class UnmodelledText(TypedDict):
    """Combat text of a card on the board that the engine does not model (the answer ignores
    it): the permanent (or ``effects[i]``), the card, the sentence and its template family."""

    permanent: str
    card: str
    text: str
    family: str


Unmodelled = Annotated[list[UnmodelledText], Field(
    description="Present only when the board's cards have combat text the engine does not "
                "model.")]


@_closed
class UnknownAnswer(TypedDict):
    """No verdict (HTTP 200): the time limit passed, or the search was too large, or the
    solver failed."""

    status: Literal["unknown"]
    reason: str
    unmodelled: NotRequired[Unmodelled]


# -- attacks and blocks ----------------------------------------------------------------------


AttackMap = dict[str, str]
"""``{creature_id: target}``: an attack declaration."""
BlockMap = dict[str, str | list[str]]
"""``{blocker_id: attacker_id or [attacker_ids]}``: a block declaration."""


@_closed
class LegalSummaryView(TypedDict):
    """The judge's summary over every legal declaration."""

    count: int
    in_every: list[str]
    in_none: list[str]


@_closed
class AttackListing(TypedDict):
    """The legal attack declarations in canonical order (fewest attackers first)."""

    legal: list[AttackMap]
    count: int
    complete: NotRequired[Annotated[Literal[False], Field(
        description="Present (false) only when ``limit`` cut the list short.")]]
    summary: NotRequired[LegalSummaryView]
    unmodelled: NotRequired[Unmodelled]


@_closed
class BlockListing(TypedDict):
    """The legal block declarations in canonical order (fewest blocks first)."""

    legal: list[BlockMap]
    count: int
    complete: NotRequired[Annotated[Literal[False], Field(
        description="Present (false) only when ``limit`` cut the list short.")]]
    unmodelled: NotRequired[Unmodelled]


PlanStep = TypedDict("PlanStep", {
    "action": Required[Literal["activate", "pay_mana", "pay_life", "tap", "sacrifice",
                               "return"]],
    "permanent": str, "card": str, "from": Literal["hand"], "ability": str, "paid": str,
    "paid_life": int, "life": int, "sacrificed": str | list[str], "tapped": list[str],
    "produced": str, "mana": str, "amount": int, "for": str}, total=False)
PlanStep.__doc__ = """One step of a payment plan: activate a mana ability (of a ``permanent``,
or a ``card`` ``from`` hand), pay mana, pay life, or tap, sacrifice or return a ``permanent``
``for`` a cost."""
PlanStep.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]


@_closed
class PaymentView(TypedDict):
    """Whether the declaration's total cost can be paid (CR 508.1h-j, 509.1d-g), and how."""

    payable: bool
    total: str
    plan: list[PlanStep]
    unpaid: str | None
    attackers: list[str]


@_closed
class VerdictDetails(TypedDict):
    """The evidence behind a verdict (keys present when they apply)."""

    kind: VerdictKind
    violated: NotRequired[list[str]]
    witness_obeys: NotRequired[list[str]]
    obeyed: NotRequired[int]
    maximum: NotRequired[int]
    costs: NotRequired[list[str]]
    branch: NotRequired[list[str]]
    payment: NotRequired[PaymentView]
    notes: NotRequired[list[str]]


@_closed
class AttackVerdict(TypedDict):
    """Legal or not, the reason a judge would give, and (in ``witness``) a better declaration
    that obeys more requirements without breaking a restriction or paying more costs (CR
    508.1d / 509.1c; null when there is none)."""

    legal: bool
    reason: str
    witness: AttackMap | None
    details: VerdictDetails
    unmodelled: NotRequired[Unmodelled]


@_closed
class BlockVerdict(TypedDict):
    """Legal or not, the reason a judge would give, and (in ``witness``) a better declaration
    that obeys more requirements without breaking a restriction or paying more costs (CR
    508.1d / 509.1c; null when there is none)."""

    legal: bool
    reason: str
    witness: BlockMap | None
    details: VerdictDetails
    unmodelled: NotRequired[Unmodelled]


@_closed
class HistoryEntry(TypedDict):
    """At least ``at_least`` of these requirements are obeyed on the way to a state."""

    requirements: list[str]
    at_least: int


@_closed
class ProcessState(TypedDict):
    """One stage of re-checking the conditional requirements (CR 508.1d): the declaration in
    ``witness`` obeys the most requirements there, and those in ``terminals`` are legal at that
    stage."""

    index: int
    parent: int | None
    children: list[int]
    conditions_on: list[str]
    requirements: list[str]
    history: list[HistoryEntry]
    maximum: int
    witness: AttackMap
    terminals: list[AttackMap]
    terminals_complete: bool


@_closed
class Commitment(TypedDict):
    """One choice of which costs to pay (``costs``) and the stages of re-checking the
    conditional requirements under it (``states``)."""

    costs: list[str]
    states: list[ProcessState]


@_closed
class ExplainAnswer(TypedDict):
    """For each choice of which costs to pay, the stages of re-checking the conditional
    requirements (CR 508.1d)."""

    commitments: list[Commitment]
    unmodelled: NotRequired[Unmodelled]


# -- show ------------------------------------------------------------------------------------


@_closed
class PlayerView(TypedDict):
    """A player and their part in this combat."""

    name: str
    role: Literal["active", "defending", "not_defending"]
    life: int
    cards_in_hand: int | None


@_closed
class SourceView(TypedDict):
    """Where an instance comes from: card name, permanent, rule."""

    name: str
    permanent: str | None
    rule: str
    detail: str


@_closed
class TargetView(TypedDict):
    """Something a creature may attack (or, for blocks, an attacker it may block)."""

    id: str
    kind: TargetKind
    player: str


@_closed
class CandidateView(TypedDict):
    """A creature that may be declared, with what it may be declared against."""

    id: str
    name: str
    targets: list[str]
    vigilance: bool
    banding: bool
    capacity: int | None


@_closed
class NotCandidateView(TypedDict):
    """A creature that may not be declared, and why."""

    id: str
    name: str
    reason: str


@_closed
class RestrictionView(TypedDict):
    """A restriction instance (CR 508.1c, 509.1b)."""

    index: int
    kind: str
    description: str
    source: SourceView


@_closed
class ConditionView(TypedDict):
    """A condition of conditional requirements (CR 508.1d)."""

    index: int
    description: str
    creatures: list[str]
    source: SourceView


@_closed
class RequirementView(TypedDict):
    """A requirement instance, and the index of the condition it exists under (null:
    always)."""

    index: int
    kind: str
    description: str
    condition: int | None
    source: SourceView


@_closed
class CostView(TypedDict):
    """A cost instance: what declaring ``creature`` against ``targets`` costs."""

    index: int
    creature: str
    targets: list[str]
    description: str
    source: SourceView


@_closed
class InstancesView(TypedDict):
    """A declaration step as compiled: targets, candidates, restrictions, conditions,
    requirements, costs, display names and notes."""

    active_player: str
    targets: list[TargetView]
    candidates: list[CandidateView]
    not_candidates: list[NotCandidateView]
    restrictions: list[RestrictionView]
    conditions: list[ConditionView]
    requirements: list[RequirementView]
    costs: list[CostView]
    names: dict[str, str]
    notes: list[str]


@_closed
class BlockInstancesView(InstancesView):
    """The declare-blockers step as compiled, against the board's declared attack."""

    declared_attack: dict[str, str]


@_closed
class ShowAnswer(TypedDict):
    """How the engine understood the board (``blocks``: null unless the board declares an
    attack)."""

    players: list[PlayerView]
    attack: InstancesView
    blocks: BlockInstancesView | None
    unmodelled: NotRequired[Unmodelled]


# -- damage ----------------------------------------------------------------------------------


@_closed
class DamageEventView(TypedDict):
    """Combat damage from one source to one recipient, and whether (how much of) it was
    prevented."""

    source: str
    recipient: str
    amount: int
    prevented: NotRequired[Literal[True]]
    prevented_amount: NotRequired[int]
    increased: NotRequired[int]


@_closed
class StepResultView(TypedDict):
    """What one combat damage step did (CR 510.2, 120, 704.5f-h)."""

    step: Literal["first", "regular"]
    assignment: Damage
    damage: list[DamageEventView]
    life: dict[str, int]
    lifelink: dict[str, int]
    poison: dict[str, int]
    minus_counters: dict[str, int]
    loyalty_defense: dict[str, int]
    marked_damage: dict[str, int]
    destroyed: list[str]
    player_damage: int
    object_damage: int
    plus_counters_removed: NotRequired[dict[str, int]]


@_closed
class DamageVerdictView(TypedDict):
    """Is the step's damage assignment legal (CR 510.1), why (not), and what it does
    (``result``: null when illegal); ``first_step``: the first-strike step played before it."""

    legal: bool
    reason: str
    result: StepResultView | None
    step: Literal["first", "regular"]
    assignment: Damage
    first_step: NotRequired[DamageVerdictView]


@_closed
class DamageCheckAnswer(DamageVerdictView):
    """The verdict on one step's damage assignment."""

    unmodelled: NotRequired[Unmodelled]


@_closed
class CombatResultView(TypedDict):
    """Both combat damage steps played with the best divisions, with totals."""

    maximize: Literal["player", "kills", "poison", "permanents"]
    player_damage: int
    kills: int
    life: dict[str, int]
    poison: dict[str, int]
    object_damage: int
    destroyed: list[str]
    steps: list[StepResultView]
    unmodelled: NotRequired[Unmodelled]


# -- catalog and meta ------------------------------------------------------------------------


@_closed
class CardView(TypedDict):
    """A card: its characteristics, the effects its text compiles to (in the board format's
    effect vocabulary) and its combat text that is not modelled."""

    name: str
    origin: Literal["catalog", "corpus"]
    types: list[str]
    subtypes: list[str]
    supertypes: list[str]
    colors: list[str]
    mana_cost: str | None
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    keywords: list[str]
    text: str
    effects: list[dict[str, Any]]
    resolved: list[dict[str, Any]]
    abilities: list[dict[str, Any]]
    unmodelled: list[dict[str, Any]]


@_closed
class CardErrorView(TypedDict):
    """A card of the oracle corpus the catalog cannot use, and why."""

    name: str
    origin: Literal["corpus"]
    error: str


@_closed
class CardsAnswer(TypedDict):
    """The cards found (at most ``limit``), how many, and how many match in all."""

    cards: list[CardView | CardErrorView]
    count: int
    total: int


@_closed
class ExampleEntry(TypedDict):
    """A shipped example board: its id, title, the source's answer (``quote``) and, for the
    article's numbered questions, the question as the source asks it."""

    id: str
    title: str
    quote: str
    question: NotRequired[str]


@_closed
class ExamplesAnswer(TypedDict):
    """Every shipped example board."""

    examples: list[ExampleEntry]


@_closed
class ExampleAnswer(TypedDict):
    """One shipped example board."""

    id: str
    board: Board


@_closed
class HealthAnswer(TypedDict):
    """The server is up: its version and the solver time limit per request in seconds."""

    status: Literal["ok"]
    version: str
    time_limit: float
