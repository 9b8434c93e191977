"""Reading a user's data file (``document.data_file``) and the data node it becomes: good
CSV and .npy files give their numbers; hostile ones (wrong delimiter, text in a numeric
column, NaN, empty, binary, a pickled object array, far too many rows) give one sentence
naming what and where, and are read only as far as the limits allow; the node is saved
in the graph file and exported as literal data that torch turns into the same bits."""
import json

import numpy as np
import pytest

from gradstudio.document import Document, files, run
from gradstudio.document import data_file
from gradstudio.document.data_file import (MAX_ROWS, DataFileError, check_room, data_rows,
                                           node_name, read_table, sniff)
from gradstudio.document.export import export_script, node_names

from script_runner import run_scripts, torch_available


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    return path


def test_a_csv_with_a_header_and_semicolons_is_read_as_numbers(tmp_path):
    path = _write(tmp_path, "points.csv", "x1;x2;label\n0.5;-1;0\n\n1.25;2e-3;1\n")
    assert sniff(path) == (";", True)
    table = read_table(path)
    assert table.columns == ["x1", "x2", "label"] and not table.capped and table.note == ""
    assert table.values.tolist() == [[0.5, -1.0, 0.0], [1.25, 0.002, 1.0]]
    assert table.preview == [["0.5", "-1", "0"], ["1.25", "2e-3", "1"]]
    rows = data_rows(table, [1, 0], 2)            # (in the order given, the label last)
    assert rows.tolist() == [[-1.0, 0.5, 0.0], [0.002, 1.25, 1.0]]
    assert data_rows(table, [1], 0).tolist() == [[-1.0, 0.5], [0.002, 1.25]]


def test_a_csv_without_a_header_and_a_npy_file_name_their_columns(tmp_path):
    assert read_table(_write(tmp_path, "a.csv", "1,2\n3,4\n")).columns == ["column 1",
                                                                          "column 2"]
    path = tmp_path / "table.npy"
    np.save(path, np.arange(12, dtype=np.int32).reshape(4, 3))
    table = read_table(path)
    assert table.values.dtype == np.float64 and table.values[3].tolist() == [9.0, 10.0, 11.0]
    assert table.columns == ["column 1", "column 2", "column 3"]


HOSTILE = {
    "wrong delimiter": ("semi.csv", "a;b;c\n1;2;0\n3;4;1\n", dict(delimiter=",", header=True),
                        ["Line 2, column 1", "semicolon", "delimiter"]),
    "text in a numeric column": ("text.csv", "a,b,c\n1,2,0\n3,oops,1\n", {},
                                 ["Line 3, column 2 (b)", "'oops'", "not a number"]),
    "NaN": ("nan.csv", "a,b,c\n1,2,0\n3,4,1\n5,NaN,0\n", {},
            ["Line 4, column 2 (b)", "NaN"]),
    "an empty cell": ("hole.csv", "a,b,c\n1,,0\n", {}, ["Line 2, column 2 (b)", "empty"]),
    "a short row": ("short.csv", "1,2,0\n3,4\n", {}, ["Line 2", "2 cells", "first row has 3"]),
    "an empty file": ("empty.csv", "", {}, ["empty.csv is empty"]),
    "only a header": ("head.csv", "a,b,c\n", {}, ["no rows"]),
    "a header not said": ("named.csv", "a,b,c\n1,2,0\n", dict(delimiter=",", header=False),
                          ["first line", "header"]),
    "a binary file": ("image.csv", bytes(range(256)) * 8, {}, ["not a text file"]),
    "a NUL byte": ("nul.csv", "1,2\n3,\0\n", {}, ["binary file"]),
    "one endless line": ("long.csv", "1," * 40_000, {}, ["longer than"]),
    "not a .npy file": ("fake.npy", "1,2\n3,4\n", {}, ["not a NumPy .npy file"]),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_file_is_said_in_one_sentence(tmp_path, case):
    name, content, kwargs, words = HOSTILE[case]
    with pytest.raises(DataFileError) as caught:
        read_table(_write(tmp_path, name, content), **kwargs)
    message = str(caught.value)
    assert all(w in message for w in words), message
    assert message.count(". ") == 0 and message.endswith(".")      # one sentence


def test_a_pickled_object_array_is_never_unpickled(tmp_path, monkeypatch):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([{"a": 1}, None], dtype=object), allow_pickle=True)
    import pickle
    monkeypatch.setattr(pickle, "loads", lambda *a, **k: pytest.fail("unpickled"))
    monkeypatch.setattr(pickle, "load", lambda *a, **k: pytest.fail("unpickled"))
    with pytest.raises(DataFileError, match="Python objects"):
        read_table(path)


def test_a_npy_of_text_or_three_dimensions_is_refused(tmp_path):
    np.save(tmp_path / "words.npy", np.array(["a", "b"]))
    np.save(tmp_path / "cube.npy", np.zeros((2, 2, 2)))
    with pytest.raises(DataFileError, match="not numbers"):
        read_table(tmp_path / "words.npy")
    with pytest.raises(DataFileError, match="3 dimensions"):
        read_table(tmp_path / "cube.npy")


