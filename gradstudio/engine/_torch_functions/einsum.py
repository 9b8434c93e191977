"""``torch.einsum``, step for step as ATen's (``native/Linear.cpp``): parse the labels,
take diagonals for repeated ones, unsqueeze and permute every operand to one order
(output labels, then the summed ones), then contract left to right, each pair by
``sumproduct_pair`` (permute, reshape, ``bmm``, view, permute), and drop the summed
dimensions with one view. Built from the engine's own ops, it records the grad_fn
chain PyTorch records (``ViewBackward0`` over ``PermuteBackward0`` over ``BmmBackward0``
...) and computes the same sums in the same order. The path argument of opt_einsum and
the sublist form are refused in plain words."""
from .._tensor_class.core import TensorCore
from ..observer import observed

__all__ = ["einsum"]

_LETTERS = 26
_ELLIPSIS = 2 * _LETTERS


def _subscript(label):
    return ord(label) - ord("A") if label.isupper() else ord(label) - ord("a") + _LETTERS


def _label(s):
    return chr(s + ord("A")) if s < _LETTERS else chr(s - _LETTERS + ord("a"))


def _parse_inputs(lhs, num_ops):
    op_labels, current, has_ellipsis, i = [[] for _ in range(num_ops)], 0, False, 0
    while i < len(lhs):
        c = lhs[i]
        if c == " ":
            pass
        elif c == ".":
            if has_ellipsis:
                raise RuntimeError(f"einsum(): found '.' for operand {current} for which an "
                                   "ellipsis was already found")
            if not (i + 2 < len(lhs) and lhs[i + 1] == "." and lhs[i + 2] == "."):
                raise RuntimeError(f"einsum(): found '.' for operand {current} that is not part "
                                   "of any ellipsis")
            i += 2
            op_labels[current].append(_ELLIPSIS)
            has_ellipsis = True
        elif c == ",":
            current += 1
            if current >= num_ops:
                raise RuntimeError("einsum(): fewer operands were provided than specified in "
                                   "the equation")
            has_ellipsis = False
        elif c.isascii() and c.isalpha():
            op_labels[current].append(_subscript(c))
        else:
            raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation "
                               "string, subscripts must be in [a-zA-Z]")
        i += 1
    if current != num_ops - 1:
        raise RuntimeError("einsum(): more operands were provided than specified in the "
                           "equation")
    return op_labels


def _output_order(equation, arrow, lhs, label_count, ell_num_dim):
    """Each label's index in the aligned order; where the ellipsis goes; whether it is
    kept; how many dimensions the output has."""
    perm_index_of = [-1] * (2 * _LETTERS)
    if arrow < 0:
        perm, ell_index, ell_in_output = ell_num_dim, 0, True
        for s in range(2 * _LETTERS):
            if label_count[s] == 1:
                perm_index_of[s] = perm
                perm += 1
    else:
        rhs, perm, ell_index, ell_in_output, i = equation[arrow + 2:], 0, 0, False, 0
        while i < len(rhs):
            c = rhs[i]
            if c == ".":
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) "
                                       "was already found")
                if not (i + 2 < len(rhs) and rhs[i + 1] == "." and rhs[i + 2] == "."):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any "
                                       "ellipsis (...)")
                i += 2
                ell_index, ell_in_output = perm, True
                perm += ell_num_dim
            elif c != " ":
                if not (c.isascii() and c.isalpha()):
                    raise RuntimeError(f"einsum(): invalid subscript given at index "
                                       f"{len(lhs) + 2 + i} in the equation string, subscripts "
                                       "must be in [a-zA-Z]")
                s = _subscript(c)
                if not (label_count[s] > 0 and perm_index_of[s] == -1):
                    raise RuntimeError(
                        f"einsum(): output subscript {c}" + (
                            " appears more than once in the output" if perm_index_of[s] > -1
                            else " does not appear in the equation for any input operand"))
                perm_index_of[s] = perm
                perm += 1
            i += 1
    out_num_dim = perm
    if not ell_in_output:
        ell_index, perm = perm, perm + ell_num_dim
    for s in range(2 * _LETTERS):
        if label_count[s] > 0 and perm_index_of[s] == -1:
            perm_index_of[s] = perm
            perm += 1
    return perm_index_of, ell_index, out_num_dim, perm


def _claim(sizes, key, size, counts, slot, message):
    """A dimension of ``size`` for a label (or an ellipsis dimension): other than 1, it
    must agree with the size seen before, and one more operand has it."""
    if size != 1:
        if sizes[key] not in (1, size):
            raise RuntimeError(message())
        sizes[key] = size
        counts[slot] += 1


def _aligned(operands, op_labels, perm_index_of, ell_index, ell_num_dim, perm_count):
    """Every operand with diagonals taken, missing dimensions unsqueezed, permuted to the
    common order; and how many operands have each dimension with size != 1."""
    label_size, ell_sizes = [1] * (2 * _LETTERS), [1] * ell_num_dim
    dim_counts, ops = [0] * perm_count, []
    for i, (op, labels) in enumerate(zip(operands, op_labels)):
        permutation, dim = [-1] * perm_count, 0
        for s in labels:
            if s == _ELLIPSIS:
                ndim = operands[i].dim() - (len(labels) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    size = op.shape[dim]
                    _claim(ell_sizes, j, size, dim_counts, ell_index + j, lambda: (
                        f"einsum(): dimension {dim} covered by ellipsis in operand {i}has size "
                        f"{size} which does not broadcast with previously seen ellipsis with "
                        f"size {ell_sizes[j]} for the respective dimension"))
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_index_of[s]] == -1:
                size = op.shape[dim]
                _claim(label_size, s, size, dim_counts, perm_index_of[s], lambda: (
                    f"einsum(): subscript {_label(s)} has size {size} for operand {i} which "
                    f"does not broadcast with previously seen size {label_size[s]}"))
                permutation[perm_index_of[s]] = dim
                dim += 1
            else:
                prev = permutation[perm_index_of[s]]
                if op.shape[dim] != op.shape[prev]:
                    raise RuntimeError(
                        f"einsum(): subscript {_label(s)} is repeated for operand {i} but the "
                        f"sizes don't match, {op.shape[dim]} != {op.shape[prev]}")
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for k, val in enumerate(permutation):
            if val == -1:
                op = op.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        ops.append(op.permute(*permutation))
    return ops, dim_counts


