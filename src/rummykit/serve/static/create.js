// The page that creates a game: the installed variants from /api/variants (any installed plug-in's,
// as the built-in ones), each variant's options as form controls made from what it declares (a
// yes/no option a checkbox, a whole number a number field within its bounds, a text with choices a
// list), each seat a person or one of the variant's bots (a bot with levels at each level: search:3),
// the game asked for with POST /api/games, and the invitation links shown, each with buttons
// to copy it or send it again (the tab keeps them in its session storage). Every text shown is set
// as text, never as markup.
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
  // the nearest count the variant is played by (Canasta: 2, 3, 4 or 6), the lower of two as near
  const wanted = Number(players.value) || variant.min_players;
  const counts = variant.player_counts;
  const count = counts.reduce((best, n) => (Math.abs(n - wanted) < Math.abs(best - wanted) ? n : best), counts[0]);
  players.value = count;
  const seats = byId("seats");
  const before = [...seats.querySelectorAll("select")].map((select) => select.value);
  seats.replaceChildren(element("legend", "Who plays each seat"));
  const bot = variant.bots.includes("heuristic") ? "heuristic" : variant.bots[0] || "";
  for (let seat = 0; seat < count; seat++) {
    const select = element("select", undefined, { "data-testid": `seat-${seat}` });
    select.append(element("option", "a person", { value: "" }));
    for (const name of variant.bots) {
      // a bot with levels is offered at each of them (search:1 … search:5), at its default as well
      const levels = (variant.bot_levels || {})[name] || [];
      select.append(element("option", levels.length ? `bot: ${name} (its default level)` : `bot: ${name}`, { value: name }));
      for (const level of levels) {
        select.append(element("option", `bot: ${name}, level ${level} of ${levels[levels.length - 1]}`, { value: `${name}:${level}` }));
      }
    }
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
  showOptions(variant);
  showSeats();
}

// An option's control, from its declaration: a checkbox (bool), a number within its bounds (int; left
// empty for "no limit" where the option may be none), a list of its choices (str with choices) or a
// text field.
function optionControl(option) {
  const id = `option-${option.name}`;
  let control;
  if (option.type === "bool") {
    control = element("input", undefined, { type: "checkbox", id: id });
    control.checked = option.default === true;
  } else if (option.type === "int") {
    control = element("input", undefined, { type: "number", step: "1", id: id });
    if (option.minimum !== null) control.min = String(option.minimum);
    if (option.maximum !== null) control.max = String(option.maximum);
    control.value = option.default === null ? "" : String(option.default);
    if (option.optional) control.placeholder = "no limit";
  } else if (option.choices !== null) {
    control = element("select", undefined, { id: id });
    if (option.optional) control.append(element("option", "none", { value: "" }));
    for (const choice of option.choices) control.append(element("option", choice, { value: choice }));
    control.value = option.default === null ? "" : option.default;
  } else {
    control = element("input", undefined, { type: "text", id: id });
    control.value = option.default === null ? "" : option.default;
  }
  control.dataset.testid = id;
  control.dataset.option = option.name;
  control.dataset.type = option.type;
  control.dataset.optional = String(option.optional);
  return control;
}

function showOptions(variant) {
  const options = byId("options");
  options.replaceChildren(element("legend", "Options"));
  for (const option of variant.options) {
    const label = element("label", `${option.name} `);
    label.append(optionControl(option), element("span", ` ${option.help}`, { class: "help" }));
    options.append(label);
  }
  options.hidden = variant.options.length === 0;
}

// The options whose controls differ from the variant's defaults, as the server takes them.
function readOptions() {
  const options = {};
  const declared = Object.fromEntries(chosen().options.map((option) => [option.name, option]));
  for (const control of byId("options").querySelectorAll("[data-option]")) {
    const option = declared[control.dataset.option];
    let value;
    if (option.type === "bool") value = control.checked;
    else if (control.value.trim() === "" && option.optional) value = null;
    else if (option.type === "int") {
      if (!/^-?[0-9]{1,15}$/.test(control.value.trim())) throw new Error(`${option.name} is a whole number, not '${control.value}'`);
      value = Number(control.value.trim());
    } else value = control.value;
    if (value !== option.default) options[option.name] = value;
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
      options: readOptions(),
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
  answer.title = chosen().title;
  sessionStorage.setItem(KEPT, JSON.stringify(answer));
  showLinks(answer);
}

const KEPT = "rummykit-links"; // the links of the last game created in this tab, kept for the session

// A link, and its buttons: copy it, or send it again (by the device's sharing, else by e-mail).
function linkRow(name, link, testid) {
  const row = element("div", undefined, { class: "link-row" });
  const text = element("input", undefined, { type: "text", readonly: "", "aria-label": `${name}'s link`, "data-testid": testid });
  text.value = link;
  const copy = element("button", "Copy", { type: "button", "data-testid": `copy-${testid}` });
  copy.addEventListener("click", async () => {
    text.select();
    try {
      await navigator.clipboard.writeText(link);
      byId("status").textContent = `${name}'s link is copied.`;
    } catch {
      byId("status").textContent = `${name}'s link is selected: copy it (Ctrl+C).`;
    }
  });
  const send = element("button", "Send again", { type: "button", "data-testid": `send-${testid}` });
  send.addEventListener("click", () => {
    const words = `Your seat at rummykit (${name}): ${link}`;
    if (navigator.share) navigator.share({ title: "rummykit", text: words, url: link }).catch(() => {});
    else location.href = `mailto:?subject=${encodeURIComponent("Your seat at rummykit")}&body=${encodeURIComponent(words)}`;
  });
  const open = element("a", "Open", { href: link, target: "_blank", rel: "noopener" });
  row.append(text, copy, send, open);
  return row;
}

function showLinks(answer) {
  const list = byId("link-list");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = element("li", `Seat ${seat.seat}${answer.title ? ` (${answer.title})` : ""}: `);
    if (seat.link) item.append(linkRow(`seat ${seat.seat}`, seat.link, `link-${seat.seat}`));
    else item.append(`bot ${seat.bot}`);
    list.append(item);
  }
  const watch = element("li", "Spectators: ");
  watch.append(linkRow("the spectators", answer.spectators, "link-spectators"));
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
  const kept = sessionStorage.getItem(KEPT);
  if (kept) showLinks(JSON.parse(kept));
}

start();
