"""The inspector refuses a name that is another node's to Python (NFKC)."""
from gradstudio.document import Document
from gradstudio.ui.inspector_fields import label_error


def test_a_name_equal_to_another_after_normalisation_is_refused():
    doc = Document()
    doc.add_node("ones", {"shape": (2,)}, label="fi")
    other = doc.add_node("ones", {"shape": (2,)}, position=(0.0, 100.0))
    problem = label_error(doc, other, "ﬁ")
    assert problem is not None and "already called 'fi'" in problem
    assert label_error(doc, other, "ｔｏｒｃｈ").endswith("choose another name.")
    assert label_error(doc, other, "fj") is None
