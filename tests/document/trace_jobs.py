"""Tracing many small scripts in a test, a few child processes at a time."""
import re
import textwrap

from gradstudio.document.trace import TraceError, start_trace
from cpu_paths import same_print

PREFIX = "GradStudio cannot trace this: "


def dedent(text):
    return textwrap.dedent(text).lstrip("\n")


def outcomes(sources, limit=3):
    """Traces ``sources`` a few at a time; the document or the TraceError of each."""
    jobs, results = [], []

    def collect(job):
        try:
            return job.result()
        except TraceError as exc:
            return exc
    for i, src in enumerate(sources):
        jobs.append(start_trace(dedent(src), filename=f"<script {i}>"))
        if len(jobs) - len(results) >= limit:
            results.append(collect(jobs[len(results)]))
    while len(results) < len(jobs):
        results.append(collect(jobs[len(results)]))
    return results


def drawn_up_to(got, words):
    """``got`` (a trace's outcome) opened, drawn up to a part it cannot draw, its note
    saying why in ``words`` (issue 32: never refused for what the graph cannot show)."""
    assert not isinstance(got, Exception), got
    assert got.trace_note is not None and words in got.trace_note, got.trace_note
    return got.trace_note


def check_round_trip(traced, sources):
    """The traced documents' exported scripts print, under the engine and under PyTorch,
    exactly what the documents' runs print (their transcripts), and that is exactly what
    the original scripts print under PyTorch (issue 32; on an Intel processor within MKL's
    last digits there, ``cpu_paths``). Returns ``(codes, transcripts,
    original outputs)``; skips the PyTorch half when torch is not installed."""
    import script_runner
    codes, texts = check_exports(traced)
    original = script_runner.run_scripts([dedent(s) for s in sources], backend="torch")
    for (out, error), text in zip(original, texts):
        assert error is None and same_print(text, out), (out, text)
    return codes, texts, [out for out, _ in original]


def check_exports(docs):
    """The documents' exported scripts print, under the engine and under PyTorch, exactly
    what the documents' runs print (their transcripts). Returns ``(codes, transcripts)``;
    skips the PyTorch half when torch is not installed."""
    import pytest
    import script_runner

    codes, texts = exported_and_printed(docs)
    for (out, error), text in zip(script_runner.run_scripts(codes, backend="engine"), texts):
        assert error is None and out == text
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    for (out, error), text in zip(script_runner.run_scripts(codes, backend="torch"), texts):
        assert error is None and same_print(text, out), (out, text)
    return codes, texts


def exported_and_printed(docs):
    """``(codes, transcripts)``: each document's exported script and what its run prints,
    from one run of it (``export_script`` would otherwise run it again for itself; the
    export reads the run, never changes it: issue 30)."""
    from gradstudio.document import export, run
    codes, texts = [], []
    for d in docs:
        result = run(d)
        codes.append(export.export_script(d, result).text)
        texts.append(export.transcript(d, result))
    return codes, texts


def assert_loads_and_prints_the_same(doc, path):
    """``doc`` saved to ``path`` and loaded back exports the same script and prints the
    same transcript (each document run once for both)."""
    from gradstudio.document.files import load, save
    save(doc, path)
    back = load(path)
    assert exported_and_printed([back]) == exported_and_printed([doc])


def exports_of(traced, names):
    """``{name: (exported script, transcript)}`` of each of ``names`` that opened
    (``traced``: name -> its document or refusal), each from one run: a corpus module's
    fixture, read by its torch check (the scripts) and its save-and-open check (the
    transcripts)."""
    from gradstudio.document import Document
    docs = [n for n in names if isinstance(traced[n], Document)]
    return dict(zip(docs, zip(*exported_and_printed([traced[n] for n in docs]))))


def traced_documents(sources):
    """The documents ``sources`` trace to; fails on the first that is refused."""
    docs = outcomes(sources)
    for d in docs:
        assert not isinstance(d, Exception), d
    return docs


