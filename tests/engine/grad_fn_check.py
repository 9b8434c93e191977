"""Every grad_fn alive after a program explains itself (``inspect.derivative``): the check
``test_derivative_formulas.py::test_every_node_of_many_programs_explains_itself`` makes,
made by the parity runner's engine side after each program it runs anyway (issue 30: the
parity programs used to run a second time under the engine, in a process of their own,
only for this check).

``Watch`` lives in a fork of the engine runner for one request: ``start()`` checks what
exists before the first program and freezes it out of the collector's generations (so each
program's search walks only its own objects, not every module and table of the engine),
``after_program()`` checks every ``Node`` the collector tracks while the program's names
are still alive (reached from a tensor or not), and ``collect()`` frees the program's
garbage before the next one.
"""
import gc
import warnings

__all__ = ["Watch", "alive_report"]


def _problem(raw, node):
    """What is wrong with ``inspect.derivative(node)``, or None."""
    d = raw.derivative(node)
    if not isinstance(d, raw.Derivative) or d.name != type(node).__name__:
        return f"{type(node).__name__}: {d!r}"
    if d.accumulate:
        return None if d.inputs == () and d.formulas == (raw.ACCUMULATE,) else repr(d)
    nf = node.next_functions
    if not len(d.inputs) == len(d.formulas) == len(nf):
        return f"{d.name}: {len(nf)} edges, {d!r}"
    for (fn, _), f in zip(nf, d.formulas):
        if (fn is None) != (f is None) or (f is not None and not (isinstance(f, str) and f)):
            return f"{d.name}: {d.formulas} for {[n is not None for n, _ in nf]}"
    return None


def alive_report():
    """``{"nodes": n, "names": [...], "failures": [...]}`` for every grad_fn node the
    collector tracks now (frozen objects are not tracked)."""
    from gradstudio.engine import inspect as raw
    from gradstudio.engine._autograd.nodes import Node
    count, names, failures = 0, set(), []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for obj in gc.get_objects():
            if isinstance(obj, Node):
                count += 1
                names.add(type(obj).__name__)
                try:
                    problem = _problem(raw, obj)
                except Exception as e:  # noqa: BLE001 (reported as a failure)
                    problem = f"{type(obj).__name__}: {type(e).__name__}: {e}"
                if problem:
                    failures.append(problem)
    return {"nodes": count, "names": sorted(names), "failures": failures[:50]}


class Watch:
    """The check around each program of one request, in the engine runner's fork."""

    def start(self):
        """What exists before the first program, checked once, then frozen."""
        gc.collect()
        report = alive_report()
        gc.freeze()
        return report

    @staticmethod
    def after_program():
        return alive_report()

    @staticmethod
    def collect():
        gc.collect()
