"""Template families: each module lists the sentence shapes of one part of combat.

:data:`TEMPLATES` joins them in the order they are tried (first match wins).
"""

from __future__ import annotations

from mtgcombat.rules.text.families import (
    anthems,
    attacks,
    blocks,
    conditions,
    costs,
    counters,
    damage,
    mana,
    resolving,
    trigger_counts,
    triggers,
    types,
)
from mtgcombat.rules.text.templates import Template

TEMPLATES: tuple[Template, ...] = (
    *conditions.TEMPLATES,
    *costs.TEMPLATES,
    *attacks.TEMPLATES,
    *blocks.TEMPLATES,
    *anthems.TEMPLATES,
    *triggers.TEMPLATES,
    *trigger_counts.TEMPLATES,
    *damage.TEMPLATES,
    *mana.TEMPLATES,
    *types.TEMPLATES,
    *counters.TEMPLATES,
    *resolving.TEMPLATES,
)
"""Every template, in the order they are tried."""
