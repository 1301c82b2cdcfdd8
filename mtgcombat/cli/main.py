"""The ``mtgcombat`` command line: ``show``, ``legal``, ``check``, ``explain``, ``blocks``,
``damage``, ``batch`` and ``serve``.

Exit status: 0 when the command ran (whatever the verdict), 2 for bad input (a bad board file,
a missing file, a bad ``--attack``/``--band`` argument or ``--declaration`` file; with
``--strict``, combat text of the board's cards that is not modelled), 1 for an
internal error. Bad input is reported as one line on stderr (``file: $.json.path: message``,
control characters escaped), never as a traceback. No verdict (an
:class:`~mtgcombat.errors.Undecided`, e.g. ``--timeout`` ran out) is the answer
``unknown (<reason>)`` on stdout (with ``--json``: ``{"status": "unknown", "reason": ...}``),
exit status 0 (3 with ``--exit-code``, which also makes an illegal verdict exit 4; see
:mod:`mtgcombat.cli.scripting`); a listing cut short says so (``"complete": false`` with its
reason). A board path ``-`` reads the board from standard input.

OR-Tools is imported only by the commands that solve (``legal``, ``check``, ``explain``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from mtgcombat.board.model import Board
from mtgcombat.errors import BoardError, Deadline
from mtgcombat.views.text import safe

if TYPE_CHECKING:
    from rich.console import RenderableType

    from mtgcombat.batch.items import Kind
    from mtgcombat.legality.attacks import AttackEngine

from mtgcombat.cli.blocks import blocks
from mtgcombat.cli.cards import cards
from mtgcombat.cli.common import (
    ASSUME_PAYABLE,
    BOARD,
    DEFAULT_SHOWN,
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    JSON_FLAG,
    PAYMENT_NOT_CHECKED,
    STRICT,
    TIMEOUT,
)
from mtgcombat.cli.common import Command as _Command
from mtgcombat.cli.common import error_line as _error_line
from mtgcombat.cli.common import print_json as _print_json
from mtgcombat.cli.common import print_out as _print
from mtgcombat.cli.damage import damage
from mtgcombat.cli.imports import import_group
from mtgcombat.cli.schema import schema
from mtgcombat.cli.scripting import (
    COMPLETION_EPILOG,
    EXIT_CODE,
    EXIT_EPILOG,
    listing_status,
    one_stdin,
    verdict_status,
)

# -- plumbing ------------------------------------------------------------------------------


def _load(path: str, strict: bool) -> Board:
    """The board at ``path`` (:func:`mtgcombat.cli.common.load`; ``--strict``)."""
    from mtgcombat.cli.common import load

    return load(path, strict)


def _engine(board: Board, deadline: Deadline) -> AttackEngine:
    from mtgcombat.legality.attacks import AttackEngine

    return AttackEngine(board, deadline=deadline)


# -- commands ------------------------------------------------------------------------------


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="""\b
Examples:
  mtgcombat show board.json
  mtgcombat legal board.json --json
  mtgcombat check board.json --attack goblin=Bob --attack arbiter=Bob
  mtgcombat explain board.json
  mtgcombat blocks blocks_board.json --block wall=goblin
  mtgcombat damage damage_board.json --resolve
  cat board.json | mtgcombat check - --attack goblin=Bob --exit-code
  python -m mtgcombat legal board.json
""" + EXIT_EPILOG + "\n" + COMPLETION_EPILOG,
)
@click.version_option(None, "-V", "--version", package_name="mtgcombat", prog_name="mtgcombat")
def cli() -> None:
    """Exact legality of Magic: The Gathering combat: attack declarations (CR 508.1), block
    declarations (CR 509.1) and combat damage (CR 510).

    A board file (JSON; see docs/board-format.md, or `mtgcombat schema`) is a frozen game
    state: at the start of
    the declare-attackers step, or with a declared "attack" (blocks) and "blocks" (damage).
    Creatures and targets are named by permanent id or player name."""


cli.command_class = _Command


@cli.command(short_help="How the engine understood a board.", epilog="""\b
Examples:
  mtgcombat show board.json
  mtgcombat show board.json --json
