"""What the web server accepts and answers, as Pydantic models, by concern: every request
body, every JSON response and every WebSocket message (``docs/WEB-PROTOCOL.md``), and every
bound the server puts on what a client sends."""
