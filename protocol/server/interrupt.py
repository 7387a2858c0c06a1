"""Ctrl-C ends a command (perft, bench, analyse, match, selfplay, train) at once, with exit
code 130; a SIGTERM (`kill`, a job scheduler, a service manager) ends it the same way with 143.

Python runs a SIGINT handler only between bytecodes of the main thread, so while the main
thread sits in a numba kernel (a perft of depth 8 is one call per root move) KeyboardInterrupt
waits for the kernel to return, minutes later; and after it, interpreter shutdown still joins
the non-daemon threads (a search, a game pool) that are busy in kernels of their own.

What does react at once is Python's C-level signal handler: it writes the signal number to
the wakeup fd. A watchdog thread blocked on that fd wakes (our kernels release the GIL, so it
can run), ends the engine processes this command started, flushes stdout and stderr and calls
os._exit(130). os._exit, not sys.exit: nothing can stop a thread inside a kernel, and a normal
exit would wait for it.

The watchdog acts only while a signal still has our handler: a command that installs its own
(the protocol loop, which under XBoard must survive SIGINT) keeps full control. SIGTERM gets
the same cleanup as Ctrl-C: without it a killed self-play run left its worker processes to
print a traceback each (broken pipe) and a killed match left its engines to notice alone.
"""
from __future__ import annotations

import os
import signal
import sys
import threading

EXIT_CODE = 130  # 128 + SIGINT, what shells report for a command ended by Ctrl-C
TERMINATED_EXIT_CODE = 128 + signal.SIGTERM   # 143, for a command ended by SIGTERM

_cleanups: list = []
_exiting = threading.Lock()


def at_interrupt(cleanup) -> None:
    """Run ``cleanup()`` (quickly, from the watchdog thread) before exiting on Ctrl-C."""
    _cleanups.append(cleanup)


def install() -> bool:
    """Arm the watchdog; False where it cannot be (not the main thread, no wakeup fd)."""
    try:
        read_fd, write_fd = os.pipe()
        os.set_blocking(write_fd, False)   # the C handler must never block on a full pipe
        signal.set_wakeup_fd(write_fd)
        signal.signal(signal.SIGINT, _raise_keyboard_interrupt)
        signal.signal(signal.SIGTERM, _exit_terminated)
    except (ValueError, OSError):
        return False
    threading.Thread(target=_watch, args=(read_fd,), name="ctrl-c", daemon=True).start()
    return True


def _raise_keyboard_interrupt(signum, frame):
    # The default handler's behaviour, under a name the watchdog can recognise.
    raise KeyboardInterrupt


def _exit_terminated(signum, frame):
    # Nothing in the main thread (where the cleanups' own locks may be held): the C handler
    # has woken the watchdog, which ends the process.
    pass


def _watch(read_fd: int) -> None:
    while True:
        try:
            received = os.read(read_fd, 64)
        except InterruptedError:
            continue
        if not received:
            return
        if signal.SIGINT in received and signal.getsignal(signal.SIGINT) is _raise_keyboard_interrupt:
            exit_now()
        if signal.SIGTERM in received and signal.getsignal(signal.SIGTERM) is _exit_terminated:
            exit_now(TERMINATED_EXIT_CODE)


def exit_now(code: int = EXIT_CODE) -> None:
    """Flush what was printed, clean up what must not outlive us, and exit with ``code``.
    A second caller (both signals at once) waits for the first, whose os._exit ends both."""
    _exiting.acquire()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed or broken stream: nothing left to save
            pass
    # From here on other threads only see the ends of what we are killing (a game whose engine
    # died, a future that failed): nothing of it is worth printing before the exit.
    sys.stdout = sys.stderr = open(os.devnull, "w")
    for cleanup in _cleanups:
        try:
            cleanup()
        except Exception:  # noqa: BLE001 - exiting anyway; one failed cleanup must not block it
            pass
    os._exit(code)
