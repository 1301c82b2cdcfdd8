// mtgcombat web calculator: plain JS, no build step. The board JSON is the whole
// state; it lives in the URL fragment (#z= deflate-raw + base64url, or #j= plain JSON).
"use strict";

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid != null) e.append(kid);
  return e;
};

const FRESH = () => ({ active_player: "you", players: [{ name: "you" }], permanents: [] });
let board = FRESH();
let picks = {};          // creature id -> target id, for "Check a declaration"
let names = {};          // permanent id -> card name (from show)
let seq = 0;             // drops answers to stale requests
let timer = null;

// -- API ---------------------------------------------------------------------------------

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: { message: `HTTP ${r.status}` } }));
  if (!r.ok) {
    const e = data.error || {};
    throw new Error(`${e.path ? e.path + ": " : ""}${e.message || "HTTP " + r.status}`);
  }
  return data;
}

function setStatus(text, isError = false) {
  const s = $("#status");
  s.textContent = text;
  s.className = isError ? "error" : "";
}

// -- the URL -----------------------------------------------------------------------------

const b64url = (bytes) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const unb64url = (text) => {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
};

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

async function encodeBoard(b) {
  const json = JSON.stringify(b);
  if (typeof CompressionStream === "function") {
    try {
      const z = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
      return "z=" + b64url(z);
    } catch (_e) { /* fall through to plain JSON */ }
  }
  return "j=" + encodeURIComponent(json);
}

// "#z=...&assume_payable=1": the board, and the "assume every cost can be paid" box.
const PAYABLE_FLAG = "&assume_payable=1";
const payableInUrl = (hash) => hash.endsWith(PAYABLE_FLAG);

async function decodeBoard(hash) {
  const h = hash.replace(/^#/, "").replace(PAYABLE_FLAG, "");
  if (h.startsWith("z=")) {
    const raw = await pipe(unb64url(h.slice(2)), new DecompressionStream("deflate-raw"));
    return JSON.parse(new TextDecoder().decode(raw));
  }
  if (h.startsWith("j=")) return JSON.parse(decodeURIComponent(h.slice(2)));
  return null;
}

async function saveUrl() {
  const frag = await encodeBoard(board);
  const flag = $("#assume-payable").checked ? PAYABLE_FLAG : "";
  history.replaceState(null, "", "#" + frag + flag);
}

// -- editing the board -------------------------------------------------------------------

const playerNames = () => board.players.map((p) => p.name);
const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "")
  || "permanent";

