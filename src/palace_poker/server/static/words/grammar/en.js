// English grammar the templates of en.json call by name ({kind, article}).

/** A word with its indefinite article: "an easy", "a random" (by its first letter). */
export function article(word) {
  return `${/^[aeiou]/i.test(`${word}`) ? "an" : "a"} ${word}`;
}
