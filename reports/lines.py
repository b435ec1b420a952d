"""How wide a text report may be, and long lines made to fit.

Every command's text output fits in :func:`line_width` columns: 80, or ``$COLUMNS``
when the shell sets it (a narrower or a wider terminal).  Tables are laid out to fit 80
columns; prose (settings, notes, reasons) is wrapped at spaces by :func:`fit`, never
cut, so a card, a bid or one of a variant's options stays whole and can be copied
(:func:`variant_text` writes a variant so that it wraps between its options).
"""

from __future__ import annotations

import os
import textwrap

WIDTH = 80
NARROWEST = 40  # a $COLUMNS below this is not a terminal's width worth wrapping to


def line_width() -> int:
    """The columns a report may use: ``$COLUMNS`` when it is a sensible number, else 80."""
    text = os.environ.get("COLUMNS", "")
    if text.strip().isdigit() and int(text) >= NARROWEST:
        return int(text)
    return WIDTH


def fit(line: str, width: int | None = None, indent: str = "    ") -> str:
    """``line`` as it is if it fits, else wrapped at spaces with later lines indented
    (each line of a text already broken into lines on its own)."""
    width = width or line_width()
    if "\n" in line:
        return "\n".join(fit(part, width, indent) for part in line.split("\n"))
    line = line.rstrip()
    if len(line) <= width:
        return line
    return "\n".join(
        textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    )


def fill(text: str, width: int | None = None, indent: str = "  ") -> str:
    """A paragraph wrapped to the width, later lines indented by ``indent``."""
    return textwrap.fill(
        text, width or line_width(), subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )


def variant_text(variant) -> str:
    """A variant with all its options as the command line reads it: whole when it fits
    a line, else with a space after each comma, so that it wraps between options (the
    command line reads it back either way)."""
    text = str(variant)
    return text if len(text) <= line_width() - 8 else text.replace(",", ", ")


__all__ = ["WIDTH", "fill", "fit", "line_width", "variant_text"]
