"""best-card's worlds hearing the auction: what the bidder's bid gives, and what it costs.

Two groups of best-card positions, each asked three times in one process (CPU seconds
after a first call that compiles or loads the kernels):

- ``classic and Hog``: your partner's order-up after two passes, the dealer's own
  order-up, ``pass, order up alone`` by seat 2, and a Hog defended (docs/card-play.md);
- ``Pig and Alone``: a Pig Hearts defended after the bidder's JH lead, and the same
  hand against a six-handed Alone Hearts, where the worlds show the bidder after its
  partners' gifts and its discards.

Each row gives the advised card's P(make), the worlds and the deals dealt for them.
With ``EUCHRE_MC_BASE`` set to another copy of the repository the groups run on both
copies in turns (against_base), so the rows compare the two.
"""

from __future__ import annotations

import json
import os

from benchmarks import against_base

GROUPS = {
    "classic and Hog": [
        dict(
            variant="euchre",
            contract="order up",
            upcard="9H",
            dealer=4,
            bidder=3,
            seat=1,
            hand="AS KS QC 9D TD",
            auction="pass, pass, order up",
        ),
        dict(
            variant="euchre",
            contract="order up",
            upcard="9H",
            dealer=4,
            bidder=4,
            seat=1,
            hand="AS KS QC 9D TD",
        ),
        dict(
            variant="euchre",
            contract="order up alone",
            upcard="9H",
            dealer=4,
            bidder=2,
            seat=1,
            hand="AS KS QC 9D TD",
            auction="pass, order up alone",
        ),
        dict(
            variant="pigs-and-hogs",
            contract="Hog Hearts",
            bidder=2,
            seat=3,
            hand="AS KS QS 9C TC TD QD AD",
            current="2: JH",
        ),
    ],
    "Pig and Alone": [
        dict(
            variant="pigs-and-hogs",
            contract="Pig Hearts",
            bidder=2,
            seat=3,
            hand="AS KS QS 9C TC TD QD AD",
            current="2: JH",
        ),
        dict(
            variant="six-handed",
            contract="Alone Hearts",
            bidder=2,
            seat=3,
            hand="AS KS QS 9C TC TD QD AD",
            current="2: JH",
        ),
    ],
}

# ``GROUP_JSON TIMES``: each position of the group asked TIMES times after one call that
# compiles or loads the kernels; prints the CPU time and each position's answer.
SCRIPT = (
    against_base.PREAMBLE
    + """
from euchre_mc.simulate.advice.best_card import best_card
positions, times = json.loads(sys.argv[1]), int(sys.argv[2])
best_card(**positions[0], first=1)
cpu, wall = time.process_time(), time.perf_counter()
for _ in range(times):
    answers = []
    for position in positions:
        advice = best_card(**position, first=1)
        best = advice.cards[0]
        answers.append((best.card, round(best.p_make, 3), advice.auction_dealt, advice.worlds))
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
out = {"package": PACKAGE, "cpu": cpu, "wall": wall, "answers": digest(answers), "advice": answers}
print(json.dumps(out))
"""
)


def advice_text(run: dict) -> str:
    """Each position's advised card, its P(make), the worlds and the deals dealt for them."""
    return "; ".join(
        f"{card} P(make) {p_make:.3f}, {worlds} worlds from {dealt:,} deals"
        for card, p_make, dealt, worlds in run["advice"]
    )


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run card_worlds" + (" --quick" if quick else "")
    base = against_base.base_folder()
    if base is not None:
        command = f"{against_base.BASE_VARIABLE}=/tmp/card_base " + command
    times = 1 if quick else 3
    rows = []
    for name, positions in GROUPS.items():
        args = [json.dumps(positions), str(times)]
        detail = f"best-card, {name}: {len(positions)} positions asked {times} times, one process"
        if base is None:
            new_run = against_base.run_script(SCRIPT, args, None, dict(os.environ))
            rows.append(
                {
                    "benchmark": f"best-card worlds, {name}: CPU time",
                    "value": round(new_run["cpu"], 2),
                    "unit": "s",
                    "detail": f"{detail}; {advice_text(new_run)}",
                    "command": command,
                }
            )
            continue
        base_run, new_run = against_base.in_turns(SCRIPT, args, base, 2)
        compared = against_base.ratio_rows(f"best-card worlds, {name}", base_run, new_run, detail, command)
        compared[0]["detail"] += f"; {advice_text(base_run)}"
        compared[1]["detail"] += f"; {advice_text(new_run)}"
        rows += compared
    return rows
