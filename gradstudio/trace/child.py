"""The tracing child process: ``python -P <this file>`` (run by path, so that it imports
only the engine and numpy, not the document package).

Reads a key and the result descriptor (``channel.header``), then ``{"source": ...,
"filename": ...}`` as JSON on stdin, runs the script with the engine installed as
``torch`` and records every tensor operation, and writes one JSON object, framed and
signed with the key (``channel.frame``), to the result descriptor: ``{"ok": true,
"nodes": [...], "actions": [...], "seed": ..., "output": ...}`` or ``{"ok": false,
"error": "line 7: RuntimeError: ...", ...}``. The supervisor (``contain.py``) started it
in a temporary folder; just before the script runs it limits itself (``contain.
set_limits``) and tells the supervisor the script's time starts.

Only this process ever runs the user's code. It changes nothing in the engine: the
``Tracer`` (``listener.py``) listens to the engine's forward observer for the script's
run, and the script's ``print`` is wrapped in its own namespace. With ``record_values``
(which ``gradstudio.document.trace`` always asks for) it also sends what the script
computed, for the caller's check (``gradstudio.document._trace_check``).
Operations inside a recorded call are not recorded again (``x @ w`` is one node, not the
``mm`` it runs); a call with no node kind of its own is recorded as the operations it
ran. Nodes are named after the script's variables (the first name a tensor is bound
to; ``y``, ``y_2``... when a loop rebinds ``y``), and temporaries nobody kept (a loop
condition such as ``y.data.norm() < 1000``) are dropped at the end. A training loop that
repeats the same forward, backward and update is folded into one graph and a loop block
(``fold``); a loop whose iterations differ stays unrolled.

The package is split by responsibility: ``values`` (the record type, TraceError and
value helpers), ``ops`` (op-table calls to node kinds), ``recorder`` (the ``Recorder``;
its parts in ``recorder_nodes``, ``recorder_timeline``, ``recorder_names`` and
``recorder_finish``), ``listener`` (the ``Tracer``) and ``handlers`` (how it records
each observed call, one module per family), ``updates`` (training steps written by
hand), ``optim`` (``torch.optim``'s calls, observed like every other), ``fold``
(training loops folded), ``naming`` (variables' names for the nodes, line by line),
``process`` (the child's process as the application starts it, and output caps),
``contain`` (the supervisor between them and the limits), ``channel`` (the signed
result) and this module (limits, running the script, the JSON result).
"""
import ast
import builtins
import io
import json
import os
import sys
import traceback
import types
import warnings

if not __package__:
    # run by path (``python -P``, as trace.py starts it): this folder is not on sys.path,
    # and importing gradstudio.document would load the whole document package, so the
    # sibling modules are imported through a private package whose only folder is this
    # one (PEP 366: setting __package__ lets the relative imports below use it)
    import importlib.machinery
    import importlib.util
    _spec = importlib.machinery.ModuleSpec("_gradstudio_tracer", None, is_package=True)
    _spec.submodule_search_locations = [os.path.dirname(os.path.abspath(__file__))]
    sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
    __package__ = _spec.name

from gradstudio import gc_policy  # noqa: E402
from gradstudio.vocabulary import TRACING_ENV  # noqa: E402
from gradstudio.words import QT_TRANSLATE_NOOP, Said  # noqa: E402

from .channel import frame, hide, read_header  # noqa: E402
from .contain import GO_ENV, NOFILE_LIMIT, set_limits  # noqa: E402
from .display import display_text  # noqa: E402
from .hooks import UNDRAWN_HOOK_PRINTS  # noqa: E402
from .listener import Tracer  # noqa: E402
from .naming import LineNamer  # noqa: E402
from .number_marks import NUMBER_CALL, keeping_marks, number_call  # noqa: E402
from .collect import (APPEND_CALL, READ_CALL, append_call, collecting_appends,  # noqa: E402
                      read_call)
from .process import watch_parent  # noqa: E402
from .cut import cut_result, drawn_on_result, end_part, refused_at, tick  # noqa: E402
from .recorder import UNSEEDED, Recorder  # noqa: E402
from .values import TraceError  # noqa: E402

MAX_OUTPUT = 64 * 1024


class _OutOfTime(BaseException):
    """Raised into the script by the timer (a BaseException: ``except Exception`` in the
    script does not swallow it)."""


# ----------------------------------------------------------------------------- main
def _error_place(exc, filename):
    line = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename == filename:
            line = lineno
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        line = exc.lineno
    if isinstance(exc, TraceError) and exc.line is not None:
        line = exc.line
    return line