\b
With --json: {"players": [...], "attack": {...}, "blocks": {...}|null} (the HTTP API's
/v1/show); "blocks" is null unless the board declares an "attack", and when its blocks can't
be compiled "blocks_error" says why.""")
@BOARD
@JSON_FLAG
@STRICT
def show(board: str, as_json: bool, strict: bool) -> None:
    """Show how the engine understood BOARD.json.

    Players and defending players, targets, candidate attackers (and the creatures that can't
    attack, with why), every restriction, requirement and cost instance with its source, and
    the combat text of the board's cards that is not modelled. Runs no solver."""
    from mtgcombat.cli import render
    from mtgcombat.cli.common import loaded_unmodelled
    from mtgcombat.compile.attacks import compile_board

    b = _load(board, strict)
    if as_json:
        from mtgcombat.cli.show_json import show_json

        _print_json(show_json(b))
        return
    _print(render.show(b, compile_board(b), loaded_unmodelled(take=True)))
    if b.attack is not None:
        from mtgcombat.compile.blocks import compile_blocks

        try:
            _print(render.show_blocks(b, compile_blocks(b)))
        except BoardError as err:  # the attack part stands; say why blocks can't be shown
            _print(render.txt(f"blocks: {err.one_line()}", "yellow"))


@cli.command(short_help="Every legal attack declaration.", epilog="""\b
Examples:
  mtgcombat legal board.json
  mtgcombat legal board.json --json
  mtgcombat legal board.json --json --limit 10
  mtgcombat legal board.json --timeout 5
\b
With --json: {"legal": [{"goblin": "Bob"}, {}], "count": 2}, declarations in canonical
order (number of attackers, then sorted pairs). With --limit N only the first N are
printed, "count" is the number printed, and "complete": false is added when the list
was cut. Without --json, the summary counts every legal declaration and the table
shows the first N (default 100). When --timeout runs out part-way, the declarations found
so far are printed, followed by "unknown (time limit): the list above is incomplete" (with
--json: "complete": false and "reason": "time limit"). --count prints only the summary
(--json: {"count": 2, "in_every": [], "in_none": []}), counted by groups of interchangeable
creatures (token armies) without listing them where the board allows it.""")
@BOARD
@JSON_FLAG
@click.option("--limit", type=click.IntRange(min=0), default=None, metavar="N",
              help="Print only the first N declarations (canonical order).")
@click.option("--count", "count", is_flag=True,
              help="Only count the legal declarations (and who is in every / no one).")
@ASSUME_PAYABLE
@TIMEOUT
@STRICT
@EXIT_CODE
def legal(board: str, as_json: bool, limit: int | None, count: bool, assume_payable: bool,
          timeout: float | None, strict: bool, exit_code: bool) -> int:
    """List every legal attack declaration on BOARD.json."""
    from mtgcombat.cli import listing

    if count and limit is not None:
        raise click.UsageError("--count and --limit can't be used together")
    deadline = Deadline.after(timeout)
    engine = _engine(_load(board, strict), deadline)
    note = bool(engine.inst.costs) and assume_payable
    stream = engine.legal(assume_payable=assume_payable)
    notes = [f"Note: {PAYMENT_NOT_CHECKED}."] if note else []
    if count:
        complete = listing.print_count(engine.inst, stream, deadline, as_json, notes)
        if note and as_json:
            click.echo(f"note: {PAYMENT_NOT_CHECKED}", err=True)
        return listing_status(complete, exit_code)
    if as_json:
        data = listing.listing_json(stream, limit, deadline)
        _print_json(data)
        if note:
            click.echo(f"note: {PAYMENT_NOT_CHECKED}", err=True)
        return listing_status(data.get("complete", True) is not False, exit_code)
    shown = DEFAULT_SHOWN if limit is None else limit
    summary, reason = listing.fast_summary(engine.inst, stream, shown, deadline)
    _print(listing.render_listing(summary, reason, engine.inst.names, "attack", notes))
    return listing_status(reason is None, exit_code)


@cli.command(short_help="Is this attack declaration legal? Why (not)?", epilog="""\b
Examples:
  mtgcombat check board.json --attack goblin=Bob --attack arbiter=Bob
  mtgcombat check board.json                    # the empty declaration
  mtgcombat check board.json --attack a=Bob --attack b=Bob --band a,b
  mtgcombat check board.json --attack goblin=Bob --json
  mtgcombat check board.json --declaration decl.json   # {"goblin": "Bob"}
  echo '{"goblin": "Bob"}' | mtgcombat check board.json --declaration -
  mtgcombat check board.json --attack goblin=Bob --timeout 5
\b
With --json: {"legal": true|false, "reason": "...", "witness": {...}|null,
"details": {...}}. An unknown id in --attack exits with status 2 (naming the closest ids).
--exit-code: 4 when the declaration is illegal, 3 when there is no verdict.""")
@BOARD
@click.option("--attack", "attacks", multiple=True, metavar="ID=TARGET",
              help="Creature ID attacks TARGET (a player name or permanent id). Repeat it. "
                   "IDs with '=' or ',' or leading/trailing spaces can't be written this way: "
                   "use --declaration.")
