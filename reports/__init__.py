"""Summaries of results: text tables, JSON and CSV records (``tables``) and matplotlib
figures (``charts``).  Reports take DataFrames and return text or figures; they never
call the kernels.
"""
