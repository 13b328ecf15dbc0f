// Small non-blocking notices (errors from the server, a copied link): they stack in
// a corner and go away by themselves. A notice shows the sentence alone: the code
// (`kind`) and the rule's id stay in data attributes, for tests and for whoever
// reads the page's source, never in the text a player reads.
import { $, el } from "./dom.js";
import { UI } from "./words.js";

/** Show `message` (a sentence in the page's language); `kind` is a server error
 *  code, or "invite", "offline", "seat" for the page's own notices. */
export function notify(kind, message, rule = null) {
  const box = $("#notices");
  const close = el("button", { type: "button", class: "notice-close", "aria-label": UI.dismiss }, "×");
  const note = el(
    "div",
    {
      class: `notice notice-${kind === "invite" ? "info" : "error"}`,
      role: "status",
      dataset: { testid: "notice", code: kind, rule: rule || "" },
    },
    el("span", {}, message),
    close,
  );
  close.addEventListener("click", () => note.remove());
  box.appendChild(note);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => note.remove(), 7000);
}
