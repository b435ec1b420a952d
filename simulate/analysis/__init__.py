"""One hand analysed: the question, the deals, every contract played out, the options
valued after the table has bid, advice and verdicts as typed results.
"""
