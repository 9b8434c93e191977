"""The sentences the layers below the window write (issue 34) go through
``gradstudio.words.translate``, the Qt-free hook the window fills with
``QCoreApplication.translate``: checked statically, like ``test_layers.py``.

A sentence is a string literal (or f-string) of two words or more. It must be inside a
``translate(...)`` or ``QT_TRANSLATE_NOOP(...)`` call wherever it becomes what a person
reads: the message of an error the window shows (``fail``, ``FileError``,
``ActionError``, ``DocumentError``, ``ValueError`` …), a Data panel message, a
step-through's ``problem``, an action's ``explain=``, and what the explanation builders
(``why_no_graph``, ``step_lines``, ``*_explain`` …) return or append. Exported code
and PyTorch's own messages are not sentences of this kind; nor are the errors of
GradStudio's own code (``NOT_FOR_PEOPLE``).

The tracer's child process has no translator, yet the window shows its refusals and the
notes built from them: they are marked ``QT_TRANSLATE_NOOP("TraceRefusal", ...)`` with
their fields by name and travel to the window as ``gradstudio.words.Said`` records,
which it translates. So the tracer's files are checked too, with its sinks
(``TraceError``, ``refuse``, ``Difference``) and the builders of its notes
(``_cut_note``…)."""
import ast
import json
import pathlib
import re

import pytest

import gradstudio
from gradstudio import words

# the package imported: a checkout's, or an installed one
ROOT = pathlib.Path(gradstudio.__file__).resolve().parent
MARKERS = {"translate", "QT_TRANSLATE_NOOP"}
# calls whose arguments a person reads, and keywords that hold a sentence
SINKS = {"fail", "FileError", "ActionError", "DocumentError", "_empty", "TestPoints", "Walk",
         "NodeFailure", "MigrationDefect", "DataFileError", "NotComputable", "ValueError",
         "ProbeError", "ActionParamError", "NotebookError", "TraceError",
         # the tracer: its child's refusals (sent to the window as gradstudio.words.Said),
         # the check's differences, the sentences it keeps as ``Said``
         "refuse", "_refused", "_refuse", "Difference", "Said",
         # an exercise's verdict on a prediction (issue 34)
         "Verdict"}
KEYWORDS = {"message", "problem", "explain", "note", "error"}
# dicts whose values a person reads (``problems[i] = ...``: a loop marker that cannot work)
READ_DICTS = {"problems"}
# functions that build explanations: what they return or append is read
BUILDERS = re.compile(r"why_no_graph|step_lines|_send_lines|_step_title|explain_text|"
                      r"grad_fn_summary|recorded_words|stale_step_words|why_not_saved|"
                      r"_no_loss_node|_loss_and_step|.*_explain|expected_text|"
                      # the tracer's notes and the trace check's differences
                      r"_cut_note|_drawn_on_note|_error_said|_where|_\w+_difference|"
                      # why a timeline step cannot run where it stands
                      r"_\w+_problem")
_WORDS = re.compile(r"[A-Za-z]{2,}")

# Errors of GradStudio's own code (raised when it is imported, never by a user's action):
# English, as a traceback is.
NOT_FOR_PEOPLE = {"timeline/record.py"}


def _name(f):
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
        else None


def _raw_sentences(node, marked):
    """``(line, text)`` of each sentence literal under ``node`` not inside a marker."""
    parts = {id(v) for sub in ast.walk(node) if isinstance(sub, ast.JoinedStr)
             for v in sub.values}                  # (an f-string is read whole)
    for sub in ast.walk(node):
        if id(sub) in marked or id(sub) in parts:
            continue
        if isinstance(sub, ast.JoinedStr):
            text = "".join(v.value for v in sub.values if isinstance(v, ast.Constant))
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            text = sub.value
        else:
            continue
        if len(_WORDS.findall(text)) >= 2 and " " in text.strip():
            yield sub.lineno, text


def untranslated_sentences(source):
    """The sentences of ``source`` (Python text) that a person reads untranslated:
    ``[(line, text)]``."""
    tree = ast.parse(source)
    marked = {id(sub) for node in ast.walk(tree)
              if isinstance(node, ast.Call) and _name(node.func) in MARKERS
              for sub in ast.walk(node)}
    read = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _name(node.func) in SINKS:
                read += node.args
            read += [k.value for k in node.keywords if k.arg in KEYWORDS]
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Subscript) and _name(t.value) in READ_DICTS
                for t in node.targets):
            read.append(node.value)
        elif isinstance(node, ast.FunctionDef) and BUILDERS.fullmatch(node.name):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Return) and sub.value is not None:
                    read.append(sub.value)
                elif isinstance(sub, ast.Call) and _name(sub.func) in ("append", "extend"):
                    read += sub.args
    return sorted({found for node in read for found in _raw_sentences(node, marked)})


def _files():
    layers = [*ROOT.glob("document/*.py"), *ROOT.glob("timeline/*.py"),
              *ROOT.glob("trace/*.py"), *ROOT.glob("trace/handlers/*.py"),
              ROOT / "hook_text.py", ROOT / "function_text.py", ROOT / "vocabulary.py",
              ROOT / "words.py"]
    return {p.relative_to(ROOT).as_posix(): p for p in sorted(layers)}


