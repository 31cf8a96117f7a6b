"""The promises every display backend keeps (Tests/BackendContract.txt, the list EveryBackendTests
runs on X11 and Wayland), and what the cases prove of them on the bare-screen backends."""

import os

CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONTRACT = os.path.join(CHECKOUT, "Tests", "BackendContract.txt")
# The backends the QEMU stage proves: every promise must be proven on each.
BARE_BACKENDS = ("drm", "fbdev")


def promises():
    """The promises the contract lists, by name, in its order."""
    with open(CONTRACT, encoding="utf-8") as contract:
        return [line.split()[0] for line in contract if line.strip() and not line.startswith("#")]


def shortfalls(cases):
    """What the cases leave out of the contract, one sentence each: a promise no case proves on a
    bare-screen backend, a promise a case names that the contract does not list."""
    listed = promises()
    proven = {(case.backend, promise) for case in cases for promise in case.proves}
    unknown = sorted({f"{case.name} proves {promise!r}, which {os.path.relpath(CONTRACT, CHECKOUT)} does not list"
                      for case in cases for promise in case.proves if promise not in listed})
    missing = [f"no case proves {promise!r} on {backend}"
               for backend in BARE_BACKENDS for promise in listed if (backend, promise) not in proven]
    return unknown + missing
