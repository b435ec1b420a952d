"""Ctrl-C while the command line is still loading its modules.

``euchre-mc`` stops on Ctrl-C with one line, ``interrupted``, and exit status 130
(:class:`cli.EuchreGroup`).  Before the command runs, ``cli`` imports numpy, which takes
most of a second on a busy machine; a Ctrl-C then would end Python with a traceback and
status -2.  Importing this module first holds Ctrl-C to the same line and status;
``cli`` calls :func:`release` once its modules are loaded, giving the signal back to
Python (and so to the commands' own ``KeyboardInterrupt`` handling).
"""

from __future__ import annotations

import signal
import sys
import threading

INTERRUPTED = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT)


def _while_loading(signum, frame):
    sys.stderr.write("interrupted\n")
    raise SystemExit(INTERRUPTED)


def hold() -> None:
    """Ctrl-C exits 130 from now on, unless someone else already handles it (or this is
    not the main thread, where signals cannot be set)."""
    if threading.current_thread() is threading.main_thread():
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _while_loading)


def release() -> None:
    """Python's own Ctrl-C (KeyboardInterrupt) again, if :func:`hold` set ours."""
    if signal.getsignal(signal.SIGINT) is _while_loading:
        signal.signal(signal.SIGINT, signal.default_int_handler)


hold()
