"""Variants as values: canonical strings, option defaults, options that exist or not."""

import re
from pathlib import Path

import pytest

from euchre_mc.simulate.rules.variants import SPECS, RulesError, Variant, as_variant


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("pigs-and-hogs", "pigs-and-hogs(target=50)"),
        ("six-handed", "six-handed(target=50,all_pass=redeal)"),
        (
            "euchre",
            "euchre(target=10,stick_the_dealer=false,no_trump=false,farmers_hand=false,ace_no_face=false)",
        ),
        ("piq", "piq(target=10,stick_the_dealer=false)"),
    ],
)
def test_defaults_from_rules_md(text, canonical):
    assert str(Variant.parse(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "pigs-and-hogs(target=75)",
        "six-handed(all_pass=stick)",
        "EUCHRE(Stick-The-Dealer=TRUE, no_trump=on)",
        "piq(stick_the_dealer=yes)",
        "euchre(farmers_hand=true,ace_no_face=true,target=15)",
    ],
)
def test_canonical_string_round_trips(text):
    variant = Variant.parse(text)
    assert Variant.parse(str(variant)) == variant
    assert str(Variant.parse(str(variant))) == str(variant)


def test_option_values_are_typed():
    variant = as_variant("euchre(stick_the_dealer=on,target=12)")
    assert variant.rule_option("stick_the_dealer") is True and variant.target == 12


@pytest.mark.parametrize(
    "name,players,copies,hand,classic",
    [
        ("pigs-and-hogs", 6, 2, 8, False),
        ("six-handed", 6, 2, 8, False),
        ("euchre", 4, 1, 5, True),
        ("piq", 4, 1, 5, True),
    ],
)
def test_table_shapes(name, players, copies, hand, classic):
    variant = as_variant(name)
    assert (variant.players, variant.copies, variant.hand_size, variant.classic) == (
        players,
        copies,
        hand,
        classic,
    )


@pytest.mark.parametrize(
    "text,message",
    [
        ("bridge", "unknown variant 'bridge': variants are pigs-and-hogs, six-handed, euchre, piq"),
        ("piq(no_trump=true)", "unknown option 'no_trump' for piq: options are target, stick_the_dealer"),
        ("six-handed(all_pass=maybe)", "allowed values are redeal, stick"),
        ("euchre(target=0)", "allowed is a whole number from 1 to 1000"),
        ("euchre(stick_the_dealer=perhaps)", "allowed values are true or false"),
        ("euchre(target)", "write name=value"),
    ],
)
def test_bad_variant_text_is_named(text, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Variant.parse(text)


def test_no_behaviour_branches_on_a_variant_name_outside_the_variant_definitions():
    # Rules are data of the VariantSpec: comparing a variant's name to a literal name
    # anywhere else would be a second place to change when a variant is added.
    root = Path(__file__).resolve().parent.parent
    sources = [
        root / "cli.py",
        *sorted((root / "simulate").rglob("*.py")),
        *sorted((root / "reports").rglob("*.py")),
    ]
    names = "|".join(re.escape(name) for name in SPECS)
    branch = re.compile(rf"""name\s*(==|!=|in)\s*[(\[{{]?\s*["']({names})["']|["']({names})["']\s*(==|!=)""")
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sources
        if path.name != "rules.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []
