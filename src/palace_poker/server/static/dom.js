// Building DOM nodes without innerHTML: every text goes in as a text node, so names
// and other user input can never become markup.

/**
 * el("button", {class: "x", dataset: {testid: "go"}, onclick: f}, "Go", child)
 * Attributes: "class", "dataset" (an object), "style" (an object of properties),
 * "on<event>" (a listener), booleans (set when true, left out when false), others as
 * attributes. Children: nodes, strings (as text), arrays of them; null is skipped.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") {
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "value") node.value = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
  return node;
}

/** Replace all children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}
