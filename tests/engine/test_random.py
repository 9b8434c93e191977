"""The engine's random generator against torch's CPU generator.

Every comparison is bit-exact (np.array_equal): torch's stream is mt19937 plus
deterministic float arithmetic, and _random reproduces each rounding step.
"""
import numpy as np
import pytest

from gradstudio.engine._cpu_kernels import generator as _random

SEEDS = [0, 1, 42, 2 ** 31, 2 ** 32 + 5, 67280421310721, 2 ** 64 - 1, -7]
SHAPES = [(), (1,), (2, 2), (15,), (16,), (17,), (31,), (33,), (3, 5, 7), (1000,), (0,), (2, 0, 3)]
DTYPES = [np.float32, np.float64, np.float16]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


def _pair(torch, seed):
    return _random.Generator(seed), torch.Generator().manual_seed(seed)


def _tdtype(torch, dt):
    return {np.float16: torch.float16, np.float32: torch.float32, np.float64: torch.float64}[dt]


def _same(ours, theirs):
    theirs = theirs.numpy()
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
    assert ours.flags.c_contiguous
    np.testing.assert_array_equal(ours, theirs, strict=True)


# ---- against torch ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("dt", DTYPES)
def test_rand_and_randn_match_torch(torch, seed, dt):
    for shape in SHAPES:
        ours, theirs = _pair(torch, seed)
        _same(ours.rand(shape, dt), torch.rand(shape, generator=theirs, dtype=_tdtype(torch, dt)))
        ours, theirs = _pair(torch, seed)
        _same(ours.randn(shape, dt), torch.randn(shape, generator=theirs, dtype=_tdtype(torch, dt)))


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_interleaved_calls_share_one_stream_and_the_cached_normal(torch, seed):
    # Odd-sized scalar-path normals leave a cached value that later calls must consume.
    ours, theirs = _pair(torch, seed)
    calls = [("randn", (3,), np.float64), ("rand", (5,), np.float32), ("randn", (1,), np.float32),
             ("randn", (17,), np.float32), ("randn", (1,), np.float64),
             ("rand", (2, 2), np.float64),
             ("randn", (), np.float64), ("randn", (33,), np.float64), ("randn", (7,), np.float16),
             ("randn", (40,), np.float16), ("rand", (3,), np.float16), ("randn", (2,), np.float32)]
    for name, shape, dt in calls * 3:
        got = getattr(ours, name)(shape, dt)
        _same(got, getattr(torch, name)(shape, generator=theirs, dtype=_tdtype(torch, dt)))
        np.testing.assert_array_equal(ours.get_state(), theirs.get_state().numpy())


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("shape", [(7,), (16,), (37,), (100003,)])
def test_uniform_and_normal_with_parameters(torch, dt, shape):
    # float32/float64 apply mean/std and from/to with a fused multiply-add, like torch.
    for low, high in [(-2.5, 3.7), (10.0, 10.0), (-1e-3, 6e4), (0.1, 0.3), (-3e38, 1e38)]:
        ours, theirs = _pair(torch, 3)
        try:
            want = torch.empty(shape, dtype=_tdtype(torch, dt))
            want.uniform_(low, high, generator=theirs)
        except RuntimeError:                  # out of the dtype's range: we refuse it too
            with pytest.raises(ValueError):
                ours.uniform(shape, low, high, dt)
            continue
        _same(ours.uniform(shape, low, high, dt), want)
    for mean, std in [(1.5, 0.3), (-4.0, 0.0), (0.0, 1.0), (1e-3, 7.25)]:
        ours, theirs = _pair(torch, 4)
        want = torch.empty(shape, dtype=_tdtype(torch, dt)).normal_(mean, std, generator=theirs)
        _same(ours.normal(shape, mean, std, dt), want)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_large_normal_fill_matches_torch(torch, dt):
    # Many cache-sized blocks plus a tail redone with fresh uniforms.
    for n in (65536 + 16 * 5 + 9, 200000):
        ours, theirs = _pair(torch, 11)
        _same(ours.randn((n,), dt), torch.randn(n, generator=theirs, dtype=_tdtype(torch, dt)))
        _same(ours.rand((n,), dt), torch.rand(n, generator=theirs, dtype=_tdtype(torch, dt)))


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_randint_and_randperm_match_torch(torch, seed):
    ours, theirs = _pair(torch, seed)
    # ranges below 2**28 use one 32-bit draw per element, larger ones a 64-bit draw
    for low, high, shape in [(0, 10, (5,)), (-5, 5, (3, 4)), (0, 2 ** 28 - 1, (7,)),
                             (0, 2 ** 28, (7,)), (-2 ** 63, 2 ** 63 - 1, (9,)), (3, 4, ()),
                             (-2 ** 40, 2 ** 40, (50,)), (0, 5, (0,))]:
        _same(ours.randint(low, high, shape), torch.randint(low, high, shape, generator=theirs))
    for n in (0, 1, 2, 10, 1000):
        _same(ours.randperm(n), torch.randperm(n, generator=theirs))
    _same(ours.rand((3,), np.float32), torch.rand(3, generator=theirs))


