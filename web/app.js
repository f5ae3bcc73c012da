// The page of `mancala serve`: pick a game, play it against the computer or a second person (a
// room, over a WebSocket), watch every move sown stone by stone from the engine's events, undo,
// save and load records, and edit rule files with the checker's diagnostics as you type.
// Everything shown comes from the server; nothing here knows a game's rules.
"use strict";

const $ = (id) => document.getElementById(id);
const PLAYERS = [
  ["human", "a person"],
  ["easy", "computer: easy"],
  ["medium", "computer: medium"],
  ["hard", "computer: hard"],
  ["random", "computer: random"],
];

let games = [];
let socket = null;
let room = null; // {id, token}
let info = null; // the welcome: the board's shape, who we are
let shown = null; // the state on the board
let queue = Promise.resolve();
let selected = new Set();
let closed = false;
let failures = 0; // reconnections in a row without a welcome
let hinted = null; // {ply, action}: the hint for the board shown
let review = null; // {ply, of, position, step}: an earlier move looked at (the game goes on meanwhile)

// For the page's tests: every stone sown by an animation, in order, and how many messages are
// still to be drawn (0 once the board shows the last one).
window.mancalaSown = [];
window.mancalaBusy = 0;

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok || data.error) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function showError(message) {
  $("error").textContent = message || "";
}

// ---- Setup -------------------------------------------------------------------------------

async function setup() {
  for (const id of ["south", "north"]) {
    for (const [value, text] of PLAYERS) $(id).append(element("option", { value, textContent: text }));
  }
  $("south").value = "human";
  $("north").value = "medium";
  $("speed").value = localStorage.getItem("mancala-speed") || "120";
  $("speed").addEventListener("change", () => localStorage.setItem("mancala-speed", $("speed").value));
  try {
    games = await api("/api/games");
  } catch (error) {
    showError(error.message);
  }
  for (const game of games) $("game").append(element("option", { value: game.file, textContent: game.game }));
  const kalah = games.find((g) => g.file === "kalah.mancala");
  if (kalah) $("game").value = kalah.file;
  const chosen = () => {
    drawOptions(currentGame()?.options || []);
    const page = currentGame()?.page;
    $("game-rules").hidden = !page;
    if (page) $("game-rules").href = page;
  };
  $("game").addEventListener("change", chosen);
  chosen();
  $("start").addEventListener("click", () => start({ file: $("game").value }));
  $("load").addEventListener("change", loadRecord);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("action").value.trim();
    if (text) act(text);
    $("action").value = "";
  });
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("hint").addEventListener("click", () => {
    send({ type: "hint" });
    $("hint-line").textContent = "Looking for a hint…";
  });
  $("invite").addEventListener("click", () => {
    $("link").value = location.href;
    $("link-line").hidden = false;
    $("link").select();
  });
  setupEditor();
  setupReview();
  // A new width may fit the board otherwise: drawn again (not while a move is being shown).
  window.addEventListener("resize", () => {
    if (!shown || window.mancalaBusy) return;
    if (review) drawReview();
    else draw(shown);
  });
  // Back and Forward go to the room of the address (or to no room).
  window.addEventListener("popstate", () => {
    const id = new URLSearchParams(location.search).get("room");
    if (id && (!room || room.id !== id)) enter(id);
    else if (!id) leave();
  });
  const id = new URLSearchParams(location.search).get("room");
  if (id) enter(id);
}

function currentGame() {
  return games.find((g) => g.file === $("game").value);
}

function drawOptions(options, into = $("options")) {
  into.replaceChildren();
  for (const option of options) {
    let input;
    if (Array.isArray(option.values)) {
      input = element("select", { className: "option" });
      for (const value of option.values) input.append(element("option", { value, textContent: value }));
    } else {
      input = element("input", { className: "option", type: "number", min: option.values.low, max: option.values.high });
    }
    input.value = option.default;
    input.dataset.name = option.name;
    input.dataset.default = option.default;
    into.append(element("label", {}, `${option.name} `, input));
  }
}

function sets(into = $("options")) {
  return [...into.querySelectorAll(".option")].filter((i) => i.value !== i.dataset.default).map((i) => `${i.dataset.name}=${i.value}`);
}

