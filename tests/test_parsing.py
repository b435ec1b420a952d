"""Round trips of the text forms: cards, hands, deals, contracts and bids, auctions, variants."""

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_mc.simulate.dealing.deal import parse_deal
from euchre_mc.simulate.rules.auction import format_auction, parse_auction
from euchre_mc.simulate.rules.cards import (
    RANKS,
    SUITS,
    faces_to_mask,
    format_card,
    format_cards,
    mask_to_faces,
    parse_card,
    parse_cards,
)
from euchre_mc.simulate.rules.contracts import PASS, all_contracts, format_bid, parse_bid, parse_contract
from euchre_mc.simulate.rules.variants import SPECS, Variant

faces = st.integers(0, 23)
SYMBOLS = dict(zip(SUITS, "♣♦♥♠"))


@st.composite
def card_spellings(draw):
    """A face and one of the ways a user may write it."""
    face = draw(faces)
    rank, suit = RANKS[face % 6], SUITS[face // 6]
    rank = (
        draw(st.sampled_from(["10", "T", "t"]))
        if rank == "T"
        else draw(st.sampled_from([rank, rank.lower()]))
    )
    suit = draw(st.sampled_from([suit, suit.lower(), SYMBOLS[suit]]))
    return face, rank + suit


@given(card_spellings())
def test_any_spelling_of_a_card_parses_to_its_face(spelled):
    face, text = spelled
    assert parse_card(text) == face
    assert parse_card(format_card(face)) == face


@st.composite
def double_deck_hands(draw):
    """A hand of up to 8 cards with at most two copies of a face."""
    counts = draw(st.lists(st.integers(0, 2), min_size=24, max_size=24))
    hand = [face for face, count in enumerate(counts) for _ in range(count)][:8]
    return draw(st.permutations(hand))


@given(double_deck_hands(), st.sampled_from([" ", ", ", ",", "  "]))
def test_hand_text_round_trips(hand, separator):
    text = separator.join(format_card(f) for f in hand)
    assert sorted(parse_cards(text)) == sorted(hand)
    assert parse_cards(format_cards(hand)) == sorted(hand)
    assert mask_to_faces(faces_to_mask(parse_cards(text))) == sorted(hand)


@given(st.permutations([f for f in range(24) for _ in range(2)]))
def test_deal_text_round_trips(deck):
    hands = [sorted(deck[8 * s : 8 * s + 8]) for s in range(6)]
    text = " / ".join(format_cards(h) for h in hands)
    masks = parse_deal("pigs-and-hogs", text, dealt=True)
    assert [mask_to_faces(m) for m in masks] == hands
    assert sum(masks) == (1 << 48) - 1  # every physical card once


@st.composite
def variants(draw):
    name = draw(st.sampled_from(list(SPECS)))
    options = {}
    for option in SPECS[name].rule_options:
        if draw(st.booleans()):
            if option.choices:
                options[option.name] = draw(st.sampled_from(option.choices))
            elif isinstance(option.default, bool):
                options[option.name] = draw(st.booleans())
            else:
                options[option.name] = draw(st.integers(option.low, option.high))
    return Variant.of(name, **options)


@given(variants())
def test_variant_text_round_trips(variant):
    assert Variant.parse(str(variant)) == variant
    assert Variant.parse(str(variant).upper()) == variant


@given(variants(), st.data())
@settings(max_examples=200)
def test_contract_text_round_trips(variant, data):
    upcard = data.draw(faces)
    contract = data.draw(st.sampled_from(all_contracts(variant, upcard)))
    text = str(contract)
    spelled = data.draw(
        st.sampled_from([text, text.lower(), text.upper(), "  " + text.replace(" ", "   ") + " "])
    )
    assert parse_contract(spelled, variant, upcard) == contract
    assert parse_bid(format_bid(contract), variant, upcard) == contract


@given(variants())
def test_pass_round_trips(variant):
    assert parse_bid(format_bid(PASS), variant) == PASS
    assert parse_bid(" PASS ", variant) == PASS


@given(
    st.sampled_from(["pigs-and-hogs", "six-handed"]),
    st.integers(0, 5),
    st.lists(st.booleans(), max_size=6),
    st.data(),
)
def test_level_auction_text_round_trips(name, dealer, choices, data):
    bids, high = [], 0
    for wants_to_bid in choices:
        higher = [c for c in all_contracts(name) if Variant.parse(name).rank(c) > high]
        if wants_to_bid and higher:
            bid = data.draw(st.sampled_from(higher))
            bids.append(bid)
            high = Variant.parse(name).rank(bid)
        else:
            bids.append(PASS)
    if len(bids) == 6 and high == 0 and Variant.parse(name).dealer_stuck:
        bids = bids[:5]  # the stuck dealer cannot pass
    assert parse_auction(format_auction(bids), name, dealer) == bids


def test_short_contract_spellings():
    assert str(parse_contract("7 Low", "pigs-and-hogs")) == "7 Low No Trump"
    assert str(parse_contract("6 high", "pigs-and-hogs")) == "6 High No Trump"
    assert str(parse_contract("Pig ♦", "pigs-and-hogs")) == "Pig Diamonds"
    assert str(parse_contract("alone low", "six-handed")) == "Alone Low No Trump"
    assert str(parse_contract("order up alone", "euchre", upcard=parse_card("9S"))) == "order up alone"
    assert str(parse_contract("call spades", "piq", upcard=parse_card("9H"))) == "call Spades"
