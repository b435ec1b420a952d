"""The library: rules, dealing, play, the double-dummy solver, the analyser, studies, games.

``from euchre_mc.simulate import analyse_hand`` is the hand analyser
(:mod:`euchre_mc.simulate.analysis.analyse`); it is imported on first use so that
``import euchre_mc.simulate.rules.cards`` stays light.
"""


def __getattr__(name):
    if name == "analyse_hand":
        from .analysis.analyse import analyse_hand

        return analyse_hand
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["analyse_hand"]
