// Welsh grammar the templates of cy.json call by name ({second, rankMany, and}).

const ASPIRATE = { c: "ch", p: "ph", t: "th" };

/** "a" (and) before a word: "ac" before a vowel, and the aspirate mutation of c, p,
 * t ("a phedwarau"). */
export function and(word) {
  const text = `${word}`;
  if (/^[aeiouwyâêîôûŵŷ]/i.test(text)) return `ac ${text}`;
  const first = text.charAt(0);
  if (ASPIRATE[first] && !/^(ch|ph|th)/.test(text)) return `a ${ASPIRATE[first]}${text.slice(1)}`;
  return `a ${text}`;
}

/** "a" (and) before a person's name: "ac" before a vowel, but no mutation ("a Catrin"). */
export function andName(word) {
  const text = `${word}`;
  return /^[aeiouwyâêîôûŵŷ]/i.test(text) ? `ac ${text}` : `a ${text}`;
}
