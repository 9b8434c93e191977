"""The sentences GradStudio's lower layers write for a person (why a node has no grad_fn,
the step-through, a timeline action's explanation, a file's error), made translatable
without Qt.

Below the window nothing imports Qt, so these layers mark each sentence with
``translate("Context", "text")`` (fields by name, filled by ``.format`` after
translating, never an f-string) or, for a constant, ``QT_TRANSLATE_NOOP("Context",
"text")`` and ``translate("Context", CONSTANT)`` where it is shown: the same spelling
the window uses, so ``pyside6-lupdate`` collects both into the same ``.ts`` files
(``python -m gradstudio.ui.i18n_update``).

``translate`` returns the text unchanged (English: the command line, the tracer's child
process, the tests of the document) until the window installs a translator at start-up
(``install(QCoreApplication.translate)``, done by ``gradstudio.ui.i18n``). What PyTorch
writes (its errors, tensor reprs, ``grad_fn`` names) and the exported code never pass
through here.
"""
__all__ = ["translate", "QT_TRANSLATE_NOOP", "install", "installed"]

_translator = [None]


def translate(context, text):
    """``text`` in the language the window installed (``context`` is the module's
    translation context, as in Qt); the English ``text`` when none is installed."""
    function = _translator[0]
    return text if function is None else function(context, text)


def QT_TRANSLATE_NOOP(context, text):            # noqa: N802 (Qt's name, read by lupdate)
    """Marks ``text`` for translation in ``context`` where it is kept in a constant;
    returns it unchanged (translate it where it is shown)."""
    return text


def install(function):
    """Makes ``function(context, text)`` the translator of ``translate`` (None: English)."""
    _translator[0] = function


def installed():
    """The translator installed now, or None."""
    return _translator[0]
