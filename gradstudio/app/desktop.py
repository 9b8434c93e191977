"""``gradstudio --install-desktop`` and ``--uninstall-desktop``: the desktop entry, the
``.gsg`` MIME type and the icons that ship in ``gradstudio/resources``, installed for the
current user as the freedesktop.org specifications say, under ``$XDG_DATA_HOME``
(``~/.local/share`` when unset):

    applications/gradstudio.desktop                     the launcher, opening files with %F
    mime/packages/gradstudio.xml                        the .gsg type
    icons/hicolor/scalable/apps/gradstudio.svg          the application's icon
    icons/hicolor/256x256/apps/gradstudio.png           ... for desktops without SVG
    icons/hicolor/scalable/mimetypes/application-x-gradstudio-graph.svg   a .gsg file's

Then ``update-desktop-database`` and ``update-mime-database`` refresh the desktop's caches
when they are installed (they are optional: a desktop reads the files at its next start).
The launcher runs the very ``gradstudio`` that installed it (a virtual environment need
not be on the desktop's PATH). Pure Python, no Qt.
"""
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

from gradstudio.resources import DESKTOP_FILE, ICON_PNG, ICON_SVG, MIME_FILE

__all__ = ["install", "uninstall", "data_home", "installed_files", "launcher_command"]

MIME_TYPE = "application-x-gradstudio-graph"   # the type's icon name (its / as -)
UPDATERS = (("update-desktop-database", "applications"), ("update-mime-database", "mime"))


def data_home(environ=None):
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute (as the
    XDG Base Directory specification says)."""
    environ = os.environ if environ is None else environ
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path(environ.get("HOME") or Path.home()) / ".local" / "share"


def _png_size(path):
    """The width of a PNG (its IHDR chunk), for the icon theme's ``NxN`` folder."""
    with open(path, "rb") as f:
        head = f.read(24)
    width, height = struct.unpack(">II", head[16:24])
    return f"{width}x{height}"


def installed_files(data):
    """``{target path: bundled source}`` of everything ``install`` writes under ``data``."""
    icons = data / "icons" / "hicolor"
    return {
        data / "applications" / "gradstudio.desktop": DESKTOP_FILE,
        data / "mime" / "packages" / "gradstudio.xml": MIME_FILE,
        icons / "scalable" / "apps" / "gradstudio.svg": ICON_SVG,
        icons / _png_size(ICON_PNG) / "apps" / "gradstudio.png": ICON_PNG,
        icons / "scalable" / "mimetypes" / f"{MIME_TYPE}.svg": ICON_SVG,
    }


def _quoted(word):
    """One argument of a desktop entry's Exec key, quoted when the spec requires it."""
    if not any(c in word for c in ' \t\n"\'\\><~|&;$*?#()`='):
        return word
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in word)
    return f'"{escaped}"'


def launcher_command():
    """``(program, [arguments])`` that start this GradStudio: the ``gradstudio`` script
    beside this Python (a virtual environment's), else the one on PATH, else ``python -m
    gradstudio``."""
    beside = Path(sys.executable).with_name("gradstudio")
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside), []
    found = shutil.which("gradstudio")
    if found:
        return found, []
    return sys.executable, ["-m", "gradstudio"]


def _desktop_entry():
    """The bundled desktop entry with Exec and TryExec naming this installation."""
    program, args = launcher_command()
    lines = []
    for line in DESKTOP_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join([_quoted(program), *args, "%F"])
        elif line.startswith("TryExec="):
            line = f"TryExec={program}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _refresh(data, report):
    """Runs the desktop's cache updaters that are installed; says which were not."""
    for tool, folder in UPDATERS:
        found = shutil.which(tool)
        if found is None:
            report(f"{tool} is not installed: the desktop sees the change at its next start")
            continue
        proc = subprocess.run([found, str(data / folder)], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=120)
        if proc.returncode != 0:
            reason = (proc.stderr.strip().splitlines() or [f"status {proc.returncode}"])[0]
            report(f"{tool} failed ({reason}); the desktop sees the change at its next start")


def install(environ=None, report=print):
    """Writes the desktop entry, MIME type and icons under ``data_home`` and refreshes the
    desktop's caches. Returns the files written; raises ``OSError`` if one cannot be."""
    data = data_home(environ)
    written = []
    for target, source in installed_files(data).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if source == DESKTOP_FILE:
            target.write_text(_desktop_entry(), encoding="utf-8")
        else:
            shutil.copyfile(source, target)
        written.append(target)
        report(f"installed {target}")
    _refresh(data, report)
    return written


def uninstall(environ=None, report=print):
    """Removes what ``install`` wrote (nothing else) and refreshes the caches. Returns the
    files removed."""
    data = data_home(environ)
    removed = []
    for target in installed_files(data):
        if target.is_file():
            target.unlink()
            removed.append(target)
            report(f"removed {target}")
    if not removed:
        report(f"nothing to remove: GradStudio's desktop files are not in {data}")
        return removed
    _refresh(data, report)
    return removed
