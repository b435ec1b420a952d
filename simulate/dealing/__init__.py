"""Who holds what: seeded deals, the unseen cards a player cannot see, constraints on
them (known cards, voids, suit lengths), what each seat knows as play begins, and strong
hands dealt on purpose.
"""
