"""Forge puzzle files (``.pzl``) as a typed :class:`Puzzle`: metadata, global state keys, each
player's zones of card entries with their ``|`` options.

The text has a ``[metadata]`` section of ``Key:Value`` lines and a ``[state]`` section of
``key=value`` lines; keys are case-insensitive, blank lines and ``#`` comments are skipped,
CRLF line ends and a missing final newline are accepted. A per-player state key is a player
prefix (``human`` or ``p0``, ``ai`` or ``p1``, ``p2`` ... ``p9``) and a suffix matched by how
the key ends (``humanbattlefield``, ``HumanPlay`` and ``AIPlay`` all name a battlefield). What
the parser can't place is kept in :attr:`Puzzle.ignored` so that the importer reports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from mtgcombat.errors import BoardError

PHASES: tuple[str, ...] = (
    "UNTAP", "UPKEEP", "DRAW", "MAIN1", "COMBAT_BEGIN", "COMBAT_DECLARE_ATTACKERS",
    "COMBAT_DECLARE_BLOCKERS", "COMBAT_FIRST_STRIKE_DAMAGE", "COMBAT_DAMAGE", "COMBAT_END",
    "MAIN2", "END_OF_TURN", "CLEANUP",
)
"""Forge's steps in turn order (its ``PhaseType`` names)."""

ZONES: dict[str, str] = {
    "battlefield": "battlefield", "play": "battlefield", "hand": "hand",
    "graveyard": "graveyard", "library": "library", "exile": "exile", "command": "command",
    "sideboard": "sideboard",
}
"""Per-player key suffix → the zone it fills (``play`` is the older battlefield spelling)."""

PLAYER_KEYS: tuple[str, ...] = (
    "landsplayedlastturn", "landsplayed", "numringtemptedyou", "persistentmana", "manapool",
    "putonstack", "precast", "counters", "speed", "life",
)
"""Per-player key suffixes that are not zones, longest match first."""

_PREFIX = re.compile(r"^(human|ai|p\d)")


@dataclass(frozen=True)
class CardEntry:
    """One card entry of a zone line: the name part (for tokens ``t:...`` or ``T:...``) and
    its ``|`` options as (lower-case key, value) pairs in file order (a flag's value is
    ``""``); ``line`` is the file line it came from."""

    name: str
    options: tuple[tuple[str, str], ...] = ()
    line: int = 0

    def has(self, key: str) -> bool:
        """Is option ``key`` (any case) present?"""
        key = key.casefold()
        return any(k == key for k, _ in self.options)

    def get(self, key: str) -> str | None:
        """The value of option ``key`` (any case; the last one if repeated), or None."""
        key = key.casefold()
        found = [v for k, v in self.options if k == key]
        return found[-1] if found else None

    @property
    def inline_token(self) -> bool:
        """Is this an inline token definition (``t:NAME,P:n,...``)?"""
        return self.name.startswith("t:")

    @property
    def script_token(self) -> bool:
        """Is this a token from Forge's token scripts (``T:scriptname``)?"""
        return self.name.startswith("T:")

    @property
    def token(self) -> bool:
        """Is this any kind of token entry?"""
        return self.inline_token or self.script_token


@dataclass
class PlayerState:
    """One player's state keys: life, counters, zones (card entries in file order), precast
    spells, and the other keys as written (lower-case suffix → value)."""

    key: str
    """The player's prefix as written, lower case (``human``, ``ai``, ``p0`` ...)."""
    life: int | None = None
    counters: str = ""
    zones: dict[str, list[CardEntry]] = field(default_factory=dict)
    precast: list[str] = field(default_factory=list)
    other: dict[str, str] = field(default_factory=dict)

    def zone(self, name: str) -> list[CardEntry]:
        """The entries of zone ``name`` (empty when the file doesn't list it)."""
        return self.zones.get(name, [])


@dataclass
class Puzzle:
    """A parsed puzzle file: metadata (lower-case key → value), the global state, the players
    by canonical name (``human`` for ``human``/``p0``, ``ai`` for ``ai``/``p1``, ``pN``
    beyond), and the lines nothing could place (line number, text, why)."""

    metadata: dict[str, str] = field(default_factory=dict)
    active_player: str | None = None
    active_phase: str | None = None
    phase_advance: str | None = None
    turn: int | None = None
    remove_summoning_sickness: bool = False
    players: dict[str, PlayerState] = field(default_factory=dict)
    abilities: dict[str, str] = field(default_factory=dict)
    ignored: list[tuple[int, str, str]] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The puzzle's display name (empty when the file gives none)."""
        return self.metadata.get("name", "")

    def player(self, name: str) -> PlayerState:
        """The state of player ``name`` (an empty one when the file gives nothing)."""
        return self.players.setdefault(name, PlayerState(key=name))


