"""``torch.save``/``torch.load`` as PyTorch's: round trips through files and
``io.BytesIO`` of tensors (every dtype, 0-d, views, requires_grad), parameters, a model's
and an optimizer's state_dict (training resumed from a checkpoint continues exactly),
nested dicts, lists, tuples, sets, bytes, dtypes and sizes; the weights-only refusal of
other objects in torch's words. Files cross over: what real torch saves loads in the
engine and what the engine saves loads in real torch, with the same values and types.
The engine never unpickles an arbitrary object, even with ``weights_only=False``."""
import datetime
import io

import numpy as np
import pytest

import parity

P, prog = parity.table()

prog("save_load_round_trips", """
    import io, os, tempfile
    torch.manual_seed(0)
    x = torch.randn(2, 3)
    objs = {"x": x, "row": x[1], "col": x[:, 2], "scalar": torch.tensor(3.5, dtype=torch.float64),
            "ints": torch.arange(5), "i32": torch.tensor([1, -2], dtype=torch.int32),
            "u8": torch.tensor([0, 255], dtype=torch.uint8), "mask": x > 0,
            "half": torch.tensor([0.5, 1.5], dtype=torch.float16),
            "w": torch.ones(2, requires_grad=True), "p": torch.nn.Parameter(torch.zeros(3)),
            "nested": [1, 2.5, "three", (4, None, True), {"k": [torch.ones(1)]}],
            "dtype": torch.float64, "size": torch.Size([4, 5]), "raw": b"ab", "set": {3, 4}}
    buf = io.BytesIO()
    torch.save(objs, buf)
    buf.seek(0)
    back = torch.load(buf)
    for k, v in back.items():
        print(k, v, type(v).__name__, getattr(v, "dtype", None), getattr(v, "requires_grad", None))
    path = os.path.join(tempfile.mkdtemp(), "ckpt.pt")
    torch.save(x, path)
    print(torch.load(path), torch.load(path, map_location="cpu"), torch.load(path, weights_only=True))
    print(torch.load(path, map_location=torch.device("cpu")).shape)
""")

prog("checkpoint_and_resume_training", """
    import io
    torch.manual_seed(1)
    X, y = torch.randn(16, 3), torch.randn(16, 1)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    def train(model, opt, n):
        for _ in range(n):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
        return loss
    train(model, opt, 5)
    buf = io.BytesIO()
    torch.save({"epoch": 5, "model": model.state_dict(), "opt": opt.state_dict()}, buf)
    buf.seek(0)
    ckpt = torch.load(buf)
    print(sorted(ckpt), list(ckpt["model"]), ckpt["opt"]["param_groups"])
    print(ckpt["opt"]["state"][0]["step"], ckpt["opt"]["state"][0]["exp_avg"])
    model2 = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    opt2 = torch.optim.Adam(model2.parameters(), lr=0.5)
    print(model2.load_state_dict(ckpt["model"]))
    opt2.load_state_dict(ckpt["opt"])
    a, b = train(model, opt, 5), train(model2, opt2, 5)
    print(a, b, torch.equal(model[0].weight, model2[0].weight), opt2.param_groups[0]["lr"])
    check(a, b)
""")

prog("weights_only_refuses_other_objects", """
    import io, datetime
    buf = io.BytesIO()
    torch.save({"when": datetime.date(2024, 1, 2), "t": torch.ones(1)}, buf)
    buf.seek(0)
    try:
        torch.load(buf)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        torch.load(buf, weights_only=True)
    except Exception as e:
        print(type(e).__name__, str(e)[-120:])
""")

prog("views_load_sharing_their_storage", """
    import io
    base = torch.arange(12.).reshape(3, 4)
    buf = io.BytesIO()
    torch.save({"base": base, "row": base[1], "col": base[:, 2], "t": base.t(),
                "tail": base.view(-1)[5:], "other": torch.ones(2)}, buf)
    buf.seek(0)
    d = torch.load(buf)
    d["base"][1, 2] = -1.0
    print(d["row"], d["col"], d["tail"], d["t"])
    print(d["col"].stride(), d["col"].is_contiguous(), d["t"].stride(), d["col"]._base)
    d["other"].add_(1)
    print(d["other"], d["base"][0])
""")

