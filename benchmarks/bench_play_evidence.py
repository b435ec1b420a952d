"""What the play says, and what it costs: PIMC's worlds weighed by the cards played.

Two measurements, each with the evidence off, exact and soft, timed in turns in one run
(the machine is shared: the ratios to "none" are what to read):

* ``best-card`` on two classic positions: a defender's 9 of trumps led at trick 1 (the
  rules of thumb explain it only from an all-trump hand) and a mid-hand position after
  two tricks; the best card and its points under each setting, the acceptance of exact
  and the effective sample size of soft.
* PIMC playouts of classic deals (four seats, ``WORLDS`` worlds a decision), every seat
  weighing its worlds by the play: time, and the bidder's side's mean tricks against
  the playout without evidence (paired per deal, with its 95% interval).
* The same deals with only one side weighing its worlds by the play, the other not: if
  the evidence plays better, the side that uses it takes more tricks than it does when
  nobody uses it (paired per deal, with its 95% interval).
"""

from __future__ import annotations

import time

import numba
import numpy as np

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.kernels.dealing import deal_many
from euchre_mc.simulate.play.playout import Knowledge, play_deals

MODES = ("none", "exact", "soft")
ROUNDS = 3
WORLDS = 10
# Made-up positions that show the play's evidence alone: the auction their contracts
# imply is not heard (no table passes Hearts holding five of them, as the first one's
# leader did).
POSITIONS = {
    "a defender's trump lead, trick 1": dict(
        variant="euchre",
        contract="call hearts",
        upcard="9S",
        dealer=4,
        bidder=2,
        seat=3,
        hand="KS QS AC KD 9C",
        current="1: 9H TS",
        inference="none",
    ),
    "mid-hand, trick 3": dict(
        variant="euchre",
        contract="order up",
        upcard="9H",
        dealer=4,
        bidder=1,
        seat=3,
        hand="QH AS 9C",
        tricks="1: JH 9D TH 9H; 1: AC QC KC 9S",
        current="1: KS TS",
        inference="none",
    ),
}


def timed(call):
    started = time.perf_counter()
    out = call()
    return out, time.perf_counter() - started


def best_card_rows(quick: bool, command: str) -> list[dict]:
    worlds = 50 if quick else 200
    rows = []
    for name, position in POSITIONS.items():
        seconds = dict.fromkeys(MODES, 0.0)
        advice = {}
        for mode in MODES:  # compiles or loads the kernels
            best_card(**position, worlds=4, max_worlds=4, seed=1, first=1, play_evidence=mode)
        for _ in range(ROUNDS):
            for mode in MODES:
                advice[mode], took = timed(
                    lambda mode=mode, position=position: best_card(
                        **position, worlds=worlds, max_worlds=worlds, seed=1, first=1, play_evidence=mode
                    )
                )
                seconds[mode] += took / ROUNDS
        for mode in MODES:
            top = advice[mode].cards[0]
            rows.append(
                {
                    "benchmark": f"best-card play evidence {mode}: {name}",
                    "value": round(seconds[mode], 3),
                    "unit": "s",
                    "detail": (
                        f"{worlds} worlds; {seconds[mode] / seconds['none']:.2f}x the time without; "
                        f"advice {top.card} {top.mean_points:+.2f} points; "
                        f"{advice[mode].effective_worlds:.1f} effective worlds; {advice[mode].played or '-'}"
                    ),
                    "command": command,
                }
            )
    return rows


def playout_rows(quick: bool, command: str) -> list[dict]:
    count = 40 if quick else 400
    pool = np.arange(0, 48, 2, dtype=np.int64)
    deals = deal_many(np.uint64(5), 0, count, np.zeros(4, np.uint64), np.full(4, 5, np.int64), pool)
    nobody = Knowledge(np.zeros((count, 4, 4), np.uint64), np.zeros((count, 4), np.uint64))

    def play(mode, rows=slice(None)):
        knowledge = Knowledge(nobody.held[rows], nobody.gone[rows], play_evidence=mode)
        return play_deals(deals[rows], 2, 0, 1, 0b1111, "pimc", seed=3, worlds=WORLDS, knowledge=knowledge)

    for mode in MODES:
        play(mode, slice(0, 2))  # compiles or loads the kernels
    seconds = dict.fromkeys(MODES, 0.0)
    tricks = {}
    for _ in range(ROUNDS):
        for mode in MODES:
            tricks[mode], took = timed(lambda mode=mode: play(mode))
            seconds[mode] += took / ROUNDS
    rows = []
    for mode in MODES:
        gap = tricks[mode].astype(np.int64) - tricks["none"].astype(np.int64)
        margin = 1.96 * np.std(gap, ddof=1) / np.sqrt(count)
        rows.append(
            {
                "benchmark": f"PIMC playout play evidence {mode}: classic, Hearts, seat 1 makes",
                "value": round(1000 * seconds[mode] / count, 2),
                "unit": "ms/deal",
                "detail": (
                    f"{count} deals, {WORLDS} worlds a decision, {numba.get_num_threads()} threads; "
                    f"{seconds[mode] / seconds['none']:.2f}x the time without; makers' mean tricks "
                    f"{tricks[mode].mean():.3f} ({gap.mean():+.3f} +- {margin:.3f} against none)"
                ),
                "command": command,
            }
        )
    return rows


def side_rows(quick: bool, command: str) -> list[dict]:
    count = 100 if quick else 1000
    pool = np.arange(0, 48, 2, dtype=np.int64)
    deals = deal_many(np.uint64(8), 0, count, np.zeros(4, np.uint64), np.full(4, 5, np.int64), pool)
    held, gone = np.zeros((count, 4, 4), np.uint64), np.zeros((count, 4), np.uint64)

    def makers_tricks(mode, seats=-1):
        knowledge = Knowledge(held, gone, play_evidence=mode, play_evidence_seats=seats)
        tricks = play_deals(deals, 2, 0, 1, 0b1111, "pimc", seed=4, worlds=WORLDS, knowledge=knowledge)
        return tricks.astype(np.int64)

    base = makers_tricks("none")
    rows = []
    for mode in ("soft", "exact"):
        for side, seats, sign in (("the makers (seats 1 and 3)", 0b0101, 1), ("the defenders", 0b1010, -1)):
            gap = sign * (makers_tricks(mode, seats) - base)
            margin = 1.96 * np.std(gap, ddof=1) / np.sqrt(count)
            rows.append(
                {
                    "benchmark": f"PIMC play evidence {mode} for {side} only: their tricks gained",
                    "value": round(float(gap.mean()), 3),
                    "unit": "tricks/deal",
                    "detail": f"{count} classic deals, Hearts, seat 1 makes, {WORLDS} worlds; +-{margin:.3f}",
                    "command": command,
                }
            )
    return rows


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run play_evidence" + (" --quick" if quick else "")
    return best_card_rows(quick, command) + playout_rows(quick, command) + side_rows(quick, command)
