// The page of `mancala serve`, driven in headless Chromium (Debian's, through playwright-core):
// a game against the computer sown stone by stone, undo, records saved and loaded, two people in
// one room in two browser contexts, a reload, the rule editor's diagnostics, bad messages, and
// idle rooms cleaned up. Screenshots go to tests/screenshots/ (look at them).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const binary = process.env.MANCALA_BIN || join(repo, "target/debug/mancala");
const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });

const servers = [];
let browser;
let base;

// Starts `mancala serve` on a free port; resolves to its address.
function serve(...extra) {
  return new Promise((ok, fail) => {
    const child = spawn(binary, ["serve", "--port", "0", "--rules", join(repo, "rules"), ...extra], { stdio: ["ignore", "pipe", "inherit"] });
    servers.push(child);
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = out.match(/http:\/\/[\d.]+:\d+\//);
      if (found) ok(found[0]);
    });
    child.on("exit", (code) => fail(new Error(`mancala serve exited with ${code}: ${out}`)));
  });
}

before(async () => {
  base = await serve();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  for (const child of servers) child.kill();
});

// A page at a desktop's width (1280 px) or a phone's (390 px, touch).
async function newPage({ width = 1280 } = {}) {
  const phone = width < 500;
  const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 }, acceptDownloads: true, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  page.on("pageerror", (error) => assert.fail(`page error: ${error.message}`));
  return page;
}

// The stones of every hole as the page shows them, by label.
async function counts(page) {
  return page.$$eval("#board .hole", (holes) => Object.fromEntries(holes.map((h) => [h.dataset.hole, Number(h.dataset.count)])));
}

// Waits until the page has drawn every message it has received (no animation running).
async function settled(page) {
  await page.waitForFunction(() => window.mancalaBusy === 0, null, { timeout: 20000 });
}

async function status(page, pattern) {
  await settled(page);
  await page
    .waitForFunction((source) => new RegExp(source).test(document.getElementById("status").textContent), pattern.source, { timeout: 20000 })
    .catch(async (error) => {
      throw new Error(`${error.message}: the status stayed ${JSON.stringify(await page.textContent("#status"))} (error: ${JSON.stringify(await page.textContent("#error"))})`);
    });
  return page.textContent("#status");
}

// Waits until the page's move list has n moves and everything received is drawn.
async function moves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("#log li").length === n, n, { timeout: 20000 });
  await settled(page);
}

// A room of `file` where `moves` have been played (a record loaded through the API), opened in
// `page`; the page takes the room's free seat (North, when both are people).
async function openAfter(page, file, moves, { south = "human", north = "human" } = {}) {
  const created = await (await fetch(`${base}api/rooms`, { method: "POST", body: JSON.stringify({ file, south, north }) })).json();
  const record = await (await fetch(`${base}api/rooms/${created.room}/record`)).json();
  const loaded = await (await fetch(`${base}api/rooms`, { method: "POST", body: JSON.stringify({ record: JSON.stringify({ ...record, moves }) }) })).json();
  await page.goto(`${base}?room=${loaded.room}`);
  await page.waitForSelector("#board .hole");
  await settled(page);
}

// Whether two elements' boxes overlap.
async function overlap(a, b) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function startGame(page, { game = "kalah.mancala", south = "human", north = "easy", options = {} } = {}) {
  await page.goto(base);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: "attached" });
  await page.selectOption("#game", game);
  for (const [name, value] of Object.entries(options)) await page.selectOption(`#options select[data-name="${name}"]`, value);
  await page.selectOption("#south", south);
  await page.selectOption("#north", north);
  await page.click("#start");
  await page.waitForSelector("#board .hole");
}

test("a game of Kalah against the computer, sown stone by stone, with undo", async () => {
  const page = await newPage();
  await startGame(page);
  await status(page, /Your move \(south\)/);
  assert.equal((await counts(page)).a3, 4);
  // a3's four stones: a4 a5 a6 and South's store, one at a time; the last in the store moves again.
  await page.click('[data-hole="a3"]');
  await page.waitForFunction(() => window.mancalaSown.length === 4);
  assert.deepEqual(await page.evaluate(() => window.mancalaSown), ["a4", "a5", "a6", "store:south"]);
  await status(page, /Your move \(south\)/);
  const afterA3 = await counts(page);
  assert.deepEqual([afterA3.a3, afterA3.a4, afterA3.a6], [0, 5, 5]);
  assert.equal(await page.textContent('[data-store="south"]'), "1");
  assert.match(await page.textContent("#log"), /moves again: the last stone fell into their store/);
  // a1 ends in a5: the computer answers.
  await page.click('[data-hole="a1"]');
  await page.waitForFunction(() => document.querySelectorAll("#log li.north").length > 0, null, { timeout: 20000 });
  await status(page, /Your move \(south\)|Game over/);
  await page.screenshot({ path: join(shots, "kalah-against-the-computer.png") });
  // A hint names a legal move and marks its hole; the next move clears it.
  await page.click("#hint");
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById("hint-line").textContent), null, { timeout: 20000 });
  const hinted = (await page.textContent("#hint-line")).match(/^Hint: (a\d)/)[1];
  assert.equal(await page.$$eval(".hole.hint", (h) => h.map((x) => x.dataset.hole).join(" ")), hinted);
  assert.ok(await page.$eval(`[data-hole="${hinted}"]`, (h) => h.classList.contains("legal")));
  // Undo takes back a1 and the computer's answer: the board after a3 again.
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelector('[data-hole="a1"]').dataset.count === "4");
  assert.deepEqual(await counts(page), afterA3);
  await moves(page, 1);
  assert.match(await page.textContent("#log"), /^south a3 \(4 stones\): a4 a5 a6 south's store/);
  assert.equal(await page.$$eval(".hole.hint", (h) => h.length), 0);
  assert.equal(await page.textContent("#hint-line"), "");
  await page.context().close();
});

