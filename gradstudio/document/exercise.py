"""Predict, then check: a document's exercise.

A teacher marks what a student must predict about the program's run (``Question``): a
tensor's values, its ``.grad``, its ``grad_fn`` name or whether it requires grad (at a
timeline step, the end by default), or which step of the timeline raises and what it
says. The student's predictions and whether each was right (``Attempt``) are kept with
the exercise, so progress is saved in the file. ``check`` compares a prediction with the
engine's run: numbers within the question's tolerance, names and flags exactly.

An exercise is a learning aid, not an exam: the answers are in the file, and anyone can
read it. The window only keeps them out of sight until checked (``hidden``).

An ``Exercise`` is immutable: editing one makes a new one (``with_question``,
``without_question``, ``with_attempt``), so an undo step holds the old and the new.
In the file (format 5) it is the optional ``"exercise"`` object (``to_json``);
``from_json`` checks every field and turns any defect into the reader's located error.
"""
import ast
import math
import re
from dataclasses import dataclass, field, replace

import numpy as np
from gradstudio.words import QT_TRANSLATE_NOOP, Number, translate

__all__ = ["ASKS", "Question", "Attempt", "Exercise", "Verdict", "check", "expected_text",
           "hidden", "parse_numbers", "ASK_TITLES", "EXERCISE_LIMITS", "LEARNING_AID",
           "HiddenState", "shown_state", "HIDDEN_TEXT", "hides_errors"]

ASKS = ("value", "grad", "grad_fn", "requires_grad", "raises")
ASK_TITLES = {"value": "its values", "grad": "its .grad", "grad_fn": "its grad_fn",
              "requires_grad": "requires_grad", "raises": "which step raises, and what"}
MAX_QUESTIONS = 200
MAX_ANSWER = 2000                 # characters of one prediction
MAX_TITLE = 200
DEFAULT_TOLERANCE = 1e-4
EXERCISE_LIMITS = dict(questions=MAX_QUESTIONS, answer=MAX_ANSWER, title=MAX_TITLE)
LEARNING_AID = ("A learning aid, not an exam: the answers are in the file, and are only "
                "kept out of sight until you check.")


@dataclass(frozen=True)
class Question:
    """What to predict: ``asks`` (one of ``ASKS``) about node ``node`` (None for
    ``raises``) at timeline ``step`` (0: after the forward pass, i: after the i-th
    action, -1: the end); numbers count as right within ``tolerance``."""
    id: str
    asks: str
    node: str | None = None
    step: int = -1
    tolerance: float = DEFAULT_TOLERANCE


@dataclass(frozen=True)
class Attempt:
    """The student's last prediction for a question and whether the run agreed."""
    answer: str
    correct: bool


