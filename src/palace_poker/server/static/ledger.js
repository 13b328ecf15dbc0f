// The chip ledger: each player's buy-in, chips and result, and at the end of the
// game who pays whom (the server works out the fewest transfers). All public.

import { el, fill } from "./dom.js";
import { UI } from "./words.js";

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
    el(
      "a",
      { href: `/api/tables/${encodeURIComponent(tableId)}/ledger.csv`, download: true, class: "csv" },
      UI.ledger.csv,
    ),
  );
}
