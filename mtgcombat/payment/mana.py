"""Mana costs and mana (CR 107.4, 118, 202): parsing, adding up, paying from a pool.

A cost is a generic amount plus coloured *pips*: ``{W}``, ``{C}`` (colourless only), hybrid
``{R/G}`` (either colour), Phyrexian ``{W/P}`` (W or 2 life, CR 107.4f) and monocoloured hybrid
``{2/W}`` (W or two generic). Produced mana is a list of *units*; a unit is the set of colours it
may still become (``{any}`` = one mana of any colour: W, U, B, R or G). Deferring the choice of
colour to the moment mana is spent is equivalent to choosing it when the mana is produced,
since nothing between production and spending looks at the colour.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from mtgcombat.payment.matching import match

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
"""The five colours, in WUBRG order."""
ANY: frozenset[str] = frozenset(COLORS)
"""One mana of any colour."""
COLORLESS = "C"
_ORDER = {c: i for i, c in enumerate((*COLORS, COLORLESS))}

Unit = frozenset[str]
"""One mana: the colours (W U B R G, or C) it can be spent as."""
Pool = Counter[Unit]
"""A mana pool: how many units of each kind."""

_SYMBOL = re.compile(r"\{([^{}]*)\}")


class ManaError(ValueError):
    """A mana string that can't be parsed."""


@dataclass(frozen=True, order=True)
class Pip:
    """One coloured symbol of a cost: paid by one mana of a colour in ``colors``, or by
    2 life (``life``, Phyrexian) or by ``generic`` generic mana (``{2/W}``)."""

    colors: tuple[str, ...]
    life: bool = False
    generic: int = 0

    def __str__(self) -> str:
        parts = [str(self.generic)] if self.generic else []
        parts.extend(self.colors)
        if self.life:
            parts.append("P")
        return "{" + "/".join(parts) + "}"

    @property
    def allowed(self) -> frozenset[str]:
        """The colours of mana that pay this pip."""
        return frozenset(self.colors)


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: ``generic`` plus ``pips``. ``written`` is true when some mana symbol was
    written, even ``{0}`` (so ``{0}`` prints as ``{0}`` and no cost prints as nothing)."""

    generic: int = 0
    pips: tuple[Pip, ...] = ()
    written: bool = False

    @property
    def includes_mana(self) -> bool:
        """Does paying this cost take at least one mana (or a Phyrexian pip)? ``{0}`` doesn't."""
        return self.generic > 0 or bool(self.pips)

    @property
    def mana_value(self) -> int:
        """How many mana symbols' worth (CR 202.3; ``{2/W}`` counts 2, ``{W/P}`` counts 1)."""
        return self.generic + sum(max(1, p.generic) for p in self.pips)

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.generic + other.generic, _sorted(self.pips + other.pips),
                        self.written or other.written)

    def __str__(self) -> str:
        if not self.written and not self.includes_mana:
            return ""
        head = f"{{{self.generic}}}" if self.generic or not self.pips else ""
        return head + "".join(str(p) for p in self.pips)


def _sorted(pips: Iterable[Pip]) -> tuple[Pip, ...]:
    return tuple(sorted(pips, key=lambda p: (p.life, p.generic, len(p.colors),
                                             [_ORDER[c] for c in p.colors])))


def _pip(body: str, text: str) -> Pip:
    parts = body.split("/")
    life = parts[-1] == "P"
    if life:
        parts = parts[:-1]
    generic = 0
    if parts and parts[0].isdigit() and len(parts) > 1:
        generic = int(parts[0])
        parts = parts[1:]
    if not parts or any(p not in _ORDER for p in parts) or (life and COLORLESS in parts):
        raise ManaError(f"unknown mana symbol {{{body}}} in {text!r}")
    if COLORLESS in parts and len(parts) > 1:
        raise ManaError(f"unknown mana symbol {{{body}}} in {text!r}")
    return Pip(tuple(sorted(parts, key=_ORDER.__getitem__)), life, generic)


def parse_cost(text: str | None) -> ManaCost:
    """Parse a mana cost: ``{2}``, ``{W}``, ``{R/G}``, ``{W/P}``, ``{2/W}``, ``{C}``, ``{0}``,
    or several in a row (``{1}{G}{G}``). ``None`` or ``""`` is no cost. ``{X}`` must already
    be replaced by a number."""
    if not text:
        return ManaCost()
    if _SYMBOL.sub("", text).strip():
        raise ManaError(f"not a mana cost: {text!r}")
    generic = 0
    pips: list[Pip] = []
    for body in _SYMBOL.findall(text):
        if body.isdigit():
            generic += int(body)
        elif body == "X":
            raise ManaError(f"{{X}} must be resolved before payment: {text!r}")
        else:
            pips.append(_pip(body, text))
    return ManaCost(generic, _sorted(pips), True)


def total_cost(costs: Iterable[str | None]) -> ManaCost:
    """The sum of several mana costs."""
    out = ManaCost()
    for c in costs:
        out = out + parse_cost(c)
    return out


def parse_produced(text: str) -> list[Unit]:
    """The units one activation adds: ``{B}{B}`` → two B, ``{any}`` → one of any colour,
    ``{W/U}`` → one white or blue, ``{C}`` → one colourless."""
    if _SYMBOL.sub("", text).strip() or not _SYMBOL.search(text):
        raise ManaError(f"not produced mana: {text!r}")
    units: list[Unit] = []
    for body in _SYMBOL.findall(text):
        if body == "any":
            units.append(ANY)
        elif body in _ORDER:
            units.append(frozenset({body}))
        elif len(body) == 3 and body[1] == "/" and {body[0], body[2]} <= ANY and body[0] != body[2]:
            units.append(frozenset({body[0], body[2]}))  # one of two colours, chosen when spent
        else:
            raise ManaError(f"unknown produced mana {{{body}}} in {text!r}")
    return units


