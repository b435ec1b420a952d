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
it was called: inside such a call-back it raises nothing and holds the Ctrl-C.  The
work's steps end with :func:`raise_if_held`, which raises it between kernels, and a
thread signals again every :data:`RETRY` seconds, which raises it at any Python line
outside the call-backs (a kernel holds the interpreter, so that thread runs only once
Python does).  Commands cut their work into steps of about a second, so the wait is
short.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import threading
import time

INTERRUPTED = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT)
RETRY = 0.1  # seconds between the signals again of a Ctrl-C held back inside a kernel
# the module of numba's call-backs from compiled code (found by path: numba is not
# imported before a command needs it)
_CALL_BACKS = os.path.join("numba", "core", "serialize.py")


def _while_loading(signum, frame):
    # os._exit, not SystemExit: an import that catches everything (a bare except in a
    # library) would swallow SystemExit and run the command on; nothing is loaded yet
    # that needs tidying away
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(INTERRUPTED)


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


_held = threading.Event()  # a Ctrl-C came inside a kernel's call-back and is not yet raised
# one entry for each signal again sent and not yet handled (list.append and pop are atomic)
_sent_again: list[bool] = []


def _between_kernels(signum, frame):
    try:
        again = _sent_again.pop()
    except IndexError:
        again = False
    if again and not _held.is_set():
        # a signal again that crossed the step's end: raise_if_held raised the Ctrl-C
        # already, and a second KeyboardInterrupt would break its "interrupted" exit
        return
    if not _inside_a_kernel(frame):
        _held.clear()
        raise KeyboardInterrupt
    if not _held.is_set():
        _held.set()
        threading.Thread(target=_signal_again, daemon=True, name="euchre-mc-ctrl-c").start()


def _signal_again() -> None:
    # the kernel holds the interpreter: this thread runs, and the signal comes again, only
    # once Python runs (after the kernel, or in its next call-back: then it is held again)
    while _held.is_set():
        time.sleep(RETRY)
        if _held.is_set():
            _sent_again.append(True)
            _thread.interrupt_main(signal.SIGINT)


def raise_if_held() -> None:
    """A step's end, between kernels: raise the Ctrl-C held back inside a kernel, if any."""
    if _held.is_set():
        _held.clear()
        raise KeyboardInterrupt


def hold_inside_kernels() -> None:
    """Ctrl-C raises KeyboardInterrupt, but never inside a kernel's call-back into Python
    (see the module docstring); only Python's own handler is replaced."""
    if threading.current_thread() is threading.main_thread():
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _between_kernels)


def ignore() -> bool:
    """Ctrl-C does nothing from now on (a command that has finished, exiting), if
    :func:`hold_inside_kernels` set the handler.  Returns whether a Ctrl-C came and was
    held to the end (its command finished before a step's end could raise it)."""
    if signal.getsignal(signal.SIGINT) is _between_kernels:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return _held.is_set()


hold()
