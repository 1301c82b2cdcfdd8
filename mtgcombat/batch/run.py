"""Batch legality checks over many boards: input files, result lines, local worker processes.

Input (see ``docs/batch.md``): board files (``X.json``: one item, id = its path, declaration
``null``) and JSON Lines files (``*.jsonl``: one item per line,
``{"id": ..., "board": {...}, "declaration": {...}|null}``); a directory stands for every
such file under it (sorted, ``*.expected.json`` skipped). ``declaration: null`` lists the legal
declarations; otherwise the declaration is checked.

Output: one :class:`BatchResult` per item, in input order. A bad item is a ``bad_input``
result (file, line, JSON path, message), never an exception. A board that runs past its time
limit is an ``unknown`` result with reason ``"time limit"``, never a guessed verdict.

Time limit per board (``timeout`` seconds, wall clock, measured in the worker from the start
of the item): (1) every CP-SAT solve gets the *remaining* budget as its limit, and no solve
starts once the budget is spent; (2) in a worker process (and in the main thread) a SIGALRM
timer interrupts Python code (compilation, payment search) at the budget; (3) a result that
arrives after the budget is replaced by ``unknown``/``"time limit"``, so a verdict is reported
only when the whole item took at most ``timeout`` seconds; (4) the local backend kills a worker
process that has not answered ``KILL_GRACE`` seconds after the budget, and starts a new one.

Local parallelism: ``jobs`` worker processes (``forkserver`` start, OR-Tools and the catalog
loaded once per worker by :func:`init_worker`), one item at a time per worker.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from multiprocessing.connection import Connection, wait
from pathlib import Path
from types import FrameType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from mtgcombat.errors import BoardError, json_path

DEFAULT_TIMEOUT = 10.0
"""Seconds per board when no ``timeout`` is given."""
KILL_GRACE = 2.0
"""Seconds past the budget after which the local backend kills a silent worker."""
TIME_LIMIT = "time limit"
EXPECTED_SUFFIX = ".expected.json"

JsonId = str | int
Status = Literal["legal", "illegal", "listed", "bad_input", "unknown"]


# -- the data ------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorInfo(_Model):
    """Where a bad input is and what is wrong with it."""

    file: str | None
    line: int | None
    path: str
    message: str


class BatchItem(_Model):
    """One unit of work: a board (decoded JSON) and a declaration to check, or ``None`` to list
    the legal declarations. ``source`` (``file[:line]``) and ``file``/``line`` locate it."""

    id: JsonId
    board: Any = None
    declaration: Any = None
    source: str = ""
    file: str | None = None
    line: int | None = None
    error: ErrorInfo | None = None
    """Set when the item could not even be read (bad JSON line): the result is ``bad_input``."""

    @property
    def board_file(self) -> bool:
        """Is this a plain board file (JSON paths relative to the board, not the item)?"""
        return self.file is not None and self.line is None


class BatchResult(_Model):
    """One output line. ``legal`` is a bool for a check and a list for a listing."""

    id: JsonId
    source: str
    status: Status
    ms: float
    legal: bool | list[dict[str, str]] | None = None
    count: int | None = None
    complete: bool | None = None
    reason: str | None = None
    witness: dict[str, str] | None = None
    details: dict[str, Any] | None = None
    error: ErrorInfo | None = None

    def to_json(self) -> dict[str, Any]:
        """The output line's object (fields that apply to this status only)."""
        return self.model_dump(mode="json", exclude_unset=True)

    def line(self) -> str:
        """The JSON Lines text (no newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False)


@dataclass(frozen=True)
class Options:
    """What to do with each item."""

    timeout: float = DEFAULT_TIMEOUT
    assume_payable: bool = False
    limit: int | None = None
    """List at most this many legal declarations (``complete: false`` when cut)."""


# -- reading inputs ------------------------------------------------------------------------


def _bad(item_id: JsonId, file: str | None, line: int | None, path: str,
         message: str) -> BatchItem:
    source = file if line is None or file is None else f"{file}:{line}"
    return BatchItem(id=item_id, source=source or "", file=file, line=line,
                     error=ErrorInfo(file=file, line=line, path=path, message=message))


def input_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named by ``paths``: files as given, directories expanded to their ``*.json``
    and ``*.jsonl`` files (recursively, sorted), ``*.expected.json`` skipped."""
    for p in map(Path, paths):
        if p.is_dir():
            found = [f for f in p.rglob("*") if f.is_file() and f.suffix in (".json", ".jsonl")]
            yield from sorted((f for f in found if not f.name.endswith(EXPECTED_SUFFIX)),
                              key=lambda f: f.as_posix())
        else:
            yield p


