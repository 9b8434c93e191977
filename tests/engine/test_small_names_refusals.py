"""What the engine refuses, in plain words, where it cannot do what PyTorch does: a graph
recorded through ``is_grads_batched=True``. Runs in a fresh process. (``is_inference()``
is answered as PyTorch does: ``test_parity_issue31_gaps.py``.)"""
import subprocess
import sys
from textwrap import dedent


def _run(code):
    done = subprocess.run([sys.executable, "-c", dedent(code)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


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
