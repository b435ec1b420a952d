"""Which card should I play?  Every legal card valued over sampled worlds (``best-card``).

Given the contract, who made it, the player's seat and hand, the tricks played so far
and the cards already played to the trick in progress, :func:`best_card` checks the
position, deals worlds of the cards the player cannot see exactly as the PIMC play
model does (``kernels.pimc``: consistent with every card played, the voids shown, the
cards each seat still holds, the upcard and the player's own discards), solves each
world double dummy for every legal card, and ranks the cards by the player's side's
expected net points for the hand (:mod:`.ranking`: the scoring table, honest ties), with
its tricks and P(the contract is made), each with a 95% interval.
With ``rollout="pimc"`` each legal card is valued instead by playing the rest of the
deal with PIMC for every seat, in the same worlds (:mod:`.rollout`).

The sample grows while cards equal to the best on the worlds sampled still differ in
some world: ``worlds`` more, then twice as many again, up to ``max_worlds``.  Each batch
of worlds has its own random stream, so the result is a pure function of the seed and
the two sizes.  The worlds are solved in steps of :data:`WORLDS_PER_STEP`; a Ctrl-C
after the first step ranks the cards over the worlds solved by then (``worlds`` says
how many, ``interrupted`` is set), the same values those worlds have in a whole run.

Tricks are written ``SEAT: CARDS`` (the leader's seat, 1-based, then the cards in the
order played), tricks separated by ``;``: ``"1: JH AH 9H TH; 3: AS KS QS 9S"``.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

import numpy as np

from ...interrupt import raise_if_held
from ..analysis.question import checked_score
from ..choices import ADVICE_WORLDS, DEFAULT_INFERENCE, DEFAULT_PLAY_EVIDENCE, DEFAULT_TABLE, STRATEGY_FUSION
from ..kernels.bits import SALT_PILOT, SALT_PIMC, stream_state
from ..kernels.contract import to_contract
from ..kernels.dd.search import dd_buffers
from ..kernels.evidence import PLAY_EPS, TALLY, PlayEvidence
from ..kernels.pimc import MAX_AUCTION_TRIES, SeatView, pimc_values
from ..kernels.proposal import least_trumps, proposal_values
from ..kernels.rankings import POSITION, SUIT_AT, TRUMP
from ..kernels.seats import next_active
from ..play.playout import check_worlds, contract_goal, play_evidence_mode
from ..play.solve import table_bits
from ..rules.cards import CardError, faces_to_mask, format_card, mask_to_faces, parse_card, parse_cards
from ..rules.contracts import check_contract, parse_contract
from ..rules.exchange import sitting_out_mask
from ..rules.variants import CALL, ORDER_UP, RulesError, as_variant, seat_index, upcard_variants
from .hearing import hear_auction
from .ranking import CardValue, effective_worlds, rank_candidates, unsettled, win_chances, without_unscored
from .rollout import BATCH_INDEX, DEFAULT_ROLLOUT, Rollout, check_rollout, rollout_seconds
from .told import Told, check_as_dealt, heard_with, length_rows, refuse_unseen_as_dealt, told, void_now

SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
WORLDS_PER_STEP = 25  # worlds solved per kernel call: a Ctrl-C waits for one call


@dataclass(frozen=True)
class CardAdvice:
    """Every legal card ranked, the advice first (see :func:`.ranking.rank_candidates`)."""

    variant: str
    contract: str
    bidder: int  # 1-based
    seat: int  # 1-based
    hand: str
    trick: int  # the trick being played, from 1
    won: int  # tricks the player's side has taken already
    worlds: int  # the worlds sampled, once the sample stopped growing
    seed: int
    cards: tuple[CardValue, ...]
    max_worlds: int = 0  # the cap on the growing sample
    score: tuple[int, int] | None = None  # the game's score, your team first: cards ranked by P(win)
    heard: str = ""  # what conditioned the worlds beyond the cards seen (one line)
    play_evidence: str = "none"  # how the other seats' cards weigh the worlds (exact, soft, none)
    played: str = ""  # what those cards did to the worlds (one line; empty without evidence)
    effective_worlds: float = 0.0  # the worlds' effective sample size (their count when unweighted)
    auction_dealt: int = 0  # deals dealt for the worlds that were tested against the auction
    auction_unmatched: int = 0  # worlds kept without explaining it (the sampler's cap)
    note: str = STRATEGY_FUSION
    rollout: str = DEFAULT_ROLLOUT  # how a card is valued in a world (.rollout); in the JSON when pimc
    rollout_worlds: int = 0  # worlds a decision of a PIMC rollout
    interrupted: bool = False  # Ctrl-C: ``worlds`` counts the worlds solved by then (not in the JSON)

    @property
    def best(self) -> str:
        return self.cards[0].card

    def to_dict(self) -> dict:
        out = without_unscored(asdict(self))
        del out["interrupted"]
        if self.rollout == DEFAULT_ROLLOUT:  # the double-dummy values' JSON as it always was
            del out["rollout"], out["rollout_worlds"]
        out["best"] = self.best
        return out

    def to_json(self, indent=None) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def parse_tricks(text: str | None, what: str = "tricks") -> list[tuple[int, list[int]]]:
    """``"1: JH AH 9H TH; 3: AS KS"`` as [(leader seat as written, faces in order)]."""
    out = []
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        match = re.fullmatch(r"\s*(\d+)\s*:(.*)", part)
        if not match:
            raise RulesError(
                f"{what} {part.strip()!r}: write the leader's seat, a colon, then the cards in order, "
                "e.g. '1: JH AH 9H TH'"
            )
        out.append((int(match.group(1)), [parse_card(token) for token in match.group(2).split()]))
    return out


def best_card(
    variant,
    contract,
    bidder: int,
    seat: int,
    hand,
    tricks=None,
    current=None,
    upcard=None,
    dealer: int | None = None,
    discards=None,
    worlds: int = ADVICE_WORLDS,
    seed: int = 1,
    first: int = 0,
    max_worlds: int | None = None,
    auction=None,
    table: str = DEFAULT_TABLE,
    inference: str = DEFAULT_INFERENCE,
    score=None,
    known=None,
    constraints=None,
    play_evidence: str = DEFAULT_PLAY_EVIDENCE,
    rollout: str = DEFAULT_ROLLOUT,
    rollout_worlds: int | None = None,
    progress=None,
    forecast=None,
) -> CardAdvice:
    """Rank every legal card of ``seat`` (see the module notes).

    Seats are counted from ``first`` (0 in the library, 1 at the CLI), in ``tricks`` and
    ``current`` too.  ``tricks`` are the finished tricks and ``current`` the trick in
    progress (text, see :func:`parse_tricks`, or [(leader, faces)] lists).  Classic:
    ``upcard``, and with ``order up`` the ``dealer`` (who picked it up); ``discards``
    are the player's own discards (the classic dealer's one, a Pig / Alone bidder's
    two), known to be out of play.  The sample starts at ``worlds`` and grows up to
    ``max_worlds`` (four times ``worlds`` by default) while the best is not settled.
    With the whole ``auction`` (text from the dealer's left, or bids) the worlds explain
    the bids under the ``table`` model by ``inference`` (exact, soft or none:
    :mod:`.hearing`); it must agree with the contract and the bidder.  ``known`` (other
    seats to their cards) and ``constraints`` (suit lengths as dealt, natural suits)
    are what the player was told, seats counted from 0
    whatever ``first`` (as ``analyse`` and its parser take them); the worlds hold them
    (:mod:`.told`).  ``play_evidence`` (choices.PLAY_EVIDENCE_MODES) says how the cards
    the other seats played weigh the worlds (:mod:`..kernels.evidence`).  With the
    game's ``score`` (your team's points, the other team's) and the ``dealer``, cards
    are ranked by the chance of winning the game (:func:`.ranking.win_chances`).
    ``rollout`` says how a card is valued in a world (:mod:`.rollout`: ``dd``, or
    ``pimc`` with ``rollout_worlds`` worlds a decision).  ``progress(done, total)`` is
    told the worlds valued after each step, and ``forecast(seconds)`` once, before a
    PIMC rollout starts, about how long it takes on one core if the sample grows to
    its cap.
    """
    variant = as_variant(variant)
    n = variant.players
    mode = play_evidence_mode(play_evidence)
    rollout, rollout_worlds = check_rollout(rollout, rollout_worlds)
    bidder = seat_index(bidder, n, "bidder", first)
    seat = seat_index(seat, n, "seat", first)
    told_ = told(variant, seat, known, constraints)
    upcard_face = None
    if upcard is not None:
        if not variant.has_upcard:
            raise RulesError(
                f"upcard {upcard}: {variant.name} has no upcard; {upcard_variants()} turn one up"
            )
        upcard_face = parse_card(upcard) if isinstance(upcard, str) else int(upcard)
    bid = parse_contract(contract, variant, upcard_face) if isinstance(contract, str) else contract
    check_contract(variant, bid)
    if variant.has_upcard and upcard_face is None:
        raise RulesError(f"{variant.name}: give the upcard (--upcard), which everyone saw")
    if bid.kind == ORDER_UP:
        if dealer is None:
            raise RulesError("order up: give the dealer (--dealer), who picked up the upcard")
        dealer = seat_index(dealer, n, "dealer", first)
    elif not variant.spec.bidder_leads:
        if dealer is None:
            raise RulesError(
                f"{variant.name}: give the dealer (--dealer): the seat on its left leads trick 1"
            )
        dealer = seat_index(dealer, n, "dealer", first)
    elif dealer is not None:
        dealer = seat_index(dealer, n, "dealer", first)
    denom = bid.denom
    active = sitting_out_mask(variant, bid, bidder)
    if not active >> seat & 1:
        raise RulesError(f"seat {seat + first} sits out this {bid}: only seats that play choose a card")
    copies = variant.copies
    own = parse_cards(hand, copies, what="hand") if isinstance(hand, str) else list(hand)
    history = _seats_from(parse_tricks(tricks) if isinstance(tricks, (str, type(None))) else tricks, n, first)
    now = _seats_from(
        parse_tricks(current, "current trick") if isinstance(current, (str, type(None))) else current,
        n,
        first,
    )
    if len(now) > 1:
        raise RulesError("current trick: give one trick in progress (finished tricks go in --tricks)")
    thrown = (
        parse_cards(discards, copies, what="discards") if isinstance(discards, str) else list(discards or ())
    )

    def suit_of(face):  # the effective suit: the left bower is a trump
        return int(SUIT_AT[denom, POSITION[denom, face]])

    n_active = bin(active).count("1")
    size = variant.hand_size
    voids = np.zeros(n, np.int64)
    won = 0
    leader = history[0][0] if history else (now[0][0] if now else seat)
    opener = opening_leader(variant, bidder, dealer, active)
    if leader != opener:
        bad = (
            f"trick 1 led by seat {leader + first}"
            if history or now
            else f"seat {seat + first} on lead at trick 1"
        )
        if variant.spec.bidder_leads:
            rule = f"the bidder, seat {opener + first}, leads it"
        else:
            where = "left of" if opener == (dealer + 1) % n else "the first seat that plays left of"
            rule = f"seat {opener + first}, {where} the dealer (seat {dealer + first}), leads it"
        raise RulesError(f"{bad}: {rule}")
    played_faces: list[int] = []
    # the finished tricks, then the one in progress: turn order, follow suit as far as
    # can be seen (a seat never plays a suit it showed out of), a leader who won the last
    for number, (trick_leader, faces) in enumerate(history + now, start=1):
        finished = number <= len(history)
        where = f"trick {number}" if finished else "current trick"
        if trick_leader != leader:
            raise RulesError(f"{where} led by seat {trick_leader + first}: seat {leader + first} was to lead")
        if finished and len(faces) != n_active:
            raise RulesError(
                f"{where} has {len(faces)} cards: a finished trick has one from each of "
                f"the {n_active} seats that play"
            )
        if not finished and len(faces) >= n_active:
            raise RulesError(f"{where} has {len(faces)} cards: a trick in progress has fewer than {n_active}")
        player = trick_leader
        winner, best_face = player, None
        for face in faces:
            if not active >> player & 1:
                raise RulesError(f"{where}: seat {player + first} sits out and plays no card")
            suit = suit_of(face)
            if voids[player] >> suit & 1:
                raise RulesError(
                    f"{where}: seat {player + first} plays {format_card(face)} after showing out of "
                    f"{SUIT_NAMES[suit]}: it would have had to follow"
                )
            if best_face is None:
                led, best_face = suit, face
            else:
                if suit != led:
                    voids[player] |= 1 << led
                if takes_trick(face, best_face, denom, led):
                    winner, best_face = player, face
            played_faces.append(face)
            player = int(next_active(np.int64(player), np.int64(n), np.int64(active)))
        if finished:
            won += (winner & 1) == (seat & 1)
            leader = winner
        elif player != seat:
            raise RulesError(f"current trick: seat {player + first} is on move, not seat {seat + first}")
    if not now and leader != seat:
        raise RulesError(f"seat {leader + first} leads trick {len(history) + 1}, not seat {seat + first}")
    if len(own) != size - len(history):
        raise RulesError(
            f"hand of {len(own)} cards at trick {len(history) + 1}: it must hold {size - len(history)}"
        )
    for face in own:
        if voids[seat] >> suit_of(face) & 1:
            raise RulesError(
                f"hand holds {format_card(face)} but seat {seat + first} showed out of "
                f"{SUIT_NAMES[suit_of(face)]}: it would have had to follow"
            )
    # every card seen, and where the upcard is
    seen = own + played_faces + thrown
    fixed_faces: dict[int, list[int]] = {}
    gone_faces = list(thrown)
    if upcard_face is not None:
        if bid.kind == CALL:
            seen.append(upcard_face)  # turned down: out of play
            gone_faces.append(upcard_face)
        elif seat != dealer and upcard_face not in played_by(history + now, dealer, n, active):
            seen.append(upcard_face)  # picked up: still in the dealer's hand
            fixed_faces[dealer] = [upcard_face]
    for face in set(seen):
        if seen.count(face) > copies:
            raise CardError(
                f"{format_card(face)} seen {seen.count(face)} times (hand, tricks, upcard, discards): "
                f"this deck has {copies} of each card"
            )
    exchanged = ({dealer} if bid.kind == ORDER_UP else set()) | ({bidder} if bid.exchange else set())
    for other, faces in _known_held(variant, told_, history + now, active, seen).items():
        fixed_faces[other] = fixed_faces.get(other, []) + faces
        seen += faces
    lengths, told_voids = _hold_told(
        variant, told_, bid, seat, active, exchanged, own, thrown, upcard_face, history + now
    )
    shown = voids.copy()  # what the play showed the whole table
    voids |= told_voids
    legal = [f for f in own if not now or suit_of(f) == suit_of(now[0][1][0])]
    if not legal:
        legal = list(own)
    worlds = check_worlds(worlds)
    cap = check_worlds(4 * worlds if max_worlds is None else max_worlds)
    if cap < worlds:
        raise RulesError(f"max worlds {cap}: at least the {worlds} worlds sampled first")
    heard = hear_auction(
        variant, bid, bidder, seat, dealer, upcard_face, auction, table, active, first, inference
    )
    played_masks = np.array(
        [
            to_contract(np.uint64(_mask(played_by(history + now, other, n, active))), np.int64(denom))
            for other in range(n)
        ],
        np.uint64,
    )
    position = (variant, denom, seat, active, own, fixed_faces, seen, voids, history, now, leader)
    hearing = (heard.check, played_masks, lengths, _on_purpose(bid, bidder, heard), (mode, bidder))
    ours = (bidder & 1) == (seat & 1)
    win = win_chances(variant, bid, seat, bidder, dealer, checked_score(variant, score), ours)
    faces = sorted(set(legal), key=lambda f: POSITION[denom, f])  # low to high: ties keep the lower
    stats = np.zeros(5, np.int64)
    tally = np.zeros(TALLY, np.float64)  # the play evidence's counts (kernels.evidence)
    rolled = None
    if rollout != DEFAULT_ROLLOUT:
        public_fixed = {dealer: 1 << (2 * upcard_face)} if bid.kind == ORDER_UP else {}
        rolled = Rollout(
            n,
            bidder,
            contract_goal(variant, bid),
            (won, len(history) - won) if seat & 1 == 0 else (len(history) - won, won),
            len(history),
            shown,
            public_fixed,
            1 << (2 * upcard_face) if bid.kind == CALL and upcard_face is not None else 0,
            tuple(int(POSITION[denom, f]) for f in faces),
            rollout_worlds,
            seed,
        )
        if forecast is not None:
            forecast(rollout_seconds(n, len(own), size, len(faces), cap, rollout_worlds))
    done = [0, worlds]  # worlds valued, and of how many so far

    def valued(step):
        done[0] += step
        if progress is not None:
            progress(done[0], done[1])

    values, weights = _world_values(
        *position, *hearing, worlds, seed, 0, stats, tally, rollout=rolled, valued=valued
    )
    interrupted = values.shape[0] < worlds
    batch = 0
    while True:
        totals = [won + values[:, POSITION[denom, face]] for face in faces]
        rows = rank_candidates(variant, bid, faces, totals, ours, weights, win)
        more = min(values.shape[0], cap - values.shape[0])
        if interrupted or more <= 0 or not unsettled(rows):
            break
        batch += 1
        done[1] = values.shape[0] + more
        try:
            grown, more_weights = _world_values(
                *position, *hearing, more, seed, batch, stats, tally, rollout=rolled, valued=valued
            )
        except KeyboardInterrupt:  # before a step of the new batch: keep what was settled
            grown, more_weights, interrupted = values[:0], weights[:0], True
        interrupted = interrupted or grown.shape[0] < more
        values = np.concatenate([values, grown])
        weights = np.concatenate([weights, more_weights])
    return CardAdvice(
        variant=str(variant),
        contract=str(bid),
        bidder=bidder + 1,
        seat=seat + 1,
        hand=" ".join(format_card(f) for f in own),
        trick=len(history) + 1,
        won=won,
        worlds=int(values.shape[0]),
        seed=int(seed),
        cards=tuple(rows),
        max_worlds=cap,
        score=None if score is None else checked_score(variant, score),
        heard=heard_with(
            told_,
            heard.describe(
                int(stats[3]),
                int(stats[4]),
                int(stats[2]),
                first or 1,
                effective_worlds(weights),
                hearing[3] >= 0,
            ),
            first or 1,
            0 if heard.auction else int(stats[2]),
        ),
        play_evidence=play_evidence,
        played=describe_play_evidence(play_evidence, bool(history or now), tally, weights),
        effective_worlds=round(effective_worlds(weights), 1),
        auction_dealt=int(stats[4]),
        auction_unmatched=int(stats[2]),
        rollout=rollout,
        rollout_worlds=rollout_worlds if rolled is not None else 0,
        interrupted=interrupted,
    )


def _hold_told(variant, told_, bid, seat, active, exchanged, own, thrown, upcard_face, tricks):
    """Check what the player was told against one deal as dealt (:mod:`.told`) and return
    the length rows the worlds test and the void bits a natural void implies now, per seat."""
    n = variant.players
    voids = np.zeros(n, np.int64)
    for other in sorted(told_.seats()):
        if not active >> other & 1:
            raise RulesError(
                f"what you were told of seat {other + 1}: it sits out this {bid}, so the worlds hold no "
                "hand of it"
            )
        if other in exchanged:
            refuse_unseen_as_dealt(told_, other, f"seat {other + 1} exchanged cards before play")
    if not told_:
        return length_rows(told_, seat, ()), voids
    if seat in exchanged and told_.lengths_of(seat):
        refuse_unseen_as_dealt(told_, seat, f"you, seat {seat + 1}, exchanged cards before play")
    # one deal as dealt: every seat that plays as dealt holds its hand now and its played
    # cards; the cards of an exchanged seat and the upcard lie outside it
    held, taken, outside = {}, 0, 0
    for other in range(n):
        faces = played_by(tricks, other, n, active) + (own if other == seat else [])
        if other == seat and seat in exchanged:
            faces += thrown
        mask = faces_to_mask(faces, taken)
        taken |= mask
        if other in exchanged:
            outside |= mask
        else:
            held[other] = mask
    for face in ([] if seat in exchanged else thrown) + ([] if upcard_face is None else [upcard_face]):
        bit = faces_to_mask([face], taken)
        taken |= bit
        outside |= bit
    for other, mask in told_.known.items():
        if other in exchanged:
            told_known = faces_to_mask(mask_to_faces(mask), taken)
            taken |= told_known
            outside |= told_known
    for other, mask in told_.known.items():
        if other not in exchanged:
            extra = mask_to_faces(mask)
            for face in mask_to_faces(held[other]):
                if face in extra:
                    extra.remove(face)  # known, and played (or the player's own)
            more = faces_to_mask(extra, taken) if extra else 0
            taken |= more
            held[other] |= more
    sizes = [variant.hand_size if active >> o & 1 and o not in exchanged else 0 for o in range(n)]
    check_as_dealt(variant, Told({}, told_.constraints), held, outside, sizes)
    tested = [o for o in range(n) if o != seat and active >> o & 1 and o not in exchanged]
    for other in tested:
        for length in told_.lengths_of(other):
            if length.high == 0:
                voids[other] |= void_now(length.suit, bid.denom)
    return length_rows(told_, seat, tested), voids


def _known_held(variant, told_, tricks, active, seen) -> dict:
    """The known cards each seat has not played yet (so holds in every world), checked
    against the cards seen elsewhere."""
    out = {}
    n = variant.players
    for other, mask in sorted(told_.known.items()):
        left = mask_to_faces(mask)
        for face in played_by(tricks, other, n, active):
            if face in left:
                left.remove(face)
        for face in set(left):
            if seen.count(face) + left.count(face) > variant.copies:
                raise CardError(
                    f"card {format_card(face)} is in two places: known in seat {other + 1}'s hand and "
                    f"seen already (your hand, the tricks, the upcard or your discards)"
                )
        if left:
            out[other] = left
    return out


def opening_leader(variant, bidder: int, dealer: int | None, active: int) -> int:
    """Who leads trick 1: the bidder in bid euchre, the seat left of the dealer in the
    classic games; a seat that sits out (a lone maker's partner) passes the lead on to
    the next seat that plays."""
    leader = bidder if variant.spec.bidder_leads else variant.leader(dealer, bidder)
    while not active >> leader & 1:
        leader = (leader + 1) % variant.players
    return leader


def _seats_from(tricks, n: int, first: int) -> list[tuple[int, list[int]]]:
    return [(seat_index(leader, n, "trick leader", first), list(faces)) for leader, faces in tricks]


def played_by(tricks, seat: int, n: int, active: int) -> list[int]:
    """The faces ``seat`` played in ``tricks``."""
    out = []
    for leader, faces in tricks:
        player = leader
        for face in faces:
            if player == seat:
                out.append(face)
            player = int(next_active(np.int64(player), np.int64(n), np.int64(active)))
    return out


def takes_trick(face: int, best: int, denom: int, led: int) -> bool:
    """Does ``face`` take the trick from ``best`` (the first copy keeps a tie)?"""
    card, top = POSITION[denom, face], POSITION[denom, best]
    suit = SUIT_AT[denom, card]
    if card <= top:
        return False
    return suit == SUIT_AT[denom, top] or suit == TRUMP[denom]


def _mask(faces, taken: int = 0) -> int:
    """Face-space mask of ``faces``, each on the first copy not in ``taken``."""
    mask = 0
    for face in faces:
        bit = 2 * face if not (taken | mask) >> (2 * face) & 1 else 2 * face + 1
        mask |= 1 << bit
    return mask


def _world_values(
    variant,
    denom,
    seat,
    active,
    own,
    fixed_faces,
    seen,
    voids,
    history,
    now,
    leader,
    check,
    played_by,
    lengths,
    on_purpose,
    play,
    worlds,
    seed,
    batch,
    stats,
    tally,
    rollout=None,
    valued=None,
):
    """(values, weights): values[k, position] for the player's side over ``worlds`` worlds
    (kernels.pimc), dealt from batch number ``batch``'s own random stream, each explaining
    ``check`` (the auction, with ``played_by``) and the suit ``lengths``, and world
    ``k``'s weight: its importance weight (1 unless the seat ``on_purpose`` is dealt its
    trumps on purpose: kernels.proposal) times the play evidence ``play`` = (mode,
    declarer) of the cards played (kernels.evidence).  The sampler's counts add up in
    ``stats`` and the evidence's in ``tally``.  The worlds are solved in steps; after a
    Ctrl-C, the rows of the worlds solved by then.  A step goes on from the last one's
    random state, so world ``k`` is the same in any step.  With a ``rollout``
    (:class:`.rollout.Rollout`) the same worlds are dealt and each legal card is rolled
    out by PIMC instead of solved; ``valued(step)`` is told each step's worlds."""
    n = variant.players
    copies = variant.copies
    own_mask = _mask(own)
    fixed = np.zeros(n, np.uint64)
    taken = own_mask
    for other, faces in fixed_faces.items():
        held = _mask(faces, taken)
        taken |= held
        fixed[other] = to_contract(np.uint64(held), np.int64(denom))
    pool = 0
    for face in range(24):
        for copy in range(copies - seen.count(face)):
            pool |= 1 << (2 * face + 1 - copy if copies == 2 else 2 * face)
    size = variant.hand_size
    counts = np.zeros(n, np.int64)
    trick_seats = []
    if now:
        player = now[0][0]
        for _ in now[0][1]:
            trick_seats.append(player)
            player = int(next_active(np.int64(player), np.int64(n), np.int64(active)))
    for other in range(n):
        if active >> other & 1:
            counts[other] = size - len(history) - (1 if other in trick_seats else 0)
    trick = np.array(now[0][1] if now else [], np.int64)
    values = np.full((worlds, 24), -1, np.int64)
    weights = np.ones(worlds, np.float64)
    plays = _plays(history + now, n, active, denom, taken | pool)
    evidence = PlayEvidence(
        np.int64(play[0]), np.float64(PLAY_EPS), np.int64(active), np.int64(play[1]), plays, weights, tally
    )
    buffers = dd_buffers(np.int64(size - len(history)), np.int64(table_bits(size - len(history))))
    state = np.uint64(stream_state(np.uint64(seed), np.uint64(SALT_PIMC), np.int64(batch)))
    view = SeatView(
        np.int64(seat),
        to_contract(np.uint64(own_mask), np.int64(denom)),
        counts,
        fixed,
        to_contract(np.uint64(pool), np.int64(denom)),
        voids,
        played_by,
        check,
        lengths,
    )
    if on_purpose >= 0:  # one pilot for every step and batch: the same proposal throughout
        pilot = np.uint64(stream_state(np.uint64(seed), np.uint64(SALT_PILOT), np.int64(0)))
        least = least_trumps(pilot, view, np.int64(n), np.int64(denom), np.int64(on_purpose))
    generation, solved = np.int64(1), 0
    try:
        while solved < worlds:
            step = min(WORLDS_PER_STEP if rollout is None else rollout.step, worlds - solved)
            table = (np.int64(n), np.int64(active), np.int64(denom), np.int64(leader), trick, np.int64(step))
            weighed = view._replace(evidence=evidence._replace(weights=weights[solved : solved + step]))
            if rollout is not None:
                state = rollout.values(
                    state,
                    weighed,
                    table,
                    stats,
                    values[solved : solved + step],
                    weights[solved : solved + step],
                    plays,
                    on_purpose,
                    least if on_purpose >= 0 else -1,
                    batch * BATCH_INDEX + solved,
                )
            elif on_purpose < 0:
                state, generation = pimc_values(
                    state, weighed, *table, buffers, generation, stats, values[solved : solved + step]
                )
            else:
                state, generation = proposal_values(
                    state,
                    weighed,
                    *table,
                    buffers,
                    generation,
                    stats,
                    values[solved : solved + step],
                    np.int64(on_purpose),
                    np.int64(least),
                    weights[solved : solved + step],
                )
            # numba hands the state back as a Python int: the next call takes the same types
            state, generation = np.uint64(state), np.int64(generation)
            solved += step
            if valued is not None:
                valued(step)
            raise_if_held()
    except KeyboardInterrupt:
        if solved == 0:
            raise
    return values[:solved], weights[:solved]


def _on_purpose(bid, bidder: int, heard) -> int:
    """The seat whose trumps the worlds deal on purpose (kernels.proposal), or -1: a
    bidder who plays alone (a loner, a Hog, a Pig, a six-handed Alone) and whose bid the
    worlds test, in a trump suit; a uniform world seldom gives it a hand that bids so."""
    if bid.plays_alone and bidder in heard.tested and bid.denom < 4:
        return bidder
    return -1


def _plays(tricks, n: int, active: int, denom: int, taken: int) -> np.ndarray:
    """Rows (seat, contract-space card) of the cards played in ``tricks``, in order, each
    face on a copy of the double deck not in the face-space mask ``taken`` nor played
    before, so every seat's cards stay apart from the world's."""
    rows = []
    for leader, faces in tricks:
        player = leader
        for face in faces:
            bit = 2 * face if not taken >> (2 * face) & 1 else 2 * face + 1
            taken |= 1 << bit
            card = to_contract(np.uint64(1 << bit), np.int64(denom))
            rows.append((player, int(card).bit_length() - 1))
            player = int(next_active(np.int64(player), np.int64(n), np.int64(active)))
    return np.array(rows, np.int64).reshape(-1, 2)


def describe_play_evidence(mode: str, played: bool, tally, weights) -> str:
    """One line: what the other seats' cards did to the worlds (empty when nothing was
    played or the evidence is off)."""
    if mode == "none" or not played:
        return ""
    kept, dealt, missed = int(tally[2]), int(tally[3]), int(tally[1])
    size = effective_worlds(weights)
    if mode == "soft":
        return f"The play weighs the worlds (soft rules of thumb): {size:.1f} effective of {weights.size}."
    if tally[6]:
        return (
            f"Of {MAX_AUCTION_TRIES:,} deals none explained the play (the rules of thumb play every card "
            f"seen), so the worlds are weighed softly: {size:.1f} effective of {weights.size}."
        )
    if not dealt:
        return "The play weighs no world: it is tested on worlds that explain the auction, and none did."
    rate = f"1 world kept in {dealt / kept:.1f} dealt" if kept else "no world dealt"
    unexplained = (
        f"; {missed} kept at the cap unexplained, weighed softly ({size:.1f} effective of {weights.size})"
        if missed
        else ""
    )
    return f"The worlds explain the play (the rules of thumb play every card seen): {rate}{unexplained}."


__all__ = ["CardAdvice", "best_card", "opening_leader", "parse_tricks", "played_by", "takes_trick"]
