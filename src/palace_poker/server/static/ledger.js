// The chip ledger: each player's buy-in, chips and result, and at the end of the
// game who pays whom (the server works out the fewest transfers). Public, unless the
// host turned watching off: then the CSV is downloaded with the seat's token.

import { el, fill } from "./dom.js";
import { UI, errorText } from "./words.js";

/** Draw the ledger of `view` into `node` (a <section>), with a CSV link. */
export function drawLedger(view, node, tableId) {
  const rows = view.ledger || [];
  node.hidden = rows.length === 0;
  if (node.hidden) return;
  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
  const body = rows.map((r) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, r.left ? `${r.name} ${UI.ledger.left}` : r.name),
      el("td", {}, String(r.buy_in)),
      el("td", {}, String(r.rebuys || 0)),
      el("td", {}, String(r.stack)),
      el("td", { class: r.net > 0 ? "up" : r.net < 0 ? "down" : null }, signed(r.net)),
    ),
  );
  const settle = (view.settle || []).map((t) =>
    el("li", {}, UI.ledger.pays(t.payer, t.payee, t.chips)),
  );
  fill(
    node,
    el("h2", { id: "ledger-title" }, UI.ledger.title),
    el(
      "table",
      { class: "ledger", dataset: { testid: "ledger" } },
      el(
        "thead",
        {},
        el("tr", {}, ...UI.ledger.columns.map((c) => el("th", { scope: "col" }, c))),
      ),
      el("tbody", {}, body),
    ),
    settle.length
      ? el("div", { class: "settle" }, el("h3", {}, UI.ledger.settle), el("ol", { dataset: { testid: "settle" } }, settle))
      : null,
    csvLink(tableId),
  );
}

/**
 * The CSV link. With the seat's token kept on this device it downloads with the
 * token: a table that cannot be watched gives its ledger to its seats only
 * (docs/server.md, "Privacy"); a spectator's link is a plain one.
 */
function csvLink(tableId) {
  const href = `/api/tables/${encodeURIComponent(tableId)}/ledger.csv`;
  const status = el("span", { class: "hint", role: "status", dataset: { testid: "ledger-csv-status" } });
  const download = async (event) => {
    let token = null;
    try {
      const saved = JSON.parse(localStorage.getItem(`palace:${tableId}`) || "null");
      token = saved && typeof saved.token === "string" ? saved.token : null;
    } catch {
      token = null;
    }
    if (!token) return;
    event.preventDefault();
    status.textContent = "";
    try {
      const answer = await fetch(href, { headers: { Authorization: `Bearer ${token}` } });
      if (!answer.ok) {
        const reply = await answer.json().catch(() => ({}));
        status.textContent = errorText(reply.error ? reply.error.code : null);
        return;
      }
      const saveAs = el("a", { href: URL.createObjectURL(await answer.blob()), download: `ledger-${tableId}.csv` });
      document.body.appendChild(saveAs);
      saveAs.click();
      saveAs.remove();
      setTimeout(() => URL.revokeObjectURL(saveAs.href), 1000);
    } catch {
      status.textContent = UI.plain.unreachable;
    }
  };
  return [el("a", { href, download: true, class: "csv", onclick: download }, UI.ledger.csv), " ", status];
}
