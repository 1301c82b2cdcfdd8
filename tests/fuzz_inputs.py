"""Inputs for the loader fuzz: boards drawn from the board schema, mutations of the example
boards in ``models/``, byte mutations of those files, and random declarations.

Structured boards walk ``Board.model_json_schema()``: every object, list, enum and range of
the board format, with strings drawn from small pools (player names, permanent ids, catalog
card names, card types, subtypes, keywords, mana) so that cross-references often resolve,
and now and then a value of the wrong JSON type, an out-of-range number or a junk string.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from mtgcombat.board.model import Board
from mtgcombat.rules.catalog import default_catalog
from mtgcombat.rules.keywords import NO_PARAM, NUMBERED, WITH_TEXT
from mtgcombat.rules.types import CARD_TYPES, SUBTYPES

Draw = Any  # hypothesis' draw function
JSON = Any  # a decoded JSON value

MODELS = Path(__file__).resolve().parent.parent / "models"
PLAYERS = ("you", "opp", "Alice", "Bob")
IDS = ("a", "b", "c", "d", "e")
COUNTERS = ("+1/+1", "-1/-1", "magnet", "loyalty", "defense", "vow")
MANA = ("{1}", "{2}", "{X}", "{W/P}", "{R}{G}", "{2/W}", "{C}", "{S}", "{any}", "{T}", "{}",
        "{1}{", "{W/U}", "{100000000000}", "{-1}", "{HW}", "{0}")
JUNK_TEXT = ("", " ", "\x00", "\ufeff", "é", "💥", "a" * 201, "$.x", "{", "[]", "null",
             "-0", "1e999", "NaN", "\ud800", "you ", "YOU", "Crazed Goblin\n", "\u202e")
HUGE_INTS = (2**31, 2**63, -(2**63) - 1, 10**400, 10**1000, -(10**300), 1_000_001,
             -1_000_001, 1_000_000_001)
FLOATS = (0.5, -0.0, 3.0, 1e308, -1e308, math.inf, -math.inf, math.nan)

PLAYER_KEYS = frozenset({"controller", "chosen_player", "protector", "goaded_by",
                         "active_player", "defending_player", "blocking_player"})
ID_KEYS = frozenset({"id", "attached_to", "removed_from_combat", "attack", "blocks"})
CARD_KEYS = frozenset({"card", "hand", "graveyard"})


@lru_cache(maxsize=1)
def card_names() -> tuple[str, ...]:
    """The catalog's card names."""
    return tuple(default_catalog().names())


@lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """Keyword strings: bare, numbered, with a cost or text, and a few malformed ones."""
    out = sorted(NO_PARAM)[:40]
    out += [f"{k} {n}" for k in sorted(NUMBERED)[:10] for n in (1, 0, -1, 10**7)]
    out += [f"{k} {{2}}" for k in sorted(WITH_TEXT)[:10]]
    out += ["protection from red", "hexproof from everything", "islandwalk", "nonbasic landwalk",
            "swampcycling {2}", "enchant creature", "ward—pay 3 life", "toxic", "toxic x",
            "Flying", "FLYING ", "ward {X}", "protection from", "affinity for artifacts"]
    return tuple(out)


def _pool(key: str) -> tuple[str, ...]:
    """The strings a field called ``key`` usually holds."""
    if key in PLAYER_KEYS:
        return PLAYERS
    if key in ID_KEYS:
        return IDS + PLAYERS[:2]
    if key in CARD_KEYS:
        return card_names()
    if key in ("name",):
        return PLAYERS + ("custom", "Crazed Goblin")
    if key == "types":
        return (*CARD_TYPES, "creature", "Tribal", "Goblin")
    if key in ("subtypes", "subtypes_any", "supertypes"):
        return (*SUBTYPES[:30], "Forest", "Island", "Aura", "Equipment", "Legendary", "Sheep")
    if key in ("keywords", "keywords_any"):
        return keywords()
    if key in ("mana", "mana_cost", "produces"):
        return MANA
    if key in ("counter", "counters"):
        return COUNTERS
    return IDS + PLAYERS + COUNTERS


