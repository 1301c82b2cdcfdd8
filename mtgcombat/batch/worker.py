"""One batch item, start to finish, inside a worker: load, then check or list its declarations
or play out its combat damage, under a time limit.

Time limit per board (``timeout`` seconds, wall clock, measured from the start of the item):
(1) the engine gets a :class:`~mtgcombat.errors.Deadline`, so every CP-SAT solve gets the
*remaining* budget as its limit and no solve starts once it is spent; (2) in a worker process
(and in the main thread) a SIGALRM timer interrupts Python code (compilation, payment search)
at the budget; (3) a result that arrives after the budget is replaced by
``unknown``/``"time limit"``, so a verdict is reported only when the whole item took at most
``timeout`` seconds. An :class:`~mtgcombat.errors.Undecided` is an ``unknown`` result with the
reason of :func:`~mtgcombat.views.undecided.undecided_reason`.

A result about a board whose cards have combat text the engine does not model carries the
``unmodelled`` list (whatever its status but ``bad_input``); with ``strict`` such a board is
``bad_input`` at the card's path.

A combat damage item (:func:`item_kind`) has no declaration: its combat is played out with the
attacking player's divisions that deal the most damage to players (CR 510, as
``mtgcombat damage --resolve``), and its ``resolved`` line carries that result's JSON.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, Literal

from mtgcombat.batch.items import BatchItem, BatchResult, ErrorInfo, Kind, Options, Status
from mtgcombat.errors import BoardError, Undecided
from mtgcombat.views.listing import listing
from mtgcombat.views.undecided import TIME_LIMIT, undecided_reason

if TYPE_CHECKING:
    from mtgcombat.board.model import Board


class BudgetSpent(BaseException):  # noqa: N818 - a signal, not an error
    """The SIGALRM of :class:`_Alarm`: the item's budget is spent (a BaseException, so that
    no ``except Exception`` in the engine can swallow it)."""


def init_worker() -> None:
    """Pay the OR-Tools import and the catalog load once per worker process."""
    from mtgcombat.rules.catalog import default_catalog
    from mtgcombat.solver import cpsat

    cpsat._cp_model()
    default_catalog()


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise BudgetSpent


class _Alarm:
    """SIGALRM after ``seconds`` when this is the main thread of a POSIX process."""

    def __init__(self, seconds: float) -> None:
        self.on = (hasattr(signal, "setitimer")
                   and threading.current_thread() is threading.main_thread())
        self.seconds = seconds
        self.old: Any = None

    def __enter__(self) -> _Alarm:
        if self.on:
            self.old = signal.signal(signal.SIGALRM, _alarm)
            signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 1e-3))
        return self

    def __exit__(self, *exc: object) -> None:
        if self.on:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)


def _located(err: BoardError, item: BatchItem) -> ErrorInfo:
    """A board/declaration error, located in the item's file (and line)."""
    from mtgcombat.errors import DeclarationError

    path = err.path
    if not item.board_file and not isinstance(err, DeclarationError) and path.startswith("$"):
        path = "$.board" + path[1:]
    return ErrorInfo(file=err.file or item.file, line=item.line, path=path, message=err.message)


def run_item(item: BatchItem, opts: Options) -> BatchResult:
    """Load, check or list one item within ``opts.timeout`` seconds; never raises for the
    item's own content."""
    start = time.monotonic()
    found: list[dict[str, str]] = []

    def done(status: Status, **fields: Any) -> BatchResult:
        ms = round((time.monotonic() - start) * 1000, 3)
        if found and status != "bad_input":
            fields["unmodelled"] = found
        if item.puzzle is not None:
            fields.update(item.puzzle)
        return BatchResult(id=item.id, source=item.source, status=status, ms=ms, **fields)

    if item.error is not None:
        return done("bad_input", error=item.error)
    try:
        with _Alarm(opts.timeout):
            fields = _solve_item(item, opts, found)
    except BudgetSpent:
        return done("unknown", reason=TIME_LIMIT)
    except BoardError as err:
        return done("bad_input", error=_located(err, item))
    except Undecided as exc:
        return done("unknown", reason=undecided_reason(exc))
    except Exception as exc:  # noqa: BLE001 - one bad board never stops the run
        one = " ".join(str(exc).split()) or "(no message)"
        return done("unknown", reason=f"internal error: {type(exc).__name__}: {one}")
    if time.monotonic() - start > opts.timeout:
        return done("unknown", reason=TIME_LIMIT)
    status = fields.pop("status")
    return done(status, **fields)


