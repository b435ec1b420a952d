"""What playing for points does to PIMC analyses: this checkout against one whose PIMC
seats play for tricks.

PIMC seats play for their side's score of the hand (kernels/pimc.py: the contract's
net points by tricks, then tricks).  This benchmark runs the same ``analyse --play
pimc`` questions (same hands, deals, worlds and seed) in this checkout and in a
baseline copy named by ``EUCHRE_MC_BASE`` (benchmarks/against_base.py), for example the
commit before the change:

    git archive 9b82b7a | tar -x -C /tmp/tricks_base
    EUCHRE_MC_BASE=/tmp/tricks_base python -m benchmarks.run pimc_goal

and reports each contract's P(make) and the bidder's mean net points under both, with
the difference's 95% interval (the deals are the same, the play differs).  Without
``EUCHRE_MC_BASE`` it reports this checkout only.
"""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

from benchmarks.against_base import PREAMBLE, base_folder, run_script

# (variant, hand, contracts, deals, options): a classic order-up and its loner, and a
# Pigs-and-Hogs Pig and Hog, where the score is not the tricks (a march, a sweep).
CASES = (
    ("euchre", "JH JD AH KS 9C", "order up, order up alone", 400, {"upcard": "9H", "dealer": 3}),
    ("euchre", "JH AH TC KS 9D", "order up", 400, {"upcard": "9H", "dealer": 3}),
    ("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", "Pig Hearts, Hog Hearts", 60, {}),
)
WORLDS = 10
SEED = 7

SCRIPT = (
    PREAMBLE
    + """
from euchre_mc.simulate import analyse_hand
from euchre_mc.simulate.rules.scoring import net_points
variant, hand, contracts = sys.argv[1:4]
deals, worlds, seed, options = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), json.loads(sys.argv[7])
cpu = time.process_time()
result = analyse_hand(variant, hand, contracts=contracts, deals=deals, play="pimc", worlds=worlds, seed=seed,
                      table="none", **options)
cpu = time.process_time() - cpu
out = {}
for e in result.estimates:
    points = net_points(result.question.variant, e.contract, np.asarray(result.deal_tricks[e.contract]))
    out[str(e.contract)] = {"p_make": e.p_make, "points": points.tolist()}
print(json.dumps({"package": PACKAGE, "cpu": cpu, "contracts": out}))
"""
)


def _paired(new: list[float], base: list[float]) -> tuple[float, float]:
    """Mean of new - base over the same deals, and its 95% half-width."""
    diffs = [a - b for a, b in zip(new, base)]
    count = len(diffs)
    mean = sum(diffs) / count
    var = sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)
    return mean, 1.96 * math.sqrt(var / count)


def run(quick: bool) -> list[dict]:
    command = "EUCHRE_MC_BASE=... python -m benchmarks.run pimc_goal" + (" --quick" if quick else "")
    base = base_folder()
    rows = []
    for variant, hand, contracts, deals, options in CASES:
        deals = max(4, deals // 20) if quick else deals
        args = [variant, hand, contracts, str(deals), str(WORLDS), str(SEED), json.dumps(options)]
        new = run_script(SCRIPT, args, None)
        old = None
        if base is not None:
            with tempfile.TemporaryDirectory(prefix="euchre-mc-base-") as folder:
                (Path(folder) / "euchre_mc").symlink_to(base, target_is_directory=True)
                old = run_script(SCRIPT, args, folder)
        for contract, figures in new["contracts"].items():
            points = figures["points"]
            mean = sum(points) / len(points)
            detail = f"{deals} deals, {WORLDS} worlds a decision, seed {SEED}, {new['cpu']:.0f} s CPU"
            value = f"P(make) {figures['p_make']:.3f}, points {mean:+.3f}"
            if old is not None:
                before = old["contracts"][contract]
                gain, half = _paired(points, before["points"])
                value = (
                    f"P(make) {before['p_make']:.3f} -> {figures['p_make']:.3f}; points "
                    f"{sum(before['points']) / len(points):+.3f} -> {mean:+.3f} "
                    f"({gain:+.3f} ±{half:.3f})"
                )
            rows.append(
                {
                    "benchmark": f"{variant} {hand}: {contract} under pimc, for points vs for tricks",
                    "value": value,
                    "unit": "tricks-playing baseline -> points-playing" if old else "points-playing",
                    "detail": detail + ("" if old else "; no baseline (EUCHRE_MC_BASE) to compare"),
                    "command": command,
                }
            )
    return rows
