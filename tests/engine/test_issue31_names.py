"""Issue 31's audit of names: every public name the issue's text mentions (modules,
classes, functions, methods, the schedulers, optimizers, ``torch.func`` functions,
forward-AD names, nn layers, losses, activations, ``nn.init`` functions, linalg functions,
global module hooks ...) and every keyword argument it names, checked to exist in the
engine wherever it exists in torch (torch is the oracle: a name torch lacks is not asked
of the engine). A keyword argument is checked by a small call that must run under both.

    PYTHONPATH=. python tests/engine/test_issue31_names.py   # prints found/total
"""
import importlib

import pytest

# real torch, looking its own names up the first time, warns that torch.jit.script is
# deprecated: torch's own warning, not the engine's
pytestmark = pytest.mark.filterwarnings(
    "ignore:`torch.jit.script` is deprecated:DeprecationWarning")


DATA = ["torch.utils.data", "torch.utils.data.Dataset", "torch.utils.data.IterableDataset",
        "torch.utils.data.TensorDataset", "torch.utils.data.Subset",
        "torch.utils.data.ConcatDataset", "torch.utils.data.ChainDataset",
        "torch.utils.data.random_split", "torch.utils.data.DataLoader",
        "torch.utils.data.Sampler", "torch.utils.data.RandomSampler",
        "torch.utils.data.SequentialSampler", "torch.utils.data.BatchSampler",
        "torch.utils.data.SubsetRandomSampler", "torch.utils.data.WeightedRandomSampler",
        "torch.utils.data.default_collate", "torch.utils.data.get_worker_info",
        "torch.Generator", "torch.manual_seed", "torch.Generator.manual_seed",
        "torch.Generator.initial_seed", "torch.Generator.get_state",
        "torch.Generator.set_state"]
CHECKPOINTS = ["torch.save", "torch.load", "torch.serialization",
               "torch.serialization.add_safe_globals", "torch.nn.Module.state_dict",
               "torch.nn.Module.load_state_dict", "torch.optim.Optimizer.state_dict",
               "torch.optim.Optimizer.load_state_dict"]
UTILS = ["torch.nn.utils", "torch.nn.utils.clip_grad_norm_", "torch.nn.utils.clip_grad_value_",
         "torch.nn.utils.parameters_to_vector", "torch.nn.utils.vector_to_parameters",
         "torch.nn.utils.clip_grad"]
SCHEDULERS = ["torch.optim.lr_scheduler." + n for n in (
    "LRScheduler", "LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR",
    "LinearLR", "ExponentialLR", "PolynomialLR", "CosineAnnealingLR",
    "CosineAnnealingWarmRestarts", "ReduceLROnPlateau", "CyclicLR", "OneCycleLR",
    "SequentialLR", "ChainedScheduler")] + [
    "torch.optim.lr_scheduler.LRScheduler." + m for m in (
        "step", "get_last_lr", "state_dict", "load_state_dict")]
OPTIMIZERS = ["torch.optim." + n for n in (
    "Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adamax", "NAdam", "RAdam",
    "Adadelta", "LBFGS")] + ["torch.optim.Optimizer." + m for m in (
        "zero_grad", "step", "add_param_group")]
FUNC = ["torch.func", "torch.vmap"] + ["torch.func." + n for n in (
    "grad", "grad_and_value", "vmap", "jacrev", "jacfwd", "hessian", "vjp", "jvp",
    "functional_call", "stack_module_state")]