def _solve_item(item: BatchItem, opts: Options, found: list[dict[str, str]]) -> dict[str, Any]:
    """The result fields (with ``status``) for a readable item, its board's unmodelled combat
    text added to ``found``; raises on bad content and when no verdict is reached
    (:class:`~mtgcombat.errors.Undecided`)."""
    from mtgcombat.board.model import parse_board
    from mtgcombat.board.unmodelled import board_unmodelled, check_modelled
    from mtgcombat.errors import DeclarationError
    from mtgcombat.views.unmodelled import unmodelled_json

    file = item.file if item.board_file else None
    board = parse_board(item.board, file=file)
    found.extend(unmodelled_json(check_modelled(board, file=file) if opts.strict
                                 else board_unmodelled(board)))
    if item_kind(board, opts.kind) == "damage":
        return _resolved(board, item, opts)
    engine, parse = _engine(board, opts)
    if item.declaration is None:
        out = listing(engine.legal(assume_payable=opts.assume_payable), opts.limit)
        if item.puzzle is not None and out.get("complete", True):
            from mtgcombat.forge.report import listing_summary

            out["summary"] = listing_summary(engine.inst.creatures, out["legal"])
        return {"status": "listed", **out}
    decl = parse(item.declaration, path="$.declaration")
    try:
        verdict = engine.check(decl, assume_payable=opts.assume_payable)
    except DeclarationError as err:
        raise DeclarationError(err.message, path="$.declaration" + err.path[1:]) from None
    data = verdict.to_json()
    status: Status = "legal" if verdict.legal else "illegal"
    return {"status": status, **data}


def item_kind(board: Board, kind: Kind) -> Literal["attacks", "blocks", "damage"]:
    """What to do with ``board`` for ``kind``: ``auto`` is combat damage for a board that
    declares ``blocks``, block declarations for one that declares an ``attack``, else attack
    declarations."""
    if kind != "auto":
        return kind
    if board.blocks is not None:
        return "damage"
    return "blocks" if board.attack is not None else "attacks"


def _resolved(board: Board, item: BatchItem, opts: Options) -> dict[str, Any]:
    """The ``resolved`` fields of a combat damage item: its combat played out (CR 510)."""
    from mtgcombat.damage.resolve import resolve_combat
    from mtgcombat.errors import Deadline, DeclarationError

    if item.declaration is not None:
        raise DeclarationError("a combat damage item has no declaration (its combat is played "
                               "out with the best divisions): give null", path="$.declaration")
    result = resolve_combat(board, deadline=Deadline.after(opts.timeout))
    return {"status": "resolved", "damage": result.to_json()}


def _engine(board: Board, opts: Options) -> tuple[Any, Any]:
    """The engine for attack or block declarations (:func:`item_kind`) and the parser of its
    declarations' JSON."""
    from mtgcombat.errors import Deadline

    deadline = Deadline.after(opts.timeout)
    if item_kind(board, opts.kind) == "blocks":
        from mtgcombat.board.declaration import BlockDeclaration
        from mtgcombat.legality.blocks import BlockEngine

        return BlockEngine(board, deadline=deadline), BlockDeclaration.from_json
    from mtgcombat.board.declaration import Declaration
    from mtgcombat.legality.attacks import AttackEngine

    return AttackEngine(board, deadline=deadline), Declaration.from_json


def run_items(items: Sequence[BatchItem], opts: Options) -> list[BatchResult]:
    """Run several items (one Dask task, say) in order."""
    return [run_item(it, opts) for it in items]
