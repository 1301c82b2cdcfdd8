"""The ``mtgcombat`` command line (SPEC §10): ``show``, ``legal``, ``check``, ``explain``.

Exit status: 0 when the command ran (whatever the verdict), 2 for bad input (a bad board file,
a missing file, a bad ``--attack``/``--band`` argument), 1 for an internal error. Bad input is
reported as one line on stderr (``file: $.json.path: message``), never as a traceback.

OR-Tools is imported only by the commands that solve (``legal``, ``check``, ``explain``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

import click

from mtgcombat import __version__
from mtgcombat.board.model import Board, load_board
from mtgcombat.errors import BoardError, DeclarationError

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from mtgcombat.board.declaration import DeclarationLike
    from mtgcombat.legality.attacks import AttackEngine

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
DEFAULT_SHOWN = 100
"""Rows of the human ``legal`` table when no ``--limit`` is given."""
PAYMENT_NOT_CHECKED = ("--assume-payable: costs are assumed payable; paying them "
                       "(CR 508.1h-j) is not checked")

BOARD = click.argument("board", metavar="BOARD.json", type=str)
JSON_FLAG = click.option("--json", "as_json", is_flag=True,
                         help="Print one JSON object (SPEC §10) instead of tables.")
ASSUME_PAYABLE = click.option(
    "--assume-payable", is_flag=True,
    help="Skip the payment check (SPEC §4.4): which attacks are legal if the costs can be paid.")


# -- plumbing ------------------------------------------------------------------------------


def _console() -> Console:
    """A console on the current stdout (wide when not a terminal, so pipes don't wrap)."""
    from rich.console import Console

    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 120
    return Console(file=sys.stdout, width=width, markup=False, highlight=False)


def _print(renderable: RenderableType) -> None:
    _console().print(renderable)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def _load(path: str) -> Board:
    """The board at ``path``; :class:`BoardError` for a missing, unreadable or bad file."""
    return load_board(path)


def _engine(board: Board) -> AttackEngine:
    from mtgcombat.legality.attacks import AttackEngine

    return AttackEngine(board)


def _error_line(err: BoardError) -> str:
    if isinstance(err, DeclarationError) and not err.file:
        return f"bad declaration ({err.path}): {err.message}"
    return err.one_line()


# -- commands ------------------------------------------------------------------------------


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="""\b
Examples:
  mtgcombat show board.json
  mtgcombat legal board.json --json
  mtgcombat check board.json --attack goblin=Bob --attack arbiter=Bob
  mtgcombat explain board.json

Exit status: 0 when the command ran (whatever the verdict), 2 for a bad board file,
a missing file or a bad --attack/--band argument, 1 for an internal error.""",
)
@click.version_option(__version__, "-V", "--version", prog_name="mtgcombat")
def cli() -> None:
    """Exact legality of Magic: The Gathering attack declarations (CR 508.1).

    A board file (JSON, SPEC §7) is a frozen game state at the start of the declare-attackers
    step. Targets and attackers are named by player name or permanent id."""


@cli.command(short_help="How the engine understood a board.", epilog="""\b
Examples:
  mtgcombat show board.json""")