def _sumproduct_pair(left, right, sum_dims):
    """``(left * right).sum(sum_dims, keepdim=True)`` through bmm, as ATen's."""
    if not sum_dims:
        return left * right
    ndim = left.dim()
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(ndim):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims:
            if sl and sr:
                if left.shape[i] != right.shape[i]:
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.shape[i] != right.shape[i]:
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    out_size = ([left.shape[d] for d in lro] + [left.shape[d] for d in lo] +
                [1] * len(sum_dims) + [right.shape[d] for d in ro])
    lperm = lro + lo + list(sum_dims) + ro
    rperm = lro + list(sum_dims) + ro + lo
    operm = [-1] * len(out_size)
    for i, d in enumerate(lro + lo + list(sum_dims) + ro):
        operm[d] = i
    left = left.permute(*lperm).reshape(lro_size, lo_size, sum_size)
    right = right.permute(*rperm).reshape(lro_size, sum_size, ro_size)
    return left.bmm(right).view(*out_size).permute(*operm)


@observed("torch.einsum")
def _checked_operands(equation, operands, path):
    """The operands (a list given alone unpacked), after torch's checks of the call."""
    if not operands:        # (torch/functional.py's own check)
        raise ValueError("einsum(): must specify the equation string and at least one "
                         "operand, or at least one operand and its subscripts list")
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not isinstance(equation, str):
        raise RuntimeError("einsum() with sublists (einsum(op1, [0, 1], ...)) is not supported "
                           "by GradStudio's engine; write the equation as a string")
    if path is not None:
        raise RuntimeError("einsum() with a contraction path is not supported by GradStudio's "
                           "engine; leave path out (operands are contracted left to right)")
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    for t in operands:
        if not isinstance(t, TensorCore):
            raise TypeError(f"einsum(): argument 'operands' must be tuple of Tensors, not "
                            f"{type(t).__name__}")
    return operands


def _label_counts(operands, op_labels):
    """How many operands each label appears in, and the most dimensions an ellipsis
    stands for; raises torch's error for an operand whose subscripts do not fit it."""
    label_count, ell_num_dim = [0] * (2 * _LETTERS), 0
    for i, (op, labels) in enumerate(zip(operands, op_labels)):
        nlabels, has_ellipsis = len(labels), _ELLIPSIS in labels
        if has_ellipsis:
            nlabels -= 1
            ell_num_dim = max(ell_num_dim, op.dim() - nlabels)
        for s in labels:
            if s != _ELLIPSIS:
                label_count[s] += 1
        if not (nlabels <= op.dim() if has_ellipsis else nlabels == op.dim()):
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({nlabels}) " +
                ("is more than the number of dimensions (" if has_ellipsis else
                 "does not match the number of dimensions (") + f"{op.dim()}) for operand {i}" +
                ("" if has_ellipsis else " and no ellipsis was given"))
    return label_count, ell_num_dim


def _contract(ops, dim_counts, out_num_dim, perm_count):
    """The aligned operands contracted left to right, as torch's einsum pairs them: a
    dimension is summed out as soon as no operand left needs it."""
    while len(ops) > 1:
        a, b = ops.pop(0), ops.pop(0)
        sum_dims, a_sum, b_sum = [], [], []
        for dim in range(out_num_dim, perm_count):
            if a.shape[dim] != 1 and b.shape[dim] != 1:
                dim_counts[dim] -= 1
                if dim_counts[dim] == 1:
                    sum_dims.append(dim)
                    dim_counts[dim] = 0
            elif dim_counts[dim] == 1:
                if a.shape[dim] != 1:
                    a_sum.append(dim)
                    dim_counts[dim] = 0
                elif b.shape[dim] != 1:
                    b_sum.append(dim)
                    dim_counts[dim] = 0
        if a_sum:
            a = a.sum(a_sum, True)
        if b_sum:
            b = b.sum(b_sum, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))
    return ops[0]


def einsum(equation, *operands, path=None):
    operands = _checked_operands(equation, operands, path)
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = _parse_inputs(lhs, len(operands))
    label_count, ell_num_dim = _label_counts(operands, op_labels)
    perm_index_of, ell_index, out_num_dim, perm_count = _output_order(
        equation, arrow, lhs, label_count, ell_num_dim)
    ops, dim_counts = _aligned(operands, op_labels, perm_index_of, ell_index, ell_num_dim,
                               perm_count)
    result = _contract(ops, dim_counts, out_num_dim, perm_count)
    if perm_count - out_num_dim > 0:
        if len(operands) > 1:
            return result.view(tuple(result.shape[:out_num_dim]))
        return result.sum(list(range(out_num_dim, perm_count)))
    return result
