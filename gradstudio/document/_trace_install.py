"""The patching of the engine for the tracing child: ``install(rec)`` wraps the op
table's ``apply``, ``inplace`` and ``apply_views`` (split, chunk, unbind and iterating a
tensor: one node per piece), the composite calls with a node kind of their own
(``matmul``, ``reshape``, indexing, ``where``, ``cross_entropy``, ``nll_loss``), the
factories, the autograd state (``detach``, ``requires_grad_``, ``retain_grad``, ``.data``,
``.grad``, ``backward``, ``autograd.grad``, ``manual_seed``) and grad-mode blocks, so that
the recorder sees every operation. Only the child process ever calls it.

Part of the tracing child (``_trace_child.py``); imports only the engine and its sibling
modules.
"""
from ._trace_ops import _DTYPES, _index_key_text, op_record, view_records
from ._trace_values import (SCALAR_FED_BACK, TraceError, _inferred_dtype, _jsonable,
                            _number, _plain, _Record, _shape, _values, has_marked, marked,
                            marked_list, plain)

_DATA_WRITE = ("writing through .data (such as w.data -= lr * w.grad, w.data.zero_() or "
               "w.data = ...) cannot be drawn yet: it changes a tensor without autograd "
               "seeing it")


def install(rec):
    """Patches the engine (in this process only) so that ``rec`` sees every operation."""
    torch = rec.torch
    from gradstudio.engine import _functions, _grad_mode, _tensor, _tensor_ops, _tensor_shape
    from gradstudio.engine import autograd as autograd_mod
    Tensor = torch.Tensor
    orig_apply, orig_inplace, orig_views = _tensor.apply, _tensor.inplace, _tensor.apply_views

    def unmarked(operands, params):
        """The engine computes with plain numbers (numpy would promote a float subclass
        to float64); the record keeps the marked ones."""
        if has_marked(operands) or (params and has_marked(params)):
            operands = tuple(plain(o) for o in operands)
            params = None if params is None else {k: plain(v) for k, v in params.items()}
        return operands, params

    def apply(op, operands, params=None, out_dtype=None):
        if rec.quiet:
            return orig_apply(op, operands, params, out_dtype)
        out = orig_apply(op, *unmarked(operands, params), out_dtype)
        rec.emit((op, operands, params, out))
        return out

    def inplace(self, op, operands, params=None):
        if rec.quiet:
            return orig_inplace(self, op, operands, params)
        was_tracked_leaf = self._requires_grad and self._grad_fn is None
        rec.quiet += 1
        try:
            out = orig_inplace(self, op, *unmarked(operands, params))
        finally:
            rec.quiet -= 1
        if len(rec.frames) > 1:
            return out
        if id(self) in rec.grad_of:
            if op.name != "_zero":
                raise TraceError("changing a .grad in place (other than x.grad.zero_()) cannot "
                                 "be drawn yet")
            rec.action("zero_grad", {"tensor": rec.grad_of[id(self)]})
            rec.action_done()
            return out
        if was_tracked_leaf:
            raise TraceError("an in-place update of a leaf that requires grad (such as "
                             "w -= lr * w.grad under no_grad) cannot be drawn as a graph")
        if id(self) in rec.data_aliases:
            raise TraceError(_DATA_WRITE)
        # the tensors sharing this one's memory change too, which the graph cannot show:
        # refused at the end if they are still part of it
        rec.taint_sharers(self, "an in-place update of a tensor that shares its memory "
                                "with another (through x.detach() or x.data) cannot be "
                                "drawn: it changes both; compute a new tensor instead")
        if self._is_view():
            # the write reaches the tensor it views (PyTorch's CopySlices); a graph of
            # single-output nodes would silently leave that tensor as it was
            raise TraceError("an in-place update of a view (such as y[0] += 5 or "
                             "y[1:].mul_(3)) cannot be drawn: it changes the tensor it "
                             "views; compute a new tensor instead (for example with "
                             "torch.cat)")
        # drawn as the out-of-place operation; the tensor now stands for the new node
        rec.emit(op_record(op, operands, params, self))
        return out

    def apply_views(op, src, params):
        # the pieces share one multi-output node in the engine; each is drawn as the
        # single-output select/slice it views (see _trace_ops.view_records)
        outs = orig_views(op, src, params)
        if not rec.quiet:
            for r in view_records(op, src, params, outs):
                if has_marked(params):
                    r.taint = (rec.line(), SCALAR_FED_BACK)
                rec.emit(r)
        return outs

    for mod in (_tensor, _tensor_ops, _tensor_shape, _functions):
        for attr in ("apply", "_apply"):
            if getattr(mod, attr, None) is orig_apply:
                setattr(mod, attr, apply)
        if getattr(mod, "inplace", None) is orig_inplace:
            setattr(mod, "inplace", inplace)
        if getattr(mod, "apply_views", None) is orig_views:
            setattr(mod, "apply_views", apply_views)

    # ------------------------------------------------------------ composite calls
    def matmul_map(out, a, b):
        if type(a) is Tensor and type(b) is Tensor:
            return _Record("matmul", {}, {"self": a, "other": b}, out)
        return None

    def rmatmul_map(out, a, b):
        return matmul_map(out, b, a)

    def reshape_map(out, a, *shape):
        if type(a) is not Tensor:
            return None
        return _Record("reshape", {"shape": list(out.shape)}, {"self": a}, out)

    def getitem_map(out, a, key):
        text = _index_key_text(key)
        taint = (rec.line(), SCALAR_FED_BACK) if has_marked(key) else None
        return None if text is None else _Record("index", {"key": text}, {"self": a}, out,
                                                 taint=taint)

    def where_map(out, condition, input=None, other=None):
        if not all(type(t) is Tensor for t in (condition, input, other)):
            return None
        return _Record("where", {}, {"condition": condition, "input": input,
                                     "other": other}, out)

    def loss_map(kind):
        """cross_entropy / nll_loss as one node with input and target ports (the target's
        own node, not the int64 copy the op keeps); cross_entropy's inner nll_loss call is
        left to it."""
        def mapper(out, input, target, weight=None, size_average=None, ignore_index=-100,
                   reduce=None, reduction="mean", label_smoothing=0.0):
            outermost = len(rec.frames) == 1
            if type(input) is not Tensor or type(target) is not Tensor:
                return None
            if weight is not None or size_average is not None or reduce is not None:
                if not outermost:
                    return None
                raise TraceError(f"{kind} with a weight per class (or the old size_average "
                                 "and reduce arguments) cannot be drawn yet")
            return _Record(kind, {"ignore_index": int(ignore_index), "reduction": reduction},
                           {"input": input, "target": target}, out)
        return mapper

    functional = torch.nn.functional
    for name in ("cross_entropy", "nll_loss"):
        setattr(functional, name, rec.composite(getattr(functional, name), loss_map(name)))

    Tensor.matmul = Tensor.__matmul__ = rec.composite(Tensor.__matmul__, matmul_map)
    Tensor.__rmatmul__ = rec.composite(Tensor.__rmatmul__, rmatmul_map)
    torch.matmul = rec.composite(torch.matmul, matmul_map)
    Tensor.reshape = rec.composite(Tensor.reshape, reshape_map)
    torch.reshape = rec.composite(torch.reshape, reshape_map)
    Tensor.__getitem__ = rec.composite(Tensor.__getitem__, getitem_map)
    torch.where = rec.composite(torch.where, where_map)

    # ------------------------------------------------------------ factories
    def dtype_param(t, kind, params):
        name = t._dtype.name
        default = _inferred_dtype(params["value"]) if kind == "tensor" else \
            ("int64" if kind == "arange" and all(
                isinstance(params[k], int) for k in ("start", "end", "step")) else "float32")
        if name != default:
            if name not in _DTYPES:
                raise TraceError(f"a {name} tensor cannot be drawn")
            params["dtype"] = name
        params["requires_grad"] = bool(t._requires_grad)
        return params

    def factory(kind, make_params):
        def handler(out, *args, **kwargs):
            if kwargs.get("generator") is not None:
                raise TraceError("random numbers from a separate torch.Generator cannot be "
                                 "drawn; use torch.manual_seed")
            params = dtype_param(out, kind, make_params(out, *args, **kwargs))
            rec.emit(_Record(kind, params, {}, out))
        return handler

    def tensor_params(out, data, *a, **k):
        value = _jsonable(data) if isinstance(data, (list, tuple, int, float, bool)) else None
        if value is None or _shape(value) != tuple(out.shape) or \
                not _plain(value):
            value = _values(out)
        return {"value": value}

    shape_params = (lambda out, *a, **k: {"shape": list(out.shape)})

    def arange_params(out, start, end=None, step=1, **k):
        if end is None:
            start, end = 0, start
        return {"start": _number(start, "arange's start"), "end": _number(end, "arange's end"),
                "step": _number(step, "arange's step")}

    def linspace_params(out, start, end, steps, **k):
        return {"start": _number(start, "linspace's start"),
                "end": _number(end, "linspace's end"), "steps": int(steps)}

    def full_params(out, size, fill_value, **k):
        return {"shape": list(out.shape), "fill_value": _number(fill_value, "the fill value")}

    def eye_params(out, n, m=None, **k):
        if m is not None and m != n:
            raise TraceError("torch.eye with two sizes cannot be drawn")
        return {"n": int(n)}

    def like(kind):
        def make(out, other, *a, **k):
            return {"shape": list(out.shape)}
        return make

    def full_like_params(out, other, fill_value, **k):
        return {"shape": list(out.shape), "fill_value": _number(fill_value, "the fill value")}

    for name, kind, make in (("tensor", "tensor", tensor_params),
                             ("ones", "ones", shape_params), ("zeros", "zeros", shape_params),
                             ("rand", "rand", shape_params), ("randn", "randn", shape_params),
                             ("full", "full", full_params), ("eye", "eye", eye_params),
                             ("arange", "arange", arange_params),
                             ("linspace", "linspace", linspace_params),
                             ("ones_like", "ones", like("ones")),
                             ("zeros_like", "zeros", like("zeros")),
                             ("rand_like", "rand", like("rand")),
                             ("randn_like", "randn", like("randn")),
                             ("full_like", "full", full_like_params)):
        setattr(torch, name, rec.special(getattr(torch, name), factory(kind, make)))

    def unsupported(what):
        def handler(out, *a, **k):
            raise TraceError(f"{what} cannot be drawn yet")
        return handler

    for name in ("randint", "randperm", "empty", "empty_like", "normal", "bernoulli",
                 "multinomial"):
        if hasattr(torch, name):
            setattr(torch, name, rec.special(getattr(torch, name),
                                             unsupported(f"torch.{name}")))
    for name in ("uniform_", "normal_", "random_", "bernoulli_", "exponential_"):
        if hasattr(Tensor, name):
            setattr(Tensor, name, rec.special(getattr(Tensor, name),
                                              unsupported(f"Tensor.{name}")))

    def seed_handler(out, seed):
        if rec.random_drawn:
            raise TraceError("torch.manual_seed after random numbers were drawn cannot be "
                             "drawn: a document has one seed, set before everything runs")
        value = int(seed) % 2 ** 64
        if value >= 2 ** 63:
            raise TraceError("a document's seed is from 0 to 2**63 - 1")
        rec.seed = value
    torch.manual_seed = rec.special(torch.manual_seed, seed_handler)

    # ------------------------------------------------------------ autograd state
    def detach_handler(out, t):
        rec.emit(_Record("detach", {}, {"self": t}, out))
        rec.share_memory(t, out)
    Tensor.detach = rec.special(Tensor.detach, detach_handler)

    def detach_inplace(out, t):
        raise TraceError("detach_() cannot be drawn; write x = x.detach()")
    Tensor.detach_ = rec.special(Tensor.detach_, detach_inplace)

    def rebind(kind, params, t):
        """``t`` stays the same Python object but is now the output of a new node."""
        rec.emit(_Record(kind, params, {"self": t}, t, alias=True))

    def requires_grad_handler(out, t, requires_grad=True):
        rebind("requires_grad_", {"requires_grad": bool(requires_grad)}, t)
    Tensor.requires_grad_ = rec.special(Tensor.requires_grad_, requires_grad_handler)

    def retain_handler(out, t):
        rebind("retain_grad", {}, t)
    Tensor.retain_grad = rec.special(Tensor.retain_grad, retain_handler)

    def inspected(prop):
        def get(self):
            if not rec.quiet and len(rec.frames) == 1:
                rec.mark_kept(self)
            return prop.fget(self)
        return get

    req = Tensor.requires_grad
    Tensor.requires_grad = property(
        inspected(req),
        lambda self, v: Tensor.requires_grad_(self, bool(v)))
    for name in ("grad_fn", "is_leaf", "retains_grad"):
        setattr(Tensor, name, property(inspected(getattr(Tensor, name))))

    data_prop = Tensor.data

    def data_get(self):
        out = data_prop.fget(self)
        if rec.quiet or len(rec.frames) > 1:
            return out
        if id(self) in rec.grad_of:
            rec.grad_of[id(out)] = rec.grad_of[id(self)]
            rec.keep.append(out)
        else:
            rec.emit(_Record("detach", {}, {"self": self}, out))
            rec.data_aliases.add(id(out))
            rec.share_memory(self, out)
        return out

    def data_set(self, value):
        if not rec.quiet:
            raise TraceError(_DATA_WRITE)
        data_prop.fset(self, value)
    Tensor.data = property(data_get, data_set)

    # ------------------------------------------------------------ numbers read out
    def marking(fn, mark):
        def wrapper(self, *args, **kwargs):
            v = fn(self, *args, **kwargs)
            return v if rec.quiet or len(rec.frames) > 1 else mark(v)
        wrapper.__name__ = fn.__name__
        return wrapper
    Tensor.item = marking(Tensor.item, marked)
    Tensor.tolist = marking(Tensor.tolist, marked_list)

    # ------------------------------------------------------------ hooks
    def refused_hook(fn, what):
        def wrapper(*args, **kwargs):
            if not rec.quiet:
                raise TraceError(f"{what} cannot be drawn yet: a hook changes or reads "
                                 "gradients during backward, which the graph cannot show")
            return fn(*args, **kwargs)
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        return wrapper

    for name in dir(Tensor):
        if name.startswith("register_") and name.endswith("hook"):
            setattr(Tensor, name, refused_hook(getattr(Tensor, name), name))
    for name in dir(autograd_mod.Node):
        if name.startswith("register_") and "hook" in name:
            setattr(autograd_mod.Node, name,
                    refused_hook(getattr(autograd_mod.Node, name), f"grad_fn.{name}"))

    grad_prop = Tensor.grad

    def grad_get(self):
        g = grad_prop.fget(self)
        if g is not None and not rec.quiet and len(rec.frames) == 1 and \
                id(self) in rec.node_of:
            rec.grad_of[id(g)] = rec.node_of[id(self)]
            rec.keep.append(g)
        return g

    def grad_set(self, value):
        if value is not None:
            raise TraceError("assigning a tensor to .grad cannot be drawn; only "
                             "x.grad = None and x.grad.zero_() can")
        grad_prop.fset(self, None)
        if not rec.quiet and len(rec.frames) == 1:
            rec.action("set_grad_none", {"tensor": rec.node_index(self)})
            rec.action_done()

    Tensor.grad = property(grad_get, grad_set, lambda self: grad_set(self, None))

    def backward_handler(out, t, gradient=None, retain_graph=None, create_graph=False,
                         inputs=None):
        if inputs is not None:
            raise TraceError("backward(inputs=...) cannot be drawn")
        rec.action("backward", {
            "target": rec.node_index(t),
            "gradient": None if gradient is None else rec.node_index(_as_tensor(gradient)),
            "retain_graph": bool(retain_graph), "create_graph": bool(create_graph)})

    def _as_tensor(g):
        if type(g) is not Tensor:
            raise TraceError("backward's gradient must be a tensor to be drawn")
        return g

    def recorded_first(fn, handler, returns_grads=False):
        """Records the call, then makes it: an action that raises (caught by the script,
        as in ``try: out.backward() except RuntimeError: ...``) is still a step. What it
        did (raised or not, the gradients it returned, every .grad after it) is kept for
        the check that the document does the same."""
        def wrapper(*args, **kwargs):
            if rec.quiet or len(rec.frames) > 1:
                return fn(*args, **kwargs)
            handler(None, *args, **kwargs)
            rec.quiet += 1
            try:
                result = fn(*args, **kwargs)
            except Exception:
                rec.action_done(failed=True)
                raise
            finally:
                rec.quiet -= 1
            if returns_grads:
                for g in result:
                    if g is not None:
                        rec.grad_results.add(id(g))
                        rec.keep.append(g)
            rec.action_done(results=result if returns_grads else None)
            return result
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        return wrapper

    Tensor.backward = recorded_first(Tensor.backward, backward_handler)

    def autograd_backward_handler(out, tensors, grad_tensors=None, retain_graph=None,
                                  create_graph=False, inputs=None, **k):
        ts = [tensors] if type(tensors) is Tensor else list(tensors)
        gs = [grad_tensors] if grad_tensors is None or type(grad_tensors) is Tensor \
            else list(grad_tensors)
        if len(ts) != 1 or len(gs) != 1:
            raise TraceError("torch.autograd.backward with several tensors cannot be drawn; "
                             "call backward on each")
        backward_handler(out, ts[0], gs[0], retain_graph, create_graph, inputs)

    def grad_handler(out, outputs, inputs, grad_outputs=None, retain_graph=None,
                     create_graph=False, only_inputs=True, allow_unused=None, **k):
        if grad_outputs is not None:
            raise TraceError("torch.autograd.grad(grad_outputs=...) cannot be drawn")
        outs = [outputs] if type(outputs) is Tensor else list(outputs)
        ins = [inputs] if type(inputs) is Tensor else list(inputs)
        rec.action("grad", {
            "outputs": [rec.node_index(t) for t in outs],
            "inputs": [rec.node_index(t) for t in ins],
            "retain_graph": bool(retain_graph), "create_graph": bool(create_graph)})

    autograd_mod.backward = recorded_first(autograd_mod.backward, autograd_backward_handler)
    autograd_mod.grad = recorded_first(autograd_mod.grad, grad_handler, returns_grads=True)

    # ------------------------------------------------------------ grad-mode blocks
    mode_enter, mode_exit = _grad_mode._Mode.__enter__, _grad_mode._Mode.__exit__

    def enter(self):
        rec.blocks += 1
        rec.block_stack.append(f"b{rec.blocks}")
        return mode_enter(self)

    def exit_(self, *exc):
        if rec.block_stack:
            rec.block_stack.pop()
        return mode_exit(self, *exc)
    _grad_mode._Mode.__enter__, _grad_mode._Mode.__exit__ = enter, exit_