test("a record saved from the page loads back into a new room", async () => {
  const page = await newPage();
  await startGame(page, { game: "oware.mancala", north: "random" });
  await page.click('[data-hole="a2"]');
  await page.waitForFunction(() => document.querySelectorAll("#log li").length >= 2, null, { timeout: 20000 });
  await status(page, /Your move/);
  const board = await counts(page);
  const download = page.waitForEvent("download");
  await page.click("#save");
  const path = await (await download).path();
  const record = JSON.parse(readFileSync(path, "utf8"));
  assert.equal(record.format, "mancala-record/1");
  assert.equal(record.rules.game, "Oware");
  assert.equal(record.south, "human");
  assert.equal(record.north, "random");
  assert.equal(record.moves.split(",").length, 2);
  const room = new URL(page.url()).searchParams.get("room");
  const saved = join(shots, "oware-record.json");
  writeFileSync(saved, JSON.stringify(record));
  await page.setInputFiles("#load", saved);
  await page.waitForFunction((old) => new URL(location.href).searchParams.get("room") !== old, room);
  await page.waitForFunction(() => document.querySelectorAll("#log li").length === 2);
  await status(page, /Your move \(south\)/);
  assert.deepEqual(await counts(page), board);
  await page.context().close();
});

test("two people in one room see the same board, and a reload keeps the game", async () => {
  const south = await newPage();
  await startGame(south, { south: "human", north: "human" });
  await status(south, /Your move \(south\)\. Waiting for a second player to take north/);
  await south.click("#invite");
  const link = await south.inputValue("#link");
  assert.match(link, /\?room=[0-9a-f]{16}$/);
  const north = await newPage();
  await north.goto(link);
  await north.waitForSelector("#board .hole");
  await status(south, /Your move \(south\)/);
  await status(north, /south to move/);
  // North sees the board turned: their side at the bottom.
  assert.deepEqual(await north.$$eval("#board .side b", (b) => b.map((x) => x.textContent)), ["south", "north"]);
  assert.deepEqual(await south.$$eval("#board .side b", (b) => b.map((x) => x.textContent)), ["north", "south"]);
  await south.click('[data-hole="a1"]');
  await moves(north, 1);
  await status(north, /Your move \(north\)/);
  assert.deepEqual(await counts(north), await counts(south));
  assert.equal((await counts(north)).a5, 5);
  // South may not move now; North moves.
  assert.equal(await south.$$eval("#board .hole.legal", (h) => h.length), 0);
  await north.click('[data-hole="b5"]');
  await moves(south, 2);
  await status(south, /Your move \(south\)/);
  assert.deepEqual(await counts(north), await counts(south));
  await south.screenshot({ path: join(shots, "room-south.png") });
  await north.screenshot({ path: join(shots, "room-north.png") });
  // A reload keeps the seat and the game.
  const before = await counts(south);
  await south.reload();
  await south.waitForSelector("#board .hole");
  await status(south, /Your move \(south\)/);
  assert.deepEqual(await counts(south), before);
  assert.equal(await south.$$eval("#log li", (l) => l.length), 2);
  // a6's four stones: South's store, b1 b2 b3.
  await south.click('[data-hole="a6"]');
  await moves(north, 3);
  await status(north, /Your move \(north\)/);
  // A third visitor only watches.
  const watcher = await newPage();
  await watcher.goto(link);
  await status(watcher, /You are watching/);
  assert.deepEqual(await counts(watcher), await counts(north));
  // North leaves: the others see the seat away.
  await north.context().close();
  await south.waitForFunction(() => /north a person \(away\)/.test(document.getElementById("board").textContent));
  for (const page of [south, watcher]) await page.context().close();
});

