"""Server: the HTTP API and the web calculator (``mtgcombat serve``, FastAPI).

This package owns the HTTP front end: the request models and their OpenAPI schema
(:mod:`~mtgcombat.server.models`), the documented answers and error statuses
(:mod:`~mtgcombat.server.responses`, :mod:`~mtgcombat.server.openapi`), one router per
concern (attacks, blocks, damage, the card catalog and examples), the thread pool and
per-request time limit that solver work runs under (:mod:`~mtgcombat.server.solving`), the
error shape, exception handlers and body-size limit (:mod:`~mtgcombat.server.http`), the Host
allow-list, security headers, CORS allow-list and arrival stamp
(:mod:`~mtgcombat.server.guard`), and the packaged web page and example boards. The answers
themselves come from :mod:`mtgcombat.legality` and :mod:`mtgcombat.damage`, their JSON shapes
from :mod:`mtgcombat.views`. The app is built by :func:`mtgcombat.server.app.create_app`.
"""
