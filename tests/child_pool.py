"""Runner children that live for the whole test session.

Starting PyTorch costs about 2.5 s of CPU, and the parity programs (``engine/parity.py``)
and the exported scripts (``document/script_runner.py``) used to start it once per test
module or even per test: about a hundred times a run. Each runner now starts once per
backend, the first time a test needs it, and serves every later request: one JSON line in
(what to run), one JSON line out (what it printed), until the session ends and its stdin
closes. The runner resets the state a program may change before each program, as it
always did between the programs of one request, so a program sees what a fresh process
shows it.

``request(runner, backend, env, payload)`` writes; ``reply(child)`` reads. Writing to
both backends' children before reading either lets them run side by side.
"""
import atexit
import json
import os
import subprocess
import sys
import tempfile

__all__ = ["request", "reply", "serve"]

_CHILDREN = {}          # (runner file, backend) -> (Popen, stderr file)
_FAILED = "__runner_failed__"


def _child(runner, backend, env, cwd):
    key = (str(runner), backend)
    known = _CHILDREN.get(key)
    if known is not None and known[0].poll() is None:
        return known
    err = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([sys.executable, str(runner), backend, "--serve"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                            cwd=cwd, env=env, text=True)
    _CHILDREN[key] = (proc, err)
    return proc, err


def request(runner, backend, env, payload, cwd=None):
    """Sends ``payload`` (JSON-able) to the runner child of ``backend`` (started with
    ``env`` and ``cwd`` if it is not running yet); returns the child, for ``reply``."""
    child = _child(runner, backend, env, cwd)
    child[0].stdin.write(json.dumps(payload) + "\n")
    child[0].stdin.flush()
    return child


def reply(child):
    """The runner's answer to the last request (decoded JSON); a dead runner raises
    RuntimeError with the end of what it wrote to stderr."""
    proc, err = child
    line = proc.stdout.readline()
    if not line:
        proc.wait()
        err.seek(0)
        for key, value in list(_CHILDREN.items()):
            if value is child:
                del _CHILDREN[key]
        raise RuntimeError(f"the runner {proc.args[1:]} ended ({proc.returncode}):\n"
                           f"{err.read()[-4000:]}")
    answer = json.loads(line)
    if isinstance(answer, dict) and _FAILED in answer:
        raise RuntimeError(f"the runner {proc.args[1:]} failed: {answer[_FAILED]}")
    return answer


def serve(answer):
    """The child's loop: for every request line on stdin, a fork of this process (which
    has imported torch or the engine, and run nothing) answers it with
    ``answer(payload)``, one line on the real stdout, and ends; so every request sees a
    fresh process, as when each started its own, without paying the import again. What
    a program writes to the stdout file itself (not through ``sys.stdout``) goes to
    stderr, so it cannot break the protocol."""
    _warm()
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    for line in sys.stdin:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:                                    # the fresh process
            os.close(read_end)
            status = 0
            try:
                text = json.dumps(answer(json.loads(line)))
            except BaseException as exc:  # noqa: BLE001 (reported to the test)
                text, status = json.dumps({_FAILED: f"{type(exc).__name__}: {exc}"}), 1
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(text.encode("utf-8"))
            os._exit(status)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        if not data:
            data = json.dumps({_FAILED: f"the runner died (wait status {status})"}).encode()
        out.write(data + b"\n")
        out.flush()


def _warm():
    """Imports, before the first fork, what PyTorch imports lazily on first use and every
    fork would otherwise import again: ``torch._dynamo``, which constructing any
    ``torch.optim`` optimizer imports (about 2 s of CPU, paid by every request of a
    program with an optimizer). The runner of the engine (installed as ``torch``) has
    nothing to warm."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.__name__ == "torch":
        import torch._dynamo  # noqa: F401


@atexit.register
def _close_all():
    for proc, err in _CHILDREN.values():
        try:
            proc.stdin.close()
            proc.wait(timeout=30)
        except Exception:  # noqa: BLE001 (the session is ending: never hang it)
            proc.kill()
        err.close()
    _CHILDREN.clear()
