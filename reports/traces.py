"""Text and JSON forms of a deal's trace and of a traced game, hand by hand.

:func:`format_trace` and :func:`trace_dict` show one :class:`simulate.play.trace.Trace` (what
``euchre-mc playout`` prints); :func:`format_game_trace` and :func:`game_trace_dict` a
whole game from :func:`simulate.games.game.trace_game` (``euchre-mc games --trace``).  Seats
are 1-based here, as users see them.
"""

from __future__ import annotations

from ..simulate.play.trace import Trace
from ..simulate.rules.auction import format_auction
from ..simulate.rules.cards import format_card, format_cards, mask_to_faces
from ..simulate.rules.contracts import denom_name
from ..simulate.rules.variants import ORDER_UP, team_seats
from .lines import fit, variant_text

TEAM_NAMES = ("A", "B")


def _cards(mask: int) -> str:
    return format_cards(mask_to_faces(mask)) or "-"


def _team(seat: int, n: int) -> str:
    return " ".join(str(s + 1) for s in range(n) if s % 2 == seat % 2)


def _denomination(denom: int) -> str:
    return f"{denom_name(denom)} trump" if denom < 4 else denom_name(denom)


def trace_dict(trace: Trace) -> dict:
    """The trace as plain data (seats 1-based, cards as text) for ``--json``."""
    n = trace.players
    out = {
        "variant": str(trace.variant),
        "seed": trace.seed,
        "deal_given": trace.dealt_given,
        "dealer": trace.dealer + 1,
        "hands": [_cards(h) for h in trace.dealt],
    }
    if trace.upcard is not None:
        out["upcard"] = format_card(trace.upcard)
        out["kitty"] = _cards(trace.hidden_kitty)
        if trace.farmer is not None:
            out["farmers_hand"] = {"seat": trace.farmer + 1, "shown": _cards(trace.farmer_shown)}
    if trace.auction:
        out["auction"] = format_auction(trace.auction)
    if trace.thrown_in:
        out["thrown_in"] = trace.thrown_in
        return out
    bidding_team = [s + 1 for s in range(n) if s % 2 == trace.bidder % 2]
    out.update(
        {
            "contract": str(trace.contract),
            "denomination": denom_name(trace.contract.denom),
            "bidder": trace.bidder + 1,
            "bidding_team": bidding_team,
        }
    )
    if trace.contract.exchange:
        out["discards"] = _cards(trace.discards)
        out["gifts"] = [{"seat": s + 1, "card": format_card(f)} for s, f in trace.gifts]
    elif trace.contract.kind == ORDER_UP:
        out["dealer_discard"] = _cards(trace.discards)
    out["sitting_out"] = [s + 1 for s in range(n) if not trace.active >> s & 1]
    out["hands_in_play"] = [_cards(h) if trace.active >> s & 1 else "" for s, h in enumerate(trace.playing)]
    out["tricks"] = [
        {
            "leader": t.leader + 1,
            "plays": [[s + 1, format_card(f)] for s, f in t.plays],
            "winner": t.winner + 1,
        }
        for t in trace.tricks
    ]
    out["tricks_taken"] = {
        "bidding_team": trace.tricks_taken,
        "defenders": trace.variant.hand_size - trace.tricks_taken,
    }
    out["score"] = {"bidding_team": trace.score[0], "defenders": trace.score[1]}
    return out


