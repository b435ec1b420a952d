"""``python -m euchre_mc`` runs the ``euchre-mc`` command line."""

from .cli import run

run()
