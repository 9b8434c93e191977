"""Graph files (``.gsg``): JSON with a ``format_version``, read and written safely.

``dumps`` writes one canonical text for a document (fixed field order, sorted params,
one node/edge/region/action per line), so saving, loading and saving again gives the
same bytes. ``loads`` never executes or imports anything named in the file: it checks
every field against fixed limits and the catalogue, builds the document through its
public edit methods (so the model's own checks apply), and turns any defect into one
``FileError`` (a ``DocumentError``) naming the place, such as
``lesson.gsg: nodes[3].params.shape: ...``. ``save`` is atomic and keeps the previous
file as ``<name>.gsg.bak``. Reading and checking live in ``reader``; older versions are
upgraded by ``migrations.MIGRATIONS``.
"""
import errno
import json
import os
import re
import secrets
import shutil
import stat
import time

from gradstudio.timeline import ACTIONS
from gradstudio.words import QT_TRANSLATE_NOOP, Number, translate

from . import reader
from .catalogue import IN_PLACE_KINDS
from .migrations import FORMAT_VERSION
from .model import Document, DocumentError
from .reader import LIMITS, FileError, check_view

__all__ = ["FORMAT_VERSION", "EXTENSION", "FileError", "LIMITS", "dumps", "loads", "save",
           "load", "write_atomically", "why_not_readable", "keep_backup", "why_not_saved",
           "stale_temporaries", "remove_stale_temporaries"]

EXTENSION = ".gsg"


# ----------------------------------------------------------------------------- writing
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))


CHUNK_NUMBERS = 20_000    # a long list is encoded this many numbers at a time


def _line(value):
    return _ENCODER.encode(value)     # (json.dumps would make an encoder for each line)


def _numbers(value):
    """How many numbers a nested list holds (read along its first items)."""
    n = 1
    while isinstance(value, list):
        if not value:
            return 0
        n, value = n * len(value), value[0]
    return n


def _chunked(value):
    """The JSON text of a JSON value, the same as ``_line``'s, with its long lists (a big
    literal) encoded a slice at a time: one call of the C encoder holds the interpreter
    for as long as it takes, so a file written in a worker thread (the window's
    autosave) would hold the window for seconds over a million numbers."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_ENCODER.encode(k)}: {_chunked(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list) and _numbers(value) > CHUNK_NUMBERS:
        step = max(1, CHUNK_NUMBERS * len(value) // _numbers(value))
        return "[" + ", ".join(_ENCODER.encode(value[i:i + step])[1:-1]
                               for i in range(0, len(value), step)) + "]"
    return _ENCODER.encode(value)


def _node_line(item):
    big = any(_numbers(v) > CHUNK_NUMBERS for v in item["params"].values())
    return _chunked(item) if big else _line(item)


def _sorted(d):
    return {k: d[k] for k in sorted(d)}


# params added to a kind after files had it, saved only when they differ from this default
_LATER = {"cross_entropy": {"label_smoothing": 0.0}, "eye": {"m": None}}


def _node_params(d):
    """A node's params as saved: arithmetic's ``in_place`` (added to ``add``, ``sub``,
    ``mul`` and ``div`` within format 6), cross_entropy's ``label_smoothing`` and eye's
    ``m`` only when set, so their files stay as they were (loading gives the default)."""
    later = dict(_LATER.get(d.kind, {}))
    if d.kind in IN_PLACE_KINDS:
        later["in_place"] = False
    return _sorted({k: v for k, v in d.params.items() if k not in later or v != later[k]})


def _action_params(a):
    """An action's params as saved: a setting its kind added later (``sparse``: an
    optimizer's ``groups``) only when set, so the files written before stay as they were
    (loading gives the default)."""
    sparse = ACTIONS[a.kind].sparse
    if not sparse:
        return _sorted(a.params)
    defaults = {name: d for name, _, d in ACTIONS[a.kind].settings}
    return _sorted({k: v for k, v in a.params.items()
                    if k not in sparse or v != defaults[k]})


def dumps(doc: Document) -> str:
    """The canonical file text of ``doc``: nodes in document order, edges in the
    document's stable edge order, params and view keys sorted, one item per line."""
    check_view(doc.view, lambda place, msg: DocumentError(
        translate(
                "Files", "The view state cannot be saved: {place}: {msg}").format(
                place=place, msg=msg)))
    rank = {n: i for i, n in enumerate(doc.node_ids)}
    nodes = [{"id": d.id, "kind": d.kind, "label": d.label, "params": _node_params(d),
              "position": [float(d.position[0]), float(d.position[1])],
              "retains_grad": bool(d.retains_grad), "watched": bool(d.watched),
              **({"recorded": d.recorded} if d.recorded is not None else {})}
             for d in doc.nodes()]
    edges = [{"source": u, "target": v, "port": k} for u, v, k in doc.edges()]
    regions = [{"id": r.id, "label": r.label, "nodes": sorted(r.nodes, key=rank.__getitem__)}
               for r in doc.regions.values()]
    timeline = [{"id": a.id, "kind": a.kind, "params": _action_params(a)} for a in doc.timeline]
    out = ["{", f'  "format_version": {FORMAT_VERSION},', f'  "seed": {_line(doc.seed)},']
    for name, items in (("nodes", nodes), ("edges", edges), ("regions", regions),
                        ("timeline", timeline)):
        if items:
            line = _node_line if name == "nodes" else _line
            body = ",\n".join("    " + line(item) for item in items)
            out.append(f'  "{name}": [\n{body}\n  ],')
        else:
            out.append(f'  "{name}": [],')
    if doc.lesson is not None:
        actions = {a.id for a in doc.timeline}
        lesson = doc.lesson.without(lambda i: doc.has_node(i) or i in actions)
        out.append(f'  "lesson": {_line(lesson.to_json())},')
    if doc.notes:
        notes = [n.to_json() for n in doc.notes.values()]
        for n in notes:
            if n["node"] is not None and not doc.has_node(n["node"]):
                n["node"] = None       # its node was deleted: the note stays, free
        body = ",\n".join("    " + _line(n) for n in notes)
        out.append(f'  "notes": [\n{body}\n  ],')
    if doc.exercise is not None:
        exercise = doc.exercise.without_missing(lambda i: doc.has_node(i))
        out.append(f'  "exercise": {_line(exercise.to_json())},')
    if doc.recorded_against is not None:
        out.append(f'  "recorded_against": {_line(doc.recorded_against)},')
    out.append(f'  "view": {_line(_sorted(doc.view))}')
    out.append("}")
    return "\n".join(out) + "\n"


