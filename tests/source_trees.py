"""The package's source files parsed once a session, for the tests that read them (the
layers, the sizes, the collector's policy, the change signals, the optimizers'
observation): each of them parsed all 424 files again, about 0.6 s of CPU a time (issue
30). ``parsed(path)`` is the module's tree, the same object for every caller while the
file is unchanged: callers read it and never change it."""
import ast
import functools
import os


def parsed(path):
    """``ast.parse`` of the file at ``path`` (UTF-8), shared: do not modify the tree."""
    st = os.stat(path)
    return _parsed(os.fspath(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=None)
def _parsed(path, mtime_ns, size):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), filename=path)
