"""Solving: the solver-neutral problem language and its CP-SAT backend.

Owns :mod:`~.problem` (boolean "declared" variables, at-most-one groups and constraints over
indicators: counts, bounds, implications, alternatives, blocking clauses), :mod:`~.build`
(writes a problem and a query's constraints into a CP-SAT model proto, every encoding linear
in board size), :mod:`~.cpsat` (compiles a problem once, then maximises, tests feasibility or
enumerates every solution on a copy, and turns a time limit or an unexpected solver status
into an error), :mod:`~.timing` (build versus solve time, for the benchmarks) and
:mod:`~.integer` (a small integer model for optimisations that are not a problem of booleans).
This is the only package that imports ortools, and it knows nothing about Magic.
"""