def save(doc: Document, path):
    """Writes ``doc`` to ``path`` atomically (see ``write_atomically``); an existing file
    is kept as ``path + ".bak"``. On failure the file and its older ``.bak`` are left
    untouched and the ``FileError`` says what happened in words (``why_not_saved``).
    The window and the command line both save through it."""
    path = os.path.realpath(os.fspath(path))
    data = dumps(doc).encode("utf-8")
    existed, backed_up = os.path.exists(path), os.path.exists(path + ".bak")
    too_big = why_not_readable(doc, len(data))
    if too_big is not None:
        said = translate(
            "Files", "could not save because {reason}; the previous file is unchanged and the "
            "graph stays open.") if existed else translate(
            "Files", "could not save because {reason}; nothing was written and the graph "
            "stays open.")
        raise FileError(path, "", said.format(reason=too_big))
    try:
        write_atomically(path, data, backup=True)
    except OSError as e:
        raise FileError(path, "", why_not_saved(e, existed, backed_up)) from e


def why_not_readable(doc: Document, size: int):
    """Why the file text of ``doc`` (``size`` bytes of it) would be refused by the
    reader (``reader.LIMITS``: the file's bytes, nodes, edges, regions and actions), in
    words with what to do, or None: a save never writes a file that cannot be opened."""
    counts = ((QT_TRANSLATE_NOOP("Files", "nodes"), len(doc.graph), reader.MAX_NODES,
               QT_TRANSLATE_NOOP("Files", "remove some nodes")),
              (QT_TRANSLATE_NOOP("Files", "edges"), sum(1 for _ in doc.graph.edges()),
               reader.MAX_EDGES, QT_TRANSLATE_NOOP("Files", "remove some edges")),
              (QT_TRANSLATE_NOOP("Files", "no-grad regions"), len(doc.regions),
               reader.MAX_REGIONS, QT_TRANSLATE_NOOP("Files", "remove some regions")),
              (QT_TRANSLATE_NOOP("Files", "timeline actions"), len(doc.timeline),
               reader.MAX_ACTIONS, QT_TRANSLATE_NOOP("Files", "remove some actions")))
    for what, count, limit, todo in counts:
        if count > limit:
            return translate(
                "Files", "the graph has {count:,} {what}, more than the {limit:,} a graph file "
                "may hold ({todo} and save again)").format(
                count=Number(count), what=translate("Files", what), limit=Number(limit),
                todo=translate("Files", todo))
    if size > reader.MAX_BYTES:
        return translate(
            "Files", "the file would be {size:.1f} MB, more than the {most} MB GradStudio "
            "opens (make the large literals or datasets smaller and save again)").format(
            size=size / 2 ** 20, most=reader.MAX_BYTES // 2 ** 20)
    return None


# errno -> (what happened, what to do)
_REASONS = {
    errno.ENOSPC: (QT_TRANSLATE_NOOP("Files", "the disk is full"),
                   QT_TRANSLATE_NOOP("Files", "Free some space and save again.")),
    errno.EDQUOT: (QT_TRANSLATE_NOOP("Files", "your disk quota is used up"),
                   QT_TRANSLATE_NOOP("Files", "Free some space and save again.")),
    errno.EACCES: (QT_TRANSLATE_NOOP("Files", "permission was denied"),
                   QT_TRANSLATE_NOOP("Files", "Save it in a folder you can write to.")),
    errno.EPERM: (QT_TRANSLATE_NOOP("Files", "permission was denied"),
                  QT_TRANSLATE_NOOP("Files", "Save it in a folder you can write to.")),
    errno.EROFS: (QT_TRANSLATE_NOOP("Files", "the disk is read-only"),
                  QT_TRANSLATE_NOOP("Files", "Save it on another disk.")),
    errno.ENAMETOOLONG: (QT_TRANSLATE_NOOP("Files", "the file name is too long"),
                         QT_TRANSLATE_NOOP("Files", "Choose a shorter name.")),
    errno.ENOENT: (QT_TRANSLATE_NOOP("Files", "the folder does not exist"),
                   QT_TRANSLATE_NOOP("Files", "Choose an existing folder.")),
    errno.ENOTDIR: (QT_TRANSLATE_NOOP("Files", "part of the path is not a folder"),
                    QT_TRANSLATE_NOOP("Files", "Choose an existing folder.")),
    errno.EISDIR: (QT_TRANSLATE_NOOP("Files", "a folder has that name"),
                   QT_TRANSLATE_NOOP("Files", "Choose another name.")),
    errno.EIO: (QT_TRANSLATE_NOOP("Files", "the disk reported an error"),
                QT_TRANSLATE_NOOP("Files", "Check the disk and save again.")),
}


def why_not_saved(e: OSError, existed=True, backed_up=True) -> str:
    """What went wrong with a save, in words, with what to do about it, such as
    ``could not save because the disk is full (No space left on device); the previous
    file and its backup are unchanged. Free some space and save again.`` For a file
    that did not exist yet (``existed`` False) it says nothing was written there, and a
    folder the user may not write to calls for another folder."""
    what, todo = _REASONS.get(e.errno, (None, QT_TRANSLATE_NOOP(
        "Files", "Check the folder exists and is writable.")))
    what = what and translate("Files", what)
    todo = translate("Files", todo)
    detail = e.strerror or (str(e) if e.errno is None else "")
    if not detail or detail.strip().lower() == "unknown error":
        detail = ""
    if what is None:
        what = translate("Files", "the system gave no reason") if not detail else \
            translate("Files", "of an error")
    reason = f"{what} ({detail})" if detail and detail.lower() != what else what
    if not existed:
        if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            todo = translate("Files", "Choose another folder.")
        return translate("Files", "could not save there because {reason}; nothing was "
                         "written.").format(reason=reason) + " " + todo
    if backed_up:
        said = translate("Files", "could not save because {reason}; the previous file and "
                         "its backup are unchanged.")
    else:
        said = translate("Files", "could not save because {reason}; the previous file is "
                         "unchanged.")
    return said.format(reason=reason) + " " + todo


def write_atomically(path, data: bytes, backup=False):
    """Writes ``data`` to ``path`` so that a reader sees the old file or the new one,
    never half of it: the bytes go to a temporary file in the same folder, are flushed to
    disk and renamed over ``path`` (its permissions kept). With ``backup`` the file being
    replaced is kept as ``path + ".bak"``, and only once the new one is in place: a
    failure anywhere leaves ``path`` and the older ``.bak`` as they were. A symbolic link
    is followed: the file it points to is replaced, the link stays. Raises ``OSError``;
    nothing is left behind."""
    path = os.path.realpath(os.fspath(path))
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.{_tmp_tag()}.tmp")
    old_mode = stat.S_IMODE(os.stat(path).st_mode) if os.path.exists(path) else None
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o666)
    previous = None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if old_mode is not None:
            os.chmod(tmp, old_mode)
            if backup:
                previous = keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        if previous is not None:
            previous.discard()
        raise
    if previous is not None:
        previous.commit()
    _sync_folder(folder)


