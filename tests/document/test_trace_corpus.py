"""GitHub issue 15's count: the project's own corpus of course programs, traced.

``tests/document/corpus/`` holds small tutorial-style PyTorch programs, one topic each
(autograd basics from the seed notebooks, in-place writes, higher-order gradients, hooks,
re-seeding, dtypes, indexing, nn/optim training loops). Every program is traced:

- a program that traces is exported, and the export run under real torch prints exactly
  what the program prints under torch; the graph's own run (its transcript) prints the
  same. A program that prints what a graph cannot, or in another order, is listed in
  ``PRINTS_BEYOND_THE_GRAPH`` with why (a Python bool or number, ``Parameter
  containing:``, a ``.grad`` printed without its leaf, which the export prints too, the
  training block's per-iteration losses): its export must still run under torch, print
  what the graph's run prints, and print every tensor the program prints, value for
  value;
- a program drawn only up to a part the graph cannot show is listed in
  ``EXPECTED_CUTS`` with a few words of its note, which says ``Drawn up to line N; ...
  because <one sentence>.`` or, drawn on after that part, ``Not drawn: line N (<one
  sentence>). ...`` with N a line of the file; every other program is drawn whole
  (no note). When a program starts to be drawn whole (or cut), this test fails until the
  entry is removed (or added);
- ``KNOWN_DIFFERENCES`` are real bugs, marked xfail(strict=True) so fixing them fails the
  test until the entry goes.

``python benchmarks/trace_corpus.py`` prints the same corpus as a table with counts per
cause of refusal.
"""
import re
from pathlib import Path

import pytest
import script_runner
from trace_jobs import PREFIX, outcomes

from gradstudio.document import Document, export, run

CORPUS = Path(__file__).resolve().parent / "corpus"
PROGRAMS = sorted(p.stem for p in CORPUS.glob("*.py"))

# programs drawn only up to a part the graph cannot show (issue 32: never refused for
# it), with the words their note gives for it; none is left (batchnorm_running_stats is
# drawn whole since BatchNorm's buffers are)
EXPECTED_CUTS = {}

# programs whose export cannot print what they printed (issue 32 made every print a say
# step of its own); none is left
PRINTS_BEYOND_THE_GRAPH = {}

KNOWN_DIFFERENCES = {}

TRACED = PROGRAMS          # (every one opens; the cut ones print their recorded part)


def printed_tensors(out):
    """The tensors an output prints, each as its whole (possibly multi-line) text."""
    blocks = []
    for line in out.splitlines():
        if line[:1].isspace() and blocks:
            blocks[-1] += "\n" + line
        else:
            blocks.append(line)
    return [b for b in blocks if b.startswith("tensor(")]


def source(name):
    return (CORPUS / f"{name}.py").read_text()


def params(names):
    return [pytest.param(n, id=n, marks=[pytest.mark.xfail(strict=True,
                                                           reason=KNOWN_DIFFERENCES[n])]
                         if n in KNOWN_DIFFERENCES else []) for n in names]


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, outcomes([source(n) for n in PROGRAMS])))


@pytest.fixture(scope="module")
def printed(traced):
    """name -> (original under torch or None, export under torch (or the engine), transcript)."""
    docs = {n: d for n, d in traced.items() if isinstance(d, Document)}
    codes = [export.export_script(d).text for d in docs.values()]
    if script_runner.torch_available():
        results = script_runner.run_scripts([source(n) for n in PROGRAMS] + codes)
        originals = dict(zip(PROGRAMS, results[:len(PROGRAMS)]))
        exported = results[len(PROGRAMS):]
    else:
        originals = {}
        exported = script_runner.run_scripts(codes, backend="engine")
    return {n: (originals.get(n), e, export.transcript(d, run(d)))
            for (n, d), e in zip(docs.items(), exported)} | {
        n: (originals.get(n), None, None) for n in PROGRAMS if n not in docs}


def test_every_program_is_listed_once():
    assert PROGRAMS and len(PROGRAMS) >= 30
    for table in (EXPECTED_CUTS, PRINTS_BEYOND_THE_GRAPH, KNOWN_DIFFERENCES):
        assert set(table) <= set(PROGRAMS), set(table) - set(PROGRAMS)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_program_runs_under_torch(printed, name):
    original = printed[name][0]
    if original is None:
        pytest.skip("torch is not installed")
    out, error = original
    assert error is None, error
    assert "tensor(" in out


@pytest.mark.parametrize("name", PROGRAMS)
def test_every_program_opens_drawn_whole_or_up_to_a_part_said(traced, name):
    got = traced[name]
    assert isinstance(got, Document), f"{name} is refused: {got}"
    if name in EXPECTED_CUTS:
        note = got.trace_note or ""
        assert EXPECTED_CUTS[name] in note, note
        match = re.fullmatch(r"Drawn up to line (\d+); from there on, what the program "
                             r"printed is recorded, as text, because ([^\n]+)\.", note)
        nothing = re.fullmatch(r"Nothing of this program could be drawn \(([^\n]+)\); what "
                               r"it printed is recorded, as text\.", note)
        # (recorded there, and the graph drawn on after it)
        drawn_on = re.fullmatch(r"Not drawn: lines? (\d+)(?:–\d+)?(?: from line \d+ on)? "
                                r"\(([^\n]+)\)\. What it printed is recorded as text(?:, "
                                r"[^\n]+,)? and everything after it is drawn\.", note)
        match = match or drawn_on
        assert nothing or (match and 1 <= int(match.group(1)) <=
                           len(source(name).splitlines())), note
    else:
        assert got.trace_note is None, f"{name}: {got.trace_note}"


@pytest.mark.parametrize("name", params(TRACED))
def test_the_export_prints_what_the_program_prints(traced, printed, name):
    if not isinstance(traced[name], Document):
        pytest.fail(f"{name} is refused: {traced[name]}")
    original, (out, error), transcript = printed[name]
    assert error is None, error
    assert out == transcript
    if original is None:
        pytest.skip("torch is not installed: the export ran under the engine")
    if name in PRINTS_BEYOND_THE_GRAPH:
        assert out != original[0], f"{name} prints as its program now: remove it from " \
                                   "PRINTS_BEYOND_THE_GRAPH"
        exported = printed_tensors(out)
        for tensor in printed_tensors(original[0]):
            assert tensor in exported, f"the program prints\n{tensor}\nits export does not"
            exported.remove(tensor)
    else:
        assert out == original[0]