@BOARD
def show(board: str) -> None:
    """Show how the engine understood BOARD.json.

    Players and defending players, targets, candidate attackers (and the creatures that can't
    attack, with why), and every restriction, requirement and cost instance with its source.
    Runs no solver."""
    from mtgcombat.cli import render
    from mtgcombat.compile.attacks import compile_board

    b = _load(board)
    _print(render.show(b, compile_board(b)))
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
\b
With --json: {"legal": [{"goblin": "Bob"}, {}], "count": 2}, declarations in canonical
order (number of attackers, then sorted pairs). With --limit N only the first N are
printed, "count" is the number printed, and "complete": false is added when the list
was cut. Without --json, the summary counts every legal declaration and the table
shows the first N (default 100).""")
@BOARD
@JSON_FLAG
@click.option("--limit", type=click.IntRange(min=0), default=None, metavar="N",
              help="Print only the first N declarations (canonical order).")
@ASSUME_PAYABLE
def legal(board: str, as_json: bool, limit: int | None, assume_payable: bool) -> None:
    """List every legal attack declaration on BOARD.json."""
    engine = _engine(_load(board))
    note = bool(engine.inst.costs) and assume_payable
    stream = engine.legal(assume_payable=assume_payable)
    if as_json:
        _legal_json(stream, limit)
        if note:
            click.echo(f"note: {PAYMENT_NOT_CHECKED}", err=True)
        return
    from mtgcombat.cli import render

    summary = render.LegalSummary(engine.inst.creatures)
    shown = DEFAULT_SHOWN if limit is None else limit
    for decl in stream:
        summary.add(decl, keep=summary.count < shown)
    parts: list[RenderableType] = [render.legal_summary(summary, engine.inst.names)]
    if note:
        parts.append(render.txt(f"Note: {PAYMENT_NOT_CHECKED}.", "yellow"))
    parts.append(render.legal_table(summary.shown, summary.count))
    from rich.console import Group

    _print(Group(*parts))


def _legal_json(stream: Iterator[DeclarationLike], limit: int | None) -> None:
    """SPEC §10's ``{"legal": [...], "count": n}`` (+ ``"complete": false`` when cut)."""
    if limit is None:
        decls = [d.to_json() for d in stream]
        _print_json({"legal": decls, "count": len(decls)})
        return
    got = list(islice(stream, limit + 1))
    out: dict[str, Any] = {"legal": [d.to_json() for d in got[:limit]],
                           "count": min(len(got), limit)}
    if len(got) > limit:
        out["complete"] = False
    _print_json(out)


@cli.command(short_help="Is this attack declaration legal? Why (not)?", epilog="""\b
Examples:
  mtgcombat check board.json --attack goblin=Bob --attack arbiter=Bob
  mtgcombat check board.json                    # the empty declaration
  mtgcombat check board.json --attack a=Bob --attack b=Bob --band a,b
  mtgcombat check board.json --attack goblin=Bob --json
\b
With --json: {"legal": true|false, "reason": "...", "witness": {...}|null,
"details": {...}}. An unknown id in --attack exits with status 2.""")
@BOARD
@click.option("--attack", "attacks", multiple=True, metavar="ID=TARGET",
              help="Creature ID attacks TARGET (a player name or permanent id). Repeat it.")
@click.option("--band", "bands", multiple=True, metavar="ID,ID",
              help="These attackers attack as a band (CR 702.22). Repeatable.")
@JSON_FLAG
@ASSUME_PAYABLE
def check(board: str, attacks: tuple[str, ...], bands: tuple[str, ...], as_json: bool,
          assume_payable: bool) -> None:
    """Is the attack declaration given by --attack legal on BOARD.json? Why (not)?"""
    from mtgcombat.board.declaration import Declaration

    b = _load(board)
    decl = Declaration.parse(attacks, bands)
    v = _engine(b).check(decl, assume_payable=assume_payable)
    if as_json:
        _print_json(v.to_json())
        return
    from mtgcombat.cli import render

    _print(render.verdict(v))


@cli.command(short_help="The conditional-requirement process (SPEC §5).", epilog="""\b
Examples:
  mtgcombat explain board.json
  mtgcombat explain board.json --json
\b
For each cost commitment (the set of costs a declaration incurs), the tree of
SPEC §5's process: per state, the conditional requirements that are on, the
requirement instances that exist, the history bounds, the maximum, a witness
and the declarations that are terminal there (legal).""")
@BOARD
@JSON_FLAG
def explain(board: str, as_json: bool) -> None:
    """Show the conditional-requirement process (SPEC §5) that decides BOARD.json."""
    from mtgcombat.legality.explain import commitment_views, view_json

    engine = _engine(_load(board))
    views = commitment_views(engine)
    if as_json:
        _print_json({"commitments": [view_json(cv) for cv in views]})
        return
    from rich.console import Group

    from mtgcombat.cli import render

    parts: list[RenderableType] = [render.explain(views)]
    if engine.inst.costs:
        parts.append(render.txt("Note: terminals are legal if their costs can be paid "
                                "(payment, SPEC §8, is not part of the process).", "yellow"))
    _print(Group(*parts))


