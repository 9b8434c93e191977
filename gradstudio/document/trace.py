"""Import by tracing: run a PyTorch-style script and draw what autograd saw.

PyTorch is define-by-run: the graph is the record of one run. ``trace(text)`` runs the
script once with GradStudio's engine standing in for ``torch`` and turns every tensor
operation into a node (loops come out unrolled, one node per iteration, because that is
what autograd records), ``backward``/``autograd.grad`` calls, ``x.grad.zero_()`` and
``x.grad = None`` into timeline actions, ``with torch.no_grad():`` blocks into regions,
and tensors the script ``print``s into watched nodes. Nodes are named after the
script's variables and laid out in layers (``layout.layered_positions``).

Training: a parameter update (``w -= lr * w.grad`` under no_grad, ``w.data -= lr *
w.grad``, ``w.sub_(lr * w.grad)``) is an ``update`` action; ``torch.optim.SGD/Adam/AdamW/
RMSprop(...)``, its ``step()`` and ``zero_grad()`` are ``optimizer``, ``step`` and
``optimizer_zero_grad`` actions. A loop that repeats the same forward, backward and
update is folded: one graph (its first iteration, or the same forward computed just
before the loop) and ``loop(count)`` … ``forward`` … ``end_loop`` around one iteration's
actions (``gradstudio/trace/fold.py`` says how it is found). A tensor whose ``.item()``
the loop prints is watched, so the loop prints it every iteration. Nodes computed after
a parameter changed get a ``forward`` action before them. A loop whose iterations differ
stays unrolled; other updates, optimizer settings a document has no place for,
schedulers and random numbers drawn inside a folded loop are refused in one sentence.

A document node has one output, so the pieces of ``split``, ``chunk``, ``unbind`` and of
iterating over a tensor (``for row in x``), which share one multi-output node in autograd,
are drawn one node each, as the slice or select each piece views: ``a, b = x.split(2)``
becomes ``a = x[0:2]`` and ``b = x[2:4]``. Values and gradients are the same as the
script's; the pieces' ``grad_fn`` is ``SliceBackward0`` or ``SelectBackward0`` where
PyTorch shows ``SplitBackward0``, ``SplitWithSizesBackward0`` or ``UnbindBackward0``.

The user's code only ever runs when this is asked for, and then in a child process
(``gradstudio/trace/child.py``) with a time limit, counted in processor time (a slow
import on a busy machine does not use it up; a script that waits is stopped after
``contain.WALL_FACTOR`` times as long on the clock): an endless loop, a
crash or a script that calls ``os._exit`` cannot hang or break the caller. Whatever goes
wrong comes back as one ``TraceError`` whose message is written for the user. The child
sends the recorded program as JSON; the document is built here through the public
``Document`` methods, so every usual check applies.

The graph is a promise that it is the program that ran, so the tracer never drops what
it cannot draw: writes through ``.data``, hooks, in-place changes of a ``.grad`` or of a
tensor sharing memory with a detached copy, and values computed from a gradient or from
a number read out of a tensor (``item()``, ``tolist()``), which a document would freeze
into constants, are refused with the script line. And it checks itself: the child also
sends what the script computed (every node's value, every ``.grad`` after every step),
and the built document is run and compared with it (``_trace_check``: a folded loop is compared iteration by
iteration); the first difference is refused, naming the line where it starts.

``start_trace(text)`` returns a ``TraceJob`` (``done()``, ``cancel()``, ``result()``) for
callers that must stay responsive; ``trace(text, should_cancel=...)`` polls a callback.
"""
import bisect
import json
import os
import sys
import threading
from pathlib import Path

from gradstudio import gc_policy
from ._trace_check import Difference, check_trace
from gradstudio.trace.contain import wall_limit
from gradstudio.trace.process import MAX_STDERR, Child
from gradstudio.words import QT_TRANSLATE_NOOP, Number, Said, shown, translate
from .epochs import nest_epochs
from .layout import apply_layered_layout
from .model import ACTION_KINDS, Document, DocumentError
from .recorded import mark_traced

