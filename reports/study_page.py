"""The page a study's reader opens: ``index.html``, built from the study's charts and
summary tables (:func:`reports.study_charts.build_study_reports` writes it)."""

from __future__ import annotations

import html

from ..simulate.study_store import StudyParams
from .study_summary import study_title


def index_page(params: StudyParams, rows: int, images, tables) -> str:
    """The study's ``index.html``: its charts (``images``, paths relative to the study) and
    its summary tables."""
    title = html.escape(study_title(params, rows))
    parts = [
        "<!doctype html>",
        "<html><head><meta charset='utf-8'>",
        f"<title>{title}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:12px}"
        "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}img{max-width:100%}</style>",
        "</head><body>",
        f"<h1>{title}</h1>",
        f"<p>Chunk size {params.chunk_size}; rows in <code>rows/</code>, columns in "
        "<a href='schema.md'>schema.md</a>, tables as CSV in <code>summary/</code> and "
        "<a href='summary/summary.md'>summary.md</a>.</p>",
    ]
    for image in images:
        parts.append(f"<h2>{html.escape(image.stem)}</h2><img src='{html.escape(str(image))}'>")
    for name, table in tables.items():
        parts.append(f"<h2>{html.escape(name)}</h2><p><a href='summary/{name}.csv'>{name}.csv</a></p>")
        parts.append(table.to_html(index=False, float_format=lambda v: f"{v:.3f}", na_rep=""))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
