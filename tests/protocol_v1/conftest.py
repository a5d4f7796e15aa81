"""The example bots of protocol version 1 (docs/PROTOCOL.md), kept as they were before
version 2 so that the tests show them still playing: programs that read their standard
input when run, not modules for pytest to import."""

collect_ignore = ["python_example.py"]
