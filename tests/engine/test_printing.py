"""format_tensor must print exactly what repr(torch.Tensor) prints.

The parity tests build arrays for every dtype (seeded random values plus edge cases),
format them with format_tensor and with torch, and compare strings. The literal tests
at the end pin a few outputs (checked against torch 2.13) so the module is tested
without torch too.
"""
import numpy as np
import pytest

from gradstudio.engine._types import dtype as _dtype
from gradstudio.engine._tensor_class.printing import (format_tensor, get_printoptions,
                                                     printoptions, set_printoptions)

FLOATS = [_dtype.float16, _dtype.float32, _dtype.float64]
INTS = [_dtype.uint8, _dtype.int8, _dtype.int16, _dtype.int32, _dtype.int64]
ALL = [_dtype.bool_, *INTS, *FLOATS]

SHAPES = [(), (0,), (0, 3), (3, 0, 2), (1,), (5,), (3, 4), (2, 3, 4), (2, 1, 2, 3),
          (1001,), (40, 40), (3, 500), (30, 30, 2), (7, 1)]
SMALL_SHAPES = [(), (0,), (0, 3), (1,), (5,), (12,), (3, 4), (2, 3, 4), (8, 3)]

FLOAT_KINDS = ["normal", "tiny", "small", "large", "huge", "integral", "nonfinite",
               "only_nonfinite", "zeros", "wide_range", "positive"]
INT_KINDS = ["small", "full_range", "extremes"]


@pytest.fixture
def torch():
    torch = pytest.importorskip("torch")
    yield torch
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)


@pytest.fixture(autouse=True)
def _restore_defaults():
    yield
    set_printoptions(profile="default")
    _dtype.set_default_dtype(_dtype.float32)