// A new game, unless the viewer is playing one that is not over: then they are asked first (the
// game stays in its room: Back returns to it).
async function start(rules) {
  showError("");
  const playing = shown && viewer() && !shown.state.position.result && shown.state.ply > 0;
  if (playing && !rules.confirmed) {
    const n = shown.state.ply;
    $("replace-text").textContent = `Your game of ${info.game} is going on (${n} move${n === 1 ? "" : "s"}): start a new one instead? This one stays in its room, and Back returns to it.`;
    $("replace").hidden = false;
    $("replace-yes").onclick = () => {
      $("replace").hidden = true;
      start({ ...rules, confirmed: true });
    };
    $("replace-no").onclick = () => ($("replace").hidden = true);
    $("replace-yes").focus();
    return;
  }
  $("replace").hidden = true;
  delete rules.confirmed;
  try {
    const created = await api("/api/rooms", { sets: sets(), ...rules, south: $("south").value, north: $("north").value });
    enterCreated(created);
  } catch (error) {
    showError(error.message);
  }
}

function enterCreated(created) {
  if (created.token) localStorage.setItem(`mancala-seat-${created.room}`, created.token);
  history.pushState(null, "", `?room=${created.room}`);
  enter(created.room);
}

async function loadRecord(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  showError("");
  const record = await file.text();
  try {
    enterCreated(await api("/api/rooms", { record }));
  } catch (error) {
    // A record of a file that is not shipped: the editor may hold it.
    const source = $("source").value;
    if (!source.trim()) return showError(error.message);
    try {
      enterCreated(await api("/api/rooms", { record, source }));
    } catch (second) {
      showError(second.message);
    }
  }
}

// ---- The room ----------------------------------------------------------------------------

// No room: the setup alone, as the page opens without one.
function leave() {
  if (socket) {
    socket.onclose = null;
    socket.close();
    socket = null;
  }
  room = info = shown = review = null;
  $("play").hidden = true;
  $("title").textContent = "";
  $("replace").hidden = true;
  showError("");
}

async function enter(id) {
  let token = localStorage.getItem(`mancala-seat-${id}`);
  if (!token) {
    try {
      const joined = await api(`/api/rooms/${id}/join`, {});
      token = joined.token;
      if (token) localStorage.setItem(`mancala-seat-${id}`, token);
    } catch (error) {
      return showError(error.message);
    }
  }
  room = { id, token };
  info = null;
  shown = null;
  review = null;
  told = [];
  closed = false;
  $("log").replaceChildren();
  connect();
}

function connect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = room.token ? `?token=${encodeURIComponent(room.token)}` : "";
  const current = new WebSocket(`${scheme}://${location.host}/api/rooms/${room.id}/ws${query}`);
  socket = current;
  current.onmessage = (event) => {
    const message = JSON.parse(event.data);
    window.mancalaBusy += 1;
    queue = queue
      .then(() => receive(message))
      .catch((error) => showError(String(error)))
      .finally(() => (window.mancalaBusy -= 1));
  };
  current.onclose = () => {
    if (socket !== current || closed) return;
    failures += 1;
    if (failures > 5) {
      $("status").textContent = "The room cannot be reached: reload the page to try again.";
      return;
    }
    $("status").textContent = "The connection was lost: reconnecting…";
    setTimeout(async () => {
      try {
        await api(`/api/rooms/${room.id}/record`);
        connect();
      } catch (error) {
        closed = true;
        $("status").textContent = `This room is closed (${error.message}). Start a new game above.`;
      }
    }, 1000);
  };
}

function send(message) {
  showError("");
  if (!socket || socket.readyState !== WebSocket.OPEN) return showError("not connected to the room yet");
  socket.send(JSON.stringify(message));
}

async function rematch() {
  showError("");
  try {
    enterCreated(await api(`/api/rooms/${room.id}/rematch`, {}));
  } catch (error) {
    showError(error.message);
  }
}

function act(action) {
  selected.clear();
  send({ type: "act", action, ply: shown ? shown.state.ply : undefined });
}

