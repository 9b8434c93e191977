"""The classroom's parts of a ``Document`` (issue 34): its exercise and its notes on the
canvas. ``Document`` keeps them in ``exercise`` and ``notes`` and announces every change
through ``_emit``; this class holds the methods that change them."""

__all__ = ["ClassroomParts"]


class ClassroomParts:
    """Mixed into ``Document``, which declares ``exercise`` (None or an
    ``exercise.Exercise``), ``notes`` (note id -> ``notes.Note``), ``graph`` and
    ``_emit(kind, target)``."""

    def set_exercise(self, exercise):
        """Sets the exercise (an ``exercise.Exercise`` or None); returns the old one."""
        old, self.exercise = self.exercise, exercise
        self._emit("exercise_changed")
        return old

    def set_note(self, note_id, note):
        """Adds, replaces (``note`` a ``notes.Note`` with id ``note_id``) or removes
        (``note`` None) a note; returns the old one (None if it is new). A replaced note
        keeps its place in the order."""
        from .notes import check_note
        if note is not None:
            check_note(note, lambda place, msg: _error(f"{place}: {msg}"))
            if note.id != note_id:
                raise _error("A note keeps its id.")
            if note.node is not None and note.node not in self.graph:
                raise _error(f"Node '{note.node}' does not exist.")
            if note_id not in self.notes and len(self.notes) >= 1000:
                raise _error("A graph holds at most 1,000 notes.")
        old = self.notes.get(note_id)
        if note is None:
            self.notes.pop(note_id, None)
        else:
            self.notes[note_id] = note
        self._emit("note_changed", note_id)
        return old


def _error(message):
    from .model import DocumentError
    return DocumentError(message)
