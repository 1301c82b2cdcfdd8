"""Solving: the solver-neutral problem language and its CP-SAT backend.

Owns :mod:`~.problem` (boolean "declared" variables, at-most-one groups and constraints over
indicators: counts, bounds, implications, alternatives, blocking clauses), :mod:`~.cpsat`
(builds an OR-Tools CP-SAT model from a problem, maximises, tests feasibility, enumerates every
solution, and turns a time limit or an unexpected solver status into an error) and
:mod:`~.integer` (a small integer model for optimisations that are not a problem of booleans).
This is the only package that imports ortools, and it knows nothing about Magic.
"""
