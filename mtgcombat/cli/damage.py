"""The ``damage`` command (CR 510): check one combat damage step's assignment (optionally the
regular step after a given first-strike step, 510.4), or play out every combat damage step."""

from __future__ import annotations

from typing import cast

import click

from mtgcombat.cli.common import (
    BOARD,
    JSON_FLAG,
    STRICT,
    TIMEOUT,
    Command,
    load,
    print_json,
    print_out,
)
from mtgcombat.cli.scripting import EXIT_CODE, verdict_status
from mtgcombat.errors import Deadline

MAXIMIZE = ["player", "kills", "poison", "permanents"]


@click.command(cls=Command,
               short_help="Combat damage: check one step's assignment, or play both steps.",
               epilog="""\b
Examples:
  mtgcombat damage board.json --assign big=wall:3,elf:1
  mtgcombat damage board.json --assign maw=chump:1,opp:5 --step first --json
  mtgcombat damage board.json --step regular --after-first --first-assign fs=wall:2 \\
      --assign big=opp:4
  mtgcombat damage board.json --resolve --maximize kills
  mtgcombat damage board.json --resolve --maximize poison --timeout 5
\b
With --assign --json: {"legal": true|false, "reason": "...", "result": {...}|null,
"step": ..., "assignment": {...}}; a creature left out is filled in only when exactly one
choice is legal for it. With --after-first (and --step regular), the first-strike step is
played first with the --first-assign divisions (filled in the same way; a creature with a
choice left out is an error) and the result has "first_step". Without it the board is taken
as it stands when the regular step begins. With --resolve --json: both steps' damage, life
totals, poison and -1/-1 counters, loyalty/defense and destroyed creatures (CR 510.2, 704.5).
--maximize: damage to players, blocking creatures destroyed, poison counters, or
loyalty/defense removed from planeswalkers and battles. --exit-code (with --assign): 4 when the
assignment is illegal, 3 when there is no verdict.""")
@BOARD
@click.option("--assign", "assigns", multiple=True, metavar="ID=TARGET:N,TARGET:N",
              help="Creature ID assigns N damage to each TARGET. Repeat it.")
@click.option("--step", type=click.Choice(["first", "regular"]), default="first",
              show_default=True, help="Which combat damage step --assign is for.")
@click.option("--after-first", is_flag=True,
              help="With --step regular: play the first-strike step first (--first-assign).")
@click.option("--first-assign", "first_assigns", multiple=True, metavar="ID=TARGET:N,...",
              help="A first-strike step division for --after-first. Repeat it.")
@click.option("--resolve", "resolve_", is_flag=True,
              help="Play every combat damage step with the best divisions.")
@click.option("--maximize", type=click.Choice(MAXIMIZE), default="player",
              show_default=True, help="What the attacking player's divisions maximise.")
@JSON_FLAG
@TIMEOUT
@STRICT
@EXIT_CODE
def damage(board: str, assigns: tuple[str, ...], step: str, after_first: bool,
           first_assigns: tuple[str, ...], resolve_: bool, maximize: str, as_json: bool,
           timeout: float | None, strict: bool, exit_code: bool) -> int:
    """Check a combat damage assignment on BOARD.json, or play out combat damage (CR 510)."""
    from mtgcombat.cli import render_damage
    from mtgcombat.damage.assignment import check_damage, parse_assign
    from mtgcombat.damage.combat import Step
    from mtgcombat.damage.model import Maximize
    from mtgcombat.damage.resolve import resolve_combat
    from mtgcombat.damage.steps import check_after_first

    if first_assigns and not after_first:
        raise click.UsageError("--first-assign needs --after-first")
    if after_first and (step != "regular" or resolve_):
        raise click.UsageError("--after-first checks the regular step: give --step regular "
                               "(and no --resolve)")
    deadline = Deadline.after(timeout)
    b = load(board, strict)
    if resolve_:
        if assigns:
            raise click.UsageError("--resolve chooses the divisions: don't give --assign")
        result = resolve_combat(b, cast(Maximize, maximize), deadline=deadline)
        if as_json:
            print_json(result.to_json())
        else:
            print_out(render_damage.combat(result))
        return 0
    deadline.check()
    if after_first:
        first = parse_assign(first_assigns, option="--first-assign")
        v = check_after_first(b, first, parse_assign(assigns), deadline=deadline)
    else:
        v = check_damage(b, parse_assign(assigns), cast(Step, step), deadline=deadline)
    if as_json:
        print_json(v.to_json())
    else:
        print_out(render_damage.verdict(v))
    return verdict_status(v.legal, exit_code)
