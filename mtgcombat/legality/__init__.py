"""Legality of combat declarations: the article's process for declaring attackers (CR 508.1)
and blockers (CR 509.1).

Owns: restrictions (a declaration must obey every one), requirement maximisation (it must
obey as many requirements as possible without breaking a restriction), cost commitments (a
cost the declaration does not pay for acts as a restriction), the conditional-requirement
fixed point (requirements that exist only if some creature attacks), enumeration of every
legal declaration in canonical order, and verdicts with their explanations (the violated
restriction, a witness that obeys more requirements, the branch of the process, the payment).

Modules: :mod:`~.attacks` and :mod:`~.blocks` (the two engines and the module-level API),
:mod:`~.engine` (the engine they share), :mod:`~.encode` (instances → solver problem),
:mod:`~.evaluate` (instances on one explicit declaration), :mod:`~.process` (the conditional
process and the terminal condition), :mod:`~.enumeration`, :mod:`~.solving` (solver calls
under a deadline), :mod:`~.reasons` and :mod:`~.verdict` (verdicts), :mod:`~.explain` (the
process described for people), :mod:`~.inputs` (what the questions accept).
"""
