"""Board → individuated instances: the declare-attackers step
(:mod:`~mtgcombat.compile.attacks`) and the declare-blockers step
(:mod:`~mtgcombat.compile.blocks`), on a shared base (:mod:`~mtgcombat.compile.base`), into
:mod:`~mtgcombat.compile.instances`. Pure functions: no solver."""
