// A seat's page: its token is the invitation link's part after '#' (never sent in an address). The
// page says hello with it over the WebSocket /ws, then shows each state the server sends: the picture
// of the seat's view, the round's actions in words, and the seat's legal actions as buttons, grouped
// by kind. A kind with many actions (going down, laying off) shows the cards they use as buttons:
// picking cards keeps the actions that use them. Nothing here knows a variant: it reads only the
// legal actions' documents and words. Every text is set as text; only the server's SVG picture is
// set as markup.
"use strict";

const byId = (id) => document.getElementById(id);
const token = decodeURIComponent(location.hash.slice(1));
const SHOWN = 24; // the most actions of one kind shown at once
const PICKING = 8; // a kind with more actions that use cards shows the cards to pick from
const ENDED = 4000; // the close code of a game ended for being idle (rummykit.serve.tables.EXPIRED)
let socket = null;
let state = null;
let picked = [];
let retry = 0;
let stopped = false;

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

// Whether `cards` holds every picked card (as many times as picked).
function usesPicked(cards) {
  const left = [...cards];
  for (const card of picked) {
    const at = left.indexOf(card);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

function act(entry) {
  for (const button of byId("controls").querySelectorAll("button")) button.disabled = true;
  byId("status").textContent = "";
  socket.send(JSON.stringify({ type: "act", action: entry.action, at: state.at }));
}

function showGroup(kind, entries) {
  const group = element("div", undefined, { class: "group", "data-testid": `kind-${kind}` });
  group.append(element("h3", kind.replaceAll("-", " ")));
  const named = entries.some((entry) => entry.cards.length > 0);
  if (named && entries.length > PICKING) {
    const chips = element("div", undefined, { class: "chips", "aria-label": "pick cards" });
    const hand = state.view.hand;
    for (const [index, card] of hand.entries()) {
      if (!entries.some((entry) => entry.cards.includes(card))) continue;
      const count = picked.filter((one) => one === card).length;
      const before = hand.slice(0, index).filter((one) => one === card).length;
      const chip = element("button", card, { type: "button", "aria-pressed": String(before < count), "data-testid": `pick-${kind}-${card}` });
      chip.addEventListener("click", () => {
        const at = picked.indexOf(card);
        if (before < count && at >= 0) picked.splice(at, 1);
        else picked.push(card);
        showControls();
      });
      chips.append(chip);
    }
    group.append(element("p", "Pick cards to see the moves that use them:", { class: "more" }), chips);
  }
  const fitting = entries.filter((entry) => usesPicked(entry.cards));
  const list = element("div", undefined, { class: "actions" });
  for (const entry of fitting.slice(0, SHOWN)) {
    const button = element("button", entry.text, { type: "button" });
    button.addEventListener("click", () => act(entry));
    list.append(button);
  }
  group.append(list);
  if (fitting.length > SHOWN) group.append(element("p", `${fitting.length - SHOWN} more: pick cards to narrow them down`, { class: "more" }));
  return group;
}

function showControls() {
  const controls = byId("controls");
  controls.replaceChildren();
  if (!state || state.legal.length === 0) return;
  controls.append(element("h2", "Your move"));
  const kinds = new Map();
  for (const entry of state.legal) {
    if (!kinds.has(entry.kind)) kinds.set(entry.kind, []);
    kinds.get(entry.kind).push(entry);
  }
  for (const [kind, entries] of kinds) controls.append(showGroup(kind, entries));
}

function show(next) {
  if (!state || next.at !== state.at) picked = [];
  state = next;
  document.body.dataset.at = String(state.at);
  const view = state.view;
  document.title = `${state.title}: ${state.seat === null ? "spectator" : "seat " + state.seat}`;
  byId("title").textContent = `${state.title}, ${state.players} players`;
  const place = state.seat === null ? "You are watching." : `You are seat ${state.seat}.`;
  const acting = view.to_act.length ? `To act: ${view.to_act.map(who).join(", ")}.` : "";
  byId("whose").textContent = `${place} Round ${view.round}. ${acting}`;
  if (state.picture !== undefined) byId("picture").innerHTML = state.picture;
  const log = byId("log");
  log.replaceChildren(...state.log.map((line) => element("li", line)));
  byId("over").hidden = !state.over;
  if (state.over) {
    const winners = state.winners.map(who);
    byId("result").textContent = `The game is over. Won by ${winners.join(" and ")}.`;
  }
  showControls();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retry = 0;
    byId("connection").textContent = "connected";
    socket.send(JSON.stringify({ type: "hello", token: token, pictures: true }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") show(message);
    else if (message.type === "error") {
      byId("status").textContent = message.message;
      if (state) showControls();
    }
  });
  socket.addEventListener("close", (event) => {
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

byId("get-record")?.addEventListener("click", () => download("/api/record", "game.json", "application/json"));
byId("get-replay").addEventListener("click", () => download("/api/replay", "game.html", "text/html"));
if (!token) {
  byId("status").textContent = "Open this page from your invitation link (it ends with #, then your token).";
  byId("connection").textContent = "";
} else {
  connect();
}