@cli.command(short_help="Check or list many boards (local processes or Dask).", epilog="""\b
Examples:
  mtgcombat batch models/article models/cards --out results.jsonl
  mtgcombat batch models/batch/example.jsonl --jobs 2 --timeout 5
  mtgcombat batch boards/ --out results.jsonl --resume
  mtgcombat batch boards/ --scheduler tcp://HOST:8786 --out results.jsonl
\b
INPUTS are board files (X.json: list its legal declarations), JSON Lines files (*.jsonl:
one {"id", "board", "declaration"} per line; declaration null: list, else check) and
directories (every *.json and *.jsonl under them, *.expected.json skipped). One result line
per input, in input order: {"id", "source", "status", "ms", ...} with status legal, illegal,
listed, bad_input or unknown (see docs/batch.md).""")
@click.argument("inputs", nargs=-1, required=True, metavar="INPUTS...")
@click.option("--jobs", type=click.IntRange(min=0), default=None, metavar="N",
              help="Worker processes (default: the cores; 0: in this process).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Write result lines to FILE (default: stdout).")
@click.option("--resume", is_flag=True,
              help="Skip ids already in --out and append the rest.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=10.0,
              show_default=True, metavar="SECONDS",
              help="Time limit per board; past it the result is unknown (\"time limit\").")
@click.option("--limit", type=click.IntRange(min=0), default=None, metavar="N",
              help="List at most N legal declarations per board.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:8786",
              help="Run on this Dask scheduler (pip install 'mtgcombat[cluster]').")
@ASSUME_PAYABLE
def batch(inputs: tuple[str, ...], jobs: int | None, out: str | None, resume: bool,
          timeout: float, limit: int | None, scheduler: str | None,
          assume_payable: bool) -> int:
    """Check or list every board in INPUTS...; write one JSON result line per input."""
    from mtgcombat.batch.run import run_command

    if resume and out is None:
        raise click.UsageError("--resume needs --out")
    return run_command(inputs, jobs=jobs, out=out, resume=resume, timeout=timeout,
                       assume_payable=assume_payable, limit=limit, scheduler=scheduler)


@cli.command(short_help="Combat damage: check one step's assignment, or play both steps.",
             epilog="""\b
Examples:
  mtgcombat damage board.json --assign big=wall:3,elf:1
  mtgcombat damage board.json --assign maw=chump:1,opp:5 --step first --json
  mtgcombat damage board.json --resolve --maximize kills
\b
With --assign --json: {"legal": true|false, "reason": "...", "result": {...}|null,
"step": ..., "assignment": {...}}; a creature left out is filled in only when exactly one
choice is legal for it. With --resolve --json: both steps' damage, life totals,
loyalty/defense and destroyed creatures (SPEC §12).""")
@BOARD
@click.option("--assign", "assigns", multiple=True, metavar="ID=TARGET:N,TARGET:N",
              help="Creature ID assigns N damage to each TARGET. Repeat it.")
@click.option("--step", type=click.Choice(["first", "regular"]), default="first",
              show_default=True, help="Which combat damage step --assign is for.")
@click.option("--resolve", "resolve_", is_flag=True,
              help="Play every combat damage step with the best divisions.")
@click.option("--maximize", type=click.Choice(["player", "kills"]), default="player",
              show_default=True, help="What the attacking player's divisions maximise.")
@JSON_FLAG
def damage(board: str, assigns: tuple[str, ...], step: str, resolve_: bool, maximize: str,
           as_json: bool) -> None:
    """Check a combat damage assignment on BOARD.json, or play out combat damage (SPEC §12)."""
    from typing import cast

    from mtgcombat.cli import render_damage
    from mtgcombat.damage.resolve import Maximize, resolve_combat
    from mtgcombat.damage.rules import Step, check_damage, parse_assign

    b = _load(board)
    if resolve_:
        if assigns:
            raise click.UsageError("--resolve chooses the divisions: don't give --assign")
        result = resolve_combat(b, cast(Maximize, maximize))
        if as_json:
            _print_json(result.to_json())
        else:
            _print(render_damage.combat(result))
        return
    v = check_damage(b, parse_assign(assigns), cast(Step, step))
    if as_json:
        _print_json(v.to_json())
    else:
        _print(render_damage.verdict(v))