AUTOGRAD = ["torch.autograd.forward_ad", "torch.autograd.forward_ad.dual_level",
            "torch.autograd.forward_ad.make_dual", "torch.autograd.forward_ad.unpack_dual",
            "torch.autograd.graph", "torch.autograd.graph.saved_tensors_hooks",
            "torch.autograd.graph.save_on_cpu", "torch.autograd.detect_anomaly",
            "torch.autograd.set_detect_anomaly", "torch.autograd.gradcheck",
            "torch.autograd.gradgradcheck", "torch.autograd.grad", "torch.autograd.backward",
            "torch.autograd.Function", "torch.autograd.functional",
            "torch.Tensor.register_post_accumulate_grad_hook", "torch.Tensor.register_hook",
            "torch.nn.Module.register_full_backward_hook",
            "torch.nn.Module.register_full_backward_pre_hook",
            "torch.nn.Module.register_backward_hook", "torch.nn.Module.register_forward_hook",
            "torch.nn.Module.register_forward_pre_hook", "torch.inference_mode",
            "torch.is_inference_mode_enabled", "torch.Tensor.is_inference"] + [
    "torch.nn.modules.module.register_module_" + n for n in (
        "forward_pre_hook", "forward_hook", "backward_hook", "full_backward_pre_hook",
        "full_backward_hook", "buffer_registration_hook", "module_registration_hook",
        "parameter_registration_hook")]
NN = ["torch.nn." + n for n in (
    "Module", "Parameter", "Linear", "Bilinear", "LayerNorm", "GroupNorm", "BatchNorm1d",
    "BatchNorm2d", "Embedding", "EmbeddingBag", "Sequential", "ModuleList", "ModuleDict",
    "ParameterList", "ParameterDict", "Dropout", "Flatten", "Unflatten", "Identity",
    "RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell", "Conv1d", "Conv2d", "MaxPool1d",
    "MaxPool2d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
    "AdaptiveMaxPool2d", "Unfold", "Fold", "Embedding.from_pretrained")] + [
    "torch.nn.functional." + n for n in (
        "unfold", "fold", "conv1d", "conv2d", "max_pool2d", "avg_pool2d",
        "adaptive_avg_pool2d", "embedding", "embedding_bag", "layer_norm", "group_norm",
        "bilinear", "mse_loss", "cross_entropy", "nll_loss", "ctc_loss", "one_hot",
        "pairwise_distance", "cosine_similarity", "dropout", "linear", "normalize", "pad")]
ACTIVATIONS = ["torch.nn." + n for n in (
    "Threshold", "ReLU", "RReLU", "Hardtanh", "ReLU6", "Sigmoid", "Hardsigmoid", "Tanh",
    "SiLU", "Mish", "Hardswish", "ELU", "CELU", "SELU", "GLU", "GELU", "Hardshrink",
    "LeakyReLU", "LogSigmoid", "Softplus", "Softshrink", "MultiheadAttention", "PReLU",
    "Softsign", "Tanhshrink", "Softmin", "Softmax", "Softmax2d", "LogSoftmax")] + [
    "torch.nn.functional." + n for n in (
        "relu", "relu_", "leaky_relu", "leaky_relu_", "elu", "elu_", "gelu", "silu", "mish",
        "softplus", "hardtanh", "relu6", "selu", "celu", "glu", "logsigmoid", "softsign",
        "tanhshrink", "softmin", "softmax", "log_softmax", "hardswish", "hardsigmoid",
        "hardshrink", "softshrink", "threshold", "rrelu", "prelu", "sigmoid", "tanh",
        "multi_head_attention_forward")]
LOSSES = ["torch.nn." + n for n in (
    "L1Loss", "NLLLoss", "PoissonNLLLoss", "GaussianNLLLoss", "KLDivLoss", "MSELoss",
    "BCELoss", "BCEWithLogitsLoss", "HingeEmbeddingLoss", "MultiLabelMarginLoss",
    "SmoothL1Loss", "HuberLoss", "SoftMarginLoss", "CrossEntropyLoss",
    "MultiLabelSoftMarginLoss", "CosineEmbeddingLoss", "MarginRankingLoss", "MultiMarginLoss",
    "TripletMarginLoss", "TripletMarginWithDistanceLoss", "CTCLoss", "PairwiseDistance",
    "CosineSimilarity")] + ["torch.pairwise_distance", "torch.cosine_similarity",
                            "torch.nn.functional.triplet_margin_with_distance_loss"]