async function receive(message) {
  if (message.type === "error") {
    $("hint-line").textContent = "";
    return showError(message.message);
  }
  if (message.type === "hint") {
    if (!shown || message.ply !== shown.state.ply) return;
    hinted = message;
    $("hint-line").textContent = `Hint: ${message.action} (what the medium computer would play).`;
    return draw(shown);
  }
  if (message.type === "welcome") {
    failures = 0;
    info = message;
    $("play").hidden = false;
    $("title").textContent = message.game;
    const shipped = games.find((g) => message.file.endsWith(`/${g.file}`));
    if (shipped && $("game").value !== shipped.file) {
      $("game").value = shipped.file;
      drawOptions(shipped.options);
    }
    $("save").href = `/api/rooms/${room.id}/record`;
    // The game's page of rules (a shipped file's), then the file's rulings.
    $("rules-link").hidden = !message.page;
    if (message.page) Object.assign($("rules-link").querySelector("a"), { href: message.page, textContent: `The rules of ${message.game}, in full` });
    $("rulings").replaceChildren(...message.rulings.map((r) => element("li", {}, element("b", { textContent: r.id }), ` ${r.text}`)));
    if (!message.rulings.length) {
      const why = message.page ? "its rules page says how the game is played" : "its rules are the file itself";
      $("rulings").append(element("li", { textContent: `This rule file names no rulings of its own: ${why}.` }));
    }
    $("sources").textContent = message.sources.length ? `Sources: ${message.sources.join("; ")}` : "";
    // Every move so far in words, a loaded record's too.
    told = message.state.moves.map((move, i) => ({ action: move.action, lines: message.told[i] }));
    review = null;
    relog(message.state.moves);
    return draw({ state: message.state });
  }
  if (message.type === "state") {
    const step = message.step;
    const next = { state: message };
    if (step && shown && message.ply === shown.state.ply + 1 && review) {
      // Looking back: the move is listed, and shown when the viewer comes back to the game.
      told[message.ply - 1] = { action: step.action, lines: step.narration };
      logMove(step.by, step.narration);
    } else if (step && shown && message.ply === shown.state.ply + 1) {
      told[message.ply - 1] = { action: step.action, lines: step.narration };
      logMove(step.by, step.narration);
      const moves = raceMoves(step);
      $("status").textContent = moves ? `Both sow at once, a stone of each at a time: ${moves.join(", ")}…` : `${step.by} plays ${step.action}…`;
      $("choices").replaceChildren();
      await animate(shown.state.position, step);
    } else if (!shown || message.ply !== shown.state.ply) {
      relog(message.moves);
    }
    draw(next);
  }
}

// The narration of each move this page has seen, by ply, so that an undo keeps the words.
let told = [];

// The list of moves again (after an undo, a reload or a missed message): each move in words where
// this page saw it played, else as its action.
function relog(moves) {
  $("log").replaceChildren();
  told = told.slice(0, moves.length);
  moves.forEach((move, i) => {
    const known = told[i] && told[i].action === move.action;
    logMove(move.by, known ? told[i].lines : [`${move.by} ${move.action}`]);
  });
}

// The moves both players sow at once ("south a3", "north b4"), where the step is such a turn.
function raceMoves(step) {
  const moves = step.events.filter((e) => e.event === "lift" && e.why === "move").map((e) => `${e.by} ${e.hole}`);
  return moves.length > 1 ? moves : null;
}

function logMove(by, lines) {
  const item = element("li", { class: by, "data-ply": String($("log").children.length + 1), title: "Show the board after this move" });
  item.addEventListener("click", () => reviewTo(Number(item.dataset.ply)));
  // A line that tells one player's part (both sow in one turn) wears that player's colour.
  for (const line of lines) item.append(element("div", { textContent: line, class: (/^(south|north) /.exec(line) || [null, by])[1] }));
  const log = $("log");
  log.append(item);
  log.scrollTop = log.scrollHeight;
}

// ---- Drawing -----------------------------------------------------------------------------

function viewer() {
  return info && info.you ? info.you : null;
}

// The board as the viewer sees it: their own side at the bottom.
function layout() {
  const fromNorth = viewer() === "north";
  const rows = [...info.rows].reverse();
  if (fromNorth) rows.reverse();
  return rows.map((row) => ({ ...row, holes: fromNorth ? [...row.holes].reverse() : row.holes }));
}

// A model of the board the animation changes: counts by hole, captures, hands.
function model(position) {
  const counts = {};
  for (const row of info.rows) row.holes.forEach((label, i) => (counts[label] = position.rows[row.letter][i]));
  return {
    counts,
    captured: { ...position.captured },
    hand: { south: 0, north: 0, ...(position.hand || {}) },
    moving: { south: 0, north: 0 },
    owners: { ...info.home, ...position.owners },
    closed: new Set(position.closed || []),
    claimed: new Set(position.claimed || []),
  };
}