def read_inputs(paths: Iterable[str | Path]) -> Iterator[BatchItem]:
    """Every item of the given inputs, in order; unreadable ones as items with ``error``."""
    for f in input_files(paths):
        if f.suffix == ".jsonl":
            yield from read_jsonl(f)
        else:
            yield read_board_file(f)


def read_board_file(path: Path) -> BatchItem:
    """A board file as one listing item (id = its path)."""
    file = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return _bad(file, file, None, "", "no such file")
    except (OSError, UnicodeDecodeError) as exc:
        return _bad(file, file, None, "", f"can't read: {exc}")
    except json.JSONDecodeError as exc:
        return _bad(file, file, None, "$",
                    f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
    return BatchItem(id=file, board=data, source=file, file=file)


def read_jsonl(path: Path) -> Iterator[BatchItem]:
    """The items of a JSON Lines file; blank lines are skipped."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        yield _bad(file, file, None, "", f"can't read: {exc}")
        return
    for n, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            yield parse_line(raw, file, n)


def parse_line(raw: str, file: str | None, n: int | None) -> BatchItem:
    """One JSON Lines item; a malformed line becomes an item with ``error``."""
    fallback: JsonId = f"{file}:{n}" if file else str(n)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        return _bad(fallback, file, n, "$", f"invalid JSON at column {exc.colno}: {exc.msg}")
    return item_from_mapping(data, file, n, fallback)


def item_from_mapping(data: object, file: str | None, n: int | None,
                      fallback: JsonId) -> BatchItem:
    """``{"id", "board", "declaration"}`` as an item; bad shapes become items with ``error``."""
    if not isinstance(data, dict):
        return _bad(fallback, file, n, "$", "an item must be a JSON object "
                    '{"id": ..., "board": {...}, "declaration": {...}|null}')
    item_id = data.get("id", fallback)
    if isinstance(item_id, bool) or not isinstance(item_id, str | int):
        return _bad(fallback, file, n, "$.id", f"expected a string or integer id, got {item_id!r}")
    unknown = sorted(set(data) - {"id", "board", "declaration"})
    if unknown:
        return _bad(item_id, file, n, f"$.{unknown[0]}",
                    "unknown key (expected id, board, declaration)")
    if "board" not in data:
        return _bad(item_id, file, n, "$", "missing key 'board'")
    source = file if n is None or file is None else f"{file}:{n}"
    return BatchItem(id=item_id, board=data["board"], declaration=data.get("declaration"),
                     source=source or "", file=file, line=n)


def as_item(obj: BatchItem | Mapping[str, Any], index: int) -> BatchItem:
    """An API argument as a :class:`BatchItem` (a mapping is ``{"id", "board",
    "declaration"}``; a missing id is the item's index)."""
    if isinstance(obj, BatchItem):
        return obj
    item = item_from_mapping(dict(obj), None, None, index)
    if not item.source:
        item = item.model_copy(update={"source": f"item {index}"})
    return item


# -- one item ------------------------------------------------------------------------------


class TimeLimitReached(BaseException):  # noqa: N818 - a signal, not an error
    """The item's budget is spent (a BaseException, so that no ``except Exception`` in the
    engine can swallow it)."""


def _budget_engine_class() -> type[Any]:
    """An :class:`~mtgcombat.legality.AttackEngine` whose CP-SAT limit is the remaining time
    of one budget (so the limit holds for the whole item, not per solve)."""
    from mtgcombat.legality.attacks import AttackEngine
    from mtgcombat.solver.cpsat import SolverTimeout

    class BudgetEngine(AttackEngine):
        _deadline: float | None = None

        @property
        def time_limit(self) -> float | None:
            if self._deadline is None:
                return None
            left = self._deadline - time.monotonic()
            if left <= 0:
                raise SolverTimeout("the item's time budget is spent")
            return left

        @time_limit.setter
        def time_limit(self, seconds: float | None) -> None:
            self._deadline = None if seconds is None else time.monotonic() + seconds

    return BudgetEngine


_ENGINE: type[Any] | None = None


def init_worker() -> None:
    """Pay the OR-Tools import and the catalog load once per worker process."""
    global _ENGINE
    from mtgcombat.rules.catalog import default_catalog
    from mtgcombat.solver import cpsat

    cpsat._cp_model()
    default_catalog()
    if _ENGINE is None:
        _ENGINE = _budget_engine_class()


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise TimeLimitReached


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

    def done(status: Status, **fields: Any) -> BatchResult:
        ms = round((time.monotonic() - start) * 1000, 3)
        return BatchResult(id=item.id, source=item.source, status=status, ms=ms, **fields)

    if item.error is not None:
        return done("bad_input", error=item.error)
    try:
        with _Alarm(opts.timeout):
            fields = _solve_item(item, opts)
    except TimeLimitReached:
        return done("unknown", reason=TIME_LIMIT)
    except BoardError as err:
        return done("bad_input", error=_located(err, item))
    except Exception as exc:  # noqa: BLE001 - one bad board never stops the run
        from mtgcombat.solver.cpsat import SolverTimeout

        if isinstance(exc, SolverTimeout):
            return done("unknown", reason=TIME_LIMIT)
        one = " ".join(str(exc).split()) or "(no message)"
        return done("unknown", reason=f"internal error: {type(exc).__name__}: {one}")
    if time.monotonic() - start > opts.timeout:
        return done("unknown", reason=TIME_LIMIT)
    status = fields.pop("status")
    return done(status, **fields)


def _solve_item(item: BatchItem, opts: Options) -> dict[str, Any]:
    """The result fields (with ``status``) for a readable item; raises on bad content."""
    from mtgcombat.board.declaration import Declaration
    from mtgcombat.board.model import parse_board
    from mtgcombat.errors import DeclarationError
    from mtgcombat.payment.search import PaymentSearchTooLarge

    if _ENGINE is None:
        init_worker()
    assert _ENGINE is not None
    board = parse_board(item.board, file=item.file if item.board_file else None)
    engine = _ENGINE(board, time_limit=opts.timeout)
    if item.declaration is None:
        try:
            found = list(islice(engine.legal(assume_payable=opts.assume_payable),
                                None if opts.limit is None else opts.limit + 1))
        except PaymentSearchTooLarge as exc:
            return {"status": "unknown", "reason": f"unknown: payment search too large ({exc})"}
        out: dict[str, Any] = {"status": "listed"}
        if opts.limit is not None and len(found) > opts.limit:
            found = found[:opts.limit]
            out["complete"] = False
        out["legal"] = [d.to_json() for d in found]
        out["count"] = len(found)
        return out
    decl = Declaration.from_json(item.declaration, path="$.declaration")
    try:
        verdict = engine.check(decl, assume_payable=opts.assume_payable)
    except DeclarationError as err:
        raise DeclarationError(err.message, path="$.declaration" + err.path[1:]) from None
    data = verdict.to_json()
    status: Status = ("unknown" if verdict.kind == "unknown"
                      else "legal" if verdict.legal else "illegal")
    return {"status": status, **data}


def run_items(items: Sequence[BatchItem], opts: Options) -> list[BatchResult]:
    """Run several items (one Dask task, say) in order."""
    return [run_item(it, opts) for it in items]


# -- local worker processes ----------------------------------------------------------------

ItemTask = Callable[[BatchItem, Options], BatchResult]


def _worker_main(conn: Connection, task: ItemTask, opts: Options) -> None:
    """A worker process: answer ``(seq, item)`` messages until ``None``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    init_worker()
    conn.send("ready")
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg is None:
            return
        seq, item = msg
        conn.send((seq, task(item, opts)))


class _Worker:
    """One worker process and the item it is working on."""

    def __init__(self, ctx: Any, task: ItemTask, opts: Options) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, task, opts), daemon=True)
        self.proc.start()
        child.close()
        self.job: tuple[int, BatchItem, float] | None = None

    def wait_ready(self) -> _Worker:
        """Wait for the worker's start-up (imports, catalog); raise if it died."""
        try:
            ready = self.conn.recv()
        except (EOFError, OSError):
            ready = None
        if ready != "ready":
            self.stop(kill=True)
            raise RuntimeError("a batch worker process could not start (exit code "
                               f"{self.proc.exitcode}); see its error output above")
        return self

    def give(self, seq: int, item: BatchItem) -> None:
        self.conn.send((seq, item))
        self.job = (seq, item, time.monotonic())

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.proc.join(timeout=None if kill else 2)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def _context() -> Any:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["mtgcombat.batch.run", "mtgcombat.legality.attacks"])
    return ctx


def _unknown(item: BatchItem, started: float, reason: str) -> BatchResult:
    return BatchResult(id=item.id, source=item.source, status="unknown",
                       ms=round((time.monotonic() - started) * 1000, 3), reason=reason)


def run_local(items: Iterable[BatchItem], opts: Options, jobs: int,
              task: ItemTask = run_item) -> Iterator[BatchResult]:
    """Run ``items`` on ``jobs`` worker processes; results in input order. A worker silent
    ``KILL_GRACE`` seconds past the budget is killed and replaced (result: time limit)."""
    ctx = _context()
    window = max(64, 16 * jobs)
    source = iter(items)
    workers = [w.wait_ready() for w in [_Worker(ctx, task, opts) for _ in range(jobs)]]
    ready: dict[int, BatchResult] = {}
    issued = next_out = 0
    exhausted = False
    limit = opts.timeout + KILL_GRACE
    try:
        while True:
            for w in workers:
                while w.job is None and not exhausted and issued - next_out < window:
                    item = next(source, None)
                    if item is None:
                        exhausted = True
                    elif item.error is not None:  # nothing to compute: answer here
                        ready[issued] = task(item, opts)
                        issued += 1
                    else:
                        w.give(issued, item)
                        issued += 1
            while next_out in ready:
                yield ready.pop(next_out)
                next_out += 1
            busy = [w for w in workers if w.job is not None]
            if not busy:
                if exhausted and next_out == issued:
                    return
                continue
            now = time.monotonic()
            wait_for = max(0.0, min(w.job[2] + limit - now for w in busy if w.job))
            for conn in wait([w.conn for w in busy], timeout=wait_for):
                w = next(x for x in busy if x.conn is conn)
                assert w.job is not None
                seq, item, started = w.job
                try:
                    rseq, result = w.conn.recv()
                    ready[rseq] = result
                    w.job = None
                except (EOFError, OSError):
                    ready[seq] = _unknown(item, started, "internal error: the worker died")
                    _replace(workers, w, ctx, task, opts)
            now = time.monotonic()
            for w in list(workers):
                if w.job is not None and now - w.job[2] > limit:
                    seq, item, started = w.job
                    ready[seq] = _unknown(item, started, TIME_LIMIT)
                    _replace(workers, w, ctx, task, opts)
    finally:
        for w in workers:
            w.stop(kill=w.job is not None)


def _replace(workers: list[_Worker], w: _Worker, ctx: Any, task: ItemTask, opts: Options) -> None:
    w.job = None
    w.stop(kill=True)
    workers[workers.index(w)] = _Worker(ctx, task, opts).wait_ready()


def run_inline(items: Iterable[BatchItem], opts: Options) -> Iterator[BatchResult]:
    """Run ``items`` one by one in this process (no worker to kill: budget and alarm only)."""
    init_worker()
    for item in items:
        yield run_item(item, opts)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


# -- the API -------------------------------------------------------------------------------


def check_many(items: Iterable[BatchItem | Mapping[str, Any]], jobs: int | None = None,
               timeout: float = DEFAULT_TIMEOUT, assume_payable: bool = False,
               limit: int | None = None, client: Any = None) -> Iterator[BatchResult]:
    """Check or list every item, yielding one :class:`BatchResult` per item in input order.

    ``items``: :class:`BatchItem` objects or ``{"id", "board", "declaration"}`` mappings
    (``declaration`` ``None`` or missing: list the legal declarations). ``jobs``: worker
    processes (default: the cores; ``0``: in this process). ``timeout``: seconds per item,
    after which its result is ``unknown`` with reason ``"time limit"``. ``limit``: list at
    most this many declarations. ``client``: a ``dask.distributed.Client`` to run on a Dask
    cluster instead (see :func:`mtgcombat.batch_dask.check_many_dask`)."""
    opts = Options(timeout=timeout, assume_payable=assume_payable, limit=limit)
    stream = (as_item(obj, i) for i, obj in enumerate(items))
    if client is not None:
        from mtgcombat.batch.cluster import run_dask

        return run_dask(stream, opts, client)
    n = default_jobs() if jobs is None else jobs
    if n <= 0:
        return run_inline(stream, opts)
    return run_local(stream, opts, n)


# -- output files --------------------------------------------------------------------------


def done_ids(out: Path) -> set[str]:
    """Ids (as JSON text) already answered in ``out``; a torn last line (a run killed while
    writing) is cut off the file so that appending keeps it valid JSON Lines."""
    if not out.exists():
        return set()
    raw = out.read_bytes()
    keep = raw
    if raw and not raw.endswith(b"\n"):
        keep = raw[:raw.rfind(b"\n") + 1]
    ids: set[str] = set()
    for n, line in enumerate(keep.decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            ids.add(json.dumps(BatchResult.model_validate_json(line).id))
        except ValidationError as exc:
            raise BoardError(f"not a result line: {exc.errors()[0]['msg']}",
                             path=json_path(exc.errors()[0]["loc"]),
                             file=f"{out}:{n}") from None
    if keep != raw:
        out.write_bytes(keep)
    return ids


def id_key(item_id: JsonId) -> str:
    """An id as the key :func:`done_ids` uses."""
    return json.dumps(item_id)


def is_tty() -> bool:
    """Is stderr a terminal (show a progress bar)?"""
    return sys.stderr.isatty()


# -- the command line ------------------------------------------------------------------------

SLOWEST = 5
"""The summary names this many slowest boards."""


@dataclass
class Summary:
    """Counts for the summary table at the end of a run."""

    checked: int = 0
    legal: int = 0
    illegal: int = 0
    listed: int = 0
    bad_input: int = 0
    unknown: int = 0
    skipped: int = 0
    slowest: list[tuple[float, str]] | None = None

    def add(self, r: BatchResult) -> None:
        """Count one result."""
        self.checked += 1
        setattr(self, r.status, getattr(self, r.status) + 1)
        if r.status != "bad_input":
            top = [*(self.slowest or []), (r.ms, str(r.id))]
            self.slowest = sorted(top, key=lambda t: -t[0])[:SLOWEST]

    def table(self, seconds: float, interrupted: bool) -> Any:
        """The rich table of the run."""
        from rich.table import Table

        title = "batch: interrupted" if interrupted else "batch"
        t = Table(title=title, show_header=False, title_justify="left")
        t.add_column("what")
        t.add_column("value")
        rate = self.checked / seconds if seconds > 0 else 0.0
        rows = [("checked", str(self.checked)), ("legal", str(self.legal)),
                ("illegal", str(self.illegal)), ("listed", str(self.listed)),
                ("bad input", str(self.bad_input)), ("unknown", str(self.unknown))]
        if self.skipped:
            rows.append(("skipped (--resume)", str(self.skipped)))
        rows.append(("time", f"{seconds:.1f} s ({rate:.1f} boards/s)"))
        for i, (ms, name) in enumerate(self.slowest or []):
            rows.append(("slowest" if i == 0 else "", f"{ms:.1f} ms  {name}"))
        for k, v in rows:
            t.add_row(k, v)
        return t


def _progress(total: int, console: Any) -> Any:
    """A progress bar with rate and ETA (drawn only on a terminal)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:.1f} boards/s" if speed else "- boards/s")

    return Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), Rate(),
                    TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                    console=console, disable=not console.is_terminal, transient=False)


def run_command(inputs: Sequence[str], *, jobs: int | None, out: str | None, resume: bool,
                timeout: float, assume_payable: bool, limit: int | None,
                scheduler: str | None) -> int:
    """``mtgcombat batch``: run, write result lines, print the summary; the exit status."""
    from rich.console import Console

    items = list(read_inputs(inputs))
    summary = Summary()
    if resume and out is not None:
        seen = done_ids(Path(out))
        kept = [it for it in items if id_key(it.id) not in seen]
        summary.skipped = len(items) - len(kept)
        items = kept
    err_console = Console(stderr=True, markup=False, highlight=False)
    sink = sys.stdout if out is None else open(  # noqa: SIM115 - closed below
        out, "a" if resume else "w", encoding="utf-8")
    report = err_console if out is None else Console(markup=False, highlight=False)
    start = time.monotonic()
    interrupted = False
    client: Any = None
    try:
        if scheduler is not None:
            from distributed import Client

            client = Client(scheduler)  # type: ignore[no-untyped-call]
        results = check_many(items, jobs=jobs, timeout=timeout, assume_payable=assume_payable,
                             limit=limit, client=client)
        with _progress(len(items), err_console) as bar:
            task = bar.add_task("batch", total=len(items))
            try:
                for r in results:
                    sink.write(r.line() + "\n")
                    sink.flush()
                    summary.add(r)
                    bar.advance(task)
            except KeyboardInterrupt:
                interrupted = True
            finally:
                close = getattr(results, "close", None)
                if close is not None:
                    close()
    finally:
        if sink is not sys.stdout:
            sink.close()
        if client is not None:
            client.close()
    report.print(summary.table(time.monotonic() - start, interrupted))
    if interrupted:
        where = out or "the output"
        err_console.print(f"interrupted: {summary.checked} result(s) written to {where}; "
                          "run again with --resume to finish")
        return 130
    return 0
