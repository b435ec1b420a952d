"""The library, by concern: ``rules``, ``dealing``, ``play``, ``bidding``, ``analysis``,
``advice``, ``games``, ``study``, ``runtime`` over the numba ``kernels`` (docs/architecture.md
maps them).

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
