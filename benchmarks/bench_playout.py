"""Random playouts per second from a fixed post-deal state, beside OpenSpiel's euchre.

What is measured
----------------
* euchre-mc: ``simulate.play.playout.play_deals(hands, denom, 0, 0, active, "random")`` on
  ``count`` copies of one fixed seeded deal (``deal_unseen(variant, {}, seed=2024)``),
  Hearts trump (Spades if the euchre upcard is a heart), seat 1 leading, every seat
  playing; each copy is played with its own random stream.  The call includes the
  checks of the deals and the conversion to face order.  Per core = numba with one
  thread; both cores = two threads.  Best of several repeats (the machine is shared).
* OpenSpiel (``open-spiel`` on PyPI, the optional ``bench`` extra): the same euchre
  deal, reached by the chance actions that deal it (dealer seat 4, upcard the first
  undealt card), four passes and seat 1 calling the same trump with its partner.  From
  that start-of-play state its C++ ``RandomRolloutEvaluator`` plays ``count`` uniform
  random rollouts (clone the state, apply random legal actions to the end); it is run
  through ``MCTSBot`` with one simulation, which evaluates the root once, so the whole
  loop stays in C++.  This is the fastest random-rollout path OpenSpiel exposes to
  Python (``evaluate_bots`` per game and a Python clone/apply loop are both slower).
  Both cores = two processes rolling out at the same time.
* Compile time: a new Python process with an empty ``NUMBA_CACHE_DIR`` imports the
  library and makes the first ``deal_unseen`` and ``play_deals(..., "random")`` calls
  for both tables (cold); then a second process with that cache (warm: cached leaf
  kernels load from the cache, the parallel ones too).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

from euchre_mc.simulate.dealing.deal import deal_unseen, deck_mask
from euchre_mc.simulate.play.playout import play_deals
from euchre_mc.simulate.rules.cards import rank_of, suit_of

DEAL_SEED = 2024
HEARTS, SPADES = 2, 3
OPENSPIEL_DEALER = 3  # seat 4 deals, so seat 1 (index 0) bids first and leads
PASS, CALL_CLUBS, WITH_PARTNER = 24, 25, 30
ROOT = Path(__file__).resolve().parent.parent


def fixed_deal(variant: str):
    """The benchmark's post-deal state: hands, trump and (euchre) the upcard face."""
    hands = deal_unseen(variant, {}, seed=DEAL_SEED)[0]
    undealt = deck_mask(variant) & ~int(np.bitwise_or.reduce(hands))
    upcard = (undealt & -undealt).bit_length() - 1 >> 1 if undealt else None
    denom = SPADES if upcard is not None and suit_of(upcard) == HEARTS else HEARTS
    return hands, denom, upcard


class OurPlayouts:
    """Times ``play_deals(..., "random")`` on copies of one deal with ``threads`` threads."""

    def __init__(self, copies: np.ndarray, denom: int, threads: int):
        self.copies, self.denom, self.threads = copies, denom, threads
        self.active = (1 << copies.shape[1]) - 1
        self.seconds(0)  # compile outside the timing

    def seconds(self, repeat: int) -> float:
        before = numba.get_num_threads()
        numba.set_num_threads(self.threads)
        try:
            start = time.perf_counter()
            play_deals(self.copies, self.denom, 0, 0, self.active, "random", seed=repeat)
            return time.perf_counter() - start
        finally:
            numba.set_num_threads(before)


def best_rates(timers: dict, count: dict, repeats: int) -> dict:
    """Items per second of each timer, best of ``repeats``, the timers taking turns so a
    change of load on the shared machine hits all of them alike."""
    best = dict.fromkeys(timers, float("inf"))
    for repeat in range(repeats):
        for key, timer in timers.items():
            best[key] = min(best[key], timer(repeat))
    return {key: count[key] / seconds for key, seconds in best.items()}


# --------------------------------------------------------------------------- OpenSpiel


def openspiel_installed() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def openspiel_face(action: int) -> int:
    """OpenSpiel euchre card action (rank * 4 + suit) -> our face (suit * 6 + rank)."""
    return (action % 4) * 6 + action // 4


def openspiel_action(face: int) -> int:
    return rank_of(face) * 4 + suit_of(face)


def openspiel_start_of_play(hands, denom: int, upcard: int):
    """OpenSpiel's euchre at the start of play of our fixed deal; checks every card's holder."""
    import pyspiel

    game = pyspiel.load_game("euchre")
    state = game.new_initial_state()
    state.apply_action(OPENSPIEL_DEALER)
    queues = [[bit >> 1 for bit in range(48) if int(hand) >> bit & 1] for hand in hands]
    for k in range(20):  # OpenSpiel deals card k to player (dealer + k) % 4
        state.apply_action(openspiel_action(queues[(OPENSPIEL_DEALER + k) % 4].pop(0)))
    state.apply_action(openspiel_action(upcard))
    for action in (PASS, PASS, PASS, PASS, CALL_CLUBS + denom, WITH_PARTNER):
        if action not in state.legal_actions():
            raise RuntimeError(f"OpenSpiel refuses {state.action_to_string(action)} here")
        state.apply_action(action)
    holders = state.card_holder()
    for seat, hand in enumerate(hands):
        for bit in range(48):
            if int(hand) >> bit & 1 and holders[openspiel_action(bit >> 1)] != seat:
                raise RuntimeError("OpenSpiel's deal differs from the benchmark deal")
    if state.trump_suit() != denom or state.current_player() != 0:
        raise RuntimeError("OpenSpiel's contract differs from the benchmark contract")
    return game, state


