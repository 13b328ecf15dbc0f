// The house-rules line of the table page: what the table's game changes from the
// standard game (its preset and house rules, view.table.settings.variant, public),
// in the viewer's language, for every seat and spectator; nothing for the standard
// game (docs/server.md, "House rules").
import { UI } from "./words.js";

const W = UI.house;

/** The standard game's parameters (palace_poker.variant.STANDARD). */
export const STANDARD = { ranks: 13, suits: 4, palace: 3, soldiers: 5 };
/** The ranks, from the ace down, as the cards show them. */
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/** The table's game: the variant's parameters over the standard game's. */
export function gameOf(settings) {
  const variant = (settings && settings.variant) || {};
  return { ...STANDARD, group: variant.suits ?? STANDARD.suits, ...variant };
}

/** Each rule the variant changes, in words, in the order of the variant's fields. */
export function houseRules(settings) {
  const variant = (settings && settings.variant) || {};
  const game = gameOf(settings);
  const said = [];
  for (const name of Object.keys(variant)) {
    if (name === "ranks") said.push(W.deck(game.ranks * game.suits, RANKS[game.ranks - 1]));
    else if (name === "suits") said.push(W.suits(game.suits));
    else if (name === "palace") said.push(W.palace(game.palace));
    else if (name === "soldiers") said.push(W.soldiers(game.soldiers));
    else if (name === "group" && game.group !== game.suits) said.push(W.group(game.group));
    else if (name === "struck") said.push(W.struck);
    else if (name === "last_two") said.push(W.lastTwo);
    else if (name === "entry") said.push(W.entry);
    else if (name === "fold") said.push(W.fold);
  }
  return said;
}

/** The raises a battle allows unless a preset says otherwise (palace_poker.config). */
const usualRaises = (settings) => (settings.betting === "no-limit" ? null : 3);

/** The whole line ("" for the standard game): the preset's name, its rules, and a
 *  preset's own limit on raises (the quick game's one). */
export function houseRulesLine(settings) {
  const said = houseRules(settings);
  if (!said.length) return "";
  const preset = settings.preset && settings.preset !== "standard" ? W.preset[settings.preset] : null;
  const own = settings.max_raises;
  const raises = typeof own === "number" && own !== usualRaises(settings) ? [W.raises(own)] : [];
  return W.line([preset, ...said, ...raises].filter(Boolean).join(" · "));
}

/** Draw the line in `node` (hidden when the table plays the standard game). */
export function drawHouseRules(node, settings) {
  const line = houseRulesLine(settings);
  node.textContent = line;
  node.hidden = !line;
}
