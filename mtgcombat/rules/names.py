"""Card names as looked up: case, accents and punctuation don't matter."""

from __future__ import annotations

import unicodedata


def fold(name: str) -> str:
    """The lookup key of a card name: letters and digits only, accents dropped, case folded
    (``"Ach! Hans, Run!"`` → ``"achhansrun"``, ``"Lim-Dûl's Vault"`` → ``"limdulsvault"``)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed.casefold() if c.isalnum())
