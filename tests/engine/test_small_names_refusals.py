"""What the engine refuses, in plain words, where it cannot do what PyTorch does:
``is_inference()`` once an ``inference_mode()`` block ran (the engine does not mark
inference tensors), and a graph recorded through ``is_grads_batched=True``. Each runs in
a fresh process, since the first refusal depends on what ran before."""
import subprocess
import sys
from textwrap import dedent


def _run(code):
    done = subprocess.run([sys.executable, "-c", dedent(code)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_is_inference_refuses_after_inference_mode():
    out = _run("""
        import gradstudio.engine as torch
        a = torch.ones(2)
        print(a.is_inference())
        with torch.inference_mode(False):
            pass
        print(a.is_inference())
        with torch.inference_mode():
            b = torch.ones(2)
        try:
            b.is_inference()
        except RuntimeError as e:
            print(e)
    """)
    assert out.splitlines() == [
        "False", "False", "is_inference() cannot answer after torch.inference_mode() was "
        "used: the engine does not mark the tensors made inside it as inference tensors."]


def test_batched_grad_refuses_to_record_a_graph():
    out = _run("""
        import gradstudio.engine as torch
        x = torch.tensor([1., 2.], requires_grad=True)
        try:
            torch.autograd.grad(x ** 2, x, torch.eye(2), is_grads_batched=True,
                                create_graph=True)
        except RuntimeError as e:
            print(e)
    """)
    assert "cannot record a graph through is_grads_batched=True" in out
