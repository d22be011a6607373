"""Keep a fire's two threads on one CPU while they hand a plugin call over (Linux only).

A worker parked on an idle CPU is woken through that CPU; on a VM an idle vCPU halts, so
the wake-up, and the one that hands the result back, each go through the hypervisor, and
the woken CPU then runs the next tens of µs of Python at about half speed. On the 2-vCPU
VM this was measured on, an enabled no-op fire cost 118-135 µs that way, 61 µs with the
whole process on one CPU, and 75-78 µs with the per-call pin below (README, "Reliability").

So for the length of one call the caller and its worker are pinned to the CPU the caller
is on: the handoff becomes a context switch on one CPU. The worker gives itself the
caller's own CPU set back before it runs the plugin, so plugin code, and every thread it
starts, runs with the CPUs the host thread had; the caller gets its set back when the call
returns or overruns its budget. A kernel that refuses (a container's seccomp policy, a
cpuset that changed under us) turns pinning off for the process; the call goes on
unpinned. `AGENTMEM_PIN_HANDOFF=false` turns it off from the start.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
from collections.abc import Callable, Iterable

import structlog

log = structlog.get_logger("agentmem")

CpuSet = frozenset[int]


def _load_getcpu() -> Callable[[], int] | None:
    """glibc's and musl's sched_getcpu(), called with the GIL held (it never blocks)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        getcpu = ctypes.PyDLL(None).sched_getcpu
    except (OSError, AttributeError):
        return None
    getcpu.restype = ctypes.c_int
    getcpu.argtypes = []
    return getcpu


class Pinner:
    """Pins a caller and its worker together, and undoes it; off for good after a refusal."""

    def __init__(self) -> None:
        self.getcpu = _load_getcpu()
        self.enabled = self.getcpu is not None

    def pin_pair(self, worker_tid: int | None) -> tuple[CpuSet | None, bool, bool]:
        """Pin the calling thread and `worker_tid` to the caller's CPU.

        Returns the caller's own CPU set, which the worker takes before it runs the plugin
        (None: leave the worker as it is), whether the worker was pinned, and whether the
        caller was (then `restore` it after the call). A caller already on one CPU is not
        pinned again.
        """
        if not self.enabled or worker_tid is None or self.getcpu is None:
            return None, False, False
        try:
            mask = frozenset(os.sched_getaffinity(0))
            cpu = self.getcpu()
            if len(mask) < 2 or cpu not in mask:  # on one CPU already, or getcpu failed
                return mask, False, False
            os.sched_setaffinity(worker_tid, (cpu,))
        except OSError as exc:
            self._refused(exc)
            return None, False, False
        try:
            os.sched_setaffinity(0, (cpu,))
        except OSError as exc:  # the worker is pinned; it takes `mask` back when it wakes
            self._refused(exc)
            return mask, True, False
        return mask, True, True

    def restore(self, mask: Iterable[int]) -> None:
        """Give the calling thread its CPU set back (all CPUs if that set is gone)."""
        try:
            os.sched_setaffinity(0, mask)
        except OSError as exc:  # the cpuset shrank during the call: keep what exists
            self._refused(exc)
            with contextlib.suppress(OSError):
                os.sched_setaffinity(0, range(os.cpu_count() or 1))

    def _refused(self, error: OSError) -> None:
        """Off for the rest of the process, said once (fires go on, only slower)."""
        if self.enabled:
            self.enabled = False
            log.warning("handoff_pin_off", error=str(error), setting="AGENTMEM_PIN_HANDOFF")

    @staticmethod
    def adopt(mask: Iterable[int]) -> bool:
        """On the worker: take the caller's CPU set before running its call."""
        try:
            os.sched_setaffinity(0, mask)
        except OSError:  # the plugin runs on the caller's CPU alone: slower, not wrong
            return False
        return True


PINNER = Pinner()
