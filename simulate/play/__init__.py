"""Playing deals out: the play models, playouts, exact double-dummy solving, traced
deals, the ``solve --batch`` protocol and bridge positions for bridge solvers.
"""
