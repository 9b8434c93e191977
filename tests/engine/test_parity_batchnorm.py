"""Batch normalization prints and computes as PyTorch's: ``nn.BatchNorm1d`` / ``2d`` (their
repr, parameters and buffers, ``state_dict``, train and eval mode, the running averages
after one and three steps, ``momentum=None``, ``affine=False``,
``track_running_stats=False``), ``F.batch_norm`` (NativeBatchNormBackward0, gradients of
input, weight and bias, float64, strided inputs, an empty batch), the double backward
(NativeBatchNormBackwardBackward0), the thread count's part in an (N, C) batch's
statistics and PyTorch's error messages. Programs run under torch and under the engine;
transcripts are compared exactly and ``check``ed values with torch's float tolerances.
``batch_norm_bits`` and ``batch_norm_threads`` print every number in full: the engine
reproduces PyTorch's CPU kernels bit for bit for contiguous inputs."""
import os
import subprocess
import sys

import pytest

import parity

P, prog = parity.table()

prog("batchnorm1d_module", """
    import torch.nn as nn
    torch.manual_seed(0)
    m = nn.BatchNorm1d(3)
    print(m, type(m).__module__)
    print(list(m.named_parameters()))
    print(list(m.named_buffers()), list(m.buffers())[2].dtype)
    sd = m.state_dict()
    print(list(sd.keys()), sd._metadata, sd["num_batches_tracked"])
    print(m.running_mean._version, m.running_var._version, m.num_batches_tracked._version)
    print(m.training, m.momentum, m.eps, m.affine, m.track_running_stats, m.num_features)
    x = torch.randn(4, 3, requires_grad=True)
    y = m(x)
    print(y)
    print(y.grad_fn, [type(f).__name__ for f, _ in y.grad_fn.next_functions])
    print(y.grad_fn._saved_training, y.grad_fn._saved_eps)
    print(m.running_mean, m.running_var, m.num_batches_tracked)
    print(m.running_mean._version, m.running_var._version, m.num_batches_tracked._version)
    (y * torch.arange(12.0).reshape(4, 3)).sum().backward()
    print(x.grad)
    print(m.weight.grad, m.bias.grad)
    check(y, x.grad, m.weight.grad, m.bias.grad, m.running_mean, m.running_var)
    print(nn.BatchNorm1d(2, eps=1e-3, momentum=0.5, bias=False))
    print(nn.BatchNorm2d(4), nn.BatchNorm2d(4).weight.dtype)
    print(nn.BatchNorm1d(2, dtype=torch.float64).running_var)
""")

prog("batchnorm_running_stats_three_steps", """
    import torch.nn as nn
    torch.manual_seed(1)
    m = nn.BatchNorm1d(4, momentum=0.3)
    for step in range(3):
        x = torch.randn(6, 4) * (step + 1) + step
        out = m(x)
        print(step, m.running_mean, m.running_var, m.num_batches_tracked)
        check(out, m.running_mean, m.running_var)
    print(out)
    print(m.state_dict())
""")

prog("batchnorm_eval_mode", """
    import torch.nn as nn
    torch.manual_seed(2)
    m = nn.BatchNorm1d(3)
    for _ in range(2):
        m(torch.randn(5, 3) * 2 + 1)
    with torch.no_grad():
        m.weight.mul_(torch.tensor([1.5, -0.5, 2.0]))
        m.bias.add_(0.25)
    m.eval()
    print(m.training, m.num_batches_tracked)
    x = torch.randn(4, 3, requires_grad=True)
    y = m(x)
    print(y, y.grad_fn, y.grad_fn._saved_training)
    print(m.num_batches_tracked, m.running_mean)
    y.sum().backward()
    print(x.grad, m.weight.grad, m.bias.grad)
    one = m(torch.randn(1, 3))       # one sample is fine in eval mode
    print(one)
    check(y, x.grad, m.weight.grad, m.bias.grad, one)
    m.train()
    print(m.training, m(torch.randn(3, 3)).grad_fn)
""")

prog("batchnorm_momentum_none", """
    import torch.nn as nn
    torch.manual_seed(3)
    m = nn.BatchNorm1d(2, momentum=None)
    print(m)
    for step in range(3):
        m(torch.randn(8, 2) + step)
        print(m.running_mean, m.running_var, m.num_batches_tracked)
    check(m.running_mean, m.running_var)
""")

