"""The exact double-dummy solver for 4- and 6-seat tables.

``position`` the packed position at a trick boundary and the search's frame layout;
``bounds`` cheap bounds at trick boundaries and on settled tricks; ``transposition`` the
transposition table; ``order`` move ordering and equivalent cards; ``search`` the
search and its entry points (``dd_solve_range``, ``dd_solve_position``).
"""
