"""A document that uses every node kind of the catalogue at least once, with inputs that
make each one succeed, non-default parameters, and every node watched."""
from gradstudio.document import CATALOGUE, Document
from gradstudio.document.catalogue_data import DATASET_KINDS


def every_kind_document():
    d = Document()
    d.set_seed(5)
    made = {}

    def node(kind, params=None, label=None, **inputs):
        n = d.add_node(kind, params, label=label, watched=True)
        for port, src in inputs.items():
            d.connect(src, n, port)
        made.setdefault(kind, n)
        return n

    a = node("tensor", {"value": [[0.5, 1.5, 2.5], [3.0, 0.25, 1.0]], "requires_grad": True},
             "a")
    b = node("rand", {"shape": (2, 3), "requires_grad": True}, "b")
    m = node("randn", {"shape": (3, 2), "requires_grad": True}, "m")
    v = node("ones", {"shape": (3,), "dtype": "float64"}, "v")
    v32 = node("zeros", {"shape": (3,), "requires_grad": True})
    node("full", {"shape": (2,), "fill_value": 7})
    node("full", {"shape": (), "fill_value": -0.5, "dtype": "float64"})
    node("eye", {"n": 2})
    node("uniform", {"shape": (2, 3), "low": -0.5, "high": 0.25, "requires_grad": True})
    node("normal", {"shape": (2, 2), "mean": 0.5, "std": 0.1, "requires_grad": True})
    node("arange", {"start": 0, "end": 5})
    node("arange", {"start": 1.0, "end": 2.0, "step": 0.25})
    node("linspace", {"start": -1.0, "end": 1.0, "steps": 4})
    node("tensor", {"value": [1, 2, 3]})
    node("tensor", {"value": 2.5})
    node("tensor", {"value": [True, False], "dtype": "bool"})
    node("randperm", {"n": 4})
    node("randperm", {"n": 3, "dtype": "int32"})
    node("randint", {"low": -3, "high": 4, "shape": (2, 3)})
    node("randint", {"low": 0, "high": 2, "shape": (3,), "dtype": "float32",
                     "requires_grad": True})
    rows = node("tensor", {"value": [[0, 2], [1, 1]]})
    node("embedding", weight=m, input=rows)
    # batch_norm over the 3 channels of a (2x3), in eval mode: with the running averages.
    # (In training it writes new averages into the tensors on those ports, as PyTorch
    # does; tests/document/test_trace_batchnorm.py traces that back.)
    normed = node("batch_norm", {"eps": 0.001}, input=a,
                  weight=node("uniform", {"shape": (3,), "requires_grad": True}, "gamma"),
                  bias=node("zeros", {"shape": (3,), "requires_grad": True}, "beta"),
                  running_mean=node("tensor", {"value": [0.5, 1.0, 1.5]}, "avg_mean"),
                  running_var=node("tensor", {"value": [0.25, 1.0, 4.0]}, "avg_var"))
    # layer_norm over the last dimension (3) of a (2x3)
    node("layer_norm", {"normalized_shape": (3,), "eps": 0.001}, input=a,
         weight=node("uniform", {"shape": (3,), "requires_grad": True}, "ln_gamma"),
         bias=node("zeros", {"shape": (3,), "requires_grad": True}, "ln_beta"))
    # group_norm of a (2x3) as 3 groups of one channel
    node("group_norm", {"num_groups": 3}, input=a,
         weight=node("uniform", {"shape": (3,), "requires_grad": True}, "gn_gamma"),
         bias=node("zeros", {"shape": (3,), "requires_grad": True}, "gn_beta"))
    # convolution and pooling (catalogue_conv): a (1, 2, 5, 5) image and a (2, 2, 7) signal
    img = node("randn", {"shape": (1, 2, 5, 5), "requires_grad": True}, "img")
    sig = node("randn", {"shape": (2, 2, 7), "requires_grad": True}, "sig")
    node("conv2d", {"padding": 1, "groups": 2}, input=img,
         weight=node("randn", {"shape": (4, 1, 3, 3), "requires_grad": True}, "kernel"),
         bias=node("zeros", {"shape": (4,), "requires_grad": True}, "conv_bias"))
    node("conv1d", {"stride": 2, "dilation": (2,)}, input=sig,
         weight=node("uniform", {"shape": (3, 2, 2), "requires_grad": True}, "kernel1d"))
    node("max_pool2d", {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True},
         input=img)
    node("max_pool1d", {"kernel_size": 2, "dilation": 2}, input=sig)
    node("avg_pool2d", {"kernel_size": (2, 3), "padding": 1, "count_include_pad": False,
                        "divisor_override": 5}, input=img)
    node("avg_pool1d", {"kernel_size": 3, "stride": 1, "padding": 1,
                        "count_include_pad": False}, input=sig)
    node("adaptive_avg_pool2d", {"output_size": (2, 3)}, input=img)
    node("adaptive_avg_pool1d", {"output_size": 3}, input=sig)
    node("adaptive_max_pool2d", {"output_size": 2}, input=img)
    node("dropout", {"p": 0.25}, self=b)
    node("dropout", {"p": 0.5, "manual_seed": 11}, self=a)
    node("tensor", {"value": [[1, -2], [120, 7]], "dtype": "int8"})
    node("ones", {"shape": (2,), "dtype": "uint8"})
    node("zeros", {"shape": (2,), "dtype": "int16"})
    node("full", {"shape": (2,), "fill_value": 0.1, "dtype": "float16"})
    for k in ("neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt",
              "rsqrt", "reciprocal", "log1p", "expm1", "sign", "floor", "ceil", "round",
              "trunc", "clone", "detach"):
        node(k, self=a)
    for k in ("add", "sub", "mul", "div", "eq", "ne", "lt", "le", "gt", "ge"):
        node(k, self=a, other=b)
        node(k, {"other": 1.5}, self=a)
    node("add", {"alpha": 2}, self=a, other=b)
    node("sub", {"other": 3, "alpha": 0.5}, self=a)
    node("pow", self=a, exponent=b)
    node("pow", {"exponent": -1.5}, self=a)
    node("rsub", {"other": 3}, self=a)
    node("rpow", {"base": -2.0}, exponent=b)
    node("rpow", {"base": 2}, exponent=a)
    node("maximum", self=a, other=b)
    node("minimum", self=a, other=b)
    node("clamp", {"min": 0.75}, self=a)
    node("clamp", {"min": 0.5, "max": 1.0}, self=a)
    node("clamp", {"max": 1}, self=a)
    node("sum", self=a)
    node("sum", {"dim": 1, "keepdim": True}, self=a)
    node("sum", {"dim": (0, 1)}, self=a)
    node("mean", {"dim": 0}, self=a)
    node("norm", self=a)
    node("norm", {"p": 1.0, "dim": 1, "keepdim": True}, self=a)
    graded = [                      # a second backward runs through these
        normed,
        node("amax", self=a),
        node("amax", {"dim": (0, 1), "keepdim": True}, self=a),
        node("amin", {"dim": 1}, self=a),
        node("prod", self=a),
        node("prod", {"dim": 1, "keepdim": True}, self=a),
        node("var", self=a),
        node("var", {"dim": 1, "correction": 0, "keepdim": True}, self=a),
        node("std", {"dim": (0, 1), "correction": 1.5}, self=a),
        node("std", {"dim": 0}, self=b),
        node("cumsum", {"dim": 1}, self=a),
        node("remainder", self=a, other=b),
        node("remainder", {"other": 1.25}, self=a),
    ]
    ints = node("tensor", {"value": [[7, -3], [4, 9]]})
    node("cumsum", self=ints)                                    # int64 running totals
    node("floor_divide", self=a, other=b)                        # no gradient in PyTorch
    node("floor_divide", {"other": -0.75}, self=a)
    node("floor_divide", {"other": 2}, self=ints)
    node("remainder", {"other": -2}, self=ints)
    node("rfloor_divide", {"other": 5}, self=a)
    node("rremainder", {"other": -4.5}, self=a)
    node("rremainder", {"other": 10}, self=ints)
    classes = node("tensor", {"value": [2, 0]}, "classes")      # class indices (int64)
    graded += [node("cross_entropy", input=a, target=classes),
               node("cross_entropy", {"ignore_index": 0}, input=b, target=classes),
               node("cross_entropy", {"reduction": "sum"}, input=a, target=classes),
               node("nll_loss", input=node("log_softmax", {"dim": 1}, self=a),
                    target=classes),
               node("nll_loss", {"reduction": "none", "ignore_index": 0},
                    input=node("log_softmax", {"dim": 1}, self=b), target=classes),
               node("mse_loss", input=a, target=b),
               node("mse_loss", {"reduction": "sum"}, input=b, target=a),
               node("mse_loss", {"reduction": "none"}, input=a, target=b)]
    probs, probs_b = node("sigmoid", self=a), node("sigmoid", self=b)
    graded += [node("binary_cross_entropy", self=probs, target=probs_b),
               node("binary_cross_entropy", {"reduction": "sum"}, self=probs, target=probs_b),
               node("binary_cross_entropy_with_logits", self=a, target=probs_b),
               node("smooth_l1_loss", {"beta": 0.5}, self=a, target=b),
               node("huber_loss", {"reduction": "none", "delta": 2.0}, self=a, target=b)]
    node("gelu", {"approximate": "tanh"}, self=b)
    node("leaky_relu", {"negative_slope": 0.2}, self=b)
    node("softmax", {"dim": 0}, self=a)
    node("mm", self=a, mat2=m)
    a3 = node("unsqueeze", {"dim": 0}, self=a)
    m3 = node("unsqueeze", {"dim": 0}, self=m)
    node("bmm", self=a3, mat2=m3)
    node("baddbmm", {"beta": 0.5, "alpha": 2.0}, self=node("bmm", self=a3, mat2=m3), batch1=a3,
         batch2=m3)
    b32 = node("to", {"dtype": "float32"}, self=v)
    node("mv", self=a, vec=b32)
    node("dot", self=b32, tensor=v32)
    node("view", {"shape": (3, 2)}, self=a)
    node("squeeze", self=a3)
    node("squeeze", {"dim": 0}, self=a3)
    row = node("unsqueeze", {"dim": 0}, self=v32)
    node("expand", {"shape": (2, 3)}, self=row)
    node("t", self=a)
    node("transpose", {"dim0": 1, "dim1": 0}, self=a)
    node("permute", {"dims": (1, 0)}, self=a)
    node("select", {"dim": 1, "index": 2}, self=a)
    cmp = node("gt", {"other": 1.0}, self=a)
    node("all", self=cmp)
    for k in ("bitwise_and", "bitwise_or", "bitwise_xor"):     # (bools or integers only)
        node(k, self=cmp, other=cmp)
    node("bitwise_not", self=cmp)
    node("flip", {"dims": (0, 1)}, self=a)
    node("tril", self=a)
    node("repeat", {"repeats": (2, 1, 2)}, self=a)
    picks = node("tensor", {"value": [[2, 0], [1, 1]]})
    node("gather", {"dim": 1}, self=a, index=picks)
    node("index_select", {"dim": 1}, self=a, index=node("tensor", {"value": [2, 0, 2]}))
    node("triu", {"diagonal": 1}, self=a)
    node("masked_fill", {"value": -1.0}, self=a, mask=cmp)
    node("logsumexp", {"dim": (1,)}, self=a)
    node("one_hot", {"num_classes": 4}, self=node("tensor", {"value": [0, 3, 1]}))
    node("any", self=cmp)
    node("argmax", self=a)
    node("argmin", {"dim": 1, "keepdim": True}, self=a)
    node("max", self=a)
    node("max", {"dim": 1}, self=a)
    node("sort", {"dim": 1, "descending": True}, self=a)
    node("argsort", {"stable": True}, self=a)
    node("topk", {"k": 2}, self=a)
    node("topk_indices", {"k": 2, "largest": False}, self=a)
    node("median", self=a)
    node("median", {"dim": 1}, self=a)
    node("mode", {"dim": 1}, self=a)
    node("kthvalue", {"k": 2}, self=a)
    node("nanmedian", self=a)
    node("nanmedian", {"dim": 1, "keepdim": True}, self=a)
    node("cummax", {"dim": 1}, self=a)
    node("cummin", self=a)
    node("nansum", {"dim": 1}, self=a)
    node("dist", {"p": 3.0}, self=a, other=b)
    node("linalg_cross", self=a, other=b)
    node("scatter", {"dim": 1}, self=a, index=picks, src=b)
    node("scatter_value", {"dim": 1, "value": -1.0}, self=a, index=picks)
    node("scatter_add", {"dim": 1}, self=a, index=picks, src=b)
    node("scatter_reduce", {"dim": 1, "reduce": "amax", "include_self": False}, self=a,
         index=picks, src=b)
    node("index_add", {"dim": 1, "alpha": 2.0}, self=a, index=node("tensor", {"value": [2, 0]}),
         source=node("tensor", {"value": [[1.0, 2.0], [3.0, 4.0]]}))
    node("roll", {"shifts": (1, -1), "dims": (1, 0)}, self=a)
    node("roll", {"shifts": -2}, self=a)
    node("diagonal", {"offset": 1}, self=a)
    node("diag", {"diagonal": -1}, self=v32)
    node("trace", self=a)
    node("cumprod", {"dim": 1}, self=a)
    node("count_nonzero", {"dim": (0,)}, self=cmp)
    node("addmm", {"beta": 0.5, "alpha": 2.0}, self=v32, mat1=m, mat2=a)
    square = node("add", {"other": 1.0}, self=node("eye", {"n": 2}))
    node("det", self=square)
    node("inverse", self=square)
    node("masked_select", self=a, mask=cmp)
    node("unique", self=a)
    node("linear", input=a, weight=b, bias=node("zeros", {"shape": (2,), "requires_grad": True}))
    node("linear", input=v32, weight=b)
    node("min", {"dim": 0, "keepdim": True}, self=a)
    node("matmul", self=a, other=m)
    node("reshape", {"shape": (-1,)}, self=a)
    # a copy of a transposed view (CloneBackward0), and of a contiguous tensor: itself
    node("view", {"shape": (6,)}, self=node("contiguous", self=node("t", self=a)))
    node("contiguous", self=a)
    node("reshape", {"shape": ()}, self=node("sum", self=b))
    node("index", {"key": "..., 1:3"}, self=a)
    node("index", {"key": "0, None, ::2"}, self=a)
    node("where", condition=cmp, input=a, other=b)
    node("where", {"other": -1.0}, condition=cmp, input=a)
    node("where", {"input": 2}, condition=cmp, other=b)
    node("to", {"dtype": "float64"}, self=a)
    node("cat", {"count": 2, "dim": 0}, t0=a, t1=b)
    node("stack", {"count": 3, "dim": 1}, t0=a, t1=b, t2=a)
    # a custom autograd.Function: the palette's MyReLU, and one of two inputs
    node("custom_function", t0=node("sub", {"other": 1.0}, self=a))
    node("custom_function", {"count": 2, "name": "Blend", "forward": (
        "def forward(ctx, p, q):\n    ctx.save_for_backward(p, q)\n    return p * q + p.exp()"),
        "backward": ("def backward(ctx, g):\n    p, q = ctx.saved_tensors\n"
                     "    return g * (q + p.exp()), g * p")}, t0=a, t1=b)
    # a Function of two outputs (a, b = SplitSq.apply(x)), each taken on
    split = node("custom_function", {"name": "SplitSq", "forward": (
        "def forward(ctx, x):\n    ctx.save_for_backward(x)\n    return x * 2, x ** 2"),
        "backward": ("def backward(ctx, g1, g2):\n    x, = ctx.saved_tensors\n"
                     "    return g1 * 2 + g2 * 2 * x")}, t0=a)
    node("mul", self=split, other=node("function_output", {"index": 1}, function=split))
    plain = node("mul", {"other": 2}, self=node("tensor", {"value": [1.0, -2.0]}))
    tracked = node("requires_grad_", self=plain)                 # written in place
    node("requires_grad_", {"requires_grad": True}, "w", self=node("exp", self=plain))
    squares = node("mul", self=a, other=a)                        # torch.autograd.grad
    da = node("autograd_grad", {"create_graph": True}, "da",
              outputs=node("sum", self=squares), inputs=a)
    node("mul", self=da, other=a)                         # (a gradient computed with)
    node("sum", self=node("autograd_grad", {"retain_graph": True}, outputs=squares, inputs=a,
                          grad_outputs=b))
    grid = node("tensor", {"value": [[1.0, -2.0], [3.0, -4.0]]}, "grid")     # writes
    written = node("setitem", {"key": "0, 1:", "value": 7}, self=grid)
    node("setitem", {"key": "i"}, self=written, i=node("lt", {"other": 0.0}, self=written))
    node("setitem", {"key": "1"}, self=grid, value=node("ones", {"shape": (2,)}))
    node("fill_", {"value": -0.25}, self=grid)
    node("fill_", self=grid, value=node("tensor", {"value": 3.0}))
    node("zero_", self=written)
    node("copy_", self=grid, src=node("tensor", {"value": [5, 6]}))
    hooked = node("register_hook", {"hook": "grad.clamp(-0.5, 0.5) * 3"}, self=node(
        "mul", {"other": 2.0}, self=m))                         # written in place
    graded.append(node("sum", self=hooked))           # (its backward runs the hook)
    accumulating = node("post_accumulate_hook", {"hook": "print('accumulated', grad)"},
                        self=node("tensor", {"value": [0.5, -1.5], "requires_grad": True}))
    graded.append(node("mul", self=accumulating, other=accumulating))   # (prints its .grad)
    kept = node("mul", self=a, other=b)
    d.set_retains_grad(kept, True)                              # kept.retain_grad()
    d.set_retains_grad(node("sum", label="kept_sum", self=kept), True)
    total = node("sum", self=node("add", self=node("sum", self=kept),
                                  other=node("sum", self=tracked)))
    keeper = node("keep_grad", {"keep": "grad.clone()", "into": "kept_grads",  # (a list)
                                "handle": "kept_handle"}, self=kept)
    d.add_action("backward", {"target": total})
    a_grad = node("grad_of", self=a)                  # a.grad as a value, after that step
    node("mul", self=a_grad, other=b)
    kept_value = node("kept_grad", {"into": "kept_grads"})        # kept_grads[0]
    node("mul", self=kept_value, other=b)
    # kept_sums.append(total.detach()) in the forward pass, torch.stack(kept_sums) after
    node("collect", {"into": "kept_sums", "form": "detach"}, self=total)
    stacked = node("collected", {"into": "kept_sums", "make": "stack"})
    node("mul", self=stacked, other=node("tensor", {"value": 2.0}))
    d.add_action("compute", {"nodes": [a_grad, kept_value, stacked]})
    d.add_action("remove_hook", {"hook": keeper, "handle": "kept_handle"})
    spread = node("sum", self=graded[0])
    for g in graded[1:]:
        spread = node("add", self=spread, other=node("sum", self=g))
    d.add_action("backward", {"target": spread})
    # the teaching sets (catalogue_data), one with a seed of its own
    for i, name in enumerate(DATASET_KINDS):
        node(name, {"n": 5, "noise": 0.2, "manual_seed": 4 if i == 1 else None,
                    "test_fraction": 0.4 if i == 2 else 0.0})
    node("imported_data", {"value": [[0.5, -1.0, 0.0], [1.5, 2.25, 1.0], [3.0, 0.1, 1.0]],
                           "test_fraction": 0.34, "split_seed": 3})     # (File ▸ Import Data…)
    # a DataLoader's batches (batches): two of one shuffled loader with a generator of its
    # own, one of a loader drawing from the global generator, rows of a taken at each
    shuffled = {"loader": 1, "size": 2, "batch_size": 1, "shuffle": True, "seed": 3}
    for _ in range(2):
        node("index", {"key": "i"}, self=a, i=node("loader_batch", shuffled))
    node("index", {"key": "i"}, self=a, i=node("loader_batch", {
        "loader": 2, "size": 2, "batch_size": 2, "drop_last": True}))
    # an elementwise op, comparison or activation added to the table is covered without a
    # line here: its tensor ports take a (the 2x3 float leaf above), its params keep their
    # defaults
    for name, spec in CATALOGUE.items():
        if name not in made and spec.ops == (name,) and \
                spec.category in ("elementwise", "arithmetic", "activation", "comparison"):
            node(name, **{port.name: a for port in spec.inputs})
    missing = set(CATALOGUE) - set(made)
    assert not missing, f"kinds without a node: {sorted(missing)}"
    return d
