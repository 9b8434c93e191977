"""Where the test suite's CPU time goes, module by module: a pytest plugin.

    PYTHONPATH=$PWD:$PWD/benchmarks python -m pytest -q -p suite_cpu
    SUITE_CPU_OUT=cpu.tsv ...        # also writes the table as tab-separated lines

At each test module's first test and at the end of the session it adds up the CPU time
(user + system) of pytest itself, of the children it has reaped, and of every living
descendant (``/proc``: the process's own time and its reaped children's), so the time of
the long-lived children (the shared torch runners, the tracing fork server) is given to
the module that made them work. Prints the modules by CPU, most first, with two rows of
pytest's own: ``(pytest's start-up)`` (the interpreter, pytest, its plugins and the
conftest files, before the session) and ``(collection)`` (importing the test modules,
rewriting their asserts on a first run, parametrising). A measurement,
never a test; Linux only (elsewhere it counts pytest and its reaped children alone).
"""
import os
import resource
import time

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stats():
    """``{pid: (ppid, own + reaped children's CPU seconds)}`` of every process in /proc."""
    found = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        found[int(name)] = (int(fields[1]), sum(int(v) for v in fields[11:15]) / _TICK)
    return found


def total_cpu():
    """This process's CPU seconds, its reaped children's and its living descendants'."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    stats = _stats()
    below, todo = set(), [os.getpid()]
    children = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    while todo:
        for pid in children.get(todo.pop(), ()):
            if pid not in below:
                below.add(pid)
                todo.append(pid)
    return total + sum(stats[pid][1] for pid in below)


class _Meter:
    def __init__(self):
        self.module = None
        self.mark = total_cpu()
        self.wall = time.monotonic()
        self.cpu = {}
        self.walls = {}
        self.tests = {}

    def switch(self, module):
        now, wall = total_cpu(), time.monotonic()
        if self.module is not None:
            self.cpu[self.module] = self.cpu.get(self.module, 0.0) + now - self.mark
            self.walls[self.module] = self.walls.get(self.module, 0.0) + wall - self.wall
        self.module, self.mark, self.wall = module, now, wall


_meter = None


START_UP, COLLECTION = "(pytest's start-up)", "(collection)"


def pytest_sessionstart(session):
    global _meter
    _meter = _Meter()
    # what the interpreter, pytest, its plugins and the conftest files took before the
    # session began, and (below) the collection: the modules' imports and parametrising
    _meter.cpu[START_UP] = _meter.mark
    _meter.module = COLLECTION


def pytest_runtest_logstart(nodeid, location):
    module = nodeid.split("::")[0]
    _meter.tests[module] = _meter.tests.get(module, 0) + 1
    if module != _meter.module:
        _meter.switch(module)


def pytest_sessionfinish(session):
    _meter.switch(None)


def pytest_terminal_summary(terminalreporter):
    rows = sorted(_meter.cpu.items(), key=lambda kv: -kv[1])
    total = sum(_meter.cpu.values())
    write = terminalreporter.write_line
    write(f"suite CPU (user + system, children included): {total:.1f} s in {len(rows)} "
          "modules")
    write("| module | tests | CPU s | wall s |")
    write("|---|---:|---:|---:|")
    for module, cpu in rows:
        write(f"| {module} | {_meter.tests.get(module, 0)} | {cpu:.1f} | "
              f"{_meter.walls.get(module, 0.0):.1f} |")
    out = os.environ.get("SUITE_CPU_OUT")
    if out:
        with open(out, "w") as f:
            for module, cpu in rows:
                f.write(f"{module}\t{_meter.tests.get(module, 0)}\t{cpu:.2f}\t"
                        f"{_meter.walls.get(module, 0.0):.2f}\n")
