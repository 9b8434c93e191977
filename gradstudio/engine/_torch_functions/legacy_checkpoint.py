"""``torch.load`` of a file that is not a zip archive, as torch 2.13 reads it: its legacy
format (``torch.save(..., _use_new_zipfile_serialization=False)``: a magic number, a
protocol version and the system's sizes, each pickled, then the object, then the storage
keys and each storage's bytes), and, for anything else (a text file, an empty file, a
plain pickle), the very error torch's reading raises there. The header is read as torch's
weights-only unpickler reads it (``torch._weights_only_unpickler``: its opcodes, so its
errors: ``Unsupported operand 104``, a ``KeyError`` for a memo it never wrote, ``EOFError``
at the end), or, with ``weights_only=False``, by Python's own unpickler (which finds no
global here)."""
import _compat_pickle
import io
import pickle
import struct
import warnings
from pickle import UnpicklingError

import numpy as np

__all__ = ["ZIP_MAGIC", "corrupt_zip", "load_legacy", "weights_only_message"]

ZIP_MAGIC = b"PK\x03\x04"
MAGIC_NUMBER = 0x1950a86a20f9469cfc6c
PROTOCOL_VERSION = 1001
UNSAFE_MESSAGE = (
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in "
    "`torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` set to "
    "`False` will likely succeed, but it can result in arbitrary code execution. Do it only "
    "if you got the file from a trusted source.")
DOCS_MESSAGE = ("\n\nCheck the documentation of torch.load to learn more about types accepted "
                "by default with weights_only "
                "https://pytorch.org/docs/stable/generated/torch.load.html.")


def corrupt_zip():
    return RuntimeError(
        "PytorchStreamReader failed reading zip archive: failed finding central directory. "
        "This is an internal miniz error. If you are seeing this error, there is a high "
        "likelihood that your checkpoint file is corrupted. This can happen if the checkpoint "
        "was not saved properly, was transferred incorrectly, or the file was modified after "
        "saving.")


def weights_only_message(message):
    """torch.load's words around an error of its weights-only unpickler."""
    if "was not an allowed global by default." in message:
        return ("Weights only load failed. This file can still be loaded, to do so you have "
                "two options, \033[1mdo those steps only if you trust the source of the "
                f"checkpoint\033[0m. \n\t(1) {UNSAFE_MESSAGE}\n\t(2) Alternatively, to load "
                "with `weights_only=True` please check the recommended steps in the following "
                "error message.\n\tWeightsUnpickler error: " + message + DOCS_MESSAGE)
    return (f"Weights only load failed. {UNSAFE_MESSAGE}\nPlease file an issue with the "
            "following so that we can make `weights_only=True` compatible with your use "
            "case: WeightsUnpickler error: \n\n" + message + DOCS_MESSAGE)


