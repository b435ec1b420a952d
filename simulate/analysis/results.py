"""What a hand analysis returns: frozen dataclasses holding contracts, not their text.

An :class:`Analysis` holds one :class:`ContractEstimate` per analysed contract, the
:class:`Advice`, the run's :class:`AnalysisSettings`, each searched discard's
:class:`DiscardOption` list and the per-deal trick counts behind the figures; a
should-i-bid answer is a :class:`Verdict`.  Each has ``to_dict()`` (plain JSON values:
contracts as their bid text, seats 1-based as users see them) and, where a table is
natural, ``to_frame()``; :meth:`Analysis.to_json` is what ``analyse --json`` prints.
:mod:`simulate.analysis.analyse` computes them and :mod:`reports` formats them by their fields.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..play.playout import WorldsFit
from ..rules.cards import format_cards, mask_to_faces
from ..rules.contracts import Contract
from ..rules.variants import DENOM_NAMES, LEVEL, ORDER_UP, RulesError
from .question import Question


def bid_text(bid) -> str | None:
    """A contract, ``PASS`` or None as users write it."""
    return None if bid is None else str(bid)


@dataclass(frozen=True)
class ContractEstimate:
    """One contract's figures on the main deals (bidder side's tricks, bidding team's points).

    ``tricks`` is the trick distribution (P(k tricks) for k = 0 .. hand size);
    ``ev_net`` is the bidding team's points minus the defenders', ``ev_net_ci`` its 95%
    half-width; ``p_march`` and ``p_euchred`` are the classic variants' only (else None).
    ``discard`` is the discard the search chose (a face mask) where there was a search.
    """

    contract: Contract
    legal: bool
    p_make: float
    ci_low: float
    ci_high: float
    deals: int
    mean_tricks: float
    tricks: tuple[float, ...]
    ev: float
    ev_defenders: float
    ev_net: float
    ev_net_ci: float
    p_march: float | None = None
    p_euchred: float | None = None
    discard: int | None = None

    @property
    def kind(self) -> str:
        return self.contract.kind

    @property
    def denomination(self) -> str:
        return DENOM_NAMES[self.contract.denom]

    @property
    def level(self) -> int:
        return self.contract.level if self.contract.kind == LEVEL else 0

    @property
    def classic(self) -> bool:
        return self.p_march is not None

    @property
    def discards(self) -> str:
        """The discard as text: the searched choice, the dealer's policy, or none."""
        if self.discard is not None:
            return format_cards(mask_to_faces(self.discard))
        return "dealer's policy" if self.contract.kind == ORDER_UP else ""

    @property
    def half_width(self) -> float:
        return (self.ci_high - self.ci_low) / 2

    def to_dict(self) -> dict:
        """One row: the columns of ``to_frame()``, the contract as its bid text."""
        row = {
            "contract": str(self.contract),
            "kind": self.kind,
            "denomination": self.denomination,
            "level": self.level,
            "legal": self.legal,
            "p_make": self.p_make,
            "ci_low": self.ci_low,
            "ci_high": self.ci_high,
            "deals": self.deals,
            "mean_tricks": self.mean_tricks,
            "tricks": list(self.tricks),
            "ev": self.ev,
            "ev_defenders": self.ev_defenders,
            "ev_net": self.ev_net,
            "ev_net_ci": self.ev_net_ci,
        }
        if self.classic:
            row["p_march"] = self.p_march
            row["p_euchred"] = self.p_euchred
        row["discards"] = self.discards
        return row


@dataclass(frozen=True)
class DiscardOption:
    """One discard tried on the search deals: its sweep rate (Pig / Alone) or make rate
    with interval, and for a dealer's pick-up its mean net points (else None)."""

    discard: int  # face mask
    p_make: float
    ci_low: float
    ci_high: float
    deals: int
    ev_net: float | None = None

    @property
    def discards(self) -> str:
        return format_cards(mask_to_faces(self.discard))

    def to_dict(self) -> dict:
        row = {
            "discards": self.discards,
            "p_make": self.p_make,
            "ci_low": self.ci_low,
            "ci_high": self.ci_high,
            "deals": self.deals,
        }
        if self.ev_net is not None:
            row["ev_net"] = self.ev_net
        return row


