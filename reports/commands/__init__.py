"""The command line's commands, grouped by job: analysis (analyse, should-i-bid, demo),
cards (best-card, best-discard, best-gift), solver (rules, playout, solve, compile),
studies (study, chart) and games (games, tune, match-equity); ``shared`` holds what
they share.  ``cli.py`` registers them on the root group.
"""
