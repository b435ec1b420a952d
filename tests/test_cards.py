"""Card parsing and formatting at the Python edge."""

import pytest

from euchre_mc.simulate.rules.cards import CardError, faces_to_mask, format_card, parse_card, parse_cards


@pytest.mark.parametrize(
    "text,expected", [("JH", "JH"), ("10S", "TS"), ("ts", "TS"), ("t♠", "TS"), ("a♥", "AH"), ("9c", "9C")]
)
def test_card_spellings(text, expected):
    assert format_card(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["1H", "JX", "", "JHH", "11S"])
def test_unknown_card_named_in_error(text):
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


def test_third_copy_rejected():
    with pytest.raises(CardError, match="JH 3 times"):
        parse_cards("JH JH JH 9S", copies=2)


def test_second_copy_rejected_in_single_deck():
    with pytest.raises(CardError, match="once"):
        parse_cards("JH JH", copies=1)


def test_both_copies_sit_side_by_side():
    jack_of_hearts = parse_card("JH")
    assert faces_to_mask([jack_of_hearts, jack_of_hearts]) == 3 << (2 * jack_of_hearts)
