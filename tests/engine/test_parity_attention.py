"""``nn.MultiheadAttention``, ``F.multi_head_attention_forward`` and
``F.scaled_dot_product_attention`` (issue 31): parameters drawn from the seed as PyTorch
draws them, the module's repr and state_dict keys, values, gradients and the grad_fn
graph PyTorch's Python code records, masks (bool and float, padding and causal), the
unbatched, batch_first, kdim/vdim, add_bias_kv and add_zero_attn forms, and PyTorch's
errors; a tiny self-attention model trained a few steps. Transcripts compared exactly;
the flash kernel's values (need_weights=False, 4-D scaled_dot_product_attention) go
through ``check`` (its last digit may differ: docs/engine.md)."""
import parity

P, prog = parity.table()

_WALK = """
    def walk(f, depth=0, out=None):
        out = [] if out is None else out
        if f is not None:
            out.append(' ' * depth + f.name())
            for n, _ in f.next_functions:
                walk(n, depth + 1, out)
        return out
"""

prog("mha_module_defaults", _WALK + """
    import torch.nn as nn
    torch.manual_seed(0)
    m = nn.MultiheadAttention(4, 2)
    print(m, m.out_proj, type(m.out_proj).__module__, type(m).__module__)
    print(torch.nn.modules.linear.NonDynamicallyQuantizableLinear, isinstance(m.out_proj, nn.Linear))
    print(list(m.state_dict()), [n for n, _ in m.named_parameters()])
    print(m.in_proj_weight, m.in_proj_bias, m.out_proj.weight, m.out_proj.bias)
    print(m.q_proj_weight, m.bias_k, m.head_dim, m.batch_first, m._qkv_same_embed_dim)
    x = torch.randn(3, 2, 4, requires_grad=True)
    out, w = m(x, x, x)
    print(out, w)
    print('\\n'.join(walk(out.grad_fn)))
    print('\\n'.join(walk(w.grad_fn)))
    (out.sum() + (w * torch.arange(9.).view(3, 3)).sum()).backward()
    print(x.grad, m.in_proj_weight.grad, m.in_proj_bias.grad, m.out_proj.weight.grad)
    out, w = m(x, x, x, average_attn_weights=False)
    print(w.shape, w.grad_fn.name(), w[0, 1])
""")

prog("mha_masks", _WALK + """
    import torch.nn as nn
    torch.manual_seed(1)
    m = nn.MultiheadAttention(4, 2)
    q = torch.randn(4, 2, 4)
    kv = torch.randn(5, 2, 4)
    causal = torch.ones(4, 5, dtype=torch.bool).triu(1)
    pad = torch.tensor([[False, False, False, True, True], [False] * 5])
    fmask = torch.randn(4, 5)
    for kw in (dict(attn_mask=causal), dict(key_padding_mask=pad),
               dict(attn_mask=causal, key_padding_mask=pad), dict(attn_mask=fmask),
               dict(attn_mask=fmask, key_padding_mask=pad.float() * -1e9),
               dict(attn_mask=torch.zeros(4, 4, 5, dtype=torch.bool))):
        out, w = m(q, kv, kv, **kw)
        print(sorted(kw), out, w, out.grad_fn.name())
        print('\\n'.join(walk(w.grad_fn)[:6]))
    out, w = m(q, kv, kv, attn_mask=fmask, key_padding_mask=pad)
    print(out[0])
    sq = torch.randn(4, 2, 4)
    out, w = m(sq, sq, sq, attn_mask=torch.ones(4, 4, dtype=torch.bool).triu(1), is_causal=True)
    print(out[-1], w[1])
""")

