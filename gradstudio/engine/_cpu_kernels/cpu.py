"""Which of MKL's paths PyTorch's CPU build takes on this processor, which decides the
last bits of its matrix products and float32 square roots.

MKL runs its generic kernels on processors other than Intel's (the reference machine,
an AMD EPYC, where ``gemm_order``'s summation orders and ``elementwise``'s square root
were measured bit for bit) and kernels of its own on Intel processors, whose orders are
not public: with AVX-512 the engine follows its float32 square root (``rsqrt14``) and,
for the shapes where their order was revealed, its matrix products (``avx512_gemm``),
taking numpy's products elsewhere; on an Intel processor without AVX-512 numpy's
products and the correctly rounded square root, the nearest it has (it differs from PyTorch's
in about 0.7 % of elements, against 17 % with the generic path's table; docs/engine.md
lists the differences). ATen's own kernels (sums, SLEEF's functions, the
optimizers' arithmetic) do not depend on the vendor."""
__all__ = ["MKL_GENERIC", "vendor"]


def vendor():
    """The processor's vendor as Linux reports it (``GenuineIntel``, ``AuthenticAMD``),
    or None where ``/proc/cpuinfo`` does not say."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() == "vendor_id":
                    return value.strip()
    except OSError:
        pass
    return None


# whether MKL takes its generic kernels here (the orders this package reproduces)
MKL_GENERIC = vendor() != "GenuineIntel"
