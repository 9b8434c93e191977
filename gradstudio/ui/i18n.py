"""The window's languages: English (the source), German and Spanish (issue 34).

Every string a person reads in the window goes through Qt's translations:
``translate("Context", "text")`` (``QCoreApplication.translate``; one context per module
or panel) where it is shown, and ``QT_TRANSLATE_NOOP("Context", "text")`` where a module
keeps it in a constant. ``pyside6-lupdate`` collects them into
``gradstudio/resources/i18n/gradstudio_<lang>.ts`` and ``pyside6-lrelease`` compiles
those to the ``.qm`` files that ship with the package (``python -m
gradstudio.ui.i18n_update``; a test keeps the ``.qm`` files up to date with the ``.ts``).
What PyTorch prints (tensor reprs, ``grad_fn`` names, errors of the engine, exported
code) is never translated.

The language is chosen once, at start-up, before the window is built
(``chosen_language``): ``--lang``, else ``GRADSTUDIO_LANG``, else View ▸ Language (the
setting ``ui/language``), else the system's locale; anything else is English.
``install_translators`` installs GradStudio's translator and Qt's own (the buttons of
standard dialogs), and hands ``QCoreApplication.translate`` to ``gradstudio.words`` so the
sentences of the layers below the window (which import no Qt) are translated too, and
``QLocale``'s way of writing numbers as ``words.number`` (``Number(n)`` as a field of a
translated sentence: ``1.000`` in German), so counts follow the language as well.
The command line installs nothing: what ``gradstudio run/trace/explain`` prints stays
English."""
import os

from PySide6.QtCore import (QCoreApplication, QLibraryInfo, QLocale, QT_TRANSLATE_NOOP,
                            QTranslator)

from gradstudio import words
from gradstudio.resources import resource_path

__all__ = ["LANGUAGES", "SETTING", "ENV", "translate", "QT_TRANSLATE_NOOP",
           "chosen_language", "install_translators", "language_code", "qm_path",
           "installed_language", "split_lang_option", "add_language_menu", "locale_number",
           "number", "Number"]

LANGUAGES = {"en": "English", "de": "Deutsch", "es": "Español"}   # (their own names)
SETTING = "ui/language"          # "" (the system's) or a key of LANGUAGES
ENV = "GRADSTUDIO_LANG"
translate = QCoreApplication.translate
number, Number = words.number, words.Number    # numbers in the window's language

_installed = []                  # the translators installed now (Qt holds no reference)
_language = ["en"]


def language_code(name):
    """The key of ``LANGUAGES`` that ``name`` (``"de"``, ``"de_DE.UTF-8"``, ``"es-MX"``)
    names, or None."""
    if not name:
        return None
    code = str(name).strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGUAGES else None


def chosen_language(settings=None, asked=None):
    """The language to start in: ``asked`` (``--lang``), ``$GRADSTUDIO_LANG``, the
    setting, the system's locale, English; the first that is one of ``LANGUAGES``."""
    setting = settings.value(SETTING, "") if settings is not None else ""
    for name in (asked, os.environ.get(ENV), setting, QLocale.system().name()):
        code = language_code(name)
        if code is not None:
            return code
    return "en"


def qm_path(code):
    """The compiled translation of ``code`` shipped with the package."""
    return resource_path("i18n") / f"gradstudio_{code}.qm"


def install_translators(app, code):
    """Installs the translators of ``code`` on ``app`` (and removes those installed
    before): GradStudio's and Qt's own. English installs none. Returns whether
    GradStudio's translation was found."""
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    _language[0] = "en"
    words.install(None)
    words.install_number(None)
    if code == "en" or code not in LANGUAGES:
        return code == "en"
    ours = QTranslator(app)
    if not ours.load(str(qm_path(code))):
        return False
    qt = QTranslator(app)
    if qt.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    app.installTranslator(ours)
    _installed.append(ours)
    _language[0] = code
    words.install(translate)
    words.install_number(locale_number(QLocale(code)))
    return True


def locale_number(locale):
    """The ``gradstudio.words.number`` hook writing numbers as ``locale`` does: German
    ``1.000`` and ``0,25``, Spanish ``1000``, ``12.345`` and ``0,25`` (Qt's CLDR rules)."""
    def write(value, decimals=None):
        if decimals is None and isinstance(value, int) and not isinstance(value, bool):
            return locale.toString(value)
        if decimals is None:
            return locale.toString(float(value), "g", 6)
        return locale.toString(float(value), "f", decimals)
    return write


def installed_language():
    """The language whose translators are installed ("en" when none are)."""
    return _language[0]


def split_lang_option(args):
    """``(language asked or None, the other arguments)``: ``--lang CODE`` or
    ``--lang=CODE`` taken out of a command line's arguments."""
    asked, rest, words = None, [], iter(args)
    for word in words:
        if word == "--lang":
            asked = next(words, None)
        elif word.startswith("--lang="):
            asked = word.split("=", 1)[1]
        else:
            rest.append(word)
    return asked, rest


def add_language_menu(window, view_menu):
    """View ▸ Language: the system's language or one of ``LANGUAGES``, kept in the
    window's settings and used from the next start (the window is built in one)."""
    from PySide6.QtGui import QAction, QActionGroup
    menu = view_menu.addMenu(translate("Language", "&Language"))
    menu.setToolTipsVisible(True)
    group = QActionGroup(menu)
    current = window.settings.value(SETTING, "") or ""
    choices = [("", translate("Language", "System Language"))] + list(LANGUAGES.items())
    for code, name in choices:
        action = QAction(name, menu)
        action.setCheckable(True)
        action.setChecked(code == current)
        action.setData(code)
        action.setStatusTip(translate("Language", "Used from the next start of GradStudio"))
        group.addAction(action)
        menu.addAction(action)
    settings, bar = window.settings, window.statusBar()

    def chosen(action):
        settings.setValue(SETTING, action.data())
        settings.sync()
        bar.showMessage(translate("Language", "The language changes when GradStudio starts "
                                  "again."), 10000)

    group.triggered.connect(chosen)
    window.language_menu = menu
    return menu
