"""euchre-mc: a Monte Carlo hand analyser and simulator for Euchre games.

The installed package ``euchre_mc`` holds the library (:mod:`euchre_mc.simulate`: rules,
dealing, play, the double-dummy solver, the analyser, studies and games), the formatting
of results (:mod:`euchre_mc.reports`) and the command line (:mod:`euchre_mc.cli`).

>>> from euchre_mc import analyse_hand

The names below are imported on first use, so ``import euchre_mc`` stays light (no numba,
pandas or matplotlib until a job needs them).
"""

_LAZY = {
    "analyse_hand": "simulate.analysis.analyse",
    "should_i_bid": "simulate.analysis.verdicts",
    "Variant": "simulate.rules",
    "Contract": "simulate.rules",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(_LAZY)