INIT = ["torch.nn.init." + n for n in (
    "uniform_", "normal_", "constant_", "ones_", "zeros_", "eye_", "dirac_", "xavier_uniform_",
    "xavier_normal_", "kaiming_uniform_", "kaiming_normal_", "trunc_normal_", "orthogonal_",
    "sparse_", "calculate_gain")]
LINALG = ["torch.linalg"] + ["torch.linalg." + n for n in (
    "solve", "eigh", "eigvalsh", "svd", "svdvals", "qr", "lstsq", "slogdet", "pinv", "det",
    "inv", "norm", "vector_norm", "matrix_norm", "cholesky", "lu_factor", "matrix_rank",
    "cross", "multi_dot", "matrix_power", "vecdot")] + [
    "torch." + n for n in ("slogdet", "logdet", "svd", "pinverse", "det", "inverse", "cross")]
TENSOR_API = ["torch." + n for n in (
    "result_type", "promote_types", "can_cast", "div", "relu_", "mode", "round", "ravel",
    "sum", "mean", "prod", "std", "var", "std_mean", "var_mean", "min", "max", "amin", "amax",
    "aminmax", "argmin", "argmax", "median", "nanmedian", "quantile", "nanquantile",
    "logsumexp", "norm", "all", "any", "cumsum", "cumprod", "cummax", "cummin", "nansum",
    "nanmean", "count_nonzero", "kthvalue", "topk", "sort", "argsort", "unique", "histc",
    "bincount", "cov", "corrcoef", "eq", "ne", "lt", "le", "gt", "ge", "isclose",
    "allclose", "equal", "maximum", "minimum", "fmax", "fmin", "clamp", "clamp_",
    "sigmoid_", "tanh_", "exp_", "dropout", "floor_divide", "remainder", "fmod",
    "true_divide", "diff", "searchsorted", "bucketize", "cdist", "dist")] + [
    "torch.Tensor." + n for n in (
        "ravel", "is_inference", "mode", "add_", "sub_", "mul_", "div_", "clamp_", "zero_",
        "fill_", "relu_", "sigmoid_", "tanh_", "exp_", "pow_", "abs_", "neg_", "sqrt_",
        "round_", "floor_", "ceil_", "copy_", "masked_fill_", "index_add_", "scatter_",
        "scatter_add_", "addmm_", "lerp_", "clamp_min_", "clamp_max_", "normal_", "uniform_",
        "std", "var", "median", "kthvalue", "argmax", "amax", "logsumexp", "quantile",
        "nanmean", "cummax", "allclose", "isclose", "eq_", "lt_", "type_as", "new_zeros",
        "scatter_reduce", "scatter_reduce_", "baddbmm", "baddbmm_", "take_along_dim",
        "unflatten", "fix", "positive", "sgn", "signbit")] + [
    "torch." + n for n in ("scatter_reduce", "baddbmm", "take_along_dim", "unflatten",
                           "concatenate", "trunc", "fix", "absolute", "multiply", "divide",
                           "subtract", "arctan2", "swapdims", "sgn", "deg2rad", "rad2deg",
                           "signbit", "isneginf", "isposinf")]
NAMES = sorted(set(DATA + CHECKPOINTS + UTILS + SCHEDULERS + OPTIMIZERS + FUNC + AUTOGRAD
                   + NN + ACTIVATIONS + LOSSES + INIT + LINALG + TENSOR_API))

