"""Tracing many small scripts in a test, a few child processes at a time."""
import textwrap

from gradstudio.document.trace import TraceError, start_trace

PREFIX = "GradStudio cannot trace this: "


def dedent(text):
    return textwrap.dedent(text).lstrip("\n")


def outcomes(sources, limit=3):
    """Traces ``sources`` a few at a time; the document or the TraceError of each."""
    jobs, results = [], []

    def collect(job):
        try:
            return job.result()
        except TraceError as exc:
            return exc
    for i, src in enumerate(sources):
        jobs.append(start_trace(dedent(src), filename=f"<script {i}>"))
        if len(jobs) - len(results) >= limit:
            results.append(collect(jobs[len(results)]))
    while len(results) < len(jobs):
        results.append(collect(jobs[len(results)]))
    return results
