"""The engine's elementwise kernels against PyTorch's CPU kernels (``_kernels``): sigmoid
and the fused backward formulas to the last bit in every memory layout PyTorch's loops
distinguish; exp, log, sin, cos and tanh closer to PyTorch than numpy's own float32
kernels, within the bounds the module documents (exactly PyTorch's where its MKL release is
installed: ``test_mkl_vml.py``); above ``EXACT_LIMIT`` elements, numpy's float32 kernels,
within a few ulp of PyTorch's (MKL's own functions again where it is installed)."""
import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine._cpu_kernels import elementwise as K, mkl_vml
from gradstudio.engine._cpu_kernels.rsqrt_table import RSQRT_TABLE
from gradstudio.engine._cpu_kernels.vector_loop import MKL_AVX512
from cpu_paths import MKL_GENERIC, assert_torchs_bits
import parity


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(20261124)
    return rng.uniform(-20, 20, K.EXACT_LIMIT - 7).astype(np.float32)


# views PyTorch's loops tell apart: contiguous runs shorter than, equal to and longer than
# its vector block (16 elements with AVX2, 32 with AVX-512), a transposed matrix, strided
# views, a 0-d tensor (each applied alike to a numpy array and a torch tensor)
LAYOUTS = [lambda x: x, lambda x: x[:15], lambda x: x[:16 * 37].reshape(37, 16),
           lambda x: x[:33 * 29].reshape(29, 33), lambda x: x[:40 * 50].reshape(40, 50).T,
           lambda x: x[:3000:3], lambda x: x[:2000].reshape(20, 100)[:, ::2],
           lambda x: x[5].reshape(()), lambda x: x[:31], lambda x: x[:32 * 11].reshape(11, 32),
           lambda x: x[:48 * 5].reshape(5, 48)]


def test_sigmoid_is_pytorchs_to_the_last_bit(torch, inputs):
    special = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 88.8, -88.8, 103.9, -103.9,
                        104.5, -104.5, 1e-45, -1e-45, 3e38, -3e38], np.float32)
    wide = np.random.default_rng(5).uniform(-110, 110, 20_000).astype(np.float32)
    for x in (inputs, np.concatenate([special, wide, special])):
        for i, view in enumerate(LAYOUTS):
            theirs = torch.sigmoid(view(torch.from_numpy(x))).numpy()
            np.testing.assert_array_equal(K.sigmoid(view(x)), theirs, err_msg=f"layout {i}")


def test_float64_sigmoid_is_pytorchs_in_every_layout(torch):
    """SLEEF's float64 ``exp`` on full blocks of two vectors, the C library's on the rest
    (its rare misrounded inputs aside: none among these)."""
    rng = np.random.default_rng(12)
    special = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 709.7, 709.8, -745.2, -746.0,
                        -1000.5, 1e-310, -1e-310, 40.0, -40.0], np.float64)
    x = np.concatenate([special, rng.standard_normal(20_000) * 5, rng.uniform(-750, 750, 3000)])
    for i, view in enumerate(LAYOUTS):
        theirs = torch.sigmoid(view(torch.from_numpy(x))).numpy()
        np.testing.assert_array_equal(K.sigmoid(view(x)), theirs, err_msg=f"layout {i}")
    for n in range(1, 41):
        a = x[n * 7:n * 8]
        np.testing.assert_array_equal(E.from_numpy(a).sigmoid().numpy(),
                                      torch.from_numpy(a).sigmoid().numpy(), err_msg=str(n))


@pytest.mark.parametrize("forced, capability, block", [
    ("avx2", "AVX2", 16), ("default", "DEFAULT", 0), ("bogus", None, None),
    ("AVX2", None, None)])
