"""Benchmarks: fixed seeded corpora, one runner (``python -m benchmarks.run``), results."""