@dataclass(frozen=True)
class Advice:
    """The legal bid (a contract, or ``PASS``) with the best net expectation.

    ``equivalent``: bids that score the same on every deal; the margin (with its 95%
    half-width) is over the best bid that is not one of them, the ``runner_up``.  With
    nothing to advise (no legal analysed bid and no pass) ``bid`` is None and ``reason``
    says why.
    """

    bid: Contract | str | None
    may_pass: bool
    ev_net: float | None = None
    equivalent: tuple = ()
    runner_up: Contract | str | None = None
    runner_up_ev_net: float | None = None
    margin: float | None = None
    margin_ci: float | None = None
    reason: str | None = None
    by: str = "net"  # what chose the bid: "net" points a hand, or "p_win" (the game, with a score)

    def to_dict(self) -> dict:
        if self.bid is None:
            return {"bid": None, "may_pass": self.may_pass, "reason": self.reason}
        out = {
            "bid": bid_text(self.bid),
            "ev_net": self.ev_net,
            "equivalent": [bid_text(bid) for bid in self.equivalent],
            "may_pass": self.may_pass,
            "runner_up": bid_text(self.runner_up),
            "runner_up_ev_net": self.runner_up_ev_net,
            "margin": self.margin,
            "margin_ci": self.margin_ci,
        }
        if self.by != "net":
            out["by"] = self.by
        return out


@dataclass(frozen=True)
class AnalysisSettings:
    """How an analysis ran, as users see it (seats 1-based, cards and bids as text)."""

    variant: str
    hand: str
    seat: int
    dealer: int
    auction: str
    auction_assumed: bool
    play: str
    seed: int
    deals: int
    interrupted: bool
    precision: float | None
    max_deals: int | None
    precision_met: bool | None
    widest_half_width: float
    search_deals: int
    search_first_index: int | None
    gift_policy: str
    upcard: str | None = None  # classic variants only
    round: int | None = None  # classic variants only
    classic: bool = False
    known: str | None = None  # other seats' known cards, when given
    constraints: str | None = None  # suit lengths of the unseen hands, when given
    worlds: int | None = None  # worlds per decision, under the pimc play model only
    worlds_hear_bids: bool | None = None  # pimc: do the worlds explain the earlier bids?
    worlds_fit: WorldsFit | None = None  # pimc hearing the bids: how many worlds fit them
    play_evidence: str | None = None  # pimc: how the cards played weigh the worlds

    def to_dict(self) -> dict:
        settings = {
            "variant": self.variant,
            "hand": self.hand,
            "seat": self.seat,
            "dealer": self.dealer,
            "auction": self.auction,
            "auction_assumed": self.auction_assumed,
            "play": self.play,
            "seed": self.seed,
            "deals": self.deals,
            "interrupted": self.interrupted,
            "precision": self.precision,
            "max_deals": self.max_deals,
            "precision_met": self.precision_met,
            "widest_half_width": self.widest_half_width,
            "search_deals": self.search_deals,
            "search_first_index": self.search_first_index,
            "gift_policy": self.gift_policy,
        }
        if self.classic:
            settings["upcard"] = self.upcard
            settings["round"] = self.round
        if self.known:
            settings["known"] = self.known
        if self.constraints:
            settings["constraints"] = self.constraints
        if self.worlds is not None:
            settings["worlds"] = self.worlds
            settings["worlds_hear_bids"] = self.worlds_hear_bids
            if self.worlds_fit is not None:
                settings["worlds_fit"] = self.worlds_fit.to_dict()
            settings["play_evidence"] = self.play_evidence
        return settings


@dataclass(frozen=True)
class OptionValue:
    """What one of the analysed player's options (a bid or ``PASS``) is worth once the
    rest of the table has bid by the table model: the final contract played out on every
    main deal and scored for the player's team.

    ``ev_net`` is the player's team's points minus the other team's, ``ev_net_ci`` its
    95% half-width; ``p_we_play`` the share of deals where the player's team won the
    auction, ``p_overcalled`` where a later seat outbid this bid (None for a pass);
    ``outcomes`` how the auction ended, ``(who, share)`` pairs with ``who`` a text such as
    ``"seat 3: 4 Spades"`` or ``"thrown in"``, commonest first.  With a score,
    ``p_win`` is the chance of winning the game after this hand (match equity), with its
    95% half-width, and ``delta_p_win`` its change from before the hand.
    """

    bid: Contract | str
    legal: bool
    ev_net: float
    ev_net_ci: float
    p_we_play: float
    p_overcalled: float | None
    outcomes: tuple[tuple[str, float], ...]
    p_win: float | None = None
    p_win_ci: float | None = None
    delta_p_win: float | None = None
    deals: int | None = None  # set where options were valued on different deals (should-i-bid)

    def to_dict(self) -> dict:
        out = {
            "bid": bid_text(self.bid),
            "legal": self.legal,
            "ev_net": self.ev_net,
            "ev_net_ci": self.ev_net_ci,
            "p_we_play": self.p_we_play,
            "p_overcalled": self.p_overcalled,
            "outcomes": [{"result": who, "share": share} for who, share in self.outcomes],
        }
        if self.p_win is not None:
            out.update({"p_win": self.p_win, "p_win_ci": self.p_win_ci, "delta_p_win": self.delta_p_win})
        if self.deals is not None:
            out["deals"] = self.deals
        return out


