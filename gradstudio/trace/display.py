"""What IPython displays for a notebook cell's trailing expression.

Imports only the standard library: the tracing child uses it, and so does the test harness
that runs programs under real PyTorch (``tests/engine/parity.py``).

IPython's ``pretty`` lays a value out in lines of at most 79 characters: a list, tuple or
dict too long for one line puts one item a line, and a multi-line repr inside one (a
tensor, a ``Parameter containing:``) is indented under its bracket. ``_Printer`` is that
layout (``IPython.lib.pretty.PrettyPrinter``'s algorithm: groups broken outermost first
while the line is too long)."""
from collections import OrderedDict, deque
from types import MethodType

__all__ = ["display_text"]

# the methods PyTorch's Tensor defines in Python (``torch/_tensor.py``): a notebook shows
# them as bound methods; every other one is a C function, shown ``<function Tensor.item>``
TENSOR_PYTHON_METHODS = frozenset((
    "backward", "dim_order", "eig", "index", "is_shared", "istft", "lstsq", "lu",
    "module_load", "norm", "register_hook", "register_post_accumulate_grad_hook",
    "reinforce", "resize", "resize_as", "share_memory_", "solve", "split", "stft",
    "storage", "storage_type", "symeig", "to_sparse_coo", "unflatten", "unique",
    "unique_consecutive"))

MAX_WIDTH = 79
MAX_SEQ_LENGTH = 1000


def display_text(v):
    """``IPython.lib.pretty.pretty(v)`` for what notebooks display: a default repr as
    ``<Name at 0x...>`` (also a repr that imitates the default one, as the engine's
    ``torch._C.Generator`` does), lists, tuples and dicts laid out in lines of at most 79
    characters, anything else as its repr."""
    p = _Printer()
    p.pretty(v)
    p.flush()
    return "".join(p.output)


class _Text:
    def __init__(self):
        self.objs, self.width = [], 0

    def write(self, p, width):
        p.output.extend(self.objs)
        return width + self.width


class _Breakable:
    def __init__(self, p):
        self.width, self.p, self.indentation = 1, p, p.indentation
        self.group = p.stack[-1]
        self.group.breakables.append(self)

    def write(self, p, width):
        self.group.breakables.popleft()
        if self.group.want_break:
            p.output.append("\n" + " " * self.indentation)
            return self.indentation
        if not self.group.breakables:
            p.queue.remove(self.group)
        p.output.append(" ")
        return width + 1


class _Group:
    def __init__(self, depth):
        self.depth, self.breakables, self.want_break = depth, deque(), False


class _Queue:
    def __init__(self, root):
        self.queue = []
        self.enq(root)

    def enq(self, group):
        while group.depth > len(self.queue) - 1:
            self.queue.append([])
        self.queue[group.depth].append(group)

    def deq(self):
        for stack in self.queue:
            for idx, group in enumerate(reversed(stack)):
                if group.breakables:
                    del stack[idx]      # (IPython's own index: its layout, kept as is)
                    group.want_break = True
                    return group
            for group in stack:
                group.want_break = True
            del stack[:]
        return None

    def remove(self, group):
        try:
            self.queue[group.depth].remove(group)
        except ValueError:
            pass