function draw(next) {
  if (hinted && (!shown || hinted.ply !== next.state.ply)) {
    hinted = null;
    $("hint-line").textContent = "";
  }
  shown = next;
  const state = next.state;
  // The board stays on the move looked at while the game's moves go on being listed (an undo
  // past it ends the looking back).
  if (review && review.ply >= state.ply) review = null;
  if (review) {
    review.of = state.ply;
    return drawReview();
  }
  drawReviewBar(state.ply, state.ply);
  const position = state.position;
  drawBoard(model(position), { legal: position.legal, changed: changedHoles(state) });
  drawStatus(state);
  drawChoices(position);
  $("undo").disabled = !viewer() || !state.moves.some((m) => m.by === viewer());
  $("hint").disabled = !viewer() || position.to_move !== viewer();
  const free = Object.values(state.seats).some((s) => s.kind === "person" && !s.taken);
  $("invite").hidden = !free;
  if (!free) $("link-line").hidden = true;
}

// ---- Looking back through the moves ------------------------------------------------------

// Shows the board after the first `ply` moves (the server replays them), or the game as it
// stands at its last.
async function reviewTo(ply) {
  if (!shown) return;
  showError("");
  const of = shown.state.ply;
  ply = Math.max(0, Math.min(ply, of));
  if (ply === of) {
    review = null;
    return draw(shown);
  }
  try {
    const data = await api(`/api/rooms/${room.id}/moves/${ply}`);
    review = { ply: data.ply, of: shown.state.ply, position: data.position, step: data.step };
    drawReview();
  } catch (error) {
    showError(error.message);
  }
}

function drawReview() {
  const step = review.step;
  drawBoard(model(review.position), { changed: step ? changedHoles({ step }) : new Set() });
  const now = review.of === 1 ? "1 move played" : `${review.of} moves played`;
  $("status").textContent = review.ply === 0 ? `Looking back: the start (${now}).` : `Looking back: after move ${review.ply} of ${review.of}.`;
  $("choices").replaceChildren();
  $("review-told").replaceChildren(...(step ? step.narration.map((line) => element("div", { class: (/^(south|north) /.exec(line) || [null, step.by])[1], textContent: `${line === step.narration[0] ? `${review.ply}. ` : ""}${line}` })) : []));
  drawReviewBar(review.ply, review.of);
}

// The buttons that step through the moves, and the move marked in the list.
function drawReviewBar(ply, of) {
  $("review").hidden = of === 0;
  $("review-at").textContent = review ? `move ${ply} of ${of}` : `${of} move${of === 1 ? "" : "s"}`;
  $("review-start").disabled = $("review-back").disabled = ply === 0;
  $("review-next").disabled = $("review-end").disabled = !review;
  if (!review) $("review-told").replaceChildren();
  for (const item of $("log").children) item.classList.toggle("current", review !== null && Number(item.dataset.ply) === ply);
  // The move looked at scrolled into the middle of the list (the list only, not the page).
  const log = $("log");
  const current = log.querySelector("li.current");
  if (current) log.scrollTop += current.getBoundingClientRect().top - log.getBoundingClientRect().top - (log.clientHeight - current.offsetHeight) / 2;
}

function setupReview() {
  const at = () => (review ? review.ply : shown ? shown.state.ply : 0);
  $("review-start").addEventListener("click", () => reviewTo(0));
  $("review-back").addEventListener("click", () => reviewTo(at() - 1));
  $("review-next").addEventListener("click", () => reviewTo(at() + 1));
  $("review-end").addEventListener("click", () => reviewTo(Infinity));
}

function changedHoles(state) {
  const step = state.step;
  const changed = new Set();
  if (!step) return changed;
  for (const event of step.events) {
    if (event.hole) changed.add(event.hole);
    for (const hole of event.holes || []) changed.add(hole);
  }
  return changed;
}

// How the board fits the screen, found by drawing it: every column in one row of holes with the
// stores beside them, else the stores above and below, else the columns wrapped into blocks of
// fewer (the holes never narrower than a finger: --hole-min). Kept while the room, the width
// and the side seen from stay the same.
let fitted = null; // {key, perBlock, aside}

