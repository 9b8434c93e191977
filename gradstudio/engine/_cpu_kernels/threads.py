"""How many threads PyTorch's CPU kernels use (``torch.get_num_threads()``), which
decides how some kernels cut their rows between threads and so their last bits."""
import os

__all__ = ["threads", "set_threads"]


def threads():
    """The number of threads PyTorch's CPU kernels use (``torch.get_num_threads()``), as
    PyTorch picks it: ``MKL_NUM_THREADS`` or ``OMP_NUM_THREADS`` when set, else the
    physical cores this process may run on. It decides how the rows of an (N, C) input
    are cut between threads, which changes the last bits of its statistics."""
    if _THREADS:
        return _THREADS[0]
    cores = _physical_cores() or os.cpu_count() or 1
    count = None
    for var in ("MKL_NUM_THREADS", "OMP_NUM_THREADS"):
        value = os.environ.get(var, "").strip()
        if value.isdigit() and int(value) > 0:
            count = min(int(value), cores)      # (PyTorch caps it at the cores, too)
            break
    if count is None:
        count = cores
        if hasattr(os, "sched_getaffinity"):
            count = min(count, len(os.sched_getaffinity(0)))
    _THREADS.append(count)
    return count


_THREADS = []


def set_threads(count):
    _THREADS[:] = [count]


def _physical_cores():
    try:
        with open("/proc/cpuinfo") as f:
            text = f.read()
    except OSError:
        return None
    cores, package = set(), None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "physical id":
            package = value.strip()
        elif key == "core id":
            cores.add((package, value.strip()))
    return len(cores) or None
