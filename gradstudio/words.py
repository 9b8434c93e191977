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

A sentence made where no translator can be (the tracer's child process, which writes
JSON for the window) is kept as a ``Said``: its context, its English text and its fields,
translated where it is shown (``Said.shown()``), so the window reads it in its language
and the command line in English. A count in a sentence is a ``Number``: the window's
``number`` hook writes it as the window's language does (``1.000`` in German), English
writes ``1,000``.
"""
__all__ = ["translate", "QT_TRANSLATE_NOOP", "install", "installed", "number",
           "install_number", "Said", "Number", "shown"]

_translator = [None]
_number = [None]


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


def number(value, decimals=None):
    """``value`` written as the window's language writes numbers: a count with its
    thousands grouped (``1,000``; German ``1.000``), a float with ``decimals`` digits after
    the point, or (``decimals`` None) as ``:g`` writes it. English until the window installs
    its hook (``install_number``, Qt's ``QLocale``)."""
    function = _number[0]
    if function is not None:
        return function(value, decimals)
    if decimals is not None:
        return f"{value:,.{decimals}f}"
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def install_number(function):
    """Makes ``function(value, decimals)`` the writer of ``number`` (None: English)."""
    _number[0] = function


class Number:
    """A number in a sentence a person reads, written by ``number`` where the sentence is
    filled: in a ``Said``, or as a field of ``translate(...).format(count=Number(n))``,
    where ``{count}`` and ``{count:,}`` group its thousands and ``{v:.1f}`` keeps one
    decimal, in the installed language."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __str__(self):
        return number(self.value)

    def __format__(self, spec):
        spec = spec.replace(",", "")
        if spec.startswith(".") and spec.endswith("f") and spec[1:-1].isdigit():
            return number(self.value, int(spec[1:-1]))
        if spec in ("", "d", "g"):
            return number(self.value)
        return format(self.value, spec)

    def to_json(self):
        return {"number": self.value}


class Said:
    """A sentence kept as its parts, to be translated where it is shown:
    ``Said("Trace", QT_TRANSLATE_NOOP("Trace", "line {line} ..."), line=3)``. A field is
    text (not translated: a name, code), a ``Number`` or another ``Said``. ``str()`` is
    the English sentence; ``shown()`` the sentence in the installed language; it travels
    as JSON (``to_json``/``from_json``)."""
    __slots__ = ("context", "text", "fields")

    def __init__(self, context, text, **fields):
        self.context, self.text, self.fields = context, text, fields

    def __str__(self):
        if not self.fields:
            return self.text
        return self.text.format(**{k: _english(v) for k, v in self.fields.items()})

    def __repr__(self):
        return f"Said({self.context!r}, {str(self)!r})"

    def shown(self):
        """The sentence in the language installed now."""
        if not self.fields:
            return translate(self.context, self.text)
        return translate(self.context, self.text).format(
            **{k: shown(v) for k, v in self.fields.items()})

    def to_json(self):
        return {"context": self.context, "text": self.text,
                "fields": {k: v.to_json() if isinstance(v, (Said, Number)) else v
                           for k, v in self.fields.items()}}

    @staticmethod
    def from_json(data):
        """The ``Said`` (or ``Number``, or plain value) ``to_json`` wrote; a plain string
        stays itself."""
        if isinstance(data, dict) and set(data) == {"number"}:
            return Number(data["number"])
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            return data
        fields = data.get("fields") if isinstance(data.get("fields"), dict) else {}
        return Said(str(data.get("context", "")), data["text"],
                    **{str(k): Said.from_json(v) for k, v in fields.items()})


def _english(value):
    if isinstance(value, Number):
        return f"{value.value:,}" if isinstance(value.value, int) else f"{value.value:g}"
    return str(value)


def shown(value):
    """``value`` as a person reads it now: a ``Said`` translated, a ``Number`` written
    in the installed language, anything else as ``str``."""
    if isinstance(value, Said):
        return value.shown()
    if isinstance(value, Number):
        return number(value.value)
    return str(value)
