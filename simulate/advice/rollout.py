"""How ``best-card`` values a card in a world: the rest of the deal double dummy (``dd``,
the default) or played out by PIMC for every seat (``pimc``: a single-dummy rollout).

Double dummy, every card after the candidate is played by seats that see all the cards:
the defenders always find the right card and the bidder always guesses right.  A
rollout plays the candidate, then every later card of the deal by PIMC
(kernels.pimc_rollout), each seat deciding from its own view: its hand, every card
played and by whom, the voids shown, the contract and who sits out, and what the whole
table knows (the classic upcard, in the dealer's hand once picked up, out of play once
turned down).  The player itself also knows what best-card's worlds hold (its discards,
what it was told, the auction it heard).  The other seats' worlds explain the same
auction (each seat's own bid excepted, as in PIMC playouts); they do not know their own
discards or gifts (a world does not say which of its cards an exchanged seat threw
away), and weigh their worlds by the play as PIMC seats in playouts do
(choices.PIMC_PLAY_EVIDENCE).  Every seat plays for its side's points of the hand (the
contract's scoring).  Strategy fusion stays inside each PIMC decision; what goes is
the later play that sees the hidden cards.

The worlds are those the double-dummy values use (the same sampler, the same stream),
so the two rankings are paired world by world.  A rollout costs a PIMC playout of the
rest of the deal for every legal card in every world: :data:`ROLLOUT_SECONDS` measures
it (benchmarks/bench_rollout.py).  This module is loaded by the command line for its
names, so it imports the kernels only when a rollout runs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..choices import MAX_WORLDS, PIMC_PLAY_EVIDENCE
from ..rules.variants import RulesError

ROLLOUTS = ("dd", "pimc")
DEFAULT_ROLLOUT = "dd"
ROLLOUT_WORLDS = 10  # worlds each PIMC decision inside a rollout samples
# World ``k`` of batch ``b`` draws its rollout's decisions from the streams of deal
# ``b * BATCH_INDEX + k``: far apart, so batches never share a stream.
BATCH_INDEX = 1 << 32
# The rollouts' seed: best-card's own mixed with this salt (kernels.bits.stream_state),
# so their streams stay apart from the worlds' (kernels.bits.SALT_PIMC + 2 ** 33; written
# as a number so that the command line's import of this module loads no kernel, and
# tests/test_rollout.py checks that it is that sum).
SALT_ROLLOUT = 0x5EED0100 + (2 << 32)
# Seconds of one rollout of a whole hand (every card after the first by PIMC at
# ROLLOUT_WORLDS worlds a decision), a thread of the 2-core reference machine, quiet
# with a quarter added, by seats (six: a level contract, every seat playing); a rollout
# from later in the hand costs about its share of the cards left (benchmarks/RESULTS.md,
# "Single-dummy rollouts in best-card").
ROLLOUT_SECONDS = {4: 1e-3, 6: 8e-2}
# Worlds rolled out per kernel call, by seats: a Ctrl-C waits for one call, and a call
# of six-seat rollouts of 25 worlds would take half a minute.  Any step gives the same
# values (world ``k`` draws from its own streams).
ROLLOUT_STEP = {4: 25, 6: 5}


def check_rollout(rollout: str, rollout_worlds) -> tuple[str, int]:
    """The rollout and its worlds a decision, checked: one line naming a bad value."""
    if rollout not in ROLLOUTS:
        raise RulesError(f"rollout {rollout!r}: choose one of {', '.join(ROLLOUTS)}")
    if rollout_worlds is None:
        return rollout, ROLLOUT_WORLDS
    if rollout == "dd":
        raise RulesError(
            f"rollout worlds {rollout_worlds}: only a PIMC rollout samples worlds (add --rollout pimc)"
        )
    whole = isinstance(rollout_worlds, (int, np.integer)) and not isinstance(rollout_worlds, bool)
    if not whole or not 1 <= rollout_worlds <= MAX_WORLDS:
        raise RulesError(
            f"rollout worlds {rollout_worlds!r}: allowed are whole numbers 1 to {MAX_WORLDS} "
            "(worlds each PIMC decision of a rollout samples)"
        )
    return rollout, int(rollout_worlds)


def rollout_seconds(
    players: int, cards_left: int, hand_size: int, candidates: int, worlds: int, rollout_worlds: int
) -> float:
    """About how long ``worlds`` worlds of rollouts of ``candidates`` cards take on one
    core, ``cards_left`` of the player's ``hand_size`` cards still to play."""
    one = ROLLOUT_SECONDS[6 if players >= 6 else 4] * cards_left / hand_size
    return worlds * candidates * one * rollout_worlds / ROLLOUT_WORLDS


