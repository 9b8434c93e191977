"""The tracer: a listener of the engine's forward observer (``gradstudio.engine.observer``)
that turns what a script does into the nodes and actions of a ``Recorder``.

Every op of the table reaches ``op`` (and the pieces of ``split``/``unbind`` reach
``views``); the public calls the engine marks ``@observed`` reach ``call``, which looks up
how to record them in one table, ``Tracer.handlers``:

- *composite* calls (``Tensor.matmul``, ``Tensor.reshape``, ``Tensor.__getitem__``,
  ``torch.where``, the losses) are one node when their arguments fit the node kind, else
  the ops they ran;
- *special* calls (factories, ``manual_seed``, ``detach``, ``requires_grad_`` ...) are
  recorded from their arguments and result, nothing inside them;
- *actions* (``backward``, ``autograd.grad``) are recorded before they run, then what they
  did;
- reads of autograd state keep a node alive, numbers read out of tensors are marked, and
  what the graph cannot show (hooks, writes through ``.data``) is refused in plain words;
- a training step written by hand (``w -= lr * w.grad``, ``w.data -= lr * w.grad``) is an
  ``update`` action (``updates``); ``torch.optim`` is watched by ``optim`` instead (its
  calls are not observed ones).

Part of the tracing child (``child.py``); imports only the engine's public API, the
action records (``gradstudio.timeline``: which action a trace point is) and its sibling
modules.
"""
import contextlib
import math
from types import GeneratorType

from gradstudio.engine import inspect as raw
from gradstudio.engine.nn import init as nn_init
from gradstudio.engine.observer import Listener

from gradstudio.timeline import ACTIONS, Seen, calls, grad_points, traced
from gradstudio.vocabulary import DTYPES

from .cut import tick
from .hooks import register_hook
from .parameters import embedding_layer, parameter
from .ops import _index_key_text, op_record, view_records
from .updates import data_assignment, inplace_update
from .writes import (SHARED, VIEW_WRITE, WRITE_OPS, emit_write, setitem, view_written,
                     write_refusal)
from .values import (SCALAR_FED_BACK, TraceError, _inferred_dtype, _jsonable,
                     _number, _plain, _Record, _shape, _values, has_marked, marked,
                     marked_list)

# the kinds a factory call makes: requires_grad_() right after one is its requires_grad
_FACTORY_KINDS = {"tensor", "ones", "zeros", "rand", "randn", "full", "eye", "arange",
                  "linspace", "uniform", "empty", "randperm", "randint"}
_RANDOM_FILLS = ("Tensor.normal_",)
_REFUSED_FACTORIES = ("torch.empty_like",)
_HOOKS = ("Tensor.register_hook", "Tensor.register_post_accumulate_grad_hook",
          "Node.register_hook", "Node.register_prehook")


def _holds_tensor(key):
    """Whether an index key has a tensor anywhere in it (``x[[t, 1]]`` too)."""
    stack = [key]
    while stack:
        k = stack.pop()
        if raw.is_tensor(k):
            return True
        if isinstance(k, (tuple, list)):
            stack.extend(k)
    return False


def _reduction(size_average, reduce, reduction):
    """The reduction a loss ran with: ``reduction``, unless the deprecated ``size_average``
    or ``reduce`` were given (then what PyTorch's ``_Reduction.legacy_get_string`` makes of
    them)."""
    if size_average is None and reduce is None:
        return reduction
    size_average = size_average is None or size_average
    reduce = reduce is None or reduce
    return "mean" if size_average and reduce else "sum" if reduce else "none"


