// The sentences' template syntax, a small subset of ICU MessageFormat: a catalogue
// (static/words/{lang}.json) holds text, and this module turns a template and its
// named values into the parts a page shows (strings, and {cards: [...]} drawn as
// small cards by log.js). The syntax (docs/languages.md, "Templates"):
//
//   {name}                        the value as text
//   {name, number}                a number in the language's digits (Intl.NumberFormat)
//   {name, f, g}                  the value through the formats f then g: built-in
//                                 (number, seat, cards, capital) or the language's own
//                                 (a table of WORDS, a function of words/grammar/xx.js)
//   {name, plural, one {…} other {…}}
//                                 the branch of the value's plural category
//                                 (Intl.PluralRules: zero one two few many other), or
//                                 of an exact number (=0 {…}); # in it is the number
//   {name, select, a {…} other {…}}
//                                 the branch named by the value as text, else other
//
// Braces are the syntax only: a sentence holds no literal { or }.

/** A template's syntax tree: strings and {name, formats} / {name, kind, branches}. */
export function parse(source) {
  let at = 0;
  const fail = (why) => {
    throw new SyntaxError(`${why} at ${at} in ${JSON.stringify(source)}`);
  };
  const skip = () => {
    while (/\s/.test(source[at] ?? "")) at++;
  };
  const word = () => {
    skip();
    const start = at;
    while (at < source.length && !/[\s{},]/.test(source[at])) at++;
    if (at === start) fail("a name is missing");
    return source.slice(start, at);
  };
  const nodes = (inBranch) => {
    const out = [];
    let text = "";
    while (at < source.length) {
      const c = source[at];
      if (c === "}") {
        if (!inBranch) fail("a } closes nothing");
        break;
      }
      if (c === "{") {
        if (text) out.push(text);
        text = "";
        at++;
        out.push(placeholder());
        continue;
      }
      if (c === "#" && inBranch === "plural") {
        if (text) out.push(text);
        text = "";
        out.push({ hash: true });
        at++;
        continue;
      }
      text += c;
      at++;
    }
    if (text) out.push(text);
    return out;
  };
  const placeholder = () => {
    const name = word();
    const formats = [];
    skip();
    while (source[at] === ",") {
      at++;
      const format = word();
      skip();
      if (format === "plural" || format === "select") {
        if (source[at] !== ",") fail(`${format} needs its branches`);
        at++;
        const branches = {};
        skip();
        while (at < source.length && source[at] !== "}") {
          const key = word();
          skip();
          if (source[at] !== "{") fail(`the branch ${key} has no {`);
          at++;
          branches[key] = nodes(format);
          if (source[at] !== "}") fail(`the branch ${key} is not closed`);
          at++;
          skip();
        }
        if (at >= source.length) fail(`{${name} is not closed`);
        if (!("other" in branches)) fail(`${format} has no other branch`);
        at++;
        return { name, kind: format, branches };
      }
      formats.push(format);
    }
    if (source[at] !== "}") fail(`{${name} is not closed`);
    at++;
    return { name, formats };
  };
  const tree = nodes(null);
  if (at < source.length) fail("a } closes nothing");
  return tree;
}

/** The value names a template uses (for the catalogue test and the checks). */
export function names(tree, into = new Set()) {
  for (const node of tree) {
    if (typeof node !== "object" || node.hash) continue;
    into.add(node.name);
    for (const branch of Object.values(node.branches ?? {})) names(branch, into);
  }
  return into;
}

/**
 * The parts of a template for `values`. `lang` gives `number(n)`, `plural(n)` (a
 * category) and `format(name, value)` (a language's own format, or undefined).
 */
export function render(tree, values, lang, hashValue = null) {
  const parts = [];
  const push = (part) => {
    if (typeof part === "string") {
      if (!part) return;
      if (typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += part;
      else parts.push(part);
    } else parts.push(part);
  };
  for (const node of tree) {
    if (typeof node === "string") push(node);
    else if (node.hash) push(lang.number(hashValue));
    else if (node.kind === "plural") {
      const value = values[node.name];
      const exact = `=${Number(value)}`;
      const branch = node.branches[exact] ?? node.branches[lang.plural(value)] ?? node.branches.other;
      for (const part of render(branch, values, lang, value)) push(part);
    } else if (node.kind === "select") {
      const branch = node.branches[`${values[node.name]}`] ?? node.branches.other;
      for (const part of render(branch, values, lang, hashValue)) push(part);
    } else {
      let value = values[node.name];
      for (const format of node.formats) value = lang.format(format, value);
      // {parts: [...]}: a sentence's parts (cards among them) the catalogue built
      if (value !== null && typeof value === "object" && Array.isArray(value.parts)) for (const p of value.parts) push(p);
      else push(value !== null && typeof value === "object" && !Array.isArray(value) ? value : `${value}`);
    }
  }
  return parts;
}
