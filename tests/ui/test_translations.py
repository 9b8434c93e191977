"""The shipped translations (issue 34): every string of the code is in each ``.ts``
source and translated there, with its fields ({name}) and its menu accelerator kept;
the compiled ``.qm`` files are those ``pyside6-lrelease`` makes of the ``.ts`` today;
the language is chosen from --lang, $GRADSTUDIO_LANG, the setting, the system."""
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QSettings

from gradstudio.ui import i18n, i18n_update

CODES = ("de", "es")


def messages(path):
    """``[(context, source, translation element)]`` of a ``.ts`` file."""
    out = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.find("name").text
        for m in context.iter("message"):
            out.append((name, m.find("source").text, m.find("translation")))
    return out


def _fields(text):
    return sorted(re.findall(r"\{[^{}]*\}", text))


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_translated_with_its_fields_and_accelerator(code):
    found = messages(i18n_update.ts_path(code))
    assert len(found) > 500
    problems = []
    for context, source, tr in found:
        text = tr.text or ""
        if tr.get("type") in ("unfinished", "vanished", "obsolete") or not text.strip():
            problems.append(("untranslated", context, source))
        elif [f for f in _fields(source) if f != "{article}"] != _fields(text):
            problems.append(("fields", context, source, text))
        elif re.search(r"&[^&\s]", source) and not re.search(r"&[^&\s]", text):
            problems.append(("accelerator", context, source, text))
    assert not problems, problems


def test_the_ts_files_hold_every_string_of_the_code_and_no_other(tmp_path):
    """lupdate run on the code today finds nothing new for the ``.ts`` files, and no
    string they hold has left the code."""
    for code in CODES:
        shipped = {(c, s) for c, s, _ in messages(i18n_update.ts_path(code))}
        copy = tmp_path / f"gradstudio_{code}.ts"
        shutil.copy(i18n_update.ts_path(code), copy)
        i18n_update.update_ts([copy])
        now = messages(copy)
        new = [(c, s) for c, s, tr in now if tr.get("type") == "unfinished"]
        assert not new, f"strings not in gradstudio_{code}.ts yet (run python -m " \
                        f"gradstudio.ui.i18n_update and translate them): {new}"
        assert {(c, s) for c, s, _ in now} == shipped


def test_the_qm_files_are_compiled_from_the_ts_files(tmp_path):
    for code in CODES:
        fresh = tmp_path / f"gradstudio_{code}.qm"
        i18n_update.compile_qm(i18n_update.ts_path(code), fresh)
        assert fresh.read_bytes() == i18n.qm_path(code).read_bytes(), \
            f"gradstudio_{code}.qm is older than its .ts: run python -m gradstudio.ui.i18n_update"


def test_the_language_comes_from_the_option_the_environment_the_setting_the_system(
        tmp_path, monkeypatch):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    monkeypatch.delenv(i18n.ENV, raising=False)
    monkeypatch.setattr(i18n.QLocale, "system", staticmethod(lambda: i18n.QLocale("es_MX")))
    assert i18n.chosen_language(settings) == "es"             # the system's
    settings.setValue(i18n.SETTING, "de")
    assert i18n.chosen_language(settings) == "de"             # View ▸ Language
    monkeypatch.setenv(i18n.ENV, "en_GB.UTF-8")
    assert i18n.chosen_language(settings) == "en"             # $GRADSTUDIO_LANG
    assert i18n.chosen_language(settings, asked="es") == "es"  # --lang
    monkeypatch.setenv(i18n.ENV, "fr")                         # not shipped: next one
    assert i18n.chosen_language(settings) == "de"
    assert i18n.split_lang_option(["--lang", "de", "a.gsg"]) == ("de", ["a.gsg"])
    assert i18n.split_lang_option(["--lang=es"]) == ("es", [])


def test_installing_a_language_translates_and_english_removes_it(qapp):
    from PySide6.QtCore import QCoreApplication
    try:
        assert i18n.install_translators(qapp, "de")
        assert QCoreApplication.translate("WindowMenus", "&File") == "&Datei"
        assert i18n.install_translators(qapp, "es")
        assert QCoreApplication.translate("WindowMenus", "&File") == "&Archivo"
    finally:
        i18n.install_translators(qapp, "en")
    assert QCoreApplication.translate("WindowMenus", "&File") == "&File"


def test_the_window_starts_in_the_language_asked_on_the_command_line(qapp, qtbot, tmp_path,
                                                                     monkeypatch):
    import sys
    from gradstudio.ui import main_window
    monkeypatch.delenv(i18n.ENV, raising=False)
    hook = sys.excepthook
    try:
        _, window, previous = main_window._shown_window(
            ["--lang", "es"], str(tmp_path / "settings.ini"))
        qtbot.addWidget(window)
        window.ask_save_changes = lambda: main_window.QMessageBox.StandardButton.Discard
        assert [a.text() for a in window.menuBar().actions()][0] == "&Archivo"
        assert window.docks["timeline"].windowTitle() == "Línea de tiempo"
    finally:
        i18n.install_translators(qapp, "en")
        sys.excepthook = hook