class Tracer(Listener):
    """Records what a script does with the engine into ``rec`` (a ``Recorder``)."""

    def __init__(self, rec):
        self.rec = rec
        self.handlers = {}
        self._composites()
        self._factories()
        self._autograd_state()
        self._actions()

    # ------------------------------------------------------------ the observer's events
    def op(self, op, operands, params, out):
        rec = self.rec
        if rec.quiet:
            return
        if len(rec.frames) == 1:
            tick(rec)
        if rec.cut is None:
            with self.refusals():
                rec.emit((op, operands, params, out))

    def views(self, op, src, params, outs):
        # the pieces share one multi-output node in the engine; each is drawn as the
        # single-output select/slice it views (see ops.view_records)
        rec = self.rec
        if rec.quiet:
            return
        if len(rec.frames) == 1:
            tick(rec)
        if rec.cut is not None:
            return
        with self.refusals():
            for r in view_records(op, src, params, outs):
                if has_marked(params):
                    r.taint = (rec.line(), SCALAR_FED_BACK)
                rec.emit(r)

    def call(self, name, func, args, kwargs):
        rec = self.rec
        if not rec.quiet and len(rec.frames) == 1:
            tick(rec)
        handler = self.handlers.get(name) if rec.cut is None else None
        if handler is None:
            return func(*args, **kwargs)
        with self.refusals():
            return handler(func, args, kwargs)

    @contextlib.contextmanager
    def refusals(self):
        """Keeps the first refusal raised into the script, with its count (``cut``):
        code between may catch it (``load_state_dict`` turns every error into its own)."""
        try:
            yield
        except TraceError as exc:
            rec = self.rec
            if rec.refusal is None and rec.cut is None:
                rec.refusal, rec.refusal_clock = exc, rec.clock
                if exc.line is None:
                    exc.line = rec.line()
            raise

    # ------------------------------------------------------------ kinds of calls
    def composite(self, mapper):
        """A public call with a node kind of its own (``x @ w``, ``x[0]``): one node when
        ``mapper(result, *args, **kwargs)`` gives one, else the ops it ran."""
        rec = self.rec

        def handle(func, args, kwargs):
            if rec.quiet:
                return func(*args, **kwargs)
            rec.frames.append([])
            try:
                result = func(*args, **kwargs)
            finally:
                children = rec.frames.pop()
            mapped = mapper(result, *args, **kwargs)
            for r in children if mapped is None else (mapped,):
                rec.emit(r)
            return result
        return handle

    def special(self, handler):
        """A call recorded by ``handler(result, *args, **kwargs)`` at the top level only;
        nothing inside it is recorded."""
        rec = self.rec

        def handle(func, args, kwargs):
            if rec.quiet or len(rec.frames) > 1:
                return func(*args, **kwargs)
            rec.quiet += 1
            try:
                result = func(*args, **kwargs)
            finally:
                rec.quiet -= 1
            handler(result, *args, **kwargs)
            return result
        return handle

    def at_top(self, handler):
        """``handler(func, args, kwargs)`` for a call the script makes itself (not one
        inside another recorded call)."""
        rec = self.rec

        def handle(func, args, kwargs):
            if rec.quiet or len(rec.frames) > 1:
                return func(*args, **kwargs)
            return handler(func, args, kwargs)
        return handle

    def recorded_first(self, handler, returns_grads=False):
        """An action: recorded, then made. One that raises (caught by the script, as in
        ``try: out.backward() except RuntimeError: ...``) is still a step. What it did
        (raised or not, the gradients it returned, every .grad after it) is kept for the
        check that the document does the same."""
        rec = self.rec

        def handle(func, args, kwargs):
            # (a generator, model.parameters(), is read once: here, for both)
            args = tuple(list(a) if isinstance(a, GeneratorType) else a for a in args)
            handler(None, *args, **kwargs)
            rec.quiet += 1
            rec.action_lines = printed = []      # (what printing hooks write meanwhile)
            try:
                result = func(*args, **kwargs)
            except Exception:
                rec.action_done(failed=True, printed=printed)
                raise
            finally:
                rec.quiet -= 1
                rec.action_lines = None
            if returns_grads:
                rec.grads_returned(result)
            rec.action_done(results=result if returns_grads else None, printed=printed)
            return result
        return self.at_top(handle)

    # ------------------------------------------------------------ composite calls
    def _composites(self):
        rec, h = self.rec, self.handlers

        def matmul_map(out, a, b):
            if raw.is_tensor(a) and raw.is_tensor(b):
                return _Record("matmul", {}, {"self": a, "other": b}, out)
            return None

        def reshape_map(out, a, *shape):
            if not raw.is_tensor(a):
                return None
            return _Record("reshape", {"shape": list(out.shape)}, {"self": a}, out)

        def contiguous_map(out, a, memory_format=None):
            # (a copy only where a is not contiguous: else no op ran and out is a)
            if out is a or memory_format is not None:
                return None
            return _Record("contiguous", {}, {"self": a}, out)

        def getitem_map(out, a, key):
            text, ports = _index_key_text(key, raw.is_tensor)
            if text is None:
                if _holds_tensor(key):
                    # the ops inside would draw the index's values, not its node
                    raise TraceError("this indexing with a tensor cannot be drawn yet; use "
                                     "at most two tensors with integers, slices and lists "
                                     "(x[mask], x[:, idx], x[rows, cols])")
                return None
            taint = (rec.line(), SCALAR_FED_BACK) if has_marked(key) else None
            return _Record("index", {"key": text}, {"self": a, **ports}, out, taint=taint)

        def where_map(out, condition, input=None, other=None):
            """torch.where(c, x, y), and with a number for x or y (torch.where(c, x, 0.0)):
            the number is the where node's param of that name."""
            if not raw.is_tensor(condition) or input is None or other is None:
                return None
            ports, params = {"condition": condition}, {}
            for name, v in (("input", input), ("other", other)):
                if raw.is_tensor(v):
                    ports[name] = v
                else:
                    params[name] = _number(v, f"the {name} of torch.where")
            return _Record("where", params, ports, out)

        def loss_map(kind):
            """cross_entropy / nll_loss as one node with input and target ports (the
            target's own node, not the int64 copy the op keeps); cross_entropy's inner
            nll_loss call is left to it."""
            def mapper(out, input, target, weight=None, size_average=None, ignore_index=-100,
                       reduce=None, reduction="mean", label_smoothing=0.0):
                outermost = len(rec.frames) == 1
                if not raw.is_tensor(input) or not raw.is_tensor(target):
                    return None
                if weight is not None or label_smoothing or raw.data(target).dtype.kind == "f":
                    if not outermost:
                        return None
                    raise TraceError(f"{kind} with a weight per class, label_smoothing or class "
                                     "probabilities as the target cannot be drawn yet")
                return _Record(kind, {"ignore_index": int(ignore_index),
                                      "reduction": _reduction(size_average, reduce, reduction)},
                               {"input": input, "target": target}, out)
            return mapper

        def mse_map(out, input, target, size_average=None, reduce=None, reduction="mean",
                    weight=None):
            # (with a weight it is PyTorch's composite: its own ops are drawn instead)
            if not raw.is_tensor(input) or not raw.is_tensor(target) or weight is not None:
                return None
            return _Record("mse_loss",
                           {"reduction": _reduction(size_average, reduce, reduction)},
                           {"input": input, "target": target}, out)

        def linear_map(out, input, weight, bias=None):
            if not (raw.is_tensor(input) and raw.is_tensor(weight)) or \
                    (bias is not None and not raw.is_tensor(bias)):
                return None
            ports = {"input": input, "weight": weight}
            if bias is not None:
                ports["bias"] = bias
            return _Record("linear", {}, ports, out)

        h["torch.nn.functional.linear"] = self.composite(linear_map)
        h["Tensor.matmul"] = self.composite(matmul_map)
        h["Tensor.reshape"] = self.composite(reshape_map)
        h["Tensor.contiguous"] = self.composite(contiguous_map)
        h["Tensor.__getitem__"] = self.composite(getitem_map)
        h["torch.where"] = self.composite(where_map)
        for name in ("cross_entropy", "nll_loss"):
            h["torch.nn.functional." + name] = self.composite(loss_map(name))
        h["torch.nn.functional.mse_loss"] = self.composite(mse_map)
        h["inplace"] = self._inplace
        h["Tensor.__setitem__"] = self.at_top(
            lambda func, args, kwargs: setitem(rec, func, *args, **kwargs))

    def _inplace(self, func, args, kwargs):
        rec = self.rec
        if rec.quiet:
            return func(*args, **kwargs)
        t, op, operands = args[0], args[1], args[2]
        params = args[3] if len(args) > 3 else kwargs.get("params")
        was_tracked_leaf = raw.requires_grad(t) and raw.grad_fn(t) is None
        write = op.name in WRITE_OPS              # (drawn in place: see ``writes``)
        problem = write_refusal(rec, t) if write else None
        rec.quiet += 1
        try:
            out = func(*args, **kwargs)
        finally:
            rec.quiet -= 1
        if len(rec.frames) > 1:
            return out
        if id(t) in rec.grad_of:      # an action's trace point: x.grad.zero_()
            made = traced(f"x.grad.{op.name.strip('_')}_()",
                          Seen(rec.grad_of[id(t)], tuple(operands[1:]), params or {}))
            if made is None:
                raise TraceError(f"changing a .grad in place (other than {grad_points()}) "
                                 "cannot be drawn yet")
            rec.action(*made)
            rec.action_done()
            return out
        if was_tracked_leaf or id(t) in rec.data_aliases:
            # a training step (w -= lr * w.grad, w.data -= ...): an update action
            inplace_update(rec, t, was_tracked_leaf, op, operands, params)
            return out
        # the tensors sharing this one's memory change too, which the graph cannot show:
        # refused at the end if they are still part of it
        rec.taint_sharers(t, SHARED)
        if problem is None and op.name in WRITE_OPS and raw.is_view(t):
            problem = VIEW_WRITE
        if problem is not None:
            raise TraceError(problem)
        # the write reaches the tensor a view views (PyTorch's CopySlices); a graph of
        # single-output nodes would silently leave that tensor as it was, unless the
        # script writes the view back (x[1:] += 1: see ``writes``)
        pending = view_written(rec, t) if raw.is_view(t) else None
        # a new node the tensor now stands for (a write: in place, or into a copy)
        emit_write(rec, op_record(op, operands, params, t), write)
        rec.pending_view = pending
        return out


    # ------------------------------------------------------------ factories
    def _factories(self):
        rec, h = self.rec, self.handlers

        def dtype_param(t, kind, params):
            name = t.dtype.name
            default = _inferred_dtype(params["value"]) if kind == "tensor" else \
                ("int64" if kind in ("randperm", "randint") or kind == "arange" and all(
                    isinstance(params[k], int) for k in ("start", "end", "step"))
                 else "float32")
            if name != default:
                if name not in DTYPES:
                    raise TraceError(f"a {name} tensor cannot be drawn")
                params["dtype"] = name
            params["requires_grad"] = bool(raw.requires_grad(t))
            return params

        def factory(kind, make_params):
            def handler(out, *args, **kwargs):
                if kwargs.get("generator") is not None:
                    raise TraceError("random numbers from a separate torch.Generator cannot "
                                     "be drawn; use torch.manual_seed")
                params = dtype_param(out, kind, make_params(out, *args, **kwargs))
                rec.emit(_Record(kind, params, {}, out))
            return handler

        def tensor_params(out, data, *a, **k):
            value = _jsonable(data) if isinstance(data, (list, tuple, int, float, bool)) \
                else None
            if value is None or _shape(value) != tuple(out.shape) or not _plain(value):
                value = _values(out)
            return {"value": value}

        def shape_params(out, *a, **k):
            return {"shape": list(out.shape)}

        def arange_params(out, start, end=None, step=1, **k):
            if end is None:
                start, end = 0, start
            return {"start": _number(start, "arange's start"),
                    "end": _number(end, "arange's end"), "step": _number(step, "arange's step")}

        def linspace_params(out, start, end, steps, **k):
            return {"start": _number(start, "linspace's start"),
                    "end": _number(end, "linspace's end"), "steps": int(steps)}

        def full_params(out, size, fill_value, **k):
            return {"shape": list(out.shape),
                    "fill_value": _number(fill_value, "the fill value")}

        def randperm_params(out, n, **k):
            return {"n": int(n)}

        def randint_params(out, low, high=None, size=None, **k):
            # torch.randint(high, size) or (low, high, size), read as the engine reads them
            if size is None:
                low, high = 0, low
            elif high is None:
                low, high = 0, low
            return {"low": int(low), "high": int(high), "shape": list(out.shape)}

        def eye_params(out, n, m=None, **k):
            if m is not None and m != n:
                raise TraceError("torch.eye with two sizes cannot be drawn")
            return {"n": int(n)}

        def full_like_params(out, other, fill_value, **k):
            return full_params(out, None, fill_value)

        for name, kind, make in (("tensor", "tensor", tensor_params),
                                 ("ones", "ones", shape_params),
                                 ("zeros", "zeros", shape_params),
                                 ("rand", "rand", shape_params),
                                 ("randn", "randn", shape_params),
                                 ("full", "full", full_params), ("eye", "eye", eye_params),
                                 ("arange", "arange", arange_params),
                                 ("linspace", "linspace", linspace_params),
                                 ("randperm", "randperm", randperm_params),
                                 ("randint", "randint", randint_params),
                                 ("ones_like", "ones", shape_params),
                                 ("zeros_like", "zeros", shape_params),
                                 ("rand_like", "rand", shape_params),
                                 ("randn_like", "randn", shape_params),
                                 ("full_like", "full", full_like_params)):
            h["torch." + name] = self.special(factory(kind, make))

        def unsupported(what):
            def handler(out, *a, **k):
                raise TraceError(f"{what} cannot be drawn yet")
            return handler

        for name in _REFUSED_FACTORIES + _RANDOM_FILLS:
            h[name] = self.special(unsupported(name))

        # torch.empty(...).uniform_(low, high): a uniform node (as an exported nn.Linear
        # weight reads); an empty tensor used before it is filled is refused
        empties = set()

        def empty_handler(out, *a, **k):
            params = dtype_param(out, "empty", {"shape": list(out.shape)})
            empties.add(id(out))
            rec.emit(_Record("empty", params, {}, out, taint=(
                None, "torch.empty cannot be drawn: its values are whatever memory held; "
                      "fill it first (uniform_) or use torch.zeros")))

        def uniform_handler(out, t, a=0.0, b=1.0, *, generator=None):
            if id(t) not in empties or generator is not None:
                raise TraceError("Tensor.uniform_ cannot be drawn yet, except on a new "
                                 "torch.empty tensor with the default generator")
            empties.discard(id(t))
            params = dtype_param(t, "uniform", {"shape": list(t.shape),
                                                "low": _number(a, "uniform_'s low"),
                                                "high": _number(b, "uniform_'s high")})
            rec.emit(_Record("uniform", params, {}, t))

        h["torch.empty"] = self.special(empty_handler)
        h["Tensor.uniform_"] = self.special(uniform_handler)

        def seed_handler(out, seed):
            value = int(seed) % 2 ** 64
            if rec.random_drawn:
                # seeded again: the next random source re-seeds before it draws
                rec.reseed = value
                return
            if value >= 2 ** 63:
                raise TraceError("a document's seed is from 0 to 2**63 - 1")
            rec.seed = value
        h["torch.manual_seed"] = self.special(seed_handler)

    # ------------------------------------------------------------ autograd state
    def _autograd_state(self):
        rec, h = self.rec, self.handlers

        def detach_handler(out, t):
            rec.emit(_Record("detach", {}, {"self": t}, out))
            rec.share_memory(t, out)
        h["Tensor.detach"] = self.special(detach_handler)

        def detach_inplace(out, t):
            # drawn as x = x.detach(): the tensor stands for the new node (a backward
            # through a node that saved it before fails in the script, as in PyTorch)
            rec.emit(_Record("detach", {}, {"self": t}, t))
        h["Tensor.detach_"] = self.special(detach_inplace)

        def rebind(kind, params, t):
            """``t`` stays the same Python object but is now the output of a new node."""
            rec.emit(_Record(kind, params, {"self": t}, t, alias=True))

        def requires_grad_handler(out, t, requires_grad=True):
            i = rec.node_of.get(id(t))
            node = None if i is None else rec.nodes[i]
            if node is not None and requires_grad and i == len(rec.nodes) - 1 and \
                    node["kind"] in _FACTORY_KINDS and \
                    node["params"].get("requires_grad") is False and \
                    not (node["label"] or node["watched"] or node["keep"] or node["alias"]) \
                    and not (rec.actions and rec.actions[-1]["after"] > i):
                # torch.empty(2).uniform_(-1, 1).requires_grad_(): the source itself is
                # the leaf, as torch.zeros(2, requires_grad=True) makes it
                node["params"]["requires_grad"] = True
                node["leaf_rg"] = True
                rec.grad_holders[id(t)] = t
                return
            rebind("requires_grad_", {"requires_grad": bool(requires_grad)}, t)
        h["Tensor.requires_grad_"] = self.special(requires_grad_handler)
        h["Tensor.requires_grad ="] = self.special(requires_grad_handler)

        def retain_handler(out, t):
            """``t.retain_grad()`` marks ``t``'s node. A document's mark holds for the
            whole program, so a call after a backward pass that ``t`` may have been part
            of is refused rather than drawn as if it came first."""
            i = rec.node_index(t)
            if raw.requires_grad(t) and raw.grad_fn(t) is not None and any(
                    ACTIONS[a["kind"]].walk is not None and a["after"] > i
                    for a in rec.actions):
                raise TraceError("retain_grad() is called here after a backward pass that "
                                 "ran after the tensor was computed; a graph marks a tensor "
                                 "for the whole program. Call retain_grad() right after "
                                 "computing the tensor.")
            rec.nodes[i]["retains_grad"] = True
            rec.grad_holders[id(t)] = t
        h["Tensor.retain_grad"] = self.special(retain_handler)

        def inspected(func, args, kwargs):
            rec.mark_kept(args[0])
            return func(*args, **kwargs)
        for name in ("requires_grad", "grad_fn", "is_leaf", "retains_grad"):
            h["Tensor." + name] = self.at_top(inspected)

        def data_get(func, args, kwargs):
            t = args[0]
            out = func(*args, **kwargs)
            if id(t) in rec.grad_of:
                rec.grad_of[id(out)] = rec.grad_of[id(t)]
                rec.grad_alias[id(out)] = rec.grad_alias.get(id(t), t)
                rec.keep.append(out)
            else:
                rec.emit(_Record("detach", {}, {"self": t}, out))
                rec.data_aliases.add(id(out))
                rec.data_source[id(out)] = t
                rec.share_memory(t, out)
            return out
        h["Tensor.data"] = self.at_top(data_get)

        def data_set(func, args, kwargs):
            if rec.quiet:
                return func(*args, **kwargs)
            t, value = args[0], args[1] if len(args) > 1 else kwargs.get("value")
            if rec.data_source.get(id(value)) is t:
                # w.data -= ... writes w.data back into w: the update was recorded
                return func(*args, **kwargs)
            result = func(*args, **kwargs)
            data_assignment(rec, t, value)     # w.data = w.data - lr * w.grad, or refused
            return result
        h["Tensor.data ="] = data_set

        def grad_get(func, args, kwargs):
            t = args[0]
            g = func(*args, **kwargs)
            if g is not None and id(t) in rec.node_of:
                rec.grad_of[id(g)] = rec.node_of[id(t)]
                rec.keep.append(g)
            return g
        h["Tensor.grad"] = self.at_top(grad_get)

        def grad_set(func, args, kwargs):
            t, value = args[0], args[1] if len(args) > 1 else None
            if value is not None:
                raise TraceError("assigning a tensor to .grad cannot be drawn; only "
                                 "x.grad = None and x.grad.zero_() can")
            func(*args, **kwargs)
            if not rec.quiet and len(rec.frames) == 1:
                rec.action(*traced("x.grad = None", Seen(rec.node_index(t))))
                rec.action_done()
        h["Tensor.grad ="] = h["del Tensor.grad"] = grad_set

        # numbers read out of a tensor are marked (see values.marked)
        def marking(mark):
            def handle(func, args, kwargs):
                return mark(func(*args, **kwargs))
            return self.at_top(handle)
        def item(func, args, kwargs):
            rec.item_read(args[0])
            return marked(func(*args, **kwargs))
        h["Tensor.item"] = self.at_top(item)
        h["Tensor.tolist"] = marking(marked_list)

        def refused_hook(what):
            def handle(func, args, kwargs):
                if not rec.quiet:
                    raise TraceError(f"{what} cannot be drawn yet: a hook changes or reads "
                                     "gradients during backward, which the graph cannot show")
                return func(*args, **kwargs)
            return handle
        for name in _HOOKS:
            h[name] = refused_hook(name.replace("Tensor.", "").replace("Node.", "grad_fn."))
        h["Tensor.register_hook"] = self.at_top(          # (one of the script's: see hooks)
            lambda func, args, kwargs: register_hook(rec, func, *args, **kwargs))

        def refused(what):
            def handle(func, args, kwargs):
                if not rec.quiet:
                    raise TraceError(what)
                return func(*args, **kwargs)
            return handle
        def dropout(func, args, kwargs):
            x = args[0] if args else kwargs.get("input")
            p = args[1] if len(args) > 1 else kwargs.get("p", 0.5)
            training = args[2] if len(args) > 2 else kwargs.get("training", True)
            if training and p and (args[3] if len(args) > 3 else kwargs.get("inplace")):
                raise TraceError("dropout(inplace=True) cannot be drawn yet: it writes its "
                                 "mask into the tensor; use inplace=False")
            rec.quiet += 1             # (its mask and multiplication: one dropout node)
            try:
                out = func(*args, **kwargs)
            finally:
                rec.quiet -= 1
            if out is not x:           # (in eval mode, or p = 0, it is x itself)
                rec.emit(_Record("dropout", {"p": _number(p, "dropout's p")}, {"self": x},
                                 out))
            return out
        h["torch.nn.functional.dropout"] = self.at_top(dropout)
        h["torch.nn.Parameter"] = self.at_top(
            lambda func, args, kwargs: parameter(rec, func, args, kwargs))
        h["torch.autograd.Function.apply"] = refused(
            "a custom autograd.Function cannot be drawn yet: its backward is code of your own, "
            "which the graph cannot show")
        def quietly(func, args, kwargs):
            # (its values are detached aliases of the parameters: a tensor the trace did
            # not see made, so where it is used, a literal of its values then)
            rec.quiet += 1
            try:
                return func(*args, **kwargs)
            finally:
                rec.quiet -= 1
        h["torch.nn.Module.state_dict"] = quietly
        # (a module's forward hooks are the script's own code, traced as it runs: what
        # they compute is drawn into the graph, what they print is said)

        def buffer(func, args, kwargs):
            # a buffer is a tensor of the script the module holds (a loss registers its
            # weight as one, None when it has none), drawn as any other; but BatchNorm
            # writes its running statistics into its buffers during the forward pass
            tensor = args[2] if len(args) > 2 else kwargs.get("tensor")
            if not rec.quiet and tensor is not None:
                name = type(args[0]).__name__ if args else ""
                if name.startswith("BatchNorm"):
                    raise TraceError(f"torch.nn.{name} cannot be drawn yet: its running "
                                     "statistics are buffers it writes during the forward "
                                     "pass, which the graph cannot show")
            return func(*args, **kwargs)
        h["torch.nn.Module.register_buffer"] = buffer
        h["torch.nn.Linear"] = self.special(self._linear_layer)
        h["torch.nn.Embedding"] = self.special(
            lambda result, *args, **kwargs: embedding_layer(rec, result, *args, **kwargs))

        def enter(func, args, kwargs):
            rec.blocks += 1
            rec.block_stack.append(f"b{rec.blocks}")
            return func(*args, **kwargs)

        def exit_(func, args, kwargs):
            if rec.block_stack:
                rec.block_stack.pop()
            return func(*args, **kwargs)
        h["torch.autograd.grad_mode.__enter__"] = enter
        h["torch.autograd.grad_mode.__exit__"] = exit_

    def _linear_layer(self, result, layer, in_features, out_features, bias=True, device=None,
                      dtype=None):
        """``nn.Linear(...)``: its weight and bias are leaves drawn from the generator as
        PyTorch draws them (``uniform_`` within Kaiming's bound, then within
        1/sqrt(in_features)), so the document's ``uniform`` nodes, run in the same order,
        draw the same numbers; its calls are the ``linear`` nodes of F.linear."""
        rec = self.rec
        fan_in = int(in_features)
        gain = nn_init.calculate_gain("leaky_relu", math.sqrt(5))    # kaiming_uniform_'s
        bounds = [math.sqrt(3.0) * (gain / math.sqrt(fan_in)) if fan_in else 0.0]
        params = [layer.weight]
        if layer.bias is not None:
            bounds.append(1 / math.sqrt(fan_in) if fan_in > 0 else 0)
            params.append(layer.bias)
        for p, bound, name in zip(params, bounds, ("weight", "bias")):
            values = {"shape": list(p.shape), "low": -bound, "high": bound,
                      "requires_grad": True}
            if p.dtype.name != "float32":
                if p.dtype.name not in DTYPES:
                    raise TraceError(f"a {p.dtype.name} nn.Linear cannot be drawn")
                values["dtype"] = p.dtype.name
            rec.emit(_Record("uniform", values, {}, p))
            rec.name_node(rec.node_of[id(p)], name)

    # ------------------------------------------------------------ actions
    def _actions(self):
        """The actions recognised by an observed call (``Tensor.backward``,
        ``torch.autograd.grad``): their records' trace points (``timeline.calls``)."""
        rec, h = self.rec, self.handlers

        def refuse(text):
            raise TraceError(text)

        for point, kind in calls().items():
            def handler(out, *args, _kind=kind, _point=point, **kwargs):
                seen = Seen(args=args, kwargs=kwargs, index=rec.node_index, refuse=refuse)
                rec.action(_kind.name, _kind.traced[_point](seen))
            h[point] = self.recorded_first(handler, returns_grads=kind.returns is not None)