@dataclass(frozen=True)
class Exercise:
    """``questions`` in order, ``attempts`` by question id, a ``title``."""
    questions: tuple = ()
    attempts: dict = field(default_factory=dict)
    title: str = ""

    def question(self, question_id):
        for q in self.questions:
            if q.id == question_id:
                return q
        raise KeyError(question_id)

    def new_question_id(self):
        taken = {q.id for q in self.questions}
        k = len(self.questions) + 1
        while f"q{k}" in taken:
            k += 1
        return f"q{k}"

    def with_question(self, question):
        if len(self.questions) >= MAX_QUESTIONS:
            raise ValueError(translate(
                    "Exercise", "An exercise holds at most {MAX_QUESTIONS} questions.").format(
                    MAX_QUESTIONS=MAX_QUESTIONS))
        _check_question(question, lambda place, msg: ValueError(msg))
        kept = tuple(q for q in self.questions if q.id != question.id)
        return replace(self, questions=kept + (question,))

    def without_question(self, question_id):
        return replace(self, questions=tuple(q for q in self.questions if q.id != question_id),
                       attempts={k: v for k, v in self.attempts.items() if k != question_id})

    def with_attempt(self, question_id, attempt):
        self.question(question_id)
        return replace(self, attempts={**self.attempts, question_id: attempt})

    def without_attempts(self):
        return replace(self, attempts={})

    def solved(self, question_id):
        a = self.attempts.get(question_id)
        return a is not None and a.correct

    def without_missing(self, exists):
        """The exercise without questions about nodes ``exists(id)`` denies (a node the
        teacher deleted since)."""
        gone = [q.id for q in self.questions if q.node is not None and not exists(q.node)]
        ex = self
        for q in gone:
            ex = ex.without_question(q)
        return ex

    # --------------------------------------------------------------- file form
    def to_json(self):
        return {"title": self.title,
                "questions": [{"id": q.id, "asks": q.asks, "node": q.node, "step": q.step,
                               "tolerance": q.tolerance} for q in self.questions],
                "attempts": {k: {"answer": a.answer, "correct": a.correct}
                             for k, a in sorted(self.attempts.items())}}

    @classmethod
    def from_json(cls, value, fail, exists):
        """Checks the file's ``exercise`` object; ``fail(place, message)`` makes the error
        to raise, ``exists(id)`` tells whether a node id exists."""
        _obj(value, "exercise", fail, (), ("title", "questions", "attempts"))
        title = value.get("title", "")
        if not isinstance(title, str) or len(title) > MAX_TITLE:
            raise fail("exercise.title", translate(
                    "Reader", "must be a text of at most {MAX_TITLE} characters.").format(
                    MAX_TITLE=MAX_TITLE))
        raw = value.get("questions", [])
        if not isinstance(raw, list) or len(raw) > MAX_QUESTIONS:
            raise fail("exercise.questions", translate(
                    "Reader", "must be a list of at most {MAX_QUESTIONS}.").format(
                    MAX_QUESTIONS=MAX_QUESTIONS))
        questions, seen = [], set()
        for i, q in enumerate(raw):
            place = f"exercise.questions[{i}]"
            _obj(q, place, fail, ("id", "asks"), ("node", "step", "tolerance"))
            question = Question(q["id"], q["asks"], q.get("node"), q.get("step", -1),
                                q.get("tolerance", DEFAULT_TOLERANCE))
            _check_question(question, fail, place)
            if question.node is not None and not exists(question.node):
                raise fail(f"{place}.node", translate(
                        "Reader", "node '{node}' does not exist.").format(
                        node=str(question.node)[:40]))
            if question.id in seen:
                raise fail(f"{place}.id", translate(
                        "Reader", "'{id}' is used twice.").format(
                        id=question.id))
            seen.add(question.id)
            questions.append(question)
        attempts = {}
        raw = value.get("attempts", {})
        _obj(raw, "exercise.attempts", fail, (), tuple(seen))
        for k, a in raw.items():
            place = f"exercise.attempts.{k}"
            _obj(a, place, fail, ("answer", "correct"))
            if not isinstance(a["answer"], str) or len(a["answer"]) > MAX_ANSWER:
                raise fail(f"{place}.answer", translate(
                        "Reader", "must be a text of at most {MAX_ANSWER} characters.").format(
                        MAX_ANSWER=MAX_ANSWER))
            if not isinstance(a["correct"], bool):
                raise fail(f"{place}.correct", translate("Reader", "must be true or false."))
            attempts[k] = Attempt(a["answer"], a["correct"])
        return cls(tuple(questions), attempts, title)


_ID = re.compile(r"[A-Za-z0-9_.:\-]{1,64}\Z")


def _obj(v, place, fail, required, optional=()):
    if not isinstance(v, dict):
        raise fail(place, translate("Reader", "must be an object { ... }."))
    if getattr(v, "duplicate", None) is not None:
        raise fail(place, translate("Reader", "has a field that appears twice."))
    for key in v:
        if key not in required and key not in optional:
            raise fail(place, translate(
                    "Reader", "unknown field '{key}'.").format(
                    key=str(key)[:40]))
    for key in required:
        if key not in v:
            raise fail(place, translate(
                    "Reader", "the field '{key}' is missing.").format(
                    key=key))


def _check_question(q, fail, place="question"):
    if not isinstance(q.id, str) or not _ID.match(q.id):
        raise fail(f"{place}.id", translate(
                "Reader", "must be an id: 1 to 64 letters, digits or _ . : -."))
    if q.asks not in ASKS:
        raise fail(f"{place}.asks", translate(
                "Reader", "must be one of {value}.").format(
                value=', '.join(ASKS)))
    if (q.asks == "raises") != (q.node is None):
        raise fail(f"{place}.node", translate(
                "Reader", "a 'raises' question names no node; every other question names one."))
    if q.node is not None and (not isinstance(q.node, str) or not _ID.match(q.node)):
        raise fail(f"{place}.node", translate("Reader", "must be a node id."))
    if isinstance(q.step, bool) or not isinstance(q.step, int) or not -1 <= q.step <= 100_000:
        raise fail(f"{place}.step", translate(
                "Reader", "must be a whole number from -1 (the end) to 100,000."))
    t = q.tolerance
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= 1e6 \
            or math.isnan(t):
        raise fail(f"{place}.tolerance", translate(
                "Reader", "must be a number from 0 to 1,000,000."))


