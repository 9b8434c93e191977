"""A wide audit of public names (not a test): every ``nn`` layer, ``nn.functional``
function, ``torch.linalg`` function, optimizer, scheduler, ``nn.init`` and ``nn.utils``
name, ``torch.func`` and ``torch.utils.data`` name torch 2.13 has, and the ``torch.`` functions
and Tensor methods of a course after the basics (reductions, statistics, comparisons,
linear algebra, in-place forms, creation, shapes), each looked up in the engine installed
as ``torch``: prints found/total per group and the names missing.

    PYTHONPATH=. python tests/engine/audit_wide_names.py
"""
import sys
import torch
import gradstudio.engine as E
mods = E.torch_modules()
def eng(name):
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        k = ".".join(parts[:i])
        if k in mods:
            o = mods[k]
            for p in parts[i:]:
                o = getattr(o, p)
            return o
    raise ImportError(name)
def public(mod, pred=lambda o: True):
    return [n for n in dir(mod) if not n.startswith("_") and pred(getattr(mod, n))]
import torch.nn as nn, torch.nn.functional as F, inspect
groups = {
 "nn": ["torch.nn." + n for n in public(nn, inspect.isclass) if issubclass(getattr(nn, n), nn.Module) and not n.startswith("Lazy") and "Quantiz" not in n],
 "F": ["torch.nn.functional." + n for n in public(F, callable) if not n.startswith("has_") and n not in ("Callable","Optional","TYPE_CHECKING")],
 "linalg": ["torch.linalg." + n for n in public(torch.linalg, callable)],
 "init": ["torch.nn.init." + n for n in public(torch.nn.init, inspect.isfunction) if n.endswith("_") or n=="calculate_gain"],
 "optim": ["torch.optim." + n for n in public(torch.optim, inspect.isclass)],
 "sched": ["torch.optim.lr_scheduler." + n for n in public(torch.optim.lr_scheduler, inspect.isclass) if n.endswith("LR") or n in ("ReduceLROnPlateau","SequentialLR","ChainedScheduler","LRScheduler")],
 "nn.utils": ["torch.nn.utils." + n for n in ("clip_grad_norm_","clip_grad_value_","parameters_to_vector","vector_to_parameters","get_total_norm","clip_grads_with_norm_","weight_norm","spectral_norm","rnn")],
 "func": ["torch.func." + n for n in public(torch.func, callable)],
 "data": ["torch.utils.data." + n for n in public(torch.utils.data) if not n[0].islower() or n in ("random_split","default_collate","get_worker_info","default_convert")],
}
T = ["sum","mean","prod","std","var","std_mean","var_mean","min","max","amin","amax","aminmax","argmin","argmax","median","nanmedian","quantile","nanquantile","logsumexp","norm","all","any","cumsum","cumprod","cummax","cummin","logcumsumexp","nansum","nanmean","count_nonzero","kthvalue","topk","sort","argsort","unique","unique_consecutive","histc","histogram","bincount","cov","corrcoef","eq","ne","lt","le","gt","ge","isclose","allclose","equal","maximum","minimum","fmax","fmin","clamp","clip","where","isnan","isinf","isfinite","isneginf","isposinf","signbit","logical_and","logical_or","logical_not","logical_xor","bitwise_and","diff","searchsorted","bucketize","cdist","dist","tensordot","einsum","cross","outer","inner","kron","trace","tril","triu","diag","diag_embed","diagonal","flip","fliplr","flipud","rot90","roll","cartesian_prod","combinations","meshgrid","block_diag","atleast_1d","atleast_2d","atleast_3d","result_type","promote_types","can_cast","round","ravel","take","take_along_dim","gather","scatter","scatter_add","scatter_reduce","index_select","index_add","index_copy","index_fill","masked_fill","masked_select","masked_scatter","nonzero","argwhere","lerp","addcmul","addcdiv","addmm","addmv","addbmm","baddbmm","bmm","mm","mv","matmul","chain_matmul","det","logdet","slogdet","inverse","pinverse","matrix_power","matrix_exp","svd","qr","cholesky","lu","triangular_solve","cholesky_solve","std","frac","trunc","fix","sign","sgn","heaviside","hypot","logaddexp","logaddexp2","xlogy","erf","erfc","erfinv","lgamma","digamma","polygamma","mvlgamma","i0","sinc","nan_to_num","deg2rad","rad2deg","float_power","true_divide","floor_divide","remainder","fmod","copysign","nextafter","ldexp","frexp","gcd","lcm","clamp_min","clamp_max","softmax","log_softmax","sigmoid","tanh","relu","selu","celu","rrelu","hardshrink","threshold","dropout","alpha_dropout","feature_dropout","bernoulli","multinomial","normal","poisson","rand","randn","randint","randperm","rand_like","randn_like","randint_like","empty_like","full_like","zeros_like","ones_like","arange","linspace","logspace","eye","full","empty","zeros","ones","tensor","as_tensor","from_numpy","stack","cat","concat","concatenate","hstack","vstack","dstack","column_stack","row_stack","split","tensor_split","chunk","unbind","hsplit","vsplit","dsplit","movedim","moveaxis","swapaxes","swapdims","permute","transpose","t","reshape","view_as_real","squeeze","unsqueeze","flatten","unflatten","narrow","narrow_copy","select","index_put","repeat_interleave","tile","broadcast_to","broadcast_tensors","broadcast_shapes","manual_seed","seed","initial_seed","get_rng_state","set_rng_state","Generator","no_grad","enable_grad","set_grad_enabled","inference_mode","is_grad_enabled","set_default_dtype","get_default_dtype","set_printoptions","numel","is_tensor","is_floating_point","is_complex","is_nonzero","save","load","compile","vmap","autocast","sparse_coo_tensor","complex","real","imag","angle","abs","absolute","neg","negative","positive","reciprocal","rsqrt","sqrt","square","exp","exp2","expm1","log","log2","log10","log1p","sin","cos","tan","asin","acos","atan","atan2","arcsin","arctan2","sinh","cosh","asinh","acosh","atanh","ceil","floor","pow","mul","multiply","div","divide","add","sub","subtract","logit","special"]
groups["torch."] = ["torch." + n for n in T if hasattr(torch, n)]
M = ["ravel","is_inference","mode","add_","sub_","mul_","div_","clamp_","zero_","fill_","relu_","sigmoid_","tanh_","exp_","log_","pow_","abs_","neg_","sqrt_","round_","floor_","ceil_","copy_","masked_fill_","index_add_","index_fill_","index_copy_","scatter_","scatter_add_","scatter_reduce_","addmm_","lerp_","clamp_min_","clamp_max_","normal_","uniform_","exponential_","bernoulli_","random_","fill_diagonal_","tril_","triu_","t_","transpose_","squeeze_","unsqueeze_","resize_","requires_grad_","retain_grad","register_hook","register_post_accumulate_grad_hook","backward","detach","detach_","clone","contiguous","item","tolist","numpy","to","type","type_as","new_zeros","new_ones","new_full","new_empty","new_tensor","expand","expand_as","repeat","view","view_as","reshape_as","unfold","stride","storage_offset","data_ptr","element_size","nelement","dim","ndimension","size","numel","is_contiguous","is_leaf","grad_fn","apply_","map_","share_memory_","pin_memory","cpu","float","double","half","bfloat16","int","long","bool","short","byte","char","sum_to_size","addcmul_","addcdiv_","baddbmm","baddbmm_","masked_scatter_","put_","index_put_","nan_to_num_","logical_not_","sign_","sgn_","reciprocal_","rsqrt_","sin_","cos_","erf_","sort","argsort","msort","topk","kthvalue","std","var","median","nanmedian","quantile","cummax","cummin","logcumsumexp","amax","amin","aminmax","argmax","argmin","all","any","allclose","isclose","equal","eq_","ne_","lt_","le_","gt_","ge_","where","masked_select","nonzero","count_nonzero","bincount","histc","unique","flip","roll","rot90","diag","diagonal","trace","tril","triu","outer","inner","cross","dot","vdot","mv","mm","bmm","matmul","det","logdet","slogdet","inverse","pinverse","cholesky","svd","qr","norm","renorm","dist","lerp","hypot","logit","xlogy","frac","trunc","fix","clip","clip_","float_power","true_divide","floor_divide","remainder","fmod","positive","absolute","square","square_","exp2","log2","log10","expm1","log1p","sigmoid","softmax","log_softmax","relu","chunk","split","unbind","tensor_split","narrow","select","index_select","gather","take","take_along_dim","movedim","swapaxes","permute","flatten","unflatten","squeeze","unsqueeze","T","mT","H","mH","real","grad","requires_grad","shape","dtype","device","is_cuda","ndim","names","layout"]
groups["Tensor."] = ["torch.Tensor." + n for n in M if hasattr(torch.Tensor, n)]
tot = have = 0
miss = {}
for g, names in groups.items():
    h = 0
    for n in names:
        try: eng(n); h += 1
        except (AttributeError, ImportError): miss.setdefault(g, []).append(n)
    print(f"{g:10s} {h}/{len(names)}")
    tot += len(names); have += h
print("TOTAL", have, "/", tot)
for g, l in miss.items(): print(g, ":", " ".join(x.split(".")[-1] for x in l))
