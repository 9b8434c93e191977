"""The fork server of the tracing child: one process that has imported the engine and the
tracer (and run nothing) forks every trace's supervisor and child, so a trace no longer
starts Python and imports numpy and the engine (about 0.8 s of CPU each time).

The application starts it (``python -P zygote.py FD``, the environment the child would
get) the first time it traces, and talks to it over a Unix socket (``FD``): a request is
the script's time limit, the child's environment and four descriptors (the request pipe,
the status pipe, stderr, the result pipe) plus a fifth the application watches for the
supervisor's end; the answer is the supervisor's pid. For each request the server forks
the supervisor, which does exactly what ``contain.py`` does when run by path (its own
session, subreaper, no network, a temporary folder as cwd, HOME and TMPDIR, the time
limit, every descendant killed at the end), except that it forks the tracing child
instead of starting a new interpreter. The child closes every descriptor but the ones it
is handed (as a new process would have), takes the environment it was given and runs
``child.main``: the key, the signed result and the limits are the child's as before; the
server never sees the request, and no process below it holds the server's socket.

The server reaps a supervisor only when the application says it is done with its pid
(``release``), so the pid and its process group are not reused while the application
may still signal them. It exits when the application closes the socket (or dies).

The application's side (``zygote_for``, ``Forked``) is imported by ``process.py``; it
imports nothing from the package but ``contain``.
"""
import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import threading

if __name__ == "__main__" and not __package__:
    # run by path, as child.py is (see there): the siblings through a private package
    import importlib.machinery
    import importlib.util
    _spec = importlib.machinery.ModuleSpec("_gradstudio_tracer", None, is_package=True)
    _spec.submodule_search_locations = [os.path.dirname(os.path.abspath(__file__))]
    sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
    __package__ = _spec.name

from .contain import KEEP_ENV, PARENT_ENV, supervise  # noqa: E402

__all__ = ["zygote_for", "Forked"]

_HERE = os.path.dirname(os.path.abspath(__file__))
_SERVER = os.path.join(_HERE, "zygote.py")
_CHILD = os.path.join(_HERE, "child.py")
_READY = b"ready"
_START_TIMEOUT = 60.0          # seconds the server gets to import the engine
_MESSAGE = 1 << 20


# ================================================================ the application's side
class Forked:
    """A supervisor forked by the server, as ``process.Child`` uses a ``Popen``: its pid,
    the pipes to its stdin, stdout (the status lines) and stderr, ``send_signal``,
    ``wait(timeout)`` (its end is seen as the end of a pipe only it held) and
    ``returncode`` (0 once it has ended; how the child ended is in the status lines).
    ``result_fd`` is the result pipe's descriptor number in the child (for its header)."""

    def __init__(self, server, pid, stdin, stdout, stderr, life, result_fd):
        self.args = ("gradstudio-trace-supervisor", pid)
        self.pid = pid
        self.result_fd = result_fd       # the result pipe's number in the child
        self.stdin = os.fdopen(stdin, "wb")
        self.stdout = os.fdopen(stdout, "rb")
        self.stderr = os.fdopen(stderr, "rb")
        self.returncode = None
        self._server = server
        self._life = life
        self._lock = threading.Lock()

    def poll(self):
        return 0 if self._ended(0) else None

    def _ended(self, timeout):
        """Whether the supervisor has ended, waiting ``timeout`` seconds at most (never
        under the lock: a timer's ``kill`` waits with its own patience meanwhile)."""
        import select
        if self.returncode is None:
            if not select.select([self._life], [], [], timeout)[0]:
                return False
            self.returncode = 0          # nothing is ever written: readable is the end
        return True

    def wait(self, timeout=None):
        """Waits for the supervisor's end, then lets the server reap it (once)."""
        if not self._ended(timeout):
            raise subprocess.TimeoutExpired(self.args, timeout)
        with self._lock:
            server, self._server = self._server, None
        if server is not None:
            os.close(self._life)
            server.release(self.pid)
        return self.returncode

    def send_signal(self, sig):
        if self.returncode is None:      # (until released, the pid is still its own)
            os.kill(self.pid, sig)

    def kill(self):
        self.send_signal(signal.SIGKILL)


class _Server:
    """The fork server as the application holds it: the process and its socket."""

    def __init__(self, argv, env):
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._lock = threading.Lock()
        self._sock = mine
        self._users = 0              # supervisors not yet released
        self._retired = False
        try:
            self._proc = subprocess.Popen(
                [argv[0], "-P", _SERVER, str(theirs.fileno())], env=env,
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True)
        finally:
            theirs.close()
        mine.settimeout(_START_TIMEOUT)
        try:
            self.ready = mine.recv(64) == _READY
        except OSError:
            self.ready = False
        mine.settimeout(None)
        if not self.ready:
            self.close()

    def spawn(self, limit, env, result_fd):
        """A supervisor forked for one trace (``Forked``), or None if the server is gone."""
        ends = [os.pipe() for _ in range(4)]        # stdin, status, stderr, life
        (in_r, in_w), (st_r, st_w), (err_r, err_w), (life_r, life_w) = ends
        theirs = [in_r, st_w, err_w, result_fd, life_w]
        message = json.dumps({"limit": limit, "env": env}).encode("utf-8")
        pid = result_at = None
        try:
            with self._lock:
                socket.send_fds(self._sock, [message], theirs)
                answer = self._sock.recv(_MESSAGE)
                self._users += 1
            answer = json.loads(answer) if answer else {}
            pid, result_at = answer.get("pid"), answer.get("fd")
        except (OSError, ValueError, KeyError, TypeError):
            pid = None
        finally:
            for fd in (in_r, st_w, err_w, life_w):
                os.close(fd)
        if pid is None:
            for fd in (in_w, st_r, err_r, life_r):
                os.close(fd)
            self.close()
            return None
        return Forked(self, pid, in_w, st_r, err_r, life_r, result_at)

    def release(self, pid):
        with self._lock:
            self._users -= 1
            try:
                self._sock.send(json.dumps({"release": pid}).encode("ascii"))
            except OSError:
                pass
            done = self._retired and self._users <= 0
        if done:
            self.close()

    def retire(self):
        """No new trace: the server ends once its running traces have (``release``)."""
        with self._lock:
            self._retired = True
            done = self._users <= 0
        if done:
            self.close()

    @property
    def alive(self):
        return self.ready and self._proc.poll() is None

    def close(self):
        self.ready = False
        try:
            self._sock.close()               # the server exits when it sees the end
            self._proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()


