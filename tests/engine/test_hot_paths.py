"""Behaviour the engine's fast paths must keep: a leaf adopts a gradient array only when
nothing else can see it, recording plans shared between nodes keep each node's own
saved values, Meta stand-ins are shared but never confused, reductions keep numpy's
results, and gradients shared as broadcast views never alias a ``.grad``."""
import numpy as np
import pytest

import gradstudio.engine as torch


def _alias(a, b):
    return np.shares_memory(a._data, b._data)


def test_leaves_fed_the_same_gradient_get_separate_grads():
    a = torch.ones(3, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    (a * 2 + b).sum().backward()      # add sends one array to both of its inputs
    c = torch.ones(3, requires_grad=True)
    d = c + 1
    (d * d).sum().backward()
    assert not _alias(a.grad, b.grad)
    a.grad.add_(1)
    assert b.grad.tolist() == [1.0, 1.0, 1.0]
    assert c.grad.tolist() == [4.0, 4.0, 4.0]


def test_a_leaf_never_adopts_the_callers_gradient_or_a_retained_grad():
    x = torch.ones(3, requires_grad=True)
    seed = torch.full((3,), 2.0)
    x.backward(seed)
    assert not _alias(x.grad, seed)
    x.grad.mul_(10)
    assert seed.tolist() == [2.0, 2.0, 2.0]

    w = torch.ones(3, requires_grad=True)
    y = w + 0            # AddBackward passes its gradient through unchanged
    y.retain_grad()
    y.sum().backward()
    assert not _alias(w.grad, y.grad)
    w.grad.add_(1)
    assert y.grad.tolist() == [1.0, 1.0, 1.0]


def test_an_adopted_gradient_accumulates_in_place_on_the_next_backward():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    first = x.grad
    (x * 3).sum().backward()
    assert x.grad is first and first.tolist() == [6.0, 6.0]


def test_hooks_see_gradients_that_are_not_adopted_behind_their_back():
    x = torch.ones(2, requires_grad=True)
    kept = []
    x.register_hook(lambda g: kept.append(g))
    (x * 3).sum().backward()
    x.grad.zero_()
    assert kept[0].tolist() == [3.0, 3.0]


@pytest.mark.parametrize("which", ["self", "other"])
def test_nodes_of_one_op_save_what_their_own_edges_need(which):
    a = torch.tensor([1.0, 2.0], requires_grad=which == "self")
    b = torch.tensor([3.0, 4.0], requires_grad=which == "other")
    both = torch.tensor([1.0, 2.0], requires_grad=True) * torch.tensor(
        [3.0, 4.0], requires_grad=True)
    out = a * b
    saved = out.grad_fn.saved_tensor_names
    assert saved == (("other",) if which == "self" else ("self",))
    assert both.grad_fn.saved_tensor_names == ("self", "other")
    out.sum().backward()
    grad = (a if which == "self" else b).grad
    assert grad.tolist() == ([3.0, 4.0] if which == "self" else [1.0, 2.0])


def test_stand_ins_keep_each_operands_shape_and_dtype():
    x = torch.ones(2, 3, requires_grad=True)
    y = torch.ones(3, dtype=torch.float64, requires_grad=True)
    (x.sum(0) * y).sum().backward()
    z = torch.ones(3, 2, requires_grad=True)
    (z.sum(1) * 2.0).sum().backward()
    assert x.grad.shape == (2, 3) and x.grad.dtype == torch.float32
    assert y.grad.tolist() == [2.0, 2.0, 2.0] and y.grad.dtype == torch.float64
    assert z.grad.shape == (3, 2) and z.grad.tolist() == [[2.0, 2.0]] * 3


def test_backward_through_a_long_chain_frees_the_graph():
    import gc
    import weakref
    x = torch.ones(2, requires_grad=True)
    y = x
    for _ in range(20_000):
        y = y * 1.0
    loss = y.sum()
    del y
    last = weakref.ref(loss.grad_fn)
    loss.backward()
    assert x.grad.tolist() == [1.0, 1.0]
    del loss
    gc.collect()
    assert last() is None


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sum_and_mean_add_in_pytorchs_order_bit_for_bit(dtype):
    # float sums follow PyTorch's cascade_sum (``_cascade``): a loss printed with all its
    # digits (loss.item()) has PyTorch's last bits; torch itself is the oracle
    real = pytest.importorskip("torch")
    if "gradstudio" in getattr(real, "__version__", "gradstudio"):
        pytest.skip("the real torch is not importable here")
    rng = np.random.default_rng(3)
    for shape in [(), (7,), (4099,), (37, 513), (3, 1, 1025), (5, 6, 7), (30, 9)]:
        a = np.asarray(rng.random(shape) * 100, dtype)
        t, r = torch.from_numpy(a), real.from_numpy(a)
        dims = [None] + [i for i in range(len(shape))] + ([(0, 1)] if len(shape) > 1 else [])
        for dim in dims:
            for keep in (False, True):
                ours = ((t.mean(dim, keep), t.sum(dim, keep)) if dim is not None else
                        (t.mean(), t.sum()))
                theirs = ((r.mean(dim, keep), r.sum(dim, keep)) if dim is not None else
                          (r.mean(), r.sum()))
                for o, e in zip(ours, theirs):
                    assert np.array_equal(o.numpy(), e.numpy()), (shape, dim, keep)


def test_float16_sums_accumulate_in_float32_as_numpys_mean():
    rng = np.random.default_rng(3)
    a = (rng.random((37, 513)) * 100).astype(np.float16)
    t = torch.from_numpy(a)
    with np.errstate(over="ignore"):
        assert np.array_equal(t.mean(1).numpy(), np.mean(a, axis=1))
        assert np.array_equal(t.sum().numpy(), np.add.reduce(a, None))


def test_a_full_reductions_gradient_is_shared_by_no_grad():
    # a full reduction's gradient is a broadcast view of one number: every .grad made
    # from it owns writeable memory of its own
    x = torch.ones(2, 3, requires_grad=True)
    y = x * 1
    y.retain_grad()
    (x.mean() * 6 + y.sum()).backward()
    assert x.grad.tolist() == [[2.0] * 3] * 2 and y.grad.tolist() == [[1.0] * 3] * 2
    x.grad.add_(1)
    y.grad[0, 0] = 7
    assert x.grad.tolist() == [[3.0] * 3] * 2
    assert y.grad.tolist() == [[7.0, 1.0, 1.0], [1.0] * 3]
    v = torch.ones(4, requires_grad=True)
    v.sum().backward()
    v.grad[0] = 5
    assert v.grad.tolist() == [5.0, 1.0, 1.0, 1.0]


def test_reduced_gradients_come_back_in_the_inputs_shape():
    x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
    for y in (x.mean((0, 2)), x.sum(1), x.mean(-1, keepdim=True), x.transpose(0, 2).sum(1),
              x.sum(), x.mean()):
        x.grad = None
        (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
        assert x.grad.shape == (2, 3, 4)
    x.grad = None
    x.mean(1).sum().backward()
    assert np.array_equal(x.grad.numpy(), np.full((2, 3, 4), 1 / 3, np.float32))


def test_a_tensor_datasets_batches_take_the_shortcut_and_equal_the_general_path():
    """A DataLoader over a TensorDataset (or a Subset of one) batches each tensor's rows in
    one step; the general path (one row at a time, then default_collate) gives equal
    batches, and what the shortcut cannot follow takes the general path."""
    from gradstudio.engine.utils.data import DataLoader, Subset, TensorDataset, default_collate
    from gradstudio.engine.utils.data._rows_at_once import rows_at_once
    x, y = torch.arange(30.).reshape(10, 3).t().contiguous().t(), torch.arange(10)
    ds = TensorDataset(x, y)
    for dataset, index in ((ds, [3, 0, 9]), (Subset(Subset(ds, [9, 8, 7, 1]), [3, 0]), [1, 0])):
        quick = rows_at_once(dataset, index, default_collate)
        slow = default_collate([dataset[i] for i in index])
        assert quick is not None and type(quick) is type(slow)
        for q, s in zip(quick, slow):
            assert q.dtype == s.dtype and q.stride() == s.stride() and torch.equal(q, s)
    assert rows_at_once(ds, [0, 10], default_collate) is None
    assert rows_at_once(ds, [0], lambda b: b) is None
    assert rows_at_once(TensorDataset(torch.ones(2, requires_grad=True)), [0], default_collate) \
        is None
    assert [b[0].tolist() for b in DataLoader(ds, batch_size=4)][2] == [[24.0, 25.0, 26.0],
                                                                        [27.0, 28.0, 29.0]]


def test_an_int_index_taken_quickly_is_the_same_view_as_the_general_paths():
    """``x[i]`` of a tensor that records nothing skips apply's general steps; the row is
    still a view: same base, shared version counter and memory, made under no_grad or not."""
    from gradstudio.engine import observer
    base = torch.tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
    row = base[1]
    with observer.listen(observer.Listener()):     # (a listener: the general path)
        general = base[1]
    for r in (row, general):
        assert r._base is base and r._vc is base._vc and _alias(r, base)
    assert row._creation == general._creation and row.stride() == general.stride()
    base.add_(1)
    assert row.tolist() == [3.0, 4.0] and row._version == base._version == 1
    with torch.no_grad():
        quiet = base[0]
    with observer.listen(observer.Listener()), torch.no_grad():
        quiet_general = base[0]
    assert quiet._creation == quiet_general._creation
    leaf = torch.ones(2, 2, requires_grad=True)
    assert leaf[0].grad_fn is not None and type(leaf[0].grad_fn).__name__ == "SelectBackward0"


def test_a_stack_that_records_nothing_equals_the_general_paths():
    """``torch.stack`` of tensors needing no graph (a batch's rows) stacks the values at
    once; the general path (a listener watching) gives the same tensor."""
    from gradstudio.engine import observer
    x = torch.arange(12.).reshape(4, 3)
    cases = ([x[i] for i in range(4)], [torch.tensor(1), torch.tensor(2.5)],
             [torch.ones(2, dtype=torch.float16), torch.zeros(2, dtype=torch.float16)])
    for tensors in cases:
        for dim in (0, -1):
            quick = torch.stack(tensors, dim)
            with observer.listen(observer.Listener()):
                general = torch.stack(tensors, dim)
            assert quick.dtype == general.dtype and quick.stride() == general.stride()
            assert torch.equal(quick, general) and quick.grad_fn is None and quick._base is None
    w = torch.ones(2, requires_grad=True)
    assert type(torch.stack([w, w]).grad_fn).__name__ == "StackBackward0"
