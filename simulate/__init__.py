"""euchre-mc's library: rules, dealing, play, the double-dummy solver and the analyser.

``from simulate import analyse_hand`` is the hand analyser (:mod:`simulate.analyse`);
it is imported on first use so that ``import simulate.cards`` stays light.
"""


def __getattr__(name):
    if name == "analyse_hand":
        from .analyse import analyse_hand

        return analyse_hand
    raise AttributeError(f"module 'simulate' has no attribute {name!r}")


__all__ = ["analyse_hand"]
