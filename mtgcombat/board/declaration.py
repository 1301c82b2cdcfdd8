"""The :class:`Declaration` value type: which creature attacks (or blocks) what.

Round-trips with the JSON map form (``{"goblin": "Bob"}``) and the command line's
``ID=TARGET`` form. Two declarations are equal iff their maps are equal; announced
bands ride along but are not part of equality.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Protocol

from mtgcombat.errors import DeclarationError
from mtgcombat.rules.types import shown


class DeclarationLike(Protocol):
    """What attack and block declarations share: pairs, JSON and CLI forms, canonical order."""

    def pairs(self) -> tuple[tuple[str, str], ...]: ...

    def to_json(self) -> Any: ...

    def to_cli(self) -> list[str]: ...

    def sort_key(self) -> tuple[int, tuple[tuple[str, str], ...]]: ...

    def __len__(self) -> int: ...

    def __contains__(self, creature: object) -> bool: ...


class Declaration(Mapping[str, str]):
    """An immutable map from declared creature id to target id, with optional bands."""

    __slots__ = ("_map", "_key", "bands")

    def __init__(self, pairs: Mapping[str, str] | Iterable[tuple[str, str]] = (),
                 bands: Iterable[Iterable[str]] = ()) -> None:
        items = dict(pairs.items() if isinstance(pairs, Mapping) else pairs)
        self._map: dict[str, str] = dict(sorted(items.items()))
        self._key = tuple(self._map.items())
        self.bands: tuple[frozenset[str], ...] = tuple(frozenset(b) for b in bands)

    # -- parsing ---------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Any, *, path: str = "$") -> Declaration:
        """From ``{"creature_id": "target"}``."""
        if not isinstance(data, dict):
            raise DeclarationError("a declaration must be a JSON object {creature: target}",
                                   path=path)
        for k, v in data.items():
            if not isinstance(v, str):
                raise DeclarationError(f"expected a target id (string), got {_echo(v)}",
                                       path=f"{path}.{k}")
        return cls(data)

    @classmethod
    def parse(cls, specs: Iterable[str], bands: Iterable[str] = ()) -> Declaration:
        """From the command line's ``ID=TARGET`` strings (and ``ID,ID`` band strings)."""
        pairs: dict[str, str] = {}
        for spec in specs:
            cid, sep, target = spec.partition("=")
            cid, target = cid.strip(), target.strip()
            if not sep or not cid or not target:
                raise DeclarationError(f"expected ID=TARGET, got {shown(spec)}", path="--attack")
            if cid in pairs and pairs[cid] != target:
                raise DeclarationError(
                    f"{shown(cid)} is declared twice ({shown(pairs[cid])} and {shown(target)})",
                    path="--attack")
            pairs[cid] = target
        parsed_bands = [[m.strip() for m in b.split(",") if m.strip()] for b in bands]
        return cls(pairs, parsed_bands)

    # -- printing --------------------------------------------------------------------------

    def to_json(self) -> dict[str, str]:
        """The JSON map form (``{"goblin": "Bob"}``)."""
        return dict(self._map)

    def to_cli(self) -> list[str]:
        """The ``ID=TARGET`` form, one string per attacker."""
        return [f"{k}={v}" for k, v in self._map.items()]

    def sort_key(self) -> tuple[int, tuple[tuple[str, str], ...]]:
        """Canonical order: number of attackers, then the sorted pairs."""
        return (len(self._key), self._key)

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The sorted (creature, target) pairs."""
        return self._key

    # -- Mapping ---------------------------------------------------------------------------

    def __getitem__(self, key: str) -> str:
        return self._map[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Declaration):
            return self._key == other._key
        if isinstance(other, Mapping):
            return self._map == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(self.to_cli())
        return f"Declaration({inner})" if inner else "Declaration(no attackers)"

    def __str__(self) -> str:
        return ", ".join(f"{k} → {v}" for k, v in self._map.items()) or "no attack"


class BlockDeclaration:
    """An immutable block declaration: which blocker blocks which attacker(s) (CR 509.1a).

    JSON form ``{"blocker": "attacker"}``, or a sorted list for a creature blocking several;
    the command line's form is ``BLOCKER=ATTACKER`` (repeat a blocker to block several)."""

    __slots__ = ("_pairs", "_key")

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self._key = tuple(sorted(set(pairs)))
        self._pairs = frozenset(self._key)

    @classmethod
    def from_json(cls, data: Any, *, path: str = "$") -> BlockDeclaration:
        """From ``{"blocker": "attacker" | ["attacker", ...]}``."""
        if not isinstance(data, dict):
            raise DeclarationError("a block declaration must be a JSON object "
                                   "{blocker: attacker or [attackers]}", path=path)
        pairs: list[tuple[str, str]] = []
        for k, v in data.items():
            targets = [v] if isinstance(v, str) else v
            if not isinstance(targets, list) or not targets or not all(
                    isinstance(t, str) for t in targets):
                raise DeclarationError(
                    f"expected an attacker id or a non-empty list of them, got {_echo(v)}",
                    path=f"{path}.{k}")
            pairs.extend((k, t) for t in targets)
        return cls(pairs)

    @classmethod
    def parse(cls, specs: Iterable[str]) -> BlockDeclaration:
        """From the command line's ``BLOCKER=ATTACKER`` strings."""
        pairs: list[tuple[str, str]] = []
        for spec in specs:
            bid, sep, attacker = spec.partition("=")
            bid, attacker = bid.strip(), attacker.strip()
            if not sep or not bid or not attacker:
                raise DeclarationError(f"expected BLOCKER=ATTACKER, got {shown(spec)}",
                                       path="--block")
            pairs.extend((bid, a.strip()) for a in attacker.split(",") if a.strip())
        return cls(pairs)

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The sorted (blocker, attacker) pairs."""
        return self._key

    def to_json(self) -> dict[str, str | list[str]]:
        """The JSON form: a plain string for one attacker, a sorted list for several."""
        out: dict[str, list[str]] = {}
        for b, a in self._key:
            out.setdefault(b, []).append(a)
        return {b: (v[0] if len(v) == 1 else sorted(v)) for b, v in out.items()}

    def to_cli(self) -> list[str]:
        return [f"{b}={a}" for b, a in self._key]

    def sort_key(self) -> tuple[int, tuple[tuple[str, str], ...]]:
        """Canonical order: number of (blocker, attacker) pairs, then the sorted pairs."""
        return (len(self._key), self._key)

    def __len__(self) -> int:
        return len(self._key)

    def __contains__(self, blocker: object) -> bool:
        return any(b == blocker for b, _a in self._key)

    def __hash__(self) -> int:
        return hash(("block", self._key))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BlockDeclaration):
            return self._key == other._key
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(self.to_cli())
        return f"BlockDeclaration({inner})" if inner else "BlockDeclaration(no blockers)"

    def __str__(self) -> str:
        return ", ".join(f"{b} blocks {a}" for b, a in self._key) or "no block"


def _echo(value: object) -> str:
    """A JSON value as echoed in a message: its ``repr``, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"