prog("mha_forms", _WALK + """
    import torch.nn as nn
    torch.manual_seed(2)
    mods = [nn.MultiheadAttention(4, 2, batch_first=True), nn.MultiheadAttention(4, 1, bias=False),
            nn.MultiheadAttention(4, 2, kdim=3, vdim=5), nn.MultiheadAttention(4, 2, add_bias_kv=True),
            nn.MultiheadAttention(4, 4, add_zero_attn=True), nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True)]
    for m in mods:
        print(m, list(m.state_dict()))
        print([(n, p.flatten()[:3]) for n, p in m.named_parameters()])
    x = torch.randn(2, 3, 4, requires_grad=True)
    out, w = mods[0](x, x, x)
    print(out, w, out.grad_fn.name(), out.grad_fn.next_functions[0][0].name())
    out.pow(2).sum().backward()
    print(x.grad)
    k, v = torch.randn(5, 2, 3), torch.randn(5, 2, 5)
    out, w = mods[2](x.transpose(0, 1), k, v)
    print(out, w)
    print('\\n'.join(walk(out.grad_fn)))
    for m in mods[1], mods[3], mods[4], mods[5]:
        y = x.transpose(0, 1)
        out, w = m(y, y, y, key_padding_mask=torch.tensor([[False, True, False], [False, False, False]]))
        print(out[0], w)
    # unbatched
    u = torch.randn(3, 4)
    out, w = mods[3](u, u, u)
    print(out, w, out.grad_fn.name(), w.grad_fn.name())
    out, w = mods[1](u, u, u, key_padding_mask=torch.tensor([False, False, True]))
    print(out, w)
    out, w = mods[5](u, u, u, attn_mask=torch.zeros(2, 3, 3))
    print(out)
""")

prog("mha_need_weights_false_and_sdpa", _WALK + """
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(3)
    m = nn.MultiheadAttention(4, 2)
    x = torch.randn(3, 2, 4, requires_grad=True)
    out, w = m(x, x, x, need_weights=False)
    print(w, out.shape, '\\n'.join(walk(out.grad_fn)))
    ref, _ = m(x, x, x)
    check(out, ref)
    out.sum().backward()
    check(x.grad, m.in_proj_weight.grad)
    q = torch.randn(2, 2, 3, 4, requires_grad=True)
    k = torch.randn(2, 2, 5, 4, requires_grad=True)
    v = torch.randn(2, 2, 5, 4, requires_grad=True)
    for kw in (dict(), dict(is_causal=True), dict(attn_mask=torch.ones(3, 5, dtype=torch.bool).tril()),
               dict(attn_mask=torch.randn(3, 5)), dict(scale=0.3)):
        r = F.scaled_dot_product_attention(q, k, v, **kw)
        print(sorted(kw), r.shape, r.grad_fn.name())
        check(r)
        q.grad = k.grad = v.grad = None
        (r * torch.arange(4.)).sum().backward()
        check(q.grad, k.grad, v.grad)
    r = F.scaled_dot_product_attention(q, k, v)
    try:
        torch.autograd.grad(torch.autograd.grad(r.sum(), q, create_graph=True)[0].sum(), q)
    except RuntimeError as e:
        print(e)
    # the composite (math) version: 3-D inputs, or dropout
    q3 = torch.randn(2, 3, 4, requires_grad=True)
    r = F.scaled_dot_product_attention(q3, q3, q3, attn_mask=torch.randn(3, 3))
    print(r, '\\n'.join(walk(r.grad_fn)))
    r.sum().backward()
    print(q3.grad)
    r = F.scaled_dot_product_attention(q3, q3, q3, is_causal=True)
    print(r)
    r = F.scaled_dot_product_attention(q, k, v, dropout_p=0.5)
    print(r, r.grad_fn.name())
    with torch.no_grad():
        print(F.scaled_dot_product_attention(q, k, v).grad_fn)
    out, w = m(x, x, x, need_weights=False, attn_mask=torch.ones(3, 3, dtype=torch.bool).triu(1), is_causal=True)
    check(out, m(x, x, x, attn_mask=torch.ones(3, 3, dtype=torch.bool).triu(1))[0])
""")

