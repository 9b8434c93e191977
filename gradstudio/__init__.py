"""GradStudio: build, run and understand PyTorch-style autograd graphs."""


def _version():
    """The ``version`` in pyproject.toml, the one place it is written: read from a
    checkout's pyproject.toml when the package is imported from one (so a checkout never
    reports the version some other install recorded), else from the installed metadata."""
    from pathlib import Path
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    try:
        import tomllib
        with open(pyproject, "rb") as f:
            project = tomllib.load(f).get("project", {})
        if project.get("name") == "gradstudio" and isinstance(project.get("version"), str):
            return project["version"]
    except (OSError, ValueError):
        pass
    try:
        from importlib.metadata import PackageNotFoundError, version
        return version("gradstudio")
    except PackageNotFoundError:
        return "unknown"


__version__ = _version()
