"""Double-dummy leaves against single-dummy rollouts: how often and by how much
``best-card --rollout pimc`` picks another card than the default ``--rollout dd``, and
what each costs.

A fixed corpus of positions: opening leads (classic and six-seat), mid-hand positions,
and the defence against a classic loner and against a Hog; every auction heard (given,
or the one the contract implies).  Each is
valued both ways on the same worlds (the same seed: the rollouts are paired with the
double-dummy values world by world).  Per position: the card each picks, whether they
differ, how much better the rollout's card is than the double-dummy card when both are
valued by the rollouts (points for the hand, the mean of the paired differences, with
its 95% interval: 0 when they agree), and the seconds each took.  The sample does not
grow (``max_worlds`` = ``worlds``), so both costs are for the same worlds.
"""

from __future__ import annotations

import time

import numba

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.rollout import ROLLOUT_WORLDS

CLASSIC_LEAD = dict(variant="euchre", upcard="9H", dealer=4, seat=1, hand="AS KS QC 9D TD")
POSITIONS = {
    "classic opening lead against an order up": dict(
        CLASSIC_LEAD, contract="order up", bidder=2, auction="pass, order up"
    ),
    "classic opening lead against a call": dict(
        variant="euchre",
        upcard="9H",
        dealer=4,
        seat=1,
        hand="AD KD QC 9S TS",
        contract="call Clubs",
        bidder=2,
        auction="pass, pass, pass, pass, pass, call Clubs",
    ),
    "six-seat opening lead, the bidder's 4 Hearts": dict(
        variant="pigs-and-hogs", contract="4 Hearts", bidder=1, seat=1, hand="JH JH JD AH KH QH 9S AC"
    ),
    "classic mid-hand, the maker at trick 2": dict(
        variant="euchre",
        contract="order up",
        upcard="9H",
        dealer=4,
        bidder=1,
        seat=1,
        hand="JD AH KS 9C",
        tricks="1: JH QH TH 9H",
    ),
    "classic mid-hand, the maker's partner third at trick 3": dict(
        variant="euchre",
        contract="order up",
        upcard="9H",
        dealer=4,
        bidder=1,
        seat=3,
        hand="QH AS 9C",
        tricks="1: JH 9D TH 9H; 1: AC QC KC 9S",
        current="1: KS TS",
    ),
    "six-seat mid-hand, the bidder at trick 2": dict(
        variant="pigs-and-hogs",
        contract="4 Hearts",
        bidder=1,
        seat=1,
        hand="JH JH JD AH KH QH 9S",
        tricks="1: AC 9C TC QC KC AC",
    ),
    "classic maker's partner on lead at trick 2 with the lone right bower": dict(
        variant="euchre",
        contract="call Spades",
        bidder=2,
        seat=4,
        dealer=4,
        upcard="9H",
        hand="KH JS QC QH",
        tricks="1: KD AC JD AD",
        play_evidence="none",
    ),
    "defence against a classic loner, opening lead": dict(
        CLASSIC_LEAD, contract="order up alone", bidder=2, auction="pass, order up alone"
    ),
    "defence against a Hog, second to play": dict(
        variant="pigs-and-hogs",
        contract="Hog Hearts",
        bidder=1,
        seat=2,
        dealer=6,
        hand="AS KS QC 9C TD TD 9S 9D",
        current="1: JH",
        auction="Hog Hearts, pass, pass, pass, pass, pass",
    ),
}


def worlds_for(position: dict, quick: bool) -> int:
    six = position["variant"] == "pigs-and-hogs"
    if quick:
        return 20 if six else 40
    return 60 if six else 200


def timed(call):
    started = time.perf_counter()
    out = call()
    return out, time.perf_counter() - started


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run rollout" + (" --quick" if quick else "")
    rows = []
    differ = 0
    for name, position in POSITIONS.items():
        worlds = worlds_for(position, quick)
        for rollout in ("dd", "pimc"):  # compiles or loads the kernels
            best_card(**position, worlds=2, max_worlds=2, first=1, rollout=rollout)
        advice = {}
        seconds = {}
        for rollout in ("dd", "pimc"):
            advice[rollout], seconds[rollout] = timed(
                lambda rollout=rollout, position=position, worlds=worlds: best_card(
                    **position, worlds=worlds, max_worlds=worlds, seed=1, first=1, rollout=rollout
                )
            )
        dd_card, pimc_card = advice["dd"].best, advice["pimc"].best
        rolled = {row.card: row for row in advice["pimc"].cards}
        gain, margin = rolled[dd_card].behind, rolled[dd_card].behind_half_width
        differ += dd_card != pimc_card
        rows.append(
            {
                "benchmark": f"rollout: {name}",
                "value": round(gain, 3),
                "unit": "points",
                "detail": (
                    f"dd leaves {dd_card}, pimc rollout {pimc_card}"
                    f"{' (differ)' if dd_card != pimc_card else ''}; rollout's card better by "
                    f"{gain:+.3f} +- {margin:.3f} points under the rollouts; {worlds} worlds, "
                    f"{ROLLOUT_WORLDS} a decision; dd {seconds['dd']:.2f} s, pimc {seconds['pimc']:.2f} s "
                    f"({seconds['pimc'] / max(seconds['dd'], 1e-9):.0f}x), {numba.get_num_threads()} threads"
                ),
                "command": command,
            }
        )
    rows.append(
        {
            "benchmark": "rollout: positions where the pimc rollout picks another card",
            "value": differ,
            "unit": "positions",
            "detail": f"of {len(POSITIONS)}",
            "command": command,
        }
    )
    return rows
