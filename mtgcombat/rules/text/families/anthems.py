"""Templates of the anthems family modules (see :mod:`mtgcombat.rules.text.templates`)."""

from __future__ import annotations

from mtgcombat.rules.text.templates import Template

TEMPLATES: tuple[Template, ...] = ()
"""The templates of this module, in the order they are tried."""
