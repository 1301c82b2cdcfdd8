"""The combat-text compiler: oracle text of any printed card → the effect vocabulary.

:mod:`.sentences` splits text into sentences with self-references written ``~``;
:mod:`.phrases` reads noun phrases into selectors; :mod:`.families` holds the templates by
family (:mod:`.templates`); :mod:`.classify` decides which sentences no template models can
matter to combat (reported as unmodelled); :mod:`.compile` drives it and :mod:`.card` turns a
corpus card into a catalog card.
"""
