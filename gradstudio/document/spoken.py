"""The graph read aloud: each node as its line of code and its state, in words a screen
reader speaks well ("y equals x plus 2, requires grad, grad_fn AddBackward0, has no
grad"). Pure text: the window's accessible list of the graph reads these."""
import re
from functools import lru_cache

__all__ = ["spoken_code", "spoken_state", "spoken_node"]

# longest first: "**" before "*", "//" before "/"
_OPERATORS = [("**", " to the power of "), ("//", " floor divided by "), ("==", " equals equals "),
              ("!=", " not equal to "), ("<=", " at most "), (">=", " at least "),
              ("@", " matrix times "), ("+", " plus "), ("-", " minus "), ("*", " times "),
              ("/", " divided by "), ("%", " modulo "), ("<", " less than "),
              (">", " greater than "), ("=", " equals "), ("[", " index "), ("]", " "),
              ("(", " of "), (")", " "), (".", " dot "), (",", ", ")]
_TOKEN = re.compile("|".join(re.escape(op) for op, _ in _OPERATORS) +
                    r"|\d+\.\d*(?:e[-+]?\d+)?|\d+|[A-Za-z_]\w*|\s+|.")
_WORDS = dict(_OPERATORS)


@lru_cache(maxsize=8192)     # (the list says every line again after every edit)
def spoken_code(line):
    """A line of Python in words: ``y = x + 2`` -> ``y equals x plus 2``; a number keeps
    its digits (``0.5``), a call reads ``z dot mean of``."""
    out = []
    for tok in _TOKEN.findall(line.strip()):
        if tok in _WORDS:
            out.append(_WORDS[tok])
        elif tok.isspace():
            out.append(" ")
        else:
            out.append(tok)
    text = re.sub(r"\s+", " ", "".join(out)).strip()
    return re.sub(r"\s+,", ",", re.sub(r"\bof\s*$", "", text)).strip()


def spoken_state(state):
    """A node's run state in words (``state`` a ``TensorState``, maybe one an exercise
    hides parts of): requires grad, grad_fn, grad, or its error."""
    if state is None:
        return "not run yet"
    if not state.ok:
        return "error: " + str(state.error)
    hidden = getattr(state, "hidden", frozenset())
    parts = ["requires grad unknown until checked" if "requires_grad" in hidden else
             "requires grad" if state.requires_grad else "does not require grad",
             "grad_fn unknown until checked" if "grad_fn" in hidden else
             f"grad_fn {state.grad_fn}" if state.grad_fn else "no grad_fn",
             "grad unknown until checked" if "grad" in hidden else
             "has a grad" if state.grad is not None else "has no grad"]
    if "value" in hidden:
        parts.append("value unknown until checked")
    return ", ".join(parts)


def spoken_node(code_line, state):
    """The whole sentence for one node."""
    return f"{spoken_code(code_line)}, {spoken_state(state)}"
