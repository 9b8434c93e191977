"""The error for a name the engine's ``torch`` does not have: ``torch.nn.Foo`` says, in
GradStudio's words and under torch's module name, that the engine does not have it yet,
never the engine's own module path (which means nothing to the program's author).

``missing(module_name)`` is a module's ``__getattr__``: an ``AttributeError`` for
``torch.nn.Foo`` and ``getattr``/``hasattr`` (its ``obj`` and ``name`` are the module and
the name, for the tracer), an ``ImportError`` for ``from torch.nn import Foo`` (Python
would otherwise build one naming the engine's file)."""
import dis
import sys

__all__ = ["public_name", "missing", "BFLOAT16"]

BFLOAT16 = ("GradStudio's engine has no bfloat16 tensors, since numpy has no bfloat16 type; "
            "use torch.float16 or torch.float32 instead.")
# names the engine refuses for good, in words of their own
_NEVER = {"torch.bfloat16": BFLOAT16}

_IMPORT_FROM = dis.opmap["IMPORT_FROM"]


def public_name(module_name):
    """``torch.nn`` for ``gradstudio.engine.nn`` (private parts dropped)."""
    if not module_name.startswith("gradstudio.engine"):
        return module_name
    return "torch" + module_name[len("gradstudio.engine"):].replace("._", ".")


def _importing(frame):
    """Whether ``frame`` is running ``from <module> import <name>``."""
    try:
        return frame.f_code.co_code[frame.f_lasti] == _IMPORT_FROM
    except (IndexError, AttributeError):
        return False


def missing(module_name, lookup=None):
    """A module ``__getattr__`` for the module named ``module_name``; ``lookup(name)``
    first (the names a module serves itself, e.g. the op table's functions), when given."""
    public = public_name(module_name)

    def __getattr__(name):
        if lookup is not None:
            found = lookup(name)
            if found is not None:
                return found
        module = sys.modules.get(module_name)
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(f"module '{public}' has no attribute '{name}'", name=name,
                                 obj=module)
        sub = sys.modules.get(f"{public}.{name}")
        if sub is not None:              # (a submodule Python would find there)
            return sub
        text = _NEVER.get(f"{public}.{name}",
                          f"GradStudio's engine does not have {public}.{name} yet")
        if _importing(sys._getframe(1)):
            raise ImportError(f"cannot import name '{name}' from '{public}': {text}",
                              name=public)
        raise AttributeError(f"module '{public}' has no attribute '{name}': {text}",
                             name=name, obj=module)
    return __getattr__
