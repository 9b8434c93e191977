"""Names are kept in the form Python reads them (NFKC), so two names that look different
but are one Python variable cannot both be given, and 'torch' cannot sneak in."""
import pytest

from gradstudio.document import Document, DocumentError, files
from gradstudio.document.export import export_script
from gradstudio.document.model import check_label


@pytest.mark.parametrize("typed, kept", [("ﬁ", "fi"), ("ｘ", "x"), ("y", "y")])
def test_a_name_is_kept_as_python_reads_it(typed, kept):
    assert check_label(typed) == kept


@pytest.mark.parametrize("typed", ["ｔｏｒｃｈ", "ｐｒｉｎｔ", "ｄｅｆ"])
def test_a_reserved_word_in_other_letters_is_refused(typed):
    with pytest.raises(DocumentError, match="reserved"):
        check_label(typed)


def test_the_exported_script_uses_the_names_python_reads():
    doc = Document()
    doc.add_node("ones", {"shape": (2,), "requires_grad": True}, label="ﬁ")
    script = export_script(doc).text
    assert "fi = torch.ones" in script and "ﬁ" not in script
    compile(script, "<export>", "exec")


def test_a_file_with_a_compatibility_name_loads_normalised(tmp_path):
    doc = Document()
    doc.add_node("ones", {"shape": (2,)}, label="fi")
    path = tmp_path / "names.gsg"
    path.write_text(files.dumps(doc).replace('"fi"', '"ﬁ"'), encoding="utf-8")
    assert files.load(path).node(doc.node_ids[0]).label == "fi"