def unit_str(unit: Unit) -> str:
    """``{G}``, ``{R/G}`` (either), ``{any}``."""
    if unit == ANY:
        return "{any}"
    return "{" + "/".join(sorted(unit, key=_ORDER.__getitem__)) + "}"


def mana_str(colors: Iterable[str]) -> str:
    """Concrete mana in WUBRG order: ``{R}{R}{B}`` → ``{B}{R}{R}``."""
    return "".join("{" + c + "}" for c in sorted(colors, key=_ORDER.__getitem__))


# --- paying a cost from a pool ---------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """How one mana cost is paid: ``spent`` maps each unit kind to the concrete colours taken
    from it, and ``life`` is the life paid for Phyrexian pips."""

    spent: dict[Unit, list[str]] = field(default_factory=dict)
    life: int = 0

    def colors(self) -> list[str]:
        """Every concrete mana spent."""
        return [c for cs in self.spent.values() for c in cs]

    def remaining(self, pool: Mapping[Unit, int]) -> Pool:
        """The pool left after this payment."""
        left: Pool = Counter(pool)
        for unit, cs in self.spent.items():
            left[unit] -= len(cs)
        return +left


def pay(cost: ManaCost, pool: Mapping[Unit, int], life: int) -> Payment | None:
    """One way to pay ``cost`` from ``pool`` with at most ``life`` life, spending as little life
    as possible; ``None`` if there is none."""
    for choice, life_paid in _pip_choices(cost, life):
        got = _assign(choice, pool)
        if got is not None:
            return Payment(got, life_paid)
    return None


def payments(cost: ManaCost, pool: Mapping[Unit, int], life: int) -> Iterator[tuple[Pool, Payment]]:
    """Every distinct (pool left, payment) for ``cost`` with at most ``life`` life (for mana
    abilities' costs, where what is left matters)."""
    seen: set[tuple[tuple[tuple[str, ...], int], ...]] = set()
    kinds = sorted(pool, key=lambda u: sorted(u))
    for choice, life_paid in _pip_choices(cost, life):
        need = choice.generic + len(choice.pips)
        for taken in _submultisets(kinds, pool, need):
            spent = _assign(choice, taken)
            if spent is None:
                continue
            left: Pool = Counter(pool)
            left.subtract(taken)
            left = +left
            key = (*sorted((tuple(sorted(u)), n) for u, n in left.items()), (("life",), life_paid))
            if key not in seen:
                seen.add(key)
                yield left, Payment(spent, life_paid)


def _submultisets(kinds: list[Unit], pool: Mapping[Unit, int], size: int) -> Iterator[Pool]:
    if size == 0:
        yield Counter()
        return
    if not kinds:
        return
    first, rest = kinds[0], kinds[1:]
    for k in range(min(size, pool.get(first, 0)), -1, -1):
        for tail in _submultisets(rest, pool, size - k):
            out: Pool = Counter(tail)
            if k:
                out[first] += k
            yield out


def _pip_choices(cost: ManaCost, life: int) -> Iterator[tuple[ManaCost, int]]:
    """The cost with each Phyrexian pip either kept (paid with mana) or dropped (paid with
    2 life, within ``life``) and each ``{2/W}`` kept or turned into two generic, with the life
    paid; fewest life first."""
    phyrexian = [i for i, p in enumerate(cost.pips) if p.life]
    twobrid = [i for i, p in enumerate(cost.pips) if p.generic and not p.life]
    for k in range(0, min(len(phyrexian), life // 2) + 1):
        for by_life in itertools.combinations(phyrexian, k):
            for m in range(0, len(twobrid) + 1):
                for as_generic in itertools.combinations(twobrid, m):
                    pips = [Pip(p.colors) if i in twobrid else
                            (Pip(p.colors) if p.life else p)
                            for i, p in enumerate(cost.pips)
                            if i not in by_life and i not in as_generic]
                    extra = sum(cost.pips[i].generic for i in as_generic)
                    yield ManaCost(cost.generic + extra, tuple(pips), True), 2 * k


def _assign(cost: ManaCost, pool: Mapping[Unit, int]) -> dict[Unit, list[str]] | None:
    """Match the pips and the generic mana of ``cost`` to units of ``pool`` (a bipartite
    b-matching); the concrete colours taken from each unit kind."""
    kinds = [u for u, n in pool.items() if n > 0]
    if cost.generic + len(cost.pips) > sum(pool[u] for u in kinds):
        return None
    slots: list[frozenset[str] | None] = [p.allowed for p in cost.pips]
    slots.extend([None] * cost.generic)
    options = [[u for u in kinds if allowed is None or allowed & u] for allowed in slots]
    # Most constrained slots first (pips before generic) keeps the search short.
    order = sorted(range(len(slots)), key=lambda s: (slots[s] is None, len(slots[s] or ())))
    owner = match(options, pool.__getitem__, order)
    if owner is None:
        return None
    out: dict[Unit, list[str]] = {}
    for u in kinds:
        taken = owner.get(u)
        if taken:
            out[u] = [_concrete(slots[s], u) for s in taken]
    return out


def _concrete(allowed: frozenset[str] | None, unit: Unit) -> str:
    options = unit & allowed if allowed is not None else unit
    return min(options, key=_ORDER.__getitem__)
