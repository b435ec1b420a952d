"""The text report of ``grade``: each decision of the graded seats, the card played
against the advice, what it cost, and each seat's total."""

from __future__ import annotations

import math

from .lines import fill, variant_text


def format_grade(grade) -> str:
    """One line per decision, then a line per graded seat; fits the report width."""
    auction = f" after '{grade.auction}'" if grade.auction else ""
    seats = ", ".join(map(str, grade.seats))
    head = (
        f"{variant_text(grade.variant)}: {grade.contract} by seat {grade.bidder}{auction}. Graded seat"
        f"{'s' if len(grade.seats) > 1 else ''} {seats}, seed {grade.seed}; a cost is in the points "
        "the player's side scores for the hand."
    )
    lines = [
        fill(head, indent=""),
        "",
        f"{'trick':>5} {'seat':>4}  {'held':<24} {'played':<6} {'advice':<6}  verdict",
    ]
    for decision in grade.decisions:
        lines.append(
            f"{decision.trick:>5} {decision.seat:>4}  {decision.hand:<24} {decision.played:<6} "
            f"{decision.advice or '-':<6}  {_verdict(decision)}"
        )
    lines.append("")
    for seat in grade.seats:
        lines.append(_seat_total(grade, seat))
    lines += ["", fill(grade.conditioning, indent=""), fill(grade.note, indent="")]
    return "\n".join(lines) + "\n"


def _verdict(decision) -> str:
    if decision.forced:
        return "forced"
    if decision.played == decision.advice:
        return f"best ({decision.worlds} worlds)"
    if decision.equal_to_best:
        return f"= best ({decision.worlds} worlds)"
    return f"costs {decision.cost:.2f} ±{decision.cost_half_width:.2f} ({decision.worlds} worlds)"


def _seat_total(grade, seat: int) -> str:
    mine = [d for d in grade.decisions if d.seat == seat]
    chosen = [d for d in mine if not d.forced]
    costly = [d for d in chosen if not d.equal_to_best]
    cost = sum(d.cost for d in costly)
    margin = math.sqrt(sum(d.cost_half_width**2 for d in costly))
    summary = f"seat {seat}: {len(chosen)} decision{'s' if len(chosen) != 1 else ''}"
    if not costly:
        return f"{summary}, every card as good as the best"
    return f"{summary}, {len(costly)} below the best, costing {cost:.2f} ±{margin:.2f} points"