// `at`: where each player's sowing stands, by player (or `any`), during an animation.
function drawBoard(m, options = {}) {
  const width = $("play").clientWidth;
  const key = `${room && room.id}:${info.columns}:${width}:${viewer()}`;
  if (fitted && fitted.key === key) return drawHoles(m, options);
  const tries = [[info.columns, true], [info.columns, false]];
  for (let blocks = 2; blocks <= info.columns; blocks++) tries.push([Math.ceil(info.columns / blocks), false]);
  for (const [perBlock, aside] of tries) {
    fitted = { key, perBlock, aside };
    drawHoles(m, options);
    if (!width || $("board").scrollWidth <= $("board").clientWidth + 1) break;
  }
}

function drawHoles(m, { legal = [], changed = new Set(), at = {} } = {}) {
  const board = $("board");
  const rows = layout();
  const you = viewer();
  const fromNorth = you === "north";
  const movable = new Set();
  const choosable = new Set();
  if (you && shown && shown.state.position.to_move === you) {
    for (const action of legal) {
      const words = action.split(" ");
      if (/^[a-z]\d+$/.test(words[0])) movable.add(words[0]);
      else if (words[0] === "take" || words[0] === "offer") words.slice(1).forEach((h) => choosable.add(h));
    }
  }
  const { perBlock, aside } = fitted;
  const top = fromNorth ? "south" : "north";
  const bottom = fromNorth ? "north" : "south";
  const grids = [];
  for (let from = 0; from < info.columns; from += perBlock) {
    const grid = element("div", { class: "grid" });
    grid.style.gridTemplateColumns = `repeat(${perBlock}, minmax(var(--hole-min), 4.6rem))`;
    grids.push(grid);
  }
  for (const row of rows) {
    for (const [column, label] of row.holes.entries()) {
      const grid = grids[Math.floor(column / perBlock)];
      const owner = m.owners[label];
      const classes = ["hole", owner];
      if (m.closed.has(label)) classes.push("closed");
      if (m.claimed.has(label)) classes.push("claimed");
      if (changed.has(label)) classes.push("changed");
      for (const [who, place] of Object.entries(at)) if (place === label) classes.push("at", `at-${who}`);
      if (movable.has(label) || choosable.has(label)) classes.push("legal");
      if (selected.has(label)) classes.push("selected");
      if (hinted && hinted.action.split(" ").includes(label)) classes.push("hint");
      const count = m.counts[label];
      const stones = element("span", { class: "stones" });
      for (let i = 0; i < Math.min(count, 24); i++) stones.append(element("i"));
      const claimed = m.claimed.has(label);
      const hole = element(
        "button",
        { class: classes.join(" "), type: "button", title: `${label} (${claimed ? `claimed by ${owner}` : owner}): ${count}`, "data-hole": label, "data-count": String(count) },
        stones,
        element("span", { class: "count", textContent: String(count) }),
        element("span", { class: "label", textContent: label }),
      );
      // A claimed hole's star stands at the corner opposite its count, so neither hides the other.
      if (claimed) hole.append(element("span", { class: "claim", textContent: "★" }));
      hole.addEventListener("click", () => clickHole(label, movable, choosable));
      grid.append(hole);
    }
  }
  const side = (player) => {
    const parts = [];
    const captured = m.captured[player] || 0;
    parts.push(element("span", { class: "captured", "data-player": player, textContent: `${info.stores ? "store" : "captured"} ${captured}` }));
    if (m.hand[player]) parts.push(element("span", { class: "hand", textContent: ` · in hand ${m.hand[player]}` }));
    if (m.moving[player]) parts.push(element("span", { class: "moving", textContent: ` · sowing ${m.moving[player]}` }));
    const seat = shown ? shown.state.seats[player] : null;
    let who = "";
    if (seat && seat.kind === "computer") who = `computer (${seat.name})`;
    else if (seat && !seat.taken) who = "a free seat";
    else if (seat) who = `${player === you ? "you" : "a person"}${seat.present ? "" : " (away)"}`;
    return element("div", { class: `side ${player}` }, element("b", { textContent: `${player}` }), ` ${who} · `, ...parts);
  };
  const middle = element("div", { class: aside ? "middle" : "middle stacked" });
  // One row of holes, or (wrapped) blocks of columns one under another.
  const holes = grids.length === 1 ? grids[0] : element("div", { class: "blocks" }, ...grids);
  const store = (player) =>
    element("div", { class: `store ${player}`, "data-store": player, title: `${player}'s store` }, element("span", { class: "count", textContent: String(m.captured[player] || 0) }));
  if (info.stores && aside) {
    // South's store is at the end of South's row the sowing reaches last: right, unless the
    // file puts it left; turned round when seen from North.
    const southRight = info.stores_left === fromNorth;
    middle.append(store(southRight ? "north" : "south"), holes, store(southRight ? "south" : "north"));
  } else if (info.stores) {
    // No room beside the holes: each player's store by their side of the board.
    middle.append(store(top), holes, store(bottom));
  } else {
    middle.append(holes);
  }
  board.replaceChildren(side(top), middle, side(bottom));
}

