// "Learn to play" on the home page: one click to a lesson table of one's own (POST
// /api/lessons), where lesson.js guides a first hand against two bots. The words
// are the catalogue's LESSON block; the name is the one used last, else the catalogue's "Player".
import { openTable } from "./opening.js";
import { LESSON, UI, errorText } from "./words.js";

const panel = document.getElementById("learn");

async function learn(button, error) {
  error.textContent = "";
  button.disabled = true;
  try {
    let name = null;
    try {
      name = localStorage.getItem("palace:name");
    } catch {
      name = null; // storage refused: the catalogue's "Player"
    }
    const refused = await openTable("/api/lessons", { name: name || LESSON.defaultName, table: LESSON.tableName });
    if (refused) error.textContent = errorText(refused.code);
  } catch {
    error.textContent = UI.plain.unreachable;
  } finally {
    button.disabled = false;
  }
}

if (panel) {
  for (const node of panel.querySelectorAll("[data-lesson-words]")) {
    node.textContent = LESSON[node.dataset.lessonWords];
  }
  const button = panel.querySelector("button");
  button.addEventListener("click", () => learn(button, panel.querySelector(".form-error")));
  // index.html ships the button disabled: the page's modules wait for the language's
  // catalogue (a top-level await that the load event does not wait for), and a click
  // before this line would have done nothing at all
  button.disabled = false;
}
