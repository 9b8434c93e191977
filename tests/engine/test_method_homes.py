"""Tensor's methods are ``def``s of their mixins: go-to-definition (and ``inspect``,
``help()``) lands on ``lt`` itself, in the module that holds its group, not on a closure
made by a factory and assigned in a loop."""
import ast
import inspect
from pathlib import Path

import pytest

import gradstudio.engine
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


def _assignments_to_mixins(source):
    """``line: text`` of each statement that sets an attribute of a ``...Mixin`` class from
    outside its body (``XMixin.a = f`` or ``setattr(XMixin, ...)``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else []
        flat = [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
        if any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
               and t.value.id.endswith("Mixin") for t in flat):
            found.append(f"{node.lineno}: {ast.unparse(node)[:60]}")
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr" and \
                isinstance(node.args[0], ast.Name) and node.args[0].id.endswith("Mixin"):
            found.append(f"{node.lineno}: {ast.unparse(node)[:60]}")
    return found


def test_the_method_modules_set_no_mixin_attribute_from_outside_its_class():
    """Only the binder of the op table's ``variants`` (which derives methods from the
    records, also from ops defined later) adds methods to a class from outside."""
    engine = Path(gradstudio.engine.__file__).parent
    files = sorted((engine / "_tensor_class").glob("*.py")) + [
        engine / "_torch_functions" / "sampling.py"]
    found = {f.name: _assignments_to_mixins(f.read_text()) for f in files
             if f.name != "variants.py"}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_assignment_finder_sees_a_planted_one():
    source = "class AMixin:\n    pass\n\nAMixin.lt = f\nAMixin.a, b = g, h\nsetattr(AMixin, 'x', 1)\n"
    assert [line.split(":")[0] for line in _assignments_to_mixins(source)] == ["4", "5", "6"]
