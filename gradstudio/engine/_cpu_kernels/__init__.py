"""PyTorch's CPU kernels, bit for bit, on numpy arrays: float sums in ATen's order
(``cascade_sum``), the correctly rounded fused multiply-add (``fma``), MKL's elementwise
functions (``elementwise``, with the ``rsqrt_table`` and ``rsqrt14`` its square root
starts from on AMD and on Intel AVX-512), SLEEF's and glibc's (``sleef_float``: ``powf``,
``logf``; ``sleef_double``: ``exp``), how PyTorch's vector loop walks a tensor on this
CPU (``vector_loop``), nll_loss's cascade (``nll_kernel``), batch
normalization's statistics and passes (``batch_norm_kernel``), libstdc++'s orders of equal
elements (``stl_sort``) and the mt19937 generator with ATen's distributions
(``generator``). Nothing here knows tensors or autograd."""
