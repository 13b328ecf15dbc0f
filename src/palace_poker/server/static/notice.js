// Small non-blocking notices (errors from the server, a copied link): they stack in
// a corner and go away by themselves.
import { $, el } from "./dom.js";
import { UI } from "./words.js";

export function notify(code, message, rule = null) {
  const box = $("#notices");
  const close = el("button", { type: "button", class: "notice-close", "aria-label": UI.dismiss }, "×");
  const note = el(
    "div",
    { class: `notice notice-${code === "invite" ? "info" : "error"}`, role: "status", dataset: { testid: "notice", code } },
    el("strong", {}, code),
    " ",
    el("span", {}, message),
    rule ? el("span", { class: "rule" }, ` (${rule})`) : null,
    close,
  );
  close.addEventListener("click", () => note.remove());
  box.appendChild(note);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => note.remove(), 7000);
}
