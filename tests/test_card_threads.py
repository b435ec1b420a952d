"""Seeded card advice is the same whatever the number of numba threads: best-card (its
worlds told, or dealt on purpose for a loner), best-discard and best-gift (a Pig heard)
give the same JSON on one thread and on two, in a fresh process started with
NUMBA_NUM_THREADS=2 (numba.set_num_threads then picks one or two)."""

import os
import subprocess
import sys

RUNS = r"""
import numba
from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.exchanges import best_discard, best_gift

def advice():
  return [
best_card("euchre", "order up", bidder=3, seat=1, hand="AS KS QC 9D TD", upcard="9H", dealer=4,
    auction="pass, pass, order up", known={1: "JH"}, worlds=8, max_worlds=16, first=1).to_json(),
best_card("euchre", "order up alone", bidder=2, seat=1, hand="AS KS QC 9D TD", upcard="9H", dealer=4,
    auction="pass, order up alone", worlds=8, max_worlds=16, first=1).to_json(),
best_discard("euchre", "JD AH KS 9C TC", "9H", dealer=4, bidder=2, first=1, worlds=8,
    auction="pass, order up").to_json(),
best_gift("pigs-and-hogs", "Pig Hearts", "AS KS QC 9C TD TD 9S 9D", bidder=1, seat=3, dealer=6,
    worlds=4, first=1, auction="Pig Hearts, pass, pass, pass, pass, pass").to_json()]

numba.set_num_threads(1)
one = advice()
numba.set_num_threads(2)
two = advice()
print(len(one), "runs,", "the same" if one == two else "DIFFERENT")
"""


def test_seeded_card_advice_is_the_same_on_one_thread_and_two():
    env = dict(os.environ, NUMBA_NUM_THREADS="2")
    done = subprocess.run(
        [sys.executable, "-c", RUNS], env=env, capture_output=True, text=True, timeout=900, check=True
    )
    assert done.stdout.strip() == "4 runs, the same"
