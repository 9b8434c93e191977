"""The tracer observes the engine and never patches it: after a script that uses every
kind of call the tracer handles, every attribute of every engine module and class is the
object it was before; and the observer costs nothing but a test when nobody listens."""
import subprocess
import sys
import textwrap

import gradstudio.engine as torch
from gradstudio.engine import observer

_SCRIPT = textwrap.dedent('''
    import gradstudio.engine as engine, importlib, inspect, json, pkgutil, sys

    def snapshot():
        state = {}
        for info in pkgutil.walk_packages(engine.__path__, "gradstudio.engine."):
            importlib.import_module(info.name)
        for name, mod in list(sys.modules.items()):
            if name == "gradstudio.engine" or name.startswith("gradstudio.engine."):
                for key, value in vars(mod).items():
                    state[(name, key)] = id(value)
                    if inspect.isclass(value) and value.__module__.startswith(("torch", "gradstudio.engine")):
                        for k, v in vars(value).items():
                            state[(name, key, k)] = id(v)
        return state

    before = snapshot()
    from gradstudio.trace.child import trace_source
    source = """
    import torch
    torch.manual_seed(1)
    w = torch.randn(3, requires_grad=True)
    x = torch.tensor([1.0, 2.0, 3.0])
    m = x.reshape(3, 1) @ x.reshape(1, 3)
    loss = torch.nn.functional.cross_entropy(m, torch.tensor([0, 1, 2])) + (w * x).sum()
    loss.backward()
    print(w.grad, w.requires_grad, loss.grad_fn, m[0, 1:], torch.where(x > 1, x, x * 2))
    g = torch.autograd.grad((w ** 2).sum(), w)
    with torch.no_grad():
        v = w * 2
    w.grad.zero_()
    w.grad = None
    d = w.detach().data
    a, b = x.split(2)
    n = (x * 2).sum().item()
    """
    result = trace_source(source, "<script>", record_values=True)
    assert result["ok"], result
    after = snapshot()
    changed = sorted(str(k) for k in before if k in after and before[k] != after[k])
    print(json.dumps({"changed": changed, "nodes": len(result["nodes"]),
                      "actions": [a["kind"] for a in result["actions"]]}))
''')


def test_tracing_changes_nothing_in_the_engine():
    out = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    import json
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["changed"] == []
    assert [a for a in report["actions"] if a != "say"] == [
        "backward", "grad", "zero_grad", "set_grad_none"]
    assert report["nodes"] > 10


def test_a_listener_sees_ops_and_calls_and_is_removed_after():
    seen = []

    class Spy(observer.Listener):
        def op(self, op, operands, params, out):
            seen.append(("op", op.name))

        def call(self, name, func, args, kwargs):
            seen.append(("call", name))
            return func(*args, **kwargs)

    x = torch.ones(2, requires_grad=True)
    with observer.listen(Spy()):
        y = (x * 2) @ x
        y.backward()
    assert ("op", "mul") in seen and ("call", "Tensor.matmul") in seen
    assert ("call", "Tensor.backward") in seen
    assert seen.index(("call", "Tensor.matmul")) < seen.index(("op", "dot"))
    assert observer.LISTENER is None
    count = len(seen)
    (x * 3).sum()
    assert len(seen) == count


def test_one_listener_at_a_time():
    with observer.listen(observer.Listener()):
        try:
            with observer.listen(observer.Listener()):
                pass
        except RuntimeError as e:
            assert "already" in str(e)
        else:
            raise AssertionError("a second listener was accepted")
    assert observer.LISTENER is None


def test_marked_numbers_compute_as_plain_numbers():
    """A float subclass (the tracer's marked numbers) computes like the float it is:
    numpy alone would make it a float64 array."""
    class Marked(float):
        pass
    got = []

    class Spy(observer.Listener):
        def op(self, op, operands, params, out):
            got.append(operands[1])

    x = torch.tensor([0.1, 0.2, 0.3])
    plain = x * 0.7
    with observer.listen(Spy()):
        marked = x * Marked(0.7)
    assert type(got[0]) is Marked
    assert torch.equal(plain, marked) and marked.dtype == torch.float32
