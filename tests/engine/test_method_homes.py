"""Tensor's methods are ``def``s of their mixins: go-to-definition (and ``inspect``,
``help()``) lands on ``lt`` itself, in the module that holds its group, not on a closure
made by a factory and assigned in a loop."""
import inspect
from pathlib import Path

import pytest

from gradstudio.engine import Tensor
from gradstudio.engine._tensor_class.arith import ArithmeticMixin
from gradstudio.engine._tensor_class.dtype_conversion import DtypeConversionMixin
from gradstudio.engine._tensor_class.inplace import InplaceMixin

HOMES = [
    ("lt", "arith", "ArithmeticMixin.lt"), ("__lt__", "arith", "ArithmeticMixin.__lt__"),
    ("eq", "arith", "ArithmeticMixin.eq"), ("add", "arith", "ArithmeticMixin.add"),
    ("__add__", "arith", "ArithmeticMixin.__add__"), ("exp", "arith", "ArithmeticMixin.exp"),
    ("bitwise_and", "arith", "ArithmeticMixin.bitwise_and"),
    ("clamp_min", "arith", "ArithmeticMixin.clamp_min"),
    ("float", "dtype_conversion", "DtypeConversionMixin.float"),
    ("to", "dtype_conversion", "DtypeConversionMixin.to"),
    ("new_zeros", "dtype_conversion", "DtypeConversionMixin.new_zeros"),
    ("add_", "inplace", "InplaceMixin.add_"), ("exp_", "inplace", "InplaceMixin.exp_"),
    ("clamp_max_", "inplace", "InplaceMixin.clamp_max_"),
]


@pytest.mark.parametrize("name, module, qualname", HOMES, ids=[h[0] for h in HOMES])
def test_a_method_is_found_where_it_is_written(name, module, qualname):
    method = getattr(Tensor, name)
    assert method.__qualname__ == qualname
    assert Path(inspect.getsourcefile(method)).stem == module
    assert inspect.getsource(method).lstrip().startswith(f"def {name}(")


@pytest.mark.parametrize("cls", [ArithmeticMixin, DtypeConversionMixin, InplaceMixin],
                         ids=lambda c: c.__name__)
def test_no_method_of_these_mixins_is_a_closure(cls):
    """Every function of the class is one of its own ``def``s (an alias such as
    ``multiply = mul`` is the same function under a second name)."""
    made_elsewhere = sorted(name for name, value in vars(cls).items() if inspect.isfunction(
        inspect.unwrap(value)) and not inspect.unwrap(value).__qualname__.startswith(
            cls.__name__ + "."))
    assert made_elsewhere == []