__all__ = ["trace", "start_trace", "TraceJob", "TraceError", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 10.0
MAX_RECORDED_PARTS = 8   # parts of a program recorded, not drawn, before it is cut instead
MAX_CHECKS = 6           # documents built and checked for one trace
STARTUP_GRACE = 20.0     # seconds for the child to start Python and the engine
MAX_SCRIPT_BYTES = 1024 * 1024
MAX_RESULT_BYTES = 64 * 1024 * 1024
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_CHILD = str(Path(__file__).resolve().parents[1] / "trace" / "child.py")


class TraceError(Exception):
    """The script could not be traced; the message says why, in one sentence."""


class TraceJob:
    """A trace running in a child process. ``result()`` waits and returns the
    ``Document`` (or raises ``TraceError``); ``cancel()`` stops the child at once. After
    ``result()``, ``output`` is what the script printed and ``recorded`` maps each node
    id to what the script computed there (``value`` and ``grad`` as nested lists,
    ``shape``, ``dtype``, ``grad_fn``). What the script computed is always recorded (the
    document is checked against it); ``record_values`` is kept for older callers."""

    def __init__(self, text, timeout=DEFAULT_TIMEOUT, filename="<script>",
                 record_values=False, cells=None):
        if not isinstance(text, str):
            raise TraceError(translate("Trace", "The script must be text."))
        # what the script computed is always recorded: the document is checked against it
        request = {"source": text, "filename": filename, "timeout": float(timeout),
                   "record_values": True}
        if cells is not None:        # a notebook's cells: [[cell, first line, last line]]
            request["cells"] = [list(c) for c in cells]
        self._request = request
        request = json.dumps(request)
        self._source = text
        self.note = None              # after result(): what was recorded, not drawn, why
        self._parts_at = None         # (count, reason) of the first recorded part tried
        self._not_drawn_on = None     # why drawing on after it would differ
        self._said = {}               # a refusal's English words -> its Said (translated)
        self.recorded = {}
        self.data = None              # after result(): the child's JSON and node ids
        self.ids = {}
        if len(request) > MAX_SCRIPT_BYTES:
            raise TraceError(translate(
                    "Trace", "The script is larger than 1 MB; trace a shorter one."))
        self.timeout = float(timeout)
        self.output = ""
        self._cancelled = False
        self._outcome = None          # ("ok", data) or ("error", message)
        self._child = self._start(request)
        self._thread = threading.Thread(target=self._wait, daemon=True)
        self._thread.start()

    @staticmethod
    def _start(request):
        env = dict(os.environ)
        env["PYTHONPATH"] = _PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
        env["PYTHONIOENCODING"] = "utf-8"
        env.pop("PYTHONSTARTUP", None)
        try:
            # run by path (only the engine is imported); -P: neither the current folder
            # nor this one can shadow numpy or gradstudio
            return Child([sys.executable, "-P", _CHILD], env, request.encode("utf-8"),
                         MAX_RESULT_BYTES, fork_server=True)
        except OSError as exc:
            raise TraceError(translate(
                    "Trace", "Could not start Python to run the script ({exc}).").format(
                    exc=exc)) from None

    def _wait(self):
        """Traces; a refusal traces again with the cut where it happened (``trace/cut``),
        and when the tracer cannot make that either, with nothing drawn. A program that
        fails on its own after the cut is reported with its own error (it would fail
        under PyTorch as well); a trace that cannot finish keeps the refusal."""
        self._wait_child()
        first = self._outcome
        status, data = first
        if status != "ok" or data.get("ok") or data.get("refused_at") is None:
            return
        reason = self._reason(data)
        if self._draw_on(data["refused_at"], reason):
            return
        for cut_at in dict.fromkeys((data["refused_at"], 0)):
            if self._cancelled:
                return
            request = dict(self._request, cut_at=cut_at, cut_reason=str(reason))
            try:
                self._child = self._start(json.dumps(request))
            except TraceError:
                break
            self._wait_child()
            status, data = self._outcome
            if status != "ok":
                break
            if data.get("ok") or not str(data.get("error", "")).startswith(
                    "The tracer failed"):
                return
        self._outcome = first        # (the refusal itself is the clearer message)

    def _draw_on(self, at, reason):
        """Traces again with a recorded part starting at the refusal (count ``at``) and
        the graph drawn on after it; a later refusal adds a part there, and so on
        (``trace/cut``). True when that made a graph (then ``_outcome``); False leaves
        the refusal to cut the graph as before."""
        parts, reasons = [at], [reason]
        self._parts_at = (at, reason)
        while len(parts) <= MAX_RECORDED_PARTS and not self._cancelled:
            request = dict(self._request, record_at=parts, cut_reason=str(reason))
            try:
                self._child = self._start(json.dumps(request))
            except TraceError:
                return False
            self._wait_child()
            status, data = self._outcome
            if status != "ok":
                return False
            if data.get("ok") and isinstance(data.get("cut"), dict):
                data["cut"]["reasons"] = _part_reasons(data["cut"], parts, reasons)
                return True
            later = data.get("refused_at")
            if data.get("ok") or later is None or later in parts:
                return False
            # (a refusal before a part, such as a node drawn before it and refused at the
            # end, starts a part of its own there)
            at = bisect.bisect(parts, later)
            parts.insert(at, later)
            reasons.insert(at, self._reason(data))
        return False

    def _wait_child(self):
        # the child stops the script itself after ``timeout`` seconds of processor time;
        # this limit, on the wall clock, is the far larger net (a script that waits), and
        # covers starting Python and code stuck outside Python
        out, err = self._child.wait(wall_limit(self.timeout) + STARTUP_GRACE)
        if self._cancelled:
            self._outcome = ("error", translate("Trace", "The trace was cancelled."))
            return
        if self._child.timed_out:
            self._outcome = ("error", translate(
                "Trace", "The script was still running after {seconds} seconds on the clock "
                "and was stopped (its limit of {limit} seconds counts only the time it "
                "computes; it was waiting, or the computer was too busy to run it).").format(
                    seconds=f"{wall_limit(self.timeout):g}", limit=f"{self.timeout:g}"))
            return
        if len(out) > MAX_RESULT_BYTES:
            self._outcome = ("error", translate(
                "Trace", "The script produced a graph too large to open."))
            return
        cut = (" " + translate("Trace", "It printed more than {size} MB of errors; the rest "
                               "was cut.").format(size=MAX_STDERR // 2 ** 20)
               ) if self._child.stderr_cut else ""
        try:
            with gc_policy.paused():
                data = json.loads(out.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            code = self._child.returncode
            last = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            detail = f": {last[0][:200]}" if last[0] else ""
            self._outcome = ("error", translate(
                "Trace", "The script stopped Python before it finished (exit code "
                "{code}){detail}.").format(code=code, detail=detail) + cut)
            return
        if cut and isinstance(data, dict):
            data["output"] = str(data.get("output", "")) + "\n" + cut.strip() + "\n"
        self._outcome = ("ok", data)

    def _checked(self, data):
        """The document built from ``data`` and checked against the script; one that
        would differ is traced again (``_traced_again``) until one does not."""
        for attempt in range(MAX_CHECKS):
            try:
                with gc_policy.paused():    # (thousands of nodes made, no cycle among them)
                    doc, ids = _build(data)
            except (DocumentError, KeyError, TypeError, ValueError) as exc:
                raise TraceError(translate(
                        "Trace", "The traced program could not be drawn: {exc}").format(
                        exc=exc)) from None
            try:
                with gc_policy.paused():
                    check_trace(doc, data, ids, self._source)
                return doc, ids, data
            except Difference as exc:
                if attempt == MAX_CHECKS - 1:
                    raise TraceError(exc.said.shown()) from None
                data = self._traced_again(data, exc)
        raise AssertionError("unreachable")

    def _traced_again(self, data, exc):
        """The trace to check after the difference ``exc`` found in ``data``: with a
        recorded part where it starts, drawn on after it; drawn on already, a part there
        too when it comes before the first part, else cut at the first part as before
        (what comes after needs what the part did: a gradient through it); cut already,
        with nothing drawn."""
        cut = data.get("cut")
        clock = data.get("line_clock", {}).get(str(getattr(exc, "line", None)))
        if cut is not None and cut.get("parts") and cut.get("drawn"):
            first, reason = self._parts_at
            if clock and clock < first and self._draw_on(clock, exc.reason):
                return self._outcome[1]
            self._not_drawn_on = exc
            return self._again(dict(self._request, cut_at=first, cut_reason=str(reason)), exc)
        if cut is not None and not cut.get("drawn"):
            raise TraceError(exc.said.shown()) from None
        self._said[str(exc)] = exc.reason
        if cut is None and clock and self._parts_at is None and \
                self._draw_on(clock, exc.reason):
            return self._outcome[1]
        cut_at = clock if cut is None and clock else 0
        return self._again(dict(self._request, cut_at=cut_at, cut_reason=str(exc)), exc)

    def _again(self, request, exc):
        """The child's result for ``request`` (a trace cut again), or the difference
        ``exc`` raised in words when there is none."""
        self._child = self._start(json.dumps(request))
        self._wait_child()
        status, again = self._outcome
        if status != "ok" or not isinstance(again, dict) or not again.get("ok"):
            raise TraceError(exc.said.shown()) from None
        return again

    def _reason(self, data):
        """The refusal in the child's ``data``, alone (to go inside a sentence): a
        ``Said`` the window translates, or the English words of an older child."""
        reason = Said.from_json(data.get("reason"))
        if not isinstance(reason, Said):
            return _plain(data.get("error"))
        self._said[str(reason)] = reason
        self._said[str(data.get("error") or "")] = reason
        return reason

    def _kill(self):
        self._child.kill()

    def done(self):
        return not self._thread.is_alive()

    def cancel(self):
        """Stops the child process; ``result()`` then raises ``TraceError``."""
        self._cancelled = True
        self._kill()

    def result(self, timeout=None):
        """Waits for the trace (at most ``timeout`` seconds more, if given) and returns the
        new ``Document``."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError("the trace is still running")
        if self._cancelled:
            raise TraceError(translate("Trace", "The trace was cancelled."))
        status, data = self._outcome
        if status == "error":
            raise TraceError(data)
        self.output = data.get("output", "") if isinstance(data, dict) else ""
        if not isinstance(data, dict) or not data.get("ok"):
            message = data.get("error") if isinstance(data, dict) else None
            said = Said.from_json(data.get("said")) if isinstance(data, dict) else None
            if isinstance(said, Said):
                message = said.shown()
            raise TraceError(str(message or translate("Trace", "The script could not be "
                                                      "traced.")))
        doc, ids, data = self._checked(data)
        if "cells" not in self._request:   # (a notebook's lesson reads the steps one by one)
            doc = nest_epochs(doc) or doc  # (a loop per epoch: one loop over epochs)
        mark_traced(doc)
        cut = data.get("cut")
        if cut is not None:
            self.note = doc.trace_note = _cut_note(cut, self._not_drawn_on, self._said)
        kept = set(doc.node_ids)
        self.recorded = {ids[n["id"]]: n["recorded"] for n in data["nodes"]
                         if "recorded" in n and ids[n["id"]] in kept}
        self.data, self.ids = data, ids
        return doc


def _plain(reason):
    """A refusal's words, to go inside a sentence: a ``Said`` (or a ``Difference``)
    translated, else the English sentence of a refusal without its frame."""
    if isinstance(reason, Exception) and isinstance(getattr(reason, "reason", None), Said):
        reason = reason.reason
    if isinstance(reason, Said):
        return reason.shown()
    reason = str(reason or "").strip()
    reason = reason.split("GradStudio cannot trace this: ", 1)[-1].rstrip(".")
    reason = reason.removesuffix(", so it was not drawn")
    if reason.startswith("The graph would differ"):
        reason = "t" + reason[1:]
    return reason


def _part_reasons(cut, parts, reasons):
    """Why each recorded part of ``cut`` is recorded: the reasons of the refusals whose
    counts (``parts``) it covers (several, when one statement held them), in order:
    a list per part, or None."""
    why = dict(zip(parts, reasons))
    starts = cut.get("starts")
    if not isinstance(starts, list) or len(starts) != len(cut.get("parts") or ()):
        return reasons
    return [[why[c] for c in counts if why.get(c)] or None for counts in starts]


# what a drawn-on trace recorded: (one part or several, tensors recorded: 0, 1, more)
_DRAWN_ON = {
    (False, 0): QT_TRANSLATE_NOOP(
        "TraceNotes", "Not drawn: {parts}. What it printed is recorded as text and "
        "everything after it is drawn."),
    (False, 1): QT_TRANSLATE_NOOP(
        "TraceNotes", "Not drawn: {parts}. What it printed is recorded as text, 1 tensor "
        "the graph uses from it is a recorded value (marked with the line that made it), "
        "and everything after it is drawn."),
    (False, 2): QT_TRANSLATE_NOOP(
        "TraceNotes", "Not drawn: {parts}. What it printed is recorded as text, {count} "
        "tensors the graph uses from it are recorded values (marked with the line that "
        "made each), and everything after it is drawn."),
    (True, 0): QT_TRANSLATE_NOOP(
        "TraceNotes", "Not drawn: {parts}. What they printed is recorded as text and "
        "everything after them is drawn."),
    (True, 1): QT_TRANSLATE_NOOP(
        "TraceNotes", "Not drawn: {parts}. What they printed is recorded as text, 1 tensor "
        "the graph uses from them is a recorded value (marked with the line that made it), "
        "and everything after them is drawn."),
    (True, 2): QT_TRANSLATE_NOOP(
        "TraceNotes", "Not drawn: {parts}. What they printed is recorded as text, {count} "
        "tensors the graph uses from them are recorded values (marked with the line that "
        "made each), and everything after them is drawn."),
}


def _cut_note(cut, not_drawn_on=None, said=None):
    """What a cut trace drew and what it recorded, in words in the language installed
    (``not_drawn_on``: why the graph could not be drawn on after the cut with recorded
    values; ``said``: the refusals' ``Said`` by their English words)."""
    said = said or {}
    reason = _plain(said.get(cut.get("reason"), cut.get("reason")))
    if cut.get("parts") and cut.get("drawn"):
        return _drawn_on_note(cut)
    if not cut.get("drawn"):
        return translate("TraceNotes", "Nothing of this program could be drawn ({reason}); "
                         "what it printed is recorded, as text.").format(reason=reason)
    line = cut.get("line")
    if line:
        note = translate("TraceNotes", "Drawn up to line {line}; from there on, what the "
                         "program printed is recorded, as text, because {reason}.").format(
                         line=line, reason=reason)
    else:
        note = translate("TraceNotes", "Drawn up to where it could; from there on, what the "
                         "program printed is recorded, as text, because {reason}.").format(
                         reason=reason)
    if not_drawn_on:
        note += " " + translate("TraceNotes", "It could not be drawn on after that with the "
                                "values it computed recorded, because {reason}.").format(
                                reason=_plain(not_drawn_on))
    return note


def _drawn_on_note(cut):
    """What a trace drawn on after its recorded parts recorded, in words."""
    reasons = cut.get("reasons") or [cut.get("reason")]
    parts = []
    for (line, first, last), reason in zip(cut["parts"], reasons + [None] * 8):
        part = (translate("TraceNotes", "line {line}").format(line=first) if first == last
                else translate("TraceNotes", "lines {first}–{last}").format(first=first,
                                                                            last=last))
        if line not in (None, first):
            part = translate("TraceNotes", "{lines} from line {line} on").format(
                lines=part, line=line)
        if reason:         # (one refusal, or the several one part holds)
            words = dict.fromkeys(_plain(r) for r in (
                reason if isinstance(reason, list) else [reason]))
            part = translate("TraceNotes", "{part} ({reason})").format(
                part=part, reason="; ".join(words))
        parts.append(part)
    count = cut.get("recorded", 0)
    template = _DRAWN_ON[len(parts) > 1, min(count, 2)]
    return translate("TraceNotes", template).format(
        parts="; ".join(parts), count=shown(Number(count)))


def start_trace(text, timeout=DEFAULT_TIMEOUT, filename="<script>",
                record_values=False) -> TraceJob:
    """Starts tracing ``text`` in a child process and returns at once."""
    return TraceJob(text, timeout, filename, record_values)


def trace(text, timeout=DEFAULT_TIMEOUT, should_cancel=None, filename="<script>") -> Document:
    """Runs ``text`` (a PyTorch script) in a child process with the engine as ``torch``
    and returns the document it traces. ``should_cancel()`` is polled while waiting;
    returning True stops the child. Raises ``TraceError`` with a one-line message."""
    job = start_trace(text, timeout, filename)
    while not job.done():
        if should_cancel is not None and should_cancel():
            job.cancel()
            break
        job._thread.join(0.05)
    return job.result()


def _build(data):
    doc = Document()
    ids = {}
    members = {}
    for n in data["nodes"]:
        nid = doc.add_node(n["kind"], n["params"], label=n.get("label"),
                           watched=bool(n.get("watched")),
                           retains_grad=bool(n.get("retains_grad")),
                           recorded=n.get("recorded_at"))
        ids[n["id"]] = nid
        for port, src in n["inputs"].items():
            doc.connect(ids[src], nid, port)
        if n.get("region") is not None:
            members.setdefault(str(n["region"]), []).append(nid)
    for nodes in members.values():
        doc.add_region(nodes)
    actions = []
    for a in data["actions"]:
        types = {name: t for name, t, _ in ACTION_KINDS.get(a["kind"], ())}
        params = {}
        for k, v in a["params"].items():
            if types.get(k) in ("nodes", "nodes?"):
                params[k] = [None if i is None else ids[i] for i in v]
            elif types.get(k) in ("node", "node?") and v is not None:
                params[k] = ids[v]
            elif types.get(k) == "action" and v is not None:
                params[k] = actions[v]          # an earlier optimizer action, by index
            else:
                params[k] = v
        actions.append(doc.add_action(a["kind"], params))
    doc.set_seed(data.get("seed"))
    apply_layered_layout(doc)
    return doc, ids
