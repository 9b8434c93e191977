"""A number read from a tensor stays a number read from a tensor through ``int(...)``,
``float(...)``, ``round(...)`` and ``math.floor``: fed back into a tensor operation (an
index, a size, a factor) the part it makes is recorded, marked with its line, never drawn
with the traced value frozen as a constant (which editing upstream would silently keep).
Numbers that never came from a tensor are drawn as before."""
import pytest
from trace_jobs import dedent, outcomes

from gradstudio.document import Document

WORDS = ("a number read from a tensor (such as loss.item() or x.tolist()) is used to "
         "compute a new tensor, which cannot be drawn yet")

HEAD = dedent("""
    import math
    import torch
    w = torch.tensor([0.5, -1.0, 2.0, 3.0], requires_grad=True)
    x = torch.tensor([0.1, 2.0, 0.3])
""")

# (what the script does at line 5, with x and w above)
FED_BACK = {
    "int_of_item_as_index": "k = int(x.argmax().item()); y = w[k] * 2",
    "int_of_a_tensor_as_index": "k = int(x.argmax()); y = w[k] * 2",
    "float_of_a_tensor_as_factor": "s = float(x.sum()); y = w * s",
    "int_of_item_as_size": "n = int(x.sum().item()); y = torch.ones(n) * w[0]",
    "round_of_item_as_factor": "r = round(x[0].item() * 10); y = w * r",
    "floor_of_item_as_size": "n = math.floor(x.sum().item()); y = w[:n] * 2",
    "float_in_a_function": "def f(t):\n    return float(t.max())\ny = w * f(x)",
    # read as a numpy array: every numpy value after it may hold the tensor's numbers
    "float_of_a_numpy_sum_as_factor": "s = float(x.numpy().sum()); y = w * s",
    "int_of_a_numpy_argmax_as_index": "k = int(x.numpy().argmax()); y = w[k] * 2",
    "numpy_mean_as_an_operand": "m = x.numpy().mean(); y = w * m",
    # numbers taken out of numpy with numpy's own methods, and by math's functions
    "numpy_item_as_factor": "a = x.detach().numpy(); s = a.sum().item(); y = w * s",
    "numpy_tolist_entry_as_factor": "vals = x.detach().numpy().tolist(); y = w * vals[0]",
    "numpy_item_as_index": "k = x.numpy().argmax().item(); y = w[k] * 2",
    "float_of_a_numpy_entry": "a = x.detach().numpy(); y = w * float(a[0])",
    "np_mean_as_an_operand": "import numpy as np; y = w * np.mean(x.numpy())",
    "numpy_float64_as_an_operand": "m = x.numpy().astype('float64').mean(); y = w * m",
    "numpy_ufunc_of_an_item": "import numpy as np; m = np.exp(x.sum().item()); y = w * m",
    "math_of_an_item_as_factor": "m = math.sqrt(x.sum().item()); y = w * m",
    "math_of_a_tensor_as_factor": "from math import log; y = w * log(x.sum())",
    # Python reads these letters as ``int`` (NFKC): the text-only shortcut must not skip it
    "fullwidth_int_of_item_as_index": "k = \uff49\uff4e\uff54(x.argmax().item()); y = w[k] * 2",
}


@pytest.fixture(scope="module")
def traced():
    sources = [HEAD + line + "\nprint(y)\n" for line in FED_BACK.values()]
    return dict(zip(FED_BACK, outcomes(sources)))