test("decisions inside a move: which way to sow, continue, and holes chosen by clicking", async () => {
  // Bao la Kujifunza: b4 may go either way; the page asks which.
  const bao = await newPage();
  await startGame(bao, { game: "bao-la-kujifunza.mancala", north: "random" });
  await status(bao, /Your move \(south\)/);
  await bao.click('[data-hole="b4"]');
  assert.deepEqual(await bao.$$eval("#choices button", (b) => b.map((x) => x.textContent)), ["b4 ccw (counter-clockwise)", "b4 cw (clockwise)"]);
  await bao.click("#choices button >> text=b4 cw");
  await moves(bao, 2);
  assert.match(await bao.textContent("#log li"), /^south b4 cw \(2 stones\): b5 b6/);
  await bao.context().close();
  // A file that sows clockwise and may reverse: the hole alone is the clockwise move.
  const back = await newPage();
  await back.goto(base);
  await back.click("#editor summary");
  const backwards = 'game "Backwards"\nboard {\n    size 2 x 3\n    seeds 2\n}\nplay {\n    start from own hole\n    reverse from own hole where count >= 2\n}\nsowing {\n    sow clockwise\n}\nend {\n    when every hole is empty, "the board is empty"\n    when board repeats 2 times, leftover split\n}\n';
  await back.fill("#source", backwards);
  await back.waitForFunction(() => /Backwards: no errors/.test(document.getElementById("check-summary").textContent));
  await back.click("#play-source");
  await back.waitForSelector("#board .hole");
  await status(back, /Your move \(south\)/);
  await back.click('[data-hole="a2"]');
  assert.deepEqual(await back.$$eval("#choices button", (b) => b.map((x) => x.textContent)), ["a2 (clockwise)", "a2 ccw (counter-clockwise)"]);
  await back.screenshot({ path: join(shots, "which-way-clockwise.png") });
  await back.context().close();
  // Tsoro on 8 columns, two people typing: after six actions South chooses 2 of 10 bonus sets.
  const south = await newPage();
  await startGame(south, { game: "tsoro.mancala", south: "human", north: "human", options: { columns: "8" } });
  await south.waitForFunction(() => document.querySelectorAll("#board .hole").length === 32);
  await south.click("#invite");
  const north = await newPage();
  await north.goto(await south.inputValue("#link"));
  await north.waitForSelector("#board .hole");
  const played = ["a7", "d6", "continue", "a8", "d3", "b8"];
  for (const [i, action] of played.entries()) {
    await settled(south);
    await settled(north);
    const page = /Your move/.test(await south.textContent("#status")) ? south : north;
    if (action === "continue") await page.click("#choices button >> text=continue");
    else {
      await page.fill("#action", action);
      await page.press("#action", "Enter");
    }
    await moves(south, i + 1);
  }
  await status(south, /Your move \(south\)\. Take 2 holes\./);
  assert.match(await south.textContent("#choices"), /take holes: click them on the board \(10 ways, 2 holes\)/);
  assert.ok(await south.isDisabled("#choices button"));
  await south.click('[data-hole="c2"]');
  await south.click('[data-hole="c5"]');
  assert.equal(await south.textContent("#choices button"), "take c2 c5");
  await south.screenshot({ path: join(shots, "tsoro-bonus-choice.png") });
  const before = await counts(south);
  await south.click("#choices button");
  await moves(north, 7);
  const after = await counts(north);
  assert.deepEqual([after.c2, after.c5], [0, 0]);
  assert.ok(before.c2 + before.c5 > 0);
  assert.match(await north.textContent("#log"), /south take c2 c5/);
  for (const page of [south, north]) await page.context().close();
});

test("the rule editor shows the checker's diagnostics as you type, and plays a clean file", async () => {
  const page = await newPage();
  await page.goto(base);
  await page.click("#editor summary");
  await page.fill("#source", 'game "Mine"\nboard {\n    size 2 x\n}\n');
  await page.waitForSelector(".diagnostic.error");
  const text = await page.textContent("#diagnostics");
  assert.match(text, /error\[unreadable_line\] line 3, column 13: this line cannot be read/);
  assert.match(text, /help: this looks like a `size` statement/);
  assert.ok(await page.isDisabled("#play-source"));
  await page.screenshot({ path: join(shots, "editor-diagnostic.png"), fullPage: true });
  // Fixed, as typed: the diagnostic goes and the file plays.
  await page.fill("#source", 'game "Mine"\nboard {\n    size 2 x 3\n    seeds 2\n}\nend {\n    when every hole is empty, "the board is empty"\n    when board repeats 2 times, leftover split\n}\n');
  await page.waitForFunction(() => /Mine: no errors/.test(document.getElementById("check-summary").textContent));
  assert.equal(await page.$$eval(".diagnostic.error", (d) => d.length), 0);
  await page.click("#play-source");
  await page.waitForSelector("#board .hole");
  assert.equal(await page.textContent("#title"), "Mine");
  assert.equal((await counts(page)).b3, 2);
  // A rule file opened from disk, its option chosen in the editor: the room plays that variant.
  await page.setInputFiles("#upload", join(repo, "rules/bosh.mancala"));
  await page.waitForFunction(() => /Bosh: no errors/.test(document.getElementById("check-summary").textContent));
  await page.selectOption('#editor-options select[data-name="rounds"]', "1");
  const room = new URL(page.url()).searchParams.get("room");
  await page.click("#play-source");
  await page.waitForFunction((old) => new URL(location.href).searchParams.get("room") !== old, room);
  await page.waitForFunction(() => document.getElementById("title").textContent === "Bosh");
  const record = await (await fetch(`${base}api/rooms/${new URL(page.url()).searchParams.get("room")}/record`)).json();
  assert.deepEqual(record.sets, ["rounds=1"]);
  assert.equal(record.rules.file, "bosh.mancala");
  await page.context().close();
});