class _HeaderReader:
    """torch's weights-only unpickler for the plain values of the legacy header (numbers,
    strings, lists, tuples, dicts): an opcode it has no branch for fails as torch's does."""

    def __init__(self, f):
        self.read, self.readline = f.read, f.readline
        self.stack, self.metastack, self.memo = [], [], {}

    def load(self):
        while True:
            key = self.read(1)
            if not key:
                raise EOFError
            done, value = self._step(key[0])
            if done:
                return value

    def _pop_mark(self):
        items, self.stack = self.stack, self.metastack.pop()
        return items

    def _step(self, op):    # noqa: C901 (one branch an opcode, as torch's)
        read, stack = self.read, self.stack
        simple = {0x4e: None, 0x89: False, 0x88: True, 0x29: (), 0x5d: [], 0x7d: {}}
        if op in simple:
            value = simple[op]
            stack.append(type(value)() if isinstance(value, (list, dict)) else value)
        elif op == 0x4a:                       # BININT
            stack.append(struct.unpack("<i", read(4))[0])
        elif op == 0x4b:                       # BININT1
            stack.append(read(1)[0])
        elif op == 0x4d:                       # BININT2
            stack.append(struct.unpack("<H", read(2))[0])
        elif op == 0x47:                       # BINFLOAT
            stack.append(struct.unpack(">d", read(8))[0])
        elif op == 0x8a:                       # LONG1
            stack.append(int.from_bytes(read(read(1)[0]), "little", signed=True))
        elif op == 0x58:                       # BINUNICODE
            stack.append(str(read(struct.unpack("<I", read(4))[0]), "utf-8", "surrogatepass"))
        elif op == 0x55:                       # SHORT_BINSTRING
            stack.append(read(read(1)[0]).decode("ASCII", "strict"))
        elif op in (0x68, 0x6a):               # BINGET, LONG_BINGET
            stack.append(self.memo[(read(1) if op == 0x68 else struct.unpack("<I", read(4)))[0]])
        elif op in (0x71, 0x72):               # BINPUT, LONG_BINPUT
            self.memo[(read(1) if op == 0x71 else struct.unpack("<I", read(4)))[0]] = stack[-1]
        else:
            return self._structure(op)
        return False, None

    def _structure(self, op):
        stack = self.stack
        if op == 0x28:                         # MARK
            self.metastack.append(stack)
            self.stack = []
        elif op == 0x74:                       # TUPLE
            self.stack.append(tuple(self._pop_mark()))
        elif op in (0x85, 0x86, 0x87):         # TUPLE1..3
            n = op - 0x84
            stack[-n:] = [tuple(stack[-n:])]
        elif op == 0x61:                       # APPEND
            item = stack.pop()
            stack[-1].append(item)
        elif op == 0x65:                       # APPENDS
            items = self._pop_mark()
            self.stack[-1].extend(items)
        elif op == 0x73:                       # SETITEM
            value, key = stack.pop(), stack.pop()
            stack[-1][key] = value
        elif op == 0x75:                       # SETITEMS
            items = self._pop_mark()
            for i in range(0, len(items), 2):
                self.stack[-1][items[i]] = items[i + 1]
        elif op == 0x80:                       # PROTO
            proto = self.read(1)[0]
            if proto != 2:
                warnings.warn(
                    f"Detected pickle protocol {proto} in the checkpoint, which was not the "
                    "default pickle protocol used by `torch.load` (2). The weights_only "
                    "Unpickler might not support all instructions implemented by this "
                    "protocol, please file an issue for adding support if you encounter this.",
                    stacklevel=4)
        elif op == 0x2e:                       # STOP
            return True, stack.pop()
        elif op == 0x63:                       # GLOBAL
            path = _global_path(self.readline()[:-1].decode("utf-8"),
                                self.readline()[:-1].decode("utf-8"))
            raise UnpicklingError(
                f"Unsupported global: GLOBAL {path} was not an allowed global by default. "
                f"Please use `torch.serialization.add_safe_globals([{path}])` or the "
                f"`torch.serialization.safe_globals([{path}])` context manager to allowlist "
                "this global if you trust this class/function.")
        else:
            raise UnpicklingError(f"Unsupported operand {op}")
        return False, None


def _global_path(module, name):
    """A GLOBAL's name as torch writes it in its refusal: Python 2's names mapped to
    Python 3's, and ``builtins.`` left out."""
    if (module, name) in _compat_pickle.NAME_MAPPING:
        module, name = _compat_pickle.NAME_MAPPING[(module, name)]
    elif module in _compat_pickle.IMPORT_MAPPING:
        module = _compat_pickle.IMPORT_MAPPING[module]
    path = f"{module}.{name}"
    return path[len("builtins."):] if path.startswith("builtins.") else path


class _NoGlobals(pickle.Unpickler):
    def find_class(self, module, name):
        raise UnpicklingError(f"GradStudio's engine reads no global ({module}.{name}) from a "
                              "file that is not a zip checkpoint.")


def _header_value(f, weights_only):
    if weights_only:
        try:
            return _HeaderReader(f).load()
        except UnpicklingError as e:
            raise UnpicklingError(weights_only_message(str(e))) from None
    return _NoGlobals(f).load()


def load_legacy(f, weights_only, unpickler_class):
    """The object a legacy checkpoint holds; ``unpickler_class(file, legacy_storage)`` is
    the archive's unpickler, reading storages through ``legacy_storage(saved_id)``."""
    if _header_value(f, weights_only) != MAGIC_NUMBER:
        raise RuntimeError("Invalid magic number; corrupt file?")
    version = _header_value(f, weights_only)
    if version != PROTOCOL_VERSION:
        raise RuntimeError(f"Invalid protocol version: {version}")
    _header_value(f, weights_only)                     # (the system's sizes)
    storages = {}

    def legacy_storage(saved_id):
        _, dtype, key, _location, numel, view = saved_id
        if key not in storages:
            storages[key] = (np.zeros(numel, dtype.np), dtype)
        if view is not None:
            raise UnpicklingError("GradStudio's engine cannot read a storage view of a legacy "
                                  "checkpoint; save it again with torch.save.")
        return storages[key]
    result = unpickler_class(f, legacy_storage).load()
    for key in _header_value(f, weights_only):
        array, dtype = storages[key]
        (numel,) = struct.unpack("<q", f.read(8))
        raw = f.read(numel * array.itemsize)
        array[:] = np.frombuffer(raw, np.dtype(dtype.np).newbyteorder("<"))
    return result


def is_stream(f):
    return isinstance(f, io.IOBase) or hasattr(f, "read")