@click.option("--band", "bands", multiple=True, metavar="ID,ID",
              help="These attackers attack as a band (CR 702.22). Repeatable.")
@click.option("--declaration", "declaration", default=None, metavar="FILE|-",
              help="Read the declaration as JSON from FILE ('-': stdin), the shape of "
                   "`legal --json` items: {\"goblin\": \"Bob\"}. Instead of --attack. "
                   "Example: --declaration decl.json")
@JSON_FLAG
@ASSUME_PAYABLE
@TIMEOUT
@STRICT
@EXIT_CODE
def check(board: str, attacks: tuple[str, ...], bands: tuple[str, ...], declaration: str | None,
          as_json: bool, assume_payable: bool, timeout: float | None, strict: bool,
          exit_code: bool) -> int:
    """Is the attack declaration given by --attack legal on BOARD.json? Why (not)?"""
    from mtgcombat.cli.inputs import attack_declaration

    one_stdin(board, declaration)
    deadline = Deadline.after(timeout)
    b = _load(board, strict)
    decl = attack_declaration(attacks, bands, declaration)
    v = _engine(b, deadline).check(decl, assume_payable=assume_payable)
    if as_json:
        _print_json(v.to_json())
    else:
        from mtgcombat.cli import render

        _print(render.verdict(v))
    return verdict_status(v.legal, exit_code)


@cli.command(short_help="How requirements are re-checked, stage by stage (CR 508.1d).",
             epilog="""\b
Examples:
  mtgcombat explain board.json
  mtgcombat explain board.json --json
  mtgcombat explain board.json --timeout 5
\b
Which attacks are legal can depend on what is declared: some requirements exist only if
certain creatures attack. For each choice of which costs to pay (CR 508.1d: no player has to
pay a cost to obey a requirement), the stages of re-checking: per stage, the conditions met,
the requirements that exist, what earlier stages still demand, the most requirements that
can be obeyed without breaking a restriction (CR 508.1c), a declaration obeying that many,
and the declarations legal at that point.""")
@BOARD
@JSON_FLAG
@TIMEOUT
@STRICT
def explain(board: str, as_json: bool, timeout: float | None, strict: bool) -> None:
    """Show how the requirements of BOARD.json are re-checked, stage by stage (CR 508.1d)."""
    from mtgcombat.legality.explain import commitment_views, view_json

    engine = _engine(_load(board, strict), Deadline.after(timeout))
    views = commitment_views(engine)
    if as_json:
        _print_json({"commitments": [view_json(cv) for cv in views]})
        return
    from rich.console import Group

    from mtgcombat.cli import render

    parts: list[RenderableType] = [render.explain(views)]
    if engine.inst.costs:
        parts.append(render.txt("Note: the declarations legal at each stage are legal only if "
                                "their costs can also be paid (CR 508.1g-j, checked separately)"
                                ".", "yellow"))
    _print(Group(*parts))


@cli.command(short_help="Check or list many boards (local processes or Dask).", epilog="""\b
Examples:
  mtgcombat batch models/article models/cards --out results.jsonl
  mtgcombat batch models/batch/example.jsonl --jobs 2 --timeout 5
  mtgcombat batch boards/ --out results.jsonl --resume
  mtgcombat batch boards/ --out results.jsonl --resume --retry-unknown
  mtgcombat batch boards/ --scheduler tcp://HOST:8786 --out results.jsonl
  mtgcombat batch models/blocks --kind blocks
  mtgcombat batch models/damage --kind damage
  cat items.jsonl | mtgcombat batch -
\b
INPUTS are board files (X.json: list its legal declarations), JSON Lines files (*.jsonl:
one {"id", "board", "declaration"} per line; declaration null: list, else check), '-'
(JSON Lines read from standard input) and directories (every *.json and *.jsonl under
them, *.expected.json skipped); a missing input is an error (exit 2). Declarations are
attacks, or blocks (CR 509.1) for a board with an "attack"; a board with "blocks" has its
combat damage played out (--kind). One result line per input, in input order: {"id",
"source", "status", "ms", ...} with status legal, illegal, listed, resolved, bad_input or
unknown (see docs/batch.md). A file named twice is read once; a
repeated id X is written as X#2, X#3, ...; --out is checked and locked (FILE.lock) before
any work, and rewritten only atomically.""")
@click.argument("inputs", nargs=-1, required=True, metavar="INPUTS...")
@click.option("--jobs", type=click.IntRange(min=0), default=None, metavar="N",
              help="Worker processes (default: the cores; 0: in this process).")
