"""``torch.save`` and ``torch.load`` in torch's own zip format (``torch/serialization.py``):
``<name>/data.pkl`` (a protocol-2 pickle whose tensors are ``torch._utils.
_rebuild_tensor_v2`` calls on persistent storages), the storages as ``<name>/data/<key>``
at 64-byte aligned offsets, and torch's version records; so a file real torch saved loads
here and a file saved here loads in real torch.

Loading is always what torch calls ``weights_only``: a restricted unpickler that finds
only an allow-list of globals (torch's tensor, parameter, storage, dtype, Size and device
rebuilders, ``OrderedDict``, ``Counter``, ``set``, ``bytes``, ``complex``, and what
``add_safe_globals`` adds), so a checkpoint can never run code. Tensors that share
memory (a view and its base, the rows of one tensor) are saved as one storage with each
tensor's offset and strides, and load sharing it again, as torch's do."""
import io
import os
import pickle
import struct
import zipfile
from collections import Counter, OrderedDict

import numpy as np

from ._types import dtype as D
from ._tensor_class.core import TensorCore
from ._types.device import device
from .nn.parameter import Parameter
from ._torch_functions import legacy_checkpoint as _legacy

__all__ = ["save", "load", "add_safe_globals", "get_safe_globals", "clear_safe_globals",
           "safe_globals"]

# storage class names, as torch pickles them
_STORAGES = {"float32": "FloatStorage", "float64": "DoubleStorage", "float16": "HalfStorage",
             "int64": "LongStorage", "int32": "IntStorage", "int16": "ShortStorage",
             "int8": "CharStorage", "uint8": "ByteStorage", "bool": "BoolStorage"}
_STORAGE_DTYPES = {name: getattr(D, "bool_" if d == "bool" else d)
                   for d, name in _STORAGES.items()}
_ALIGNMENT = 64
_safe_globals = []


def _global(module, name):
    """A stand-in whose pickle is ``GLOBAL module name``."""
    return type(name, (), {"__module__": module, "_torch_global": f"{module}\n{name}\n"})


_REBUILD_TENSOR = _global("torch._utils", "_rebuild_tensor_v2")
_REBUILD_PARAMETER = _global("torch._utils", "_rebuild_parameter")
_STORAGE_GLOBALS = {d: _global("torch", name) for d, name in _STORAGES.items()}
_SIZE, _DEVICE = _global("torch", "Size"), _global("torch", "device")


class _Storage:
    """A tensor's values, saved as one storage record."""

    def __init__(self, array, dtype_name):
        self.array, self.dtype_name = array, dtype_name


def _contiguous_strides(shape):
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


class _PlainTensor:
    """The tensor inside a parameter, pickled as a plain tensor."""

    def __init__(self, t):
        self.t = t


