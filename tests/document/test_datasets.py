"""The dataset kinds: each teaching set made by the engine is, bit for bit, what the
exported script's plain PyTorch lines make under real torch (same generator, same draws
in the same order), with or without a seed of its own, and between other random draws."""
import json

import numpy as np
import pytest

from gradstudio.document import Document, DocumentError, run
from gradstudio.document.catalogue import CATALOGUE
from gradstudio.document.catalogue_data import DATASET_KINDS, DATASETS, MAX_POINTS
from gradstudio.document.export import export_script, node_names

from script_runner import run_scripts, torch_available

_DUMP = ("\nimport json as _json\n"
         "print(_json.dumps({{_n: [str(_t.dtype).split('.')[-1], list(_t.shape), "
         "_t.detach().numpy().tobytes().hex()] for _n, _t in (({names})) }}))\n")


def _datasets_document():
    """Every set twice (default and changed settings), a random draw before them and one
    between, so the order of the draws counts."""
    d = Document()
    d.set_seed(3)
    d.add_node("randn", {"shape": (3,)}, label="before")
    nodes = []
    for kind in DATASET_KINDS:
        nodes.append(d.add_node(kind, label=kind[5:], watched=True))
        changed = {"n": 57, "noise": 0.3, "manual_seed": 11, "test_fraction": 0.25,
                   "split_seed": 5}
        if "centers" in CATALOGUE[kind].defaults():
            changed["centers"] = 5
        nodes.append(d.add_node(kind, changed, label=kind[5:] + "_seeded"))
        d.add_node("rand", {"shape": (2,)}, label="between_" + kind[5:])
    return d, nodes


def _bits(value):
    return [str(value.dtype), list(value.shape), np.ascontiguousarray(value).tobytes().hex()]


def test_every_set_has_its_shape_and_labels():
    d, nodes = _datasets_document()
    result = run(d)
    assert not result.errors
    for n in nodes:
        data = d.node(n)
        value = result.state(n).value
        features = DATASETS[data.kind].features
        test = round(data.params["n"] * data.params["test_fraction"])
        assert value.shape == (data.params["n"] - test, features + 1)
        assert value.dtype == np.float32
        if features == 2:          # class labels: whole numbers from 0
            labels = np.concatenate([value, result.held_out.get(n, value[:0])])[:, -1]
            classes = data.params.get("centers", 2)
            assert set(np.unique(labels)) <= set(range(classes))
            assert len(np.unique(labels)) == classes


def test_a_set_keeps_its_data_whatever_is_drawn_before_it_when_it_has_a_seed():
    d, nodes = _datasets_document()
    seeded = [n for n in nodes if d.node(n).params.get("manual_seed") is not None]
    before = {n: run(d).state(n).value.copy() for n in seeded}
    d.set_param(d.node_ids[0], "shape", (40,))       # more drawn before every set
    after = run(d)
    for n in seeded:
        assert np.array_equal(after.state(n).value, before[n])


@pytest.mark.parametrize("setting, value, words", [("n", 0, "from 1 to"),
                                                   ("n", MAX_POINTS + 1, "from 1 to")])
def test_a_size_out_of_range_is_said_in_words(setting, value, words):
    d = Document()
    try:
        n = d.add_node("make_moons", {setting: value})
    except DocumentError as e:          # refused as a setting, or on the node
        assert "must be" in str(e)
        return
    assert words in run(d).errors[n]


@pytest.mark.skipif(not torch_available(), reason="needs PyTorch as the reference")
def test_the_exported_script_makes_the_same_data_bit_for_bit_under_torch():
    d, nodes = _datasets_document()
    result = run(d)
    names = node_names(d)
    split = [n for n in nodes if d.node(n).params["test_fraction"]]
    pairs = ", ".join(f"({names[n]!r}, {names[n]})" for n in nodes) + ", " + ", ".join(
        f"({names[n] + '_test'!r}, {names[n]}_test)" for n in split)
    script = export_script(d, result).text + _DUMP.format(names=pairs + ",")
    (out, error), = run_scripts([script], "torch")
    assert error is None, error
    got = json.loads(out.strip().splitlines()[-1])
    for n in nodes:
        assert got[names[n]] == _bits(result.state(n).value), names[n]
    assert split and all(got[names[n] + "_test"] == _bits(result.held_out[n]) for n in split)


def test_a_split_holds_out_its_share_of_the_same_points():
    d = Document()
    whole = d.add_node("make_moons", {"n": 50, "manual_seed": 4})
    split = d.add_node("make_moons", {"n": 50, "manual_seed": 4, "test_fraction": 0.2,
                                      "split_seed": 9})
    result = run(d)
    train, test = result.state(split).value, result.held_out[split]
    assert train.shape == (40, 3) and test.shape == (10, 3) and whole not in result.held_out
    rows = {tuple(r) for r in result.state(whole).value}
    assert {tuple(r) for r in np.concatenate([train, test])} == rows     # the same points
    d.set_param(split, "split_seed", 10)                                 # another split
    assert not np.array_equal(run(d).held_out[split], test)


@pytest.mark.parametrize("fraction", [0.001, 0.95])
def test_a_split_leaving_no_points_on_one_side_is_said_in_words(fraction):
    d = Document()
    try:
        n = d.add_node("make_xor", {"n": 20, "test_fraction": fraction})
    except DocumentError as e:
        assert "must be" in str(e)
        return
    assert "choose a fraction" in run(d).errors[n] or "from 0 to" in run(d).errors[n]


def test_a_split_name_is_kept_free_of_other_nodes_names():
    d = Document()
    d.add_node("rand", {"shape": (2,)}, label="data_test")
    n = d.add_node("make_xor", {"test_fraction": 0.5}, label="data")
    text = export_script(d).text
    assert node_names(d)[n] != "data" and "data_test = torch.rand(2)" in text


def test_a_dataset_is_explained_as_data_not_as_a_leaf_to_tick():
    from gradstudio.document.explain import why_no_graph
    d = Document()
    n = d.add_node("make_circles", label="points")
    text = why_no_graph(d, run(d), n)
    assert text.startswith("points is data") and "Tick" not in text
