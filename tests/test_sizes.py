"""Classes a contributor can hold in mind: no class of the package is longer than
``MAX_CLASS`` lines and no function (method, nested function) longer than
``MAX_FUNCTION``, except the few listed in ``ALLOWED``, each with its reason. A new long
one fails here: split it by responsibility, or cut it into named steps."""
import ast
import pathlib
import gradstudio

from source_trees import parsed

ROOT = pathlib.Path(gradstudio.__file__).resolve().parent      # (installed or not)
MAX_CLASS = 400
MAX_FUNCTION = 60

# "path:qualified name" -> why it may stay long for now. Keep it short: an entry that is no
# longer too long fails too (``test_every_allowed_one_is_still_too_long``).
ALLOWED = {
    "engine/_autograd/engine.py:run_backward":
        "the backward pass's hot loop, one frame on purpose (issue 30 allows a hot loop)",
    "engine/_ops/dispatch.py:apply": "every op's one path (check, forward, record): hot",
    "engine/_ops/dispatch.py:record": "records every op's node: hot",
    "engine/_autograd/node_vjps.py:_vjps":
        "every node's gradients in the backward pass, one frame on purpose: hot",
    "engine/_ops/fast.py:_binary_method":
        "the fast path of ``a * b`` and friends, tensor and node made inline: hot",
    "engine/_ops/fast.py:_binary_method.method":
        "the fast path of ``a * b`` and friends, one frame on purpose (issue 35): hot",
}


def too_long(root):
    """``{"path:qualified name": lines}`` for every class over ``MAX_CLASS`` lines and
    every function over ``MAX_FUNCTION`` (decorators not counted) under ``root``."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()

        def walk(node, prefix):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    name = prefix + child.name
                    lines = child.end_lineno - child.lineno + 1
                    limit = MAX_CLASS if isinstance(child, ast.ClassDef) else MAX_FUNCTION
                    if lines > limit:
                        found[f"{rel}:{name}"] = lines
                    walk(child, name + ".")
                else:
                    walk(child, prefix)
        walk(parsed(path), "")
    return found


def test_no_class_or_function_is_too_long():
    over = {k: v for k, v in too_long(ROOT).items() if k not in ALLOWED}
    assert not over, f"too long (classes > {MAX_CLASS} lines, functions > {MAX_FUNCTION}): {over}"


def test_every_allowed_one_is_still_too_long():
    """An entry of ``ALLOWED`` that was shortened (or renamed) comes off the list."""
    found = too_long(ROOT)
    assert sorted(k for k in ALLOWED if k not in found) == []


def test_the_checker_sees_a_planted_long_class_and_function(tmp_path):
    body = "".join(f"        x{i} = {i}\n" for i in range(MAX_FUNCTION))
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "big.py").write_text(
        "class Small:\n    def fine(self):\n        return 1\n\n\n"
        "class Big:\n    def long(self):\n" + body + "".join(
            f"    def m{i}(self):\n        return {i}\n\n" for i in range(MAX_CLASS // 3)))
    assert too_long(tmp_path) == {"ui/big.py:Big": 2 + MAX_FUNCTION + 3 * (MAX_CLASS // 3) - 1,
                                  "ui/big.py:Big.long": MAX_FUNCTION + 1}
