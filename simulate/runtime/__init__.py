"""Where work runs: chunks in process, in a pool of worker processes or on Dask, and
compiling the numba kernels ahead of use.
"""
