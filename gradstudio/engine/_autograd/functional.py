"""``torch.autograd.functional``: ``vjp``, ``jvp``, ``jacobian``, ``hessian``, ``vhp`` and
``hvp`` of a function of tensors, ported from PyTorch's ``torch/autograd/functional.py``
(BSD licence) step for step, so that they run the same backward passes in the same order
and fail with the same messages. ``jvp`` and ``hvp`` use the double-backward trick, as
PyTorch's do. ``vectorize=True`` computes the same rows one backward pass at a time;
``strategy="forward-mode"`` runs one JVP per input element (``func._jac``)."""
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import zeros_like
from .._torch_functions.general import stack
from .grad_mode import enable_grad, is_grad_enabled, set_grad_enabled
from . import api as _backward

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _as_tuple(inp, arg_name=None, fn_name=None):
    if arg_name is None and fn_name is None:
        return inp if isinstance(inp, tuple) else tuple(inp) if isinstance(inp, list) \
            else (inp,)
    is_inp_tuple = isinstance(inp, tuple)
    if not is_inp_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, TensorCore):
            where = (f"the value at index {i} has type {type(el)}" if is_inp_tuple
                     else f"the given {arg_name} has type {type(el)}")
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a "
                            f"tuple of Tensors but {where}.")
    return is_inp_tuple, inp


def _tuple_postprocess(res, to_unpack):
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs, create_graph, need_graph):
    return tuple(inp.view_as(inp) if create_graph and inp.requires_grad
                 else inp.detach().requires_grad_(need_graph) for inp in inputs)


def _grad_postprocess(inputs, create_graph):
    if isinstance(inputs[0], TensorCore):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but "
                               f"got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = f"Entry {idx} in " if is_other_tuple else ""
            raise RuntimeError(f"{prepend}v has invalid size: should be {el_other.size()} but "
                               f"got {el_v.size()}.")


_INDEPENDENT = {
    "hessian": "The hessian of the user-provided function with respect to input {i} is "
               "independent of the input. This is not allowed in strict mode. You should "
               "ensure that your function is thrice differentiable and that the hessian "
               "depends on the inputs.",
    "jacobian": "While computing the hessian, found that the jacobian of the user-provided "
                "function with respect to input {i} is independent of the input. This is not "
                "allowed in strict mode. You should ensure that your function is twice "
                "differentiable and that the jacobian depends on the inputs (this would be "
                "violated by a linear function for example).",
    "grad_inputs": "The gradient with respect to input {i} is independent of the inputs of "
                   "the user-provided function. This is not allowed in strict mode.",
    "outputs": "Output {i} of the user-provided function does not require gradients. The "
               "outputs must be computed in a differentiable manner from the input when "
               "running in strict mode."}


def _check_requires_grad(inputs, input_type, strict):
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:
            raise RuntimeError(f"The output of the user-provided function is independent of "
                               f"input {i}. This is not allowed in strict mode.")
        if not inp.requires_grad:
            raise RuntimeError(_INDEPENDENT[input_type].format(i=i))


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    kept = [(out, g) for out, g in zip(outputs, grad_outputs)
            if out is not None and out.requires_grad]
    if not kept:
        return (None,) * len(inputs)
    return _backward.grad(tuple(o for o, _ in kept), inputs, tuple(g for _, g in kept),
                          allow_unused=True, create_graph=create_graph,
                          retain_graph=retain_graph)


_FILL = {
    "back": "The output of the user-provided function is independent of input {i}. This is "
            "not allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
                  "grad_outputs when using the double backward trick to compute forward mode "
                  "gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. "
                   "This is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry "
                         "{i} in the grad_jacobian. This is not allowed in strict mode as it "
                         "prevents from using the double backward trick to replace forward "
                         "mode AD."}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    res = ()
    for i, grads_i in enumerate(grads):
        if grads_i is None:
            if strict:
                raise RuntimeError(_FILL[stage].format(i=i))
            grads_i = zeros_like(refs[i])
        elif strict and create_graph and not grads_i.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(f"The {what} of the user-provided function is independent of "
                               f"input {i}. This is not allowed in strict mode when "
                               "create_graph=True.")
        res += (grads_i,)
    return res