class _Backup:
    """The file about to be replaced, held under a temporary name next to its ``.bak``
    until the save is done: ``commit()`` makes it the ``.bak``, ``discard()`` drops it
    (the older ``.bak`` stays)."""

    def __init__(self, path, held):
        self.path, self.held = path, held

    def commit(self):
        """Done after the new file is in place; if this fails the save still stands and
        the older ``.bak`` is kept."""
        try:
            os.replace(self.held, self.path + ".bak")
        except OSError:
            _remove_quietly(self.held)

    def discard(self):
        _remove_quietly(self.held)


def keep_backup(path):
    """Holds the current ``path`` (its bytes, under a temporary name, without ever moving
    ``path``) to become ``path.bak`` once the save succeeds; returns the pending backup
    (``commit()`` / ``discard()``). Raises ``OSError``, leaving nothing behind."""
    tmp = f"{path}.bak.{_tmp_tag()}.tmp"
    try:
        os.link(path, tmp)              # same bytes, no copy; path itself stays in place
    except OSError:
        try:
            shutil.copyfile(path, tmp)
        except BaseException:
            _remove_quietly(tmp)
            raise
    return _Backup(path, tmp)


# ----------------------------------------------------------------------------- temporaries
# A save killed half-way leaves its temporary file: ".NAME.PID-XXXXXXXX.tmp" (the new
# bytes) or "NAME.bak.PID-XXXXXXXX.tmp" (the file being replaced, held for its .bak).
_TEMPORARY = re.compile(r"(?:\..+|.+\.bak)\.(?P<pid>\d{1,10})-[0-9a-f]{8}\.tmp\Z")
STALE_AFTER = 24 * 3600        # seconds: older than this, a temporary is stale whoever made it


