"""Play in the browser: ``sixtysix serve`` (the ``[web]`` extra).

:func:`~sixtysix.web.app.create_app` builds the server; the protocol between it
and the browser client in ``static/`` is ``docs/WEB-PROTOCOL.md``.
"""
