// A seat's page: its token is the invitation link's part after '#' (never sent in an address). The
// page says hello with it over the WebSocket /ws, then shows each state the server sends: the picture
// of the seat's view, the round's actions in words, and the seat's moves played with the cards. The
// hand's cards are buttons to select (click, tap, or Tab and Space or Enter; "Clear selection" undoes
// it); the moves whose cards are the selection are offered (with none selected, those that use no
// card: drawing, taking the discard); the stock, the discard pile, a new meld and each meld of the
// table are places to click or to drop the selection on, each completing the one legal action that
// goes there with exactly the selected cards (each legal action says where it goes: its `target`).
// Every legal action is also listed in words under "All moves", the fallback without cards. Only the
// server's legal actions are ever sent (and the server checks them again). When a round ends, the
// server sends its result (round_end): the page shows it in place of the next deal, each seat's
// hand laid open, its melds and its score line by line with the rules' ids, with a "Next round" button while the table waits for
// the people to be ready. The game's log is shown from its start, numbered, a page at a time (the
// first state carries the latest page, each state after it the entries the page has not been told,
// which the page adds to the latest page it keeps; an older page is asked for with a "log" message),
// each abbreviation spelled out where it is first used and in the page's glossary (the words of every
// message, kept); every page shows which seats are
// being played (a "connected" message when that changes). Opening another link in the same tab (its
// part after '#' changes) leaves the seat and opens the new link's. Nothing here knows a variant: it
// reads only the view's hand and table, the legal actions' documents, words, cards and targets, and
// the round's result. Every text is set as
// text; only the server's SVG picture is set as markup.
"use strict";

const byId = (id) => document.getElementById(id);
let token = decodeURIComponent(location.hash.slice(1));
const SHOWN = 24; // the most moves offered at once for a selection
const LOG_PAGE = 40; // the entries of a page of the log (rummykit.serve.journal.LOG_PAGE)
const ENDED = 4000; // the close code of a game ended for being idle (rummykit.serve.tables.EXPIRED)
let socket = null;
let state = null;
let selected = new Set(); // the indexes of the cards selected in the hand
let allOpen = false; // whether the list of all moves is open
let retry = 0;
let stopped = false;
let countdown = null;
let connected = [];
let logPage = null; // the page of the log asked for (null: the latest, as the states tell it)
let latestLog = new Map(); // the latest page of the log: its entries by their numbers
let latestOlder = false; // whether the seat may know older entries than the latest page
let glossary = {}; // each abbreviation the messages used, in words
let anew = false; // whether this connection has yet to send its first state (the log told afresh)
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

function element(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  return node;
}

function who(seat) {
  if (state && seat === state.seat) return "you";
  return `seat ${seat}`;
}

// The cards selected in the hand, as text, in the hand's order.
function selection() {
  const hand = state ? state.view.hand : [];
  return [...selected].sort((a, b) => a - b).map((index) => hand[index]);
}