def test_sigmoid_follows_the_cpu_capability_pytorch_dispatches_to(torch, forced, capability,
                                                                  block):
    """PyTorch's vector block is two vectors of the capability it runs with. Forced with
    ``ATEN_CPU_CAPABILITY`` (read by PyTorch and the engine alike): ``avx2`` takes 16
    elements at once whatever the CPU offers beyond it, ``default`` none (the scalar
    kernel everywhere), and a value PyTorch does not know, or in other letters, is
    ignored by both (the CPU's own capability). Lengths around both block sizes.
    PyTorch reads the variable at its first op and the engine when its kernels are
    imported, so each case runs in a fresh fork of the session's torch runner (torch
    imported, no op run, the engine not imported), which sets it first, instead of a new
    interpreter (issue 30)."""
    out = parity.torch_prints(f"""
        import os
        os.environ["ATEN_CPU_CAPABILITY"] = {forced!r}
        import sys
        assert "gradstudio.engine" not in sys.modules
        import numpy as np, torch
        from gradstudio.engine._cpu_kernels import elementwise as K, mkl_vml
        capability = {capability!r}
        if capability is not None:
            assert torch.backends.cpu.get_cpu_capability() == capability, \\
                torch.backends.cpu.get_cpu_capability()
            assert K._BLOCK == {block!r}
        x = (np.random.default_rng(7).standard_normal(40 * 29) * 4).astype(np.float32)
        for n in list(range(1, 80)) + [957, 40 * 29]:
            np.testing.assert_array_equal(K.sigmoid(x[:n]),
                                          torch.sigmoid(torch.from_numpy(x[:n])).numpy())
        print("same")
    """)
    # (a value PyTorch does not know is read, and said to be ignored, in the fork too)
    ignored = [] if capability else [
        f"ignoring invalid value for ATEN_CPU_CAPABILITY: {forced} "]
    lines = out.splitlines()
    assert lines[-1] == "same" and len(lines) == 1 + len(ignored), out
    assert all(said in line for said, line in zip(ignored, lines)), out


def test_fused_backward_formulas_are_pytorchs(torch, inputs):
    rng = np.random.default_rng(3)
    g = rng.standard_normal(inputs.size).astype(np.float32)
    for fn, name in ((np.tanh, "tanh_backward"), (K.sigmoid, "sigmoid_backward")):
        out = fn(inputs).astype(np.float32)
        theirs = getattr(torch.ops.aten, name)(torch.from_numpy(g), torch.from_numpy(out))
        np.testing.assert_array_equal(getattr(K, name)(g, out), theirs.numpy(), err_msg=name)



def test_tanh_backward_of_a_few_elements_is_pytorchs_ties_included(torch):
    """Up to ``K._FEW`` elements the float32 tie test reads the bits as Python ints; past
    it, with numpy. Both give PyTorch's fused result, 0-d included, on outputs whose
    ``1 - out * out`` is a float32 tie in float64 (taken through the emulated fused
    multiply-add) and on others."""
    rng = np.random.default_rng(11)
    out = rng.uniform(-1, 1, 2_000_000).astype(np.float32)
    s = 1.0 - out.astype(np.float64) ** 2
    ties = out[(s.view(np.uint64) & 0x1FFFFFFF) == 0x10000000]
    assert ties.size >= 4
    plain = out[:200]
    for n in (1, 2, 4, K._FEW, K._FEW + 1, 100):
        for values in (plain[:n], np.concatenate([plain[:n - 1], ties[:1]])[-n:],
                       np.resize(ties, n)):
            g = rng.standard_normal(values.size).astype(np.float32)
            theirs = torch.ops.aten.tanh_backward(torch.from_numpy(g), torch.from_numpy(values))
            np.testing.assert_array_equal(K.tanh_backward(g, values), theirs.numpy())
    g0, o0 = np.array(1.5, np.float32), np.array(ties[0], np.float32)
    theirs = torch.ops.aten.tanh_backward(torch.from_numpy(g0), torch.from_numpy(o0))
    assert np.asarray(K.tanh_backward(g0, o0)).tobytes() == theirs.numpy().tobytes()

