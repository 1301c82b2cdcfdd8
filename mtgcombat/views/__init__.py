"""Views: the answers the front ends share, as plain data, computed once.

The CLI, the HTTP API and batch all report the same facts: the listing of legal declarations
(``limit``, ``complete: false``; :mod:`~mtgcombat.views.listing`), the judge's summary and the
players' roles (:mod:`~mtgcombat.views.summary`), the "unknown" answer for a
:class:`~mtgcombat.errors.Undecided` (:mod:`~mtgcombat.views.undecided`), the JSON of
``show`` (:mod:`~mtgcombat.views.json`), and the combat text the answers ignore
(:mod:`~mtgcombat.views.unmodelled`). This package computes them; the front ends only format
them (rich tables, HTTP responses, result lines). It runs no solver of its own.
"""
