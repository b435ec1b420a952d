"""The names and defaults a user chooses among before any kernel loads: gift policies,
PIMC's worlds, the seed range and the analyser's default seed and deal cap (the play
models are :mod:`.play.models`'s registry).

They live here, free of numpy and numba, so that the command line can offer them in
``--help`` and check them in an instant; the modules that act on them (``play``,
``exchange``, ``deal``) take them from here.
"""

from __future__ import annotations

PIMC_WORLDS = 20  # worlds per PIMC decision unless the caller says otherwise
MAX_WORLDS = 1000
ADVICE_WORLDS = 200  # best-card's worlds
STRATEGY_FUSION = (
    "PIMC: each seat samples the cards it cannot see and plays the card best on average "
    "over those worlds solved double dummy; the average assumes it could choose "
    "differently in each world (strategy fusion)"
)
GIFT_POLICY_NAMES = ("highest", "lowest")  # each partner's gift (docs/rules.md "Stated policies")
# What an analysis assumes when the user does not say: the question's defaults, written
# once here for the library (simulate.analysis.question) and the command line alike.
DEFAULT_PLAY = "dd"
DEFAULT_GIFT_POLICY = "highest"
DEFAULT_TABLE = "fitted"  # the strategy fitted by self-play for the variant (simulate/data)
DEFAULT_INFERENCE = "exact"
# "exact": deals must explain the earlier bids under the table model; "soft": each deal is
# kept with the probability of the earlier bids; "none": uniform deals
INFERENCE_MODES = ("exact", "soft", "none")
# How the cards the other seats played weigh a PIMC world (kernels.evidence, docs/pimc.md
# "What the play says"): "exact": only worlds where the rules of thumb play every one of
# them; "soft": every world, weighted by how likely the softened rules play them; "none".
PLAY_EVIDENCE_MODES = ("exact", "soft", "none")
DEFAULT_PLAY_EVIDENCE = "exact"  # best-card's worlds
PIMC_PLAY_EVIDENCE = "none"  # the worlds of the PIMC seats in playouts
MAX_SEED = 2**64 - 1  # seeds are the 64-bit words of the random streams
DEFAULT_SEED = 20240601  # the analyser's seed (simulate.analysis.question)
DEFAULT_MAX_DEALS = 50_000  # the analyser's cap on deals with a precision
# The most deals one analysis plays (``deals`` and ``max_deals``): every deal is held in
# memory with its tricks under each contract, and a million is already hours of exact
# play; a larger count would fail for want of memory, so it is refused up front.
MAX_DEALS = 1_000_000
# should-i-bid plays the alternatives on the first 50 of the bid's deals: exact six-seat
# level contracts are the dearest plays there are, and there are dozens of them
ALTERNATIVE_DEALS = 50
# ... and values the bid and passing after the rest of the table's bids on the first 250:
# after a pass another seat's contract is played out exactly, a six-seat solve a deal
OPTION_DEALS = 250

__all__ = [
    "ADVICE_WORLDS",
    "ALTERNATIVE_DEALS",
    "DEFAULT_GIFT_POLICY",
    "DEFAULT_INFERENCE",
    "DEFAULT_MAX_DEALS",
    "DEFAULT_PLAY",
    "DEFAULT_PLAY_EVIDENCE",
    "DEFAULT_SEED",
    "DEFAULT_TABLE",
    "GIFT_POLICY_NAMES",
    "INFERENCE_MODES",
    "MAX_DEALS",
    "MAX_SEED",
    "MAX_WORLDS",
    "OPTION_DEALS",
    "PIMC_PLAY_EVIDENCE",
    "PIMC_WORLDS",
    "PLAY_EVIDENCE_MODES",
    "STRATEGY_FUSION",
]