@dataclass(frozen=True)
class TableSettings:
    """How the rest of the table was modelled: the model (or None: a pass is 0 points),
    the inference from the auction so far and what it kept, and the score if given."""

    model: str | None
    description: str
    inference: str  # "exact", "soft" or "none"
    dealt: int | None = None  # deals dealt to keep the analysis's deals, with inference
    acceptance: float | None = None
    score: tuple[int, int] | None = None  # the player's team, the other team
    p_win_now: float | None = None  # before this hand, from the match-equity table
    equity: str | None = None  # which match-equity table
    # below 10% kept: the earlier bid that rejects the most deals, and the share it rejects
    rejected_by: str | None = None
    rejected_share: float | None = None
    soft_scale: float | None = None  # soft inference: the logistic's width
    weights_ess: float | None = None  # soft inference: Kish ESS of the dealt deals' weights
    soft_reference: float | None = None  # soft inference: a deal is kept with P(weight / this)
    unheard: tuple[int, ...] = ()  # exact inference: seats (0-based) whose pass is not heard
    unexplained: str | None = None  # why exact inference found no deal, so soft was used instead

    def to_dict(self) -> dict:
        out = {"model": self.model, "description": self.description, "inference": self.inference}
        if self.dealt is not None:
            out.update({"dealt": self.dealt, "acceptance": self.acceptance})
        if self.unheard:
            out["unheard_passes"] = [seat + 1 for seat in self.unheard]
        if self.soft_scale is not None:
            out.update({"soft_scale": self.soft_scale, "weights_ess": self.weights_ess})
            out["soft_reference"] = self.soft_reference
        if self.unexplained is not None:
            out["exact_unexplained"] = self.unexplained
        if self.rejected_by is not None:
            out.update({"rejected_by": self.rejected_by, "rejected_share": self.rejected_share})
        if self.score is not None:
            out.update({"score": list(self.score), "p_win_now": self.p_win_now, "equity": self.equity})
        return out


@dataclass(frozen=True)
class Analysis:
    """A hand analysis: one estimate per contract, the advice, the settings, the discard
    searches (contract -> options, best first) and the checked question.

    ``deal_tricks`` (contract -> int8 array of the bidder side's tricks on each main deal)
    is the sample behind the figures, for paired comparisons; ``option_points`` and
    ``option_wins`` are the same for the options; none of them is part of the JSON form or
    compared by ``==``.
    """

    question: Question = field(compare=False, repr=False)
    estimates: tuple[ContractEstimate, ...]
    advice: Advice
    settings: AnalysisSettings
    discard_search: dict = field(default_factory=dict)
    deal_tricks: dict = field(default_factory=dict, compare=False, repr=False)
    options: tuple[OptionValue, ...] = ()  # with a table model: each option after the auction
    table: TableSettings | None = None
    # per option (bid or PASS): the player's team's points minus theirs on each main deal,
    # and with a score P(win the game) on each; for paired comparisons, like deal_tricks
    option_points: dict = field(default_factory=dict, compare=False, repr=False)
    option_wins: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return tuple(estimate.contract for estimate in self.estimates)

    @property
    def classic(self) -> bool:
        return self.settings.classic

    def estimate(self, contract) -> ContractEstimate:
        """The estimate of ``contract`` (a Contract or its bid text)."""
        for estimate in self.estimates:
            if estimate.contract == contract or str(estimate.contract) == str(contract):
                return estimate
        analysed = ", ".join(str(c) for c in self.contracts)
        raise RulesError(f"contract {str(contract)!r} was not analysed: analysed are {analysed}")

    def to_frame(self):
        """One row per contract (the columns of :meth:`ContractEstimate.to_dict`)."""
        import pandas as pd

        return pd.DataFrame([estimate.to_dict() for estimate in self.estimates])

    def to_dict(self) -> dict:
        """``{"settings", "advice", "rows", "discard_search"}`` with plain JSON values."""
        out = {
            "settings": self.settings.to_dict(),
            "advice": self.advice.to_dict(),
            "rows": [estimate.to_dict() for estimate in self.estimates],
            "discard_search": {
                str(contract): [option.to_dict() for option in options]
                for contract, options in self.discard_search.items()
            },
        }
        if self.table is not None:
            out["table"] = self.table.to_dict()
            out["options"] = [option.to_dict() for option in self.options]
        return out

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


TOSS_UP = "toss-up"


