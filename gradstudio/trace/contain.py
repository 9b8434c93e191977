"""What keeps a traced script in bounds: the supervisor between the application and the
tracing child, and the limits the child sets on itself before it runs the script.

The supervisor (``python -I -S contain.py LIMIT -- ARGV...``, started by ``process.Child``)
is a small process that never runs the user's code:

- it makes itself a *child subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``), so every
  process the script starts, even one that left with ``setsid`` or ``start_new_session``,
  stays its descendant when its own parent exits;
- it leaves the machine's network (an unprivileged user and network namespace,
  ``unshare(CLONE_NEWUSER | CLONE_NEWNET)``) where the kernel allows it;
- it runs the tracing child in a fresh temporary folder, which is also its ``HOME`` and
  ``TMPDIR``, and removes that folder afterwards;
- the child tells it (the ``GO`` pipe) when the script starts; the child stops the script
  itself after ``LIMIT`` seconds of processor time (its own timer), and the supervisor,
  whatever the script does with signals, after ``wall_limit(LIMIT)`` seconds (plus
  ``MARGIN`` to send its result) on the wall clock: a far larger net, for a script that
  waits (a sleep, input) or a machine too busy to run it;
- when the child exits, the limit passes, it is asked to stop (SIGTERM) or the
  application is gone, it kills every descendant (``/proc``'s parent links, again until
  none is left), removes the folder and says on its stdout how the child ended
  (``tracer PID``, ``network isolated|open REASON``, then ``exit CODE`` or ``timeout``).

Elsewhere than Linux there is no subreaper and no namespace: the child's process group
is killed instead (what leaves the group escapes), and the network is open.

Imports nothing from the package (run by path, and imported by ``child.py`` the same way).
"""
import os
import signal
import sys
import time

__all__ = ["MARGIN", "WALL_FACTOR", "wall_limit", "FSIZE_LIMIT", "NOFILE_LIMIT", "NPROC_EXTRA", "set_limits",
           "descendants", "kill_tree", "supervise"]

MARGIN = 1.0                       # seconds after the limit for the child's own message
WALL_FACTOR = 6                    # the wall clock's net: this many times the CPU limit
FSIZE_LIMIT = 256 * 1024 ** 2      # bytes in any one file the script writes
NOFILE_LIMIT = 256                 # descriptors open at once
NPROC_EXTRA = 64                   # processes (and threads) more than the user runs now
CPU_EXTRA = 2                      # CPU seconds past the time limit
GO_ENV = "GRADSTUDIO_TRACE_GO"       # the descriptor the child says go on
KEEP_ENV = "GRADSTUDIO_TRACE_KEEP"   # descriptors the supervisor hands on to the child
PARENT_ENV = "GRADSTUDIO_TRACE_PARENT"   # the pid a process watches (``watch_parent``)
_PR_SET_CHILD_SUBREAPER = 36
_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_POLL = 0.05


# ------------------------------------------------------------- the child's own limits
def _user_tasks():
    """How many processes and threads the real user runs now (RLIMIT_NPROC counts them)."""
    uid, count = os.getuid(), 0
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    for name in names:
        if name.isdigit():
            try:
                if os.stat(f"/proc/{name}").st_uid == uid:
                    count += len(os.listdir(f"/proc/{name}/task"))
            except OSError:
                pass
    return count


def wall_limit(seconds):
    """The seconds on the wall clock a script with a limit of ``seconds`` of processor time
    may run before it is stopped all the same."""
    return WALL_FACTOR * seconds


def set_limits(seconds):
    """Called by the tracing child just before it runs the script: CPU time (the time
    limit plus ``CPU_EXTRA`` from now), file size, open files and processes, soft and hard
    (the script cannot raise them again; root can, and the kernel does not count a root
    user's processes). Returns the names of the limits it could not set."""
    try:
        import resource
    except ImportError:
        return ["all"]
    limits = [("RLIMIT_FSIZE", FSIZE_LIMIT), ("RLIMIT_NOFILE", NOFILE_LIMIT)]
    if seconds:
        used = resource.getrusage(resource.RUSAGE_SELF)
        limits.append(("RLIMIT_CPU", int(used.ru_utime + used.ru_stime + seconds) + CPU_EXTRA))
    tasks = _user_tasks()
    if tasks is not None:
        limits.append(("RLIMIT_NPROC", tasks + NPROC_EXTRA))
    failed = []
    for name, value in limits:
        which = getattr(resource, name, None)
        try:
            soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(which, (value, value))
        except (TypeError, ValueError, OSError):
            failed.append(name)
    return failed


# ------------------------------------------------------------------- the process tree
def descendants(root):
    """The living processes below ``root`` (Linux ``/proc``; None where there is none)."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    children = {}
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != b"Z":
            children.setdefault(int(fields[1]), []).append(int(name))
    found, todo = [], [root]
    while todo:
        for pid in children.get(todo.pop(), ()):
            found.append(pid)
            todo.append(pid)
    return found


def _reap():
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def kill_tree(group=None, patience=5.0):
    """Kills every descendant of this process (a subreaper: orphans come back to it, so a
    new scan finds what a dying process forked) and reaps them; without ``/proc`` kills
    the process ``group`` instead."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        pids = descendants(os.getpid())
        if pids is None:
            if group:
                try:
                    os.killpg(group, signal.SIGKILL)
                except OSError:
                    pass
            break
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        _reap()
        time.sleep(0.005)
    _reap()