# What shapes the server's imports (the interpreter's own variables, the native libraries,
# numpy's and the engine's threads and kernels); every other variable is only handed on.
_IMPORT_ENV = ("PYTHON", "LD_", "OMP_", "MKL_", "OPENBLAS_", "GOTO", "NUMPY_", "ATEN_")
_servers = {}            # the one key -> its server (False: it could not start)
_servers_lock = threading.Lock()


def _import_key(argv, env):
    return (argv[0],) + tuple(sorted((k, v) for k, v in env.items()
                                     if k.startswith(_IMPORT_ENV)))


def zygote_for(argv, env):
    """The running fork server for the tracing child ``argv`` started with ``env`` (started
    now, waiting for its imports, the first time); None where there is none: not POSIX,
    another program than ``child.py``, or a server that could not start. One server runs
    at a time: a change to a variable that shapes the imports (``_IMPORT_ENV``) starts
    another, and the previous one ends when its traces have."""
    if not hasattr(os, "fork") or not hasattr(socket, "send_fds") or \
            len(argv) != 3 or argv[1:] != ["-P", _CHILD]:
        return None
    env = {k: v for k, v in env.items() if k not in (PARENT_ENV, KEEP_ENV)}
    key = _import_key(argv, env)
    with _servers_lock:
        server = _servers.get(key)
        if server is None or (server is not False and not server.alive):
            for old in _servers.values():
                if old:
                    old.retire()
            _servers.clear()
            server = _Server(argv, env)
            _servers[key] = server if server.ready else False
        return _servers[key] or None


@atexit.register
def _close_all():
    """The servers end with the application (and are waited for, so their time counts)."""
    with _servers_lock:
        servers = [s for s in _servers.values() if s]
        _servers.clear()
    for server in servers:
        server.close()


def _forget():
    """In a fork of the application: the servers' sockets are the parent's to talk on."""
    _servers.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget)


# ======================================================================= the server's side
def _close_except(keep):
    low = 0
    for fd in sorted(set(keep)):
        if low < fd:                 # (an empty range would close everything)
            os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 1 << 20)


def _fork_tracer(argv, folder, env, keep):
    """In the supervisor: ``contain.supervise``'s ``start``, a fork instead of a new
    interpreter. The child is what a new process started so would be: its own group,
    ``folder`` as its cwd, ``env``, stdout on /dev/null, only ``keep`` handed on."""
    pid = os.fork()
    if pid:
        return pid
    try:
        os.setpgid(0, 0)
        os.chdir(folder)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        _close_except((0, 1, 2) + tuple(keep))
        for fd in keep:
            os.set_inheritable(fd, True)
        os.environ.clear()
        os.environ.update(env)
        for sig in (signal.SIGTERM, signal.SIGCHLD, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.argv = [_CHILD]
        from . import child
        child.main()                     # (ends with os._exit)
    except BaseException:  # noqa: BLE001 (said on stderr, as a new process would)
        import traceback
        traceback.print_exc()
    finally:
        os._exit(1)


def _supervisor(sock, fds, limit, env):
    """In a fork of the server: the supervisor of one trace (``contain.supervise``)."""
    stdin, status, stderr, result, life = fds
    sock.close()
    os.setsid()
    for fd, target in ((stdin, 0), (status, 1), (stderr, 2)):
        os.dup2(fd, target)
        os.close(fd)
    os.environ.clear()
    os.environ.update(env)
    os.environ[KEEP_ENV] = str(result)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os._exit(supervise(limit, [sys.executable, "-P", _CHILD], start=_fork_tracer))


def serve(fd):
    """The server's loop (see the module); returns when the application is gone."""
    sock = socket.socket(fileno=fd)
    from . import child  # noqa: F401  (the engine and the tracer, imported once)
    sock.send(_READY)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(sock, _MESSAGE, 5)
        except OSError:
            return
        if not message:
            return
        request = json.loads(message)
        if "release" in request:
            try:
                os.waitpid(int(request["release"]), 0)
            except (ChildProcessError, OSError):
                pass
            continue
        pid = os.fork()
        if pid == 0:
            try:
                _supervisor(sock, fds, float(request["limit"]), request["env"])
            finally:
                os._exit(1)
        for one in fds:
            os.close(one)
        sock.send(json.dumps({"pid": pid, "fd": fds[3]}).encode("ascii"))


if __name__ == "__main__":
    serve(int(sys.argv[1]))