def test_state_is_torchs_byte_layout_both_ways(torch):
    ours, theirs = _pair(torch, 5)
    np.testing.assert_array_equal(ours.get_state(), theirs.get_state().numpy())
    ours.randn((3,), np.float64)              # leaves a cached normal
    torch.randn(3, generator=theirs, dtype=torch.float64)
    state = ours.get_state()
    np.testing.assert_array_equal(state, theirs.get_state().numpy())
    # our state drives torch, and torch's drives ours
    t2 = torch.Generator()
    t2.set_state(torch.from_numpy(state))
    _same(_random.Generator(0).set_state(theirs.get_state().numpy()).randn((5,), np.float64),
          torch.randn(5, generator=t2, dtype=torch.float64))


def test_seeding_matches_torch(torch):
    for s in (-1, -5, 2 ** 63, 2 ** 64 - 1, 2 ** 32):
        ours, theirs = _pair(torch, s)
        assert ours.initial_seed() == theirs.initial_seed()
        _same(ours.rand((4,), np.float32), torch.rand(4, generator=theirs))
    ours, theirs = _random.Generator(), torch.Generator()
    assert ours.initial_seed() == theirs.initial_seed() == 67280421310721
    _same(ours.randn((5,), np.float32), torch.randn(5, generator=theirs))


# ---- without torch: values checked against torch 2.13 once ------------------------------

def test_literal_values():
    g = _random.manual_seed(0)
    assert g is _random.default_generator and _random.initial_seed() == 0
    assert g.rand((3,), np.float32).tolist() == [0.49625658988952637, 0.7682217955589294,
                                                 0.08847743272781372]
    assert g.randn((3,), np.float64).tolist() == [0.3643381903341592, 0.1343963285536275,
                                                  0.16421624509485797]
    assert [float.hex(v) for v in g.randn((2,), np.float64).tolist()] == [
        "0x1.39196ac0813a6p-2", "0x1.ae0a79ffe708cp-3"]
    g = _random.Generator(42)
    assert g.randint(0, 100, (6,)).tolist() == [42, 67, 76, 14, 26, 35]
    assert g.randperm(8).tolist() == [4, 6, 1, 2, 3, 0, 5, 7]
    assert g.randn((16,), np.float32)[:4].tolist() == [-1.2082147598266602, -0.4776674509048462,
                                                        0.5201311707496643, 1.6423169374465942]
    assert _random.Generator().rand((2,), np.float64).tolist() == [0.13836205913224875,
                                                                   0.6823109470364002]


def test_state_round_trip_and_reseeding():
    g = _random.Generator(9)
    g.randn((5,), np.float64)
    state = g.get_state()
    first = (g.randn((3,), np.float64), g.rand((20,), np.float32))
    g.set_state(state)
    np.testing.assert_array_equal(g.randn((3,), np.float64), first[0])
    np.testing.assert_array_equal(g.rand((20,), np.float32), first[1])
    _random.set_rng_state(state)
    np.testing.assert_array_equal(_random.default_generator.randn((3,), np.float64), first[0])
    assert g.manual_seed(9) is g
    np.testing.assert_array_equal(g.get_state(), _random.Generator(9).get_state())
    a, b = _random.seed(), _random.seed()
    assert a != b and _random.initial_seed() == b


def test_outputs_are_fresh_arrays_of_the_requested_shape():
    g = _random.Generator(1)
    for shape in [(), (0,), (2, 0), (4, 5)]:
        for out in (g.rand(shape, np.float32), g.randn(shape, np.float64),
                    g.uniform(shape, 1, 2, np.float16), g.normal(shape, 1, 2, np.float32)):
            assert out.shape == shape and out.flags.c_contiguous and out.flags.writeable
        assert g.randint(0, 3, shape).dtype == np.int64
    x = g.uniform((10000,), -1.0, 1.0, np.float16)
    assert x.min() >= -1 and x.max() < 1


def test_bad_arguments_say_what_to_do():
    g = _random.Generator(0)
    with pytest.raises(ValueError, match="from <= to"):
        g.uniform((2,), 1.0, 0.0, np.float32)
    with pytest.raises(ValueError, match="std >= 0.0"):
        g.normal((2,), 0.0, -1.0, np.float32)
    with pytest.raises(ValueError, match="low < high"):
        g.randint(5, 5, (2,))
    with pytest.raises(ValueError, match="64 bits"):
        g.manual_seed(2 ** 64)
    with pytest.raises(TypeError):
        g.manual_seed(1.5)
    with pytest.raises(NotImplementedError, match="\"check_uniform_bounds\" not implemented "
                       "for 'Int'"):          # (PyTorch's words for torch.rand(2, dtype=int32))
        g.rand((2,), np.int32)
    with pytest.raises(ValueError, match="5056 bytes"):
        g.set_state(np.zeros(10, np.uint8))
