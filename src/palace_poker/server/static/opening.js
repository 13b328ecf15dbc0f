// Opening a table of one's own from the home page — the create form, "Play against
// bots now" (quick.js) and a lesson (learn.js): the request, the seat's token kept
// where the table page looks for it (localStorage, palace:{table}), and the way there.

/**
 * POST `body` to `path` (/api/tables or /api/lessons); on success keep the seat and
 * go to the table. Returns the server's refusal ({code, message, rule, field?}) or
 * null; a network failure throws, for the caller to say in words.
 */
export async function openTable(path, body) {
  const answer = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = await answer.json().catch(() => ({}));
  if (!answer.ok) return reply.error || { code: null };
  localStorage.setItem(`palace:${reply.table}`, JSON.stringify({ token: reply.token, seat: reply.seat }));
  location.assign(reply.url || `/t/${encodeURIComponent(reply.table)}`);
  return null;
}
