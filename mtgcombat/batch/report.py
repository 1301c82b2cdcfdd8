"""``mtgcombat batch``: run the inputs, write the result lines, draw the progress bar and
print the summary table (see ``docs/batch.md``). The output file itself (lock, resume,
atomic rewrites): :mod:`mtgcombat.batch.output`."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgcombat.batch.items import BatchItem, BatchResult, Kind, read_inputs
from mtgcombat.batch.output import (
    Sink,
    check_writable,
    distinct_ids,
    id_key,
    locked,
    prepare_resume,
    reorder,
)
from mtgcombat.batch.run import check_many


def is_tty() -> bool:
    """Is stderr a terminal (show a progress bar)?"""
    return sys.stderr.isatty()


SLOWEST = 5
"""The summary names this many slowest boards."""


@dataclass
class Summary:
    """Counts for the summary table at the end of a run."""

    checked: int = 0
    legal: int = 0
    illegal: int = 0
    listed: int = 0
    resolved: int = 0
    """Combat damage items played out."""
    bad_input: int = 0
    unknown: int = 0
    skipped: int = 0
    unmodelled: int = 0
    """Results whose board has combat text that is not modelled."""
    slowest: list[tuple[float, str]] | None = None

    def add(self, r: BatchResult) -> None:
        """Count one result."""
        self.checked += 1
        setattr(self, r.status, getattr(self, r.status) + 1)
        self.unmodelled += bool(r.unmodelled)
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
                ("illegal", str(self.illegal)), ("listed", str(self.listed))]
        if self.resolved:
            rows.append(("damage resolved", str(self.resolved)))
        rows += [("bad input", str(self.bad_input)), ("unknown", str(self.unknown))]
        if self.skipped:
            rows.append(("skipped (--resume)", str(self.skipped)))
        if self.unmodelled:
            rows.append(("with unmodelled text", str(self.unmodelled)))
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


@dataclass(frozen=True)
class Command:
    """The options of one ``mtgcombat batch`` run."""

    inputs: Sequence[str]
    jobs: int | None
    out: str | None
    resume: bool
    timeout: float
    assume_payable: bool
    limit: int | None
    scheduler: str | None
    retry_unknown: bool = False
    strict: bool = False
    kind: Kind = "auto"


def run_command(inputs: Sequence[str], *, jobs: int | None, out: str | None, resume: bool,
                timeout: float, assume_payable: bool, limit: int | None,
                scheduler: str | None, retry_unknown: bool = False,
                strict: bool = False, kind: Kind = "auto") -> int:
    """``mtgcombat batch``: run, write result lines, print the summary; the exit status.
    :class:`~mtgcombat.batch.output.OutError` (a usage error) when ``out`` can't be written
    or another run holds its lock; checked before any work starts.
    :class:`~mtgcombat.batch.cluster.ClusterError` when ``scheduler`` can't be used (Dask not
    installed, scheduler unreachable)."""
    cmd = Command(inputs, jobs, out, resume, timeout, assume_payable, limit, scheduler,
                  retry_unknown, strict, kind)
    if out is None:
        return _run(cmd, None)
    path = Path(out)
    check_writable(path)
    with locked(path):
        return _run(cmd, path)


def _run(cmd: Command, out: Path | None) -> int:
    """The run once ``out`` is checked and locked."""
    from rich.console import Console

    items = distinct_ids(list(read_inputs(cmd.inputs)))
    keys = [id_key(it.id) for it in items]
    summary = Summary()
    retried = False
    if cmd.resume and out is not None:
        seen, retried = prepare_resume(out, cmd.retry_unknown)
        todo = [it for it, k in zip(items, keys, strict=True) if k not in seen]
        summary.skipped = len(items) - len(todo)
        items = todo
    err_console = Console(stderr=True, markup=False, highlight=False)
    sink = Sink(out, append=cmd.resume, stdout=sys.stdout)
    report = err_console if out is None else Console(markup=False, highlight=False)
    start = time.monotonic()
    try:
        interrupted = _write_results(cmd, items, sink, summary, err_console)
        if not interrupted:
            sink.finish()
    finally:
        sink.close()
    if retried and not interrupted and out is not None:
        reorder(out, keys)
    report.print(summary.table(time.monotonic() - start, interrupted))
    if interrupted:
        where = cmd.out or "the output"
        err_console.print(f"interrupted: {summary.checked} result(s) written to {where}; "
                          "run again with --resume to finish")
        return 130
    return 0


def _write_results(cmd: Command, items: list[BatchItem], sink: Sink, summary: Summary,
                   err_console: Any) -> bool:
    """Run ``items`` and write their lines to ``sink``; was the run interrupted (Ctrl-C)?"""
    client: Any = None
    try:
        if cmd.scheduler is not None:
            from mtgcombat.batch.cluster import connect

            client = connect(cmd.scheduler)
        results = check_many(items, jobs=cmd.jobs, timeout=cmd.timeout,
                             assume_payable=cmd.assume_payable, limit=cmd.limit, client=client,
                             strict=cmd.strict, kind=cmd.kind)
        with _progress(len(items), err_console) as bar:
            task = bar.add_task("batch", total=len(items))
            try:
                for r in results:
                    sink.write(r.line())
                    summary.add(r)
                    bar.advance(task)
            except KeyboardInterrupt:
                return True
            finally:
                close = getattr(results, "close", None)
                if close is not None:
                    close()
    finally:
        if client is not None:
            client.close()
    return False
