"""The check of a traced script reads every recorded node's state at its step and at the
end in one pass per step (``RunResult.states``), not one call per node and per
comparison, and makes a node's name only for a message: a 4,000-line script's check
spent a fifth of its time there. Its verdicts and messages are the same
(``test_trace.py``, ``test_trace_drawon.py``)."""
import json
import sys

from gradstudio.document import _trace_check, model, run_state
from gradstudio.document._trace_check import check_trace
from gradstudio.document.trace import _build
from gradstudio.trace.child import trace_source

def script(n):
    return "\n".join(["import torch", "w = torch.ones(3, requires_grad=True)", "y0 = w"] +
                     [f"y{i} = y{i - 1} * 1.5" for i in range(1, n + 1)] +
                     [f"y{n}.sum().backward()"]) + "\n"


def _counted(monkeypatch, cls, name, calls):
    """Counts the calls of ``cls.name`` made by the check itself (the run it makes names
    every node for its own states, once)."""
    real = getattr(cls, name)

    def counting(self, *a, **k):
        if sys._getframe(1).f_globals["__name__"] == _trace_check.__name__:
            calls[name] = calls.get(name, 0) + 1
        return real(self, *a, **k)
    monkeypatch.setattr(cls, name, counting)


def _traced_here(source):
    """The tracer's result for ``source``, traced in this process; ``sys.modules`` as it
    was after (the tracer installs the engine as ``torch`` for the script, which the later
    tests' real torch must not meet)."""
    saved = dict(sys.modules)
    try:
        return json.loads(json.dumps(trace_source(source, record_values=True)))
    finally:
        for name in [k for k in sys.modules if k not in saved]:
            del sys.modules[name]
        sys.modules.update(saved)


def _check_calls(monkeypatch, n):
    source = script(n)
    data = _traced_here(source)
    doc, ids = _build(data)
    assert len(doc.node_ids) >= n
    calls = {}
    with monkeypatch.context() as m:
        _counted(m, run_state.RunResult, "state", calls)
        _counted(m, run_state.RunResult, "states", calls)
        _counted(m, model.Document, "display_name", calls)
        check_trace(doc, data, ids, source)            # (no difference: returns)
    return calls


def test_the_check_reads_the_states_in_one_pass_and_names_nothing(monkeypatch):
    short, long = _check_calls(monkeypatch, 20), _check_calls(monkeypatch, 80)
    assert long["states"] == short["states"] == 2    # (the nodes' step, and the end)
    # one state and name per node before: now none per node (the backward's own remain)
    assert long.get("state", 0) == short.get("state", 0) <= 1
    assert long.get("display_name", 0) == short.get("display_name", 0)


def test_tracing_here_leaves_torch_as_it_found_it():
    before = sys.modules.get("torch")
    _traced_here(script(2))
    assert sys.modules.get("torch") is before


def test_the_values_compared_bit_for_bit_first_tell_the_same_differences():
    """The check's comparison of a node's values (``_array_difference``): values with
    the same bits are the same without the element-wise passes; any other difference is
    found as before (a sign of zero, a NaN against a number; any NaN equals any NaN,
    since JSON keeps neither its sign nor its payload)."""
    import numpy as np

    from gradstudio.document._trace_check import _array_difference
    nan = float("nan")
    for dtype in (np.float32, np.float64):
        got = np.array([[1.5, -0.0], [nan, 3.0]], dtype=dtype)
        assert _array_difference("y", got, [[1.5, -0.0], [nan, 3.0]], (2, 2)) is None
        negative_nan = np.array([[1.5, -0.0], [-np.abs(nan), 3.0]], dtype=dtype)
        assert _array_difference("y", negative_nan, [[1.5, -0.0], [nan, 3.0]], (2, 2)) \
            is None
        zero = str(_array_difference("y", got, [[1.5, 0.0], [nan, 3.0]], (2, 2)))
        assert "y[0, 1]" in zero and "where the script computed 0" in zero
        assert "y[1, 0]" in str(_array_difference("y", got, [[1.5, -0.0], [2.0, 3.0]],
                                                  (2, 2)))
    ints = np.array([1, 2, 3], dtype=np.int64)
    assert _array_difference("i", ints, [1, 2, 3], (3,)) is None
    assert "i[2]" in str(_array_difference("i", ints, [1, 2, 4], (3,)))