// Whether `cards` holds every selected card (as many times as selected).
function usesSelection(cards, chosen) {
  const left = [...cards];
  for (const card of chosen) {
    const at = left.indexOf(card);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

// Whether `cards` are exactly the selected ones.
function isSelection(cards, chosen) {
  return cards.length === chosen.length && usesSelection(cards, chosen);
}

// The legal actions that a click (or a drop) on `target` completes with the selection: those going
// there whose cards are exactly the selected ones.
function completing(target) {
  const chosen = selection();
  return state.legal.filter((entry) => entry.target === target && isSelection(entry.cards, chosen));
}

function act(entry) {
  for (const button of byId("controls").querySelectorAll("button")) button.disabled = true;
  byId("status").textContent = "";
  socket.send(JSON.stringify({ type: "act", action: entry.action, at: state.at }));
}

// A click (or a drop) on a place of the table: the one legal action it completes is sent; if several
// fit (a card laid off at either end of a run), the offered moves list them to choose from.
function complete(target) {
  const fitting = completing(target);
  if (fitting.length === 1) act(fitting[0]);
  else if (fitting.length > 1) byId("status").textContent = "More than one move fits: choose one of the offered moves.";
  else byId("status").textContent = "No move goes there with the selected cards.";
}

function toggle(index) {
  if (selected.has(index)) selected.delete(index);
  else selected.add(index);
  byId("status").textContent = "";
  refresh();
}

function clearSelection() {
  selected.clear();
  byId("status").textContent = "";
  refresh();
}

function moveButton(entry, testid) {
  const button = element("button", entry.text, { type: "button" });
  if (testid) button.dataset.testid = testid;
  button.addEventListener("click", () => act(entry));
  return button;
}

function showGroup(kind, entries) {
  const group = element("div", undefined, { class: "group", "data-testid": `kind-${kind}` });
  group.append(element("h3", kind.replaceAll("-", " ")));
  const list = element("div", undefined, { class: "actions" });
  for (const entry of entries) list.append(moveButton(entry));
  group.append(list);
  return group;
}

// A place of the table a click or a drop completes a move at (`target`, as the legal actions name it).
function targetButton(target, label, testid, cards) {
  const button = element("button", undefined, { type: "button", class: "target", "data-testid": testid, "data-target": String(target) });
  button.append(element("span", label, { class: "label" }));
  if (cards) button.append(cards);
  button.addEventListener("click", () => complete(target));
  button.addEventListener("dragover", (event) => {
    if (completing(target).length) event.preventDefault();
  });
  button.addEventListener("drop", (event) => {
    event.preventDefault();
    complete(target);
  });
  return button;
}

function showTable(view) {
  const places = element("div", undefined, { class: "places", "aria-label": "The table: click a place to move there" });
  const piles = element("div", undefined, { class: "piles" });
  const top = view.discard_top;
  piles.append(
    targetButton("stock", typeof view.stock_size === "number" ? `Stock (${view.stock_size})` : "Stock", "stock"),
    targetButton("discard", top ? "Discard pile" : "Discard pile (empty)", "discard-pile", top ? cardChip(top) : undefined),
    targetButton("table", "Meld", "meld-target"),
  );
  places.append(piles);
  if (view.table.length) {
    const melds = element("div", undefined, { class: "table-melds" });
    for (const [index, meld] of view.table.entries()) {
      const owner = meld.owner === undefined || meld.owner === null ? "" : ` (${who(meld.owner)})`;
      melds.append(targetButton(index, `Meld ${index + 1}${owner}`, `meld-${index}`, cardRow(meld.cards, `meld ${index + 1}`)));
    }
    places.append(melds);
  }
  return places;
}

function showHand(view) {
  const hand = element("div", undefined, { class: "hand", role: "group", "aria-label": "Your hand: select cards" });
  for (const [index, card] of view.hand.entries()) {
    const usable = state.legal.some((entry) => entry.cards.includes(card));
    const button = element("button", undefined, { type: "button", class: "hand-card", "data-testid": `hand-${card}`, "aria-pressed": "false", "data-index": String(index) });
    button.append(cardChip(card));
    button.disabled = !usable;
    if (usable) {
      button.draggable = true;
      button.addEventListener("click", () => toggle(index));
      button.addEventListener("dragstart", (event) => {
        if (!selected.has(index)) toggle(index);
        event.dataTransfer.setData("text/plain", selection().join(" "));
        event.dataTransfer.effectAllowed = "move";
      });
    }
    hand.append(button);
  }
  return hand;
}

// What the selection changes: the cards pressed, the places it can go, the moves offered.
function refresh() {
  const controls = byId("controls");
  if (!state || state.legal.length === 0) return;
  const chosen = selection();
  for (const button of controls.querySelectorAll(".hand-card")) button.setAttribute("aria-pressed", String(selected.has(Number(button.dataset.index))));
  for (const button of controls.querySelectorAll(".target")) {
    const target = button.dataset.target;
    button.disabled = completing(/^\d+$/.test(target) ? Number(target) : target).length === 0;
  }
  byId("selected").textContent = chosen.length ? `Selected: ${chosen.join(" ")}` : "Select cards in your hand (click, tap, or Tab and Space) to see the moves that use them.";
  byId("clear-selection").disabled = chosen.length === 0;
  const offered = byId("offered");
  const exact = [];
  const wider = [];
  for (const entry of state.legal) {
    if (chosen.length === 0 ? entry.cards.length === 0 : isSelection(entry.cards, chosen)) exact.push(entry);
    else if (chosen.length && usesSelection(entry.cards, chosen)) wider.push(entry);
  }
  const fitting = [...exact, ...wider];
  offered.replaceChildren(...fitting.slice(0, SHOWN).map((entry) => moveButton(entry)));
  if (fitting.length > SHOWN) offered.append(element("p", `${fitting.length - SHOWN} more: select more cards to narrow them down, or see all moves`, { class: "more" }));
  if (chosen.length && fitting.length === 0) offered.append(element("p", "No move uses these cards together: clear the selection or select others.", { class: "more", "data-testid": "no-move" }));
}

// A card as text, its rank and suit apart ("10H" as 10♥; a wild card of a meld, "2C(6)", with what it
// stands for; a joker "JK").
function cardChip(text) {
  const found = /^(JK|10|[2-9AJQK])([CDHS])?(?:#\d+)?(?:\(([^)]*)\))?$/.exec(text);
  if (!found) return element("span", text, { class: "card" });
  const [, rank, suit, stands] = found;
  const red = suit === "D" || suit === "H";
  const chip = element("span", undefined, { class: `card${red ? " red" : ""}${rank === "JK" ? " joker" : ""}`, "data-card": text });
  chip.append(element("span", rank, { class: "rank" }));
  if (suit) chip.append(element("span", SUITS[suit], { class: "suit", "aria-label": { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[suit] }));
  if (stands) chip.append(element("span", `=${stands}`, { class: "stands", title: `stands for ${stands}` }));
  return chip;
}

function cardRow(cards, label) {
  const row = element("div", undefined, { class: "cards", "aria-label": label });
  for (const card of cards) row.append(cardChip(card));
  return row;
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

function showSeatResult(ended, result) {
  const box = element("article", undefined, { class: "seat-result", "data-testid": `seat-result-${result.seat}` });
  const heading = element("h3", who(result.seat));
  if (result.seat === ended.went_out) heading.append(element("span", "went out", { class: "tag" }));
  heading.append(element("span", `${signed(result.score)} this round · total ${result.total}`, { class: "score", "data-testid": `score-${result.seat}` }));
  box.append(heading);
  if (result.melds.length) {
    const melds = element("div", undefined, { class: "line" });
    melds.append(element("span", "Melds", { class: "label" }));
    const groups = element("div", undefined, { class: "melds" });
    for (const meld of result.melds) groups.append(cardRow(meld, "meld"));
    melds.append(groups);
    box.append(melds);
  }
  if (result.laid_off.length) {
    const laid = element("div", undefined, { class: "line" });
    laid.append(element("span", "Laid off", { class: "label" }), cardRow(result.laid_off, "cards laid off"));
    box.append(laid);
  }
  const left = element("div", undefined, { class: "line", "data-testid": `left-${result.seat}` });
  const deadwood = result.deadwood === null ? "" : ` · deadwood ${result.deadwood}`;
  left.append(element("span", `Hand${deadwood}`, { class: "label" }));
  left.append(result.left.length ? cardRow(result.left, "cards left in hand") : element("span", "no cards left", { class: "more" }));
  box.append(left);
  const table = element("table", undefined, { class: "items", "data-testid": `items-${result.seat}` });
  for (const item of result.items) {
    const row = element("tr");
    row.append(element("td", item.rule, { class: "rule", title: ended.rules[item.rule] || "" }));
    const what = element("td", item.what);
    if (item.cards.length) what.append(cardRow(item.cards, "the cards counted"));
    row.append(what, element("td", signed(item.points), { class: "points" }));
    table.append(row);
  }
  box.append(table);
  return box;
}

function showRoundEnd() {
  const section = byId("round-end");
  const ended = state && state.round_end;
  section.hidden = !ended;
  if (countdown !== null) clearInterval(countdown);
  countdown = null;
  if (!ended) {
    section.replaceChildren();
    return;
  }
  section.replaceChildren(element("h2", `Round ${ended.round} is over`, { "data-testid": "round-end-title" }));
  section.append(element("p", ended.reason, { class: "reason", "data-testid": "round-end-reason" }));
  if (ended.by !== null && ended.action) {
    const rule = ended.rule_title ? `${ended.rule}: ${ended.rule_title}` : ended.rule;
    section.append(element("p", `Ended by ${who(ended.by)}: ${ended.action} (rule ${rule})`, { class: "more", "data-testid": "round-end-by" }));
  }
  const seats = element("div", undefined, { class: "seat-results" });
  for (const result of ended.seats) seats.append(showSeatResult(ended, result));
  section.append(seats);
  const rules = Object.entries(ended.rules).map(([id, title]) => `${id} ${title}`);
  if (rules.length) section.append(element("p", `Rules: ${rules.join(" · ")}`, { class: "more rules" }));
  if (!ended.holding) return;
  const waiting = element("p", "", { class: "waiting", "data-testid": "round-end-waiting" });
  let left = ended.seconds_left;
  const tell = () => {
    const people = ended.waiting.map(who);
    const names = people.length ? `Waiting for ${people.join(", ")}. ` : "";
    waiting.textContent = `${names}The next round starts when everyone is ready, or in ${Math.max(0, Math.ceil(left))} s.`;
  };
  tell();
  countdown = setInterval(() => {
    left -= 1;
    tell();
  }, 1000);
  section.append(waiting);
  if (state.seat !== null && ended.waiting.includes(state.seat)) {
    const ready = element("button", "Next round", { type: "button", "data-testid": "ready" });
    ready.addEventListener("click", () => {
      ready.disabled = true;
      socket.send(JSON.stringify({ type: "ready", round: ended.round }));
    });
    section.append(ready);
  } else if (state.seat !== null) {
    section.append(element("p", "You are ready.", { class: "more", "data-testid": "you-are-ready" }));
  }
}

function showControls() {
  const controls = byId("controls");
  const shown = byId("all-moves");
  if (shown) allOpen = shown.open; // opened or closed just now: its toggle event may not have come yet
  controls.replaceChildren();
  if (!state || state.legal.length === 0) return;
  controls.append(element("h2", "Your move"));
  const view = state.view;
  controls.append(showTable(view), showHand(view));
  const bar = element("div", undefined, { class: "selection-bar" });
  bar.append(element("p", "", { id: "selected", "data-testid": "selected", "aria-live": "polite" }));
  const clear = element("button", "Clear selection", { type: "button", id: "clear-selection", "data-testid": "clear-selection" });
  clear.addEventListener("click", clearSelection);
  bar.append(clear);
  controls.append(bar, element("div", undefined, { id: "offered", class: "offered", "data-testid": "offered", "aria-label": "The moves offered" }));
  const all = element("details", undefined, { id: "all-moves", "data-testid": "all-moves" });
  all.open = allOpen;
  all.addEventListener("toggle", () => {
    allOpen = all.open;
  });
  all.append(element("summary", `All moves (${state.legal.length})`));
  const kinds = new Map();
  for (const entry of state.legal) {
    if (!kinds.has(entry.kind)) kinds.set(entry.kind, []);
    kinds.get(entry.kind).push(entry);
  }
  for (const [kind, entries] of kinds) all.append(showGroup(kind, entries));
  controls.append(all);
  refresh();
}

function show(next) {
  if (!state || next.at !== state.at) selected = new Set();
  state = next;
  document.body.dataset.at = String(state.at);
  const view = state.view;
  document.title = `${state.title}: ${state.seat === null ? "spectator" : "seat " + state.seat}`;
  byId("title").textContent = `${state.title}, ${state.players} players`;
  const holding = Boolean(state.round_end && state.round_end.holding);
  const place = state.seat === null ? "You are watching." : `You are seat ${state.seat}.`;
  const acting = view.to_act.length ? `To act: ${view.to_act.map(who).join(", ")}.` : "";
  byId("whose").textContent = holding ? `${place} Round ${state.round_end.round} is over.` : `${place} Round ${view.round}. ${acting}`;
  if (state.picture !== undefined) byId("picture").innerHTML = state.picture;
  byId("picture").hidden = holding; // the next deal waits behind the round's end
  byId("this-round").hidden = holding;
  connected = state.connected;
  showSeatsHere();
  keepLog(state.log, state.log_older);
  showGlossary(state.glossary);
  if (logPage === null) showLatestLog();
  byId("over").hidden = !state.over;
  if (state.over) {
    const winners = state.winners.map(who);
    byId("result").textContent = `The game is over. Won by ${winners.join(" and ")}.`;
  }
  showRoundEnd();
  showControls();
}

// The log's entries, each numbered from the game's start, with the round it was played in and what it
// led to (a claim's winner); `older`: the seat may ask for older ones; `latest`: the last page.
function showLog(entries, older, latest) {
  const log = byId("log");
  const items = [];
  let round = null;
  for (const entry of entries) {
    if (entry.round !== round) {
      round = entry.round;
      items.push(element("li", `Round ${round}`, { class: "log-round", "aria-hidden": "true" }));
    }
    const item = element("li", entry.text, { value: String(entry.number), "data-number": String(entry.number) });
    for (const news of entry.news) item.append(element("div", news, { class: "news" }));
    items.push(item);
  }
  log.replaceChildren(...items);
  log.dataset.first = entries.length ? String(entries[0].number) : "";
  log.dataset.last = entries.length ? String(entries[entries.length - 1].number) : "";
  byId("log-older").hidden = !older;
  byId("log-newer").hidden = latest;
  byId("log-latest").hidden = latest;
}

// Add the entries a state told to the latest page, and keep its latest LOG_PAGE.
function keepLog(entries, older) {
  for (const entry of entries) latestLog.set(entry.number, entry);
  const numbers = [...latestLog.keys()].sort((a, b) => a - b);
  for (const number of numbers.slice(0, Math.max(0, numbers.length - LOG_PAGE))) latestLog.delete(number);
  latestOlder = older;
}

function showLatestLog() {
  logPage = null;
  const entries = [...latestLog.values()].sort((a, b) => a.number - b.number);
  showLog(entries, latestOlder, true);
}

function askLog(before) {
  logPage = before;
  socket.send(JSON.stringify({ type: "log", before: before }));
}

function showGlossary(words) {
  const list = byId("glossary");
  const items = [];
  glossary = { ...glossary, ...words };
  for (const [word, meaning] of Object.entries(glossary)) items.push(element("dt", word), element("dd", meaning));
  list.replaceChildren(...items);
  list.hidden = items.length === 0;
}

// Which seats are being played now (a bot's always, a person's while their page is open).
function showSeatsHere() {
  if (!state) return;
  const seats = [];
  for (let seat = 0; seat < state.players; seat++) seats.push(`${who(seat)} ${connected.includes(seat) ? "here" : "away"}`);
  byId("seats-here").textContent = `At the table: ${seats.join(", ")}.`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retry = 0;
    anew = true; // a new connection is told the log's latest page afresh, whatever this page kept
    byId("connection").textContent = "connected";
    // a phone's screen gets the pictures' small form, whose cards stay readable at its width
    const small = window.matchMedia("(max-width: 600px)").matches;
    socket.send(JSON.stringify({ type: "hello", token: token, pictures: small ? "small" : true }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (anew) {
        latestLog = new Map();
        glossary = {};
        anew = false;
      }
      show(message);
    } else if (message.type === "connected") {
      connected = message.seats;
      showSeatsHere();
    } else if (message.type === "log" && message.before === logPage) {
      showLog(message.entries, message.older, false);
      showGlossary(message.glossary);
    } else if (message.type === "error") {
      byId("status").textContent = message.message;
      if (state) showControls();
    }
  });
  const mine = socket;
  socket.addEventListener("close", (event) => {
    if (socket !== mine) return; // a page left for another link's
    byId("connection").textContent = "disconnected: reconnecting…";
    if (event.code === 1008 && !state) {
      stopped = true;
      byId("connection").textContent = "refused";
      return;
    }
    if (event.code === ENDED) {
      stopped = true;
      byId("connection").textContent = "the game has ended";
      for (const button of byId("controls").querySelectorAll("button")) button.disabled = true;
      return;
    }
    if (!stopped) setTimeout(connect, Math.min(500 * 2 ** retry++, 5000));
  });
}

async function download(path, name, type) {
  const response = await fetch(path, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    byId("status").textContent = (await response.json()).error;
    return;
  }
  const link = element("a", undefined, { download: name });
  link.href = URL.createObjectURL(new Blob([await response.text()], { type: type }));
  document.body.append(link);
  link.click();
  link.remove();
}

// Another link opened in this tab: the seat of the old one is left, and the new one's opened.
function switchLink() {
  const next = decodeURIComponent(location.hash.slice(1));
  if (next === token) return;
  token = next;
  const old = socket;
  socket = null;
  if (old) old.close();
  state = null;
  selected = new Set();
  retry = 0;
  stopped = false;
  logPage = null;
  latestLog = new Map();
  latestOlder = false;
  glossary = {};
  connected = [];
  byId("picture").replaceChildren();
  byId("log").replaceChildren();
  byId("controls").replaceChildren();
  byId("round-end").hidden = true;
  byId("over").hidden = true;
  byId("whose").textContent = "";
  byId("seats-here").textContent = "";
  showGlossary({});
  start();
}

function start() {
  byId("link-text").value = location.href;
  if (!token) {
    byId("status").textContent = "Open this page from your invitation link (it ends with #, then your token).";
    byId("connection").textContent = "";
  } else {
    byId("status").textContent = "";
    byId("connection").textContent = "connecting…";
    connect();
  }
}

async function copyLink() {
  const text = byId("link-text");
  text.select();
  try {
    await navigator.clipboard.writeText(text.value);
    byId("status").textContent = "Your link is copied.";
  } catch {
    byId("status").textContent = "Your link is selected: copy it (Ctrl+C, or your phone's Copy).";
  }
}

byId("get-record")?.addEventListener("click", () => download("/api/record", "game.json", "application/json"));
byId("get-replay").addEventListener("click", () => download("/api/replay", "game.html", "text/html"));
byId("copy-link").addEventListener("click", copyLink);
byId("log-older").addEventListener("click", () => askLog(Number(byId("log").dataset.first)));
byId("log-newer").addEventListener("click", () => {
  const before = Number(byId("log").dataset.last) + 1 + LOG_PAGE;
  if (state && before > state.at) showLatestLog();
  else askLog(before);
});
byId("log-latest").addEventListener("click", showLatestLog);
window.addEventListener("hashchange", switchLink);
start();
