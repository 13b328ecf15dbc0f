"""The server's web layer: FastAPI, HTTP and the WebSocket.

* :mod:`~palace_poker.server.web.headers`: the security headers of every response;
* :mod:`~palace_poker.server.web.refusals`: a refusal's JSON body and HTTP status,
  written once;
* :mod:`~palace_poker.server.web.auth`: a seat's bearer token, and what a download
  withholds;
* :mod:`~palace_poker.server.web.routes`: the HTTP routes (thin: check, ask the hub)
  and the per-address budgets;
* :mod:`~palace_poker.server.web.socket`: the WebSocket loop, within its budget;
* :mod:`~palace_poker.server.web.app`: ``create_app``, which wires them.
"""