def _error_said(exc, filename):
    """GradStudio's own sentence for ``exc`` (a refusal, or an API the engine lacks) as a
    ``Said`` for the window to translate; None for the script's own error (PyTorch's
    words, never translated)."""
    if isinstance(exc, TraceError):
        reason = exc.said
    else:
        missing = _missing_from_engine(exc)
        if missing is None:
            return None
        reason = Said("TraceRefusal", QT_TRANSLATE_NOOP(
            "TraceRefusal", "{name} is not in GradStudio yet"), name=missing)
    line = _error_place(exc, filename)
    if line:
        return Said("Trace", QT_TRANSLATE_NOOP(
            "Trace", "line {line}: GradStudio cannot trace this: {reason}."),
            line=line, reason=reason)
    return Said("Trace", QT_TRANSLATE_NOOP("Trace", "GradStudio cannot trace this: {reason}."),
                reason=reason)


def _error_line(exc, filename):
    said = _error_said(exc, filename)
    if said is not None:
        return str(said)
    line = _error_place(exc, filename)
    where = f"line {line}: " if line else ""
    msg = str(exc) if not isinstance(exc, SyntaxError) else exc.msg
    return f"{where}{type(exc).__name__}: {msg}" if msg else f"{where}{type(exc).__name__}"


def _refused(rec, exc, filename):
    """A refusal's result: its English sentence (the command line's), where in the run
    it happened, and its words for the window (``said``: the sentence, ``reason``: the
    refusal alone, each a ``Said`` as JSON)."""
    return {"ok": False, "error": _error_line(exc, filename),
            "refused_at": refused_at(rec, exc), "reason": exc.said.to_json(),
            "said": _error_said(exc, filename).to_json()}


def _missing_from_engine(exc):
    """``torch.nn.Embedding`` for the AttributeError of a name the engine standing in for
    torch does not have (its own module path means nothing to the script's author)."""
    if type(exc) is not AttributeError:
        return None
    obj, name = getattr(exc, "obj", None), getattr(exc, "name", None)
    module = getattr(obj, "__name__", None)
    if not isinstance(module, str) or not module.startswith("gradstudio.engine") or not name:
        return None
    return "torch" + module[len("gradstudio.engine"):].replace("._", ".") + "." + name


def _start_timer(seconds):
    """Interrupts the script after ``seconds`` of processor time (this process's, user and
    system: a busy machine or a slow import does not count the time it waits; the
    supervisor stops a script waiting far longer on the wall clock, and ``RLIMIT_CPU``
    one that never returns to Python)."""
    import signal
    if not seconds or not hasattr(signal, "setitimer"):
        return

    def ring(signum, frame):
        raise _OutOfTime()
    signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, float(seconds))


def _stop_timer():
    import signal
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_PROF, 0)


def untraced(fn, *args):
    """The tracer's ``op_runner`` (``engine.observer``): an op's run and its recording
    (``fn(*args)``) with the line tracer set aside. The engine's and the recorder's
    frames are none of the script's, yet each one entered under ``sys.settrace`` costs
    a call of the global trace function and its locals made into a dict (most of a
    traced op's time). The op runs with no listener (nothing it runs is recorded, so
    nothing it binds needs a name), then the tracer records it, which runs no script
    code; the script's frames keep their line tracers, whose events go on when the op
    returns."""
    tracer = sys.gettrace()
    if tracer is None:
        return fn(*args)
    sys.settrace(None)
    try:
        return fn(*args)
    finally:
        sys.settrace(tracer)


def _cell_parts(source, first, last, filename):
    """Cell lines ``first..last`` of ``source`` compiled at their own line numbers: the
    statements, and the trailing expression IPython would display (None when there is
    none or the line ends with ``;``)."""
    import ast
    lines = source.split("\n")[first - 1:last]
    tree = keeping_marks(collecting_appends(
        ast.parse("\n" * (first - 1) + "\n".join(lines), filename)))
    shown = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last_expr = tree.body[-1]
        # what follows the expression on its last line (offsets are in UTF-8 bytes):
        # "; # ..." hides it, a '#' inside a string before it does not
        after = lines[last_expr.end_lineno - first].encode("utf-8")[
            last_expr.end_col_offset:].decode("utf-8", "replace")
        if not after.lstrip().startswith(";"):
            shown = compile(ast.Expression(tree.body.pop().value), filename, "eval")
    return compile(tree, filename, "exec"), shown


