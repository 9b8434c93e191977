"""The ``gradstudio`` command.

    gradstudio [FILE.gsg|NOTEBOOK.ipynb|SCRIPT.py ...]
                                                   open the desktop window (on the first file;
                                                   a notebook or script asks before it runs)
    gradstudio run FILE.gsg [--json|--prints]      run a graph, print every node's end state
                                                   (--prints: what its run prints)
    gradstudio export FILE.gsg [-o SCRIPT.py]      write the graph as a PyTorch script
    gradstudio export FILE.gsg -o LESSON.ipynb     ... or as a Jupyter notebook whose cells
                                                   show what the graph's run prints
    gradstudio explain FILE.gsg [--action N]       step through its backward passes, with
                                                   the chain rule in names and numbers
    gradstudio trace SCRIPT.py|NOTEBOOK.ipynb [-o FILE.gsg] [--timeout S]
                                                   run a script or a notebook's code cells,
                                                   save the graph it traces (a notebook's
                                                   cells and outputs as its lesson)
    gradstudio examples                            list the bundled examples: run, explain
                                                   and export take their names too
    gradstudio --install-desktop                   add GradStudio to the desktop's menus,
                                                   open .gsg files with it (--uninstall-desktop)

The subcommands need no display. Whatever goes wrong is one line on stderr and a
non-zero exit status, never a traceback: 1 for a bad file, script or notebook (a cell
that never finishes included: the time limit stops it) and for a window that cannot open
(no display), 2 for a wrong command line (a word that is neither a command nor a file, an
option out of range).
"""
import argparse
import importlib
import json
import math
import signal
import sys
from pathlib import Path

from gradstudio import __version__
from gradstudio.trace.contain import WALL_FACTOR

__all__ = ["main"]

PROG = "gradstudio"
COMMANDS = ("run", "export", "explain", "trace", "examples")
MAX_TIMEOUT = 3600.0    # seconds: the longest a traced script may run


