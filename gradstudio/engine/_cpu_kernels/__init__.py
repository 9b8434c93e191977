"""PyTorch's CPU kernels, bit for bit, on numpy arrays: float sums in ATen's order
(``cascade_sum``), the correctly rounded fused multiply-add (``fma``), MKL's elementwise
functions (``elementwise``, with the ``rsqrt_table`` its square root starts from), batch
normalization's statistics and passes (``batch_norm_kernel``), libstdc++'s orders of equal
elements (``stl_sort``) and the mt19937 generator with ATen's distributions
(``generator``). Nothing here knows tensors or autograd."""
