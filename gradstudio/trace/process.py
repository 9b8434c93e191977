"""The tracing child process as the parent runs it, and the child's guard against
outliving the parent.

On POSIX the supervisor and the child are forked from a server that has imported the
engine once (``zygote.py``; a new interpreter where there is none), and the child runs
under the supervisor (``contain.py``): a small process that keeps
every process the script starts as its descendant (a subreaper on Linux), gives the
script its time limit on the wall clock, cuts the network where it can and kills
everything when the child finishes (the trace is done when the script is, not when every
process holding its pipes has gone), on timeout and on cancel (SIGTERM: if it does not
stop at once, its process group and the child's are killed). When the parent exits
(``atexit``) it stops them the same way; a parent killed outright is noticed by the
supervisor and by the child (``watch_parent``). The child's result arrives on a pipe of
its own, signed (``channel.py``), so nothing the script writes can pass for it. Output is
read as it comes, up to a cap (the result ``max_result`` bytes, stderr ``MAX_STDERR``);
the rest is read and dropped, so the child never blocks on a full pipe and the parent's
memory stays bounded.

Also imported by the child (``child.py``, run by path): this module imports nothing from
the package but its sibling modules and ``gradstudio.words`` (Qt-free: its one sentence
goes to the window as a ``Said``).
"""
import atexit
import json
import logging
import os
import signal
import subprocess
import threading
import time

from gradstudio.words import QT_TRANSLATE_NOOP, Said

from .channel import FRAME_OVERHEAD, header, new_key, unframe
from .contain import KEEP_ENV, PARENT_ENV as _PARENT_ENV
from .zygote import Forked, zygote_for

__all__ = ["Child", "MAX_STDERR", "REJECTED", "watch_parent"]

MAX_STDERR = 1024 * 1024
REJECTED = QT_TRANSLATE_NOOP(
    "Trace", "The trace's result was rejected because the script wrote into the tracer's "
    "channel; trace it without writing to descriptors it did not open.")
_SUPERVISOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "contain.py")
_PATIENCE = 3.0              # seconds the supervisor gets to stop everything when asked
_log = logging.getLogger("gradstudio.trace")
_POSIX = os.name == "posix"
_running = set()                     # children to stop if this process exits first
_running_lock = threading.Lock()


class _Capped:
    """Reads a pipe to its end in a thread, keeping the first ``limit`` bytes."""

    def __init__(self, pipe, limit):
        self.limit = limit
        self.chunks = []
        self.kept = 0
        self.cut = False
        self._thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self._thread.start()

    def _read(self, pipe):
        try:
            while True:
                chunk = pipe.read1(65536) if hasattr(pipe, "read1") else pipe.read(65536)
                if not chunk:
                    break
                room = self.limit - self.kept
                if len(chunk) > room:
                    self.cut = True
                    chunk = chunk[:max(room, 0)]
                if chunk:
                    self.chunks.append(chunk)
                    self.kept += len(chunk)
        except (OSError, ValueError):
            pass
        finally:
            try:
                pipe.close()
            except OSError:
                pass

    def join(self, timeout):
        self._thread.join(timeout)
        return b"".join(self.chunks)


