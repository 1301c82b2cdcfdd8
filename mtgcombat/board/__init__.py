"""Boards: the board format, loading and validation into immutable models
(:mod:`~mtgcombat.board.model`), attack and block declarations as values
(:mod:`~mtgcombat.board.declaration`), and the permanents' derived characteristics, applied
layer by layer (:mod:`~mtgcombat.board.characteristics`)."""
