"""A tensor literal's shape, and a literal given a new shape keeping what still fits."""
import pytest

from gradstudio.document import Document, DocumentError, run
from gradstudio.document.params import MAX_ELEMENTS, literal_shape, reshape_literal

SQUARE = [[1.0, 2.0], [3.0, 4.0]]


@pytest.mark.parametrize("value, shape", [
    (2.5, ()), ([], (0,)), ([0.1, 1.0, 0.0001], (3,)), (SQUARE, (2, 2)),
    ([[[1], [2]]], (1, 2, 1)), ([[1, 2], [3]], None), ([[1, 2], 3], None)])
def test_literal_shape(value, shape):
    assert literal_shape(value) == shape


@pytest.mark.parametrize("shape, expected", [
    ((2, 3), [[1.0, 2.0, 0.0], [3.0, 4.0, 0.0]]),       # same dimensions: kept in place
    ((1, 1), [[1.0]]),
    ((4,), [1.0, 2.0, 3.0, 4.0]),                       # other dimensions: row by row
    ((3,), [1.0, 2.0, 3.0]),
    ((), 1.0),
    ((1, 2, 3), [[[1.0, 2.0, 3.0], [4.0, 0.0, 0.0]]]),
    ((0,), []),
])
def test_reshape_literal_keeps_what_fits(shape, expected):
    new = reshape_literal(SQUARE, shape)
    assert new == expected and literal_shape(new) == shape
    assert SQUARE == [[1.0, 2.0], [3.0, 4.0]]           # the old literal is untouched


def test_new_cells_match_the_literals_kind_of_number():
    assert reshape_literal([True], (2,)) == [True, False]
    assert reshape_literal([1, 2], (3,)) == [1, 2, 0]
    assert reshape_literal(2.0, (3,)) == [2.0, 0.0, 0.0]


@pytest.mark.parametrize("shape", [(-1,), (2.0,), (1,) * 9, (MAX_ELEMENTS + 1,)])
def test_reshape_literal_refuses_a_shape_it_cannot_make(shape):
    with pytest.raises(DocumentError, match="shape"):
        reshape_literal(SQUARE, shape)


def test_a_one_d_literal_runs_as_pytorch_builds_it():
    d = Document()
    v = d.add_node("tensor", {"value": [0.1, 1.0, 0.0001]})
    assert run(d).state(v).text == "tensor([1.0000e-01, 1.0000e+00, 1.0000e-04])"
