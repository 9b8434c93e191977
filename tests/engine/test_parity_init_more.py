"""The rest of ``nn.init`` (issue 31): ``trunc_normal_`` (both of PyTorch's samplers),
``eye_``, ``dirac_``, ``orthogonal_``, ``sparse_``, next to the Xavier and Kaiming
variants, drawing the same numbers as PyTorch from the same seed; their errors and
warning (transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("init_functions_from_the_seed", """
    import warnings
    torch.manual_seed(0)
    w = torch.empty(3, 5)
    print(nn.init.trunc_normal_(w), nn.init.trunc_normal_(torch.empty(4), 0.0, 1.0, 0.5, 1.0))
    print(nn.init.trunc_normal_(torch.empty(2, 3, dtype=torch.float64), 1.0, 0.5, -0.5, 2.0))
    print(nn.init.eye_(torch.empty(2, 3)), nn.init.dirac_(torch.empty(4, 2, 3)), nn.init.dirac_(torch.empty(4, 2, 3, 3), groups=2))
    print(nn.init.orthogonal_(torch.empty(3, 5)), nn.init.orthogonal_(torch.empty(4, 2), gain=2.0))
    print(nn.init.sparse_(torch.empty(5, 3), 0.4), torch.rand(2))
    p = nn.Parameter(torch.empty(3, 3))
    print(nn.init.orthogonal_(p), nn.init.xavier_uniform_(torch.empty(2, 3, 2), gain=nn.init.calculate_gain('relu')))
    print(nn.init.kaiming_normal_(torch.empty(3, 2), mode='fan_out', nonlinearity='relu'), nn.init.xavier_normal_(torch.empty(2, 2)))
    for call in (lambda: nn.init.eye_(torch.empty(3)), lambda: nn.init.dirac_(torch.empty(3, 3)), lambda: nn.init.dirac_(torch.empty(3, 2, 2), 2),
                 lambda: nn.init.orthogonal_(torch.empty(3)), lambda: nn.init.sparse_(torch.empty(2, 2, 2), 0.1)):
        try:
            call()
        except ValueError as e:
            print(e)
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        nn.init.trunc_normal_(torch.empty(2), mean=5.0)
    print([str(x.message) for x in ws])
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