def _prepared(fn_name, func, inputs, v, create_graph, strict, v_of_outputs):
    """The steps every function here begins with, under enable_grad: inputs made fresh
    leaves (or views, with ``create_graph``), ``v`` checked against the outputs (vjp) or
    the inputs (the others), ``func`` run."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", fn_name)
    inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
    if not v_of_outputs:
        v = _checked_v(v, inputs, is_inputs_tuple, fn_name, create_graph, "input to the")
    outputs = func(*inputs)
    is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function",
                                          fn_name)
    _check_requires_grad(outputs, "outputs", strict=strict)
    if v_of_outputs:
        v = _checked_v(v, outputs, is_outputs_tuple, fn_name, create_graph, "returns")
    return is_inputs_tuple, inputs, is_outputs_tuple, outputs, v


def _checked_v(v, against, is_tuple, fn_name, create_graph, words):
    if v is not None:
        _, v = _as_tuple(v, "v", fn_name)
        v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
        _validate_v(v, against, is_tuple)
    elif len(against) != 1 or against[0].nelement() != 1:
        if words == "returns":
            raise RuntimeError("The vector v can only be None if the user-provided function "
                               "returns a single Tensor with a single element.")
        raise RuntimeError("The vector v can only be None if the input to the user-provided "
                           "function is a single Tensor with a single element.")
    return v


def _last_pass(outputs, is_outputs_tuple, grad_args, refs, is_result_tuple, strict,
               create_graph, stage):
    """The pass every product ends with (grad mode on only for ``create_graph``):
    ``autograd.grad(*grad_args)``, zeros where nothing flowed, then ``(outputs, result)``
    detached unless ``create_graph`` and unpacked as they were given."""
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grad_res = _autograd_grad(*grad_args, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, refs, strict, create_graph, stage)
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), is_outputs_tuple),
            _tuple_postprocess(_grad_postprocess(result, create_graph), is_result_tuple))


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), vᵀ·J)``: the vector-Jacobian product at ``inputs``."""
    with enable_grad():
        is_inputs_tuple, inputs, is_outputs_tuple, outputs, v = _prepared(
            "vjp", func, inputs, v, create_graph, strict, v_of_outputs=True)
    return _last_pass(outputs, is_outputs_tuple, (outputs, inputs, v), inputs, is_inputs_tuple,
                      strict, create_graph, "back")


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), J·v)``: the Jacobian-vector product, by the double-backward trick."""
    with enable_grad():
        is_inputs_tuple, inputs, is_outputs_tuple, outputs, v = _prepared(
            "jvp", func, inputs, v, create_graph, strict, v_of_outputs=False)
        grad_outputs = tuple(zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict=strict)
    return _last_pass(outputs, is_outputs_tuple, (grad_inputs, grad_outputs, v), outputs,
                      is_outputs_tuple, strict, create_graph, "back_trick")


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``, one backward pass per output element."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". '
                             'Hint: If your function has more outputs than inputs, '
                             '"forward-mode" tends to be more performant. Otherwise, prefer to '
                             'use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError(
                'torch.autograd.functional.jacobian: `create_graph=True` and `strategy='
                '"forward-mode"` are not supported together (yet). Please either set '
                '`create_graph=False` or `strategy="reverse-mode"`.')
        if strict:
            raise RuntimeError(
                'torch.autograd.functional.jacobian: `strict=True` and `strategy="forward-mode"'
                '` are not supported together (yet). Please either set `strict=False` or '
                '`strategy="reverse-mode"`.')
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        if not vectorize:
            raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-"
                                      "reverse Hessian isonly implemented for `vectorize=True`.")
        from ..func._jac import forward_jacobian   # (one JVP per input element, as jacfwd)
        jac, is_outputs_tuple = forward_jacobian(func, inputs)
        return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function",
                                              "jacobian")
        _check_requires_grad(outputs, "outputs", strict=strict)
        if vectorize:
            if strict:
                raise RuntimeError("torch.autograd.functional.jacobian: `strict=True` and "
                                   "`vectorized=True` are not supported together. Please either "
                                   "set `strict=False` or `vectorize=False`.")
            # (PyTorch vmaps one VJP over the basis: the same rows as one pass per element)
        result = tuple(_jacobian_of(i, out, inputs, create_graph, strict)
                       for i, out in enumerate(outputs))
        result = _grad_postprocess(result, create_graph)
        return _tuple_postprocess(result, (is_outputs_tuple, is_inputs_tuple))


def _jacobian_of(i, out, inputs, create_graph, strict):
    rows = tuple([] for _ in inputs)
    for j in range(out.nelement()):
        vj = _autograd_grad((out.reshape(-1)[j],), inputs, retain_graph=True,
                            create_graph=create_graph)
        for el_idx, (row, vj_el, inp_el) in enumerate(zip(rows, vj, inputs)):
            if vj_el is not None:
                if strict and create_graph and not vj_el.requires_grad:
                    raise RuntimeError(f"The jacobian of the user-provided function is "
                                       f"independent of input {i}. This is not allowed in "
                                       "strict mode when create_graph=True.")
                row.append(vj_el)
            else:
                if strict:
                    raise RuntimeError(f"Output {i} of the user-provided function is "
                                       f"independent of input {el_idx}. This is not allowed in "
                                       "strict mode.")
                row.append(zeros_like(inp_el))
    return tuple(stack(row, dim=0).view(out.size() + inputs[el_idx].size())
                 for el_idx, row in enumerate(rows))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    """The Hessian of the scalar function ``func`` at ``inputs``: the Jacobian of its
    gradient."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict=strict)
        if is_out_tuple or not isinstance(out, TensorCore):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should "
                               "contain a single element")
        return out.squeeze()

    def jac_func(*inp):
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict,
                   vectorize=vectorize, strategy=outer_jacobian_strategy)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