def check_refused(source, words, line):
    """``source`` opens drawn up to a part the graph cannot show (never refused for it:
    issue 32), its note saying why with ``words``, drawn no further than ``line``."""
    import re
    (got,) = outcomes([source])
    note = drawn_up_to(got, words)
    drawn = re.match(r"Drawn up to line (\d+);", note)
    assert drawn is None or int(drawn.group(1)) <= line, note


def printed_programs(traced, sources):
    """For a corpus test: ``{name: (original under torch, export under torch, the graph's
    transcript)}`` of every program of ``sources`` (``{name: code}``) that opened
    (``traced``: name -> its document or refusal); the originals and the exports run in
    one request to the shared torch child."""
    import pytest
    import script_runner
    from gradstudio.document import Document
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    names = list(sources)
    docs = {n: d for n, d in traced.items() if isinstance(d, Document)}
    codes, texts = exported_and_printed(docs.values())
    results = script_runner.run_scripts([sources[n] for n in names] + codes)
    originals = dict(zip(names, results[:len(names)]))
    exported = dict(zip(docs, results[len(names):]))
    return {n: (originals[n], exported[n], text) for n, text in zip(docs, texts)}


def as_jupyter(cells):
    """A script that runs a notebook's code ``cells`` (``#md`` cells are Markdown) as
    Jupyter does, printing what each cell printed and displayed."""
    import json

    from test_trace_notebooks2 import _AS_JUPYTER
    code = [c for c in cells if not c.startswith("#md")]
    return f"CELLS = {json.dumps(json.dumps(code))}\n" + _AS_JUPYTER


def corpus_documents(scripts, notebooks, notebook_bytes):
    """``{name: Document or error}`` of a corpus's scripts and notebooks, traced
    together (the notebooks' jobs started first)."""
    from gradstudio.document.notebook_trace import start_notebook_trace
    jobs = [start_notebook_trace(notebook_bytes(c), f"{n}.ipynb") for n, c in notebooks.items()]
    docs = dict(zip(scripts, outcomes(list(scripts.values()))))
    docs.update((n, job.result(240)) for n, job in zip(notebooks, jobs))
    return docs


def corpus_printed(traced, scripts, notebooks):
    """``name -> ((original under torch), (export under torch))`` for a corpus (the
    export None where the program did not open), in one request; skips without torch."""
    import pytest
    import script_runner

    from gradstudio.document import Document, export
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    names = list(scripts) + list(notebooks)
    originals = list(scripts.values()) + [as_jupyter(c) for c in notebooks.values()]
    docs = [n for n in names if isinstance(traced[n], Document)]
    codes = [export.export_script(traced[n]).text for n in docs]
    results = script_runner.run_scripts(originals + codes)
    exported = dict(zip(docs, results[len(names):]))
    return {n: (results[i], exported.get(n)) for i, n in enumerate(names)}


ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def engine_outputs(scripts, names):
    """``name -> (stdout, error)`` of ``scripts[name]`` run under the engine, for the
    names a corpus lists as printing the engine's own last digits on this CPU."""
    import script_runner
    return dict(zip(names, script_runner.run_scripts([scripts[n] for n in names],
                                                     backend="engine")))


def assert_export_prints_as_torch(name, printed, engine_digits, engine_printed):
    """The export of corpus program ``name`` printed under torch what the program
    printed (object addresses aside); for a program of ``engine_digits`` whose export
    differs, an expected failure only where the engine itself prints otherwise than
    torch here (its own kernels on this CPU: the reason is ``engine_digits[name]``)."""
    import pytest
    (original, original_error), (out, error) = printed[name]
    assert original_error is None, original_error
    assert error is None, error
    assert original
    if name in engine_digits and ADDRESS.sub("0x?", out) != ADDRESS.sub("0x?", original):
        engine_out, engine_error = engine_printed[name]
        assert engine_error is None, engine_error
        if engine_out != original:      # (the engine's own kernels, on this CPU)
            pytest.xfail(engine_digits[name])
    assert ADDRESS.sub("0x?", out) == ADDRESS.sub("0x?", original)