class Child:
    """``argv`` (the tracing child) started under the supervisor (``contain.py``) with
    ``request`` on its stdin after a fresh key (``channel.header``); its result comes
    back on a pipe of its own, signed with that key, at most ``max_result`` bytes kept;
    its stderr is kept up to ``MAX_STDERR``. The script gets ``request``'s ``"timeout"``
    seconds from its first line. ``wait(timeout)`` returns once the child has exited (or
    everything was killed after ``timeout`` seconds) and nothing it started is left.
    ``isolation`` says afterwards whether the network was cut (``"isolated"``) or why not."""

    def __init__(self, argv, env, request: bytes, max_result, fork_server=False):
        env = dict(env)
        env[_PARENT_ENV] = str(os.getpid())
        self._key = new_key()
        self.timed_out = False
        self.isolation = None
        self._returncode = None
        self._reaped = False
        self._lock = threading.Lock()
        read, write = os.pipe()
        try:
            self._proc = self._start(argv, env, request, write, fork_server)
        except BaseException:
            os.close(read)
            raise
        finally:
            os.close(write)
        with _running_lock:
            _running.add(self)
        if _POSIX:
            self._status = _Capped(self._proc.stdout, 4096)
            result = os.fdopen(read, "rb")
        else:                        # the result on the child's stdout
            self._status = None
            result = self._proc.stdout
            os.close(read)
        self._out = _Capped(result, max_result + FRAME_OVERHEAD + 1)
        self._err = _Capped(self._proc.stderr, MAX_STDERR)
        fd = getattr(self._proc, "result_fd", write) if _POSIX else None
        threading.Thread(target=self._send, args=(header(self._key, fd) + request,),
                         daemon=True).start()

    @staticmethod
    def _start(argv, env, request, write, fork_server):
        pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE,
                 "stderr": subprocess.PIPE, "env": env}
        server = zygote_for(argv, env) if fork_server and _POSIX else None
        forked = server.spawn(_limit(request), env, write) if server is not None else None
        if forked is not None:
            return forked
        if not _POSIX:               # no descriptors handed on, no supervisor: the
            return subprocess.Popen(argv, creationflags=getattr(   # group is killed
                subprocess, "CREATE_NEW_PROCESS_GROUP", 0), **pipes)
        env[KEEP_ENV] = str(write)
        # -I -S: the supervisor needs only the standard library (and starts in half the time)
        argv = [argv[0], "-I", "-S", _SUPERVISOR, str(_limit(request)), "--", *argv]
        return subprocess.Popen(argv, pass_fds=(write,), start_new_session=True, **pipes)

    @property
    def pid(self):
        return self._proc.pid

    def _send(self, request):
        try:
            self._proc.stdin.write(request)
            self._proc.stdin.close()
        except (OSError, ValueError):
            pass                     # the child is gone; wait() tells why

    def wait(self, timeout):
        """Waits for the child (killing everything after ``timeout`` seconds), then stops
        whatever it left running and returns ``(result bytes, stderr bytes)``; the result
        is longer than ``max_result`` when it was cut, and a JSON error when what came
        back was not the tracer's."""
        timer = threading.Timer(timeout, self._expire)
        timer.daemon = True
        timer.start()
        try:
            if isinstance(self._proc, Forked):
                self._proc.wait()
            elif _POSIX and hasattr(os, "waitid"):
                # exited but not reaped: its pid, the group's id, cannot be reused while
                # the group is killed
                while True:
                    try:
                        os.waitid(os.P_PID, self._proc.pid, os.WEXITED | os.WNOWAIT)
                        break
                    except InterruptedError:
                        continue
                    except ChildProcessError:
                        break
            else:
                self._proc.wait()
        finally:
            timer.cancel()
        self.kill()
        if not self._read_status():
            self._kill_groups()      # the supervisor was killed: what is left of the child
        return self._result(self._out.join(5)), self._err.join(5)

    def _read_status(self):
        """Reads what the supervisor said; True when it said how the child ended."""
        if self._status is None:
            return True
        ended = False
        for line in self._status.join(5).decode("ascii", "replace").splitlines():
            word, _, rest = line.partition(" ")
            if word == "timeout":
                self.timed_out = ended = True
            elif word == "exit" and rest.lstrip("-").isdigit():
                self._returncode, ended = int(rest), True
            elif word == "stopped":
                ended = True
            elif word == "network":
                self.isolation = rest
                if rest != "isolated":
                    _log.debug("the traced script had the network: %s", rest)
        return ended

    def _result(self, data):
        if self._out.cut:
            return data              # too long: the caller says so
        payload = unframe(self._key, data)
        if payload is not None:
            return payload
        if not data:
            return b""               # nothing came: the caller reports the exit code
        return json.dumps({"ok": False, "error": REJECTED,
                           "said": Said("Trace", REJECTED).to_json()}).encode("utf-8")

    @property
    def returncode(self):
        """The tracing child's exit status (negative: the signal that ended it)."""
        if self._returncode is not None:
            return self._returncode
        return self._proc.returncode

    @property
    def stderr_cut(self):
        return self._err.cut

    def _expire(self):
        self.timed_out = True
        self.kill()

    def kill(self):
        """Stops the child and everything it started: the supervisor is asked to (SIGTERM)
        and, if it does not within ``_PATIENCE`` seconds, its group and the child's are
        killed. Reaps the supervisor."""
        with self._lock:
            if self._reaped:
                return
            try:
                if _POSIX:
                    self._proc.send_signal(signal.SIGTERM)
                else:
                    self._proc.kill()
                self._proc.wait(timeout=_PATIENCE)
                self._reaped = True
            except (ProcessLookupError, PermissionError, OSError):
                pass
            except subprocess.TimeoutExpired:
                pass
            if not self._reaped:
                self._kill_groups()
        with _running_lock:
            _running.discard(self)

    def _kill_groups(self):
        groups = (self._proc.pid, self._tracer_pid()) if not self._reaped else \
            (self._tracer_pid(),)
        for group in groups:
            try:
                if group:
                    os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        if self._reaped:
            return
        try:
            self._proc.wait(timeout=5)
            self._reaped = True
        except subprocess.TimeoutExpired:
            pass

    def _tracer_pid(self):
        if self._status is None:
            return None
        for line in b"".join(self._status.chunks).decode("ascii", "replace").splitlines():
            if line.startswith("tracer ") and line[7:].isdigit():
                return int(line[7:])
        return None


def _limit(request):
    """The script's time limit, read from the request the child is sent (0: none)."""
    try:
        return float(json.loads(request).get("timeout") or 0)
    except (ValueError, TypeError, AttributeError):
        return 0.0


@atexit.register
def _stop_all():
    with _running_lock:
        children = list(_running)
    for child in children:
        child.kill()


def watch_parent(interval=0.2):
    """In the child: when the parent that started it is gone (killed, crashed), stop this
    process group at once rather than run on as an orphan. Polls the parent's pid in a
    daemon thread (portable; a parent killed with SIGKILL runs no exit handler)."""
    try:
        parent = int(os.environ.pop(_PARENT_ENV))
    except (KeyError, ValueError):
        return

    def watch():
        while os.getppid() == parent:
            time.sleep(interval)
        if _POSIX:
            os.killpg(os.getpgid(0), signal.SIGKILL)
        os._exit(1)
    if os.getppid() != parent:
        watch()
    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