# ------------------------------------------------------------------------ hiding
def hidden(exercise, node_id):
    """The fields of ``node_id``'s state the window keeps out of sight: those asked
    about and not yet answered right (a set of ``ASKS`` names; ``"raises"`` for the
    errors of every node and step while a raises question is open)."""
    if exercise is None:
        return frozenset()
    out = set()
    for q in exercise.questions:
        if exercise.solved(q.id):
            continue
        if q.asks == "raises":
            out.add("raises")
        elif q.node == node_id:
            out.add(q.asks)
            if q.asks == "requires_grad":
                out.add("is_leaf")        # a non-leaf requires grad: it would tell
    return frozenset(out)


def hides_errors(exercise):
    """Whether the timeline's errors are kept out of sight: a 'which step raises'
    question is open."""
    return exercise is not None and any(
        q.asks == "raises" and not exercise.solved(q.id) for q in exercise.questions)


# ------------------------------------------------------------------------ checking
@dataclass(frozen=True)
class Verdict:
    """``correct``; ``expected`` the run's answer as text (show it only once checked);
    ``message`` one sentence for the student."""
    correct: bool
    expected: str
    message: str


def _state(result, q):
    return result.state(q.node, q.step)


def _first_raise(result):
    """``(step, error)`` of the first timeline action that raised (1-based), or None."""
    for i, o in enumerate(result.outcomes):
        if o.error:
            return i + 1, o.error
    return None


def expected_text(question, result):
    """The run's answer to ``question``, as a student would type it."""
    q = question
    if q.asks == "raises":
        found = _first_raise(result)
        return translate("Exercise", "no step raises") if found is None else translate(
            "Exercise", "step {step}: {error}").format(step=found[0], error=found[1])
    s = _state(result, q)
    if q.asks == "value":
        return s.text if s.ok else s.error
    if q.asks == "grad":
        return s.grad_text
    if q.asks == "grad_fn":
        return str(s.grad_fn)
    return str(s.requires_grad)


_TENSOR = re.compile(r"\A\s*tensor\((?P<body>.*?)(?:,\s*(?:requires_grad|grad_fn|dtype)\b.*)?"
                     r"\)\s*\Z", re.S)


