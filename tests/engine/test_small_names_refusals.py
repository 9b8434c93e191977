"""What the engine refuses, in plain words, where it cannot do what PyTorch does: a graph
recorded through ``is_grads_batched=True``, ``F.pad`` in a mode other than 'constant'.
Runs in a fresh process. (``is_inference()``
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


def test_pad_refuses_modes_other_than_constant():
    out = _run("""
        import gradstudio.engine as torch
        for mode in ("reflect", "replicate", "circular"):
            try:
                torch.nn.functional.pad(torch.ones(1, 2, 3), (1, 1), mode=mode)
            except NotImplementedError as e:
                print(e)
    """)
    assert out.splitlines() == [
        f"GradStudio's engine pads only with mode='constant', not mode='{mode}' yet; pad "
        "with torch.cat of slices instead." for mode in ("reflect", "replicate", "circular")]