prog("batchnorm_affine_false_and_untracked", """
    import torch.nn as nn
    torch.manual_seed(4)
    m = nn.BatchNorm1d(3, affine=False)
    print(m, m.weight, m.bias, list(m.parameters()), list(m.state_dict()))
    x = torch.randn(5, 3, requires_grad=True)
    y = m(x)
    print(y, [f for f, _ in y.grad_fn.next_functions])
    y.pow(2).sum().backward()
    print(x.grad, m.running_mean)
    u = nn.BatchNorm1d(3, track_running_stats=False)
    print(u, u.running_mean, u.running_var, u.num_batches_tracked, list(u.named_buffers()),
          list(u.state_dict()))
    z = torch.randn(4, 3)
    print(u(z))
    u.eval()                      # no running averages: the batch's statistics still
    print(u(z), u.num_batches_tracked)
    check(y, x.grad, u(z))
""")

prog("batchnorm2d_and_3d_inputs", """
    import torch.nn as nn
    torch.manual_seed(5)
    m = nn.BatchNorm2d(2)
    x = torch.randn(3, 2, 4, 5, requires_grad=True)
    y = m(x)
    print(y[1], y.grad_fn)
    print(m.running_mean, m.running_var)
    w = torch.randn(3, 2, 4, 5)
    (y * w).sum().backward()
    print(x.grad[0], m.weight.grad, m.bias.grad)
    check(y, x.grad, m.weight.grad, m.bias.grad, m.running_var)
    seq = nn.BatchNorm1d(3)
    s = torch.randn(2, 3, 7, requires_grad=True)
    out = seq(s)
    out.mean().backward()
    print(out[0], seq.running_mean, seq.running_var, s.grad[1], seq.weight.grad)
    check(out, s.grad, seq.weight.grad, seq.bias.grad)
    y2 = m(x.detach())
    y2.sum().backward()
    print(m.weight.grad, m.bias.grad)
""")

prog("batch_norm_functional", """
    import torch.nn.functional as F
    torch.manual_seed(6)
    x = torch.randn(5, 3, requires_grad=True)
    w = torch.randn(3, requires_grad=True)
    b = torch.randn(3, requires_grad=True)
    y = F.batch_norm(x, None, None, w, b, training=True)
    print(y, y.grad_fn, y.grad_fn._saved_running_mean)
    g = torch.randn(5, 3)
    y.backward(g)
    print(x.grad, w.grad, b.grad)
    check(y, x.grad, w.grad, b.grad)
    rm, rv = torch.zeros(3), torch.ones(3)
    z = F.batch_norm(x, rm, rv, training=True, momentum=0.2, eps=1e-3)
    print(z, rm, rv, rm._version)
    e = F.batch_norm(x, rm, rv, w, b)
    print(e, [type(f).__name__ if f else None for f, _ in e.grad_fn.next_functions])
    print(torch.batch_norm(x, w, b, rm, rv, False, 0.1, 1e-5, False))
    d = torch.randn(4, 2, 3, dtype=torch.float64, requires_grad=True)
    rmd, rvd = torch.zeros(2, dtype=torch.float64), torch.ones(2, dtype=torch.float64)
    yd = F.batch_norm(d, rmd, rvd, training=True)
    yd.pow(3).sum().backward()
    print(yd.dtype, yd[0], rmd, rvd, d.grad[2])
    check(yd, d.grad, rmd, rvd)
    t = torch.randn(3, 6).t()          # a strided input
    print(t.is_contiguous(), F.batch_norm(t, None, None, training=True))
    s = torch.randn(7, 3, 4).transpose(0, 2).requires_grad_()    # (4, 3, 7), strided
    ys = F.batch_norm(s, None, None, w, b, training=True)
    ys.backward(torch.randn(4, 3, 7))
    print(s.is_contiguous(), ys.shape, ys.grad_fn)
    check(ys, s.grad, w.grad, b.grad)    # (within an ulp or two of PyTorch's)
    empty = torch.randn(0, 3, requires_grad=True)
    out = F.batch_norm(empty, None, None, w, b, training=True)
    print(out, out.grad_fn)
""")

prog("batch_norm_double_backward", """
    import torch.nn.functional as F
    torch.manual_seed(7)
    x = torch.randn(4, 3, 2, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, dtype=torch.float64, requires_grad=True)
    b = torch.randn(3, dtype=torch.float64, requires_grad=True)
    for training in (True, False):
        rm, rv = torch.zeros(3, dtype=torch.float64), torch.full((3,), 2.0, dtype=torch.float64)
        y = F.batch_norm(x, rm, rv, w, b, training=training)
        gx, gw, gb = torch.autograd.grad((y * y * y).sum(), (x, w, b), create_graph=True)
        print(training, gx.grad_fn, [type(f).__name__ if f else None
                                     for f, _ in gx.grad_fn.next_functions])
        print(type(gw.grad_fn).__name__, type(gb.grad_fn).__name__)
        check(gx, gw, gb)
        second = torch.autograd.grad((gx * gx).sum() + gw.pow(2).sum() + gb.sum(),
                                     (x, w, b))
        check(*second)
""")

