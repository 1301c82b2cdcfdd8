"""The web calculator's files (``GET /``, its scripts and ``/style.css``), served from the
package's ``web/`` folder by Starlette's :class:`~starlette.staticfiles.StaticFiles`.

Only the paths in :data:`PAGE_FILES` are served (anything else under ``web/`` is 404), always with
``Cache-Control: no-cache`` so a new version of the page is picked up at once."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

PAGE_FILES = frozenset({".", "app.js", "style.css", "verdict.js", "steps.js", "cards.js",
                        "effect-form.js", "examples.js"})
"""The served paths, relative to ``web/`` (``"."`` is ``/``: ``index.html``)."""


class WebFiles(StaticFiles):
    """The page and its assets, nothing else."""

    def __init__(self) -> None:
        super().__init__(packages=[("mtgcombat.server", "web")], html=True)

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file at ``path`` with ``Cache-Control: no-cache``; 404 outside
        :data:`PAGE_FILES`."""
        if path not in PAGE_FILES:
            raise HTTPException(status_code=404)
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response
