"""Naming traced tensors after the script's variables, in time linear in the script.

A tensor is named after the first variable it is bound to, as soon as the line binding
it has run (``Recorder.name_node``). Scanning every variable at every line does that, but
costs the number of variables at each line: quadratic in a long straight-line script.
``LineNamer`` looks only where a binding can have changed since the frame's last line:

- the names the statement(s) on that line bind (``stored_names``, from the script's
  syntax: assignment targets, ``for`` and ``with ... as`` targets, walrus names; for a
  compound statement only its header's, its body's lines have their own);
- the names already bound to a tensor an operation has since given a new node (an
  in-place ``x.add_(1)``: ``Recorder.bound``);
- every variable once more after a function that assigns globals or nonlocals returned
  (its bindings are the caller's), and a frame's arguments when it starts.

Looking at more names than changed is harmless (a tensor that already has a name keeps
it); where two names bind unnamed tensors at once they are named in the namespace's order,
as a scan of every variable would.
"""
import ast
import dis
import sys

__all__ = ["stored_names", "LineNamer"]

_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")
_OUTER_STORES = frozenset({"STORE_GLOBAL", "STORE_DEREF", "DELETE_GLOBAL", "DELETE_DEREF"})
_OUTER_OPCODES = bytes(sorted(dis.opmap[name] for name in _OUTER_STORES))
# where each kind of statement binds names (a walrus can bind them anywhere: see below)
_TARGETS = {ast.Assign: ("targets",), ast.AugAssign: ("target",),
            ast.AnnAssign: ("target",), ast.For: ("target", "iter"),
            ast.AsyncFor: ("target", "iter"), ast.With: ("items",),
            ast.AsyncWith: ("items",), ast.Match: ("subject", "cases")}


def _statements(body):
    stack = list(body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, ast.stmt):
            yield stmt
        for field in _BODIES:
            inner = getattr(stmt, field, None)
            if isinstance(inner, list):
                stack.extend(inner)


def stored_names(source, tree=None):
    """``{line: names}``: for every line, the names the statement spanning it may bind
    (the header's, for a compound statement). Empty when the source does not parse.
    ``tree``: the source already parsed (read only)."""
    if tree is None:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return {}
    walrus = ":=" in source       # then any expression may bind: every part is searched
    lines = {}
    for stmt in _statements(tree.body):
        if not walrus:
            simple = _simple_names(stmt)
            if simple is not None:        # (binds nothing, or ``a = b = ...`` of names)
                if simple:
                    for line in range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1):
                        lines.setdefault(line, set()).update(simple)
                continue
        compound = any(isinstance(getattr(stmt, f, None), list) and getattr(stmt, f)
                       for f in _BODIES)
        if walrus:
            fields = [f for f, _ in ast.iter_fields(stmt) if f not in _BODIES or f == "cases"]
        else:
            fields = _TARGETS.get(type(stmt), ())
        names, end = set(), stmt.lineno if compound else (stmt.end_lineno or stmt.lineno)
        for field in fields:
            part = getattr(stmt, field, None)
            for node in (part if isinstance(part, list) else [part]):
                if not isinstance(node, ast.AST):
                    continue
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        names.add(sub.id)
                    elif isinstance(sub, (ast.MatchAs, ast.MatchStar)) and sub.name:
                        names.add(sub.name)
                if compound and not isinstance(node, ast.match_case):
                    end = max(end, getattr(node, "end_lineno", None) or end)
        if isinstance(stmt, ast.Match):
            end = stmt.end_lineno or end          # case patterns bind on their own lines
        if names:
            for line in range(stmt.lineno, end + 1):
                lines.setdefault(line, set()).update(names)
    return {line: tuple(sorted(names)) for line, names in lines.items()}


def _simple_names(stmt):
    """Without a walrus in the script: the names ``stmt`` binds when that needs no
    search of its parts (nothing, for a statement kind that binds no name; the names of
    an assignment whose targets are all plain names), else None."""
    kind = type(stmt)
    if kind is ast.Assign:
        targets = stmt.targets
        if all(type(t) is ast.Name for t in targets):
            return {t.id for t in targets}
        return None
    return None if kind in _TARGETS else ()


def _assigns_outside(code):
    """Whether ``code``'s own instructions store or delete a global or a nonlocal. Read
    off its bytes: every instruction is two bytes, the opcode first (inline caches are
    ``CACHE`` instructions, opcode 0, and ``co_code`` holds the unspecialised opcodes),
    so the even bytes are the opcodes; ``dis.get_instructions`` says the same and cost
    a tenth of a trace of a long script, whose module code it walked instruction by
    instruction."""
    ops = code.co_code[::2]
    return any(op in ops for op in _OUTER_OPCODES)


def comprehension_lines(source, tree=None):
    """``{line: the first line of its comprehensions}`` for the lines of the list, set and
    dict comprehensions of ``source``, on Python 3.12 and later (none before). There a
    comprehension runs inlined in its function's frame, and Python 3.12.0 and 3.12.1 lose
    its loop variables when a trace function reads ``frame.f_locals`` on a line event
    inside it (``[f(layer)\n for i, layer in enumerate(layers)]``: ``layer`` became None;
    on one line too, where each iteration jumps back to the line: ``[[v[w] for w in s]
    for s in sentences]``, ``s`` None). The namer reads locals on the first event of these
    lines (before the comprehension starts), none on the events after it until another
    line's."""
    if sys.version_info < (3, 12):
        return {}
    if tree is None:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return {}
    lines = {}
    spans = sorted((node.lineno, node.end_lineno or node.lineno) for node in ast.walk(tree)
                   if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp)))
    for first, last in spans:                # (outer ones first: nested ones share them)
        for line in range(first, last + 1):
            lines.setdefault(line, first)
    return lines


class LineNamer:
    """Makes the per-frame trace functions that name tensors for ``rec`` (a
    ``Recorder``) while the script with ``source`` runs."""

    def __init__(self, rec, source, tree=None):
        self.rec = rec
        self.lines = stored_names(source, tree)
        self.inlined = comprehension_lines(source, tree)
        self.epoch = 0              # bumped when a function assigning outer names returns
        self._outer = {}            # code -> whether it assigns globals or nonlocals

    def frame_tracer(self, frame):
        """The local trace function for a new frame of the script."""
        rec, lines = self.rec, self.lines
        code = frame.f_code
        outer = self._outer.get(code)
        if outer is None:
            outer = self._outer[code] = _assigns_outside(code)
        rec.name_tensors(frame.f_locals)            # its arguments
        state = [None, len(rec.nodes), self.epoch]  # last line, nodes seen, epoch seen

        inlined = self.inlined

        def local_tracer(frame, event, arg):
            if event not in ("line", "return"):
                return local_tracer
            if event == "line" and inlined:
                span = inlined.get(frame.f_lineno)
                if span is not None and span == inlined.get(state[0]):
                    return local_tracer      # (inside a comprehension: see above)
            namespace = frame.f_locals
            if state[2] != self.epoch:
                rec.name_tensors(namespace)
                state[2] = self.epoch
            else:
                names = lines.get(state[0], ())
                if len(rec.nodes) > state[1]:
                    names = names + rec.bound_names(state[1])
                if names:
                    rec.name_some(namespace, names)
            state[0], state[1] = frame.f_lineno, len(rec.nodes)
            if event == "return" and outer:
                self.epoch += 1
            return local_tracer
        return local_tracer
