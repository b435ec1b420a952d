"""The tables the package ships: match equity by score and the evaluator's fitted cells.

``equity_VARIANT.csv`` come from :mod:`..games.equity`, ``evaluator_*.csv`` from
:mod:`..bidding.evaluator_fit`; each file's first line says how it was made.
"""

from importlib import resources

FOLDER = resources.files(__name__)
