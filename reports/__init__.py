"""pandas summaries and matplotlib charts over the simulator's DataFrames; no kernels here."""
