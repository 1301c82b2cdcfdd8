"""``python -m mtgcombat``: the command line."""

from mtgcombat.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
