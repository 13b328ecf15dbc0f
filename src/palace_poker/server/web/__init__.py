"""The server's web layer: FastAPI, HTTP and the WebSocket.

* :mod:`~palace_poker.server.web.app`: the application (pages, REST, WebSocket).
"""