class _Pickler(pickle._Pickler):
    """Pickles engine tensors, parameters, dtypes, sizes and devices as torch does: each
    a ``GLOBAL`` of torch's name, called on the same arguments torch's pickle holds."""

    def __init__(self, file):
        super().__init__(file, protocol=2)
        self.storages = []
        self.keys = {}          # id(array) -> its storage key (each memory saved once)

    def save(self, obj, save_persistent_id=True):
        # a number of a subclass that pickles itself as the plain number (reduces to
        # ``float, (v,)``: the tracer's numbers read from a tensor) is written as that
        # number, so torch.load's weights-only reading takes it as it takes a float
        if isinstance(obj, (int, float)) and type(obj) not in (int, float, bool):
            reduced = type(obj).__reduce__(obj)
            if reduced[0] in (int, float) and len(reduced[1]) == 1:
                obj = reduced[0](*reduced[1])
        super().save(obj, save_persistent_id)

    def persistent_id(self, obj):
        if not isinstance(obj, _Storage):
            return None
        key = self.keys.get(id(obj.array))
        if key is None:
            key = self.keys[id(obj.array)] = str(len(self.storages))
            self.storages.append((key, obj.array))
        return ("storage", _STORAGE_GLOBALS[obj.dtype_name], key, "cpu", obj.array.size)

    def reducer_override(self, obj):
        if isinstance(obj, Parameter):
            return _REBUILD_PARAMETER, (_PlainTensor(obj), obj.requires_grad, OrderedDict())
        if isinstance(obj, _PlainTensor):
            return _REBUILD_TENSOR, _tensor_args(obj.t, False)
        if isinstance(obj, TensorCore):
            return _REBUILD_TENSOR, _tensor_args(obj, obj.requires_grad)
        if isinstance(obj, D.dtype):
            return str(obj).replace("torch.", "")
        if isinstance(obj, D.Size):
            return _SIZE, (tuple(obj),)
        if isinstance(obj, device):
            return _DEVICE, (str(obj),)
        return NotImplemented

    def save_global(self, obj, name=None):
        if isinstance(obj, D.dtype):
            text = f"torch\n{name}\n"
        else:
            text = getattr(obj, "_torch_global", None)
        if text is None:
            try:
                return super().save_global(obj, name)
            except pickle.PicklingError as e:   # (in the words of torch's C pickler)
                raise pickle.PicklingError(_c_words(str(e))) from None
        self.write(pickle.GLOBAL + text.encode("utf-8"))
        self.memoize(obj)


def _c_words(message):
    """The pure-Python pickler's "Can't pickle X: it's not found as m.n" as the C pickler
    torch uses says it."""
    head, sep, where = message.rpartition(": it's not found as ")
    if not sep:
        return message
    module, _, name = where.rpartition(".")
    return f"{head}: attribute lookup {name} on {module} failed"


def _tensor_args(t, requires_grad):
    """``_rebuild_tensor_v2``'s arguments for ``t``: the memory it shares with other tensors
    as the storage, with its offset and strides there, or else its values as a new
    contiguous storage."""
    name = str(t.dtype).replace("torch.", "")
    if name not in _STORAGES:
        raise RuntimeError(f"GradStudio's engine cannot save a {t.dtype} tensor; convert it "
                           "to a float or integer dtype first.")
    shared = _in_memory(t._data)
    if shared is not None:
        root, offset, strides = shared
        return (_Storage(root, name), offset, tuple(t._data.shape), strides, requires_grad,
                OrderedDict())
    array = np.array(t._data, order="C")         # (0-d stays 0-d)
    shape = tuple(array.shape)
    return (_Storage(array.reshape(-1), name), 0, shape, _contiguous_strides(shape),
            requires_grad, OrderedDict())