def _tmp_tag():
    """What makes a temporary's name ours and unique: this process's id and 8 random hex
    digits (the id tells a later start whether its writer still runs)."""
    return f"{os.getpid()}-{secrets.token_hex(4)}"


def _running(pid):
    """Whether process ``pid`` runs on this machine (True when that cannot be told)."""
    if pid == os.getpid():
        return True
    if os.name == "nt":
        return True                      # (no cheap check: the age rule applies)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True                      # someone else's process
    return True


def stale_temporaries(folder, now=None):
    """The temporary files a killed save left in ``folder``: files named as only
    ``write_atomically`` and ``keep_backup`` name them, whose writing process is gone
    (or that are more than a day old). Nothing else is ever listed."""
    now = time.time() if now is None else now
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return found
    for entry in entries:
        match = _TEMPORARY.match(entry.name)
        if match is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if age > STALE_AFTER or not _running(int(match["pid"])):
            found.append(entry.path)
    return sorted(found)


def remove_stale_temporaries(folders):
    """Removes ``stale_temporaries`` of each folder; returns the paths removed."""
    removed = []
    for folder in dict.fromkeys(os.fspath(f) for f in folders):
        for path in stale_temporaries(folder):
            try:
                os.remove(path)
            except OSError:
                continue
            removed.append(path)
    return removed


def _remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _sync_folder(folder):
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return                           # not possible on every platform
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ----------------------------------------------------------------------------- reading
def load(path, progress=None) -> Document:
    """Reads a graph file. Any problem (missing file, too big, not UTF-8 JSON, a defect
    anywhere) raises ``FileError`` naming the file and the place. ``progress`` is
    ``reader.read``'s (called as nodes and edges are checked; may raise to stop)."""
    source = os.fspath(path)
    try:
        with open(source, "rb") as f:
            data = f.read(reader.MAX_BYTES + 1)
    except OSError as e:
        raise FileError(source, "", translate("Files", "could not open the file "
                                              "({reason}).").format(
            reason=e.strerror or e)) from None
    return loads(data, source=source, progress=progress)


def loads(text, *, source="<string>", progress=None) -> Document:
    """Builds a document from file text (``str`` or UTF-8 ``bytes``); any defect raises
    one ``FileError`` naming ``source`` and the place in the file."""
    return reader.read(text, source, progress)