@click.option("--out", default=None, metavar="FILE",
              help="Write result lines to FILE (default: stdout); FILE.lock keeps a second "
                   "run off it.")
@click.option("--resume", is_flag=True,
              help="Skip ids already in --out and append the rest (a repeated id X is "
                   "written as X#2, X#3, ...).")
@click.option("--retry-unknown", is_flag=True,
              help="With --resume: run again the items whose line in --out is unknown "
                   "(time limit, died) and replace those lines (file rewritten atomically).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=10.0,
              show_default=True, metavar="SECONDS",
              help="Time limit per board; past it the result is unknown (\"time limit\").")
@click.option("--limit", type=click.IntRange(min=0), default=None, metavar="N",
              help="List at most N legal declarations per board.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:8786",
              help="Run on this Dask scheduler (pip install 'mtgcombat[cluster]').")
@click.option("--kind", type=click.Choice(["auto", "attacks", "blocks", "damage"]),
              default="auto", show_default=True,
              help="The items: attack declarations (CR 508.1), block declarations (CR 509.1; the "
              "board declares an \"attack\"), combat damage played out (CR 510; a resolved "
              "line), or auto: damage when the board has \"blocks\", else blocks when it has "
              "an \"attack\", else attacks.")
@ASSUME_PAYABLE
@STRICT
def batch(inputs: tuple[str, ...], jobs: int | None, out: str | None, resume: bool,
          retry_unknown: bool, timeout: float, limit: int | None, scheduler: str | None,
          kind: Kind, assume_payable: bool, strict: bool) -> int:
    """Check or list every board in INPUTS...; write one JSON result line per input."""
    from mtgcombat.batch.cluster import ClusterError
    from mtgcombat.batch.output import OutError
    from mtgcombat.batch.report import run_command
    from mtgcombat.cli.scripting import batch_inputs

    if resume and out is None:
        raise click.UsageError("--resume needs --out")
    if retry_unknown and not resume:
        raise click.UsageError("--retry-unknown needs --resume")
    try:
        return run_command(batch_inputs(inputs), jobs=jobs, out=out, resume=resume,
                           timeout=timeout, assume_payable=assume_payable, limit=limit,
                           scheduler=scheduler, retry_unknown=retry_unknown, strict=strict,
                           kind=kind)
    except OutError as err:
        raise _OutUsage(str(err)) from None
    except ClusterError as err:
        raise click.ClickException(str(err)) from None


class _OutUsage(click.ClickException):
    """A usage error shown as one line (no usage text): ``--out`` can't be used."""

    exit_code = EXIT_BAD_INPUT


cli.add_command(blocks)
cli.add_command(damage)
cli.add_command(cards)
cli.add_command(schema)
cli.add_command(import_group)


# -- entry point ---------------------------------------------------------------------------


def _cors_origins(_ctx: click.Context, param: click.Parameter,
                  values: tuple[str, ...]) -> tuple[str, ...]:
    """``--cors-origin`` values, each checked to be an origin (a bad one is a usage error)."""
    try:
        from mtgcombat.server.guard import cors_origin
    except ImportError:  # no web extra: serve says so
        return values
    try:
        return tuple(cors_origin(v) for v in values)
    except ValueError as err:
        raise click.BadParameter(str(err), param=param) from None