def _gradient_of_scalar(fn_name, func, inputs, v, create_graph, strict):
    """vhp's and hvp's first steps (under enable_grad): ``_prepared``, the check that
    ``func`` returned one single-element tensor, and its gradient with a graph."""
    is_inputs_tuple, inputs, is_outputs_tuple, outputs, v = _prepared(
        fn_name, func, inputs, v, create_graph, strict, v_of_outputs=False)
    if is_outputs_tuple or not isinstance(outputs[0], TensorCore):
        raise RuntimeError(f"The function given to {fn_name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {fn_name} should "
                           "contain a single element")
    jac = _autograd_grad(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, "jacobian", strict=strict)
    return is_inputs_tuple, inputs, is_outputs_tuple, outputs, v, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), vᵀ·H)``: the vector-Hessian product of a scalar function."""
    with enable_grad():
        is_inputs_tuple, inputs, is_outputs_tuple, outputs, v, jac = _gradient_of_scalar(
            "vhp", func, inputs, v, create_graph, strict)
    return _last_pass(outputs, is_outputs_tuple, (jac, inputs, v), inputs, is_inputs_tuple,
                      strict, create_graph, "double_back")


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), H·v)``: the Hessian-vector product of a scalar function, by the
    double-backward trick."""
    with enable_grad():
        is_inputs_tuple, inputs, is_outputs_tuple, outputs, v, jac = _gradient_of_scalar(
            "hvp", func, inputs, v, create_graph, strict)
        grad_jac = tuple(zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict=strict)
    return _last_pass(outputs, is_outputs_tuple, (double_back, grad_jac, v), inputs,
                      is_inputs_tuple, strict, create_graph, "double_back_trick")