test("bad messages are refused one by one and the game goes on", async () => {
  const page = await newPage();
  await startGame(page, { north: "human" });
  const answers = await page.evaluate(async () => {
    const room = new URL(location.href).searchParams.get("room");
    const token = localStorage.getItem(`mancala-seat-${room}`);
    const ws = new WebSocket(`ws://${location.host}/api/rooms/${room}/ws?token=${token}`);
    const errors = [];
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "error") errors.push(message.message);
    };
    await new Promise((ok) => (ws.onopen = ok));
    for (const bad of ["not json", '{"type":"act"}', '{"type":"act","action":"z9"}', '{"type":"act","action":"b1"}', '{"type":"fly"}', '{"type":"undo"}', '{"type":"hint","x":1}', '{"type":"act","action":"a1","ply":7}', new Uint8Array([1, 2])]) ws.send(bad);
    await new Promise((ok) => setTimeout(ok, 500));
    ws.close();
    return errors;
  });
  assert.equal(answers.length, 9, answers.join("\n"));
  assert.match(answers[0], /a message this server does not read/);
  assert.match(answers[1], /missing field `action`/);
  assert.match(answers[2], /z9/);
  assert.match(answers[3], /not legal|b1/);
  assert.match(answers[4], /unknown variant `fly`/);
  assert.match(answers[5], /no action to take back/);
  assert.match(answers[6], /unknown field `x`/);
  assert.match(answers[7], /the board has changed/);
  assert.equal(answers[8], "messages are JSON text");
  await status(page, /Your move \(south\)/);
  await page.click('[data-hole="a1"]');
  await status(page, /north to move/);
  await page.context().close();
});

test("a record is refused when it does not describe a game of its rule file", async () => {
  const created = await (await fetch(`${base}api/rooms`, { method: "POST", body: JSON.stringify({ file: "bosh.mancala", north: "human" }) })).json();
  const record = await (await fetch(`${base}api/rooms/${created.room}/record`)).json();
  const load = async (changed) => {
    const response = await fetch(`${base}api/rooms`, { method: "POST", body: JSON.stringify({ record: JSON.stringify({ ...record, ...changed }) }) });
    return [response.status, (await response.json()).error];
  };
  assert.equal((await load({}))[0], 200);
  const [status, options] = await load({ options: { rounds: 1 } });
  assert.equal(status, 400);
  assert.match(options, /^the record: field `options`: `rounds` is 1 in the record but "match" in the rule file/);
  assert.match((await load({ rules: { ...record.rules, game: "Bao" } }))[1], /^the record: field `rules.game`: the record says `Bao`/);
  assert.match((await load({ rules: { ...record.rules, hash: "fnv1a64:0000000000000000" } }))[1], /not among the shipped files/);
});

test("a room nobody is connected to is closed after the idle time", async () => {
  const quick = await serve("--idle", "1");
  const created = await (await fetch(`${quick}api/rooms`, { method: "POST", body: JSON.stringify({ file: "kalah.mancala" }) })).json();
  assert.match(created.room, /^[0-9a-f]{16}$/);
  assert.equal((await fetch(`${quick}api/rooms/${created.room}/record`)).status, 200);
  await new Promise((ok) => setTimeout(ok, 2500));
  const gone = await fetch(`${quick}api/rooms/${created.room}/record`);
  assert.equal(gone.status, 404);
  assert.match((await gone.json()).error, /no such room/);
});

test("a claimed hole shows its star beside its count, never over it", async () => {
  // Gabata: South's b4 makes North's c4 four, South's wegue, keeping its 4 stones.
  for (const width of [1280, 390]) {
    const page = await newPage({ width });
    await openAfter(page, "gabata.mancala", "a1, c6, b4");
    const hole = await page.$('[data-hole="c4"]');
    assert.equal(await hole.getAttribute("title"), "c4 (claimed by south): 4");
    assert.equal(await page.$$eval(".hole .claim", (c) => c.map((x) => x.parentElement.dataset.hole)).then((h) => h.join(" ")), "c4");
    assert.equal(await page.textContent('[data-hole="c4"] .count'), "4");
assert.equal(await overlap(await page.$('[data-hole="c4"] .claim'), await page.$('[data-hole="c4"] .count')), false, `at ${width} px`);
    await page.screenshot({ path: join(shots, `gabata-wegue-${width}.png`) });
    await page.context().close();
  }
});

