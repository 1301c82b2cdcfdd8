"""The templates' cheap test before their regular expression: the words every sentence a
pattern matches in full must contain (:func:`requirements`). It must never turn away a
sentence the pattern matches, and it spares compiling and trying patterns that can't match."""

from __future__ import annotations

import itertools

import pytest

from mtgcombat.rules.corpus import corpus
from mtgcombat.rules.text.families import TEMPLATES
from mtgcombat.rules.text.sentences import sentences
from mtgcombat.rules.text.templates import requirements


@pytest.mark.parametrize(("source", "words", "any_of"), [
    ("~ can't block", ("block", "can't"), ()),
    # an optional group, a quantified last letter and a lookahead require nothing
    (r"(?:until end of turn, )?~ gets? flying(?! counter)", ("flying", "get"), ()),
    # a required alternation: one word of each branch
    (r"~ (?:gets|has) flying", ("flying",), (("gets", "has"),)),
    (r"(?P<who>enchanted|equipped) creature", ("creature",), (("enchanted", "equipped"),)),
    # a branch without a word of three letters makes the alternation require nothing
    (r"(?:it|that creature) gains haste", ("gains", "haste"), ()),
    # a top-level alternation
    (r"alpha beta|gamma", (), (("alpha", "gamma"),)),
    # a nested required group inside a required group
    (r"~ (?:can't (?:attack|block)) alone", ("alone", "can't"), (("attack", "block"),)),
])
def test_requirements(source: str, words: tuple[str, ...],
                      any_of: tuple[tuple[str, ...], ...]) -> None:
    assert requirements(source) == (tuple(sorted(words)), any_of)


def _sample(n: int) -> list[str]:
    """The normalised sentences of the first ``n`` corpus cards."""
    out: list[str] = []
    for name in itertools.islice(corpus().names(), n):
        card = corpus().lookup(name)
        assert card is not None
        for face in card.faces:
            if not face.missing:
                out.extend(s.norm.rstrip(".") for s in sentences(face.text, card.name))
    return out


def test_the_prefilter_never_turns_away_a_sentence_its_pattern_matches() -> None:
    """Over real sentences (the first 1,500 cards of the corpus): a full match of a template's
    pattern always passes its prefilter, and the prefilter turns most sentences away."""
    texts = _sample(1500)
    matched = rejected = 0
    for t in TEMPLATES:
        for text in texts:
            full = t.pattern.fullmatch(text) is not None
            passed = t.match(text) is not None
            assert passed == full, (t.source, text)
            matched += full
            low = text.casefold()
            rejected += not (all(a in low for a in t.anchors)
                             and all(any(w in low for w in c) for c in t.any_of))
    assert matched > 0
    assert rejected > 0.9 * len(TEMPLATES) * len(texts)
