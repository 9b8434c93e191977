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


def test_the_count_of_threads_with_grad_off_follows_every_switch():
    """``OFF_ANYWHERE`` (0: grad mode is on in every thread, so the fast path need not read
    its own thread's) counts a thread while its mode is off, nested blocks and
    ``set_grad_enabled`` included, and a thread with it off keeps the fast path from
    recording there while another thread records."""
    from gradstudio.engine._autograd.grad_mode import OFF_ANYWHERE
    x = engine.ones(2, requires_grad=True)
    assert OFF_ANYWHERE[0] == 0
    with engine.no_grad():
        assert OFF_ANYWHERE[0] == 1 and (x * 2).grad_fn is None
        with engine.no_grad():
            assert OFF_ANYWHERE[0] == 1
        with engine.enable_grad():
            assert OFF_ANYWHERE[0] == 0 and (x * 2).grad_fn is not None
        assert OFF_ANYWHERE[0] == 1
    engine.set_grad_enabled(False)
    engine.set_grad_enabled(False)
    assert OFF_ANYWHERE[0] == 1
    engine.set_grad_enabled(True)
    assert OFF_ANYWHERE[0] == 0
    seen = _other_thread_sees(engine)
    assert seen == {"enabled": True, "requires_grad": True, "here": False}
    assert OFF_ANYWHERE[0] == 0