@cli.command(short_help="Serve the HTTP API and the web calculator.", epilog="""\b
Examples:
  mtgcombat serve                          # http://127.0.0.1:8000/
  mtgcombat serve --port 8080 --time-limit 5
\b
Binds to 127.0.0.1 unless --host says otherwise. JSON endpoints under /v1 (OpenAPI schema at
/openapi.json); bad input is HTTP 422 {"error": {"path", "message"}}; a request body over
1 MiB is 413; past the time limit (counted from the request's arrival, time waiting for a
solver thread included) an answer is HTTP 200 {"status": "unknown", "reason": "time limit"};
more than --max-queue requests waiting for a thread is 503 with Retry-After. A request whose
Host header is not localhost, 127.0.0.1, [::1], the --host address or an --allow-host is 400
(against DNS rebinding). No CORS headers unless --cors-origin lists the page's origin. Needs
pip install 'mtgcombat[web]'.""")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind (0.0.0.0 exposes the server to the network; then name the "
                   "host clients use with --allow-host).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="TCP port to listen on (0: any free port).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=10.0,
              show_default=True, metavar="SECONDS", help="Solver time per request.")
@click.option("--workers", type=click.IntRange(min=1), default=4, show_default=True,
              help="Threads that run solver work.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="HOST",
              help="Also accept requests whose Host header names HOST (any port); repeatable; "
                   "'*' accepts any host.")
@click.option("--cors-origin", "cors_origins", multiple=True, metavar="ORIGIN",
              envvar="MTGCOMBAT_CORS_ORIGINS", callback=_cors_origins,
              help="Let pages of ORIGIN (http(s)://host[:port]; '*': any) call the API from a "
                   "browser (CORS); repeatable; env MTGCOMBAT_CORS_ORIGINS (space-separated). "
                   "[default: none]")
@click.option("--max-queue", type=click.IntRange(min=0), default=None, metavar="N",
              help="Requests of a kind (listings, checks) that may wait for a solver thread; "
                   "more are answered 503 with Retry-After. [default: 4 x --workers]")
@click.option("--docs", is_flag=True,
              help="Serve the interactive API docs at /docs and /redoc. Warning: those pages "
                   "load their scripts and styles from a CDN (cdn.jsdelivr.net).")
@click.option("--keep-alive", type=click.IntRange(min=1), default=5, show_default=True,
              metavar="SECONDS", help="uvicorn timeout_keep_alive: seconds an idle "
                                      "keep-alive connection stays open.")
@click.option("--limit-concurrency", type=click.IntRange(min=1), default=64,
              show_default=True, metavar="N",
              help="uvicorn limit_concurrency: connections at once; past it HTTP 503.")
@click.option("--max-header-size", type=click.IntRange(min=1024), default=16384,
              show_default=True, metavar="BYTES",
              help="uvicorn h11_max_incomplete_event_size: bytes of request line and headers "
                   "buffered; past it HTTP 400.")
def serve(host: str, port: int, time_limit: float, workers: int, allow_hosts: tuple[str, ...],
          cors_origins: tuple[str, ...], max_queue: int | None, docs: bool, keep_alive: int,
          limit_concurrency: int, max_header_size: int) -> None:
    """Serve the HTTP API (/v1/...) and the web calculator (/)."""
    try:
        from mtgcombat.server.app import UvicornLimits
        from mtgcombat.server.app import serve as run
    except ImportError as err:
        raise click.ClickException(
            f"the web server needs FastAPI and uvicorn: pip install 'mtgcombat[web]' ({err})"
        ) from None
    run(host, port, time_limit=time_limit, workers=workers, allowed_hosts=allow_hosts,
        docs=docs, max_queue=max_queue, cors_origins=cors_origins,
        limits=UvicornLimits(timeout_keep_alive=keep_alive,
                             limit_concurrency=limit_concurrency,
                             h11_max_incomplete_event_size=max_header_size))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        rv = cli.main(args=args, prog_name="mtgcombat", standalone_mode=False)
    except BoardError as err:
        click.echo(f"mtgcombat: {_error_line(err)}", err=True)
        return EXIT_BAD_INPUT
    except click.ClickException as err:
        err.show()
        return err.exit_code
    except click.exceptions.Exit as err:
        return err.exit_code
    except click.Abort:
        click.echo("mtgcombat: aborted", err=True)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        click.echo("mtgcombat: interrupted", err=True)
        return EXIT_INTERNAL
    except BrokenPipeError:
        return EXIT_OK
    except Exception as err:  # noqa: BLE001 - the last line of defence: one line, status 1
        if os.environ.get("MTGCOMBAT_DEBUG"):
            raise
        one = " ".join(str(err).split()) or "(no message)"
        click.echo(f"mtgcombat: internal error: {type(err).__name__}: {safe(one)} "
                   "(set MTGCOMBAT_DEBUG=1 for the traceback)", err=True)
        return EXIT_INTERNAL
    return rv if isinstance(rv, int) else EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