# -- entry point ---------------------------------------------------------------------------


@cli.command(short_help="Block declarations (CR 509.1): list the legal ones or check one.",
             epilog="""\b
Examples:
  mtgcombat blocks board.json                      # every legal block declaration
  mtgcombat blocks board.json --json --limit 10
  mtgcombat blocks board.json --block cub=brute --block dog=brute
  mtgcombat blocks board.json --block wall=a1,a2   # one creature blocking two attackers
\b
The board has an "attack" ({attacker: target}) and, when several players are attacked, a
"blocking_player" (SPEC §11). With --json, listing prints {"legal": [{"blocker": "attacker"},
...], "count": n} (a creature blocking several attackers maps to a sorted list); checking prints
the same shape as `check --json`. Without --block and without --list-only flags, it lists.""")
@BOARD
@click.option("--block", "blocks_", multiple=True, metavar="BLOCKER=ATTACKER",
              help="Check this declaration: BLOCKER blocks ATTACKER. Repeat it.")
@click.option("--check", "check_empty", is_flag=True,
              help="Check the empty declaration (no creature blocks).")
@JSON_FLAG
@click.option("--limit", type=click.IntRange(min=0), default=None, metavar="N",
              help="List only the first N declarations (canonical order).")
@ASSUME_PAYABLE
def blocks(board: str, blocks_: tuple[str, ...], check_empty: bool, as_json: bool,
           limit: int | None, assume_payable: bool) -> None:
    """List every legal block declaration on BOARD.json, or check one with --block."""
    from mtgcombat.board.declaration import BlockDeclaration
    from mtgcombat.legality.blocks import BlockEngine

    b = _load(board)
    engine = BlockEngine(b)
    if blocks_ or check_empty:
        decl = BlockDeclaration.parse(blocks_)
        v = engine.check(decl, assume_payable=assume_payable)
        if as_json:
            _print_json(v.to_json())
            return
        from mtgcombat.cli import render

        _print(render.verdict(v, flag="--block"))
        return
    stream = engine.legal(assume_payable=assume_payable)
    if as_json:
        _legal_json(stream, limit)
        return
    from rich.console import Group

    from mtgcombat.cli import render

    summary = render.LegalSummary(engine.inst.creatures)
    shown = DEFAULT_SHOWN if limit is None else limit
    for d in stream:
        summary.add(d, keep=summary.count < shown)
    _print(Group(render.legal_summary(summary, engine.inst.names, verb="block"),
                 render.legal_table(summary.shown, summary.count, verb="block")))


@cli.command(short_help="Serve the HTTP API and the web calculator.", epilog="""\b
Examples:
  mtgcombat serve                          # http://127.0.0.1:8000/
  mtgcombat serve --port 8080 --time-limit 5
\b
Binds to 127.0.0.1 unless --host says otherwise. JSON endpoints under /v1 (OpenAPI at
/docs and /openapi.json); bad input is HTTP 422 {"error": {"path", "message"}}; a request
body over 1 MiB is 413; past the time limit an answer is HTTP 200
{"status": "unknown", "reason": "time limit"}. Needs pip install 'mtgcombat[web]'.""")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind (0.0.0.0 exposes the server to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=10.0,
              show_default=True, metavar="SECONDS", help="Solver time per request.")
@click.option("--workers", type=click.IntRange(min=1), default=4, show_default=True,
              help="Threads that run solver work.")
def serve(host: str, port: int, time_limit: float, workers: int) -> None:
    """Serve the HTTP API (/v1/...) and the web calculator (/)."""
    try:
        from mtgcombat.server.app import serve as run
    except ImportError as err:
        raise click.ClickException(
            f"the web server needs FastAPI and uvicorn: pip install 'mtgcombat[web]' ({err})"
        ) from None
    run(host, port, time_limit=time_limit, workers=workers)


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
        click.echo(f"mtgcombat: internal error: {type(err).__name__}: {one} "
                   "(set MTGCOMBAT_DEBUG=1 for the traceback)", err=True)
        return EXIT_INTERNAL
    return rv if isinstance(rv, int) else EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
