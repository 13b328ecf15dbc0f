// Pashto grammar the templates of ps.json call by name ({who, iso}).

/** A name isolated from the sentence around it (U+2068 … U+2069), so that a name in
 * Latin letters or digits does not reorder the right-to-left words beside it. */
export function iso(name) {
  return `\u2068${name}\u2069`;
}
