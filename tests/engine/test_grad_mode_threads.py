"""Grad mode is per thread, as in PyTorch: a ``no_grad`` block in one thread (a window
computing a decision boundary) must not switch off the graph of a run in another (a
training loop playing live)."""
import threading

import pytest

import gradstudio.engine as engine


def _other_thread_sees(torch):
    seen = {}
    inside, leave = threading.Event(), threading.Event()

    def worker():
        inside.wait()
        x = torch.ones(2, requires_grad=True)
        seen["enabled"] = torch.is_grad_enabled()
        seen["requires_grad"] = (x * 2).requires_grad
        leave.set()

    thread = threading.Thread(target=worker)
    thread.start()
    with torch.no_grad():
        inside.set()
        leave.wait()
        seen["here"] = torch.is_grad_enabled()
    thread.join()
    return seen


def test_no_grad_in_one_thread_leaves_another_threads_graph_alone():
    assert _other_thread_sees(engine) == {"enabled": True, "requires_grad": True,
                                          "here": False}


def test_it_is_what_pytorch_does():
    torch = pytest.importorskip("torch")
    assert _other_thread_sees(engine) == _other_thread_sees(torch)
