"""The card-advice commands: best-card (which card to play), best-discard (the dealer's
discard after an order up) and best-gift (a partner's gift to a Pig or Alone bidder),
each valuing its candidates over sampled worlds solved double dummy."""

from __future__ import annotations

import click

from ...simulate.advice.rollout import DEFAULT_ROLLOUT, ROLLOUT_WORLDS, ROLLOUTS
from ...simulate.choices import (
    ADVICE_WORLDS,
    DEFAULT_PLAY_EVIDENCE,
    GIFT_POLICY_NAMES,
    MAX_WORLDS,
    PLAY_EVIDENCE_MODES,
)
from ..progress import ProgressBar
from .shared import (
    WholeNumber,
    compiles_kernels,
    exit_interrupted,
    inference_option,
    known_options,
    max_worlds_option,
    output_options,
    parse_score,
    score_option,
    seed_option,
    table_option,
    variant_option,
    worlds_option,
)

INFERENCE_HELP = (
    "How the worlds hear the auction (--auction, or the contract's): exact keeps the worlds "
    "on which every other seat would have bid as given; "
    "soft keeps each with probability the bids' likelihood; none ignores it."
)


def _auction_options(command):
    """``--auction``, ``--table`` and ``--inference``."""
    command = inference_option(INFERENCE_HELP)(command)
    command = table_option(command)
    return click.option(
        "--auction",
        default=None,
        metavar="BIDS",
        help="The whole auction from the dealer's left (needs the dealer), e.g. "
        "'pass, pass, order up': the worlds then explain every bid under --table.  By default "
        "the one the contract implies: classic, the whole auction (the first order-up or call "
        "ends the bidding); bid euchre, the bid and the passes after it (the bids before it "
        "not given, so not heard; the last seat deals unless --dealer).",
    )(command)


def _advice_worlds(command):
    """``--worlds`` and ``--seed``, shared by best-card, best-discard and best-gift."""
    command = seed_option("Seeds the worlds.")(command)
    return worlds_option(ADVICE_WORLDS, "N", "Worlds sampled and solved.")(command)


