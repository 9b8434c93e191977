"""The tracing child's result channel, which the script it runs cannot forge by writing.

The script runs in the same process as the tracer, so it can write to any descriptor the
process holds. The parent therefore draws a random key for each trace and sends it on the
child's stdin with the request (``header``); the child reads it and replaces its stdin
before the script runs, moves the result pipe to an unpredictable descriptor number
(``hide``) and writes its result as one frame authenticated by that key (``frame``). The
parent takes the first frame whose code matches (``unframe``) and ignores anything else
written into the pipe. The script's stdout goes nowhere near it.

This makes forging impractical, not impossible: code that searches the tracer's memory
for the key could still sign a result of its own (it runs with the user's rights).

Imports nothing from the package (``child.py`` runs by path).
"""
import hashlib
import hmac
import os
import secrets

__all__ = ["new_key", "header", "read_header", "frame", "unframe", "hide", "FRAME_OVERHEAD"]

_MAGIC = b"\x00GRADSTUDIO-TRACE-RESULT "
FRAME_OVERHEAD = len(_MAGIC) + 64 + 1 + 20 + 1
_MAX_TRIES = 16                  # frames checked before the result counts as missing


def new_key():
    return secrets.token_bytes(32)


def header(key, fd):
    """The first line of the child's stdin: the key and the result descriptor (``-`` for
    the child's stdout, where descriptors cannot be handed on)."""
    return f"{key.hex()} {fd if fd is not None else '-'}\n".encode("ascii")


def read_header(stream):
    """``(key, fd or None)`` from the first line of ``stream`` (a binary file)."""
    key, fd = stream.readline().decode("ascii").split()
    return bytes.fromhex(key), None if fd == "-" else int(fd)


def _code(key, payload):
    return hmac.new(key, payload, hashlib.sha256).hexdigest().encode("ascii")


def frame(key, payload: bytes) -> bytes:
    return _MAGIC + _code(key, payload) + b" " + str(len(payload)).encode("ascii") + b"\n" \
        + payload


def unframe(key, data: bytes):
    """The payload of the first frame in ``data`` signed with ``key``, or None."""
    start = 0
    for _ in range(_MAX_TRIES):
        at = data.find(_MAGIC, start)
        if at < 0:
            return None
        start = at + 1
        end = data.find(b"\n", at, at + FRAME_OVERHEAD)
        if end < 0:
            continue
        parts = data[at + len(_MAGIC):end].split(b" ")
        if len(parts) != 2 or not parts[1].isdigit():
            continue
        payload = data[end + 1:end + 1 + int(parts[1])]
        if len(payload) == int(parts[1]) and hmac.compare_digest(parts[0], _code(key, payload)):
            return payload
    return None


def hide(fd, below):
    """Moves ``fd`` to a free descriptor number chosen at random under ``below`` (not
    inherited by the processes the script starts); returns the new number."""
    for _ in range(1000):
        target = secrets.randbelow(below - 64) + 64
        try:
            os.fstat(target)
        except OSError:
            os.dup2(fd, target, inheritable=False)
            os.close(fd)
            return target
    os.set_inheritable(fd, False)
    return fd
