// The table's short sounds: a card dealt, chips into the pot, cards captured, the
// pot to its winner. Made by the Web Audio API (a few synthesized tones, no sound
// files), each under half a second, and switched off or on by each player (kept
// in this browser). A sound never waits for anything and nothing waits for it.
import { el } from "./dom.js";
import { UI } from "./words.js";

const KEY = "palace:sounds";

/** Each sound: its tones, as [frequency in Hz, start in s, length in s]. */
const TONES = {
  deal: [[1200, 0, 0.03], [900, 0.05, 0.03]],
  chips: [[1500, 0, 0.04], [1900, 0.05, 0.04]],
  capture: [[440, 0, 0.1], [660, 0.1, 0.14]],
  pot: [[523, 0, 0.09], [659, 0.09, 0.09], [784, 0.18, 0.16]],
};

let audio = null;

/** Whether the player wants the table's sounds (on unless switched off). */
export function soundsOn() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSounds(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/**
 * Play a sound of the table ("deal", "chips", "capture", "pot") if the player
 * wants sounds; returns whether it was played. The browser lets a page make sound
 * only after the person has used it (a click, a key), so before that nothing is
 * started (an AudioContext made earlier would only be refused, with a warning).
 */
export function playSound(kind) {
  const tones = TONES[kind];
  if (!tones || !soundsOn()) return false;
  const used = navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
  if (!used) return false;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [frequency, start, length] of tones) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "triangle";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.08, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + start);
      tone.stop(now + start + length + 0.02);
    }
  } catch {
    // no audio here: the table shows everything anyway
  }
  return true;
}

/** The player's switch for the table's sounds (tools.js puts it with the alerts). */
export function soundToggle() {
  return el(
    "label",
    { class: "toggle" },
    el("input", {
      type: "checkbox",
      checked: soundsOn(),
      dataset: { testid: "sound-toggle" },
      onchange: (event) => setSounds(event.target.checked),
    }),
    ` ${UI.pace.sound}`,
  );
}