# keyword arguments the issue names: a call under ``torch`` that must run under both
KEYWORDS = {
    "round(decimals=)": "torch.round(torch.tensor([1.2345]), decimals=2)",
    "Tensor.round(decimals=)": "torch.tensor([1.2345]).round(decimals=2)",
    "div(rounding_mode=)": "torch.div(torch.tensor([7.]), 2, rounding_mode='floor')",
    "Tensor.div(rounding_mode=)": "torch.tensor([7.]).div(2, rounding_mode='trunc')",
    "Embedding(padding_idx=, max_norm=)": "torch.nn.Embedding(4, 2, padding_idx=0, max_norm=1.)",
    "clip_grad_norm_(norm_type=, error_if_nonfinite=)":
        "torch.nn.utils.clip_grad_norm_([torch.zeros(1, requires_grad=True)], 1.0, "
        "norm_type=2.0, error_if_nonfinite=True)",
    "clip_grad_norm_(foreach=)":
        "torch.nn.utils.clip_grad_norm_([torch.zeros(1, requires_grad=True)], 1.0, foreach=None)",
    "autograd.grad(is_grads_batched=)":
        "(lambda x: torch.autograd.grad(x * 2, x, torch.eye(2), is_grads_batched=True))"
        "(torch.ones(2, requires_grad=True))",
    "DataLoader(batch_size=, shuffle=, drop_last=, generator=, num_workers=)":
        "list(torch.utils.data.DataLoader(torch.arange(5), batch_size=2, shuffle=True, "
        "drop_last=True, generator=torch.Generator().manual_seed(0), num_workers=0))",
    "DataLoader(sampler=, collate_fn=)":
        "list(torch.utils.data.DataLoader(torch.arange(3), sampler=[2, 0], "
        "collate_fn=lambda b: b))",
    "DataLoader(batch_sampler=)":
        "list(torch.utils.data.DataLoader(torch.arange(3), batch_sampler=[[2, 0], [1]]))",
    "random_split(generator=)":
        "torch.utils.data.random_split(range(4), [0.5, 0.5], "
        "generator=torch.Generator().manual_seed(1))",
    "load(weights_only=)":
        "(lambda b: (torch.save({'a': torch.ones(1)}, b), b.seek(0), "
        "torch.load(b, weights_only=True)))(__import__('io').BytesIO())",
    "load(map_location=)":
        "(lambda b: (torch.save(torch.ones(1), b), b.seek(0), "
        "torch.load(b, map_location='cpu')))(__import__('io').BytesIO())",
    "CrossEntropyLoss(label_smoothing=)": "torch.nn.CrossEntropyLoss(label_smoothing=0.1)",
    "ReduceLROnPlateau(mode=, factor=, patience=)":
        "torch.optim.lr_scheduler.ReduceLROnPlateau(torch.optim.SGD([torch.zeros(1, "
        "requires_grad=True)], lr=1.), mode='max', factor=0.5, patience=2)",
    "manual_seed returns a Generator": "torch.manual_seed(0).initial_seed()",
    "gradcheck(check_forward_ad=)":
        "torch.autograd.gradcheck(torch.sin, torch.ones(2, dtype=torch.float64, "
        "requires_grad=True), check_forward_ad=True)",
    "register_full_backward_hook(prepend=)":
        "torch.nn.Linear(1, 1).register_full_backward_hook(lambda *a: None, prepend=True)",
    "register_forward_hook(with_kwargs=, always_call=)":
        "torch.nn.Linear(1, 1).register_forward_hook(lambda *a: None, with_kwargs=True, "
        "always_call=True)",
    "register_module_forward_hook(always_call=)":
        "torch.nn.modules.module.register_module_forward_hook(lambda *a: None, "
        "always_call=True).remove()",
    "vmap(in_dims=, out_dims=)": "torch.func.vmap(torch.sin, in_dims=0, out_dims=0)(torch.ones(2))",
    "grad(argnums=, has_aux=)":
        "torch.func.grad(lambda x: (x.sum(), x), argnums=0, has_aux=True)(torch.ones(2))",
    "matrix_norm(ord='nuc')": "torch.linalg.matrix_norm(torch.eye(2), 'nuc')",
    "linalg.solve(left=)": "torch.linalg.solve(torch.eye(2), torch.ones(2, 2), left=False)",
    "linalg.lstsq(driver=)":
        "torch.linalg.lstsq(torch.eye(2), torch.ones(2, 1), driver='gelsd')",
    "linalg.svd(full_matrices=)": "torch.linalg.svd(torch.eye(2), full_matrices=False)",
    "linalg.qr(mode=)": "torch.linalg.qr(torch.eye(2), mode='r')",
    "linalg.pinv(atol=, rtol=, hermitian=)":
        "torch.linalg.pinv(torch.eye(2), atol=None, rtol=None, hermitian=True)",
    "sum(dim=, keepdim=, dtype=)": "torch.sum(torch.ones(2, 2), dim=1, keepdim=True, dtype=torch.float64)",
    "std(correction=)": "torch.std(torch.ones(3), correction=0)",
    "mode(dim=, keepdim=)": "torch.mode(torch.ones(2, 2), dim=0, keepdim=True)",
    "scatter_reduce(include_self=)":
        "torch.zeros(2).scatter_reduce(0, torch.tensor([0, 0]), torch.ones(2), 'amax', "
        "include_self=False)",
    "EmbeddingBag(per_sample_weights=)":
        "torch.nn.EmbeddingBag(3, 2, mode='sum')(torch.tensor([0, 2]), torch.tensor([0]), "
        "per_sample_weights=torch.ones(2))",
}