function clickHole(label, movable, choosable) {
  const legal = shown.state.position.legal;
  if (choosable.has(label)) {
    if (selected.has(label)) selected.delete(label);
    else selected.add(label);
    return draw(shown);
  }
  if (!movable.has(label)) return;
  const moves = legal.filter((a) => a === label || a.startsWith(`${label} `));
  if (moves.length === 1) return act(moves[0]);
  // Either way: ask which.
  const choices = $("choices");
  choices.replaceChildren(element("span", { textContent: `${label}: which way? ` }));
  // A move that names its way says it; the hole alone goes the file's way, the other one.
  const named = (move) => (move.endsWith(" ccw") ? "counter-clockwise" : move.endsWith(" cw") ? "clockwise" : null);
  const other = moves.map(named).find((way) => way) === "clockwise" ? "counter-clockwise" : "clockwise";
  for (const move of moves) {
    const way = named(move) ?? other;
    choices.append(element("button", { type: "button", textContent: `${move} (${way})`, onclick: () => act(move) }));
  }
}

function drawChoices(position) {
  const choices = $("choices");
  choices.replaceChildren();
  // The game over: a rematch, for a player (a new room of the same rules and players).
  if (position.result && viewer()) {
    choices.append(element("button", { type: "button", id: "rematch", textContent: "Rematch", onclick: rematch }));
    return;
  }
  if (!viewer() || position.to_move !== viewer()) return;
  const words = position.legal.filter((a) => !/^[a-z]\d+( c?cw)?$/.test(a));
  const holeSets = words.filter((a) => a.startsWith("take ") || a.startsWith("offer "));
  const plain = words.filter((a) => !holeSets.includes(a));
  for (const word of plain) choices.append(element("button", { type: "button", textContent: word, onclick: () => act(word) }));
  if (!holeSets.length) return;
  if (holeSets.length <= 8) {
    for (const set of holeSets) choices.append(element("button", { type: "button", textContent: set, onclick: () => act(set) }));
    return;
  }
  const verb = holeSets[0].split(" ")[0];
  const size = holeSets[0].split(" ").length - 1;
  const text = `${verb} ${sortHoles([...selected]).join(" ")}`;
  const ready = holeSets.includes(text);
  choices.append(
    element("span", { textContent: `${verb} holes: click them on the board (${holeSets.length} ways${verb === "take" ? `, ${size} holes` : ""}) ` }),
    element("button", { type: "button", disabled: !ready, textContent: ready ? text : `${verb} …`, onclick: () => act(text) }),
  );
}

// Board order: row by row from a, column by column.
function sortHoles(holes) {
  const key = (h) => [h.charCodeAt(0), Number(h.slice(1))];
  return holes.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
}

