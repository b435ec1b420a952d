"""What the game is: cards, the four variants as values, contracts and bids, scoring,
the auction and the exchanges between the auction and the play.
"""
