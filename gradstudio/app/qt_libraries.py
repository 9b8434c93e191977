"""Which system libraries Qt's X11 platform plugin lacks, and which Debian or Ubuntu
package provides each.

When the ``xcb`` plugin fails to load, Qt 6.5 and later always blame
``libxcb-cursor0``, even when that is installed and another library is what is missing.
The plugin's own dependencies tell the truth: ``ldd`` on ``plugins/platforms/libqxcb.so``
and ``lib/libQt6XcbQpa.so.6`` of PySide6 prints ``libxcb-icccm.so.4 => not found`` for
each library the dynamic loader cannot find. Pure Python, no Qt (it runs when Qt could
not start).
"""
import importlib.util
import os
import re
import subprocess
from pathlib import Path

__all__ = ["PACKAGES", "plugin_files", "not_found", "missing_libraries", "missing_message",
           "plugin_failed"]

# the libraries Qt's xcb plugin, Qt's GUI and its fonts load, and the Debian/Ubuntu
# package of each (the names are the same on both since Debian 10 and Ubuntu 20.04)
PACKAGES = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}
# what ldd prints for a library the loader cannot find: "\tlibxcb-icccm.so.4 => not found"
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$", re.M)
LDD_TIMEOUT = 30.0


def plugin_failed(stderr_lines):
    """Whether Qt's output says a platform plugin could not be loaded (rather than a
    display that could not be reached)."""
    return any("Could not load the Qt platform plugin" in line or "xcb-cursor0" in line
               for line in stderr_lines)


def plugin_files(pyside_dir=None):
    """PySide6's xcb platform plugin and the Qt library it is built on, those that exist."""
    if pyside_dir is None:
        spec = importlib.util.find_spec("PySide6")
        if spec is None or not spec.submodule_search_locations:
            return []
        pyside_dir = next(iter(spec.submodule_search_locations))
    qt = Path(pyside_dir) / "Qt"
    candidates = [qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"]
    return [path for path in candidates if path.is_file()]


def not_found(ldd_output):
    """The libraries ``ldd``'s output says are not found, in its order."""
    return _NOT_FOUND.findall(ldd_output)


def missing_libraries(files, environ=None):
    """Every library that ``ldd`` says one of ``files`` needs and the loader cannot find
    (each once), or None when ``ldd`` is not there or fails on all of them."""
    env = dict(os.environ if environ is None else environ)
    missing, answered = [], False
    for path in files:
        try:
            proc = subprocess.run(["ldd", str(path)], capture_output=True, text=True,
                                  env=env, stdin=subprocess.DEVNULL, timeout=LDD_TIMEOUT)
        except (OSError, subprocess.SubprocessError):
            continue
        answered = answered or proc.returncode == 0
        missing += [name for name in not_found(proc.stdout) if name not in missing]
    return missing if answered else None


def _listed(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def missing_message(missing):
    """One sentence naming the missing libraries and the packages that provide them, or
    None when nothing is missing."""
    if not missing:
        return None
    packages = list(dict.fromkeys(PACKAGES[name] for name in missing if name in PACKAGES))
    unknown = [name for name in missing if name not in PACKAGES]
    them = "it" if len(missing) == 1 else "them"
    if packages:
        install = f"on Debian or Ubuntu install {them} with 'sudo apt install " \
            f"{' '.join(packages)}'"
    else:
        install = "install the package that provides it" if len(missing) == 1 else \
            "install the packages that provide them"
    if packages and unknown:
        install += f" and the package that provides {_listed(unknown)}"
    return (f"the window cannot start: Qt's X11 platform plugin needs {_listed(missing)}, "
            f"which {'is' if len(missing) == 1 else 'are'} not installed; {install} "
            "(or set QT_QPA_PLATFORM=offscreen to run the window without a display)")