def format_trace(trace: Trace) -> str:
    """The trace as readable text, one fact per line."""
    n = trace.players
    lines = [f"variant   {variant_text(trace.variant)}"]
    lines.append(
        f"seed      {trace.seed}" + (" (play only: the hands were given)" if trace.dealt_given else "")
    )
    lines.append(f"dealer    seat {trace.dealer + 1}")
    lines.append("hands as dealt:")
    lines += [f"  seat {s + 1}  {_cards(h)}" for s, h in enumerate(trace.dealt)]
    if trace.upcard is not None:
        lines.append(f"upcard    {format_card(trace.upcard)}")
        lines.append(f"kitty     {_cards(trace.hidden_kitty)} (face down)")
        if trace.farmer is not None:
            lines.append(
                f"farmer's hand: seat {trace.farmer + 1} shows {_cards(trace.farmer_shown)} "
                f"and swaps them for the face-down kitty cards"
            )
    if trace.auction:
        lines.append(f"auction   {format_auction(trace.auction)}")
    if trace.thrown_in:
        lines.append(f"no play: {trace.thrown_in}")
        return "\n".join(fit(line, indent="          ") for line in lines) + "\n"
    contract, bidder = trace.contract, trace.bidder
    lines.append(
        f"contract  {contract} by seat {bidder + 1} ({_denomination(contract.denom)}; "
        f"bidding team seats {_team(bidder, n)})"
    )
    if contract.exchange:
        gifts = ", ".join(f"seat {s + 1} gives {format_card(f)}" for s, f in trace.gifts)
        lines.append(
            f"exchange  seat {bidder + 1} discards {_cards(trace.discards)} (void-first), "
            f"then {gifts} (highest)"
        )
    elif contract.kind == ORDER_UP:
        lines.append(
            f"pick-up   seat {trace.dealer + 1} (dealer) takes {format_card(trace.upcard)}, "
            f"discards {_cards(trace.discards)} (void-first)"
        )
    elif trace.upcard is not None:
        lines.append(f"upcard    {format_card(trace.upcard)} turned down, out of play")
    out = [s + 1 for s in range(n) if not trace.active >> s & 1]
    lines.append("sitting out " + (", ".join(f"seat {s}" for s in out) if out else "nobody"))
    lines.append("hands in play:")
    lines += [f"  seat {s + 1}  {_cards(h)}" for s, h in enumerate(trace.playing) if trace.active >> s & 1]
    for number, trick in enumerate(trace.tricks, 1):
        plays = ", ".join(f"seat {s + 1} {format_card(f)}" for s, f in trick.plays)
        lines.append(f"trick {number:<3} {plays} -> seat {trick.winner + 1}")
    defenders = trace.variant.hand_size - trace.tricks_taken
    lines.append(f"tricks    bidding team {trace.tricks_taken}, defenders {defenders}")
    lines.append(f"score     bidding team {trace.score[0]:+d}, defenders {trace.score[1]:+d}")
    return "\n".join(fit(line, indent="          ") for line in lines) + "\n"


def game_trace_dict(totals) -> dict:
    """A traced game as plain data: every hand's trace with the scores after it, the winner."""
    winner = int(totals.winner[0])
    final = [int(s) for s in totals.scores[0]]
    hands = [
        dict(hand=h.number + 1, scores_after={"A": h.scores[0], "B": h.scores[1]}, **trace_dict(h.trace))
        for h in totals.traces
    ]
    return {"hands": hands, "winner": TEAM_NAMES[winner], "scores": {"A": final[0], "B": final[1]}}


def format_game_trace(totals, teams, players: int) -> str:
    """A traced game of ``players`` seats as text: the teams with their seats, each
    hand's trace and scores, then the winner."""
    winner = int(totals.winner[0])
    final = [int(s) for s in totals.scores[0]]
    seats = [" ".join(str(seat + 1) for seat in team_seats(players, team)) for team in (0, 1)]
    lines = [f"team A (seats {seats[0]}): {teams[0].name}; team B (seats {seats[1]}): {teams[1].name}"]
    for hand in totals.traces:
        lines.append(f"\n=== hand {hand.number + 1}")
        lines.append(format_trace(hand.trace).rstrip("\n"))
        if hand.trace.contract is not None and not hand.trace.tricks:
            lines.append("(double-dummy play: the trick count is exact; no card-by-card line is shown)")
        lines.append(f"scores    A {hand.scores[0]}, B {hand.scores[1]}")
    hands = len(totals.traces)
    lines.append(
        f"\nteam {TEAM_NAMES[winner]} wins {final[winner]} to {final[1 - winner]} after {hands} hands"
    )
    return "\n".join(fit(line) for line in lines) + "\n"


__all__ = ["format_game_trace", "format_trace", "game_trace_dict", "trace_dict"]
