"""The nested containers ``torch.func`` maps over (PyTorch's pytrees): tuples, lists,
dicts and namedtuples of leaves; anything else (a tensor, a number, None) is a leaf."""

__all__ = ["tree_flatten", "tree_unflatten", "tree_map", "broadcast_prefix", "Spec"]


class Spec:
    """The shape of a tree: its container type and children's specs (a leaf: None)."""
    __slots__ = ("kind", "keys", "children", "num_leaves")

    def __init__(self, kind, keys, children):
        self.kind, self.keys, self.children = kind, keys, children
        self.num_leaves = 1 if kind is None else sum(c.num_leaves for c in children)

    def __eq__(self, other):
        return (isinstance(other, Spec) and self.kind == other.kind and
                self.keys == other.keys and self.children == other.children)

    def __repr__(self, indent=0):
        # PyTorch's ``TreeSpec`` repr: ``TreeSpec(tuple, None, [*, *])``
        if self.kind is None:
            return "*"
        ctx = self.keys if self.kind is dict else self.kind if self.kind not in (tuple, list) \
            else None
        kids = ""
        if self.children:
            indent += 2
            kids = self.children[0].__repr__(indent)
            kids += "," if len(self.children) > 1 else ""
            kids += ",".join("\n" + " " * indent + c.__repr__(indent)
                             for c in self.children[1:])
        return f"TreeSpec({self.kind.__name__}, {ctx}, [{kids}])"


_LEAF = Spec(None, None, ())


def _children(tree):
    t = type(tree)
    if t is tuple or t is list:
        return t, None, list(tree)
    if isinstance(tree, dict):
        return dict, list(tree), list(tree.values())
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):
        return t, None, list(tree)
    return None, None, None


def tree_flatten(tree):
    """``(leaves, spec)``."""
    leaves = []

    def walk(x):
        kind, keys, kids = _children(x)
        if kind is None:
            leaves.append(x)
            return _LEAF
        return Spec(kind, keys, [walk(k) for k in kids])
    return leaves, walk(tree)


def tree_unflatten(leaves, spec):
    it = iter(leaves)

    def build(s):
        if s.kind is None:
            return next(it)
        kids = [build(c) for c in s.children]
        if s.kind is dict:
            return dict(zip(s.keys, kids))
        if s.kind is tuple or s.kind is list:
            return s.kind(kids)
        return s.kind(*kids)      # a namedtuple
    return build(spec)


def tree_map(fn, tree):
    leaves, spec = tree_flatten(tree)
    return tree_unflatten([fn(x) for x in leaves], spec)


def broadcast_prefix(prefix, spec):
    """The leaves of ``prefix`` repeated over the subtrees of ``spec`` they stand for (an
    ``in_dims`` of ``(0, None)`` for ``(x, {"w": w, "b": b})``), or None if ``prefix`` is
    not a prefix of the tree."""
    out = []

    def walk(p, s):
        kind, keys, kids = _children(p)
        if kind is None:
            out.extend([p] * s.num_leaves)
            return True
        if s.kind is None or kind is not s.kind or len(kids) != len(s.children):
            return False
        if kind is dict and set(keys) != set(s.keys):
            return False
        if kind is dict:
            kids = [p[k] for k in s.keys]
        return all(walk(k, c) for k, c in zip(kids, s.children))
    return out if walk(prefix, spec) else None
