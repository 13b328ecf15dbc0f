// The action panel: only the legal options the server sent (view.options), each as
// a real button showing its cost; a slider and a number field for no-limit amounts
// (min_amount..max_amount); a card picker for discard and trim (min_cards..max_cards
// of the option's cards). Number keys 1-9 press the buttons in order.
//
// A button that cannot be used now says why (docs/server.md, "Players' words
// only"): while the game is paused, while an action is on its way or the socket is
// down, the buttons are disabled and a reason line (#actions-reason) describes
// them (aria-describedby); when it is another player's turn the line says whose.
// A fold that gives up a free stay asks once, inline (a setting turns that off).
import { cardFace } from "./cards.js";
import { el, fill } from "./dom.js";
import { gameOf } from "./house.js";
import { EXPLAIN, UI, handName, optionLabel } from "./words.js";

/** Where the "ask before folding when staying is free" choice is kept. */
export const ASK_FOLD_KEY = "palace:askFold";

/** Whether a fold that gives up a free stay asks first (on unless switched off). */
export function askBeforeFold() {
  try {
    return localStorage.getItem(ASK_FOLD_KEY) !== "off";
  } catch {
    return true; // storage refused: the safer choice
  }
}

/** The checkbox that switches the fold question on and off (tools.js shows it). */
export function askFoldToggle() {
  return el(
    "label",
    { class: "toggle" },
    el("input", {
      type: "checkbox", checked: askBeforeFold(), dataset: { testid: "ask-fold" },
      onchange: (event) => {
        try {
          localStorage.setItem(ASK_FOLD_KEY, event.target.checked ? "on" : "off");
        } catch {
          // storage refused: the choice lasts as long as the page
        }
      },
    }),
    ` ${UI.plain.askFold}`,
  );
}

const REASON_ID = "actions-reason";
const LESSON_REASON_ID = "lesson-reason";

/** The action text (without the seat) of an option with its choice. */
export function actionText(option, { amount = null, cards = [] } = {}) {
  const words = [option.verb];
  if (option.target !== null && option.target !== undefined) words.push(String(option.target));
  if (option.min_amount !== null && option.min_amount !== undefined) words.push(String(amount));
  if (option.verb === "discard" || option.verb === "trim") words.push(...cards);
  return words.join(" ");
}

const isTextField = (node) => Boolean(node && (node.tagName === "INPUT" || node.tagName === "TEXTAREA" || node.isContentEditable));
const hasAmount = (o) => o.min_amount !== null && o.min_amount !== undefined;
const picksCards = (o) => o.verb === "discard" || o.verb === "trim";

