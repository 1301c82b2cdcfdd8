"""The ``blocks`` command (CR 509.1): list the legal block declarations of a board with a
declared attack, or check one."""

from __future__ import annotations

import click

from mtgcombat.cli.common import (
    ASSUME_PAYABLE,
    BOARD,
    DEFAULT_SHOWN,
    JSON_FLAG,
    STRICT,
    TIMEOUT,
    Command,
    load,
    print_json,
    print_out,
)
from mtgcombat.cli.scripting import EXIT_CODE, listing_status, one_stdin, verdict_status
from mtgcombat.errors import Deadline


@click.command(cls=Command,
               short_help="Block declarations (CR 509.1): list the legal ones or check one.",
               epilog="""\b
Examples:
  mtgcombat blocks board.json                      # every legal block declaration
  mtgcombat blocks board.json --json --limit 10
  mtgcombat blocks board.json --block cub=brute --block dog=brute
  mtgcombat blocks board.json --block wall=a1,a2   # one creature blocking two attackers
  mtgcombat blocks board.json --declaration blocks.json   # {"wall": ["a1", "a2"]}
  mtgcombat blocks board.json --timeout 5
\b
The board has an "attack" ({attacker: target}) and, when several players are attacked, a
"blocking_player" (CR 509.1). With --json, listing prints {"legal": [{"blocker": "attacker"},
...], "count": n} (a creature blocking several attackers maps to a sorted list); checking prints
the same shape as `check --json`. Without --block, --check or --declaration, it lists. When
--timeout runs out part-way through a listing, the declarations found so far are printed,
followed by "unknown (time limit): the list above is incomplete" (with --json:
"complete": false and "reason": "time limit"). --exit-code: 4 when the declaration checked is
illegal, 3 when there is no verdict or the listing is cut short.""")
@BOARD
@click.option("--block", "blocks_", multiple=True, metavar="BLOCKER=ATTACKER",
              help="Check this declaration: BLOCKER blocks ATTACKER. Repeat it. IDs with '=' "
                   "or ',' or leading/trailing spaces can't be written this way: use "
                   "--declaration.")
@click.option("--check", "check_empty", is_flag=True,
              help="Check the empty declaration (no creature blocks).")
@click.option("--declaration", "declaration", default=None, metavar="FILE|-",
              help="Check the declaration read as JSON from FILE ('-': stdin), the shape of "
                   "`blocks --json` items: {\"wall\": \"a1\"} or {\"wall\": [\"a1\", \"a2\"]}. "
                   "Instead of --block. Example: --declaration blocks.json")
@JSON_FLAG
@click.option("--limit", type=click.IntRange(min=0), default=None, metavar="N",
              help="List only the first N declarations (canonical order).")
@ASSUME_PAYABLE
@TIMEOUT
@STRICT
@EXIT_CODE
def blocks(board: str, blocks_: tuple[str, ...], check_empty: bool, declaration: str | None,
           as_json: bool, limit: int | None, assume_payable: bool,
           timeout: float | None, strict: bool, exit_code: bool) -> int:
    """List every legal block declaration on BOARD.json, or check one with --block."""
    from mtgcombat.cli import listing
    from mtgcombat.cli.inputs import block_declaration
    from mtgcombat.legality.blocks import BlockEngine

    one_stdin(board, declaration)
    deadline = Deadline.after(timeout)
    b = load(board, strict)
    decl = block_declaration(blocks_, check_empty, declaration)
    engine = BlockEngine(b, deadline=deadline)
    if decl is not None:
        v = engine.check(decl, assume_payable=assume_payable)
        if as_json:
            print_json(v.to_json())
        else:
            from mtgcombat.cli import render

            print_out(render.verdict(v, flag="--block"))
        return verdict_status(v.legal, exit_code)
    stream = engine.legal(assume_payable=assume_payable)
    if as_json:
        data = listing.listing_json(stream, limit, deadline)
        print_json(data)
        return listing_status(data.get("complete", True) is not False, exit_code)
    shown = DEFAULT_SHOWN if limit is None else limit
    summary, reason = listing.summary(engine.inst.creatures, stream, shown, deadline)
    print_out(listing.render_listing(summary, reason, engine.inst.names, "block"))
    return listing_status(reason is None, exit_code)