prog("batch_norm_errors", """
    import torch.nn as nn
    import torch.nn.functional as F
    x = torch.randn(4, 2)
    for bad in ("nn.BatchNorm1d(3)(x)", "nn.BatchNorm1d(2)(torch.randn(2, 3, 4))",
                "nn.BatchNorm1d(2)(torch.randn(2, 2, 3, 4))", "nn.BatchNorm1d(2)(torch.randn(2))",
                "nn.BatchNorm2d(2)(x)", "nn.BatchNorm2d(3)(torch.randn(2, 2, 3, 4))",
                "nn.BatchNorm1d(2)(x[:1])", "nn.BatchNorm2d(2)(torch.randn(1, 2, 1, 1))",
                "nn.BatchNorm1d(2)(torch.randn(1, 2, 1))",
                "F.batch_norm(x, None, None)", "F.batch_norm(x, torch.zeros(2), None)",
                "F.batch_norm(x, torch.zeros(3), torch.ones(2))",
                "F.batch_norm(x, torch.zeros(2), torch.ones(3))",
                "F.batch_norm(x, torch.zeros(2), torch.ones(2), torch.ones(3))",
                "F.batch_norm(x, torch.zeros(2), torch.ones(2), None, torch.ones(3))",
                "F.batch_norm(x, None, torch.ones(2), training=True)",
                "F.batch_norm(x, torch.zeros(2), torch.ones(2), training=True, eps=0)",
                "F.batch_norm(x, torch.zeros(2), torch.ones(2), eps=-1)",
                "F.batch_norm(x, torch.zeros(2, dtype=torch.float64), torch.ones(2))",
                "F.batch_norm(x.double(), torch.zeros(2), torch.ones(2))",
                "F.batch_norm(x.long(), torch.zeros(2), torch.ones(2))",
                "F.batch_norm(x, torch.zeros(2, 1), torch.ones(2))",
                "F.batch_norm(x, torch.zeros(2, requires_grad=True), torch.ones(2))",
                "F.batch_norm(x, torch.zeros(2), torch.ones(2), training=True, momentum=None)",
                "F.batch_norm(x[0], torch.zeros(2), torch.ones(2))",
                "F.batch_norm(x[0], None, None, training=True)"):
        try:
            print(eval(bad))
        except Exception as e:
            print(bad, "->", type(e).__name__, e)
    one = nn.BatchNorm1d(2)
    try:
        one(torch.randn(1, 2))
    except ValueError as e:
        print(e, one.num_batches_tracked)       # counted before the check, as PyTorch does
""")

prog("batchnorm_training_loop", """
    import torch.nn as nn
    torch.manual_seed(8)
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
    print(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(16, 3)
    target = x.sum(1, keepdim=True).tanh()
    for step in range(4):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), target)
        loss.backward()
        opt.step()
        print(step, loss)             # (a Linear's matmul may differ in the last bit)
        check(loss)
    print(model[1].running_mean, model[1].running_var, model[1].num_batches_tracked)
    model.eval()
    print(model(x[:3]))
    check(model[1].weight, model[1].bias, model[1].running_var)
""")

# every number to its last bit (a list prints each float in full): float32 and float64;
# rows of channels (N, C), planes (N, C, L) and (N, C, H, W); training and eval; a gradient
# of its own, of .sum() (a broadcast one) and of .mean()
prog("batch_norm_bits", """
    import torch.nn.functional as F
    torch.manual_seed(9)
    shapes = [(4, 3), (37, 5), (6, 9), (5, 3, 7), (2, 3, 4, 5), (3, 2, 40), (2, 3, 17),
              (3, 4, 1)]
    for dtype in (torch.float32, torch.float64):
        for k, shape in enumerate(shapes):
            for training in (True, False):
                c = shape[1]
                x = (torch.randn(shape, dtype=dtype) * 3 + 1).requires_grad_()
                w = torch.randn(c, dtype=dtype, requires_grad=True)
                b = torch.randn(c, dtype=dtype, requires_grad=True)
                rm, rv = torch.randn(c, dtype=dtype), torch.rand(c, dtype=dtype) + 0.5
                y = F.batch_norm(x, rm, rv, w if k % 3 else None, b, training=training,
                                 momentum=0.3, eps=1e-5 if k % 2 else 1e-3)
                how = (k + training) % 3
                if how == 0:
                    y.backward(torch.randn(shape, dtype=dtype))
                else:
                    (y.sum() if how == 1 else y.mean()).backward()
                print(dtype, shape, training, how, y.flatten().tolist(), rm.tolist(),
                      rv.tolist(), x.grad.flatten().tolist(),
                      None if w.grad is None else w.grad.tolist(),
                      b.grad.tolist())
""")