def trace_source(source, filename="<script>", record_values=False, timeout=None, cells=None,
                 on_start=None, cut_at=None, cut_reason=None, record_at=None):
    """Runs ``source`` with the engine as torch; returns the result dict. With
    ``record_values`` each node also carries what the script computed (its value, dtype,
    grad_fn and final .grad), so a caller can check the document reproduces it.

    ``cells`` (a notebook: ``[[cell, first line, last line], ...]``) runs those lines of
    ``source`` cell by cell, as Jupyter runs them one after another: a cell's trailing
    expression is displayed, and an error ends its cell (shown in its output as
    ``RuntimeError: ...``) while the next cells still run. The result then says, per
    cell, what it printed and the error it raised (``"cells"``). ``on_start(timeout)``
    is called just before the script's first line runs (``main``: its limits).

    A refusal says at which of the script's events it happened (``refused_at``); with
    ``cut_at`` that count, the graph is drawn up to there and what the script prints
    after it is recorded (``cut``, ``cut_reason`` saying why). With ``record_at`` (a list
    of counts) instead, each count starts a recorded part and the graph is drawn on
    after it (``cut``)."""
    run = _ScriptRun(source, filename, record_values, cells, cut_at)
    run.rec.record_at = sorted(record_at or ())
    result = run.execute(timeout, on_start)
    if result is None:
        # (the script has ended: what finishing makes, the result's dicts and lists, holds
        # no cycle, and the collector's passes over everything the trace kept are paused)
        with gc_policy.paused():
            result = run.finished(cut_reason)
    return run.with_output(result)


