"""CLI: the ``mtgcombat`` command line (click) and its rich renderings.

This package owns the terminal front end: the commands, their options, help text and exit
statuses (:mod:`~mtgcombat.cli.main`), and the tables and trees a judge reads
(:mod:`~mtgcombat.cli.render` for attacks, blocks and the conditional-requirement process,
:mod:`~mtgcombat.cli.render_damage` for combat damage). ``--json`` output is the shared JSON of
:mod:`mtgcombat.views`; ``batch`` and ``serve`` hand over to :mod:`mtgcombat.batch` and
:mod:`mtgcombat.server`.
"""
