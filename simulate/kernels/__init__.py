"""The numba kernels, one module per concern.

``rankings`` the card rankings per denomination, the contract order and masks; ``bits`` bit helpers and the
seeded random streams; ``contract`` the contract-space card encoding (relabelling,
following suit, who wins a trick); ``seats`` the turn order of the seats that play;
``dealing``; ``exchange`` the gift and discard policies; ``play`` random and heuristic
play; ``dd`` the exact double-dummy solver.  Callers import from the concern module.

Kernel modules take ``njit`` from ``jit``, which makes numba's on-disk cache of every
kernel depend on all of this package's sources (numba alone sees only the file defining
a kernel).  ``rankings`` and this package import no numba, so the rules can use the
encoding's constants without loading it.
"""
