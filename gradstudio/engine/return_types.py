"""``torch.return_types``: the named (values, indices) pairs reductions and sorts return,
and the named results of ``torch.linalg``'s decompositions."""
from ._tensor_class.reduce import MinMax as max, _MinMaxMin as min  # noqa: A001
from ._tensor_class.select import MedianResult as median, SortResult as sort, TopkResult as topk
from ._tensor_class.small import ModeResult as mode
from ._tensor_class.nan_reduce import AminmaxResult as aminmax
from ._torch_functions.linalg_power import QrResult as qr
from ._tensor_class.rank import (CummaxResult as cummax, CumminResult as cummin,
                                 KthvalueResult as kthvalue, NanmedianResult as nanmedian)

from ._torch_functions.linalg_more import RESULT_TYPES

linalg_eigh, linalg_svd, linalg_qr = (RESULT_TYPES[n] for n in ("linalg_eigh", "linalg_svd",
                                                                "linalg_qr"))
linalg_slogdet, slogdet = RESULT_TYPES["linalg_slogdet"], RESULT_TYPES["slogdet"]
linalg_lstsq, svd = RESULT_TYPES["linalg_lstsq"], RESULT_TYPES["svd"]

__all__ = ["max", "min", "sort", "topk", "median", "linalg_eigh", "linalg_svd", "linalg_qr",
           "linalg_slogdet", "slogdet", "linalg_lstsq", "svd", "mode",
           "kthvalue", "nanmedian", "cummax", "cummin", "aminmax", "qr"]