function drawStatus(state) {
  const position = state.position;
  const you = viewer();
  let text;
  if (position.result) {
    const r = position.result;
    const score = `${r.score.south} to ${r.score.north}`;
    const other = you === "south" ? "north" : "south";
    // One person against the computer (or the player of their seat in a room): said to them.
    if (you && r.winner) text = `Game over: you ${r.winner === you ? "won" : "lost"}, ${r.score[you]} to ${r.score[other]}: ${r.reason}.`;
    else if (you) text = `Game over: a draw, ${r.score[you]} each: ${r.reason}.`;
    else text = r.winner ? `Game over: ${r.winner} wins ${r.winner === "south" ? score : `${r.score.north} to ${r.score.south}`}: ${r.reason}.` : `Game over: a draw, ${score}: ${r.reason}.`;
  } else if (state.thinking) {
    text = `${state.thinking} is thinking…`;
  } else if (position.to_move === you) {
    text = `Your move (${you}).${position.pending ? " " + pendingText(position.pending) : ""}`;
    // The first turn both play at once, before either has chosen.
    if (info.race && state.ply === 0) text += ` The first turn is played by both at once: choose your hole, then ${you === "south" ? "north" : "south"} chooses theirs, and both are sown together, a stone of each at a time; whoever finishes ${info.race.split(" ")[0]} moves next.`;
  } else {
    text = `${position.to_move} to move.`;
  }
  const free = ["south", "north"].filter((p) => state.seats[p].kind === "person" && !state.seats[p].taken);
  if (free.length && !position.result) text += ` Waiting for a second player to take ${free.join(" and ")}: invite one with the link.`;
  if (!you) text += " You are watching.";
  $("status").textContent = text;
}

function pendingText(pending) {
  if (pending.offer) return `${pending.by} offers ${pending.offer.join(" ")}: accept or decline.`;
  if (pending.decision === "continue or stop") return `The move stands on ${pending.at}: continue or stop.`;
  if (pending.decision === "take") return `Take ${pending.holes} holes.`;
  if (pending.decision === "race") return `${pending.by === "south" ? "north" : "south"} has chosen a hole: choose yours, and both are sown together.`;
  return "";
}

// ---- Animation ---------------------------------------------------------------------------

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The frames an action's events are shown in, each a stone's time at the chosen speed.
const FRAMES = { lift: 1, place: 1, claim: 1, take: 2, "round over": 3, round: 3 };
// An action is shown in at most as long as this many frames at the chosen speed (a long relay,
// or both players' turn sown at once, goes faster).
const MAX_FRAMES = 60;

async function animate(before, step) {
  const speed = Number($("speed").value);
  const frames = step.events.reduce((n, e) => n + (e.event === "sow" ? e.holes.length : FRAMES[e.event] || 0), 0);
  const delay = Math.min(speed, (speed * MAX_FRAMES) / Math.max(frames, 1));
  window.mancalaAnimation = { frames, delay, speed };
  const m = model(before);
  // Where each player's sowing stands (both sow at once in a race).
  const at = {};
  const frame = async (place, ms = delay, by = null) => {
    if (by) at[by] = place;
    drawBoard(m, { at: by ? at : { any: place } });
    if (ms > 0) await pause(ms);
  };
  for (const event of step.events) {
    switch (event.event) {
      case "lift":
        m.counts[event.hole] -= event.stones;
        m.moving[event.by] += event.stones;
        await frame(event.hole, delay, event.by);
        break;
      case "place":
        m.hand[event.by] = Math.max(0, m.hand[event.by] - 1);
        m.counts[event.hole] += 1;
        window.mancalaSown.push(event.hole);
        await frame(event.hole, delay, event.by);
        break;
      case "sow":
        for (const place of event.holes) {
          m.moving[event.by] = Math.max(0, m.moving[event.by] - 1);
          if (place.startsWith("store:")) m.captured[place.slice(6)] += 1;
          else m.counts[place] += 1;
          window.mancalaSown.push(place);
          await frame(place.startsWith("store:") ? null : place, delay, event.by);
        }
        break;
      case "take":
        m.counts[event.hole] -= event.stones;
        if (event.how === "sown on") m.moving[event.by] += event.stones;
        else m.captured[event.by] += event.stones;
        // The end's sweep: the stones left go where the score counts them, said as they go.
        if (event.how === "leftover") $("status").textContent = `The game is over: the stones left go to ${event.by}'s ${info.stores ? "store" : "captures"}…`;
        await frame(event.hole, delay * 2);
        break;
      case "claim":
        m.owners[event.hole] = event.by;
        m.claimed.add(event.hole);
        await frame(event.hole);
        break;
      case "round over":
        for (const hole of Object.keys(m.counts)) m.counts[hole] = 0;
        m.captured = { ...event.stocks };
        await frame(null, delay * 3);
        break;
      case "round": {
        const next = model({ ...before, rows: event.rows, owners: event.owners, captured: event.captured, closed: event.closed, claimed: event.claimed, hand: event.hand });
        Object.assign(m, next);
        await frame(null, delay * 3);
        break;
      }
      default:
        break;
    }
  }
}

