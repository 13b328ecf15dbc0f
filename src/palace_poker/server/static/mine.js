// Your own cards, large: the palace (face down to everyone else), the banner and
// the soldiers.
import { cardFace, cardRow } from "./cards.js";
import { el, fill } from "./dom.js";
import { UI } from "./words.js";

export function drawMine(state, node) {
  const obs = state.obs;
  const h = state.you === null ? -1 : state.handSeatOf(state.you);
  if (!obs || h < 0 || obs.viewer !== h) {
    fill(node);
    node.hidden = true;
    return;
  }
  node.hidden = false;
  const out = !obs.in_hand[h];
  fill(
    node,
    el("div", { class: `my-group my-palace${out ? " gone" : ""}`, dataset: { testid: "my-palace" } },
      el("span", { class: "label" }, UI.palace),
      cardRow(obs.palace, { size: "lg" })),
    el("div", { class: "my-group my-army" },
      el("span", { class: "label" }, `${UI.banner} · ${UI.soldiers}`),
      el("span", { class: "cards" },
        obs.banners[h] ? cardFace(obs.banners[h], { size: "md", extra: "banner" }) : null,
        (obs.soldiers[h] || []).map((c) => cardFace(c, { size: "md" })))),
  );
}
