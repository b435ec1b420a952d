"""Ctrl-C while the command line is still loading its modules.

``euchre-mc`` stops on Ctrl-C with one line, ``interrupted``, and exit status 130
(:class:`cli.EuchreGroup`).  Before the command runs, ``cli`` imports numpy, which takes
most of a second on a busy machine; a Ctrl-C then would end Python with a traceback and
status -2.  Importing this module first holds Ctrl-C to the same line and status;
``cli`` calls :func:`release` once its modules are loaded, giving the signal back to
Python (and so to the commands' own ``KeyboardInterrupt`` handling).

Once a command runs, :func:`hold_inside_kernels` makes that KeyboardInterrupt wait for
the compiled kernel it would break.  A numba kernel calls back into Python now and then
(numba's ``_numba_unpickle`` fetches a constant or an exception), and Python runs a
signal handler at the first Python line it reaches: a KeyboardInterrupt raised there,
inside the kernel's call, ends the kernel with a ``SystemError`` and a traceback instead
of the one line and the results of the finished deals.  So the handler looks at where
it was called: inside such a call-back it raises nothing, and the KeyboardInterrupt
comes at the first Python line run outside the call-backs, once the kernel has returned
(a trace function, set only then, finds that line).  Commands cut their work into steps
of about a second, so the wait is short.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

INTERRUPTED = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT)
# the module of numba's call-backs from compiled code (found by path: numba is not
# imported before a command needs it)
_CALL_BACKS = os.path.join("numba", "core", "serialize.py")


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


def _inside_a_kernel(frame) -> bool:
    """Whether Python runs ``frame`` as a compiled kernel's call-back."""
    while frame is not None:
        if frame.f_code.co_filename.endswith(_CALL_BACKS):
            return True
        frame = frame.f_back
    return False


_waiting: list = []  # the frames told to raise the held-back Ctrl-C at their next line


def _raise_outside_kernels(frame, event, arg):
    """The tracer of a held-back Ctrl-C: silent inside call-backs, KeyboardInterrupt at
    the first line Python runs outside them (the kernel has returned)."""
    if _inside_a_kernel(frame):
        return None
    sys.settrace(None)
    for waiting in _waiting:
        waiting.f_trace = None
    _waiting.clear()
    raise KeyboardInterrupt


def _between_kernels(signum, frame):
    if not _inside_a_kernel(frame):
        raise KeyboardInterrupt
    # held back: the frames waiting for the kernel (and any new one) raise at their next line
    sys.settrace(_raise_outside_kernels)
    while frame is not None:
        if not frame.f_code.co_filename.endswith(_CALL_BACKS):
            frame.f_trace = _raise_outside_kernels
            _waiting.append(frame)
        frame = frame.f_back


def hold_inside_kernels() -> None:
    """Ctrl-C raises KeyboardInterrupt, but never inside a kernel's call-back into Python
    (see the module docstring); only Python's own handler is replaced."""
    if threading.current_thread() is threading.main_thread():
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _between_kernels)


hold()