def _in_memory(a):
    """``(memory, offset, strides)`` of array ``a`` in the flat array whose memory it views
    (in elements), or None when it owns no such plain memory."""
    root = a
    while isinstance(root.base, np.ndarray):
        root = root.base
    if root.dtype != a.dtype or not root.flags.c_contiguous or root.base is not None:
        return None
    size = a.itemsize
    offset, rest = divmod(a.__array_interface__["data"][0] - root.__array_interface__["data"][0],
                          size)
    if rest or offset < 0 or any(s < 0 or s % size for s in a.strides):
        return None
    return root, offset, tuple(s // size for s in a.strides)


# ----------------------------------------------------------------------------- writing
def _archive_name(f):
    if isinstance(f, (str, os.PathLike)):
        return os.path.basename(os.fspath(f)).split(".")[0]
    return "archive"


def _write_record(zf, name, data):
    """One stored zip entry whose data starts at a multiple of 64 bytes in the file, as
    torch's writer pads it (an extra field ``FB`` of filler)."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    offset = zf.fp.tell() - getattr(zf, "_start_disk", 0)
    header = 30 + len(name.encode("utf-8")) + 4
    pad = (-(offset + header)) % _ALIGNMENT
    info.extra = b"FB" + struct.pack("<H", pad) + b"Z" * pad
    zf.writestr(info, data)


def save(obj, f, pickle_module=pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Saves ``obj`` to the path or binary file ``f`` in torch's zip format."""
    if not _use_new_zipfile_serialization:
        raise RuntimeError("GradStudio's engine writes only torch's zip format; leave "
                           "_use_new_zipfile_serialization=True.")
    buf = io.BytesIO()
    pickler = _Pickler(buf)
    pickler.dump(obj)
    root = _archive_name(f)
    target = open(os.fspath(f), "wb") if isinstance(f, (str, os.PathLike)) else f
    try:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zf:
            _write_record(zf, f"{root}/data.pkl", buf.getvalue())
            _write_record(zf, f"{root}/.format_version", b"1")
            _write_record(zf, f"{root}/.storage_alignment", b"64")
            if not _disable_byteorder_record:
                _write_record(zf, f"{root}/byteorder", b"little")
            for key, array in pickler.storages:
                _write_record(zf, f"{root}/data/{key}", array.astype(
                    array.dtype.newbyteorder("<")).tobytes())
            _write_record(zf, f"{root}/version", b"3\n")
            _write_record(zf, f"{root}/.data/serialization_id",
                          str(int.from_bytes(os.urandom(16), "little")).zfill(40)[:40]
                          .encode())
    finally:
        if target is not f:
            target.close()


# ----------------------------------------------------------------------------- reading
def _refusal(full_path, weights_only):
    if not weights_only:
        return pickle.UnpicklingError(
            f"GradStudio's engine loads only tensors, state dicts and plain Python values "
            f"from a checkpoint, and this one holds {full_path}; save its state_dict() "
            "instead of the object.")
    return pickle.UnpicklingError(
        "Weights only load failed. This file can still be loaded, to do so you have two "
        "options, \033[1mdo those steps only if you trust the source of the checkpoint"
        f"\033[0m. \n\t(1) {_legacy.UNSAFE_MESSAGE}\n\t(2) Alternatively, to load with "
        "`weights_only=True` please check the recommended steps in the following error "
        "message.\n\tWeightsUnpickler error: Unsupported global: GLOBAL "
        f"{full_path} was not an allowed global by default. Please use "
        f"`torch.serialization.add_safe_globals([{full_path}])` or the "
        f"`torch.serialization.safe_globals([{full_path}])` context manager to allowlist "
        "this global if you trust this class/function.\n\nCheck the documentation of "
        "torch.load to learn more about types accepted by default with weights_only "
        "https://pytorch.org/docs/stable/generated/torch.load.html.")


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad=False,
                       backward_hooks=None, metadata=None):
    array, dtype = storage
    itemsize = array.itemsize
    view = np.lib.stride_tricks.as_strided(
        array[storage_offset:], shape=tuple(size), strides=tuple(s * itemsize for s in stride))
    if any(s == 0 for s in stride) and view.size > 1:     # (an expanded tensor: its own copy)
        view = np.array(view)
    return TensorCore._make(view, dtype, bool(requires_grad))


def _rebuild_parameter(data, requires_grad, backward_hooks=None):
    return Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = Parameter(data, requires_grad)
    for key, value in (state or {}).items():
        setattr(param, key, value)
    return param


