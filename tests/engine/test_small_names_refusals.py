"""What the engine refuses, in plain words, where it cannot do what PyTorch does: a graph
recorded through ``is_grads_batched=True``, ``F.pad`` in a mode other than 'constant', ``cdist``'s matrix-product path.
Runs in a fresh process. (``is_inference()``
is answered as PyTorch does: ``test_parity_issue31_gaps.py``.)"""
import parity


def _run(code):
    """What ``code`` prints, run to its end in a fresh fork of the engine runner."""
    return parity.engine_prints(code)


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


def test_cdist_refuses_its_matrix_product_path():
    out = _run("""
        import gradstudio.engine as torch
        for call in (lambda: torch.cdist(torch.ones(26, 2), torch.ones(3, 2)),
                     lambda: torch.cdist(torch.ones(2, 2), torch.ones(3, 2),
                                         compute_mode="use_mm_for_euclid_dist")):
            try:
                call()
            except NotImplementedError as e:
                print(e)
        print(torch.cdist(torch.ones(26, 2), torch.ones(3, 2), p=1).shape)
    """)
    assert out.splitlines() == [
        "GradStudio's engine computes cdist with p=2 only on PyTorch's direct path (up to 25 "
        "rows per input); pass compute_mode='donot_use_mm_for_euclid_dist'."] * 2 + [
        "torch.Size([26, 3])"]
