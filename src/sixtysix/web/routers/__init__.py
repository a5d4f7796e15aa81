"""The routes of the web server, one router per concern, mounted by
:func:`~sixtysix.web.app.create_app`."""