class _Printer:
    def __init__(self):
        self.output, self.output_width, self.buffer_width = [], 0, 0
        self.buffer = deque()
        root = _Group(0)
        self.stack, self.queue, self.indentation = [root], _Queue(root), 0
        self.seen = set()

    # ------------------------------------------------------------------ the layout
    def _break_one_group(self, group):
        while group.breakables:
            self._emit(self.buffer.popleft())
        while self.buffer and isinstance(self.buffer[0], _Text):
            self._emit(self.buffer.popleft())

    def _emit(self, x):
        self.output_width = x.write(self, self.output_width)
        self.buffer_width -= x.width

    def _break_outer_groups(self):
        while MAX_WIDTH < self.output_width + self.buffer_width:
            group = self.queue.deq()
            if not group:
                return
            self._break_one_group(group)

    def text(self, obj):
        if not self.buffer:
            self.output.append(obj)
            self.output_width += len(obj)
            return
        if not isinstance(self.buffer[-1], _Text):
            self.buffer.append(_Text())
        self.buffer[-1].objs.append(obj)
        self.buffer[-1].width += len(obj)
        self.buffer_width += len(obj)
        self._break_outer_groups()

    def _newline(self):
        self.flush()
        self.output.append("\n" + " " * self.indentation)
        self.output_width, self.buffer_width = self.indentation, 0

    def breakable(self):
        if self.stack[-1].want_break:
            self._newline()
            return
        self.buffer.append(_Breakable(self))
        self.buffer_width += 1
        self._break_outer_groups()

    def break_(self):
        group = self.queue.deq()
        if group:
            self._break_one_group(group)
        self._newline()

    def begin_group(self, indent=0, open=""):
        if open:
            self.text(open)
        group = _Group(self.stack[-1].depth + 1)
        self.stack.append(group)
        self.queue.enq(group)
        self.indentation += indent

    def end_group(self, dedent=0, close=""):
        self.indentation -= dedent
        group = self.stack.pop()
        if not group.breakables:
            self.queue.remove(group)
        if close:
            self.text(close)

    def flush(self):
        for data in self.buffer:
            self.output_width += data.write(self, self.output_width)
        self.buffer.clear()
        self.buffer_width = 0

    # ------------------------------------------------------------------ the values
    def pretty(self, v):
        cycle = id(v) in self.seen
        self.seen.add(id(v))
        try:
            self._value(v, cycle)
        finally:
            if not cycle:
                self.seen.discard(id(v))

    def _value(self, v, cycle):
        cls = type(v)
        if isinstance(v, type):
            return self._type(v)
        if isinstance(v, OrderedDict) and cls.__repr__ is OrderedDict.__repr__:
            return self._ordered_dict(v, cycle)
        for base, start, end in ((list, "[", "]"), (tuple, "(", ")"), (dict, "{", "}")):
            if isinstance(v, base) and cls.__repr__ is base.__repr__:
                return self._items(v, cycle, start, end)
        if cls.__repr__ is object.__repr__:
            return self._default(v, cls)
        if cls is MethodType and _engine_tensor_method(v) is not None:
            return self.text(_engine_tensor_method(v))
        self._repr(v)

    def _items(self, v, cycle, start, end):
        if cycle:
            return self.text("{...}" if end == "}" else start + "..." + end)
        self.begin_group(1, start)
        for idx, x in enumerate(v):
            if idx >= MAX_SEQ_LENGTH:
                self.text(",")
                self.breakable()
                self.text("...")
                break
            if idx:
                self.text(",")
                self.breakable()
            self.pretty(x)
            if end == "}":
                self.text(": ")
                self.pretty(v[x])
        if len(v) == 1 and isinstance(v, tuple):
            self.text(",")
        self.end_group(1, end)

    def _ordered_dict(self, v, cycle):
        name = type(v).__name__
        self.begin_group(len(name) + 1, name + "(")
        if cycle:
            self.text("...")
        elif len(v):
            self.pretty(list(v.items()))
        self.end_group(len(name) + 1, ")")

    def _type(self, v):
        """A class as its dotted name (``torch.Tensor``), unless its metaclass has a repr."""
        if [m for m in type(v).__mro__ if "__repr__" in vars(m)][:1] != [type]:
            return self._repr(v)
        mod = getattr(v, "__module__", None)
        name = getattr(v, "__qualname__", None)
        if not isinstance(name, str):
            name = v.__name__ if isinstance(v.__name__, str) else "<unknown type>"
        self.text(name if mod in (None, "builtins") else f"{mod}.{name}")

    def _default(self, v, cls):
        mod = getattr(cls, "__module__", None)
        name = cls.__qualname__ if mod in (None, "builtins") else f"{mod}.{cls.__qualname__}"
        self.begin_group(1, "<")
        self.text(f"{name} at {id(v):#x}")
        self.end_group(1, ">")

    def _repr(self, v):
        text = repr(v)
        default = f" object at {id(v):#x}>"      # object.__repr__'s form, of this very object
        if text.startswith("<") and text.endswith(default) and " " not in text[:-len(default)]:
            text = text[:-len(default)] + f" at {id(v):#x}>"
        self.begin_group()
        for idx, line in enumerate(text.splitlines()):
            if idx:
                self.break_()
            self.text(line)
        self.end_group()


def _engine_tensor_method(v):
    """What IPython shows for ``x.item`` (a method of one of the engine's tensors, not
    written ``x.item()``) as PyTorch's tensor has it: ``<function Tensor.item>`` for a C
    method, ``<bound method Tensor.backward of tensor(...)>`` for a Python one; None for
    any other bound method."""
    owner, func = v.__self__, v.__func__
    cls = type(owner)
    if not getattr(func, "__module__", "").startswith("gradstudio.engine") or \
            (cls.__module__, cls.__name__) not in (("torch", "Tensor"),
                                                   ("torch.nn.parameter", "Parameter")):
        return None
    names = [n for n in dir(cls) if getattr(cls, n, None) is func]
    if not names:
        return None
    # (one function may be bound under several names: add_ is __iadd__ too)
    name = func.__name__ if func.__name__ in names else \
        min(names, key=lambda n: (n.startswith("_"), n))
    if name in TENSOR_PYTHON_METHODS:
        return f"<bound method Tensor.{name} of {owner!r}>"
    return f"<function {cls.__name__}.{name}>"
