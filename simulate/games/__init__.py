"""Whole games to the target score, their results and tuning, and match equity."""