def junk_values(depth: int = 0) -> st.SearchStrategy[JSON]:
    """A JSON value of any type, often the wrong one: huge or negative integers, floats,
    booleans, junk strings, empty or nested containers."""
    leaves: st.SearchStrategy[JSON] = st.one_of(
        st.none(), st.booleans(), st.sampled_from(HUGE_INTS), st.sampled_from(FLOATS),
        st.integers(-5, 5), st.sampled_from(JUNK_TEXT), st.text(max_size=8),
        st.sampled_from(IDS + PLAYERS))
    if depth > 1:
        return leaves
    return st.one_of(leaves, st.lists(leaves, max_size=3),
                     st.dictionaries(st.sampled_from(("id", "kind", "x", "")), leaves,
                                     max_size=2),
                     st.integers(1, 400).map(_nested))


def _nested(depth: int) -> JSON:
    """``depth`` nested lists around a string."""
    value: JSON = "x"
    for _ in range(depth):
        value = [value]
    return value


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref is None:
        return schema
    defs: dict[str, Any] = board_schema()["$defs"]
    resolved: dict[str, Any] = defs[ref.rsplit("/", 1)[-1]]
    return resolved


@lru_cache(maxsize=1)
def board_schema() -> dict[str, Any]:
    """The board format's JSON schema (pydantic's)."""
    return Board.model_json_schema()


@st.composite
def _integer(draw: Draw, schema: dict[str, Any], noisy: bool) -> int:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    choice = draw(st.integers(0, 9))
    if choice < 6 or not noisy:
        return int(draw(st.integers(max(lo if lo is not None else -3, -3),
                                    min(hi if hi is not None else 5, 5))))
    edges = [v for v in (lo, hi) if v is not None]
    edges += [v + d for v in edges for d in (-1, 1)]
    return int(draw(st.sampled_from(edges or [0])))


@st.composite
def _object(draw: Draw, schema: dict[str, Any], depth: int, noisy: bool) -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    required = set(schema.get("required", ()))
    for key, sub in schema.get("properties", {}).items():
        sub = _resolve(sub)
        if key == "kind" and "const" in sub:
            out[key] = sub["const"]
        elif key in required:
            if not noisy or draw(st.integers(0, 40)) > 0:
                out[key] = draw(schema_values(sub, key, depth + 1, noisy))
        elif draw(st.integers(0, 2 + 2 * depth)) == 0:
            out[key] = draw(schema_values(sub, key, depth + 1, noisy))
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        keys = st.sampled_from(_pool(_current_key(schema)))
        for k in draw(st.lists(keys, max_size=3, unique=True)):
            out[k] = draw(schema_values(extra, _current_key(schema), depth + 1, noisy))
    if noisy and draw(st.integers(0, 30)) == 0:
        out[draw(st.sampled_from(("tapd", "kind", "effects", "x", "")))] = draw(junk_values())
    return out


def _current_key(schema: dict[str, Any]) -> str:
    return str(schema.get("x-key", ""))


@st.composite
def schema_values(draw: Draw, schema: dict[str, Any], key: str = "", depth: int = 0,
                  noisy: bool = True) -> JSON:
    """A value for ``schema`` (a field called ``key``), sometimes of the wrong type."""
    if noisy and draw(st.integers(0, 40)) == 0:
        return draw(junk_values())
    schema = _resolve(schema)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return draw(schema_values(draw(st.sampled_from(options)), key, depth, noisy))
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return draw(st.sampled_from(schema["enum"]))
    kind = schema.get("type")
    if kind == "object":
        return draw(_object({**schema, "x-key": key}, depth, noisy))
    if kind == "array":
        lo = schema.get("minItems", 0)
        size = draw(st.integers(lo, lo + (3 if depth < 3 else 1)))
        return [draw(schema_values(schema.get("items", {}), key, depth + 1, noisy))
                for _ in range(size)]
    if kind == "string":
        return draw(st.sampled_from(_pool(key)))
    if kind == "integer":
        return draw(_integer(schema, noisy))
    if kind == "boolean":
        return draw(st.booleans())
    if kind == "null":
        return None
    return draw(junk_values(depth))


