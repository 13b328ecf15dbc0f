// The options sheet of a narrow screen (style.css: below 1200px the options are
// fixed to the bottom of the screen): its height, kept in --actions-height on
// <html>, is the room the page leaves below its end, so that every seat, card and
// line can be scrolled out from under the sheet. Zero when the options are not
// fixed (a wide screen, or no decision due).
const actions = document.getElementById("actions");

function measure() {
  const fixed = actions && getComputedStyle(actions).position === "fixed";
  const height = fixed ? actions.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--actions-height", `${Math.ceil(height)}px`);
}

if (actions) {
  new ResizeObserver(measure).observe(actions);
  new MutationObserver(measure).observe(actions, { attributes: true, attributeFilter: ["class"] });
  addEventListener("resize", measure);
  measure();
}