@pytest.mark.parametrize("name", FED_BACK)
def test_a_converted_number_fed_back_is_recorded_never_frozen(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is not None and WORDS in doc.trace_note, doc.trace_note
    line = 7 if name == "float_in_a_function" else 5
    assert f"Not drawn: line {line} (" in doc.trace_note, doc.trace_note
    y = [n for n in doc.nodes() if n.label == "y"]
    assert y == [] or y[0].recorded is not None


def test_numbers_that_never_came_from_a_tensor_are_still_drawn():
    (doc,) = outcomes([HEAD + dedent("""
        k = int(2.0); s = float(3); r = round(2.6); n = math.floor(3.5)
        y = w[k] * s * r + w[:n].sum()
        n_rows = int(x.shape[0])
        z = torch.ones(n_rows) * w[0]
        print(y, z, int(x.sum().item()))
    """)])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(n.recorded is None for n in doc.nodes())


def test_a_script_of_its_own_int_is_called_as_it_is():
    (doc,) = outcomes([HEAD + dedent("""
        def int(v):
            return 1
        k = int(x.argmax().item())
        y = w[k] * 2
        print(y, float(k))
    """)])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note


def test_a_checkpoint_holding_an_item_saves_and_loads():
    """``torch.save({"loss": loss.item(), ...})`` then ``torch.load``: the marked number
    pickles as the plain float (it was refused with a PicklingError naming ``float``)."""
    (doc,) = outcomes([dedent("""
        import io
        import torch
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        loss = (w ** 2).sum()
        buf = io.BytesIO()
        torch.save({"loss": loss.item(), "w": w.detach()}, buf)
        buf.seek(0)
        ckpt = torch.load(buf)
        print(ckpt["loss"], type(ckpt["loss"]).__name__, ckpt["w"])
    """)])
    assert isinstance(doc, Document), doc


def test_in_a_notebook_too():
    """A notebook's cells are compiled as the script is: the mark survives ``int()``
    across cells."""
    from corpus4_programs import notebook_bytes

    from gradstudio.document.notebook_trace import start_notebook_trace
    cells = ["import torch\nw = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)\n"
             "x = torch.tensor([0.1, 2.0, 0.3])",
             "#md\nPick the largest entry:",
             "k = int(x.argmax().item())\nk",
             "y = w[k] * 2\ny"]
    doc = start_notebook_trace(notebook_bytes(cells), "marks.ipynb").result(240)
    assert isinstance(doc, Document), doc
    assert doc.trace_note is not None and WORDS in doc.trace_note, doc.trace_note
    assert all(n.recorded is not None for n in doc.nodes() if n.label == "y")


def test_numpy_arrays_that_never_held_a_tensors_numbers_are_still_drawn():
    (doc,) = outcomes([HEAD + dedent("""
        import numpy as np
        s = float(np.float32(0.5) * 3); k = int(np.argmax(np.array([1.0, 5.0, 2.0])))
        m = np.array([1.0, 2.0]).mean().item() + np.float64(0.5) + math.sqrt(4.0)
        y = w * s + w[k] + w * np.float32(2.0) + w * m + w * np.array([3.0]).tolist()[0]
        print(y, x.sum().item())
    """)])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(n.recorded is None for n in doc.nodes())


# tensors made from numpy values that hold a tensor's numbers: recorded at their line
# (a tensor torch.from_numpy shares with an array the trace does not see made: at the line
# first using it)
MADE_FROM_NUMPY = {
    "tensor_of_a_numpy_tolist": ("t = torch.tensor(x.numpy().tolist())", 5),
    "from_numpy_of_arithmetic": ("t = torch.from_numpy(x.numpy() * 2)", 6),
    "tensor_of_numpy_items": ("a = x.numpy(); t = torch.tensor([a.max().item(), 1.0, 2.0])",
                              5),
}


@pytest.fixture(scope="module")
def made_from_numpy():
    sources = [HEAD + line + "\ny = w[:3] * t\nprint(y)\n"
               for line, _ in MADE_FROM_NUMPY.values()]
    return dict(zip(MADE_FROM_NUMPY, outcomes(sources)))


@pytest.mark.parametrize("name", MADE_FROM_NUMPY)
def test_a_tensor_made_from_numpy_values_of_a_tensor_is_recorded(made_from_numpy, name):
    doc = made_from_numpy[name]
    assert isinstance(doc, Document), doc
    t = [n for n in doc.nodes() if n.label == "t"]
    line = MADE_FROM_NUMPY[name][1]
    assert t and t[0].recorded == line, [(n.label, n.recorded) for n in doc.nodes()]


def test_editing_the_tensor_a_numpy_item_came_from_makes_the_document_stale():
    """``s = x.numpy().sum().item(); y = w * s``: ``y`` is recorded with its line; edit
    ``x`` and the document says its recorded values may no longer match, in the export
    too, instead of reusing ``s`` as if it were still right."""
    from gradstudio.document.export import export_script
    from gradstudio.document.recorded import is_stale
    (doc,) = outcomes([HEAD + "s = x.detach().numpy().sum().item(); y = w * s\n"
                       "print(y)\n"])
    assert isinstance(doc, Document), doc
    (y,) = [n for n in doc.nodes() if n.label == "y"]
    assert y.recorded == 5 and not is_stale(doc)
    (x_id,) = [i for i in doc.node_ids if doc.node(i).label == "x"]
    doc.set_param(x_id, "value", [5.0, 5.0, 5.0])
    assert is_stale(doc)
    assert "before the graph was edited: it may no longer match" in export_script(doc).text


def test_numpy_arithmetic_with_an_item_prints_as_under_torch():
    """A number read with ``.item()`` in numpy's arithmetic is a weak Python float, as
    under PyTorch: ``x.numpy() * s`` stays float32 (a float subclass made it float64)."""
    from trace_jobs import check_round_trip
    source = HEAD + dedent("""
        import numpy as np
        s = x.sum().item()
        a = x.numpy() * s
        print(a, a.dtype, np.float32(0.1) + s, w * 2)
    """)
    (doc,) = outcomes([source])
    assert isinstance(doc, Document), doc
    check_round_trip([doc], [source])


def test_a_text_naming_neither_converter_is_compiled_as_parsed():
    """``keeping_marks`` walks the tree only when the text names ``int``, ``float``,
    ``item``, ``tolist`` or ``math`` (or is not ASCII): the tree comes back as it was
    parsed, the same object."""
    import ast
    from gradstudio.trace.number_marks import NUMBER_CALL, keeping_marks
    plain = "import torch\ny = torch.ones(3) * 2.0\n"
    tree = ast.parse(plain)
    assert keeping_marks(tree, plain) is tree and ast.dump(tree) == ast.dump(ast.parse(plain))
    for text in ("k = int(y.sum())\n", "k = \uff49\uff4e\uff54(y.sum())\n",
                 "f = float\nk = f(y.sum())\n"):
        marked = ast.unparse(keeping_marks(ast.parse(text), text))
        assert (NUMBER_CALL in marked) == ("f(y" not in text), (text, marked)


def test_a_numpy_array_after_a_tensor_was_read_as_one_is_said_to_be_numpy():
    """After ``x.numpy()`` any numpy array may hold a tensor's numbers, so a tensor made
    from one is recorded; the reason names numpy's array, not ``.item()`` (which the
    student did not write)."""
    (doc,) = outcomes([HEAD + dedent("""
        import numpy as np
        print(x.numpy())
        b = torch.tensor(np.arange(3))
        print(b * 2)
    """)])
    assert isinstance(doc, Document), doc
    note = doc.trace_note
    assert note is not None and "Not drawn: line 7 (a numpy value is used to compute a new " \
        "tensor after the script read a tensor as a numpy array (x.numpy())" in note, note
    assert "loss.item()" not in note