def _values(kind, shape, dt, seed):
    """An array of `shape` and engine dtype `dt` for the named kind of values."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    if dt is _dtype.bool_:
        return rng.random(shape) < 0.5
    if dt in INTS:
        info = np.iinfo(dt.np)
        if kind == "small":
            lo, hi = max(info.min, -20), 20
            return rng.integers(lo, hi, size=shape, endpoint=True).astype(dt.np)
        if kind == "full_range":
            return rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=dt.np)
        picks = np.array([info.min, info.max, 0, 1], dtype=dt.np)
        return rng.choice(picks, size=shape)
    x = rng.standard_normal(shape)
    scale = {"tiny": 1e-9, "small": 1e-3, "large": 1e5, "huge": 1e12}.get(kind)
    if scale is not None:
        x = x * scale
    elif kind == "integral":
        x = np.round(x * 50)
    elif kind == "nonfinite":
        flat = x.reshape(-1)
        specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0])
        idx = rng.choice(n, size=min(n, 5), replace=False)
        flat[idx] = specials[: len(idx)]
    elif kind == "only_nonfinite":
        x = rng.choice(np.array([np.nan, np.inf, -np.inf, -0.0]), size=shape)
    elif kind == "zeros":
        x = np.zeros(shape)
    elif kind == "wide_range":
        x = x * 10.0 ** rng.integers(-6, 7, size=shape)
    elif kind == "positive":
        x = rng.random(shape) * 10
    with np.errstate(over="ignore"):  # float16 turns huge values into inf, as torch does
        return np.asarray(x).astype(dt.np)


def _kinds(dt):
    if dt is _dtype.bool_:
        return ["random"]
    return INT_KINDS if dt in INTS else FLOAT_KINDS


CASES = [(dt, kind) for dt in ALL for kind in _kinds(dt)]


def _case_id(case):
    return f"{case[0].name}-{case[1]}"


def _mismatches(torch, dt, kind, shapes, seed=0, **variant):
    """(shape, ours, theirs) for every shape where the two reprs differ."""
    bad = []
    for shape in shapes:
        arr = _values(kind, shape, dt, seed)
        t = torch.tensor(arr, dtype=getattr(torch, dt.name))
        if variant.get("grad_fn"):
            t = t.requires_grad_() * 1
            ours = format_tensor(arr, dt, grad_fn_name="MulBackward0")
        else:
            req = variant.get("requires_grad", False)
            t.requires_grad_(req)
            ours = format_tensor(arr, dt, requires_grad=req)
        theirs = repr(t)
        if ours != theirs:
            bad.append((shape, ours, theirs))
    return bad


def _report(bad):
    if not bad:
        return ""
    shape, ours, theirs = bad[0]
    return f"{len(bad)} mismatches; first for shape {shape}:\nours:\n{ours}\ntorch:\n{theirs}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_matches_torch(torch, case):
    dt, kind = case
    for seed in (0, 1):
        bad = _mismatches(torch, dt, kind, SHAPES, seed=seed)
        assert not bad, _report(bad)


@pytest.mark.parametrize("case", [c for c in CASES if c[0].is_floating_point], ids=_case_id)
@pytest.mark.parametrize("variant", ["requires_grad", "grad_fn"])
def test_grad_suffixes_match_torch(torch, case, variant):
    dt, kind = case
    bad = _mismatches(torch, dt, kind, SMALL_SHAPES + [(1001,), (3, 500)], **{variant: True})
    assert not bad, _report(bad)


@pytest.mark.parametrize("dt", [_dtype.float32, _dtype.float64], ids=lambda d: d.name)
def test_suffix_wraps_to_next_line_like_torch(torch, dt):
    # Lengths 1..39 walk the last line across the 80-column limit for each suffix set.
    for n in range(1, 40):
        arr = np.full(n, 1.2345, dtype=dt.np)
        leaf = torch.tensor(arr, requires_grad=True)
        assert format_tensor(arr, dt, requires_grad=True) == repr(leaf)
        assert format_tensor(arr, dt, grad_fn_name="MulBackward0") == repr(leaf * 1)


def test_grad_fn_takes_precedence_over_requires_grad(torch):
    arr = np.array([1.0, 2.0], dtype=np.float32)
    out = torch.tensor(arr, requires_grad=True) * 1
    assert out.requires_grad
    assert format_tensor(arr, _dtype.float32, requires_grad=True,
                         grad_fn_name="MulBackward0") == repr(out)


def test_tensor_class_name_matches_subclass_repr(torch):
    class Foo(torch.Tensor):
        pass

    for dt in [_dtype.int64, _dtype.float32, _dtype.float64]:
        for shape in [(3,), (2, 20), (0, 2)]:
            arr = _values(_kinds(dt)[0], shape, dt, 0)
            t = torch.tensor(arr).as_subclass(Foo)
            assert format_tensor(arr, dt, tensor_class_name="Foo") == repr(t)
            t = torch.tensor(arr).as_subclass(Foo).requires_grad_(dt.is_floating_point)
            assert format_tensor(arr, dt, tensor_class_name="Foo",
                                 requires_grad=dt.is_floating_point) == repr(t)


def test_non_contiguous_views_match_torch(torch):
    base = np.random.default_rng(3).standard_normal((6, 8)).astype(np.float32)
    tbase = torch.from_numpy(base)
    views = [(base.T, tbase.T), (base[::2, 1::3], tbase[::2, 1::3]), (base[:, 5], tbase[:, 5]),
             (base[2, 3], tbase[2, 3]), (base[::-1].copy()[::2], tbase.flip(0)[::2])]
    for arr, t in views:
        assert format_tensor(arr, _dtype.float32) == repr(t)


OPTIONS = [dict(precision=2), dict(precision=0), dict(precision=8),
           dict(precision=2, sci_mode=False), dict(sci_mode=True), dict(sci_mode=False),
           dict(linewidth=40), dict(linewidth=10), dict(threshold=5),
           dict(threshold=5, edgeitems=1), dict(threshold=5, edgeitems=0),
           dict(edgeitems=0), dict(threshold=0), dict(profile="short"),
           dict(profile="full"), dict(profile="default"), dict(profile="short", precision=6),
           dict(profile="full", linewidth=120, sci_mode=True)]


def _options_id(options):
    return ",".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("options", OPTIONS, ids=_options_id)
def test_printoptions_match_torch(torch, options):
    set_printoptions(**options)
    torch.set_printoptions(**options)
    assert get_printoptions() == torch._tensor_str.get_printoptions()
    shapes = SMALL_SHAPES + [(1001,), (40, 40), (2, 3, 500)]
    for dt, kind in CASES:
        bad = _mismatches(torch, dt, kind, shapes)
        assert not bad, f"{dt.name}-{kind}: " + _report(bad)
    for dt in FLOATS:
        bad = _mismatches(torch, dt, "normal", [(5,), (3, 4)], grad_fn=True)
        assert not bad, _report(bad)


def test_default_dtype_float64_changes_dtype_suffixes(torch):
    _dtype.set_default_dtype(_dtype.float64)
    torch.set_default_dtype(torch.float64)
    for dt in ALL:
        for shape in [(3,), (0,), (2, 0)]:
            bad = _mismatches(torch, dt, _kinds(dt)[0], [shape])
            assert not bad, _report(bad)


def test_get_printoptions_defaults_match_torch(torch):
    assert get_printoptions() == torch._tensor_str.get_printoptions()
    set_printoptions(profile="full")
    torch.set_printoptions(profile="full")
    assert get_printoptions() == torch._tensor_str.get_printoptions()


# --- literal expectations (verified against torch 2.13; run without torch) ---

def _fmt(values, dt, **kw):
    return format_tensor(np.array(values, dtype=dt.np), dt, **kw)


def test_literal_fixed_and_nonfinite():
    assert (_fmt([1.5, -0.0, np.inf, np.nan], _dtype.float32)
            == "tensor([1.5000, -0.0000,    inf,    nan])")
    assert _fmt(3.25, _dtype.float32) == "tensor(3.2500)"


def test_literal_integral_floats_and_matrix():
    assert (_fmt([[1, 2, 3], [-4, 5, 6]], _dtype.float32)
            == "tensor([[ 1.,  2.,  3.],\n        [-4.,  5.,  6.]])")


def test_literal_dtype_suffixes():
    assert _fmt([0.1, 0.25], _dtype.float64) == "tensor([0.1000, 0.2500], dtype=torch.float64)"
    assert _fmt([1, 200, 30], _dtype.uint8) == "tensor([  1, 200,  30], dtype=torch.uint8)"
    assert _fmt([True, False], _dtype.bool_) == "tensor([ True, False])"
    assert _fmt([1e-10, 1e10], _dtype.float64) == (
        "tensor([1.0000e-10, 1.0000e+10], dtype=torch.float64)")


def test_literal_empty():
    assert format_tensor(np.zeros((0, 3), np.int64), _dtype.int64) == (
        "tensor([], size=(0, 3), dtype=torch.int64)")
    assert format_tensor(np.zeros(0, np.float32), _dtype.float32) == "tensor([])"


def test_literal_grad_suffixes():
    assert _fmt([1, 2], _dtype.float32, grad_fn_name="MulBackward0") == (
        "tensor([1., 2.], grad_fn=<MulBackward0>)")
    assert _fmt([1, 2], _dtype.float16, requires_grad=True) == (
        "tensor([1., 2.], dtype=torch.float16, requires_grad=True)")


def test_literal_summary_and_wrapping():
    assert format_tensor(np.arange(1001), _dtype.int64) == (
        "tensor([   0,    1,    2,  ...,  998,  999, 1000])")
    row = ", ".join(["1.2345"] * 9)
    assert _fmt([1.2345] * 10, _dtype.float32) == f"tensor([{row},\n        1.2345])"


def test_literal_set_printoptions_and_context_manager():
    set_printoptions(precision=2)
    assert _fmt([1.12345, 2.0], _dtype.float32) == "tensor([1.12, 2.00])"
    set_printoptions(profile="default")
    with printoptions(threshold=5, edgeitems=0):
        assert format_tensor(np.arange(10), _dtype.int64) == "tensor([...], size=(10,))"
        assert get_printoptions()["threshold"] == 5
    assert get_printoptions() == {"precision": 4, "threshold": 1000, "edgeitems": 3,
                                  "linewidth": 80, "sci_mode": None}


def test_literal_custom_class_name_indents_continuation_lines():
    out = _fmt([[1, 2], [3, 4]], _dtype.float32, tensor_class_name="Parameter")
    assert out == "Parameter([[1., 2.],\n           [3., 4.]])"