@click.command("best-card")
@variant_option()
@click.option(
    "--contract", "-c", required=True, metavar="BID", help="The contract, e.g. 'Hog Hearts', 'order up'."
)
@click.option("--bidder", type=int, required=True, metavar="SEAT", help="Who made the contract.")
@click.option("--seat", type=int, required=True, metavar="SEAT", help="Your seat (you are on move).")
@click.option("--hand", required=True, metavar="CARDS", help="The cards you hold now.")
@click.option(
    "--tricks",
    default=None,
    metavar="TRICKS",
    help="Finished tricks: the leader's seat, a colon, the cards in order; ';' between tricks, "
    "e.g. '1: JH AH 9H TH; 3: AS KS QS 9S'.",
)
@click.option(
    "--trick", "current", default=None, metavar="TRICK", help="The trick in progress, e.g. '2: 9S TS'."
)
@click.option("--upcard", default=None, metavar="CARD", help="Classic: the upcard everyone saw.")
@click.option(
    "--dealer", type=int, default=None, metavar="SEAT", help="Classic: the dealer (its left leads)."
)
@click.option("--discards", default=None, metavar="CARDS", help="Your own discards (dealer, Pig bidder).")
@_auction_options
@known_options
@score_option("rank the cards by the chance of winning the game (needs --dealer).")
@click.option(
    "--play-evidence",
    type=click.Choice(PLAY_EVIDENCE_MODES),
    default=DEFAULT_PLAY_EVIDENCE,
    show_default=True,
    help="What the other seats' cards say: exact keeps the worlds in which the rules of thumb "
    "would have played every one of them; soft weighs each world by how likely; none ignores it.",
)
@click.option(
    "--rollout",
    type=click.Choice(ROLLOUTS),
    default=DEFAULT_ROLLOUT,
    show_default=True,
    help="How a card is valued in a world: dd solves the rest of the deal double dummy; pimc "
    "plays it out with PIMC for every seat, each from its own view (slower).",
)
@click.option(
    "--rollout-worlds",
    type=WholeNumber(min=1, max=MAX_WORLDS),
    default=None,
    metavar="K",
    help=f"With --rollout pimc: worlds each PIMC decision of a rollout samples [default: {ROLLOUT_WORLDS}].",
)
@max_worlds_option
@_advice_worlds
@output_options("Print every card's numbers as JSON.")
@compiles_kernels(pimc=True)
def best_card_command(
    variant,
    contract,
    bidder,
    seat,
    hand,
    tricks,
    current,
    upcard,
    dealer,
    discards,
    auction,
    table,
    inference,
    known,
    void,
    length,
    score,
    play_evidence,
    rollout,
    rollout_worlds,
    max_worlds,
    worlds,
    seed,
    output,
):
    """Which card should I play?  Every legal card ranked over sampled worlds.

    Deals N worlds of the cards you cannot see, consistent with everything played
    (and the voids it showed), with what the other seats' cards say of their hands
    (--play-evidence) and with the bids (--auction, or what the contract says);
    solves each double dummy after each legal card, and ranks the cards by your
    side's expected points for the hand, with its tricks and P(make); with --score,
    by the chance of winning the game from there.  Cards that cannot be told apart
    from the best are marked '='; the sample grows while they might yet be told
    apart.  With --rollout pimc the rest of the deal is played by PIMC for every
    seat instead (single dummy).

    \b
    Example:
      euchre-mc best-card --variant euchre --contract "order up" --upcard 9H \\
          --dealer 4 --bidder 1 --seat 1 --hand "JD AH KS 9C" \\
          --tricks "1: JH QH TH 9H"
      euchre-mc best-card --variant euchre --contract "order up" --upcard 9H \\
          --dealer 4 --auction "pass, pass, order up" --bidder 3 --seat 1 \\
          --hand "AS KS QC 9D TD"
      euchre-mc best-card --variant euchre --contract "order up" --upcard 9H \\
          --dealer 4 --bidder 1 --seat 1 --hand "JD AH KS 9C" \\
          --tricks "1: JH QH TH 9H" --rollout pimc --worlds 50
    """
    import os

    from ...simulate.advice.best_card import best_card
    from ..advice_report import format_card_advice
    from ..forecast import warn_if_long

    def forecast(seconds):
        levers = ("--worlds", "--max-worlds", "--rollout-worlds")
        warn_if_long(seconds / (os.cpu_count() or 1), "PIMC rollouts of every legal card", levers)

    told = _told(variant, known, void, length)
    with ProgressBar("valuing worlds", "world") as progress:
        advice = best_card(
            variant,
            contract,
            bidder,
            seat,
            hand,
            tricks,
            current,
            upcard,
            dealer,
            discards,
            worlds,
            seed,
            first=1,
            auction=auction,
            table=table,
            inference=inference,
            max_worlds=max_worlds,
            score=parse_score(score),
            **told,
            play_evidence=play_evidence,
            rollout=rollout,
            rollout_worlds=rollout_worlds,
            progress=progress,
            forecast=forecast,
        )
    # interrupted while the sample grew: the worlds solved of the most it could grow to
    _echo_advice(advice, output, format_card_advice, worlds if advice.worlds < worlds else advice.max_worlds)