@dataclass(frozen=True)
class Rollout:
    """What every rollout of one position shares: the variant's ``seats``, the ``bidder``
    and the ``goal`` (the bidder's team's net points by its tricks), each team's
    finished tricks (``won``), the voids the play showed (``shown``, effective suits;
    not what the player was told), the cards the whole table knows (``public_fixed``:
    seat to face-space cards it holds; ``public_gone``: face-space cards out of play),
    the legal cards, the worlds a decision and the seed."""

    seats: int
    bidder: int
    goal: tuple
    won: tuple[int, int]
    finished: int  # finished tricks
    shown: np.ndarray
    public_fixed: dict
    public_gone: int
    legal: tuple[int, ...]  # the candidates' positions in the contract order
    worlds: int
    seed: int

    @property
    def step(self) -> int:
        """Worlds a kernel call rolls out (:data:`ROLLOUT_STEP`)."""
        return ROLLOUT_STEP[6 if self.seats >= 6 else 4]

    def values(self, state, view, table, stats, values, weights, plays, on_purpose, least, first_index):
        """Deal ``table``'s step of worlds as the double-dummy values would (``on_purpose``:
        the bidder whose trumps are dealt on purpose, else -1) and roll each legal card
        of ``view.viewer`` out in each (``values`` rows, ``weights``: the worlds' weights,
        as best_card's _world_values keeps them); ``plays`` are the rows (seat, card) played
        so far.  Returns the state."""
        from ..kernels.bits import stream_state
        from ..kernels.contract import table_deck, to_contract, to_face
        from ..kernels.pimc_choice import DEFAULT_LEVERS
        from ..kernels.pimc_rollout import deal_worlds, rollout_values
        from ..kernels.proposal import deal_proposed_worlds
        from ..play.playout import play_evidence_mode
        from ..play.solve import table_bits

        n, active, denom, _, _, step = table
        worlds = np.zeros((int(step), n), np.uint64)
        if on_purpose < 0:
            state = deal_worlds(state, view, n, denom, step, stats, worlds)
        else:
            state = deal_proposed_worlds(
                state, view, n, denom, step, stats, worlds, np.int64(on_purpose), np.int64(least), weights
            )
        denom64 = np.int64(denom)
        played = 0
        for card in plays[:, 1]:
            played |= 1 << int(card)
        others = 0
        for o in range(n):
            others |= int(view.fixed[o])
        deck = int(table_deck(np.int64(n)))
        viewer = int(view.viewer)
        own = int(view.own)
        # the player's view: out of play is every card it knows is in no hand
        known = np.zeros((n, n), np.uint64)
        gone = np.zeros(n, np.uint64)
        gone[viewer] = to_face(np.uint64(deck & ~own & ~played & ~int(view.pool) & ~others), denom64)
        for o in range(n):
            known[viewer, o] = to_face(view.fixed[o], denom64)
        everywhere = own | played | int(view.pool) | others
        for v in range(n):
            if v == viewer:
                continue
            for o, faces in self.public_fixed.items():
                holds = int(view.fixed[o]) | (own if o == viewer else 0)
                mask = int(to_contract(np.uint64(faces), denom64)) & holds
                known[v, o] = to_face(np.uint64(mask), denom64)
            out = int(to_contract(np.uint64(self.public_gone), denom64)) & deck & ~everywhere
            gone[v] = to_face(np.uint64(out), denom64)
        candidates = []
        for position in self.legal:  # a face held twice: either copy, they play alike
            copies = own & (3 << (2 * position))
            candidates.append((copies & -copies).bit_length() - 1)
        play = np.array([play_evidence_mode(PIMC_PLAY_EVIDENCE), self.bidder, -1], np.int64)
        seed = np.uint64(stream_state(np.uint64(self.seed), np.uint64(SALT_ROLLOUT), np.int64(0)))
        rollout_values(
            worlds,
            np.int64(viewer),
            np.array(candidates, np.int64),
            known,
            gone,
            np.int64(n),
            np.int64(active),
            denom64,
            plays,
            self.shown,
            np.array(self.won, np.int64),
            np.int64(self.finished),
            view.check,
            view.lengths,
            np.array(self.goal, np.float64),
            play,
            np.int64(self.worlds),
            seed,
            np.int64(first_index),
            np.int64(table_bits(int(view.counts.max(initial=0)))),
            np.int64(DEFAULT_LEVERS),
            values,
        )
        return np.uint64(state)


__all__ = ["DEFAULT_ROLLOUT", "ROLLOUTS", "ROLLOUT_WORLDS", "Rollout", "check_rollout", "rollout_seconds"]