# PyTorch cuts an (N, C) batch's rows between its threads (or, with no more rows than
# threads, sums them in one pass): the engine follows torch.set_num_threads
prog("batch_norm_threads", """
    import torch.nn.functional as F
    torch.manual_seed(10)
    for threads in (2, 3, 1):
        torch.set_num_threads(threads)
        print(torch.get_num_threads())
        for rows in (2, 3, 7, 16):
            x = (torch.randn(rows, 5) * 2 + 1).requires_grad_()
            rm, rv = torch.zeros(5), torch.ones(5)
            y = F.batch_norm(x, rm, rv, training=True, momentum=0.5)
            y.backward(torch.randn(rows, 5))
            print(threads, rows, y.tolist(), rm.tolist(), rv.tolist(), x.grad.tolist())
    for bad in (0, 2.5, True):
        try:
            torch.set_num_threads(bad)
        except RuntimeError as e:
            print(e)
""")

# a mean's gradient is laid out as PyTorch's division lays it out (contiguous), which
# decides batch norm's kernel path: y.mean(0) and y.mean(1) of an eval-mode output
prog("batch_norm_mean_grad_layout", """
    import torch.nn.functional as F
    torch.manual_seed(4)
    for shape, dim in (((100, 33), 0), ((6, 4, 9), 1), ((8, 5), 1)):
        x = torch.randn(shape) * 2 + 1
        c = shape[1]
        w, b = torch.ones(c, requires_grad=True), torch.zeros(c, requires_grad=True)
        y = F.batch_norm(x, torch.zeros(c), torch.ones(c), w, b, training=False)
        y.register_hook(lambda g: print(g.stride()))
        y.mean(dim).sum().backward()
        print(shape, dim, w.grad.tolist(), b.grad.tolist())
""")

# load_state_dict fills num_batches_tracked from the module's own when the state_dict
# has no version-2 metadata (a dict of your own, a copy of state_dict()), as PyTorch's
# _NormBase does: it is then neither missing nor left unloaded
prog("batchnorm_load_state_dict_versions", """
    import torch.nn as nn
    torch.manual_seed(6)
    m = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
    m(torch.randn(5, 2)); m(torch.randn(5, 2))
    r = m.load_state_dict({"0.weight": torch.ones(3, 2), "1.running_mean": torch.ones(3),
                           "head.weight": torch.zeros(1)}, strict=False)
    print(r.missing_keys, r.unexpected_keys, m[1].num_batches_tracked, m[1].running_mean)
    copy = {k: v.clone() for k, v in m.state_dict().items()}
    del copy["1.num_batches_tracked"]
    print(m.load_state_dict(copy), m[1].num_batches_tracked)
    sd = m.state_dict()
    del sd["1.num_batches_tracked"]
    try:
        m.load_state_dict(sd)
    except RuntimeError as ex:
        print(ex)
    print(m.load_state_dict(sd, strict=False))
    u = nn.BatchNorm1d(2, track_running_stats=False)
    print(u.load_state_dict({"weight": torch.ones(2), "bias": torch.zeros(2)}))
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


@pytest.mark.parametrize("env", [{"OMP_NUM_THREADS": "8"}, {"MKL_NUM_THREADS": "3"},
                                 {"OMP_NUM_THREADS": "1"}])
def test_the_thread_count_from_the_environment_is_pytorchs(env):
    """PyTorch takes OMP_NUM_THREADS or MKL_NUM_THREADS but no more than the physical
    cores; the engine's count (which splits an (N, C) batch's rows) is the same."""
    pytest.importorskip("torch")
    child = ("import torch, gradstudio.engine as E; "
             "print(torch.get_num_threads(), E.get_num_threads())")
    done = subprocess.run([sys.executable, "-c", child], env=dict(os.environ, **env),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    ours, theirs = done.stdout.split()
    assert ours == theirs, done.stdout