prog("an_object_it_cannot_find_is_refused_in_torchs_words", """
    import io
    class Local:
        pass
    try:
        torch.save({"x": Local()}, io.BytesIO())
    except Exception as e:
        print(type(e).__name__, e)
""")

prog("a_file_that_is_not_a_zip_checkpoint_fails_as_in_torch", """
    import io, os, pickle, tempfile
    d = tempfile.mkdtemp()
    def path(name, data):
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
        return os.path.join(d, name)
    whole = io.BytesIO(); torch.save({"a": torch.ones(3)}, whole)
    files = {"text": path("t.pt", b"hello world\\n"), "empty": path("e.pt", b""),
             "truncated zip": path("z.pt", whole.getvalue()[:len(whole.getvalue()) // 2]),
             "plain pickle 2": path("p2.pkl", pickle.dumps({"a": [1, 2]}, protocol=2)),
             "plain pickle 4": path("p4.pkl", pickle.dumps({"a": [1, 2]}, protocol=4)),
             "a global": path("g.pkl", pickle.dumps(print, protocol=2)),
             "zip without data.pkl": path("n.zip", b"PK\\x05\\x06" + bytes(18)),
             "missing": os.path.join(d, "missing.pt")}
    for label, f in files.items():
        for kw in ({}, {"weights_only": True}, {"weights_only": False})[:2 if label == "a global" else 3]:
            try:
                print(label, kw, torch.load(f, **kw))
            except Exception as e:
                print(label, kw, type(e).__module__, type(e).__name__, str(e).replace(d, "<dir>"))
    for data in (b"garbage", b"", b"\\x80\\x02K\\x05."):
        try:
            print(torch.load(io.BytesIO(data)))
        except Exception as e:
            print(data, type(e).__module__, type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


def _sample(lib):
    lib.manual_seed(0)
    model = lib.nn.Linear(3, 2)
    opt = lib.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(lib.ones(1, 3)).sum().backward()
    opt.step()
    x = lib.randn(3, 4)
    return {"model": model.state_dict(), "opt": opt.state_dict(), "view": x[:, 1],
            "scalar": lib.tensor(2.5, dtype=lib.float64), "ints": lib.arange(4),
            "p": lib.nn.Parameter(lib.ones(2)), "list": [1, (2.0, "s"), None]}


def _plain(obj):
    """A comparable picture: tensors as (type name, dtype, shape, values, requires_grad)."""
    if hasattr(obj, "detach") and hasattr(obj, "dtype"):
        return (type(obj).__name__, str(obj.dtype), tuple(obj.shape),
                obj.detach().numpy().tolist(), obj.requires_grad)
    if isinstance(obj, dict):
        return (type(obj).__name__, {k: _plain(v) for k, v in obj.items()})
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, [_plain(v) for v in obj])
    return obj


@pytest.mark.parametrize("writer", ["torch", "engine"])
def test_files_cross_between_torch_and_the_engine(tmp_path, writer):
    """A checkpoint either library saves loads in the other with the same values, dtypes,
    shapes, requires_grad and container types."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    libs = {"torch": torch, "engine": engine}
    reader = libs["engine" if writer == "torch" else "torch"]
    path = tmp_path / "ckpt.pt"
    libs[writer].save(_sample(libs[writer]), str(path))
    expected = _plain(_sample(libs[writer]))
    assert _plain(reader.load(str(path))) == expected
    buf = io.BytesIO()
    libs[writer].save(_sample(libs[writer]), buf)
    buf.seek(0)
    assert _plain(reader.load(buf)) == expected


@pytest.mark.parametrize("writer", ["torch", "engine"])
def test_shared_storage_crosses_between_torch_and_the_engine(writer):
    """A view saved with its base loads sharing memory with it in the other library."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    libs = {"torch": torch, "engine": engine}
    lib, reader = libs[writer], libs["engine" if writer == "torch" else "torch"]
    base = lib.arange(12.).reshape(3, 4)
    buf = io.BytesIO()
    lib.save([base, base[:, 1], base.t()], buf)
    buf.seek(0)
    b, col, t = reader.load(buf)
    b[2, 1] = 100.0
    assert col.tolist() == [1.0, 5.0, 100.0] and col.stride() == (4,)
    assert t[1, 2].item() == 100.0 and t.stride() == (1, 4)


def test_the_engine_never_unpickles_other_objects_even_when_asked_to(tmp_path):
    """``weights_only=False`` is refused in words for anything beyond the allow-list,
    rather than running a checkpoint's code."""
    import pickle
    import gradstudio.engine as engine
    buf = io.BytesIO()
    engine.save({"when": datetime.date(2024, 1, 2)}, buf)
    buf.seek(0)
    with pytest.raises(pickle.UnpicklingError, match="loads only tensors, state dicts"):
        engine.load(buf, weights_only=False)


def test_add_safe_globals_allows_exactly_what_it_names():
    import pickle
    import gradstudio.engine as engine
    buf = io.BytesIO()
    engine.save([datetime.date(2024, 1, 2)], buf)
    with engine.serialization.safe_globals([datetime.date]):
        buf.seek(0)
        assert engine.load(buf) == [datetime.date(2024, 1, 2)]
    buf.seek(0)
    with pytest.raises(pickle.UnpicklingError, match="GLOBAL datetime.date was not an allowed"):
        engine.load(buf)


def test_storages_are_aligned_as_torch_writes_them():
    import zipfile
    import gradstudio.engine as engine
    buf = io.BytesIO()
    engine.save({"a": engine.ones(3), "b": engine.arange(5)}, buf)
    archive = zipfile.ZipFile(buf)
    names = archive.namelist()
    assert names == ["archive/data.pkl", "archive/.format_version", "archive/.storage_alignment",
                     "archive/byteorder", "archive/data/0", "archive/data/1", "archive/version",
                     "archive/.data/serialization_id"]
    raw = buf.getvalue()
    for info in archive.infolist():
        start = info.header_offset + 30 + len(info.filename) + \
            int.from_bytes(raw[info.header_offset + 28:info.header_offset + 30], "little")
        assert start % 64 == 0, info.filename
    assert np.frombuffer(archive.read("archive/data/1"), np.int64).tolist() == [0, 1, 2, 3, 4]


def test_a_number_that_pickles_as_a_plain_number_is_saved_as_one():
    """The tracer hands a script ``loss.item()`` as a float subclass that reduces to the
    plain float; a checkpoint holding it must load with weights-only reading, as the
    script's plain float does under torch. Other float subclasses keep their reduction
    (numpy's float64 is refused by weights-only loading, as in torch)."""
    import pickle
    import gradstudio.engine as engine

    class Number(float):
        def __reduce__(self):
            return float, (float(self),)
    buf = io.BytesIO()
    engine.save({"loss": Number(0.25), "epoch": 3}, buf)
    buf.seek(0)
    back = engine.load(buf)
    assert back == {"loss": 0.25, "epoch": 3} and type(back["loss"]) is float
    buf = io.BytesIO()
    engine.save({"loss": np.float64(0.25)}, buf)
    buf.seek(0)
    with pytest.raises(pickle.UnpicklingError):
        engine.load(buf)


def test_a_legacy_checkpoint_torch_wrote_loads_in_the_engine(tmp_path):
    """A file real torch saved in its legacy (pre-1.6, not zip) format loads with the same
    values, dtypes and container types, from a path and from a stream."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    path = tmp_path / "legacy.pt"
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    sample = {"model": model.state_dict(), "ints": torch.arange(4), "x": torch.randn(2, 3),
              "list": [1, (2.0, "s"), None], "scalar": torch.tensor(2.5, dtype=torch.float64)}
    torch.save(sample, str(path), _use_new_zipfile_serialization=False)
    with open(path, "rb") as f:
        assert f.read(4) != b"PK\x03\x04"
    expected = _plain(sample)
    assert _plain(engine.load(str(path))) == expected
    with open(path, "rb") as f:
        assert _plain(engine.load(f, weights_only=False)) == expected