@dataclass(frozen=True)
class Verdict:
    """Yes, no or a toss-up for one bid: its figures against the best alternative legal
    bid (a contract, or ``PASS``).

    ``by`` says what was compared: ``"net"`` (each option's net points after the rest of
    the table bids, :class:`OptionValue`), ``"p_win"`` (with a score: the chance of winning
    the game after this hand) or ``"as played"`` (no table model: bids as played, passing
    0).  ``margin`` is the bid's value minus the best alternative's, paired on the deals
    both were valued on (``margin_deals`` of them; ``margin_values`` the bid's and the
    alternative's means there), with its 95% half-width; ``yes`` says which way it
    leans, :attr:`verdict` whether it is outside that interval.  ``p_make`` .. ``ev_net``
    are the bid as played; ``option`` is the bid after the table's bids,
    ``alternatives`` the others (each with its ``deals``), ``estimated`` how each was
    estimated.
    """

    contract: Contract
    yes: bool
    p_make: float
    ci_low: float
    ci_high: float
    deals: int
    ev: float
    ev_net: float
    reason: str
    best_alternative: Contract | str | None = None
    best_alternative_ev_net: float | None = None
    margin: float | None = None
    margin_ci: float | None = None
    settings: AnalysisSettings | None = None
    equivalent: tuple = ()  # alternatives that score the same as the bid on every deal compared
    compared: str | None = None  # what the bid was compared with, in words
    compared_deals: int | None = None  # the deals of the comparison (the first of the bid's deals)
    by: str = "as played"
    option: OptionValue | None = None
    alternatives: tuple[OptionValue, ...] = ()
    estimated: str | None = None
    table: TableSettings | None = None
    margin_deals: int | None = None
    margin_values: tuple[float, float] | None = None

    def alternative(self, bid) -> OptionValue | None:
        """The value of the alternative ``bid`` (a Contract, ``PASS`` or their text)."""
        return next((o for o in self.alternatives if o.bid == bid or str(o.bid) == str(bid)), None)

    @property
    def significant(self) -> bool:
        """Is the difference from the best alternative outside its 95% interval?  (True
        with nothing to differ from: the only legal bid, or every alternative scores the
        same.)"""
        return self.margin is None or abs(self.margin) > self.margin_ci

    @property
    def verdict(self) -> str:
        """ "yes" or "no" when the difference is outside its 95% interval, else "toss-up"."""
        if not self.significant:
            return TOSS_UP
        return "yes" if self.yes else "no"

    @property
    def best_bid(self):
        """The option worth the most: the bid unless the best alternative beats it (the
        option marked as the advice)."""
        return self.contract if self.yes else self.best_alternative

    def to_dict(self) -> dict:
        out = {
            "contract": str(self.contract),
            "verdict": self.verdict,
            "p_make": self.p_make,
            "ci_low": self.ci_low,
            "ci_high": self.ci_high,
            "deals": self.deals,
            "ev": self.ev,
            "ev_net": self.ev_net,
            "best_alternative": bid_text(self.best_alternative),
            "best_alternative_ev_net": self.best_alternative_ev_net,
            "margin": self.margin,
            "margin_ci": self.margin_ci,
            "margin_deals": self.margin_deals,
            "significant": self.significant,
            "reason": self.reason,
            "equivalent": [bid_text(bid) for bid in self.equivalent],
            "compared": self.compared,
            "compared_deals": self.compared_deals,
            "by": self.by,
        }
        if self.option is not None:
            out["option"] = self.option.to_dict()
            out["alternatives"] = [option.to_dict() for option in self.alternatives]
            out["estimated"] = self.estimated
        if self.table is not None:
            out["table"] = self.table.to_dict()
        if self.settings is not None:
            out["settings"] = self.settings.to_dict()
        return out

    def to_frame(self):
        """The verdict as one row (settings left out; the options after the table's bids
        as ``option_*`` for the bid, ``pass_*`` and ``best_alternative_*`` columns)."""
        import pandas as pd

        row = self.to_dict()
        for key in ("settings", "option", "alternatives", "table"):
            row.pop(key, None)
        if self.option is not None:
            for prefix, option in (
                ("option", self.option),
                ("pass", self.alternative("pass")),
                ("best_alternative", self.alternative(self.best_alternative)),
            ):
                if option is None:
                    continue
                values = {
                    "ev_net": option.ev_net,
                    "ev_net_ci": option.ev_net_ci,
                    "p_we_play": option.p_we_play,
                    "p_outbid": option.p_overcalled,
                    "deals": option.deals,
                }
                if option.p_win is not None:
                    values.update(p_win=option.p_win, p_win_ci=option.p_win_ci)
                row.update({f"{prefix}_{key}": value for key, value in values.items()})
        return pd.DataFrame([row])

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


__all__ = [
    "TOSS_UP",
    "Advice",
    "Analysis",
    "AnalysisSettings",
    "ContractEstimate",
    "DiscardOption",
    "Verdict",
    "bid_text",
]
