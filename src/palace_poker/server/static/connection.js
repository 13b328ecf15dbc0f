// The connection to the table: one WebSocket at /ws/{table}, opened with `hello`
// (the seat token, or null to watch, and the highest `seq` seen), reopened with a
// growing delay whenever it drops, until the server says another tab took the seat
// (`replaced`, close code 4001) or that retrying cannot help.
import { UI } from "./words.js";

const DELAYS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_EVERY = 20000;
// Close codes after which trying again cannot help (docs/server.md); every other
// close (4002 too far behind, 1012 the server restarting, 1013 try again later, a
// network drop) retries.
const FINAL_CODES = UI.closed;
const RESTARTING_CODE = 1012;
// The server cannot answer just now (its database away, or its copy of the table
// not yet read from the log): retried with the growing delay, never at once.
const TRY_LATER_CODE = 1013;

export class Connection {
  /**
   * handlers: onFrame(frame), onStatus({state: "connecting"|"open"|"waiting"|"stopped",
   * retryAt?: a Date.now() time, reason?: text}).
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.lastSeq = null;
    this.helloSeq = null;
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.refs = 0;
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  open() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.handlers.onStatus({ state: "connecting" });
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.helloSeq = this.lastSeq;
      socket.send(JSON.stringify({ type: "hello", token: this.token, last_seq: this.lastSeq }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      // The welcome says where the table's log is: a seq remembered beyond it (from
      // a database restored since, say) is forgotten, the welcome answered afresh.
      if (frame.type === "welcome") this.lastSeq = null;
      this.noteSeq(frame);
      if (frame.type === "welcome") {
        this.attempt = 0;
        this.handlers.onStatus({ state: "open" });
      }
      if (frame.type === "replaced") {
        this.stop(UI.closed[4001]); // frame.message is the server's English
      }
      this.handlers.onFrame(frame);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      clearInterval(this.pingTimer);
      this.socket = null;
      if (FINAL_CODES[event.code]) {
        this.stop(FINAL_CODES[event.code]);
        return;
      }
      if (event.code === RESTARTING_CODE) this.attempt = 0; // back soon: try at once
      if (event.code === TRY_LATER_CODE) this.attempt = Math.max(this.attempt, 1);
      this.scheduleRetry();
    });
  }

  noteSeq(frame) {
    const seqs = [];
    if (["welcome", "update", "presence"].includes(frame.type) && Number.isInteger(frame.seq)) {
      seqs.push(frame.seq);
    }
    for (const entry of frame.log || []) if (Number.isInteger(entry.seq)) seqs.push(entry.seq);
    for (const seq of seqs) if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
  }

  scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    const delay = DELAYS[Math.min(this.attempt, DELAYS.length - 1)];
    this.attempt += 1;
    this.handlers.onStatus({ state: "waiting", retryAt: Date.now() + delay });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  reconnectNow() {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /** Start again as someone else (after joining): a fresh log for the new viewer. */
  become(token) {
    this.token = token;
    this.lastSeq = null;
    const old = this.socket;
    this.socket = null;
    if (old) old.close(1000, "joining");
    this.attempt = 0;
    this.open();
  }

  stop(reason) {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const old = this.socket;
    this.socket = null;
    if (old && old.readyState <= WebSocket.OPEN) old.close(1000);
    this.handlers.onStatus({ state: "stopped", reason });
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Send an action with the state it answers (the table's hand number and the hand's
   * version: a late message never lands on a later hand); returns its ref (echoed in
   * an error).
   */
  act(action, hand, version) {
    this.refs += 1;
    const ref = `a${this.refs}`;
    return this.send({ type: "act", action, hand, version, ref }) ? ref : null;
  }
}