def parse_numbers(text):
    """The numbers a student typed: ``4.5``, ``[[4.5, 4.5], [4.5, 4.5]]`` or PyTorch's
    print text ``tensor([4.5000, 4.5000], requires_grad=True)``; None when it is not
    numbers. ``nan`` and ``inf`` are understood."""
    m = _TENSOR.match(text)
    body = m["body"] if m else text
    body = re.sub(r"(?<![\w.])-?inf\b", lambda t: t[0].replace("inf", "1e999"), body)
    body = re.sub(r"(?<![\w.])nan\b", "None", body)
    body = body.replace("True", "1").replace("False", "0")
    try:
        tree = ast.literal_eval(body.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    try:
        arr = np.array(tree, dtype=float)
    except (TypeError, ValueError):
        return None
    return arr


_TYPE_STEP = QT_TRANSLATE_NOOP("Exercise", "Type the step and its error, as in 3: "
                               "RuntimeError: …, or none.")


def _right():
    return translate("Exercise", "Right.")


def _numbers_verdict(predicted, actual, tol, expected):
    if actual is None:
        return Verdict(predicted.strip().lower() == "none", expected, translate(
            "Exercise", "There is no tensor there: the answer is None.")
            if predicted.strip().lower() != "none" else translate("Exercise", "Right: None."))
    got = parse_numbers(predicted)
    if got is None:
        return Verdict(False, expected, translate(
            "Exercise", "Type numbers, such as 4.5 or [[4.5, 4.5], [4.5, 4.5]], or None."))
    want = np.asarray(actual, dtype=float)
    if got.shape != want.shape and not (got.size == 1 and want.size == 1):
        return Verdict(False, expected, translate(
            "Exercise", "The shape differs: you typed {typed}, the tensor has {shape}.").format(
            typed=tuple(got.shape), shape=tuple(want.shape)))
    got = got.reshape(want.shape)
    close = np.isclose(got, want, rtol=0.0, atol=tol, equal_nan=True) | (got == want)
    if close.all():
        return Verdict(True, expected, _right())
    wrong = int((~close).sum())
    return Verdict(False, expected, translate(
        "Exercise", "{wrong} of {count} numbers differ by more than {tolerance}.").format(
        wrong=Number(wrong), count=Number(int(want.size)), tolerance=Number(tol)))


def _name(text):
    text = text.strip()
    m = re.match(r"<?\s*([A-Za-z_][A-Za-z0-9_]*)", text)
    return m[1] if m else text


def _raises_verdict(predicted, result, expected):
    found = _first_raise(result)
    p = predicted.strip()
    if found is None:
        ok = p.lower() in ("none", "no step raises", "no step", "no",
                           translate("Exercise", "no step raises").lower())
        return Verdict(ok, expected, translate("Exercise", "Right: no step raises.") if ok
                       else translate("Exercise", _TYPE_STEP))
    m = re.match(r"\A(?:step\s*)?(\d+)\s*[:.)-]?\s*(.*)\Z", p, re.S | re.I)
    if m is None:
        return Verdict(False, expected, translate("Exercise", _TYPE_STEP))
    step, said = int(m[1]), " ".join(m[2].split()).lower()
    if step != found[0]:
        return Verdict(False, expected, translate(
            "Exercise", "Step {step} does not raise.").format(step=step))
    error = " ".join(found[1].split()).lower()
    if len(said) < 8 or said not in error:
        return Verdict(False, expected, translate(
            "Exercise", "The step is right; now type a part of its message (8 characters "
            "or more, as it is printed)."))
    return Verdict(True, expected, _right())


def check(question, predicted, result):
    """Compares the student's ``predicted`` text with the run ``result`` (a
    ``RunResult``); returns a ``Verdict``."""
    q = question
    expected = expected_text(q, result)
    if q.asks == "raises":
        return _raises_verdict(predicted, result, expected)
    s = _state(result, q)
    if not s.ok:
        return Verdict(False, expected, translate(
            "Exercise", "This node fails in the run: {error}").format(error=s.error))
    if q.asks == "value":
        return _numbers_verdict(predicted, s.value, q.tolerance, expected)
    if q.asks == "grad":
        return _numbers_verdict(predicted, s.grad, q.tolerance, expected)
    if q.asks == "grad_fn":
        ok = _name(predicted) == str(s.grad_fn)
        return Verdict(ok, expected, _right() if ok else translate(
            "Exercise", "That is not its grad_fn."))
    said = predicted.strip().lower()
    if said not in ("true", "false", "yes", "no"):
        return Verdict(False, expected, translate("Exercise", "Type True or False."))
    ok = (said in ("true", "yes")) == s.requires_grad
    return Verdict(ok, expected, _right() if ok else translate("Exercise", "Not so."))


# ------------------------------------------------------------------------ what views see
HIDDEN_TEXT = "?"
_SUFFIX = re.compile(r",\s*(?:requires_grad=True|grad_fn=<\w+>)")


class HiddenState:
    """A run's ``TensorState`` as a view may show it while an exercise is open: the
    fields in ``hidden`` (see ``hidden``) read as unknown (``text``/``grad_text`` "?",
    ``grad``/``grad_fn``/``requires_grad``/``is_leaf`` None, ``value`` NaN of the same
    shape, so sizes still lay out); everything else is the state's own."""

    def __init__(self, state, fields):
        self._state, self.hidden = state, frozenset(fields)

    def __getattr__(self, name):
        return getattr(self._state, name)

    def _asked(self, field_name):
        return field_name in self.hidden and self._state.ok and not self._state.pending

    @property
    def text(self):
        st = self._state
        if self._asked("value") and st.value is not None:
            return HIDDEN_TEXT
        if not (self._asked("grad_fn") or self._asked("requires_grad")) or not st.text:
            return st.text
        # PyTorch's print says both: keep the numbers, write "?" for what is asked
        body = _SUFFIX.sub("", st.text).rstrip()
        parts = ["grad_fn=?" if self._asked("grad_fn") else
                 f"grad_fn=<{st.grad_fn}>" if st.grad_fn else None,
                 "requires_grad=?" if self._asked("requires_grad") else None]
        if body.endswith(")") and any(parts):
            body = body[:-1] + ", " + ", ".join(p for p in parts if p) + ")"
        return body

    @property
    def value(self):
        v = self._state.value
        if v is None or not self._asked("value"):
            return v
        return np.full(v.shape, np.nan)

    @property
    def grad(self):
        return None if self._asked("grad") else self._state.grad

    @property
    def grad_text(self):
        return HIDDEN_TEXT if self._asked("grad") else self._state.grad_text

    @property
    def grad_fn(self):
        return None if self._asked("grad_fn") else self._state.grad_fn

    @property
    def requires_grad(self):
        return None if self._asked("requires_grad") else self._state.requires_grad

    @property
    def is_leaf(self):
        return None if self._asked("is_leaf") else self._state.is_leaf


def shown_state(exercise, state):
    """``state`` as a view may show it: a ``HiddenState`` where ``exercise`` keeps part
    of it out of sight, else ``state`` itself (None stays None)."""
    if state is None or exercise is None:
        return state
    fields = hidden(exercise, state.node_id) - {"raises"}
    return HiddenState(state, fields) if fields else state