class _ScriptRun:
    """One run of a script for ``trace_source``, step by step: made ready (the engine as
    torch, the recorder, the script's ``print``), executed (``execute``), finished
    (``finished``: the graph) and its output added (``with_output``)."""

    def __init__(self, source, filename, record_values, cells, cut_at):
        import gradstudio.engine as engine
        self.source, self.filename, self.cells, self.cut_at = source, filename, cells, cut_at
        self.rec = rec = Recorder(engine, filename, record_values)
        rec.source = source
        rec.cut_at = cut_at
        rec.cells = cells
        engine.default_generator.manual_seed(UNSEEDED)
        # the script's ``import torch`` gets the engine
        sys.modules.update(engine.torch_modules())
        self.output = io.StringIO()
        self.real_print = builtins.print
        # the script's globals are a module's, ``__main__`` while it runs: pickle finds
        # its classes there (``torch.save(model, f)`` of a class the script defines)
        self.main = types.ModuleType("__main__")
        self.namespace = self.main.__dict__
        self.namespace.update({"__file__": filename, "print": self._traced_print(),
                               NUMBER_CALL: number_call(engine.Tensor),
                               APPEND_CALL: append_call(rec), READ_CALL: read_call(rec)})
        if cells is not None:       # (Jupyter's ``display``, which needs no import)
            self.namespace["display"] = self._display_call()
        rec.namespace = self.namespace
        self.cell_results = []
        # (parsed once: for the names, then for the run; neither the tree nor the names
        # read off it hold a cycle, so the collector's passes over them are paused)
        with gc_policy.paused():
            try:
                self.tree = ast.parse(source, filename) if cells is None else None
            except (SyntaxError, ValueError):
                self.tree = None              # (execute parses again and says why)
            self.namer = LineNamer(rec, source, self.tree)

    # ------------------------------------------------------------ what the script sees
    def _traced_print(self):
        """The script's ``print``: a tensor printed is watched (or a print step), every
        print a say step (``Recorder.say``)."""
        rec, real_print = self.rec, self.real_print

        def traced_print(*args, **kwargs):
            said = not rec.quiet and kwargs.get("file") is None
            if rec.action_lines is not None and kwargs.get("file") is None:
                rec.refuse(UNDRAWN_HOOK_PRINTS)   # (a hook the graph does not hold)
            if not rec.quiet:
                tick(rec)
            if not rec.quiet and rec.cut is None:
                for a in args:
                    rec.print_tensor(a)
                rec.printed()
            rec.quiet += 1
            try:
                texts = [str(a) for a in args] if said else None
                real_print(*args, **kwargs)
            finally:
                rec.quiet -= 1
            if said:
                sep, end = kwargs.get("sep"), kwargs.get("end")
                rec.say(args, texts, " " if sep is None else sep, "\n" if end is None else end)

        traced_print.__name__ = traced_print.__qualname__ = "print"    # (as the script sees it)
        return traced_print

    def _display_call(self):
        """A notebook's ``display(a, b)``: each value shown as Jupyter shows a cell's
        trailing expression (``None`` too), one after the other."""
        def display(*objs, **kwargs):
            for value in objs:
                self._display(value, shown_if_none=True)

        return display

    def _display(self, value, shown_if_none=False):
        """A cell's trailing expression, displayed as Jupyter displays it."""
        rec = self.rec
        if value is None and not shown_if_none:
            return
        said = not rec.quiet
        if not rec.quiet:
            tick(rec)
        if not rec.quiet and rec.cut is None:
            rec.mark_watched(value)
            rec.printed()
        rec.quiet += 1
        try:
            text = display_text(value)
            self.real_print(text)
        finally:
            rec.quiet -= 1
        if said:
            rec.say([value], [text], " ", "\n")

    def _global_tracer(self, frame, event, arg):
        """The trace function: names tensors line by line in the script's frames
        (``naming``)."""
        code = frame.f_code
        if self.rec.part is not None and code.co_filename == self.filename and \
                code.co_name == "<module>":
            end_part(self.rec)           # (a notebook's next cell: the part is over)
        if self.rec.cut is not None:
            return None
        if code.co_filename == self.filename:
            return self.namer.frame_tracer(frame)
        return None

    # ------------------------------------------------------------ running it
    def _run_cells(self):
        rec, output, namespace = self.rec, self.output, self.namespace
        for cell, first, last in self.cells:
            start, error = len(output.getvalue()), None
            try:
                code, shown = _cell_parts(self.source, first, last, self.filename)
                exec(code, namespace)
                if shown is not None:
                    self._display(eval(shown, namespace))
            except Exception as exc:  # the cell's error, shown at the cell as Jupyter does
                if rec.cut is None and (isinstance(exc, TraceError) or
                                        rec.refusal is not None):
                    raise
                error = self._cell_error(exc)
            self.cell_results.append({"cell": cell, "output": output.getvalue()[start:],
                                      "error": error})

    def _cell_error(self, exc):
        """A cell's error, printed in its output, as the result's ``cells`` hold it."""
        where = _error_line(exc, self.filename).split(": ", 1)
        error = where[-1] if where[0].startswith("line ") else ": ".join(where)
        line = where[0][5:] if where[0].startswith("line ") else None
        self.real_print(error)
        said = _error_said(exc, self.filename)
        return {"text": error, "line": int(line) if line else None,
                **({} if said is None else {"reason": said.fields["reason"].to_json()})}

    def _listened(self, code, timeout, on_start):
        """Runs the script (``code``, or its cells) listened to and traced."""
        from gradstudio.engine.observer import listen
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if on_start is not None:
                on_start(timeout)
            sys.settrace(self._global_tracer)
            _start_timer(timeout)
            try:            # (the modules imported: not garbage, not walked again; and
                #             what the recorder keeps, as it grows: Recorder._commit)
                tracer = Tracer(self.rec)
                tracer.op_runner = untraced
                with gc_policy.frozen(), listen(tracer):
                    if self.cells is None:
                        exec(code, self.namespace)
                    else:
                        self._run_cells()
            finally:
                _stop_timer()
                sys.settrace(None)

    def execute(self, timeout, on_start):
        """Runs the script, its output captured: None, or the result of a script that
        ran out of time, exited or raised."""
        rec, filename = self.rec, self.filename
        result = None
        old_out, old_err = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = self.output
        tracing = os.environ.get(TRACING_ENV)
        os.environ[TRACING_ENV] = "1"           # (an exported plot leaves itself out)
        main, sys.modules["__main__"] = sys.modules.get("__main__"), self.main
        try:
            with gc_policy.paused():
                code = None if self.cells is not None else compile(keeping_marks(
                    collecting_appends(self.tree or ast.parse(self.source, filename),
                                       self.source), self.source), filename, "exec")
            self.tree = None
            self._listened(code, timeout, on_start)
        except _OutOfTime:
            said = Said("Trace", QT_TRANSLATE_NOOP(
                "Trace", "The script computed for more than {seconds} seconds of processor "
                "time (an endless loop?) and was stopped."), seconds=f"{timeout:g}")
            result = {"ok": False, "timeout": True, "error": str(said),
                      "said": said.to_json()}
        except SystemExit as exc:
            if exc.code not in (None, 0):
                said = Said("Trace", QT_TRANSLATE_NOOP(
                    "Trace", "The script stopped with exit status {code}."), code=exc.code)
                result = {"ok": False, "error": str(said), "said": said.to_json()}
        except BaseException as exc:  # the user's error, reported as one message
            # (unless something was refused before it: that came first)
            refusal = rec.refusal if rec.cut is None else None
            result = {"ok": False, "error": _error_line(refusal or exc, filename)}
            if isinstance(refusal or exc, TraceError) and rec.cut is None:
                result = _refused(rec, refusal or exc, filename)
            elif _error_said(refusal or exc, filename) is not None:
                result["said"] = _error_said(refusal or exc, filename).to_json()
        finally:
            sys.stdout, sys.stderr = old_out, old_err
            sys.modules["__main__"] = main
            if tracing is None:
                os.environ.pop(TRACING_ENV, None)
            else:
                os.environ[TRACING_ENV] = tracing
        return result

    # ------------------------------------------------------------ the result
    def finished(self, cut_reason):
        """The result of a script that ran to its end: the graph (cut at ``cut_at``)."""
        rec = self.rec
        if self.cut_at is not None:
            return cut_result(rec, cut_reason)
        if rec.parts or rec.part is not None:
            try:
                return drawn_on_result(rec, cut_reason)
            except TraceError as exc:
                return _refused(rec, exc, self.filename)
        rec.name_tensors(self.namespace)
        try:
            return rec.finish()
        except TraceError as exc:
            return _refused(rec, exc, self.filename)

    def with_output(self, result):
        """``result`` with what the script printed (per cell for a notebook)."""
        rec = self.rec
        if result.get("ok"):
            result["line_clock"] = {str(k): v for k, v in rec.line_clock.items()}
        text = self.output.getvalue()
        result["output"] = text[:MAX_OUTPUT]
        if self.cells is not None:
            for c in self.cell_results:
                c["output"] = c["output"][:MAX_OUTPUT]
            result["cells"] = self.cell_results
            result["script_seeded"] = rec.seed is not None
        return result


