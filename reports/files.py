"""Writing what reports make: one place that checks a chart's or file's path first.

A chart path with an extension matplotlib cannot write, or a place that cannot be
written (a read-only folder, ``/sys``, a missing directory), is an :class:`OutputError`
naming the path and what is allowed, which the command line shows as one line with exit
status 2 instead of a traceback.
"""

from __future__ import annotations

from pathlib import Path


class OutputError(ValueError):
    """A file that cannot be written where or as asked."""


def chart_formats() -> list[str]:
    from matplotlib.backend_bases import FigureCanvasBase

    return sorted(FigureCanvasBase.get_supported_filetypes())


def check_chart_path(path) -> Path:
    """Refuse, before any work, a chart path whose format or folder cannot be written."""
    path = Path(path)
    formats = chart_formats()
    if path.suffix.lower().lstrip(".") not in formats:
        raise OutputError(
            f"chart file {str(path)!r}: the extension {path.suffix or '(none)'} is not a chart format; "
            f"use one of {', '.join('.' + f for f in formats)}"
        )
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"chart file {str(path)!r}: the folder {str(folder)!r} does not exist")
    return path


def save_figure(figure, path, dpi: int = 110) -> Path:
    """Write ``figure`` to ``path`` in the format its extension names."""
    path = check_chart_path(path)
    try:
        figure.savefig(path, dpi=dpi)
    except OSError as error:
        raise OutputError(f"chart file {str(path)!r} cannot be written: {error.strerror or error}") from None
    return path


def write_text(path, text: str) -> Path:
    """Write ``text`` to ``path``; a place that cannot be written is an OutputError."""
    path = Path(path)
    try:
        path.write_text(text)
    except OSError as error:
        raise OutputError(f"file {str(path)!r} cannot be written: {error.strerror or error}") from None
    return path


def make_folder(path) -> Path:
    """Make folder ``path`` (its parent must exist); a file in its place, or a parent that
    cannot be written, is an OutputError."""
    path = Path(path)
    try:
        path.mkdir(exist_ok=True)
    except FileExistsError:
        raise OutputError(f"folder {str(path)!r} cannot be made: a file of that name is in the way") from None
    except OSError as error:
        raise OutputError(f"folder {str(path)!r} cannot be made: {error.strerror or error}") from None
    return path


__all__ = ["OutputError", "chart_formats", "check_chart_path", "make_folder", "save_figure", "write_text"]