def _import(name):
    """``name`` as a module (the longest importable prefix) then attributes, in torch."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            obj = getattr(obj, part)
        return obj
    raise ImportError(name)


def _engine_modules():
    import gradstudio.engine as engine
    return engine.torch_modules()


def _resolve_engine(name, modules):
    """``name`` in the engine installed as ``torch`` (``engine.torch_modules()``)."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        if ".".join(parts[:i]) in modules:
            obj = modules[".".join(parts[:i])]
            for part in parts[i:]:
                obj = getattr(obj, part)
            return obj
    raise ImportError(name)


def _exists(resolve, name):
    try:
        resolve(name)
        return True
    except (AttributeError, ImportError):
        return False


def _runs(torch, code):
    try:
        eval(code, {"torch": torch})
        return None
    except TypeError as e:
        return f"{type(e).__name__}: {e}"


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.mark.parametrize("name", NAMES)
def test_name_exists_in_the_engine_where_it_exists_in_torch(torch, name):
    if not _exists(_import, name):
        pytest.skip(f"torch 2.13 has no {name}")
    assert _exists(lambda n: _resolve_engine(n, _engine_modules()), name), \
        f"the engine has no {name}"


@pytest.mark.parametrize("label", sorted(KEYWORDS))
def test_keyword_argument_is_accepted_where_torch_accepts_it(torch, label):
    assert _runs(torch, KEYWORDS[label]) is None, "torch refuses the call itself"
    import gradstudio.engine as engine
    assert _runs(engine, KEYWORDS[label]) is None, label


def audit():
    """(found, total, missing): names and keyword calls, counted as the tests count them."""
    import torch as real
    modules = _engine_modules()
    missing, total = [], 0
    for name in NAMES:
        if _exists(_import, name):
            total += 1
            if not _exists(lambda n: _resolve_engine(n, modules), name):
                missing.append(name)
    import gradstudio.engine as engine
    for label, code in KEYWORDS.items():
        if _runs(real, code) is None:
            total += 1
            problem = _safe_runs(engine, code)
            if problem:
                missing.append(f"{label}  ({problem})")
    return total - len(missing), total, missing


def _safe_runs(torch, code):
    try:
        return _runs(torch, code)
    except Exception as e:   # an engine error other than a TypeError: report, not crash
        return f"{type(e).__name__}: {e}"


if __name__ == "__main__":
    found, total, missing = audit()
    print("\n".join(missing))
    print(f"{found} of {total} names found in the engine")
