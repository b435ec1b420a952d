"""How seats bid: strategies as data, the fast hand evaluator and its fit, hand
features, and the table model (the other seats bidding, and what their bids say).
"""