class _Fail(Exception):
    """A user-facing failure: the message is printed as is."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _Usage(f"{message} (see '{PROG} --help')")


class _Usage(Exception):
    pass


FILE_HELP = f"a graph file, or a bundled example's name ('{PROG} examples' lists them)"
# the first line follows argparse's "usage: "
USAGE = f"""{PROG} [--lang en|de|es] [FILE.gsg|NOTEBOOK.ipynb|SCRIPT.py ...]
       {PROG} {{{','.join(COMMANDS)}}} ...
       {PROG} --install-desktop | --uninstall-desktop | --version | --help"""


def _parser():
    p = _Parser(prog=PROG, description="GradStudio: build, run and understand PyTorch-style "
                "autograd graphs. Without a command, opens the desktop window (on the "
                "first FILE.gsg, NOTEBOOK.ipynb or SCRIPT.py if given; a notebook or script "
                "asks before it runs).")
    p.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    p.usage = USAGE
    p.add_argument("--lang", metavar="LANG", help="the window's language: en, de or es "
                   "(else $GRADSTUDIO_LANG, View ▸ Language, the system's)")
    p.add_argument("--install-desktop", action="store_true",
                   help="add GradStudio to the desktop's application menu and make it open "
                   ".gsg files (under $XDG_DATA_HOME, for this user)")
    p.add_argument("--uninstall-desktop", action="store_true",
                   help="remove what --install-desktop added")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser,
                           prog=PROG)
    r = sub.add_parser("run", help="run a graph and print every node's state at the end of "
                       "its timeline")
    r.add_argument("file", metavar="FILE.gsg", help=FILE_HELP)
    r.add_argument("--json", action="store_true", help="print the states as JSON")
    r.add_argument("--prints", action="store_true",
                   help="print only what the graph's run prints: for a traced program, what "
                   "the program printed (as its exported script prints it)")
    e = sub.add_parser("export", help="write a graph as a PyTorch script, or as a Jupyter "
                       "notebook when the output's name ends in .ipynb")
    e.add_argument("file", metavar="FILE.gsg", help=FILE_HELP)
    e.add_argument("-o", "--output", metavar="SCRIPT.py|NOTEBOOK.ipynb",
                   help="where to write the script, or the notebook for a name ending in "
                   ".ipynb (default: print the script)")
    x = sub.add_parser("explain", help="step through each backward pass of a graph's "
                       "timeline: every grad_fn in engine order, the gradient it received, "
                       "what it sends to each input and by which rule, and what each "
                       "AccumulateGrad adds to a leaf's .grad")
    x.add_argument("file", metavar="FILE.gsg", help=FILE_HELP)
    x.add_argument("--action", type=int, metavar="N",
                   help="only the timeline action numbered N (from 1, as the Timeline "
                   "panel numbers them)")
    t = sub.add_parser("trace", help="run a PyTorch script, or a Jupyter notebook's code "
                       "cells in order, with GradStudio's engine and save the graph it "
                       "computes (a notebook's cells and outputs come with it as its lesson)")
    t.add_argument("script", metavar="SCRIPT.py|NOTEBOOK.ipynb")
    t.add_argument("-o", "--output", metavar="FILE.gsg",
                   help="where to save the graph (default: the script's or notebook's name "
                   "with .gsg, next to it)")
    t.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help=f"stop the script or notebook after this many seconds of processor "
                   f"time (default 10, at most {MAX_TIMEOUT:g}; one waiting is stopped after "
                   f"{WALL_FACTOR} times as long on the clock)")
    sub.add_parser("examples", help="list the bundled example graphs; run, explain and "
                   "export take an example's name where no such file is in the current "
                   "folder")
    return p


# ----------------------------------------------------------------------------- commands
def _load(path):
    from gradstudio.document.files import load
    from gradstudio.document.model import DocumentError
    if not Path(path).exists():         # a bundled example's name (``gradstudio examples``)
        from gradstudio.app.bundled import example_file
        path = example_file(path) or path
    try:
        return load(path)
    except DocumentError as exc:
        raise _Fail(str(exc)) from None


def _indent(prefix, text):
    """``x = tensor([[1., 1.],`` with the continuation lines aligned under it."""
    pad = "\n" + " " * len(prefix)
    return prefix + text.replace("\n", pad)


def _prints(doc, result, out):
    """What the run prints (``export.transcript``); a word on stderr when the graph was
    edited since the trace recorded part of it."""
    from gradstudio.document.export import transcript
    from gradstudio.document.recorded import STALE_WORDS, is_stale
    if is_stale(doc):
        print(f"{PROG}: note: part of what this prints was {STALE_WORDS}.", file=sys.stderr)
    out.write(transcript(doc, result))
    return 0


def _run(args, out):
    from gradstudio.document import run
    from gradstudio.document.export import action_code, node_names, optimizer_names
    doc = _load(args.file)
    result = run(doc)
    if args.prints:
        return _prints(doc, result, out)
    names = node_names(doc, result.order)
    if args.json:
        json.dump(_as_json(doc, result, names), out)
        out.write("\n")
        return 0
    for nid in result.order:
        name = names[nid]
        state = result.state(nid)
        if not state.ok:
            out.write(f"{name}: {state.error}\n")
            continue
        out.write(_indent(f"{name} = ", state.text) + "\n")
        if state.grad is not None:
            out.write(_indent(f"{name}.grad = ", state.grad_text) + "\n")
    optimizers = optimizer_names(doc.timeline)
    for action, outcome in zip(doc.timeline, result.outcomes):
        if outcome.error is not None:
            out.write(f"{action_code(action, names, optimizers)}  # {outcome.error}\n")
    for loop in _loops(doc, result, names):
        losses = ", ".join(f"{name} {v[0]:.4f} -> {v[-1]:.4f}"
                           for name, v in loop["losses"].items() if v)
        out.write(f"{loop['code']}  # {loop['iterations']:,} of {loop['count']:,} iterations"
                  f"{': ' + losses if losses else ''}"
                  f"{'; ' + loop['note'] if loop['note'] else ''}\n")
    return 0


def _loops(doc, result, names):
    """Each loop that ran: its statement, how many iterations ran and its losses per
    iteration (one-element backward targets)."""
    from gradstudio.document.export import action_code
    loops = []
    for action in doc.timeline:
        history = result.histories.get(action.id)
        if history is None:
            continue
        losses = {names[n]: [float(v) for v in history.scalar(n)]
                  for n in history.losses if history.scalar(n) is not None}
        loops.append({"id": action.id, "code": action_code(action, names),
                      "count": history.count, "iterations": history.iterations,
                      "failed": history.failed, "losses": losses,
                      "note": result.outcome(action.id).note})
    return loops


def _finite(value):
    """Nested lists with NaN and infinities spelled as strings (JSON has no such numbers)."""
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return value


def _as_json(doc, result, names):
    """Every node's end state (``value``/``grad`` as nested lists, ``text``/``grad_text``
    as PyTorch prints them) and every action's statement and error."""
    from gradstudio.document.export import action_code, optimizer_names
    nodes = []
    for nid in result.order:
        data = doc.node(nid)
        s = result.state(nid)
        item = {"id": nid, "name": names[nid], "kind": data.kind, "label": data.label,
                "watched": data.watched, "error": s.error}
        if s.ok:
            item.update(shape=list(s.shape), dtype=s.dtype, requires_grad=s.requires_grad,
                        is_leaf=s.is_leaf, grad_fn=s.grad_fn, retains_grad=s.retains_grad,
                        text=s.text, value=_finite(s.value.tolist()),
                        grad=None if s.grad is None else _finite(s.grad.tolist()),
                        grad_text=None if s.grad is None else s.grad_text)
        nodes.append(item)
    optimizers = optimizer_names(doc.timeline)
    actions = [{"id": a.id, "kind": a.kind, "code": action_code(a, names, optimizers),
                "error": o.error} for a, o in zip(doc.timeline, result.outcomes)]
    return {"seed": doc.seed, "nodes": nodes, "actions": actions,
            "loops": _loops(doc, result, names)}


def _explain(args, out):
    from gradstudio.document import run
    from gradstudio.document.walk import explain_text, walk_actions
    doc = _load(args.file)
    result = run(doc)
    steppable = walk_actions(doc, result)
    if args.action is not None:
        if not 1 <= args.action <= len(doc.timeline):
            raise _Usage(f"--action must be between 1 and {len(doc.timeline)} (the "
                         f"timeline has {len(doc.timeline)} action"
                         f"{'s' * (len(doc.timeline) != 1)})" if doc.timeline else
                         "--action: the timeline has no actions")
        steppable = [args.action - 1]      # (an action with no backward pass says so)
    if not steppable:
        out.write("The timeline has no backward pass to step through: add a backward() "
                  "action.\n")
        return 0
    out.write("\n\n".join(explain_text(doc, result, i) for i in steppable) + "\n")
    return 0


def _write_text(path, text):
    from gradstudio.document.files import write_atomically
    try:
        write_atomically(path, text.encode("utf-8"))
    except OSError as exc:
        raise _Fail(f"{path}: could not write the file ({exc.strerror or exc}).") from None


def _export(args, out):
    from gradstudio.document.export import export_script
    from gradstudio.document.notebook_trace import NOTEBOOK_SUFFIX
    doc = _load(args.file)
    if args.output is not None and args.output.lower().endswith(NOTEBOOK_SUFFIX):
        from gradstudio.document.notebook_export import export_notebook
        text = export_notebook(doc, title=Path(args.file).stem)
    else:
        text = export_script(doc).text
    if args.output is None:
        out.write(text)
    else:
        _write_text(args.output, text)
    return 0


def _trace(args, out):
    from gradstudio.document.files import EXTENSION, save
    from gradstudio.document.model import DocumentError
    from gradstudio.document.notebook import MAX_NOTEBOOK_BYTES
    from gradstudio.document.notebook_trace import NOTEBOOK_SUFFIX, trace_notebook
    from gradstudio.document.trace import DEFAULT_TIMEOUT, TraceError, trace
    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    if not 0 < timeout <= MAX_TIMEOUT:      # also refuses nan and inf
        raise _Usage(f"--timeout must be a positive number of seconds, at most "
                     f"{MAX_TIMEOUT:g} (got {args.timeout:g})")
    script = Path(args.script)
    notebook = script.suffix.lower() == NOTEBOOK_SUFFIX
    what = "notebook" if notebook else "script"
    try:
        if notebook:        # no more than one byte past the most a notebook may have
            with open(script, "rb") as f:
                source = f.read(MAX_NOTEBOOK_BYTES + 1)
        else:
            source = script.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else \
            "it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else exc
        raise _Fail(f"{script}: could not read the {what} ({reason}).") from None
    # killed with SIGTERM: exit normally, so that the script's process group is stopped
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        if notebook:
            doc = trace_notebook(source, script.name, timeout=timeout)
        else:
            doc = trace(source, timeout=timeout, filename=str(script))
    except TraceError as exc:
        message = str(exc)
        if notebook and message.startswith(script.name + " "):    # reading it names it
            raise _Fail(f"{script}{message[len(script.name):]}") from None
        if notebook and message.startswith("The script "):   # the time limit, a crash
            message = "The notebook " + message[len("The script "):]
        raise _Fail(f"{script}: {message}") from None
    target = Path(args.output) if args.output else script.with_suffix(EXTENSION)
    try:
        save(doc, target)
    except DocumentError as exc:
        raise _Fail(str(exc)) from None
    nodes, steps = len(doc.node_ids), len(doc.timeline)
    out.write(f"{target}: traced {nodes} node{'s' * (nodes != 1)} and {steps} timeline "
              f"action{'s' * (steps != 1)} from {script.name}\n")
    if doc.trace_note:
        out.write(f"{script.name}: {doc.trace_note}\n")
    return 0


def _gui(args):
    """Opens the window on the first of ``args`` (graph files or notebooks). Every word
    must be a file (or at least name a ``.gsg`` or ``.ipynb`` one, whose problem the window
    then explains), and the display must be usable: Qt would otherwise abort the process."""
    from gradstudio import gc_policy
    gc_policy.hold()    # no garbage collection while the window starts (see gc_policy)
    try:
        return _open_window(args)
    finally:
        gc_policy.release(freeze=False)  # (the shown window has released it: nothing to do)


def _open_window(args):
    from gradstudio.document.files import EXTENSION
    try:
        from gradstudio.ui.i18n import LANGUAGES, language_code, split_lang_option
    except ImportError as exc:
        raise _Fail(f"the desktop window cannot start ({exc}); the commands "
                    f"{', '.join(COMMANDS)} work without it") from None
    asked, words = split_lang_option(args)
    options = [a for a in words if a.startswith("-")]
    if options:
        raise _Usage(f"unrecognized arguments: {' '.join(options)} (see '{PROG} --help')")
    if asked is not None and language_code(asked) is None:
        raise _Usage(f"--lang: choose one of {', '.join(LANGUAGES)} (not '{asked}')")
    for word in words:
        if not (Path(word).is_file() or word.endswith((EXTENSION, ".ipynb"))):
            raise _Usage(f"invalid choice: '{word}' is neither a command "
                         f"({', '.join(COMMANDS)}) nor a file (see '{PROG} --help')")
    from gradstudio.app.display import start_check
    check = start_check()           # (its child tries the display while we import)
    try:
        # import_module consults sys.modules first (so a stand-in window can be
        # injected), unlike ``from gradstudio.ui import main_window``.
        main_window = importlib.import_module("gradstudio.ui.main_window")
    except ImportError as exc:
        check.result()
        raise _Fail(f"the desktop window cannot start ({exc}); the commands "
                    f"{', '.join(COMMANDS)} work without it") from None
    problem = check.result()
    if problem is not None:
        raise _Fail(problem)
    return main_window.main(args)


def _examples(args, out):
    from gradstudio.app.bundled import listing
    out.write(listing())
    return 0


def _desktop(ns, out):
    """``--install-desktop`` / ``--uninstall-desktop``."""
    from gradstudio.app import desktop
    if ns.install_desktop and ns.uninstall_desktop:
        raise _Usage("choose one of --install-desktop and --uninstall-desktop")
    if sys.platform.startswith(("win32", "cygwin", "darwin")):
        raise _Fail("--install-desktop is for Linux and BSD desktops (freedesktop.org); on "
                    "Windows and macOS start GradStudio with the gradstudio command")
    report = lambda line: out.write(line + "\n")       # noqa: E731
    try:
        if ns.install_desktop:
            desktop.install(report=report)
        else:
            desktop.uninstall(report=report)
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        raise _Fail(f"could not write{where} ({exc.strerror or exc}); check that "
                    "$XDG_DATA_HOME (or ~/.local/share) is a folder you can write") from None
    return 0


# ----------------------------------------------------------------------------- main
def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args or (args[0] not in COMMANDS and not args[0].startswith("-")) or \
                args[0].startswith("--lang"):
            return _gui(args)
        ns = _parser().parse_args(args)
        if ns.install_desktop or ns.uninstall_desktop:
            if ns.command is not None:
                raise _Usage("--install-desktop and --uninstall-desktop take no command")
            return _desktop(ns, sys.stdout)
        if ns.command is None:
            raise _Usage(f"choose a command: {', '.join(COMMANDS)}")
        return {"run": _run, "export": _export, "explain": _explain,
                "trace": _trace, "examples": _examples}[ns.command](ns, sys.stdout)
    except _Usage as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except _Fail as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except Exception as exc:  # a defect of ours: still one line, not a traceback
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
