"""Turn order at the table: seats inside kernels are 0..N-1 (seat 1 of the rules is 0), a
team is ``seat & 1``, and ``active`` is a bit mask of the seats that play (sitting-out
seats are clear)."""

from .jit import njit


@njit(cache=True)
def next_active(seat, n_seats, active):
    """The next seat to the left that plays (seats sitting out are skipped)."""
    seat = (seat + 1) % n_seats
    while not (active >> seat) & 1:
        seat = (seat + 1) % n_seats
    return seat


@njit(cache=True)
def first_active(seat, n_seats, active):
    """``seat`` if it plays, else the next active seat to its left (who leads for it)."""
    while not (active >> seat) & 1:
        seat = (seat + 1) % n_seats
    return seat