def _allowed_globals():
    allowed = {"collections.OrderedDict": OrderedDict, "collections.Counter": Counter,
               "torch._utils._rebuild_tensor_v2": _rebuild_tensor_v2,
               "torch._utils._rebuild_parameter": _rebuild_parameter,
               "torch._utils._rebuild_parameter_with_state": _rebuild_parameter_with_state,
               "torch.nn.parameter.Parameter": Parameter, "torch.Size": D.Size,
               "torch.device": device, "_codecs.encode": _encode,
               "builtins.bytearray": bytearray, "builtins.set": set,
               "builtins.complex": complex}
    for name, dt in _STORAGE_DTYPES.items():
        allowed[f"torch.{name}"] = dt
    for dt in _STORAGE_DTYPES.values():
        allowed[str(dt)] = dt
    for obj in _safe_globals:
        allowed[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return allowed


def _encode(text, encoding="latin1"):
    return text.encode(encoding)


class _WeightsUnpickler(pickle.Unpickler):
    """Finds only allowed globals; reads storages from the archive."""

    def __init__(self, file, archive, root, weights_only, legacy_storage=None):
        super().__init__(file, encoding="utf-8")
        self.archive, self.root, self.weights_only = archive, root, weights_only
        self.legacy_storage = legacy_storage
        self.allowed = _allowed_globals()
        self.loaded = {}

    def find_class(self, module, name):
        if module == "__builtin__":          # protocol 2 spells builtins so
            module = "builtins"
        full_path = f"{module}.{name}"
        if full_path not in self.allowed:
            raise _refusal(full_path, self.weights_only)
        return self.allowed[full_path]

    def persistent_load(self, saved_id):
        if self.legacy_storage is not None and len(saved_id) == 6:
            return self.legacy_storage(saved_id)
        kind, dtype, key, location, numel = saved_id
        if kind != "storage":
            raise pickle.UnpicklingError(f"Unknown persistent id kind {kind!r} in the "
                                         "checkpoint; it cannot be read.")
        if key not in self.loaded:
            raw = self.archive.read(f"{self.root}/data/{key}")
            # (one writable array a storage: the tensors loaded from it share it)
            self.loaded[key] = np.frombuffer(raw, dtype=np.dtype(dtype.np).newbyteorder("<")
                                             ).astype(dtype.np)
        return self.loaded[key], dtype


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
         **pickle_load_args):
    """Loads what ``save`` (or real torch's ``torch.save``) wrote, unpickling nothing but
    tensors, parameters and plain values; a file that is not a zip archive is read as
    torch reads it (its legacy format, else torch's own error)."""
    _check_map_location(map_location)
    weights_only = weights_only is not False
    source = open(os.fspath(f), "rb") if isinstance(f, (str, os.PathLike)) else f
    try:
        start = source.tell()
        head = source.read(4)
        source.seek(start)
        if head != _legacy.ZIP_MAGIC:
            return _legacy.load_legacy(source, weights_only, lambda file, storage:
                                       _WeightsUnpickler(file, None, None, weights_only,
                                                         storage))
        try:
            archive = zipfile.ZipFile(source)
        except zipfile.BadZipFile:
            raise _legacy.corrupt_zip() from None
        with archive:
            return _load_archive(archive, weights_only)
    finally:
        if source is not f:
            source.close()


def _load_archive(archive, weights_only):
    pkl = next((n for n in archive.namelist() if n.endswith("/data.pkl")), None)
    if pkl is None:
        raise RuntimeError("PytorchStreamReader failed locating file data.pkl: file not found")
    root = pkl[:-len("/data.pkl")]
    return _WeightsUnpickler(io.BytesIO(archive.read(pkl)), archive, root, weights_only).load()


def _check_map_location(map_location):
    if map_location is None or callable(map_location) or isinstance(map_location, dict):
        return
    if str(map_location) not in ("cpu", "cpu:0"):
        raise RuntimeError(f"GradStudio's engine runs on the CPU only; load with "
                           f"map_location='cpu' instead of {map_location!r}.")


def add_safe_globals(safe_globals):
    """Allows these classes or functions in checkpoints loaded afterwards."""
    _safe_globals.extend(safe_globals)


def get_safe_globals():
    return list(_safe_globals)


def clear_safe_globals():
    _safe_globals.clear()


class safe_globals:
    """Allows these globals while the ``with`` block runs."""

    def __init__(self, safe_globals):
        self.safe_globals = list(safe_globals)

    def __enter__(self):
        self._before = list(_safe_globals)
        _safe_globals.extend(self.safe_globals)

    def __exit__(self, *exc):
        _safe_globals[:] = self._before
