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


def _child(runner, backend, env, cwd, fresh):
    key = (str(runner), backend)
    known = None if fresh else _CHILDREN.get(key)
    if known is not None and known[0].poll() is None:
        return known
    err = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([sys.executable, str(runner), backend, "--serve"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                            cwd=cwd, env=env, text=True)
    if not fresh:
        _CHILDREN[key] = (proc, err)
    return proc, err


def request(runner, backend, env, payload, cwd=None, fresh=False):
    """Sends ``payload`` (JSON-able) to the runner child of ``backend`` (started with
    ``env`` and ``cwd`` if it is not running yet); returns the child, for ``reply``.
    ``fresh``: a new child that ends after its reply (the engine's side, whose state a
    program may change for good: a fresh process per request, as before)."""
    child = _child(runner, backend, env, cwd, fresh)
    child[0].stdin.write(json.dumps(payload) + "\n")
    child[0].stdin.flush()
    if fresh:
        child[0].stdin.close()
    return child


def reply(child):
    """The runner's answer to the last request (decoded JSON); a dead runner raises
    RuntimeError with the end of what it wrote to stderr."""
    proc, err = child
    line = proc.stdout.readline()
    if child not in _CHILDREN.values():         # a fresh child: it ends now
        proc.stdout.close()
        proc.wait()
    if not line:
        proc.wait()
        err.seek(0)
        for key, value in list(_CHILDREN.items()):
            if value is child:
                del _CHILDREN[key]
        raise RuntimeError(f"the runner {proc.args[1:]} ended ({proc.returncode}):\n"
                           f"{err.read()[-4000:]}")
    return json.loads(line)


def serve(answer):
    """The child's loop: ``answer(payload)`` for every request line on stdin, each answer
    one line on the real stdout. What the programs write to the stdout file itself (not
    through ``sys.stdout``) goes to stderr, so it cannot break the protocol."""
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    for line in sys.stdin:
        out.write(json.dumps(answer(json.loads(line))) + "\n")
        out.flush()


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
