"""Keeps the translations in step with the code: ``python -m gradstudio.ui.i18n_update``.

``pyside6-lupdate`` reads every ``translate("Context", "text")`` and
``QT_TRANSLATE_NOOP`` of ``gradstudio/ui`` and of the layers below it that write
sentences (``gradstudio.words``: the document, the timeline's actions) into ``gradstudio/resources/i18n/
gradstudio_<lang>.ts`` (a new string arrives there unfinished, a string gone from the
code is dropped), then ``pyside6-lrelease`` compiles each ``.ts`` to the ``.qm`` that
ships with the package. Translate the unfinished messages (Qt Linguist, or any editor;
the glossary is in ``docs/translations.md``) and run it again. Both tools come with
PySide6; ``tests/ui/test_translations.py`` fails when a ``.qm`` is older than its
``.ts`` or a string is untranslated."""
import subprocess
import sys
from pathlib import Path

import PySide6

from gradstudio.resources import resource_path

__all__ = ["UI_DIR", "WORDS_SOURCES", "ts_path", "sources", "tool", "update_ts", "compile_qm", "main"]

UI_DIR = Path(__file__).resolve().parent
PACKAGE = UI_DIR.parent
# the layers below the window whose sentences go through gradstudio.words.translate (the
# tracer's child marks its refusals, which the window translates: gradstudio.words.Said)
WORDS_SOURCES = ("document", "timeline", "trace", "vocabulary.py", "hook_text.py",
                 "function_text.py")
TRANSLATED = ("de", "es")


def ts_path(code):
    """The translation source of language ``code``."""
    return resource_path("i18n") / f"gradstudio_{code}.ts"


def sources():
    """The Python files whose strings are translated: the window's and those of the
    layers below it (``WORDS_SOURCES``)."""
    files = set(UI_DIR.rglob("*.py"))
    for name in WORDS_SOURCES:
        path = PACKAGE / name
        files.update(path.rglob("*.py") if path.is_dir() else [path])
    return sorted(str(p) for p in files)


def tool(name):
    """The path of PySide6's ``lupdate`` or ``lrelease``."""
    here = Path(PySide6.__file__).parent
    for candidate in (here / name, here / f"{name}.exe", here / "Qt" / "libexec" / name):
        if candidate.exists():
            return str(candidate)
    return f"pyside6-{name}"


def update_ts(ts_files):
    """Collects the strings of ``sources()`` into ``ts_files`` (no line numbers, so a
    moved line changes nothing; strings no longer in the code dropped)."""
    subprocess.run([tool("lupdate"), *sources(), "-locations", "none", "-no-obsolete",
                    "-ts", *map(str, ts_files)], check=True, capture_output=True)


def compile_qm(ts, qm):
    """Compiles ``ts`` to ``qm``."""
    subprocess.run([tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True,
                   capture_output=True)


def main():
    from gradstudio.ui.i18n import qm_path
    update_ts([ts_path(code) for code in TRANSLATED])
    for code in TRANSLATED:
        compile_qm(ts_path(code), qm_path(code))
    return 0


if __name__ == "__main__":
    sys.exit(main())
