// mtgcombat web calculator: the declare-blockers step (CR 509.1) and the combat damage step
// (CR 510) after the attack built in app.js. Every answer comes from the HTTP API; this file
// only sends the board with its declared `attack` (and `blocks`) and shows what comes back.
// Uses app.js's globals: $, el, board, picks, api, setStatus, label, declText, renderPicker.last
// (the attack step as `show` read it).
"use strict";

(() => {
const items = (texts) => el("ul", {}, ...texts.map((t) => el("li", { text: t })));
const V = globalThis.mtgVerdict;

const combat = { attack: null, blocks: null, show: null, picks: {}, seq: 0 };
const payable = () => $("#assume-payable").checked;
const withAttack = () => ({ ...board, attack: combat.attack });
const withBlocks = () => ({ ...board, attack: combat.attack, blocks: combat.blocks });

function blockText(d) {
  const pairs = Object.entries(d);
  if (!pairs.length) return "no blocks";
  return pairs.map(([b, a]) => `${label(b)} blocks ${
    (Array.isArray(a) ? a : [a]).map(label).join(" and ")}`).join("; ");
}

function fail(e) { setStatus(String(e.message || e), true); }

// -- step 1 -> 2 ---------------------------------------------------------------------------

async function declareAttack() {
  const attack = { ...picks };
  const box = $("#attack-step-verdict");
  try {
    const v = await api("/v1/check", { board, declaration: attack, assume_payable: payable() });
    if (v.legal !== true) {  // not legal, or "don't know"
      box.replaceChildren(V.plainVerdict(v, "attack", renderPicker.last));
      return;
    }
    box.replaceChildren(el("p", { class: "plain-verdict legal", "data-legal": "true",
      text: `Attack declared: ${declText(attack)} (legal, CR 508.1); declare blockers below.` }));
    combat.attack = attack;
    combat.blocks = null;
    combat.picks = {};
    $("#damage-step").hidden = true;
    await loadBlocks();
  } catch (e) { fail(e); }
}

// -- step 2: declare blockers --------------------------------------------------------------

async function loadBlocks() {
  const mine = ++combat.seq;
  const step = $("#blocks-step");
  step.hidden = false;
  $("#blocks-attack").textContent = `Declared attack: ${declText(combat.attack)}`;
  $("#blocks-summary").textContent = "thinking…";
  try {
    const [show, legal] = await Promise.all([
      api("/v1/show", { board: withAttack() }),
      api("/v1/blocks", { board: withAttack(), limit: 200, assume_payable: payable() }),
    ]);
    if (mine !== combat.seq) return;
    combat.show = show.blocks;
    renderBlockers(show.blocks);
    renderBlockPicker();
    renderLegalBlocks(legal);
    step.dataset.ready = String(mine);
  } catch (e) { if (mine === combat.seq) fail(e); }
}

function renderBlockers(b) {
  const can = b.candidates.map((c) => `${label(c.id)} can block ${
    c.targets.map(label).join(", ") || "nothing"}${c.capacity > 1 ? ` (up to ${c.capacity})` : ""}`);
  const cannot = b.not_candidates.map((c) => `${label(c.id)} can't block: ${c.reason}`);
  const rule = (r) => `${r.description}${r.source && r.source.rule ? ` (${r.source.rule})` : ""}`;
  $("#blocks-show").replaceChildren(
    el("h4", { text: "Creatures that may block (CR 509.1a)" }),
    items([...can, ...cannot].length ? [...can, ...cannot] : ["none"]),
    el("h4", { text: "Restrictions (CR 509.1b)" }),
    items(b.restrictions.length ? b.restrictions.map(rule) : ["none"]),
    el("h4", { text: "Requirements (CR 509.1c)" }),
    items(b.requirements.length ? b.requirements.map(rule) : ["none"]),
    el("h4", { text: "Costs (CR 509.1d)" }),
    items(b.costs.length ? b.costs.map((c) => c.description) : ["none"]));
}

function togglePick(c, t) {
  const cur = combat.picks[c.id];
  if (t == null) delete combat.picks[c.id];
  else if (c.capacity > 1) {
    const set = new Set(cur == null ? [] : Array.isArray(cur) ? cur : [cur]);
    if (set.has(t)) set.delete(t); else set.add(t);
    if (set.size) combat.picks[c.id] = set.size === 1 ? [...set][0] : [...set];
    else delete combat.picks[c.id];
  } else combat.picks[c.id] = t;
  renderBlockPicker();
}

function renderBlockPicker() {
  const b = combat.show;
  const picked = (id, t) => {
    const cur = combat.picks[id];
    if (t == null) return cur == null;
    return Array.isArray(cur) ? cur.includes(t) : cur === t;
  };
  $("#block-picker").replaceChildren(...b.candidates.map((c) => el("div", {
    class: "pick-row", "data-blocker": c.id },
    el("span", { class: "who", text: label(c.id) }),
    ...[null, ...c.targets].map((t) => el("button", {
      type: "button", class: "bpick pick" + (picked(c.id, t) ? " on" : ""),
      "data-blocker": c.id, "data-attacker": t ?? "", "aria-pressed": String(picked(c.id, t)),
      text: t == null ? "doesn't block" : `blocks ${label(t)}`,
      onclick: () => togglePick(c, t) })))));
  if (!b.candidates.length) {
    $("#block-picker").append(el("p", { class: "dim", text: "no creature can block" }));
  }
}

function renderLegalBlocks(data) {
  if (data.status === "unknown") {
    $("#blocks-summary").textContent = `unknown (${data.reason})`;
    $("#blocks-list").replaceChildren();
    return;
  }
  const n = data.count;
  $("#blocks-summary").textContent = `${n} legal block declaration${n === 1 ? "" : "s"}` +
    (data.complete === false ? ` (first ${data.legal.length} shown)` : "") + " (CR 509.1)";
  $("#blocks-list").replaceChildren(...data.legal.map((d) => el("li", {
    class: "bdecl", "data-decl": JSON.stringify(d) },
    el("button", { type: "button", class: "link", text: blockText(d), title: "check this one",
                   onclick: () => { combat.picks = { ...d }; renderBlockPicker(); checkBlocks(); } }))));
}

async function checkBlocks() {
  const decl = { ...combat.picks };
  try {
    const v = await api("/v1/blocks/check", { board: withAttack(), declaration: decl,
                                              assume_payable: payable() });
    renderBlockVerdict(v, decl);
    return v;
  } catch (e) { fail(e); return null; }
}

function renderBlockVerdict(v, decl) {
  const d = v.details || {};
  const sub = (title, texts) => (texts && texts.length
    ? el("div", {}, el("span", { text: title }), items(texts)) : null);
  $("#blocks-verdict").replaceChildren(...[
    el("p", { class: "dim", text: `Checked: ${blockText(decl)}` }),
    V.plainVerdict(v, "blocks", combat.show),
    v.witness ? el("p", { class: "witness", text: `A better declaration (it obeys more ` +
      `requirements, breaks no restriction and pays no cost this one doesn't; CR 509.1c): ${
      blockText(v.witness)}` }) : null,
    sub("Requirements the better declaration obeys and this one doesn't:", d.witness_obeys),
    sub("Costs this declaration incurs (CR 509.1d):", d.costs)].filter((k) => k != null));
}

async function declareBlocks() {
  const v = await checkBlocks();
  if (!v || !v.legal) return;
  combat.blocks = { ...combat.picks };
  await loadDamage();
}

// -- step 3: combat damage -----------------------------------------------------------------

const STEP_TITLE = {
  first: "First-strike combat damage step (CR 510.4, 702.7b)",
  regular: "Regular combat damage step (CR 510.1-510.2)",
};
// the API's answer has one step (named "first") when nothing has first or double strike
const ONE_STEP = "Combat damage step (the only one: no first or double strike, CR 510.4)";

async function loadDamage() {
  const mine = ++combat.seq;
  const step = $("#damage-step");
  step.hidden = false;
  $("#damage-blocks").textContent = `Declared attack: ${declText(combat.attack)}. ` +
    `Declared blocks: ${blockText(combat.blocks)}.`;
  $("#damage-result").replaceChildren(el("p", { class: "dim", text: "thinking…" }));
  try {
    const r = await api("/v1/damage/resolve", { board: withBlocks(),
                                                maximize: $("#damage-maximize").value });
    if (mine !== combat.seq) return;
    renderDamage(r);
    step.dataset.ready = String(mine);
  } catch (e) { if (mine === combat.seq) fail(e); }
}

const lifeLine = (life) => Object.entries(life).map(([p, n]) => el("li", {
  class: "life", "data-player": p, "data-life": String(n), text: `${p}: ${n} life` }));

function renderDamage(r) {
  if (r.status === "unknown") {
    $("#damage-result").replaceChildren(el("p", { text: `unknown (${r.reason})` }));
    return;
  }
  const total = el("div", { id: "damage-total" },
    el("p", { class: "legal", text: `After combat damage: ${r.player_damage} damage to ` +
      `players; destroyed: ${r.destroyed.map(label).join(", ") || "nothing"}` }),
    el("ul", { class: "life-totals" }, ...lifeLine(r.life)));
  $("#damage-result").replaceChildren(...r.steps.map((s, i) => stepBox(s, r.steps, i)), total);
}

function stepBox(s, steps, i) {
  // an event is all prevented ("prevented") or partly ("prevented_amount")
  const stopped = (e) => (e.prevented ? e.amount : e.prevented_amount || 0);
  const events = s.damage.map((e) => el("li", {
    class: "dmg", "data-source": e.source, "data-recipient": e.recipient,
    "data-amount": String(e.amount - stopped(e)),
    text: `${label(e.source)} assigns ${e.amount} to ${label(e.recipient)}` +
      (stopped(e) ? `, ${stopped(e)} prevented (CR 615)` : "") }));
  return el("section", { class: "damage-step", "data-step": s.step },
    el("h3", { text: steps.length === 1 ? ONE_STEP : STEP_TITLE[s.step] }),
    el("ul", { class: "damage-events" }, ...(events.length ? events
      : [el("li", { class: "dim", text: "no combat damage" })])),
    el("p", { class: "destroyed", "data-ids": s.destroyed.join(","),
              text: `Destroyed (CR 704.5g-h): ${s.destroyed.map(label).join(", ") || "nothing"}` }),
    el("ul", { class: "life-totals" }, ...lifeLine(s.life)),
    assignmentForm(s, steps, i));
}

// The creatures each source may assign to: the assignment the engine chose, the creatures it
// blocks or is blocked by, and the player or permanent it attacks (the API judges the rest).
function recipientsOf(src, chosen) {
  const out = new Set(Object.keys(chosen || {}));
  const blocks = combat.blocks || {};
  if (src in combat.attack) {
    for (const [b, a] of Object.entries(blocks)) {
      if ((Array.isArray(a) ? a : [a]).includes(src)) out.add(b);
    }
    const t = combat.attack[src];
    for (const x of Array.isArray(t) ? t : [t]) out.add(x);
  }
  if (src in blocks) for (const a of [blocks[src]].flat()) out.add(a);
  return [...out];
}

function assignmentForm(s, steps, i) {
  const rows = Object.entries(s.assignment).map(([src, split]) => el("div", {
    class: "assign-row", "data-source": src },
    el("span", { class: "who", text: `${label(src)} assigns` }),
    ...recipientsOf(src, split).map((rid) => el("label", {},
      el("input", { type: "number", min: "0", class: "assign", "data-step": s.step,
                    "data-source": src, "data-recipient": rid, value: String(split[rid] || 0) }),
      ` to ${label(rid)}`))));
  const out = el("div", { class: "damage-verdict", "data-step": s.step });
  const first = i > 0 ? steps[0] : null;
  return el("details", { class: "assignment-check" },
    el("summary", { text: "Check another damage assignment for this step (CR 510.1)" }),
    ...rows,
    el("button", { type: "button", class: "damage-check-btn", "data-step": s.step,
                   text: "Check assignment",
                   onclick: () => checkDamage(s.step, first ? first.step : null, out) }),
    out);
}

function readAssignment(step) {
  const out = {};
  for (const inp of document.querySelectorAll(`input.assign[data-step="${step}"]`)) {
    const n = Number(inp.value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${inp.dataset.source} → ` +
      `${inp.dataset.recipient}: expected a whole number of damage, got "${inp.value}"`);
    if (n > 0) (out[inp.dataset.source] ||= {})[inp.dataset.recipient] = n;
  }
  return out;
}

async function checkDamage(step, firstStep, out) {
  try {
    const body = { board: withBlocks(), assignment: readAssignment(step), step };
    if (firstStep) Object.assign(body, { after_first: true,
                                         first_assignment: readAssignment(firstStep) });
    out.replaceChildren(V.plainDamageVerdict(await api("/v1/damage/check", body)));
  } catch (e) { out.replaceChildren(el("p", { class: "illegal", text: String(e.message || e) })); }
}

// -- wiring --------------------------------------------------------------------------------

function reset() {
  combat.attack = null;
  combat.blocks = null;
  combat.picks = {};
  combat.seq++;
  $("#blocks-step").hidden = true;
  $("#damage-step").hidden = true;
  $("#attack-step-verdict").replaceChildren();
}

$("#to-blocks").addEventListener("click", declareAttack);
$("#blocks-check-btn").addEventListener("click", checkBlocks);
$("#to-damage").addEventListener("click", declareBlocks);
$("#damage-maximize").addEventListener("change", () => { if (combat.blocks) loadDamage(); });
// the blocks' costs are judged again when the payment option changes (the picks stay)
$("#assume-payable").addEventListener("change", () => {
  if (!combat.attack) return;
  combat.blocks = null;
  $("#damage-step").hidden = true;
  $("#blocks-verdict").replaceChildren();
  loadBlocks();
});
document.addEventListener("board-changed", reset);
})();
