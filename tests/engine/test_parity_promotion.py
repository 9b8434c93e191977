"""Type promotion as a student meets it: ``torch.result_type``, ``promote_types``,
``can_cast``, a Python number on either side of an integer tensor, the dtypes of
reductions and tests of integer and bool tensors, and the errors of ops PyTorch has no
kernel for (programs run under torch and under the engine, transcripts compared)."""
import parity

P, prog = parity.table()

prog("result_type_and_can_cast", """
    a = torch.tensor([1, 2, 3])
    print(torch.result_type(a, 2.0), torch.result_type(a, 2), torch.result_type(1, 2.0))
    print(torch.result_type(torch.tensor(1.0, dtype=torch.float64), a))
    print(torch.result_type(torch.tensor(1), torch.tensor([1.0], dtype=torch.float16)))
    print(torch.promote_types(torch.int32, torch.float16), torch.promote_types(torch.uint8, torch.int8))
    for f, t in [(torch.float32, torch.int32), (torch.int32, torch.float32),
                 (torch.int64, torch.bool), (torch.bool, torch.int8), (torch.float64, torch.float16)]:
        print(f, t, torch.can_cast(f, t))
    try:
        torch.can_cast(torch.float32, 1)
    except TypeError as e:
        print(e)
""")

prog("numbers_beside_integer_tensors", """
    a = torch.tensor([1, 2, 3])
    print(1.0 - a, 1 - a, a - 1.0, 2.5 * a, a / 2, a // 2, 2 ** a, 2.0 ** a)
    b = torch.tensor([1, 2], dtype=torch.int32)
    print(1.5 - b, (1.5 - b).dtype, 3 - b, True - b)
""")

prog("dtypes_of_integer_and_bool_results", """
    m = torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)
    print(m.trace(), m.sum(), m.float().mean())
    u = torch.tensor([1, 0, 2], dtype=torch.uint8)
    print(u.all(), u.any(), u.bool().all())
    flags = torch.tensor([True, False])
    print(flags.sign(), flags.max(0), torch.nn.functional.hardtanh(torch.tensor([-3, 0, 5])))
""")

prog("ops_without_a_kernel_for_the_dtype", """
    i = torch.tensor([1, 2, 3])
    flags = torch.tensor([True, False, True])
    for call in (lambda: torch.nn.functional.mse_loss(i, i),
                 lambda: torch.nn.functional.gelu(i),
                 lambda: torch.relu(flags),
                 lambda: flags.abs(),
                 lambda: flags.floor(),
                 lambda: i.frac(),
                 lambda: flags.argmax(),
                 lambda: torch.nn.functional.binary_cross_entropy(i.float() / 4, i),
                 lambda: torch.nn.functional.binary_cross_entropy(i, i),
                 lambda: torch.nn.functional.huber_loss(i, i),
                 lambda: flags ** flags,
                 lambda: torch.nn.functional.hardtanh(flags),
                 lambda: torch.nn.functional.binary_cross_entropy_with_logits(i.float(), i),
                 lambda: torch.nn.functional.binary_cross_entropy_with_logits(i.float(), flags),
                 lambda: torch.nn.functional.binary_cross_entropy_with_logits(i.float(), i.double()),
                 lambda: torch.nn.functional.huber_loss(i.float(), i.double()),
                 lambda: torch.nn.functional.mse_loss(i.float(), i.double())):
        try:
            print(call())
        except (RuntimeError, NotImplementedError) as e:
            print(type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