// ---- The rule editor ---------------------------------------------------------------------

let checking = null;
let checkAgain = false;

function setupEditor() {
  const source = $("source");
  let timer = null;
  source.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });
  $("open-file").addEventListener("click", async () => {
    try {
      const file = await api(`/api/games/${encodeURIComponent($("game").value)}`);
      source.value = file.source;
      source.dataset.name = file.file;
      check();
    } catch (error) {
      $("check-summary").textContent = error.message;
    }
  });
  $("upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 1 << 20) return ($("check-summary").textContent = `${file.name} is larger than 1 MiB, too large for a rule file`);
    source.value = await file.text();
    source.dataset.name = file.name;
    check();
  });
  $("play-source").addEventListener("click", () => {
    start({ source: source.value, name: source.dataset.name || "editor.mancala", sets: sets($("editor-options")) });
  });
}

async function check() {
  if (checking) {
    checkAgain = true;
    return;
  }
  const text = $("source").value;
  checking = api("/api/check", { source: text, name: $("source").dataset.name || "editor.mancala" });
  try {
    const result = await checking;
    if (!checkAgain) drawDiagnostics(text, result);
  } catch (error) {
    $("check-summary").textContent = error.message;
  } finally {
    checking = null;
    if (checkAgain) {
      checkAgain = false;
      check();
    }
  }
}

function drawDiagnostics(text, result) {
  const list = $("diagnostics");
  list.replaceChildren();
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  $("play-source").disabled = !result.game;
  const summary = result.game
    ? `${result.game}: no errors${warnings ? `, ${warnings} warning(s)` : ""}. It plays with the setup's players${result.options.length ? ", and these options:" : "."}`
    : `${errors} error(s)${warnings ? `, ${warnings} warning(s)` : ""}.`;
  $("check-summary").textContent = summary;
  // Keep the options chosen while the file's options stay the same.
  const names = (result.options || []).map((o) => `${o.name}:${JSON.stringify(o.values)}`).join(";");
  if ($("editor-options").dataset.names !== names) {
    drawOptions(result.options || [], $("editor-options"));
    $("editor-options").dataset.names = names;
  }
  for (const d of result.diagnostics) {
    const label = d.labels[0];
    const where = label ? `line ${label.start.line}, column ${label.start.column}` : "";
    const item = element(
      "li",
      { class: `diagnostic ${d.severity}` },
      element("div", { class: "headline" }, element("b", { textContent: `${d.severity}[${d.code.replace("mancala::", "")}]` }), ` ${where}: ${d.message}`),
    );
    for (const l of d.labels) item.append(element("div", { class: "label", textContent: `${l.start.line}:${l.start.column}: ${l.message}` }));
    if (d.help) item.append(element("div", { class: "help", textContent: `help: ${d.help}` }));
    if (label) item.addEventListener("click", () => select(text, label));
    list.append(item);
  }
}

// Selects a label's span in the editor (its places are lines and columns in characters) and
// scrolls it into view: the editor to its line (a line is a line: the editor does not wrap), the
// page to the editor.
function select(text, label) {
  const lines = text.split("\n");
  const index = (place) => lines.slice(0, place.line - 1).reduce((n, line) => n + [...line].length + 1, 0) + place.column - 1;
  const source = $("source");
  source.focus({ preventScroll: true });
  source.setSelectionRange(index(label.start), Math.max(index(label.end), index(label.start) + 1));
  const style = getComputedStyle(source);
  const height = parseFloat(style.lineHeight);
  const top = (label.start.line - 1) * height + parseFloat(style.paddingTop);
  source.scrollTop = Math.max(0, top - source.clientHeight / 3);
  const width = parseFloat(style.fontSize) * 0.6;
  const left = (label.start.column - 1) * width;
  source.scrollLeft = left < source.clientWidth * 0.8 ? 0 : left - source.clientWidth / 3;
  // The line on the screen, a third of the way down.
  const y = source.getBoundingClientRect().top + top - source.scrollTop;
  if (y < 0 || y > window.innerHeight - height) window.scrollBy(0, y - window.innerHeight / 3);
}

setup();