def test_too_many_rows_are_cut_at_the_cap_and_the_rest_is_never_read(tmp_path):
    rows = 10 * MAX_ROWS
    path = _write(tmp_path, "many.csv", "x,y\n" + "0.5,1\n" * rows)
    seen = []
    table = read_table(path, progress=seen.append)
    assert table.values.shape == (MAX_ROWS, 2) and table.capped
    assert f"its first {MAX_ROWS:,} rows are imported" in table.note
    assert seen and max(seen) < 0.5                    # (stopped well short of its end)
    npy = tmp_path / "many.npy"
    np.save(npy, np.ones((rows, 2), dtype=np.float32))
    assert read_table(npy).capped and read_table(npy).values.shape == (MAX_ROWS, 2)


def test_a_npy_with_nan_names_its_row_and_column(tmp_path):
    values = np.ones((5, 3))
    values[3, 1] = np.nan
    np.save(tmp_path / "holes.npy", values)
    with pytest.raises(DataFileError, match=r"Row 4, column 2 .* NaN"):
        read_table(tmp_path / "holes.npy")


def test_no_feature_and_too_many_numbers_are_said(tmp_path, monkeypatch):
    table = read_table(_write(tmp_path, "t.csv", "1,2,3\n4,5,6\n"))
    with pytest.raises(DataFileError, match="at least one feature"):
        data_rows(table, [2], 2)
    monkeypatch.setattr(data_file, "MAX_ELEMENTS", 5)
    with pytest.raises(DataFileError, match="choose fewer columns"):
        data_rows(table, [0, 1], 2)


def test_a_graph_file_too_large_to_open_again_is_refused(tmp_path, monkeypatch):
    from gradstudio.document import reader
    rows = np.zeros((1000, 3))
    check_room(Document(), rows)                      # fits
    monkeypatch.setattr(reader, "MAX_BYTES", 4000)
    with pytest.raises(DataFileError, match="a graph file may"):
        check_room(Document(), rows)


def test_the_node_is_named_after_the_file():
    assert [node_name(p) for p in ("iris.csv", "2d points.csv", "torch.npy", "for.csv")] \
        == ["iris", "data_2d_points", "torch_data", "for_data"]


def _imported(tmp_path, fraction=0.0):
    lines = ["x1,x2,label"] + [f"{np.sin(i) * 1.7:.7f},{np.cos(3 * i):.9g},{i % 2}"
                               for i in range(150)]
    table = read_table(_write(tmp_path, "wave.csv", "\n".join(lines) + "\n"))
    d = Document()
    d.set_seed(1)
    params = {"value": data_rows(table, [0, 1], 2).tolist()}
    if fraction:
        params["test_fraction"] = fraction
    return d, d.add_node("imported_data", params, label="wave"), table


def test_the_data_node_holds_the_rows_as_float32_and_survives_a_save(tmp_path):
    d, n, table = _imported(tmp_path)
    value = run(d).state(n).value
    assert value.dtype == np.float32 and np.array_equal(value, table.values.astype(np.float32))
    files.save(d, tmp_path / "lesson.gsg")
    again = files.load(tmp_path / "lesson.gsg")
    assert again.node(n).params["value"] == d.node(n).params["value"]
    assert np.array_equal(run(again).state(n).value, value)


@pytest.mark.skipif(not torch_available(), reason="needs PyTorch as the reference")
def test_the_export_holds_the_data_and_torch_makes_the_same_bits(tmp_path):
    d, n, _ = _imported(tmp_path, fraction=0.3)
    result = run(d)
    name = node_names(d)[n]
    script = export_script(d, result).text + (
        "\nimport json as _json\n"
        f"print(_json.dumps([{name}.numpy().tobytes().hex(), {name}_test.numpy().tobytes()"
        ".hex(), str(" + name + ".dtype)]))\n")
    assert "open(" not in script and "wave.csv" not in script      # (standalone)
    (out, error), = run_scripts([script], "torch")
    assert error is None, error
    train, test, dtype = json.loads(out.strip().splitlines()[-1])
    assert dtype == "torch.float32"
    assert train == result.state(n).value.tobytes().hex()
    assert test == result.held_out[n].tobytes().hex()


def test_a_table_of_values_is_checked_as_strictly_as_any_literal_and_copied():
    from gradstudio.document.params import _check_values
    rows = [[0.5, 1], [True, 2.0]]
    copied = _check_values(rows)
    assert copied == rows and copied is not rows and copied[0] is not rows[0]
    for bad in ([[np.float32(1.0), 2.0], [1.0, 2.0]], [["1.5", 2.0], [1.0, 2.0]],
                [[None, 1.0], [1.0, 2.0]], [[{}, 1.0], [1.0, 2.0]]):
        with pytest.raises(Exception, match="must be numbers"):
            _check_values(bad)


@pytest.mark.parametrize("name, content, delimiter", [
    ("windows.csv", "a,b,c\r\n1,2,0\r\n3,4,1\r\n", ","),
    ("excel.tsv", "\ufeffa\tb\tc\n1\t2\t0\n3\t4\t1\n", "\t"),
    ("aligned.txt", "a  b  c\n1  2  0\n3   4 1\n", " "),
    ("quoted.csv", 'a|b|c\n"1"|2|0\n3|"4"|1\n', "|"),
])
def test_windows_line_ends_a_byte_order_mark_spaces_and_quotes_are_read(tmp_path, name,
                                                                      content, delimiter):
    path = tmp_path / name
    path.write_bytes(content.encode("utf-8"))
    table = read_table(path)
    assert table.delimiter == delimiter and table.header and table.columns == ["a", "b", "c"]
    assert table.values.tolist() == [[1.0, 2.0, 0.0], [3.0, 4.0, 1.0]]
