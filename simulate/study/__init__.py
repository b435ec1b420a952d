"""Batch studies: random deals as rows of features and play results, stored on disk."""
