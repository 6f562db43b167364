"""crashfix's per-test watchdog, a pytest plugin copied into the sandbox (never imported by crashfix):
a test whose set-up or call runs over CRASHFIX_TEST_TIMEOUT seconds fails with where it hung (a
TimeoutError raised inside the code that hung, so its traceback parses like any other crash)."""
import os
import signal
import threading

import pytest

MARK = "crashfix watchdog"


def _limit():
    try:
        return float(os.environ.get("CRASHFIX_TEST_TIMEOUT") or 0)
    except ValueError:
        return 0.0


def _guard():
    limit = _limit()
    if limit <= 0 or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum, frame):
        raise TimeoutError("%s stopped the test after %g s (it hangs, or is far slower than before)" % (MARK, limit))

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, limit)
    return [old]


def _release(armed):
    if armed is not None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, armed[0] if armed[0] is not None else signal.SIG_DFL)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    old = _guard()
    try:
        yield
    finally:
        _release(old)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    old = _guard()
    try:
        yield
    finally:
        _release(old)