@click.command("best-discard")
@variant_option(default="euchre")  # the dealer's discard is a classic decision
@click.option("--hand", required=True, metavar="CARDS", help="Your five cards before you pick up.")
@click.option("--upcard", required=True, metavar="CARD", help="The upcard you pick up.")
@click.option("--dealer", type=int, required=True, metavar="SEAT", help="Your seat: the dealer.")
@click.option("--bidder", type=int, required=True, metavar="SEAT", help="Who ordered the upcard up.")
@click.option(
    "--contract",
    "-c",
    default="order up",
    show_default=True,
    metavar="BID",
    help="'order up', or 'order up alone'.",
)
@_auction_options
@known_options
@score_option("rank the cards by the chance of winning the game.")
@_advice_worlds
@output_options("Print every candidate's numbers as JSON.")
@compiles_kernels(pimc=True)
def best_discard_command(
    variant,
    hand,
    upcard,
    dealer,
    bidder,
    contract,
    auction,
    table,
    inference,
    known,
    void,
    length,
    score,
    worlds,
    seed,
    output,
):
    """Ordered up as the dealer: which card do I discard?

    Values each of the six cards you hold after picking up the upcard over N worlds of
    the cards you cannot see (the hand then played double dummy), and ranks them by
    your side's expected tricks, with P(make).  In the example your partner, seat 2,
    ordered you up.

    \b
    Example:
      euchre-mc best-discard --variant euchre --hand "JD AH KS 9C TC" \\
          --upcard 9H --dealer 4 --bidder 2 --worlds 100
    """
    from ...simulate.advice.exchanges import best_discard
    from ..advice_report import format_exchange_advice

    told = _told(variant, known, void, length)
    with ProgressBar("solving worlds", "world") as progress:
        advice = best_discard(
            variant,
            hand,
            upcard,
            dealer,
            bidder,
            contract,
            worlds,
            seed,
            1,
            auction,
            table,
            inference,
            progress,
            parse_score(score),
            **told,
        )
    _echo_advice(advice, output, format_exchange_advice, worlds)


@click.command("best-gift")
@variant_option()
@click.option(
    "--contract", "-c", required=True, metavar="BID", help="The Pig or Alone contract, e.g. 'Pig Hearts'."
)
@click.option("--bidder", type=int, required=True, metavar="SEAT", help="Who bid it.")
@click.option("--seat", type=int, required=True, metavar="SEAT", help="Your seat: a partner of the bidder.")
@click.option("--hand", required=True, metavar="CARDS", help="Your cards.")
@click.option(
    "--dealer", type=int, default=None, metavar="SEAT", help="The dealer, where the seat on its left leads."
)
@click.option(
    "--gift-policy",
    type=click.Choice(list(GIFT_POLICY_NAMES)),
    default="highest",
    show_default=True,
    help="How the other partner chooses its gift.",
)
@_auction_options
@known_options
@score_option("rank the cards by the chance of winning the game.")
@_advice_worlds
@output_options("Print every candidate's numbers as JSON.")
@compiles_kernels(pimc=True)
def best_gift_command(
    variant,
    contract,
    bidder,
    seat,
    hand,
    dealer,
    gift_policy,
    auction,
    table,
    inference,
    known,
    void,
    length,
    score,
    worlds,
    seed,
    output,
):
    """Partner bid Pig (or six-handed Alone): which card do I give?

    Values each card of your hand over N worlds of the cards you cannot see: the other
    partner gives by --gift-policy, the bidder discards two by the void-first policy,
    and the hand is played double dummy.  Ranked by your side's expected tricks, with
    P(make).

    \b
    Example:
      euchre-mc best-gift --variant pigs-and-hogs --contract "Pig Hearts" \\
          --bidder 1 --seat 3 --hand "JH AS KS QC 9C TD TD 9S" --worlds 50
    """
    from ...simulate.advice.exchanges import best_gift
    from ..advice_report import format_exchange_advice

    told = _told(variant, known, void, length)
    with ProgressBar("solving worlds", "world") as progress:
        advice = best_gift(
            variant,
            contract,
            hand,
            bidder,
            seat,
            dealer,
            gift_policy,
            worlds,
            seed,
            1,
            auction,
            table,
            inference,
            progress,
            parse_score(score),
            **told,
        )
    _echo_advice(advice, output, format_exchange_advice, worlds)


def _told(variant, known, void, length) -> dict:
    """``--known``, ``--void`` and ``--length`` by analyse's parser, as the advice takes them."""
    from ...simulate.dealing.constraints import parse_known, parse_lengths
    from ...simulate.rules.variants import as_variant

    chosen = as_variant(variant)
    return dict(known=parse_known(known, chosen), constraints=parse_lengths(void, length, chosen))


def _echo_advice(advice, output, formatter, asked: int):
    if output == "json":
        click.echo(advice.to_json(indent=1))
    else:
        click.echo(formatter(advice), nl=False)
    if advice.interrupted:
        exit_interrupted(advice.worlds, asked, "worlds")


__all__ = ["best_card_command", "best_discard_command", "best_gift_command"]
