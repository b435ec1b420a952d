"""Bit helpers (popcount, lowest / highest / n-th set bit) and the seeded random streams.

The bit helpers compile to single LLVM instructions; with ``NUMBA_DISABLE_JIT=1`` they
are plain Python.  Randomness: every random kernel takes an explicit uint64 seed; item
``i`` of a run uses the splitmix64 stream ``stream_state(seed, salt, i)``, so results
never depend on threads or chunks.  ``SALT_DEAL``, ``SALT_PLAY`` and ``SALT_PIMC`` keep the
dealing, the play and the PIMC streams of one seed apart.
"""

import numpy as np
from numba import config

from .jit import njit
from .rankings import ONE

if config.DISABLE_JIT:

    def popcount(x):
        return int(x).bit_count()

    def lowest_bit(x):
        x = int(x)
        return (x & -x).bit_length() - 1

    def highest_bit(x):
        return int(x).bit_length() - 1

else:
    from numba.core import types
    from numba.core.extending import intrinsic
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

    @intrinsic
    def _ctpop(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return types.int64(types.uint64), codegen

    @njit(inline="always")
    def popcount(x):
        return _ctpop(np.uint64(x))

    @njit(inline="always")
    def lowest_bit(x):
        return np.int64(trailing_zeros(np.uint64(x)))

    @njit(inline="always")
    def highest_bit(x):
        return np.int64(63 - leading_zeros(np.uint64(x)))


@njit(cache=True)
def nth_bit(mask, n):
    """Index of the n-th lowest set bit of ``mask`` (n counts from 0)."""
    for _ in range(n):
        mask &= mask - ONE
    return lowest_bit(mask)


@njit(cache=True)
def mix64(z):
    """The splitmix64 finaliser: a bijective scramble of 64 bits."""
    z = np.uint64(z)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_state(seed, salt, index):
    """Start of the random stream for item ``index`` of a run: a pure function of its inputs."""
    return mix64(mix64(np.uint64(seed) ^ np.uint64(salt)) + np.uint64(index))


@njit(cache=True)
def next_random(state, bound):
    """Advance a splitmix64 state; return (new state, uniform int in [0, bound))."""
    state = state + np.uint64(0x9E3779B97F4A7C15)
    value = mix64(state) >> np.uint64(32)
    return state, np.int64((value * np.uint64(bound)) >> np.uint64(32))


SALT_DEAL = 0x5EED0001


SALT_PLAY = 0x5EED0002


# PIMC decision ``k`` of a deal (k < 64: trick * seats + place in the trick) draws its
# worlds from the stream ``(seed, SALT_PIMC + k, deal)``.
SALT_PIMC = 0x5EED0100
# The streams of the pilot that points a rare bidder's proposal (kernels.proposal).
SALT_PILOT = SALT_PIMC + (1 << 32)


@njit(cache=True)
def next_unit(state):
    """Advance a splitmix64 state; return (new state, uniform float in [0, 1), 53 bits)."""
    state = state + np.uint64(0x9E3779B97F4A7C15)
    return state, np.float64(mix64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
