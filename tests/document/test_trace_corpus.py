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
- a program that is refused is listed in ``EXPECTED_REFUSALS`` with a few words of its
  message, and the message is ``line N: GradStudio cannot trace this: <one sentence>.``
  with N a line of the file. When a program starts to trace (or to refuse), this test
  fails until the entry is removed (or added);
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
from gradstudio.document.trace import TraceError

CORPUS = Path(__file__).resolve().parent / "corpus"
PROGRAMS = sorted(p.stem for p in CORPUS.glob("*.py"))

EXPECTED_REFUSALS = {
    "batchnorm_running_stats": "torch.nn.BatchNorm1d cannot be drawn yet: its running "
                               "statistics are buffers it writes during the forward pass",
    "custom_function": "a custom autograd.Function cannot be drawn yet",
}

LEAF = "prints a leaf's .grad without the leaf: the export prints the leaf too"

PRINTS_BEYOND_THE_GRAPH = {
    "chain_rule_scalar": LEAF,
    "clone_then_inplace": LEAF,
    "copy_into_buffer": LEAF,
    "cross_entropy_by_hand": LEAF,
    "detach_and_no_grad": "prints Python bools (requires_grad); " + LEAF,
    "detach_inplace": "prints a Python bool (z.requires_grad); " + LEAF,
    "dropout_train": LEAF + "; drop(x) in eval mode is x itself, printed with the forward "
                     "pass",
    "embedding_lookup": "prints an nn.Embedding's weight.grad: " + LEAF,
    "fill_and_zero_inplace": LEAF + "; t.zero_() after backward is a node of the forward pass, "
                             "printed before the gradients",
    "float64_precision": LEAF,
    "finite_difference_check": "prints x.grad before a tensor of the forward pass: the "
                               "export prints the forward pass first, and x",
    "grad_accumulates": LEAF + "; w.grad.zero_() is a timeline step after which the "
                        "export prints w.grad",
    "gradient_penalty": LEAF,
    "int_dtypes": "prints a Python dtype (a.dtype)",
    "leaf_and_grad_fn": "prints Python bools, None and a grad_fn's class name",
    "list_indexing": LEAF,
    "logistic_regression_bce": "prints a module's weight, which torch shows as Parameter "
                               "containing:",
    "loss_history_item": "a list of loss.item() values",
    "mask_indexing": LEAF,
    "mask_write_clamp": LEAF,
    "matmul_grad": LEAF,
    "nn_linear_module": "prints a module's parameters, which torch shows as Parameter "
                        "containing:",
    "no_grad_param_update": "an update under no_grad is a timeline step",
    "parameter_manual_model": "prints a module's parameters' .grad: " + LEAF,
    "randperm_shuffle": LEAF,
    "register_hook_print": LEAF,
    "register_hook_scale": LEAF,
    "relu_inplace_module": LEAF,
    "requires_grad_inplace_flag": "prints Python bools (a.requires_grad)",
    "reseed_twice": "prints a Python bool (torch.equal)",
    "retain_grad": LEAF + ", and prints the .grad of x before that of z",
    "retain_graph_twice": LEAF,
    "saved_tensor_modified": "prints the start of the backward's error message as a "
                             "string; the export prints its whole message",
    "second_derivative": LEAF,
    "setitem_write": LEAF,
    "vjp_backward_gradient": LEAF,
    "sigmoid_grad_check": LEAF + "; by_hand, a tensor of the forward pass, is printed "
                          "with it, before x.grad",
    "where_relu": LEAF,
    "write_into_computed": LEAF,
}

KNOWN_DIFFERENCES = {}

TRACED = [n for n in PROGRAMS if n not in EXPECTED_REFUSALS]
REFUSAL = re.compile(r"line (\d+): " + re.escape(PREFIX) + r"(.+)\.")
# what the check that the graph computes what the script did refuses (see _trace_check)
DIFFERS = re.compile(r"The graph would differ from the script from line (\d+) (.+)\.")


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
    for table in (EXPECTED_REFUSALS, PRINTS_BEYOND_THE_GRAPH, KNOWN_DIFFERENCES):
        assert set(table) <= set(PROGRAMS), set(table) - set(PROGRAMS)
    assert not set(PRINTS_BEYOND_THE_GRAPH) & set(EXPECTED_REFUSALS)
    assert sorted(TRACED + list(EXPECTED_REFUSALS)) == PROGRAMS


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_program_runs_under_torch(printed, name):
    original = printed[name][0]
    if original is None:
        pytest.skip("torch is not installed")
    out, error = original
    assert error is None, error
    assert "tensor(" in out


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_program_traces_or_is_refused_as_listed(traced, name):
    got = traced[name]
    if name in EXPECTED_REFUSALS:
        assert isinstance(got, TraceError), f"{name} traces now: remove it from EXPECTED_REFUSALS"
        assert EXPECTED_REFUSALS[name] in str(got), str(got)
    else:
        assert isinstance(got, Document), f"{name} is refused: {got}"


@pytest.mark.parametrize("name", params(sorted(EXPECTED_REFUSALS)))
def test_a_refusal_is_one_sentence_with_its_line(traced, name):
    message = str(traced[name])
    match = REFUSAL.fullmatch(message) or DIFFERS.fullmatch(message)
    assert match, message
    assert 1 <= int(match.group(1)) <= len(source(name).splitlines()), message
    sentence = match.group(2)
    assert "\n" not in sentence and not re.search(r"\.\s+[A-Z]", sentence), message


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