def player_name(prefix: str) -> str:
    """The canonical player name for a key prefix: ``p0`` → ``human``, ``p1`` → ``ai``."""
    prefix = prefix.casefold()
    return {"p0": "human", "p1": "ai"}.get(prefix, prefix)


def phase_name(value: str) -> str | None:
    """Forge's step name for ``value`` (any case: ``Main1``, ``main1``), or None."""
    up = value.strip().upper()
    return up if up in PHASES else None


def split_entries(value: str, line: int = 0) -> list[CardEntry]:
    """A zone value's card entries (separated by ``;``, trimmed, empty ones skipped)."""
    out: list[CardEntry] = []
    for raw in value.split(";"):
        raw = raw.strip()
        if not raw:
            continue
        name, *mods = raw.split("|")
        options: list[tuple[str, str]] = []
        for mod in mods:
            mod = mod.strip()
            if not mod:
                continue
            key, _, val = mod.partition(":")
            options.append((key.strip().casefold(), val.strip()))
        out.append(CardEntry(name=name.strip(), options=tuple(options), line=line))
    return out


def _state_line(puzzle: Puzzle, n: int, key: str, value: str) -> None:
    """One ``key=value`` line of ``[state]`` into ``puzzle``."""
    value = value.strip()
    if key.startswith("active"):
        if key.endswith("player"):
            puzzle.active_player = value.casefold()
        elif key.endswith("phaseadvance"):
            puzzle.phase_advance = phase_name(value) or value
        elif key.endswith("phase"):
            puzzle.active_phase = phase_name(value) or value
        else:
            puzzle.ignored.append((n, f"{key}={value}", "unknown state key"))
        return
    if key == "turn":
        try:
            puzzle.turn = int(value)
        except ValueError:
            puzzle.ignored.append((n, f"{key}={value}", "turn is not a number"))
        return
    if key == "removesummoningsickness":
        puzzle.remove_summoning_sickness = value.casefold() == "true"
        return
    if key.startswith("ability") and len(key) > len("ability"):
        puzzle.abilities[key[len("ability"):]] = value
        return
    m = _PREFIX.match(key)
    if m is None or not _player_line(puzzle.player(player_name(m.group(1))), n, key,
                                     m.group(1), value):
        puzzle.ignored.append((n, f"{key}={value}", "unknown state key"))


def _player_line(state: PlayerState, n: int, key: str, prefix: str, value: str) -> bool:
    """One per-player line into ``state``; False when the suffix means nothing."""
    state.key = prefix
    for suffix, zone in ZONES.items():
        if key.endswith(suffix):
            state.zones.setdefault(zone, []).extend(split_entries(value, n))
            return True
    for suffix in PLAYER_KEYS:
        if not key.endswith(suffix):
            continue
        if suffix == "life":
            try:
                state.life = int(value)
            except ValueError:
                return False
        elif suffix == "counters":
            state.counters = value
        elif suffix == "precast":
            state.precast.extend(p.strip() for p in value.split(";") if p.strip())
        else:
            state.other[suffix] = value
        return True
    return False


def parse_puzzle(text: str, file: str | None = None) -> Puzzle:
    """The :class:`Puzzle` in ``text``; a :class:`BoardError` when there is no ``[state]``
    section. Lines outside the sections, or without a separator, are kept in ``ignored``."""
    puzzle = Puzzle()
    section: str | None = None
    seen_state = False
    for n, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().casefold()
            seen_state |= section == "state"
            continue
        if section == "metadata":
            key, sep, value = line.partition(":")
            if sep:
                puzzle.metadata[key.strip().casefold()] = value.strip()
            else:
                puzzle.ignored.append((n, line, "metadata line without ':'"))
        elif section == "state":
            key, sep, value = line.partition("=")
            if sep:
                _state_line(puzzle, n, key.strip().casefold(), value)
            else:
                puzzle.ignored.append((n, line, "state line without '='"))
        else:
            puzzle.ignored.append((n, line, "outside [metadata] and [state]"))
    if not seen_state:
        raise BoardError("not a Forge puzzle: no [state] section", path="", file=file)
    return puzzle


def read_puzzle(path: str | Path) -> Puzzle:
    """The puzzle file at ``path`` (within the board-file size limit, UTF-8)."""
    from mtgcombat.board.source import read_board_text

    file = str(path)
    return parse_puzzle(read_board_text(Path(path), file, "puzzle file"), file)
