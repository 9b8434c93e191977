"""A PyTorch script opened in the window (File ▸ Import PyTorch Script, File ▸ Open of a
``.py``, a script named on the command line or dropped on the window): read, allowed to
run (``trust``: asked unless the user picked it in a dialog just now), then traced in a
worker with a progress dialog and a Cancel button; the traced graph opens as a new,
untitled document (``WindowFiles.on_traced``)."""
from gradstudio.ui import trust
from gradstudio.ui.i18n import translate
from gradstudio.ui.tasks import Task

__all__ = ["trace_script"]


def trace_script(files, path, chosen):
    """Traces the script at ``path`` for ``files`` (the window's ``WindowFiles``);
    returns the ``Task``, or None when it could not be read or was not allowed to run
    (the window says so). ``chosen``: picked in a dialog just now (no trust question)."""
    window = files.window
    if files.task is not None and files.task.running:
        return None
    try:
        data = path.read_bytes()
        source = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        window.show_error(translate("WindowFiles", "Could not import the script"),
                          translate("WindowFiles", "“{name}” could not be read: {exc}").format(
                              name=path.name, exc=exc))
        return None
    if not trust.may_run(window, path, data, chosen):
        return files.not_run(path)
    from gradstudio.document import trace
    task = Task(lambda token: trace.trace(source, should_cancel=token, filename=path.name),
                translate("WindowFiles", "Import PyTorch Script"),
                translate("WindowFiles", "Running “{name}” to trace the tensors it computes…")
                .format(name=path.name), window)
    task.succeeded.connect(lambda result: files.on_traced(path, result))
    task.failed.connect(lambda exc: window.show_error(
        translate("WindowFiles", "Could not import the script"),
        translate("WindowFiles", "Tracing “{name}” failed: {exc}").format(name=path.name,
                                                                          exc=exc)))
    task.cancelled.connect(lambda: files.status(
        translate("WindowFiles", "Import of {name} cancelled; nothing changed.").format(
            name=path.name), 5000))
    files.task = task
    task.start()
    return task