test("every shipped game's page of rules is served and linked; a file without rulings says so", async () => {
  for (const width of [1280, 390]) {
    const page = await newPage({ width });
    await startGame(page, { game: "oware.mancala", north: "random" });
    assert.equal(await page.getAttribute("#game-rules", "href"), "/games/oware");
    assert.equal(await page.textContent("#rules-link"), "The rules of Oware, in full");
    assert.equal(await page.textContent("#rulings"), "This rule file names no rulings of its own: its rules page says how the game is played.");
    const [rules] = await Promise.all([page.context().waitForEvent("page"), page.click("#rules-link a")]);
    await rules.waitForLoadState();
    assert.equal(await rules.title(), "Oware — mancala");
    assert.equal(await rules.textContent("main h1"), "Oware");
    assert.match(await rules.textContent("main"), /The rule file names no rulings of its own: OpenSpiel's behaviour decides every case\./);
    // The page fits the screen: nothing wider than the window.
    assert.ok((await rules.evaluate(() => document.documentElement.scrollWidth)) <= width);
    await rules.screenshot({ path: join(shots, `oware-rules-${width}.png`) });
    await page.screenshot({ path: join(shots, `oware-rulings-${width}.png`) });
    await page.context().close();
  }
  // Every shipped game has one; the index links them all; an unknown name is refused.
  const games = await (await fetch(`${base}api/games`)).json();
  assert.equal(games.length, 22);
  for (const game of games) {
    assert.equal(game.page, `/games/${game.file.replace(/\.mancala$/, "")}`, game.file);
    const response = await fetch(`${base}${game.page.slice(1)}`);
    assert.equal(response.status, 200, game.page);
    assert.match(await response.text(), new RegExp(`<h1>${game.game.replace(/[()]/g, "\\$&")}</h1>`));
  }
  const index = await (await fetch(`${base}games/`)).text();
  for (const game of games) assert.ok(index.includes(`href="${game.page}"`), game.page);
  const missing = await fetch(`${base}games/nothing`);
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { error: 'no shipped game has a page called "nothing"' });
});

test("a game played from the editor's text has no page of rules, and says where its rules are", async () => {
  const page = await newPage();
  await page.goto(base);
  await page.click("#editor summary");
  await page.fill("#source", 'game "Mine"\nboard {\n    size 2 x 3\n    seeds 2\n}\nend {\n    when every hole is empty, "the board is empty"\n    when board repeats 2 times, leftover split\n}\n');
  await page.waitForFunction(() => /Mine: no errors/.test(document.getElementById("check-summary").textContent));
  await page.click("#play-source");
  await page.waitForSelector("#board .hole");
  assert.ok(await page.isHidden("#rules-link"));
  assert.equal(await page.textContent("#rulings"), "This rule file names no rulings of its own: its rules are the file itself.");
  await page.context().close();
});

