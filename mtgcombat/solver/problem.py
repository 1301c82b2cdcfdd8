"""A solver-neutral constraint language over boolean "declared" variables.

The engine's questions about a board become a :class:`Problem`: one boolean per
(creature, target) pair (or (blocker, attacker) pair), at most one true per group, and
constraints over *indicators* — ``OR`` of a set of variables. Nothing here knows Magic, and
nothing here imports a solver: :mod:`mtgcombat.solver.cpsat` solves it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Lits = frozenset[int]
"""A set of variable indices; as an indicator it is true iff any of them is true."""


@dataclass(frozen=True)
class Term:
    """An indicator ``OR(lits)`` (with ``exactly_one``: exactly one of ``lits`` is true),
    optionally ANDed with another indicator ``OR(given)``."""

    lits: Lits
    given: Lits | None = None
    exactly_one: bool = False


@dataclass(frozen=True)
class Fix:
    """``OR(lits) == value``."""

    lits: Lits
    value: bool


@dataclass(frozen=True)
class AtMost:
    """``sum(lits) <= count`` (counts variables, not indicators)."""

    lits: Lits
    count: int


@dataclass(frozen=True)
class AtLeastVars:
    """``sum(lits) >= count`` (counts variables: "this many declared")."""

    lits: Lits
    count: int


@dataclass(frozen=True)
class Implies:
    """``OR(when) => OR(then)``."""

    when: Lits
    then: Lits


@dataclass(frozen=True)
class CountAtLeast:
    """``sum(terms) >= count``."""

    terms: tuple[Term, ...]
    count: int


@dataclass(frozen=True)
class CountEquals:
    """``sum(terms) == count``."""

    terms: tuple[Term, ...]
    count: int


@dataclass(frozen=True)
class CountAtMost:
    """``sum(terms) <= count``."""

    terms: tuple[Term, ...]
    count: int


@dataclass(frozen=True)
class ZeroOrAtLeast:
    """``sum(lits) == 0 or sum(lits) >= count``."""

    lits: Lits
    count: int


@dataclass(frozen=True)
class Bound:
    """``lo <= sum(terms) <= hi`` (either side may be open)."""

    terms: tuple[Term, ...]
    lo: int | None = None
    hi: int | None = None


@dataclass(frozen=True)
class AnyOf:
    """At least one alternative holds; each alternative is a conjunction of bounds. Encoded
    with every auxiliary literal fixed by the variables, so enumeration meets each solution
    once however many alternatives it satisfies."""

    alternatives: tuple[tuple[Bound, ...], ...]


@dataclass(frozen=True)
class Conditional:
    """``OR(when) => bound`` (a hard constraint)."""

    when: Lits
    bound: Bound


@dataclass(frozen=True)
class NotPattern:
    """Not every ``OR(lits) == value`` of the list holds (a blocking clause)."""

    pattern: tuple[tuple[Lits, bool], ...]


Constraint = (Fix | AtMost | AtLeastVars | Implies | CountAtLeast | CountEquals | CountAtMost
              | ZeroOrAtLeast | AnyOf | Conditional | NotPattern)


@dataclass
class Problem:
    """Variables ``0..n-1``, groups with at most one true variable, and hard constraints.

    ``compiled`` is the backend's slot for its compiled form of the problem (built on the
    first query, copied for each later one); it is rebuilt if the problem has changed size."""

    n: int
    groups: list[list[int]] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    compiled: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def shape(self) -> tuple[int, int, int]:
        """What a compiled form must still match: variables, groups, constraints."""
        return self.n, len(self.groups), len(self.constraints)
