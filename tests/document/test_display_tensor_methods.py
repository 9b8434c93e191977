"""A notebook cell ending in a tensor's method not called (``loss.item``, ``x.backward``)
shows what Jupyter shows under PyTorch: ``<function Tensor.item>`` for the methods torch
writes in C, ``<bound method Tensor.backward of tensor(...)>`` for those it writes in
Python (``display_text``; it showed the engine's own mixin, ``<bound method
ConversionMixin.item of ...>``). Torch with IPython's ``pretty`` is the oracle."""
import re

import pytest
import script_runner

CASES = """
x = torch.tensor([1.0, 2.0], requires_grad=True)
p = torch.nn.Parameter(torch.ones(1))
for v in (x.item, x.sum, x.size, x.backward, x.register_hook, x.norm, p.sum, p.backward,
          [x.mean, x.add_], (p.detach, 1), torch.nn.Linear(1, 1).forward):
    print(show(v))
"""


def test_a_tensors_method_displays_as_jupyter_shows_it_under_torch():
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    (want, error), = script_runner.run_scripts(
        ["import torch\nfrom IPython.lib.pretty import pretty as show\n" + CASES])
    assert error is None, error
    (got, error), = script_runner.run_scripts(
        ["import torch\nfrom gradstudio.trace.display import display_text as show\n" + CASES],
        backend="engine")
    assert error is None, error
    address = re.compile(r"0x[0-9a-f]+")
    assert address.sub("0x?", got) == address.sub("0x?", want)
