"""The files that ship inside the package: the example graphs (``examples/*.gsg``), the
application icon (``gradstudio.svg``, ``gradstudio.png``), the desktop entry
(``gradstudio.desktop``) and the ``.gsg`` MIME type (``gradstudio-mime.xml``).

They are found through ``importlib.resources``, so a checkout, an editable install and an
installed wheel all read them the same way. Pure Python: any layer may import it.
"""
from importlib.resources import files
from pathlib import Path

__all__ = ["resource_path", "EXAMPLES_DIR", "ICON_SVG", "ICON_PNG", "DESKTOP_FILE",
           "MIME_FILE"]


def resource_path(name):
    """The bundled file or folder ``name`` (``"examples"``, ``"gradstudio.svg"`` …) as a
    ``Path``. The package is installed as plain files (setuptools never zips it), so the
    resource is a real file that Qt and ``open`` can read."""
    return Path(str(files(__name__).joinpath(name)))


EXAMPLES_DIR = resource_path("examples")
ICON_SVG = resource_path("gradstudio.svg")
ICON_PNG = resource_path("gradstudio.png")
DESKTOP_FILE = resource_path("gradstudio.desktop")
MIME_FILE = resource_path("gradstudio-mime.xml")