test("the end of a game: the stones left swept into the stores, who won, and a rematch", async () => {
  // Kalah, a random game (simulate --seed 4) one move from its end: North's b1 empties North's
  // row, and South's 6 stones left go into South's store.
  const moves = "a1, b6, a4, b5, a6, b4, a2, b6, a6, a5, b1, a2, b5, a6, a3, b3, a2, b4, a3, b2, a3, b6, a6, b3, b4, a1, a2, b5, b2, a3, b4, a1, b6, a4, b1, a3, b2, a5, a4, b6, a5, b4, a6, b6, a2, b2, a3, b3, a1, b5, a2, b1, a2, b4, a4, b2, b3, a1";
  for (const width of [1280, 390]) {
    const page = await newPage({ width });
    await openAfter(page, "kalah.mancala", moves);
    await status(page, /^Your move \(north\)/);
    await page.evaluate(() => {
      window.statuses = [];
      const node = document.getElementById("status");
      new MutationObserver(() => window.statuses.push(node.textContent)).observe(node, { childList: true, characterData: true, subtree: true });
    });
    await page.click('[data-hole="b1"]');
    await status(page, /^Game over/);
    assert.equal(await page.textContent("#status"), "Game over: you won, 26 to 22: a row is empty.");
    // The sweep was said while it was sown off, hole by hole, and the board ends empty.
    assert.ok((await page.evaluate(() => window.statuses)).includes("The game is over: the stones left go to south's store…"));
    assert.deepEqual(new Set(Object.values(await counts(page))), new Set([0]));
    assert.deepEqual([await page.textContent('[data-store="south"]'), await page.textContent('[data-store="north"]')], ["22", "26"]);
    assert.match(await page.textContent("#log li:last-child"), /The stones left go to south's store: a1 \(1\) a3 \(3\) a5 \(1\) a6 \(1\), 6 stones in all\./);
    await page.screenshot({ path: join(shots, `kalah-game-over-${width}.png`) });
    // A rematch: a new room of the same rules and players (both people here), a fresh board.
    const room = new URL(page.url()).searchParams.get("room");
    await page.click("#rematch");
    await page.waitForFunction((old) => new URL(location.href).searchParams.get("room") !== old, room);
    await status(page, /^Your move \(south\)\. Waiting for a second player to take north/);
    assert.deepEqual(new Set(Object.values(await counts(page))), new Set([4]));
    assert.equal(await page.$$eval("#log li", (l) => l.length), 0);
    await page.context().close();
  }
});

test("Congkak's first turn, sown by both at once: said so, each player's sowing told apart, its animation bounded", async () => {
  for (const width of [1280, 390]) {
    const south = await newPage({ width });
    await startGame(south, { game: "congkak.mancala", south: "human", north: "human" });
    assert.match(
      await status(south, /^Your move \(south\)/),
      /The first turn is played by both at once: choose your hole, then north chooses theirs, and both are sown together, a stone of each at a time; whoever finishes last moves next\./,
    );
    await south.click("#invite");
    const north = await newPage({ width });
    await north.goto(await south.inputValue("#link"));
    await north.waitForSelector("#board .hole");
    await south.click('[data-hole="a3"]');
    // North is told South has chosen, not which hole.
    await status(north, /^Your move \(north\)\. south has chosen a hole: choose yours, and both are sown together\./);
    assert.deepEqual(await north.$$eval("#log li div", (l) => l.map((x) => x.textContent)), ["south has chosen a hole: both sow at once when north has chosen."]);
    await south.evaluate(() => {
      window.statuses = [];
      const node = document.getElementById("status");
      new MutationObserver(() => window.statuses.push(node.textContent)).observe(node, { childList: true, characterData: true, subtree: true });
    });
    await north.click('[data-hole="b4"]');
    // While both sow, each player's hole is ringed in their colour.
    await south.waitForFunction(() => document.querySelector(".hole.at-south") && document.querySelector(".hole.at-north"), null, { timeout: 20000 });
    await south.screenshot({ path: join(shots, `congkak-race-${width}.png`) });
    await moves(south, 2);
    await status(south, /^north to move/);
    assert.ok((await south.evaluate(() => window.statuses)).includes("Both sow at once, a stone of each at a time: south a3, north b4…"));
    const lines = await south.$$eval("#log li:last-child div", (l) => l.map((x) => [x.className, x.textContent]));
    assert.deepEqual(lines[0], ["north", "Both sow at once, a stone of each at a time: south a3 and north b4."]);
    assert.deepEqual(lines[1], ["south", "south a3 (7 stones): a2 a1 south's store b1 b2 b3 b4"]);
    assert.equal(lines[2][0], "north");
    assert.match(lines[2][1], /^north b4 \(7 stones\): b5 b6 b7 north's store a7 a6 a5; relay a5 \(8\): .*; takes a3 \(1\) b3 \(1\)$/);
    assert.deepEqual(lines.slice(3).map((l) => l[1]), [
      "Finished first: south; last: north. north moves next.",
      "The first turn, played by both at once, is over: from now on one player moves at a time.",
    ]);
    assert.ok(!(await south.textContent("#log")).includes("phase"));
    // Its 130-odd stones are shown in the time of 60 at the chosen speed.
    const shown = await south.evaluate(() => window.mancalaAnimation);
    assert.ok(shown.frames > 100 && shown.frames * shown.delay <= 60 * shown.speed + 1e-6, JSON.stringify(shown));
    await south.screenshot({ path: join(shots, `congkak-after-race-${width}.png`) });
    await south.context().close();
    await north.context().close();
  }
});

test("a loaded record's moves are told in words, and the game is looked back at move by move", async () => {
  const moves = "a1, b6, a4, b5, a6, b4, a2, b6, a6, a5";
  for (const width of [1280, 390]) {
    const page = await newPage({ width });
    await openAfter(page, "kalah.mancala", moves);
    await status(page, /^Your move \(north\)/);
    // Every move of the record in words, not bare actions.
    const log = await page.$$eval("#log li", (l) => l.map((x) => x.textContent));
    assert.equal(log.length, 10);
    assert.equal(log[0], "south a1 (4 stones): a2 a3 a4 a5");
    assert.ok(log.every((line) => /\(\d+ stones?\): /.test(line)), log.join("\n"));
    assert.equal(await page.textContent("#review-at"), "10 moves");
    const end = await counts(page);
    // The move before: the board after 9 moves, as a room of those 9 shows it.
    await page.click("#review-back");
    await status(page, /^Looking back: after move 9 of 10\.$/);
    const other = await newPage({ width });
    await openAfter(other, "kalah.mancala", moves.split(", ").slice(0, 9).join(", "));
    assert.deepEqual(await counts(page), await counts(other));
    await other.context().close();
    assert.equal(await page.textContent("#review-at"), "move 9 of 10");
    assert.match(await page.textContent("#review-told"), /^9\. south a6 \(\d+ stones?\): /);
    assert.equal(await page.$eval("#log li.current", (l) => l.dataset.ply), "9");
    assert.equal(await page.$$eval("#board .hole.legal", (h) => h.length), 0);
    await page.screenshot({ path: join(shots, `kalah-looking-back-${width}.png`) });
    // The start, then the first move, then a move clicked in the list.
    await page.click("#review-start");
    await status(page, /^Looking back: the start \(10 moves played\)\.$/);
    assert.deepEqual(new Set(Object.values(await counts(page))), new Set([4]));
    assert.ok(await page.$eval("#review-back", (b) => b.disabled));
    await page.click("#review-next");
    await status(page, /^Looking back: after move 1 of 10\.$/);
    assert.equal(await page.textContent("#review-told"), "1. south a1 (4 stones): a2 a3 a4 a5");
    assert.equal((await counts(page)).a1, 0);
    await page.click('#log li[data-ply="5"]');
    await status(page, /^Looking back: after move 5 of 10\.$/);
    // Back to the game as it stands: the board, the moves to play.
    await page.click("#review-end");
    await status(page, /^Your move \(north\)/);
    assert.deepEqual(await counts(page), end);
    assert.equal(await page.$$eval("#log li.current", (l) => l.length), 0);
    assert.equal(await page.textContent("#review-told"), "");
    assert.ok((await page.$$eval("#board .hole.legal", (h) => h.length)) > 0);
    // Past the moves played, or not a number: refused in one line.
    const room = new URL(page.url()).searchParams.get("room");
    const past = await fetch(`${base}api/rooms/${room}/moves/11`);
    assert.deepEqual([past.status, await past.json()], [404, { error: "the game has no action 11: it has 10" }]);
    const word = await fetch(`${base}api/rooms/${room}/moves/last`);
    assert.deepEqual([word.status, await word.json()], [400, { error: "`last` is not a number of actions" }]);
    await page.context().close();
  }
});

test("New game asks before replacing a game in progress, and Back and Forward go from game to game", async () => {
  for (const width of [1280, 390]) {
    const page = await newPage({ width });
    await page.goto(base);
    assert.equal(await page.isVisible("#play"), false);
    // North a person who has not come: South's a1 is the game's one move.
    await startGame(page, { north: "human" });
    await page.click('[data-hole="a1"]');
    await moves(page, 1);
    const kalah = await counts(page);
    const first = new URL(page.url()).searchParams.get("room");
    // Asked first; kept.
    await page.selectOption("#game", "oware.mancala");
    await page.click("#start");
    await page.waitForSelector("#replace", { state: "visible" });
    assert.equal(
      await page.textContent("#replace-text"),
      "Your game of Kalah is going on (1 move): start a new one instead? This one stays in its room, and Back returns to it.",
    );
    await page.screenshot({ path: join(shots, `new-game-asks-${width}.png`) });
    await page.click("#replace-no");
    assert.equal(await page.isVisible("#replace"), false);
    assert.equal(new URL(page.url()).searchParams.get("room"), first);
    // Asked again; replaced.
    await page.click("#start");
    await page.click("#replace-yes");
    await page.waitForFunction((old) => new URL(location.href).searchParams.get("room") !== old, first);
    await page.waitForFunction(() => document.getElementById("title").textContent === "Oware");
    await status(page, /^Your move \(south\)/);
    // Back: the Kalah game as it was; Back again: no game; Forward twice: Kalah, then Oware.
    await page.goBack();
    await page.waitForFunction(() => document.getElementById("title").textContent === "Kalah");
    await status(page, /^north to move/);
    assert.deepEqual(await counts(page), kalah);
    assert.equal(await page.$$eval("#log li", (l) => l.length), 1);
    await page.goBack();
    await page.waitForFunction(() => document.getElementById("play").hidden);
    assert.equal(new URL(page.url()).searchParams.get("room"), null);
    await page.goForward();
    await page.waitForFunction(() => document.getElementById("title").textContent === "Kalah");
    await page.goForward();
    await page.waitForFunction(() => document.getElementById("title").textContent === "Oware");
    await status(page, /^Your move \(south\)/);
    // A game with no move yet is replaced without asking.
    await page.selectOption("#game", "kalah.mancala");
    const oware = new URL(page.url()).searchParams.get("room");
    await page.click("#start");
    await page.waitForFunction((old) => new URL(location.href).searchParams.get("room") !== old, oware);
    assert.equal(await page.isVisible("#replace"), false);
    await page.context().close();
  }
});

test("the page and the rules pages have an icon", async () => {
  const icon = await fetch(`${base}favicon.svg`);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get("content-type"), "image/svg+xml");
  assert.match(await icon.text(), /^<svg /);
  assert.equal((await fetch(`${base}favicon.ico`)).headers.get("content-type"), "image/svg+xml");
  const page = await newPage();
  for (const path of ["", "games/kalah"]) {
    await page.goto(base + path);
    assert.equal(await page.$eval('link[rel="icon"]', (l) => l.href), `${base}favicon.svg`);
  }
  await page.context().close();
});

test("a diagnostic clicked selects its place and scrolls the editor and the page to it", async () => {
  for (const width of [1280, 390]) {
    const page = await newPage({ width });
    await page.goto(base);
    await page.click("#editor summary");
    // Tsoro's file (69 lines) with a misspelt section at its end.
    const source = `${readFileSync(join(repo, "rules/tsoro.mancala"), "utf8")}\nendd {\n    when every hole is empty\n}\n`;
    await page.fill("#source", source);
    await page.waitForSelector(".diagnostic.error");
    const line = source.split("\n").indexOf("endd {") + 1;
    assert.ok(line > 60);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.click(".diagnostic.error");
    // Its place is selected...
    const selected = await page.$eval("#source", (s) => s.value.slice(s.selectionStart, s.selectionEnd));
    assert.match(selected, /^endd/);
    // ...and its line is in the editor's view, and the editor's line on the screen.
    const view = await page.$eval("#source", (s, line) => {
      const height = parseFloat(getComputedStyle(s).lineHeight);
      const top = (line - 1) * height;
      const y = s.getBoundingClientRect().top + top - s.scrollTop;
      return { inEditor: top >= s.scrollTop && top + height <= s.scrollTop + s.clientHeight, onScreen: y >= 0 && y + height <= window.innerHeight, scrolled: s.scrollTop };
    }, line);
    assert.deepEqual([view.inEditor, view.onScreen], [true, true], JSON.stringify(view));
    assert.ok(view.scrolled > 0);
    await page.screenshot({ path: join(shots, `editor-diagnostic-scrolled-${width}.png`) });
    await page.context().close();
  }
});

test("every shipped board fits a phone's screen, its holes and buttons at least 44 px", async () => {
  const games = await (await fetch(`${base}api/games`)).json();
  assert.ok(games.length >= 22);
  for (const width of [390, 1280]) {
    const page = await newPage({ width });
    for (const { file } of games) {
      const created = await (await fetch(`${base}api/rooms`, { method: "POST", body: JSON.stringify({ file, south: "human", north: "human" }) })).json();
      await page.goto(`${base}?room=${created.room}`);
      await page.waitForSelector("#board .hole");
      await settled(page);
      const seen = await page.evaluate(() => {
        const inside = (e) => {
          const r = e.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth + 0.5;
        };
        const board = document.getElementById("board");
        const holes = [...document.querySelectorAll("#board .hole")];
        const small = holes.filter((h) => h.getBoundingClientRect().width < 43.5 || h.getBoundingClientRect().height < 43.5).map((h) => h.dataset.hole);
        const outside = [...holes, ...document.querySelectorAll("#board .store")].filter((e) => !inside(e)).map((e) => e.dataset.hole || e.dataset.store);
        // Every control one can touch, where it shows.
        const controls = [...document.querySelectorAll("button, .button, select, #typed input")].filter((e) => e.offsetParent && !e.classList.contains("hole"));
        const tiny = controls.filter((e) => e.getBoundingClientRect().height < 43.5).map((e) => e.id || e.textContent.trim());
        return {
          page: document.documentElement.scrollWidth <= window.innerWidth,
          board: board.scrollWidth <= board.clientWidth + 1,
          small,
          outside,
          tiny,
          blocks: document.querySelectorAll("#board .grid").length,
          stacked: !!document.querySelector("#board .middle.stacked"),
        };
      });
      const name = `${file} at ${width} px`;
      assert.deepEqual([seen.page, seen.board, seen.small, seen.outside], [true, true, [], []], `${name}: ${JSON.stringify(seen)}`);
      if (width === 390) assert.deepEqual(seen.tiny, [], `${name}: controls under 44 px`);
      // Tsoro's 21 columns wrap into three blocks of 7 on a phone; Congkak's stores go above and below.
      if (file === "tsoro.mancala") assert.equal(seen.blocks, width === 390 ? 3 : 1, name);
      if (file === "congkak.mancala") assert.equal(seen.stacked, width === 390, name);
      if (file === "kalah.mancala") assert.deepEqual([seen.blocks, seen.stacked], [1, false], name);
      if (width === 390 && ["tsoro.mancala", "congkak.mancala", "toguz-kumalak.mancala"].includes(file)) {
        await page.screenshot({ path: join(shots, `phone-${file.replace(".mancala", "")}.png`), fullPage: true });
      }
    }
    await page.context().close();
  }
});