@st.composite
def structured_boards(draw: Draw) -> JSON:
    """A board drawn from the schema; usually with distinct players, a known active player
    and distinct permanent ids, so that more of them get past cross-reference checks."""
    board = draw(schema_values(board_schema(), noisy=draw(st.booleans())))
    if isinstance(board, dict) and draw(st.integers(0, 3)) > 0:
        n = draw(st.integers(2, len(PLAYERS)))
        players = board.get("players")
        if not isinstance(players, list) or len(players) < n:
            players = [{} for _ in range(n)]
        players = players[:n]
        for i, p in enumerate(players):
            if isinstance(p, dict):
                p["name"] = PLAYERS[i]
        board["players"] = players
        board["active_player"] = PLAYERS[0]
        perms = board.get("permanents")
        if isinstance(perms, list):
            for i, p in enumerate(perms):
                if isinstance(p, dict) and draw(st.integers(0, 5)) > 0:
                    p["id"] = f"p{i}"
        for key in ("defending_player", "blocking_player", "blocks", "removed_from_combat"):
            if draw(st.booleans()):
                board.pop(key, None)
        if draw(st.integers(0, 3)) > 0:  # drawn teams rarely partition the players
            board.pop("teams", None)
    return board


@lru_cache(maxsize=1)
def model_files() -> tuple[Path, ...]:
    """Every board file under ``models/`` (not the ``.expected.json`` answers)."""
    return tuple(p for p in sorted(MODELS.rglob("*.json"))
                 if not p.name.endswith(".expected.json"))


@lru_cache(maxsize=1)
def model_texts() -> tuple[bytes, ...]:
    """The bytes of every board file under ``models/``."""
    return tuple(p.read_bytes() for p in model_files())


@lru_cache(maxsize=1)
def model_values() -> tuple[str, ...]:
    """The boards under ``models/`` that are JSON, re-serialised (parsed fresh per draw)."""
    out = []
    for text in model_texts():
        try:
            out.append(json.dumps(json.loads(text)))
        except ValueError:
            continue
    return tuple(out)