# the share of float32 inputs in [-20, 20] where the engine may differ from PyTorch (the
# module's docstring), and where numpy's own kernels do
BOUNDS = {"exp": (0.02, 0.3), "log": (0.06, 0.06), "sin": (0.06, 0.1),
          "cos": (0.06, 0.1), "tanh": (0.002, 0.1)}


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_transcendentals_are_closer_to_pytorch_than_numpy(torch, inputs, name):
    x = np.abs(inputs) if name == "log" else inputs
    theirs = getattr(torch, name)(torch.from_numpy(x)).numpy()
    ours, numpys = getattr(K, name)(x), getattr(np, name)(x)
    assert ours.dtype == np.float32
    ours_off, numpy_off = np.mean(ours != theirs), np.mean(numpys != theirs)
    ours_bound, numpy_floor = BOUNDS[name]
    assert ours_off <= ours_bound, (name, ours_off)
    assert numpy_off >= numpy_floor and ours_off < numpy_off, (name, ours_off, numpy_off)
    # never further than one unit in the last place
    spacing = np.spacing(np.abs(theirs).astype(np.float32))
    assert np.all(np.abs(ours.astype(np.float64) - theirs) <= spacing), name


# computed by MKL's vector math where PyTorch's MKL release is installed, at every size
VML = ("exp", "tanh", "sin", "sqrt")


def test_above_the_limit_numpys_float32_kernels_run_within_a_few_ulp_of_pytorch(torch):
    x = np.random.default_rng(8).uniform(-20, 20, K.EXACT_LIMIT + 1).astype(np.float32)
    g = np.random.default_rng(9).standard_normal(x.size).astype(np.float32)
    out = np.tanh(x)
    # name: (ours, numpy's float32 kernel, PyTorch's, the largest distance in ulp seen
    # on these inputs)
    cases = {"exp": (K.exp(x), np.exp(x), torch.exp, 2), "tanh": (K.tanh(x), out, torch.tanh, 2),
             "sin": (K.sin(x), np.sin(x), torch.sin, 2),
             "sqrt": (K.sqrt(np.abs(x)), np.sqrt(np.abs(x)), lambda t: t.abs().sqrt(), 1),
             "sigmoid": (K.sigmoid(x), 1 / (1 + np.exp(-x)), torch.sigmoid, 4),
             "tanh_backward": (K.tanh_backward(g, out), g * (1 - out * out), None, 0)}
    for name, (ours, numpys, theirs, ulp) in cases.items():
        if name in VML and mkl_vml.available():    # (MKL's own function: PyTorch's bits)
            t = theirs(torch.from_numpy(x)).numpy()
            assert ours.tobytes() == t.tobytes(), name
            continue
        np.testing.assert_array_equal(ours, numpys, err_msg=name)
        if theirs is not None:
            t = theirs(torch.from_numpy(x)).numpy()
            spacing = np.spacing(np.abs(t)).astype(np.float64)
            assert np.all(np.abs(ours.astype(np.float64) - t) <= ulp * spacing), name


def test_exp_of_one_prints_as_pytorch(torch):
    import gradstudio.engine as engine
    assert str(engine.exp(engine.tensor(1.0))) == str(torch.exp(torch.tensor(1.0)))
    engine.set_printoptions(precision=10)
    torch.set_printoptions(precision=10)
    try:
        assert str(engine.exp(engine.tensor(1.0))) == str(torch.exp(torch.tensor(1.0)))
        assert str(engine.tensor([0.5, -3.0]).sigmoid()) == str(torch.tensor([0.5, -3.0]).sigmoid())
    finally:
        engine.set_printoptions(profile="default")
        torch.set_printoptions(profile="default")



# ------------------------------------------------------------------------ float32 sqrt
def _bits(lo, hi):
    return np.arange(lo, hi, dtype=np.uint32).view(np.float32)


def _chunks(*arrays, size=1 << 20):
    """The same elements of ``arrays`` (of one length), a million at a time: the checks
    below cover every float of whole binades, and each of their float64 temporaries over
    16 million floats cost a fresh 128 MB mapping (its page faults: seconds of system
    time, issue 30) where a million-float one reuses the same memory."""
    n = len(arrays[0])
    for i in range(0, n, size):
        yield tuple(a[i:i + size] for a in arrays) if len(arrays) > 1 else arrays[0][i:i + size]