# ------------------------------------------------------------------- the supervisor
def _libc():
    try:
        import ctypes
        return ctypes, ctypes.CDLL(None, use_errno=True)
    except (ImportError, OSError):
        return None, None


def _become_subreaper():
    ctypes, libc = _libc()
    return bool(libc is not None and sys.platform.startswith("linux")
                and libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)


def _leave_network():
    """A user and network namespace of its own, the user's ids mapped onto themselves.
    Returns None when done, else why not."""
    ctypes, libc = _libc()
    if libc is None or not sys.platform.startswith("linux"):
        return "not Linux"
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) != 0:
        return os.strerror(ctypes.get_errno())
    for path, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"),
                       ("gid_map", f"{gid} {gid} 1")):
        try:
            with open(f"/proc/self/{path}", "w") as f:
                f.write(text)
        except OSError:
            pass                    # the ids show as 'nobody'; the rights are the same
    return None


def _remove(folder):
    """Removes the script's folder, even where it took away its own rights to write."""
    import shutil

    def allow(function, path, exc_info):
        try:
            os.chmod(os.path.dirname(path), 0o700)
            if os.path.isdir(path) and not os.path.islink(path):
                os.chmod(path, 0o700)
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)
        except OSError:
            pass
    shutil.rmtree(folder, onerror=allow)
    if os.path.exists(folder):
        shutil.rmtree(folder, ignore_errors=True)


def _say(line):
    try:
        os.write(1, (line + "\n").encode())
    except OSError:
        pass


def _wait(tracer, go, limit, parent, stop):
    """Reaps what ends until the tracer does (its exit status), the limit passes after
    the child said go ("timeout"), ``stop`` is set or the parent is gone (None)."""
    import select
    ended = _end_of(tracer)      # (readable once the tracer has ended: no poll's delay)
    try:
        return _wait_loop(tracer, go, limit, parent, stop, ended, select)
    finally:
        if ended is not None:
            os.close(ended)


def _end_of(pid):
    """A descriptor that becomes readable when process ``pid`` ends (Linux's pidfd), or
    None where there is none (the loop then notices the end at its next poll)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _wait_loop(tracer, go, limit, parent, stop, ended, select):
    """``_wait``'s loop: wakes when the child says go, when the tracer ends (``ended``)
    or every ``_POLL`` seconds to look at the parent, ``stop`` and the deadline."""
    deadline = None
    while True:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return None
            if pid == 0:
                break
            if pid == tracer:
                return os.waitstatus_to_exitcode(status)
        if stop or os.getppid() != parent:
            return None
        if deadline is not None and time.monotonic() > deadline:
            return "timeout"
        watched = [fd for fd in (go, ended) if fd is not None]
        ready = select.select(watched, [], [], _POLL)[0]
        if go is not None and go in ready:
            if os.read(go, 16) and limit:
                deadline = time.monotonic() + wall_limit(limit) + MARGIN
            os.close(go)
            go = None


def _popen(argv, folder, env, keep):
    """Starts the tracing child ``argv`` in ``folder`` with ``env``, handing on ``keep``
    (descriptors), in a process group of its own; returns its pid."""
    import subprocess
    return subprocess.Popen(argv, cwd=folder, env=env, stdout=subprocess.DEVNULL,
                            pass_fds=keep, process_group=0).pid


def supervise(limit, argv, start=_popen):
    """The supervisor's whole life (see the module's docstring); returns its exit code.
    ``start(argv, folder, env, keep)`` starts the tracing child and returns its pid (a
    new interpreter by default; ``zygote.py`` forks one that has imported the engine)."""
    import tempfile
    parent = os.getppid()
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _become_subreaper()
    why = _leave_network()
    _say("network isolated" if why is None else f"network open {why}")
    folder = tempfile.mkdtemp(prefix="gradstudio-trace-")
    env = dict(os.environ, HOME=folder, TMPDIR=folder)
    env[PARENT_ENV] = str(os.getpid())
    go_read, go_write = os.pipe()
    env[GO_ENV] = str(go_write)
    keep = tuple(int(fd) for fd in env.pop(KEEP_ENV, "").split(",") if fd)
    try:
        tracer = start(argv, folder, env, (go_write,) + keep)
    except OSError as exc:
        _say(f"failed {exc}")
        _remove(folder)
        return 1
    os.close(go_write)
    for fd in keep:
        os.close(fd)
    _say(f"tracer {tracer}")
    ended = _wait(tracer, go_read, limit, parent, stop)
    kill_tree(tracer)
    _remove(folder)
    _say("timeout" if ended == "timeout" else f"exit {ended}" if ended is not None else "stopped")
    return 0


if __name__ == "__main__":
    sys.exit(supervise(float(sys.argv[1]), sys.argv[3:]))