function freshId(card) {
  const used = new Set(board.permanents.map((p) => p.id));
  const base = slug(card);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}_${i}`)) return `${base}_${i}`;
}

function changed() {
  picks = {};
  renderBoard();
  schedule();
  document.dispatchEvent(new Event("board-changed"));  // steps.js starts the combat again
}

function addPlayer(name) {
  name = name.trim();
  if (!name || playerNames().includes(name)) return;
  board.players.push({ name });
  changed();
}

function removePlayer(name) {
  if (board.players.length <= 1) return;
  board.players = board.players.filter((p) => p.name !== name);
  if (board.active_player === name) board.active_player = board.players[0].name;
  board.permanents = board.permanents.filter((p) => p.controller !== name);
  for (const p of board.permanents) {
    if (p.goaded_by) p.goaded_by = p.goaded_by.filter((g) => g !== name);
    if (p.attached_to === name) delete p.attached_to;
  }
  changed();
}

function addCard(name) {
  const controller = $("#card-controller").value || board.active_player;
  board.permanents.push({ id: freshId(name), card: name, controller });
  $("#card-search").value = "";
  $("#card-results").replaceChildren();
  changed();
}

function setField(perm, key, value, empty) {
  if (value === empty || (Array.isArray(value) && value.length === 0)) delete perm[key];
  else perm[key] = value;
  changed();
}

function parseCounters(text) {
  const out = {};
  for (const part of text.split(",")) {
    const m = part.trim().match(/^(.+?)\s*[=:x]\s*(\d+)$/);
    if (m) out[m[1].trim()] = Number(m[2]);
    else if (part.trim()) out[part.trim()] = 1;
  }
  return out;
}
const showCounters = (c) => Object.entries(c || {}).map(([k, n]) => `${k}=${n}`).join(", ");

// -- rendering the board -----------------------------------------------------------------

function renderPlayers() {
  const ul = $("#players");
  ul.replaceChildren(...board.players.map((p) => el("li", { "data-player": p.name },
    el("label", {},
      el("input", { type: "radio", name: "active", value: p.name,
                    checked: p.name === board.active_player,
                    onchange: () => { board.active_player = p.name; changed(); } }),
      ` ${p.name}`),
    p.name === board.active_player ? el("span", { class: "tag", text: "active player" }) : null,
    el("button", { type: "button", class: "remove-player", text: "remove",
                   onclick: () => removePlayer(p.name) }))));
  const sel = $("#card-controller");
  const keep = sel.value;
  sel.replaceChildren(...playerNames().map((n) => el("option", { value: n, text: n })));
  sel.value = playerNames().includes(keep) ? keep : board.active_player;
  $("#attack-multiple").checked = board.attack_multiple_players !== false;
}

function permanentRow(p) {
  const others = playerNames().filter((n) => n !== p.controller);
  const attachOptions = [el("option", { value: "", text: "—" })];
  for (const q of board.permanents) {
    if (q.id !== p.id) attachOptions.push(el("option", { value: q.id, text: q.id }));
  }
  const attach = el("select", { class: "attach",
    onchange: (e) => setField(p, "attached_to", e.target.value, "") }, ...attachOptions);
  attach.value = p.attached_to || "";
  const ctl = el("select", { class: "ctl", onchange: (e) => {
    p.controller = e.target.value;
    if (p.goaded_by) p.goaded_by = p.goaded_by.filter((g) => g !== p.controller);
    changed();
  } }, ...playerNames().map((n) => el("option", { value: n, text: n })));
  ctl.value = p.controller;
  const goads = el("div", { class: "goads" }, ...others.map((n) => el("label", {},
    el("input", { type: "checkbox", class: "goad", "data-player": n,
                  checked: (p.goaded_by || []).includes(n),
                  onchange: (e) => {
                    const set = new Set(p.goaded_by || []);
                    if (e.target.checked) set.add(n); else set.delete(n);
                    setField(p, "goaded_by", [...set], null);
                  } }), ` ${n}`)));
  const flag = (key, cls) => el("input", { type: "checkbox", class: cls, checked: !!p[key],
    onchange: (e) => setField(p, key, e.target.checked, false) });
  return el("tr", { "data-id": p.id },
    el("td", { text: p.id }),
    el("td", { text: p.card || p.name || "" }),
    el("td", {}, ctl),
    el("td", {}, flag("tapped", "tapped")),
    el("td", {}, flag("summoning_sick", "sick")),
    el("td", {}, goads),
    el("td", {}, el("input", { class: "counters", value: showCounters(p.counters),
      placeholder: "+1/+1=2", onchange: (e) => setField(p, "counters",
        parseCounters(e.target.value), null) })),
    el("td", {}, attach),
    el("td", {}, el("button", { type: "button", class: "remove", text: "✕", title: "remove",
      onclick: () => {
        board.permanents = board.permanents.filter((q) => q !== p);
        for (const q of board.permanents) if (q.attached_to === p.id) delete q.attached_to;
        changed();
      } })));
}

function renderBoard() {
  renderPlayers();
  $("#permanents tbody").replaceChildren(...board.permanents.map(permanentRow));
  $("#assume-payable").checked = $("#assume-payable").checked;
  $("#board-json").value = JSON.stringify(board, null, 1);
}

// -- card search -------------------------------------------------------------------------

let searchSeq = 0;
async function search() {
  const q = $("#card-search").value.trim();
  const mine = ++searchSeq;
  if (!q) { $("#card-results").replaceChildren(); return; }
  try {
    const data = await api(`/v1/cards?q=${encodeURIComponent(q)}&limit=30`);
    if (mine !== searchSeq) return;
    $("#card-results").replaceChildren(...data.cards.map(mtgCards.hit));
  } catch (e) { setStatus(String(e.message || e), true); }
}

// One search hit: add button, type line, and what the engine makes of its text.
function cardHit(c) {
  if (c.error) return el("li", { class: "card-error", text: `${c.name}: ${c.error}` });
  const kinds = [...c.effects, ...c.resolved, ...(c.abilities || []).flatMap((a) => a.resolved)]
    .map((e) => e.kind);
  const missing = c.unmodelled || [];
  const summary = `${kinds.length} modelled effect${kinds.length === 1 ? "" : "s"}` +
    (missing.length ? `, ${missing.length} not modelled` : "") +
    (c.origin === "catalog" ? " (hand-written)" : "");
  return el("li", {},
    el("button", { type: "button", class: "card-hit", "data-name": c.name, text: c.name,
                   title: c.text, onclick: () => addCard(c.name) }),
    el("span", { class: "type", text: [c.types.join(" "), c.subtypes.join(" ")]
      .filter(Boolean).join(" — ") + (c.power != null ? ` ${c.power}/${c.toughness}` : "") }),
    el("details", { class: "card-detail" },
      el("summary", { text: summary }),
      el("p", { class: "card-text", text: c.text || "(no rules text)" }),
      kinds.length ? el("p", { text: `effects: ${[...new Set(kinds)].join(", ")}` }) : null,
      missing.length ? el("ul", { class: "card-unmodelled" },
        ...missing.map((u) => el("li", { text: `${u.text} (${u.family})` }))) : null));
}

// -- results -----------------------------------------------------------------------------

const label = (id) => (names[id] && names[id] !== id ? `${names[id]} (${id})` : id);
function declText(d) {
  const pairs = Object.entries(d);
  if (!pairs.length) return "no attack";
  return pairs.map(([c, t]) => `${label(c)} → ${Array.isArray(t) ? t.join(", ") : t}`)
    .join("; ");
}
const fill = (box, ...kids) => box.replaceChildren(...kids.filter((k) => k != null));
const list = (items) => el("ul", {}, ...items.map((t) => el("li", { text: t })));

function renderShow(s) {
  const a = s.attack;
  names = a.names || {};
  const players = s.players.map((p) => `${p.name}: ${p.role.replace("_", " ")}`);
  const creatures = a.candidates.map((c) => `${label(c.id)} can attack ${c.targets.join(", ")
    || "(no target)"}`).concat(a.not_candidates.map((c) => `${label(c.id)} can't attack: ${
    c.reason}`));
  const cond = (r) => (r.condition == null ? "" : ` — only ${a.conditions[r.condition]
    .description}`);
  fill($("#show"),
    el("h4", { text: "Players" }), list(players),
    el("h4", { text: "Creatures (CR 508.1a)" }), list(creatures.length ? creatures : ["none"]),
    el("h4", { text: "Restrictions (CR 508.1c)" }),
    list(a.restrictions.map((r) => r.description).concat(a.restrictions.length ? [] : ["none"])),
    el("h4", { text: "Requirements (CR 508.1d)" }),
    list(a.requirements.map((r) => r.description + cond(r))
      .concat(a.requirements.length ? [] : ["none"])),
    el("h4", { text: "Costs (CR 508.1g)" }),
    list(a.costs.map((c) => c.description).concat(a.costs.length ? [] : ["none"])),
    a.notes.length ? list(a.notes.map((n) => `note: ${n}`)) : null);
  renderPicker(a);
}

function renderUnmodelled(found) {
  const box = $("#unmodelled");
  box.hidden = !found || !found.length;
  if (box.hidden) { box.replaceChildren(); return; }
  fill(box,
    el("p", { text: `${found.length} combat sentence${found.length === 1 ? " is" : "s are"} ` +
      "not modelled; the answers below ignore them:" }),
    el("ul", {}, ...found.map((u) => el("li", { class: "unmodelled", "data-permanent": u.permanent,
      text: `${u.permanent} (${u.card}): ${u.text}` }))));
}

function renderPicker(a) {
  $("#picker").replaceChildren(...a.candidates.map((c) => el("div", { class: "pick-row",
    "data-creature": c.id },
    el("span", { class: "who", text: label(c.id) }),
    ...[null, ...c.targets].map((t) => el("button", {
      type: "button", class: "pick" + ((picks[c.id] || null) === t ? " on" : ""),
      "data-creature": c.id, "data-target": t ?? "", text: t ?? "doesn't attack",
      onclick: () => {
        if (t == null) delete picks[c.id]; else picks[c.id] = t;
        renderPicker(a);
      } })))));
  if (!a.candidates.length) $("#picker").append(el("p", { class: "dim", text: "no creature can attack" }));
  renderPicker.last = a;
}

function renderLegal(data) {
  if (data.status === "unknown") {
    $("#legal-summary").textContent = `unknown (${data.reason})`;
    $("#legal-list").replaceChildren();
    return;
  }
  const s = data.summary;
  const n = s.count;
  const every = s.in_every.map(label).join(", ") || "none";
  const none = s.in_none.map(label).join(", ") || "none";
  $("#legal-summary").textContent = `${n} legal attack declaration${n === 1 ? "" : "s"}. ` +
    `Attacking in every one: ${every}. Attacking in none: ${none}.` +
    (data.complete === false ? ` (first ${data.count} shown)` : "");
  const pick = (d) => { picks = { ...d }; renderPicker(renderPicker.last); check(); };
  $("#legal-list").replaceChildren(...data.legal.map((d) => el("li", {
    class: "decl", "data-decl": JSON.stringify(d), text: declText(d), title: "check this one",
    tabindex: "0", role: "button", onclick: () => pick(d),
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(d); } },
  })));
}

function renderVerdict(v) {
  const box = $("#verdict");
  if (v.status === "unknown") { box.replaceChildren(el("p", { text: `unknown: ${v.reason}` })); return; }
  const d = v.details || {};
  fill(box,
    el("p", { class: v.legal ? "legal" : "illegal", id: "verdict-head",
              text: `${declText(picks)}: ${v.legal ? "LEGAL" : "ILLEGAL"}` }),
    el("p", { id: "verdict-reason", text: v.reason }),
    mtgVerdict.plainVerdict(v, "attack", renderPicker.last),
    v.witness ? el("p", { id: "verdict-witness",
                          text: `A better declaration (it obeys more requirements, breaks no ` +
                            `restriction and pays no cost this one doesn't; CR 508.1d): ${
                            declText(v.witness)}` }) : null,
    d.witness_obeys ? el("div", {},
      el("span", { text: "Requirements the better declaration obeys and this one doesn't:" }),
      list(d.witness_obeys)) : null,
    d.violated ? el("div", {}, el("span", { text: "Restrictions broken (CR 508.1c):" }),
                    list(d.violated)) : null,
    d.costs ? el("div", {}, el("span", { text: "Costs this declaration incurs (CR 508.1g):" }),
                 list(d.costs)) : null,
    d.branch ? el("div", {}, el("span", { text: "Which requirements exist depends on what is " +
                                                 "declared; the stages of re-checking them:" }),
                  list(d.branch)) : null);
}

// The conditional-requirement process as a collapsible tree (verdict.js).
function renderExplain(data) {
  $("#explain").replaceChildren(...mtgVerdict.processTree(data, declText));
}

// -- talking to the engine ---------------------------------------------------------------

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(refresh, 200);
  saveUrl();
}

async function refresh() {
  const mine = ++seq;
  $("#verdict").replaceChildren();
  if (board.players.length < 2) {
    setStatus("Add at least two players.");
    for (const id of ["#show", "#explain", "#picker", "#legal-list"]) $(id).replaceChildren();
    renderUnmodelled([]);
    $("#legal-summary").textContent = "";
    return;
  }
  setStatus("thinking…");
  const assume = $("#assume-payable").checked;
  try {
    const [show, legal, explain] = await Promise.all([
      api("/v1/show", { board }),
      api("/v1/legal", { board, limit: 200, assume_payable: assume, summary: true }),
      api("/v1/explain", { board }),
    ]);
    if (mine !== seq) return;
    renderShow(show);
    renderUnmodelled(show.unmodelled);
    renderLegal(legal);
    renderExplain(explain);
    setStatus("ready");
    document.body.dataset.ready = String(mine);
  } catch (e) {
    if (mine !== seq) return;
    setStatus(String(e.message || e), true);
  }
}

async function check() {
  try {
    const v = await api("/v1/check", { board, declaration: picks,
                                       assume_payable: $("#assume-payable").checked });
    renderVerdict(v);
  } catch (e) { setStatus(String(e.message || e), true); }
}

async function loadExamples() {
  if (typeof mtgExamples === "object") return mtgExamples.load();  // examples.js
  try {
    const data = await api("/v1/examples");
    $("#examples").replaceChildren(...data.examples.map((x) => el("button", {
      type: "button", "data-example": x.id, text: x.title.replace(/^article, /, ""),
      title: x.quote, onclick: async () => {
        const got = await api(`/v1/examples/${encodeURIComponent(x.id)}`);
        board = got.board;
        changed();
      } })));
  } catch (e) { setStatus(String(e.message || e), true); }
}

// -- wiring ------------------------------------------------------------------------------

function wire() {
  $("#player-form").addEventListener("submit", (e) => {
    e.preventDefault();
    addPlayer($("#new-player").value);
    $("#new-player").value = "";
  });
  $("#card-search").addEventListener("input", search);
  $("#new-board").addEventListener("click", () => { board = FRESH(); changed(); });
  $("#assume-payable").addEventListener("change", schedule);
  $("#attack-multiple").addEventListener("change", (e) => {
    if (e.target.checked) delete board.attack_multiple_players;
    else board.attack_multiple_players = false;
    changed();
  });
  $("#check-btn").addEventListener("click", check);
  $("#apply-json").addEventListener("click", () => {
    try { board = JSON.parse($("#board-json").value); changed(); }
    catch (e) { setStatus(`bad JSON: ${e.message}`, true); }
  });
}

async function start() {
  wire();
  try {
    const fromUrl = await decodeBoard(location.hash);
    if (fromUrl) board = fromUrl;
    $("#assume-payable").checked = payableInUrl(location.hash);
  } catch (e) { setStatus(`can't read the board in the link: ${e.message}`, true); }
  renderBoard();
  loadExamples();
  refresh();
}

start();