@pytest.fixture(scope="module")
def two_binades():
    """Every float32 in [1, 4), read-only (shared by the module's tests)."""
    x = _bits(np.float32(1.0).view(np.int32), np.float32(4.0).view(np.int32))
    x.flags.writeable = False
    return x


def _same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return (a.view(np.int32) == b.view(np.int32)) | (np.isnan(a) & np.isnan(b))


def test_the_rsqrt_table_is_a_12_bit_approximation():
    assert RSQRT_TABLE.shape == (8192,) and RSQRT_TABLE.dtype == np.float32
    x = np.concatenate([1 + np.arange(4096) / 4096, 2 + np.arange(4096) / 2048]) + 2 ** -13
    rel = RSQRT_TABLE.astype(np.float64) * np.sqrt(x) - 1
    assert np.abs(rel).max() < 2 ** -11
    assert (RSQRT_TABLE.view(np.int32) & 0x7FF == 0).all()   # 12 bits, as rsqrtps gives


def test_float32_sqrt_is_within_three_quarters_of_an_ulp(two_binades):
    worst, rounded_otherwise = 0.0, 0
    for x in _chunks(two_binades):
        got = K._mkl_sqrt32(x).astype(np.float64)
        exact = np.sqrt(x.astype(np.float64))
        worst = max(worst, (np.abs(got - exact) / np.spacing(np.sqrt(x)).astype(np.float64)).max())
        rounded_otherwise += np.count_nonzero(got != np.sqrt(x))
    assert worst < 0.75
    # not the correctly rounded root
    assert 0.1 < rounded_otherwise / two_binades.size < 0.25


def test_the_rsqrt14_table_is_a_14_bit_approximation(two_binades):
    from gradstudio.engine._cpu_kernels.rsqrt14 import rsqrt14
    x = two_binades
    r = rsqrt14(x)
    for xs, rs in _chunks(x, r):
        assert np.abs(rs.astype(np.float64) * np.sqrt(xs.astype(np.float64)) - 1).max() < 2 ** -14
    assert (r.view(np.int32) & 0x7F == 0).all()        # multiples of 2**-17 in [0.5, 1]
    # the exponent is halved: each binade pair repeats the table scaled by 2**-1
    for scale in (2.0 ** -100, 2.0 ** -2, 2.0 ** 2, 2.0 ** 100):
        np.testing.assert_array_equal(rsqrt14(x[::97] * np.float32(scale)),
                                      r[::97] / np.float32(np.sqrt(scale)))


def test_both_float32_sqrt_kernels_stay_within_three_quarters_of_an_ulp(two_binades):
    from gradstudio.engine._cpu_kernels.rsqrt14 import mkl_sqrt32_avx512
    x = two_binades[::7]
    exact = np.sqrt(x.astype(np.float64))
    got = mkl_sqrt32_avx512(x).astype(np.float64)
    err = np.abs(got - exact) / np.spacing(np.sqrt(x)).astype(np.float64)
    assert err.max() < 0.6 and 0.002 < (got != np.sqrt(x)).mean() < 0.02


def _torchs_sqrt(x, theirs):
    """The engine's root has torch's bits where it reproduces MKL's path (its generic
    kernels, or Intel's AVX-512 one); on another Intel processor (``cpu_paths``) it is
    the correctly rounded root, within an ulp of torch's. (The engine's kernel is given
    ``x`` in ``_chunks``: elementwise, so the same roots.)"""
    for x, theirs in _chunks(x, theirs):
        ours = K.sqrt(x, exact=True)
        if MKL_GENERIC or MKL_AVX512:
            assert _same_bits(ours, theirs).all()
        else:
            assert _same_bits(ours, np.sqrt(x)).all()
            finite = np.isfinite(theirs)
            assert _same_bits(ours[~finite], theirs[~finite]).all()
            np.testing.assert_array_max_ulp(ours[finite], theirs[finite], maxulp=1)


def test_float32_sqrt_matches_torch_on_every_float_of_two_binades(torch, two_binades):
    x = two_binades
    _torchs_sqrt(x, torch.from_numpy(x.copy()).sqrt().numpy())