prog("mha_functional", """
    import torch.nn.functional as F
    torch.manual_seed(4)
    q = torch.randn(3, 2, 4, requires_grad=True)
    w_in, b_in = torch.randn(12, 4, requires_grad=True), torch.randn(12)
    w_out, b_out = torch.randn(4, 4), torch.randn(4)
    out, w = F.multi_head_attention_forward(q, q, q, 4, 2, w_in, b_in, None, None, False, 0.0, w_out, b_out)
    print(out.grad_fn.name(), w)
    check(out)   # (the packed projection's 12 outputs: MKL's order, docs/engine.md)
    out.sum().backward()
    print(q.grad)
    check(w_in.grad)
    k = torch.randn(5, 2, 4)
    out, w = F.multi_head_attention_forward(q, k, k, 4, 2, w_in, b_in, None, None, False, 0.0, w_out, b_out,
                                            average_attn_weights=False)
    print(out, w.shape, w[1, 1])
    out, w = F.multi_head_attention_forward(q, k, k, 4, 2, w_in, b_in, None, None, False, 0.5, w_out, b_out)
    print(out, w)
    out, w = F.multi_head_attention_forward(q, k, k, 4, 2, w_in, b_in, None, None, False, 0.5, w_out, b_out, training=False)
    print(out[0])
    sk, sv = torch.randn(4, 5, 2), torch.randn(4, 5, 2)
    out, w = F.multi_head_attention_forward(q, k, k, 4, 2, w_in, b_in, None, None, False, 0.0, w_out, b_out,
                                            static_k=sk, static_v=sv)
    print(out[1], w)
""")

prog("mha_errors_and_warnings", """
    import torch.nn as nn
    import torch.nn.functional as F
    for make in (lambda: nn.MultiheadAttention(5, 2), lambda: nn.MultiheadAttention(0, 2),
                 lambda: nn.MultiheadAttention(4, -1)):
        try:
            make()
        except (AssertionError, ValueError) as e:
            print(type(e).__name__, e)
    m = nn.MultiheadAttention(4, 2)
    x = torch.randn(3, 2, 4)
    calls = [lambda: m(torch.randn(3, 2, 5), torch.randn(3, 2, 5), torch.randn(3, 2, 5)),
             lambda: m(x, x[0], x[0]), lambda: m(torch.randn(4), torch.randn(4), torch.randn(4)),
             lambda: m(torch.randn(2, 4), x, x), lambda: m(x, torch.randn(3, 2, 4), torch.randn(2, 2, 4)),
             lambda: m(x, x, x, attn_mask=torch.zeros(2, 3)), lambda: m(x, x, x, attn_mask=torch.zeros(3, 3, 3)),
             lambda: m(x, x, x, attn_mask=torch.zeros(3)), lambda: m(x, x, x, key_padding_mask=torch.zeros(3, 3)),
             lambda: m(x, x, x, key_padding_mask=torch.zeros(2)), lambda: m(x, x, x, attn_mask=torch.zeros(3, 3, dtype=torch.long)),
             lambda: m(x, x, x, is_causal=True), lambda: m(x[:, 0], x[:, 0], x[:, 0], attn_mask=torch.zeros(3, 3, 3)),
             lambda: F.multi_head_attention_forward(x, x, x, 4, 2, None, None, None, None, False, 0.0, m.out_proj.weight, None),
             lambda: F.scaled_dot_product_attention(torch.randn(2, 3, 4), torch.randn(2, 3, 4, dtype=torch.float64), torch.randn(2, 3, 4)),
             lambda: F.scaled_dot_product_attention(torch.randn(3, 4), torch.randn(3, 4), torch.randn(3, 4), attn_mask=torch.zeros(3, 3), is_causal=True)]
    for call in calls:
        try:
            out, w = call()
            print(out.shape, None if w is None else w.shape)
        except (AssertionError, RuntimeError) as e:
            print(type(e).__name__, e)
    out, w = m(x, x, x, attn_mask=torch.zeros(3, 3, dtype=torch.bool), key_padding_mask=torch.zeros(2, 3))
    print(w)
""")

