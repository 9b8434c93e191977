"""The checks every corpus of student programs makes (issue 32), written once. A corpus's
test module defines ``PROGRAMS`` and ``NOTEBOOKS`` (name -> source, name -> cells),
``NAMES`` (the names checked), ``WHOLE`` (those that open drawn whole), ``ENGINE_DIGITS``
(those whose printed last digits are the engine's own on this CPU: why) and
``NOTEBOOK_BYTES`` (the notebooks' writer, or None), then imports everything here: each
program opens (a notebook with no cell failing), the ``WHOLE`` ones with nothing recorded,
and each export run under torch prints what the program printed under torch."""
import pytest
from trace_jobs import (assert_export_prints_as_torch, corpus_documents, corpus_printed,
                        engine_outputs)

from gradstudio.document import Document

__all__ = ["pytest_generate_tests", "traced", "printed", "engine_printed",
           "test_every_program_opens", "test_these_programs_open_drawn_whole",
           "test_the_export_prints_under_torch_what_the_program_printed"]


def pytest_generate_tests(metafunc):
    """``program``: each of the module's ``NAMES``; ``whole``: each of its ``WHOLE``."""
    module = metafunc.module
    if "program" in metafunc.fixturenames:
        metafunc.parametrize("program", module.NAMES)
    if "whole" in metafunc.fixturenames:
        metafunc.parametrize("whole", module.WHOLE)


@pytest.fixture(scope="module")
def traced(request):
    m = request.module
    return corpus_documents(m.PROGRAMS, m.NOTEBOOKS, m.NOTEBOOK_BYTES)


@pytest.fixture(scope="module")
def printed(request, traced):
    """name -> ((original under torch), (export under torch)), in one request."""
    return corpus_printed(traced, request.module.PROGRAMS, request.module.NOTEBOOKS)


@pytest.fixture(scope="module")
def engine_printed(request):
    """name -> what the program prints under the engine, for ``ENGINE_DIGITS``."""
    return engine_outputs(request.module.PROGRAMS, request.module.ENGINE_DIGITS)


def test_every_program_opens(request, traced, program):
    doc = traced[program]
    assert isinstance(doc, Document), f"{program} is refused: {doc}"
    assert doc.node_ids or doc.trace_note, program
    if program in request.module.NOTEBOOKS:
        assert [(i, c.error) for i, c in enumerate(doc.lesson.cells) if c.error] == []


def test_these_programs_open_drawn_whole(traced, whole):
    doc = traced[whole]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert doc.node_ids and all(doc.node(n).recorded is None for n in doc.node_ids)


def test_the_export_prints_under_torch_what_the_program_printed(request, traced, printed,
                                                                engine_printed, program):
    assert isinstance(traced[program], Document), traced[program]
    assert_export_prints_as_torch(program, printed, request.module.ENGINE_DIGITS,
                                  engine_printed)