def test_float32_sqrt_matches_torch_at_the_edges(torch):
    edges = [_bits(0, 0x01000000),                        # 0, subnormals, the first binade
             _bits(0x7F000000, 0x7F800001),               # the last binade and inf
             _bits(0x7F800001, 0x7F800100),               # NaNs
             _bits(0x80000000, 0x80001000), np.float32([-1.0, -np.inf, -3e38])]
    rng = np.random.default_rng(0)
    edges.append(rng.integers(0, 2 ** 32, 2_000_000, dtype=np.int64).astype(np.uint32)
                 .view(np.float32))
    for exponent in range(1, 255):                        # each binade's first floats
        edges.append(_bits(exponent << 23, (exponent << 23) + 4096))
    x = np.concatenate(edges)
    with np.errstate(invalid="ignore"):
        _torchs_sqrt(x, torch.from_numpy(x).sqrt().numpy())


@pytest.mark.parametrize("n", [1, 7, 12, 33, 20005])
def test_float32_sqrt_matches_torch_at_any_length(torch, n):
    x = np.random.default_rng(n).random(n).astype(np.float32) * 10
    assert_torchs_bits(E.from_numpy(x).sqrt().numpy(), torch.from_numpy(x).sqrt().numpy())
    assert_torchs_bits(E.from_numpy(x.copy()).sqrt_().numpy(),
                       torch.from_numpy(x.copy()).sqrt_().numpy())


def test_logsumexp_computes_as_pytorch_so_it_mostly_agrees_to_the_last_bit(torch):
    """``logsumexp`` is PyTorch's ``exp(x - amax)``, its sum's order, ``log``, ``+ amax``
    through these kernels (with numpy's exp, sum and log a fifth of the results were a
    last digit apart: a softmax regression's printed loss drifted from torch's)."""
    rng = np.random.default_rng(32)
    x = (rng.standard_normal((600, 5)) * rng.choice([0.1, 1.0, 5.0], (600, 1))).astype(np.float32)
    theirs = torch.from_numpy(x).logsumexp(1).numpy()
    ours = E.tensor(x).logsumexp(1).numpy()
    assert np.mean(ours != theirs) < 0.06


def test_the_mkl_path_follows_the_processors_vendor():
    """MKL runs its generic kernels on every processor but Intel's: there the engine
    reproduces them (the table's square root, products in their orders); on Intel's it
    takes MKL's AVX-512 root (``rsqrt14``) and products (``avx512_gemm``), or else the
    correctly rounded root and numpy's products (``_cpu_kernels/cpu.py``)."""
    from gradstudio.engine._cpu_kernels import cpu
    from gradstudio.engine._cpu_kernels.avx512_gemm import sgemm
    from gradstudio.engine._cpu_kernels.gemm_order import generic_matmul
    assert cpu.MKL_GENERIC == (cpu.vendor() != "GenuineIntel")
    rng = np.random.default_rng(5)
    x = (rng.random(1000) * 10).astype(np.float32)
    a, b = (rng.standard_normal(s).astype(np.float32) for s in ((2, 40), (40, 3)))
    root, product = E.from_numpy(x).sqrt().numpy(), (E.from_numpy(a) @ E.from_numpy(b)).numpy()
    from gradstudio.engine._cpu_kernels.rsqrt14 import mkl_sqrt32_avx512
    if cpu.MKL_GENERIC:
        assert _same_bits(root, K._mkl_sqrt32(x)).all()
        assert np.array_equal(product, generic_matmul(a, b))
    else:
        # (Intel's AVX-512 root is reproduced: rsqrt14; another Intel's is not)
        assert _same_bits(root, mkl_sqrt32_avx512(x) if MKL_AVX512 else np.sqrt(x)).all()
        assert np.array_equal(product, sgemm(a, b) if MKL_AVX512 else np.matmul(a, b))
    assert not _same_bits(K._mkl_sqrt32(x), np.sqrt(x)).all()     # (the two paths differ)
