"""The palette is derived from the engine's op table: every table op that is meant to be a
node is a kind (its own, or a hand-built kind naming it), every kind names real table
entries, and the every-kind document runs each of them without an error. A new op with no
working kind fails here instead of appearing broken in the palette."""
from gradstudio.document import run
from gradstudio.document.catalogue import CATALOGUE
from gradstudio.engine.optable import OPS
from gradstudio.trace.ops import has_kind

from kinds_doc import every_kind_document


def test_every_table_op_meant_as_a_node_has_a_kind():
    named = {op for kind in CATALOGUE.values() for op in kind.ops}
    missing = sorted(name for name, op in OPS.items() if has_kind(op) and name not in named)
    assert not missing, f"table ops without a palette kind: {missing}"


def test_every_kind_names_real_table_entries():
    unknown = {kind.name: [op for op in kind.ops if op not in OPS]
               for kind in CATALOGUE.values()}
    assert not {k: v for k, v in unknown.items() if v}


def test_every_kind_runs_in_the_every_kind_document():
    doc = every_kind_document()
    result = run(doc)
    kinds = {doc.node(n).kind for n in doc.node_ids}
    assert kinds == set(CATALOGUE)
    failed = {doc.node(n).kind: e for n, e in result.errors.items()}
    assert not failed, failed
