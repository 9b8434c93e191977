"""Whether Qt can open a window here, asked before any ``QApplication`` exists: when it
cannot, Qt aborts the whole process (status 134) after five lines about platform
plugins. ``display_problem`` says it in one sentence instead.

On Linux and the BSDs the window needs an X11 or Wayland display. When the environment
names none, that is the answer; when it names one, a child process tries to start Qt's
platform there (about half a second, run while the window's modules are imported:
``start_check``), so an unreachable display or a missing system library is caught too
(the libraries Qt's X11 plugin lacks are named, with their packages: ``qt_libraries``).
Windows and macOS always have a display, and platforms that need none
(``QT_QPA_PLATFORM=offscreen``, ``vnc``, ``eglfs`` …) are taken at their word.
"""
import os
import sys

__all__ = ["display_problem", "start_check", "DisplayCheck", "NO_DISPLAY"]

NO_DISPLAY = ("no display found; set QT_QPA_PLATFORM=offscreen to run the window without "
              "one, or use the commands run, export and trace, which need none")
# which environment variable names the display of each platform plugin that needs one
_DISPLAY_VARIABLE = {"xcb": "DISPLAY", "wayland": "WAYLAND_DISPLAY",
                     "wayland-egl": "WAYLAND_DISPLAY", "wayland-brcm": "WAYLAND_DISPLAY"}
# starts Qt's platform and nothing else; exits 0 when PySide6 is missing (the window's own
# import then says why it cannot start)
_PROBE = ("try:\n    from PySide6.QtGui import QGuiApplication\nexcept ImportError:\n"
          "    raise SystemExit(0)\nQGuiApplication(['gradstudio'])\n")
PROBE_TIMEOUT = 30.0


def _requested_platforms(environ):
    """``QT_QPA_PLATFORM="wayland;xcb:opt=1"`` -> ``["wayland", "xcb"]`` (Qt's own
    fallback list); ``[]`` when unset."""
    value = environ.get("QT_QPA_PLATFORM", "")
    return [part.split(":")[0].strip().lower() for part in value.split(";") if part.strip()]


def display_problem(environ=None, platform=None, probe=True):
    """None when the window can start, else one sentence saying why not and what to do.
    ``probe=False`` only reads the environment and never starts a child process."""
    return start_check(environ, platform, probe).result()


def start_check(environ=None, platform=None, probe=True):
    """``display_problem`` started now, its answer read later (``result()``): the child
    process that tries the display runs while the window's modules are imported, on the
    other core, instead of before them."""
    return DisplayCheck(environ, platform, probe)


class DisplayCheck:
    """A display check under way (see ``start_check``)."""

    def __init__(self, environ=None, platform=None, probe=True):
        environ = os.environ if environ is None else environ
        platform = sys.platform if platform is None else platform
        self._answer, self._child, self._display = None, None, None
        self._environ = environ
        if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
            return
        wanted = _requested_platforms(environ) or ["wayland", "xcb"]   # Qt's default
        if any(name not in _DISPLAY_VARIABLE for name in wanted):
            return                  # offscreen, vnc, eglfs …: needs no display server
        displays = [environ[_DISPLAY_VARIABLE[name]] for name in wanted
                    if environ.get(_DISPLAY_VARIABLE[name], "").strip()]
        if not displays:
            self._answer = NO_DISPLAY
        elif probe:
            import subprocess   # (here: a start that needs no child never imports it)
            self._display = displays[0]
            try:
                self._child = subprocess.Popen(
                    [sys.executable, "-c", _PROBE], env=dict(environ),
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE)
            except OSError:
                self._child = None  # no verdict: let Qt try for itself

    def result(self):
        """None when the window can start, else why not (waits for the child)."""
        if self._child is not None:
            import subprocess
            child, self._child = self._child, None
            try:
                _, err = child.communicate(timeout=PROBE_TIMEOUT)
            except subprocess.TimeoutExpired:
                child.kill()
                child.communicate()
                return None         # no verdict: let Qt try for itself
            if child.returncode != 0:
                self._answer = _unreachable(self._display, err, self._environ)
        return self._answer


def _unreachable(display, stderr, environ):
    from gradstudio.app.qt_libraries import (missing_libraries, missing_message,
                                             plugin_failed, plugin_files)
    lines = stderr.decode("utf-8", "replace").splitlines()
    if plugin_failed(lines):        # Qt blames libxcb-cursor0 whatever is missing:
        missing = missing_libraries(plugin_files(), environ)    # ask the plugin itself
        if missing:
            return missing_message(missing)
    # Qt's first line says it best: "qt.qpa.xcb: could not connect to display :9"
    reason = next((line.split(": ", 1)[-1].strip() for line in lines if line.strip()), "")
    because = f" ({reason.rstrip('.')})" if reason else ""
    return (f"the display {display} could not be opened{because}; check DISPLAY or "
            "WAYLAND_DISPLAY, or set QT_QPA_PLATFORM=offscreen to run the window without "
            "one")
