"""The exact double-dummy solver for 4- and 6-seat tables.

``position`` the packed position at a trick boundary and the search's frame layout;
``bounds`` cheap bounds at trick boundaries and on settled tricks; ``transposition`` the
transposition table; ``order`` move ordering and equivalent cards; ``search`` the
search and its entry points (``dd_solve_range``, ``dd_solve_position``).

numba's own inlining (``inline="always"``) is kept for helpers called from one place on
the search's path (``dd_enter`` and what it alone calls): each is typed once either
way, and as calls they slowed the search.  A helper called from several places is a
plain call, which LLVM still inlines where it pays: inlined by numba, its body was typed
again at every call site, which multiplied the solver's compile time.
"""
