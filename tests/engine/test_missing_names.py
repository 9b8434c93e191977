"""A name the engine's ``torch`` does not have says so in GradStudio's words under torch's
module name, never the engine's own module path: ``torch.nn.Foo`` (an AttributeError, so
``hasattr`` and ``getattr(..., default)`` still work) and ``from torch.nn import Foo`` (an
ImportError). Runs with the engine installed as ``torch``, as a student's program does."""
import parity


def _run(code):
    """What ``code`` prints, run to its end in a fresh fork of the engine runner."""
    return parity.engine_prints(code).splitlines()


def test_missing_attribute_names_torchs_module_not_the_engines():
    out = _run("""
        import sys
        import gradstudio.engine as engine
        sys.modules.update(engine.torch_modules())
        import torch
        for name in ("torch.nn.Foo", "torch.Foo", "torch.nn.functional.foo",
                     "torch.linalg.foo", "torch.optim.Foo", "torch.nn.init.foo",
                     "torch.autograd.foo", "torch.optim.lr_scheduler.Foo"):
            try:
                eval(name)
            except AttributeError as e:
                print(type(e).__name__, e, e.name)
        print(hasattr(torch.nn, "Foo"), getattr(torch.nn, "Foo", 3), hasattr(torch.nn, "Linear"))
    """)
    assert out[:8] == [
        f"AttributeError module '{mod}' has no attribute '{name}': GradStudio's engine does "
        f"not have {mod}.{name} yet {name}"
        for mod, name in (("torch.nn", "Foo"), ("torch", "Foo"), ("torch.nn.functional", "foo"),
                          ("torch.linalg", "foo"), ("torch.optim", "Foo"),
                          ("torch.nn.init", "foo"), ("torch.autograd", "foo"),
                          ("torch.optim.lr_scheduler", "Foo"))]
    assert out[8] == "False 3 True"
    assert not any("gradstudio" in line for line in out)


def test_missing_import_names_torchs_module_not_the_engines_file():
    out = _run("""
        import sys
        import gradstudio.engine as engine
        sys.modules.update(engine.torch_modules())
        try:
            from torch.nn import Foo
        except ImportError as e:
            print(type(e).__name__, e)
        try:
            from torch.nn.functional import foo
        except ImportError as e:
            print(type(e).__name__, e)
        from torch.nn import Linear, functional
        from torch.utils.data import DataLoader
        print(Linear.__name__, DataLoader.__name__)
    """)
    assert out == [
        "ImportError cannot import name 'Foo' from 'torch.nn': GradStudio's engine does not "
        "have torch.nn.Foo yet",
        "ImportError cannot import name 'foo' from 'torch.nn.functional': GradStudio's engine "
        "does not have torch.nn.functional.foo yet",
        "Linear DataLoader"]


def test_bfloat16_is_refused_in_one_sentence():
    out = _run("""
        import sys
        import gradstudio.engine as engine
        sys.modules.update(engine.torch_modules())
        import torch
        try:
            torch.bfloat16
        except AttributeError as e:
            print(type(e).__name__, e)
        try:
            torch.ones(2).bfloat16()
        except NotImplementedError as e:
            print(type(e).__name__, e)
        print(hasattr(torch, "bfloat16"))
    """)
    text = ("GradStudio's engine has no bfloat16 tensors, since numpy has no bfloat16 type; "
            "use torch.float16 or torch.float32 instead.")
    assert out == [f"AttributeError module 'torch' has no attribute 'bfloat16': {text}",
                   f"NotImplementedError {text}", "False"]


def test_a_program_ended_by_an_uncaught_exception_fails_as_its_exit_status_did():
    """(``parity.engine_prints``, which these checks run in, stands for a new interpreter
    whose non-zero exit failed them.)"""
    import pytest
    with pytest.raises(AssertionError, match="ValueError: 3"):
        parity.engine_prints("print(1)\nraise ValueError(3)")
    assert parity.engine_prints("print(1)") == "1\n"