_barrier = None  # set in OpenSpielPair's worker processes so both start rolling out together


def openspiel_rollout_seconds(hands, denom: int, upcard: int, count: int, seed: int) -> float:
    """Seconds for ``count`` C++ random rollouts from OpenSpiel's start-of-play state."""
    import pyspiel

    game, state = openspiel_start_of_play(hands, denom, upcard)
    evaluator = pyspiel.RandomRolloutEvaluator(count, seed)
    # One MCTS simulation evaluates the root once: ``count`` rollouts, all in C++.
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 1000, False, seed, False)
    if _barrier is not None:
        _barrier.wait()
    start = time.perf_counter()
    bot.step(state)
    return time.perf_counter() - start


def _start_worker(barrier) -> None:
    global _barrier
    _barrier = barrier


def _openspiel_worker(job) -> float:
    return openspiel_rollout_seconds(*job)


class OpenSpielPair:
    """Two OpenSpiel processes rolling out at the same moment; ``seconds`` is the slower one."""

    def __init__(self, hands, denom: int, upcard: int, count: int):
        context = multiprocessing.get_context("spawn")
        self.pool = context.Pool(2, initializer=_start_worker, initargs=(context.Barrier(2),))
        self.job = (hands, denom, upcard, count)

    def seconds(self, repeat: int) -> float:
        jobs = [self.job + (1 + repeat + 1000 * worker,) for worker in range(2)]
        return max(self.pool.map(_openspiel_worker, jobs))

    def close(self) -> None:
        self.pool.close()
        self.pool.join()


# --------------------------------------------------------------------------- compile time

FIRST_CALLS = """
import json, time
start = time.perf_counter()
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.play.playout import play_deals
imported = time.perf_counter()
for variant, active in (("euchre", 15), ("pigs-and-hogs", 63)):
    play_deals(deal_unseen(variant, {}, seed=1, count=4), 2, 0, 0, active, "random")
print(json.dumps({"import": imported - start, "first_calls": time.perf_counter() - imported}))
"""


def first_call_seconds(cache_dir: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", FIRST_CALLS], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------- the benchmark


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run playout" + (" --quick" if quick else "")
    count = 100_000 if quick else 1_000_000
    openspiel_count = 20_000 if quick else 300_000
    repeats = 2 if quick else 5

    def row(benchmark, value, unit, detail):
        return {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": command}

    rows = []
    with tempfile.TemporaryDirectory() as cache_dir:
        cold = first_call_seconds(cache_dir)
        warm = first_call_seconds(cache_dir)
    rows.append(
        row(
            "playout compile, cold cache",
            round(cold["first_calls"], 2),
            "s",
            f"first deal + random playout calls, both tables, new process, empty numba cache "
            f"(import {cold['import']:.2f} s more)",
        )
    )
    rows.append(
        row(
            "playout first calls, warm cache",
            round(warm["first_calls"], 2),
            "s",
            "same, second process with that cache",
        )
    )

    timers, counts = {}, {}
    for variant in ("euchre", "pigs-and-hogs"):
        hands, denom, _ = fixed_deal(variant)
        copies = np.repeat(hands[None], count, axis=0)
        for threads in (1, 2):
            timers[variant, threads] = OurPlayouts(copies, denom, threads).seconds
            counts[variant, threads] = count
    openspiel = openspiel_installed()
    pair = None
    if openspiel:
        hands, denom, upcard = fixed_deal("euchre")
        pair = OpenSpielPair(hands, denom, upcard, openspiel_count)
        timers["openspiel", 1] = lambda repeat: openspiel_rollout_seconds(
            hands, denom, upcard, openspiel_count, 1 + repeat
        )
        timers["openspiel", 2] = pair.seconds
        counts["openspiel", 1] = openspiel_count
        counts["openspiel", 2] = 2 * openspiel_count
    try:
        rates = best_rates(timers, counts, repeats)
    finally:
        if pair is not None:
            pair.close()

    for variant in ("euchre", "pigs-and-hogs"):
        for threads, where in ((1, "per core"), (2, "both cores")):
            rows.append(
                row(
                    f"random playouts {variant}, {where}",
                    round(rates[variant, threads]),
                    "playouts/s",
                    f"{count:,} playouts of one fixed deal (seed {DEAL_SEED}), "
                    f"{threads} numba thread{'s' if threads > 1 else ''}, best of {repeats}",
                )
            )
    if not openspiel:
        rows.append(
            row(
                "OpenSpiel euchre random rollouts",
                None,
                "rollouts/s",
                "open-spiel is not installed here (pip install '.[bench]'): comparison skipped",
            )
        )
        return rows
    detail = (
        f"{openspiel_count:,} C++ RandomRolloutEvaluator rollouts per process from the same "
        f"start-of-play state, best of {repeats}"
    )
    rows.append(
        row("OpenSpiel euchre random rollouts, per core", round(rates["openspiel", 1]), "rollouts/s", detail)
    )
    rows.append(
        row(
            "OpenSpiel euchre random rollouts, both cores",
            round(rates["openspiel", 2]),
            "rollouts/s",
            detail + ", two processes at once",
        )
    )
    rows.append(
        row(
            "euchre-mc / OpenSpiel, per core",
            round(rates["euchre", 1] / rates["openspiel", 1], 2),
            "x",
            "four-seat euchre, same deal and contract, timings taken in turns (target: at least 2x)",
        )
    )
    rows.append(
        row(
            "euchre-mc / OpenSpiel, both cores",
            round(rates["euchre", 2] / rates["openspiel", 2], 2),
            "x",
            "two numba threads vs two OpenSpiel processes",
        )
    )
    return rows
