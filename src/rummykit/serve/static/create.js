// The page that creates a game: the installed variants from /api/variants, the game asked for with
// POST /api/games, and the invitation links shown. Every text shown is set as text, never as markup.
"use strict";

const byId = (id) => document.getElementById(id);
let variants = [];

function element(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  return node;
}

function chosen() {
  return variants.find((variant) => variant.name === byId("variant").value);
}

function showSeats() {
  const variant = chosen();
  const players = byId("players");
  players.min = variant.min_players;
  players.max = variant.max_players;
  const count = Math.min(Math.max(Number(players.value) || variant.min_players, variant.min_players), variant.max_players);
  players.value = count;
  const seats = byId("seats");
  const before = [...seats.querySelectorAll("select")].map((select) => select.value);
  seats.replaceChildren(element("legend", "Who plays each seat"));
  const bot = variant.bots.includes("heuristic") ? "heuristic" : "random";
  for (let seat = 0; seat < count; seat++) {
    const select = element("select", undefined, { "data-testid": `seat-${seat}` });
    select.append(element("option", "a person", { value: "" }));
    for (const name of variant.bots) select.append(element("option", `bot: ${name}`, { value: name }));
    select.value = before[seat] !== undefined ? before[seat] : seat === 0 ? "" : bot;
    const label = element("label", `Seat ${seat} `);
    label.append(select);
    seats.append(label);
  }
}

function showVariant() {
  const variant = chosen();
  const rules = byId("house-rules");
  rules.replaceChildren(element("legend", "House rules"));
  for (const name of variant.house_rules) {
    const box = element("input", undefined, { type: "checkbox", value: name, "data-testid": `house-rule-${name}` });
    const label = element("label");
    label.append(box, ` ${name}`);
    rules.append(label);
  }
  rules.hidden = variant.house_rules.length === 0;
  byId("option-help").textContent = variant.options.map((option) => `${option.name}=${option.default === null ? "none" : option.default}: ${option.help}`).join("\n");
  showSeats();
}

// name=value, as `rummykit play --option` reads it: true/false, none, whole numbers, else text.
function readOptions(text) {
  const options = {};
  for (const line of text.split("\n").map((line) => line.trim()).filter(Boolean)) {
    const at = line.indexOf("=");
    if (at <= 0) throw new Error(`an option is written name=value, not '${line}'`);
    const name = line.slice(0, at).trim();
    const raw = line.slice(at + 1).trim();
    const lowered = raw.toLowerCase();
    if (lowered === "true" || lowered === "false") options[name] = lowered === "true";
    else if (lowered === "none") options[name] = null;
    else if (/^-?[0-9]{1,15}$/.test(raw)) options[name] = Number(raw);
    else options[name] = raw;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const status = byId("status");
  status.textContent = "";
  let request;
  try {
    request = {
      variant: byId("variant").value,
      seats: [...byId("seats").querySelectorAll("select")].map((select) => select.value || null),
      options: readOptions(byId("options").value),
      house_rules: [...byId("house-rules").querySelectorAll("input:checked")].map((box) => box.value),
    };
    const seconds = byId("round-end-seconds").value.trim();
    if (seconds !== "") request.round_end_seconds = Number(seconds); // else the server's default
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  const response = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  const answer = await response.json();
  if (!response.ok) {
    status.textContent = answer.error;
    return;
  }
  const list = byId("link-list");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = element("li", `Seat ${seat.seat}: `);
    if (seat.link) item.append(element("a", seat.link, { href: seat.link, target: "_blank", "data-testid": `link-${seat.seat}` }));
    else item.append(`bot ${seat.bot}`);
    list.append(item);
  }
  const watch = element("li", "Spectators: ");
  watch.append(element("a", answer.spectators, { href: answer.spectators, target: "_blank", "data-testid": "link-spectators" }));
  list.append(watch);
  byId("links").hidden = false;
}

async function start() {
  variants = await (await fetch("/api/variants")).json();
  const select = byId("variant");
  for (const variant of variants) {
    select.append(element("option", `${variant.title} (${variant.min_players}-${variant.max_players} players)`, { value: variant.name }));
  }
  select.addEventListener("change", showVariant);
  byId("players").addEventListener("change", showSeats);
  byId("create").addEventListener("submit", create);
  showVariant();
}

start();
