"""The text of ``euchre-mc rules``: a variant's figures, its rules summary and its options."""

from __future__ import annotations

import textwrap

from .lines import fit, line_width, variant_text


def format_rules(variant) -> str:
    """The variant with its options, its sizes, the summary wrapped to the report width
    (:func:`~.lines.line_width`), and each option with its value, default and meaning."""
    spec = variant.spec
    # the summary's own line breaks are kept, as click's wrap_text keeps them
    wrapper = textwrap.TextWrapper(line_width(), replace_whitespace=False)
    lines = [
        fit(variant_text(variant)),
        f"players {spec.players}, deck {24 * spec.copies} cards, hand {spec.hand_size}, "
        f"kitty {spec.kitty}, game to {variant.target}",
        "",
        wrapper.fill(spec.summary.expandtabs()),
        "",
        "options (name = value [default]: meaning):",
    ]
    for option, (_, value) in zip(spec.rule_options, variant.rule_options):
        lines.append(
            fit(f"  {option.name} = {option.format(value)} [{option.format(option.default)}]: {option.help}")
        )
    return "\n".join(lines) + "\n"


__all__ = ["format_rules"]
