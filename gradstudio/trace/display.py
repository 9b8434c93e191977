"""What IPython displays for a notebook cell's trailing expression.

Imports nothing: the tracing child uses it, and so does the test harness that runs
programs under real PyTorch (``tests/engine/parity.py``)."""

__all__ = ["display_text"]


def display_text(v):
    """``IPython.lib.pretty.pretty(v)`` for what notebooks display: a default repr as
    ``<Name at 0x...>`` (also a repr that imitates the default one, as the engine's
    ``torch._C.Generator`` does), tuples and lists element by element, anything else as
    its repr."""
    if isinstance(v, tuple) and type(v).__repr__ is tuple.__repr__:
        inner = ", ".join(display_text(x) for x in v)
        return "(" + inner + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list) and type(v).__repr__ is list.__repr__:
        return "[" + ", ".join(display_text(x) for x in v) + "]"
    cls = type(v)
    if cls.__repr__ is object.__repr__:
        mod = getattr(cls, "__module__", None)
        name = cls.__qualname__ if mod in (None, "builtins") else f"{mod}.{cls.__qualname__}"
        return f"<{name} at {id(v):#x}>"
    text = repr(v)
    default = f" object at {id(v):#x}>"      # object.__repr__'s form, of this very object
    if text.startswith("<") and text.endswith(default) and " " not in text[:-len(default)]:
        return text[:-len(default)] + f" at {id(v):#x}>"
    return text
