"""``torch.return_types``: the named (values, indices) pairs reductions and sorts return."""
from ._tensor_class.reduce import MinMax as max, _MinMaxMin as min  # noqa: A001
from ._tensor_class.select import MedianResult as median, SortResult as sort, TopkResult as topk
from ._tensor_class.small import ModeResult as mode

__all__ = ["max", "min", "sort", "topk", "median", "mode"]