export class ActionPanel {
  constructor(node, { onAct }) {
    this.node = node;
    this.onAct = onAct;
    this.key = null;
    this.picking = null; // the option whose card picker is open
    this.picked = new Set();
    this.amount = null;
    this.busy = false;
    this.keyed = false; // the last option was pressed with a number key
    this.online = true;
    this.paused = false;
    this.confirmFold = false; // the fold question is open
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  draw(state) {
    this.state = state;
    const options = state.options;
    const version = state.obs ? state.obs.version : null;
    this.paused = Boolean(state.table && state.table.paused);
    const key = JSON.stringify([version, options, this.paused, this.waitingFor(state), state.lessonStep ?? null]);
    if (key === this.key) return;
    const hadFocus = this.node.contains(document.activeElement);
    this.key = key;
    this.busy = false;
    this.confirmFold = false;
    this.picked = new Set();
    this.picking = options.find((o) => o.verb === "trim") || null;
    const amounts = options.filter(hasAmount);
    this.amount = amounts.length ? Math.min(...amounts.map((o) => o.min_amount)) : null;
    this.render(state);
    // A new decision takes the focus unless it is busy elsewhere (a field, the
    // log); the safest choice gets it, never a fold, which Enter would send. A
    // decision that follows a number key (the trim after a buy) takes it from
    // anywhere but a text field: the player is at the keys of their own turn.
    const lostFocus = !document.activeElement || document.activeElement === document.body;
    const keyed = this.keyed && !isTextField(document.activeElement);
    if (options.length) this.keyed = false;
    if (options.length && (hadFocus || lostFocus || keyed)) {
      const first = this.node.querySelector(
        "button[data-verb=stay]:not([disabled]), button[data-verb=call]:not([disabled])",
      ) || this.node.querySelector("button:not([disabled]):not([data-verb=fold]), input");
      if (first) first.focus({ preventScroll: true });
    }
  }

  /** The name of the player whose turn it is, when the viewer is dealt in and waits. */
  waitingFor(state) {
    const obs = state.obs;
    if (state.options.length || !obs || obs.viewer === null || obs.viewer === undefined) return null;
    if (obs.phase === "over" || obs.to_act === null || obs.to_act === undefined || !obs.in_hand[obs.viewer]) return null;
    return state.who(obs.to_act);
  }

  /** Why the buttons cannot be used now, in words, or null. */
  reason() {
    if (!this.online) return UI.plain.offline;
    if (this.paused) return UI.plain.paused;
    if (this.busy) return UI.plain.sending;
    return null;
  }

  render(state) {
    const options = state.options;
    this.strength = (state.hand && state.hand.strength) || null;
    this.node.classList.toggle("has-options", options.length > 0);
    if (!options.length) {
      const waiting = this.waitingFor(state);
      fill(this.node, waiting
        ? el("p", { class: "actions-reason", id: REASON_ID, dataset: { testid: "actions-reason" } }, UI.plain.notYourTurn(waiting))
        : null);
      return;
    }
    if (this.confirmFold) {
      fill(this.node, this.foldQuestion(state));
      return;
    }
    const why = this.reason();
    const lessonWhy = this.lessonWhy(options);
    const who = (h) => state.who(h);
    const plain = [];
    const amounts = [];
    for (const option of options) {
      if (hasAmount(option)) amounts.push(option);
      else plain.push(option);
    }
    let index = 0;
    const keyOf = () => {
      index += 1;
      return index <= 9 ? String(index) : null;
    };
    const buttons = plain.map((option) => {
      if (picksCards(option)) {
        if (option.verb === "trim") return null; // its picker is always open
        const key = keyOf();
        return this.button(option, optionLabel(option, { who }), key, () => {
          this.picking = this.picking === option ? null : option;
          this.picked = new Set();
          this.render(state);
          const first = this.node.querySelector(".picker button");
          if (first) first.focus();
        }, { "aria-expanded": this.picking === option ? "true" : "false" });
      }
      const key = keyOf();
      if (option.verb === "fold" && plain.some((o) => o.verb === "stay" && !o.cost)) {
        // Folding gives up a free stay: ask once, unless the player turned that off.
        return this.button(option, optionLabel(option, { who }), key, () => {
          if (this.blocked) return;
          if (!askBeforeFold()) {
            this.send(actionText(option));
            return;
          }
          this.confirmFold = true;
          this.render(state);
          const no = this.node.querySelector("[data-testid=fold-no]");
          if (no) no.focus();
        });
      }
      return this.button(option, optionLabel(option, { who }), key, () => this.send(actionText(option)));
    });
    const parts = [
      why ? el("p", { class: "actions-reason", id: REASON_ID, role: "status", dataset: { testid: "actions-reason" } }, why) : null,
      lessonWhy ? el("p", { class: "actions-reason lesson-reason", id: LESSON_REASON_ID, dataset: { testid: "lesson-reason" } }, lessonWhy) : null,
      el("div", { class: "option-buttons" }, buttons),
    ];
    if (amounts.length) parts.push(this.amountPanel(amounts, who, keyOf));
    if (this.picking) parts.push(this.picker(this.picking, state));
    fill(this.node, parts);
  }

  /** A lesson's say on an option and its choice (lesson.js sets state.lessonAllows):
   *  null when the lesson allows it (or there is no lesson), else why not, in words. */
  lessonSays(option, choice) {
    const allows = this.state && this.state.lessonAllows;
    return typeof allows === "function" ? allows(option, choice) : null;
  }

  /** Why the lesson holds back some of these options, or null. */
  lessonWhy(options) {
    for (const option of options) {
      const said = this.lessonSays(option, picksCards(option) ? { cards: [] } : undefined);
      if (said) return said;
    }
    return null;
  }

  button(option, label, key, onclick, extra = {}) {
    const kind = option.verb === "fold" ? "danger" : option.verb === "stay" || option.verb === "call" ? "calm" : "bold";
    const lesson = this.lessonSays(option);
    const lessonOn = typeof (this.state && this.state.lessonAllows) === "function";
    return el(
      "button",
      {
        type: "button",
        class: `option option-${kind}${lessonOn && !lesson ? " lesson-target" : ""}`,
        dataset: {
          testid: `option-${option.verb}`,
          verb: option.verb,
          target: option.target ?? "",
          key: key ?? "",
          cost: String(option.cost),
        },
        disabled: this.blocked || lesson !== null,
        "aria-describedby": this.blocked && this.reason() ? REASON_ID : lesson ? LESSON_REASON_ID : null,
        title: lesson,
        onclick,
        ...extra,
      },
      key ? el("kbd", { "aria-hidden": "true" }, key) : null,
      el("span", { class: "label" }, label),
      this.holds(option),
    );
  }

  /** Beside an attack: what you hold against that opponent (the cards their banner
   *  strikes left out: its suit, or its rank in the rank reading, V-CMP-1). */
  holds(option) {
    if (option.verb !== "bet" || !this.strength) return null;
    const found = this.strength.against.find(([h]) => h === option.target);
    return found
      ? el("span", { class: "holds", dataset: { testid: "holds" } }, EXPLAIN.holdAgainst(handName(found[1])))
      : null;
  }

  amountPanel(amounts, who, keyOf) {
    const min = Math.min(...amounts.map((o) => o.min_amount));
    const max = Math.max(...amounts.map((o) => o.max_amount));
    const slider = el("input", {
      type: "range", min, max, step: 1, value: this.amount,
      "aria-label": UI.amount, dataset: { testid: "amount-slider" },
    });
    const number = el("input", {
      type: "number", min, max, step: 1, value: this.amount, inputmode: "numeric",
      id: "amount-field", dataset: { testid: "amount" },
    });
    // Each amount option is a button; a raise says its amount, the no-limit attacks
    // (one a target, all with the same entry) are named by their target under one
    // caption that says the amount and what it pays.
    const labelled = []; // [option, node, text(amount)]
    const buttons = amounts.map((option) => {
      const key = keyOf();
      const label = el("span", { class: "label" });
      const text = option.verb === "bet"
        ? () => who(option.target)
        : (amount) => optionLabel(option, { who, amount });
      labelled.push([option, label, text]);
      return el(
        "button",
        {
          type: "button",
          class: `option option-bold${option.verb === "bet" ? " target" : ""}`,
          dataset: { testid: `option-${option.verb}`, verb: option.verb, target: option.target ?? "", key: key ?? "", amount: "yes" },
          disabled: this.blocked,
          onclick: () => {
            const amount = this.amount;
            if (!Number.isInteger(amount) || amount < option.min_amount || amount > option.max_amount) {
              number.focus();
              return;
            }
            this.send(actionText(option, { amount }));
          },
        },
        key ? el("kbd", { "aria-hidden": "true" }, key) : null,
        label,
        this.holds(option),
      );
    });
    const bets = amounts.filter((o) => o.verb === "bet");
    const caption = bets.length ? el("p", { class: "amount-caption" }) : null;
    const update = (value, from) => {
      const amount = Number(value);
      this.amount = value !== "" && Number.isInteger(amount) ? amount : null;
      if (from !== slider && this.amount !== null) slider.value = String(Math.min(max, Math.max(min, this.amount)));
      if (from !== number) number.value = String(this.amount ?? "");
      const shown = this.amount ?? min;
      labelled.forEach(([option, label, text], i) => {
        label.textContent = text(shown);
        const ok = this.amount !== null && this.amount >= option.min_amount && this.amount <= option.max_amount;
        buttons[i].disabled = this.blocked || !ok;
      });
      if (caption) caption.textContent = UI.attackWithRaise(shown, bets[0].cost + shown);
      number.setAttribute("aria-invalid", this.amount !== null && this.amount >= min && this.amount <= max ? "false" : "true");
    };
    slider.addEventListener("input", () => update(slider.value, slider));
    number.addEventListener("input", () => update(number.value, number));
    number.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && buttons.length === 1 && !buttons[0].disabled) buttons[0].click();
    });
    const quick = (text, value) => el("button", { type: "button", class: "quick", onclick: () => update(value, null) }, text);
    update(this.amount, null);
    const raises = buttons.filter((_, i) => amounts[i].verb !== "bet");
    const targets = buttons.filter((_, i) => amounts[i].verb === "bet");
    return el(
      "div",
      { class: "amount-panel" },
      el("label", { for: "amount-field", class: "amount-label" }, `${UI.amount} (${min}–${max})`),
      el("div", { class: "amount-inputs" },
        quick(UI.min, min), slider, quick(UI.max, max), number,
        raises.length ? el("div", { class: "option-buttons" }, raises) : null),
      targets.length ? el("div", { class: "amount-targets" }, caption, el("div", { class: "option-buttons" }, targets)) : null,
    );
  }

  picker(option, state) {
    const count = () => this.picked.size;
    const ok = () => count() >= option.min_cards && count() <= option.max_cards;
    const title = option.verb === "trim"
      // a trim keeps at most the table's variant's soldiers (V-BUY-3), five in the standard game
      ? UI.trimTitle(option.min_cards, option.max_cards, gameOf(state.table?.settings).soldiers)
      : UI.discardTitle(option.min_cards, option.max_cards);
    const submit = el("button", {
      type: "button",
      class: "option option-bold",
      dataset: { testid: "pick-submit" },
      onclick: () => {
        if (!ok()) return;
        const chosen = option.cards.filter((c) => this.picked.has(c));
        this.send(actionText(option, { cards: chosen }));
      },
    });
    const refresh = () => {
      submit.textContent = option.verb === "trim" ? UI.trimSubmit(count()) : UI.discardSubmit(count());
      const chosen = option.cards.filter((c) => this.picked.has(c));
      submit.disabled = this.blocked || !ok() || this.lessonSays(option, { cards: chosen }) !== null;
    };
    const toggles = option.cards.map((card) => {
      const toggle = el(
        "button",
        {
          type: "button",
          class: "pick",
          "aria-pressed": this.picked.has(card) ? "true" : "false",
          // named by the card inside it ("Five of spades"): a label of its own would
          // hide the visible 5♠ from the name (axe: label-content-name-mismatch)
          dataset: { testid: `pick-${card}`, card },
          onclick: () => {
            if (this.picked.has(card)) this.picked.delete(card);
            else this.picked.add(card);
            toggle.setAttribute("aria-pressed", this.picked.has(card) ? "true" : "false");
            refresh();
          },
        },
        cardFace(card, { size: "md" }),
      );
      return toggle;
    });
    refresh();
    return el(
      "fieldset",
      { class: "picker", dataset: { testid: `picker-${option.verb}` } },
      el("legend", {}, title),
      el("div", { class: "pick-cards" }, toggles),
      el("div", { class: "pick-actions" },
        submit,
        option.verb === "discard"
          ? el("button", { type: "button", class: "quick", onclick: () => { this.picking = null; this.render(state); } }, UI.cancel)
          : null),
    );
  }

  /** The inline question before a fold that gives up a free stay: the answer
   *  that keeps the hand has the focus, Escape goes back. */
  foldQuestion(state) {
    const fold = state.options.find((o) => o.verb === "fold");
    const back = () => {
      this.confirmFold = false;
      this.render(state);
      const again = this.node.querySelector("button[data-verb=fold]");
      if (again) again.focus();
    };
    const box = el(
      "div",
      {
        class: "fold-question", role: "group", "aria-labelledby": "fold-question-text",
        dataset: { testid: "fold-question" },
        onkeydown: (event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            back();
          }
        },
      },
      el("p", { id: "fold-question-text" }, UI.plain.foldFree),
      el("div", { class: "option-buttons" },
        el("button", {
          type: "button", class: "option option-danger", dataset: { testid: "fold-yes" },
          disabled: this.blocked,
          onclick: () => {
            this.confirmFold = false;
            if (fold) this.send(actionText(fold));
          },
        }, UI.plain.foldYes),
        el("button", { type: "button", class: "option option-calm", dataset: { testid: "fold-no" }, onclick: back },
          UI.plain.foldNo)),
    );
    return box;
  }

  /** No button may be pressed: an action is on its way, the socket is down, or the
   *  host has paused the game (the server would refuse: game_paused). */
  get blocked() {
    return this.busy || !this.online || this.paused;
  }

  send(text) {
    if (this.blocked) return;
    if (this.onAct(text)) {
      this.busy = true;
      // every button waits, and says why
      if (this.state) this.render(this.state);
    }
  }

  /** While the connection is down every button waits (a click could not be sent). */
  setOnline(online) {
    if (this.online === online) return;
    this.online = online;
    this.node.classList.toggle("offline", !online);
    if (this.state) this.render(this.state);
  }

  /** After a refused action: the same options may be tried again. */
  release() {
    this.busy = false;
    if (this.state) this.render(this.state);
  }

  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (!/^[1-9]$/.test(event.key)) return;
    const button = this.node.querySelector(`button[data-key="${event.key}"]`);
    if (button && !button.disabled) {
      event.preventDefault();
      this.keyed = true;
      button.click();
    }
  }
}