def test_the_checker_finds_a_planted_sentence():
    planted = '''
def why_no_graph(doc, node):
    return f"{node} has no grad_fn: it is a leaf."
def _backward_explain(action, spell):
    return translate("Actions", "{name}.backward() runs the pass.").format(name="x")
def check(value):
    if value < 0:
        raise ActionError("Choose a positive " + "value, please.")
    raise ActionError(translate("Run", "Choose the {role} of this action."))
defaction("print", (), "print(tensor)", explain=lambda a, s: f"Prints {a} as it is now.")
CODE = f"{name}.backward(retain_graph=True)"          # exported code: not a sentence
def _cut_note(cut):
    return f"Drawn up to line {cut['line']}; the rest is recorded."
def loop_structure(timeline, problems):
    problems[0] = "This loop has no end: add its end."
def _epoch_problem(action):
    return "This epoch's end is in no loop."
def handler(rec, name):
    raise TraceError(f"a {name} tensor cannot be drawn")
def optimizer(rec):
    rec.refuse("an optimizer with several parameter groups cannot be drawn yet")
    raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "a {dtype} tensor cannot be drawn"),
                     dtype="int8")
'''
    assert sorted({line for line, _ in untranslated_sentences(planted)}) == [
        3, 8, 10, 13, 15, 17, 19, 21]


def test_every_sentence_of_the_lower_layers_goes_through_translate():
    found = {name: untranslated_sentences(path.read_text(encoding="utf-8"))
             for name, path in _files().items()}
    left = {name: found for name, found in found.items()
            if found and name not in NOT_FOR_PEOPLE}
    assert not left, "mark these with gradstudio.words.translate: " + repr(left)
    assert all(found[name] for name in NOT_FOR_PEOPLE)     # (the exemption is still needed)


@pytest.mark.parametrize("name", ["document/explain.py", "document/walk.py",
                                  "document/reader.py", "document/recorded.py",
                                  "document/data_view.py", "timeline/kinds_autograd.py",
                                  "timeline/kinds_training.py", "function_text.py"])
def test_the_translations_read_the_lower_layers(name):
    """``pyside6-lupdate`` is given the files whose sentences are marked."""
    from gradstudio.ui import i18n_update
    assert str(ROOT / name) in i18n_update.sources()


def test_translate_returns_the_english_until_a_translator_is_installed():
    assert words.installed() is None
    assert words.translate("Explain", "it is a detach()") == "it is a detach()"
    try:
        words.install(lambda context, text: f"{context}:{text.upper()}")
        assert words.translate("Explain", "it is a detach()") == "Explain:IT IS A DETACH()"
        assert words.QT_TRANSLATE_NOOP("Explain", "it is a detach()") == "it is a detach()"
    finally:
        words.install(None)


def test_the_op_docs_marked_for_translation_are_the_catalogues():
    """``document/op_words.py``'s marks are the docs of the catalogue today (else run
    ``python -m gradstudio.document.op_words``): every kind's and every setting's."""
    from gradstudio.document import op_words
    from gradstudio.document.catalogue import CATALOGUE
    text = (ROOT / "document" / "op_words.py").read_text(encoding="utf-8")
    assert text.endswith(op_words.generated()), "run python -m gradstudio.document.op_words"
    assert set(op_words.KIND_DOCS) == {k.doc for k in CATALOGUE.values() if k.doc}
    assert set(op_words.PARAM_DOCS) == {p.doc for k in CATALOGUE.values()
                                        for p in k.params if p.doc}


def test_a_said_sentence_travels_as_json_and_is_translated_where_shown():
    """The tracer's child keeps a refusal as a ``Said`` (it has no translator); the window
    translates it, fields and nested sentences included, and counts by its language."""
    inner = words.Said("TraceRefusal", "a {dtype} tensor cannot be drawn", dtype="int8")
    said = words.Said("Trace", "line {line}: {reason} ({count} operations).", line=3,
                      reason=inner, count=words.Number(12345))
    again = words.Said.from_json(json.loads(json.dumps(said.to_json())))
    english = "line 3: a int8 tensor cannot be drawn (12,345 operations)."
    assert str(said) == str(again) == again.shown() == english
    try:
        words.install(lambda context, text: f"[{context}] {text}")
        words.install_number(lambda value, decimals: f"<{value}>")
        assert again.shown() == "[Trace] line 3: [TraceRefusal] a int8 tensor cannot be drawn " \
                                "(<12345> operations)."
        assert str(again) == english                  # (the command line's: English)
    finally:
        words.install(None)
        words.install_number(None)


def test_numbers_are_english_until_the_window_installs_its_writer():
    assert words.number(1000) == "1,000" and words.number(0.975 * 100, 1) == "97.5"
    assert "{n} nodes, {v:.1f} %".format(n=words.Number(1000), v=words.Number(97.5)) == \
        "1,000 nodes, 97.5 %"
    try:
        words.install_number(lambda value, decimals: "x")
        assert "{n:,}".format(n=words.Number(5)) == "x"
    finally:
        words.install_number(None)