def _walk(value: JSON, loc: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The locations of every node of ``value`` (keys and list indices)."""
    out = [loc]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _walk(v, (*loc, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _walk(v, (*loc, i))
    return out


def _get(value: JSON, loc: tuple[Any, ...]) -> JSON:
    for part in loc:
        value = value[part]
    return value


def _mutate_once(draw: Draw, root: JSON) -> JSON:
    """One mutation at a random node of ``root``; returns the (possibly new) root."""
    locs = _walk(root)
    loc = draw(st.sampled_from(locs))
    node = _get(root, loc)
    op = draw(st.sampled_from(("junk", "delete", "duplicate", "retype", "number", "swap",
                               "nest", "add_key", "schema", "pool", "pool", "pool")))
    if op == "swap":
        leaves = [lc for lc in locs if lc and isinstance(_get(root, lc), str)]
        if len(leaves) >= 2:
            a, b = draw(st.lists(st.sampled_from(leaves), min_size=2, max_size=2))
            va, vb = _get(root, a), _get(root, b)
            _get(root, a[:-1])[a[-1]], _get(root, b[:-1])[b[-1]] = vb, va
        return root
    if op == "add_key" and isinstance(node, dict):
        key = draw(st.sampled_from(("tapped", "attached_to", "kind", "effects", "counters",
                                    "card", "types", "id", "attack", "blocks", "zz")))
        node[key] = draw(st.one_of(junk_values(), st.sampled_from(IDS + PLAYERS)))
        return root
    if op == "duplicate" and isinstance(node, list) and node:
        node.append(json.loads(json.dumps(draw(st.sampled_from(node)))))
        return root
    if op == "pool":
        key = next((p for p in reversed(loc) if isinstance(p, str)), "")
        if isinstance(node, bool):
            new: JSON = not node
        elif isinstance(node, int):
            new = draw(st.integers(-2, 5))
        elif isinstance(node, str):
            new = draw(st.sampled_from(_pool(key)))
        else:
            return root
    else:
        new = _replacement(draw, op, node)
    if not loc:
        return new
    parent = _get(root, loc[:-1])
    if op == "delete":
        del parent[loc[-1]]
    else:
        parent[loc[-1]] = new
    return root


def _replacement(draw: Draw, op: str, node: JSON) -> JSON:
    """The value replacing ``node`` for mutation ``op``."""
    if op == "retype":
        return draw(st.sampled_from((str(node)[:20], [node], {"x": node}, None, True, 1)))
    if op == "number":
        return draw(st.one_of(st.sampled_from(HUGE_INTS), st.sampled_from(FLOATS),
                              st.booleans(), st.integers(-3, 3)))
    if op == "nest":
        return _nested(draw(st.integers(150, 300))) if draw(st.booleans()) else [[[node]]]
    if op == "schema":
        return draw(schema_values({}, "", 2))
    return draw(junk_values())


@st.composite
def mutated_models(draw: Draw) -> JSON:
    """A board from ``models/`` with one to three structural mutations."""
    root = json.loads(draw(st.sampled_from(model_values())))
    for _ in range(max(1, draw(st.integers(-2, 3)))):
        root = _mutate_once(draw, root)
    return root


BYTE_SNIPPETS = (b"\x00", b"\xef\xbb\xbf", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\\u0000",
                 b"\\ud800", b"[" * 1000, b"{\"a\":" * 300, b"9" * 5000, b"1e999", b"-",
                 b"NaN", b"Infinity", b",", b"]", b"}", b"\"", b"\\", b"\n", b"\r\n",
                 b"\"tapped\": true, \"tapped\": false,", b"\xf0\x9f\x92\xa5", b"\xe2\x80\xae")


HOSTILE_FILES = (b"", b"\x00", b"\xef\xbb\xbf{}", b"NaN", b"-Infinity", b"[]", b"{}",
                 b'{"a": ' + b"9" * 5000 + b"}", b"[" * 100_000 + b"]" * 100_000,
                 b'{"a":' * 50_000, b'{"a": "\\ud800"}', b'"\xff"', b'{"a": 1e400}',
                 b'{"a": "b", "a": "c"}', b"\xfe\xff\x00{", b'{"a": "b"}\x00')
"""Whole files that break JSON decoders: empty, NUL, BOM, huge integers, deep nesting."""


def _mutate_bytes(draw: Draw, data: bytearray) -> bytes:
    """One to four byte-level mutations of ``data`` (now and then a hostile whole file)."""
    if draw(st.integers(0, 12)) == 0:
        return bytes(draw(st.sampled_from(HOSTILE_FILES)))
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(("flip", "insert", "delete", "truncate", "snippet", "bom",
                                   "duplicate")))
        if op == "flip" and pos < len(data):
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif op == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=4))
        elif op == "delete":
            del data[pos:pos + draw(st.integers(1, 16))]
        elif op == "truncate":
            del data[pos:]
        elif op == "snippet":
            data[pos:pos] = draw(st.sampled_from(BYTE_SNIPPETS))
        elif op == "bom":
            data[0:0] = b"\xef\xbb\xbf"
        elif op == "duplicate":
            end = draw(st.integers(pos, min(len(data), pos + 200)))
            data[pos:pos] = data[pos:end]
    return bytes(data)


@st.composite
def mutated_bytes(draw: Draw) -> bytes:
    """A file from ``models/`` with one to four byte-level mutations."""
    return _mutate_bytes(draw, bytearray(draw(st.sampled_from(model_texts()))))


@lru_cache(maxsize=1)
def declaration_texts() -> tuple[bytes, ...]:
    """Declaration files: the ``attack`` and ``blocks`` maps of the boards in ``models/``."""
    out = [b'{}', b'{"a": "opp"}', b'{"b": ["a", "c"]}']
    for text in model_values():
        board = json.loads(text)
        for key in ("attack", "blocks"):
            if isinstance(board, dict) and isinstance(board.get(key), dict):
                out.append(json.dumps(board[key], indent=1).encode())
    return tuple(out)


@st.composite
def mutated_declaration_bytes(draw: Draw) -> bytes:
    """A declaration file with one to four byte-level mutations."""
    return _mutate_bytes(draw, bytearray(draw(st.sampled_from(declaration_texts()))))


def declaration_values(ids: tuple[str, ...]) -> st.SearchStrategy[JSON]:
    """A declaration's JSON: an object from ids (the board's and others) to ids or junk."""
    names = st.sampled_from(ids + IDS + PLAYERS + ("", "\x00", "a" * 300))
    targets = st.one_of(names, st.lists(names, max_size=3), junk_values(1))
    return st.one_of(st.dictionaries(names, targets, max_size=4), junk_values())


def declaration_specs(ids: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    """Command-line ``ID=TARGET`` strings, some malformed."""
    names = st.sampled_from(ids + IDS + PLAYERS + ("", " ", "=", ",", "\x00"))
    spec = st.one_of(st.builds(lambda a, b: f"{a}={b}", names, names),
                     st.builds(lambda a, b, c: f"{a}={b},{c}", names, names, names),
                     st.text(max_size=6))
    return st.lists(spec, max_size=4)

