"""The tracing child process as the parent runs it, and the child's guard against
outliving the parent.

The child runs in a process group of its own, so that whatever the script starts
(``subprocess.Popen``, ``os.system('sleep 60 &')``) can be stopped with it: the whole
group is killed when the child finishes (the trace is done when the script is, not when
every process holding its pipes has gone), on timeout, on cancel and when the parent
exits (``atexit``; the child also watches its parent, see ``watch_parent``). The child's
output is read as it comes, up to a cap (the result channel ``max_result`` bytes, stderr
``MAX_STDERR``); the rest is read and dropped, so the child never blocks on a full pipe
and the parent's memory stays bounded.

Also imported by the child (``child.py``, run by path): this module imports
nothing from the package.
"""
import atexit
import os
import signal
import subprocess
import threading
import time

__all__ = ["Child", "MAX_STDERR", "watch_parent"]

MAX_STDERR = 1024 * 1024
_PARENT_ENV = "GRADSTUDIO_TRACE_PARENT"
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
    """``argv`` started in its own process group with ``request`` on its stdin; its stdout
    is the result channel (at most ``max_result`` bytes kept), its stderr is kept up to
    ``MAX_STDERR``. ``wait(timeout)`` returns once the child has exited (or been killed
    after ``timeout`` seconds) and its group has been stopped."""

    def __init__(self, argv, env, request: bytes, max_result):
        env = dict(env)
        env[_PARENT_ENV] = str(os.getpid())
        group = {"start_new_session": True} if _POSIX else \
            {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, env=env, **group)
        self.timed_out = False
        self._reaped = False
        self._lock = threading.Lock()
        with _running_lock:
            _running.add(self)
        self._out = _Capped(self._proc.stdout, max_result + 1)
        self._err = _Capped(self._proc.stderr, MAX_STDERR)
        threading.Thread(target=self._send, args=(request,), daemon=True).start()

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
        """Waits for the child (killing its group after ``timeout`` seconds), then stops
        whatever it left running and returns ``(result bytes, stderr bytes)``; the result
        is longer than ``max_result`` when it was cut."""
        timer = threading.Timer(timeout, self._expire)
        timer.daemon = True
        timer.start()
        try:
            if _POSIX and hasattr(os, "waitid"):
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
        return self._out.join(5), self._err.join(5)

    @property
    def returncode(self):
        return self._proc.returncode

    @property
    def stderr_cut(self):
        return self._err.cut

    def _expire(self):
        self.timed_out = True
        self.kill()

    def kill(self):
        """Kills the child's whole process group and reaps the child."""
        with self._lock:
            if self._reaped:
                return
            try:
                if _POSIX:
                    os.killpg(self._proc.pid, signal.SIGKILL)
                else:
                    self._proc.kill()
            except (ProcessLookupError, PermissionError, OSError):
                pass
            try:
                self._proc.wait(timeout=5)
                self._reaped = True
            except subprocess.TimeoutExpired:
                pass
        with _running_lock:
            _running.discard(self)


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
