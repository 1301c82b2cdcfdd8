"""Brute-force reference oracles for attacks and blocks, used by the tests and the benchmarks.

Each oracle enumerates every declaration of a small board explicitly and decides legality from
the rules' own definitions, sharing only the compiler and the instance types with the engine:
it imports nothing from :mod:`mtgcombat.solver` or :mod:`mtgcombat.legality`, so a differential
test compares two independent implementations.
"""