MEMORY_LIMIT = 4 * 1024 ** 3     # bytes of address space for the script


def _limit_memory():
    """A script that allocates without end gets a MemoryError instead of starving the
    machine (POSIX only; elsewhere the parent's time limit is the only guard)."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))   # (not to be raised)
    except (ImportError, ValueError, OSError):
        pass


def _result_channel(fd):
    """The descriptor the result goes to, hidden from the script (``channel.hide``), and
    what it is (so a script that closed it and opened a file there is not written to)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)                  # the request and its key are read: gone
    if fd is None:                       # (no descriptors handed on: stdout is the channel)
        fd = os.dup(1)
        os.dup2(devnull, 1)
    os.close(devnull)
    fd = hide(fd, NOFILE_LIMIT)
    st = os.fstat(fd)
    return fd, (st.st_dev, st.st_ino)


def _send(fd, identity, data):
    try:
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != identity:
            return
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError:
        pass                             # the parent says the result is missing


def _go(timeout):
    """Just before the script runs: its limits, then the supervisor's clock starts."""
    set_limits(timeout)
    go = os.environ.pop(GO_ENV, None)
    if go is not None:
        try:
            os.write(int(go), b"go")
            os.close(int(go))
        except (OSError, ValueError):
            pass


def main():
    watch_parent()
    _limit_memory()
    stdin = sys.stdin.buffer
    key, fd = read_header(stdin)
    request = json.loads(stdin.read().decode("utf-8"))
    sys.stdin = io.StringIO("")
    fd, identity = _result_channel(fd)
    try:
        result = trace_source(request["source"], request.get("filename") or "<script>",
                              bool(request.get("record_values")), request.get("timeout"),
                              request.get("cells"), on_start=_go,
                              cut_at=request.get("cut_at"),
                              cut_reason=request.get("cut_reason"),
                              record_at=request.get("record_at"))
    except BaseException as exc:  # a bug of the tracer itself: still one message
        result = {"ok": False, "error": "The tracer failed: " + "".join(
            traceback.format_exception_only(type(exc), exc)).strip()}
        if request.get("cut_at") is None and request.get("record_at") is None:
            # (traced again drawing nothing: recorded)
            result["refused_at"] = 0
    _send(fd, identity, frame(key, json.dumps(result).encode("utf-8")))
    # done: threads the script started and its exit handlers do not keep us waiting
    os._exit(0)


if __name__ == "__main__":
    main()