prog("tiny_self_attention_trained", """
    import torch
    import torch.nn as nn
    torch.manual_seed(5)
    # which of four tokens is the largest? a one-layer self-attention classifier
    X = torch.randn(16, 4, 3)
    y = X[:, :, 0].argmax(1)
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Linear(3, 8)
            self.attn = nn.MultiheadAttention(8, 2, batch_first=True)
            self.head = nn.Linear(8, 4)
        def forward(self, x):
            h = self.embed(x)
            a, w = self.attn(h, h, h)
            return self.head((h + a).mean(1)), w
    model = Model()
    print(model)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(5):
        logits, w = model(X)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss)
        check(loss)   # (12 and 24 outputs of the projections: MKL's order, docs/engine.md)
    print(w[0], model.attn.out_proj.bias)
    check(model.attn.in_proj_weight.grad)
    model.train(False)
    with torch.no_grad():     # (PyTorch's fast path: docs/engine.md)
        logits, w = model(X[:2])
    print(logits.shape, w.shape, logits.grad_fn, w.grad_fn)
    check(logits, w)
""")

prog("bmm_adds_in_torchs_order", """
    torch.manual_seed(6)
    # (the attention scores' products: ATen's kernel adds one k after another below
    # K * M * N = 400; full digits through tolist)
    for b, m, k, n in ((2, 3, 2, 5), (4, 3, 7, 3), (1, 5, 8, 4), (3, 4, 5, 6)):
        x, y = torch.randn(b, m, k, requires_grad=True), torch.randn(b, k, n, requires_grad=True)
        z = torch.bmm(x, y)
        print(z.tolist())
        z.backward(torch.randn(b, m, n))
        print(x.grad.tolist(), y.grad.tolist())
""")

prog("attention_gradcheck", """
    import torch.nn.functional as F
    torch.manual_seed(7)
    q = torch.randn(2, 2, 3, 4, dtype=torch.float64, requires_grad=True)
    k = torch.randn(2, 2, 5, 4, dtype=torch.float64, requires_grad=True)
    v = torch.randn(2, 2, 5, 4, dtype=torch.float64, requires_grad=True)
    for kw in ({}, {'is_causal': True}, {'attn_mask': torch.randn(3, 5, dtype=torch.float64)},
               {'attn_mask': torch.ones(3, 5, dtype=torch.bool).tril()}, {'scale': 0.3}):
        f = lambda q, k, v: F.scaled_dot_product_attention(q, k, v, **kw)
        print(sorted(kw), f(q, k, v).grad_fn.name(), torch.autograd.gradcheck(f, (q, k, v)))
    mha = torch.nn.MultiheadAttention(4, 2, dtype=torch.float64)
    x = torch.randn(3, 2, 4, dtype=torch.float64, requires_grad=True)
    mask = torch.randn(3, 3, dtype=torch.float64)
    f = lambda x: mha(x, x, x, attn_mask=mask)[0]
    print(torch.autograd.gradcheck(f, (x,)), torch.autograd.gradgradcheck(f, (x,)))
""")

prog("baddbmm_as_a_student_calls_it", """
    torch.manual_seed(0)
    s = torch.randn(3, 3, requires_grad=True); a = torch.randn(2, 3, 4, requires_grad=True)
    b = torch.randn(2, 4, 3, requires_grad=True)
    o = torch.baddbmm(s, a, b, beta=0.5, alpha=2.0); print(o, o.grad_fn)
    o.sum().backward(); print(s.grad, a.grad, b.grad)
    print(s.detach().expand(2, 3, 3).baddbmm(a, b), torch.baddbmm(torch.zeros(2, 3, 3), a, b, beta=0).grad_fn)
    z = torch.zeros(2, 3, 3); z.baddbmm_(a.detach(), b.detach()); print(z, z._version)
    print(torch.baddbmm(torch.ones(3, 3, dtype=torch.long), torch.ones(2, 3, 4, dtype=torch.long), torch.ones(2, 4, 3, dtype=torch.long)))
    for bad in ("torch.baddbmm(s, a[0], b)", "torch.baddbmm(s, a, b[:, :3])", "torch.baddbmm(s, a, b.double())",
                "torch.baddbmm(torch.ones(2, 3), a, b)"):
        try: print(eval(bad))
        except Exception as e: print(bad, type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
