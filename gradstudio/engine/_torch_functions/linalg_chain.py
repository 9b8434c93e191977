"""``torch.linalg.multi_dot`` (ATen's ``multi_dot_impl``: the cheapest order of ``mm``
products by its matrix-chain table, then one ``view`` to the output's shape, so the
result's grad_fn is ``ViewBackward0``) and ``torch.linalg.vecdot`` (``(x * y).sum(dim)``)."""
from .._tensor_class.core import TensorCore

__all__ = ["multi_dot", "vecdot"]

# caffe2::TypeMeta's names, which multi_dot's dtype message prints
_TYPE_META = {"float32": "float", "float64": "double", "float16": "c10::Half",
              "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool"}


def _shape(t):
    return "[" + ", ".join(str(s) for s in t.shape) + "]"


def _check(tensors):
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    first, last = tensors[0], tensors[-1]
    out_shape = []
    if first.dim() not in (1, 2):
        raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got "
                           f"{first.dim()}D")
    mats = [first.unsqueeze(0) if first.dim() == 1 else first]
    if first.dim() == 2:
        out_shape.append(first.shape[0])
    if last.dim() not in (1, 2):
        raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got "
                           f"{last.dim()}D")
    for i in range(1, n - 1):
        if tensors[i].dim() != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got "
                               f"{tensors[i].dim()}D")
        mats.append(tensors[i])
    mats.append(last.unsqueeze(-1) if last.dim() == 1 else last)
    if last.dim() == 2:
        out_shape.append(last.shape[1])
    dtype = mats[0].dtype
    for i in range(1, n):
        if mats[i].dtype != dtype:
            raise RuntimeError("multi_dot(): all tensors must have be the same dtype but "
                               f"tensor 0 is {_TYPE_META[dtype.name]} and tensor {i} "
                               f"{_TYPE_META[mats[i].dtype.name]}")
        if mats[i - 1].shape[-1] != mats[i].shape[0]:
            raise RuntimeError(f"multi_dot(): tensors {i - 1} and {i} with shapes "
                               f"{_shape(tensors[i - 1])} and {_shape(tensors[i])} cannot be "
                               "multiplied")
    return mats, out_shape


def _chain_order(mats):
    """ATen's ``matrix_chain_order``: ``order[i][j]`` the split of the cheapest product."""
    n = len(mats)
    p = [m.shape[0] for m in mats] + [mats[-1].shape[1]]
    cost = [[0] * n for _ in range(n)]
    order = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost[i][j] is None or q < cost[i][j]:
                    cost[i][j], order[i][j] = q, k
    return order


def multi_dot(tensors):
    tensors = list(tensors)
    for i, t in enumerate(tensors):
        if not isinstance(t, TensorCore):
            raise TypeError("linalg_multi_dot(): argument 'tensors' (position 1) must be "
                            f"tuple of Tensors, not {type(t).__name__}")
    mats, out_shape = _check(tensors)
    if len(mats) == 2:
        result = mats[0].mm(mats[1])
    elif len(mats) == 3:
        a, b = mats[0].shape
        c, d = mats[2].shape
        if (a * c) * (b + d) > (b * d) * (a + c):
            result = mats[0].mm(mats[1].mm(mats[2]))
        else:
            result = mats[0].mm(mats[1]).mm(mats[2])
    else:
        order = _chain_order(mats)

        def chain(i, j):
            if i == j:
                return mats[i]
            return chain(i, order[i][j]).mm(chain(order[i][j] + 1, j))
        result = chain(0, len(mats) - 1)
    return result.view(out_shape)


def vecdot(x, y, *, dim=-1):
    for t in (x, y):
        if not t.dtype.is_floating_point:
            raise RuntimeError("linalg.vecdot: Expected a floating point or complex tensor "
                               f"as input. Got {_SCALAR[t.dtype.name]}")
    return (x * y).sum(dim)


_SCALAR = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
           "bool": "Bool"}
