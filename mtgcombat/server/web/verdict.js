// mtgcombat web calculator: plain-language verdicts and the conditional-requirement process.
// Every word of a verdict comes from the API's answer (reason, details, the rules its
// `show` answer names); this file only phrases it and names the rule that was applied.
// Builds elements with app.js's `el` (called only once the page has loaded).
"use strict";

globalThis.mtgVerdict = (() => {
// The rule each kind of verdict applies (the engine's VerdictKind), per step.
const VERDICT_RULES = {
  attack: { legal: "CR 508.1", not_a_candidate: "CR 508.1a", illegal_target: "CR 508.1b",
            band: "CR 702.22", restriction: "CR 508.1c", requirements: "CR 508.1d",
            payment: "CR 508.1g" },
  blocks: { legal: "CR 509.1", not_a_candidate: "CR 509.1a", illegal_target: "CR 509.1a",
            band: "CR 702.22", restriction: "CR 509.1b", requirements: "CR 509.1c",
            payment: "CR 509.1d" },
};

// The rules the `show` answer gives for the restrictions and requirements a verdict names.
function sourceRules(texts, instances) {
  if (!instances) return [];
  const all = [...(instances.restrictions || []), ...(instances.requirements || [])];
  const out = [];
  for (const t of texts || []) {
    const hit = all.find((r) => r.description === t);
    const rule = hit && hit.source && hit.source.rule;
    if (rule && !out.includes(rule)) out.push(rule);
  }
  return out;
}

// A sentence that starts with a permanent's id starts with its card name and id instead.
function namedFirst(text, instances) {
  const names = (instances && instances.names) || {};
  const m = /^(\S+) /.exec(text);
  if (!m || !(m[1] in names) || names[m[1]] === m[1]) return text;
  return `${names[m[1]]} (${m[1]})${text.slice(m[1].length)}`;
}

// "Legal: ... (CR 509.1c)" / "Not legal: ... (CR 508.1c)" for an attack or block verdict.
function plainVerdictText(v, step, instances) {
  const d = v.details || {};
  const kind = d.kind || (v.legal ? "legal" : "");
  const rules = VERDICT_RULES[step] || {};
  if (!(kind in rules)) throw new Error(`unknown verdict kind '${kind}' for ${step}`);
  const named = sourceRules([...(d.violated || []), ...(d.witness_obeys || [])], instances);
  const why = kind === "restriction" && d.violated && d.violated.length
    ? d.violated.map((t) => namedFirst(t, instances)).join("; ") : v.reason;
  // the rules the answer's own words don't cite yet
  const cite = [rules[kind], ...named].filter((r, i, all) => all.indexOf(r) === i
    && !why.includes(r));
  return `${v.legal ? "Legal" : "Not legal"}: ${why}${cite.length ? ` (${cite.join("; ")})` : ""}`;
}

// The verdict as a paragraph (class legal / illegal), or the "don't know" answer.
function plainVerdict(v, step, instances) {
  if (v.status === "unknown") {
    return el("p", { class: "plain-verdict unknown", text: `Don't know: ${v.reason}` });
  }
  return el("p", { class: `plain-verdict ${v.legal ? "legal" : "illegal"}`,
                    "data-legal": String(v.legal), text: plainVerdictText(v, step, instances) });
}

// "Legal: ... (CR 510.1)" for a combat damage assignment; the rule is the one the reason
// starts with ("510.1a: ..."), else CR 510.1.
function plainDamageVerdict(v) {
  if (v.status === "unknown") {
    return el("p", { class: "plain-verdict unknown", text: `Don't know: ${v.reason}` });
  }
  const m = /^(?:legal:\s*)?(\d{3}\.\d+[a-z]?):\s*(.*)$/s.exec(v.reason);
  const rule = m ? `CR ${m[1]}` : "CR 510.1";
  const why = (m ? m[2] : v.reason).replace(/^legal:\s*/, "");
  return el("p", { class: `plain-verdict ${v.legal ? "legal" : "illegal"}`,
                    "data-legal": String(v.legal),
                    text: `${v.legal ? "Legal" : "Not legal"}: ${why} (${rule})` });
}

// -- the conditional-requirement process (CR 508.1d) as a collapsible tree --------------------

function stageDetails(s, byIndex, declText) {
  const legal = s.terminals.map(declText).join(" | ") || "none";
  const kids = s.children.map((c) => stageDetails(byIndex.get(c), byIndex, declText));
  return el("details", { class: "state", "data-stage": String(s.index), open: true },
    el("summary", { text: `Stage ${s.index}: conditions met: ${
      s.conditions_on.join(", ") || "none"}; at most ${s.maximum} of ${
      s.requirements.length} requirement(s) can be obeyed` }),
    s.requirements.length ? el("ul", { class: "stage-requirements" },
      ...s.requirements.map((r) => el("li", { text: r }))) : null,
    el("div", { class: "dim", text: `A declaration that obeys that many: ${
      declText(s.witness)}` }),
    el("div", { class: "stage-legal", text: `Legal at this stage: ${legal}${
      s.terminals_complete ? "" : " (not all listed)"}` }),
    kids.length ? el("div", { class: "stage-children" }, ...kids) : null);
}

// One <details> per choice of which costs to pay, each a tree of stages.
function processTree(data, declText) {
  if (data.status === "unknown") return [el("p", { text: `unknown (${data.reason})` })];
  const n = data.commitments.length;
  return data.commitments.map((cm, i) => {
    const byIndex = new Map(cm.states.map((s) => [s.index, s]));
    const roots = cm.states.filter((s) => s.parent == null);
    return el("details", { class: "commitment", open: true },
      el("summary", { text: `Choice ${i + 1} of ${n} of which costs to pay: ${
        cm.costs.join("; ") || "pay none"}` }),
      ...roots.map((s) => stageDetails(s, byIndex, declText)));
  });
}

return { plainVerdict, plainVerdictText, plainDamageVerdict, processTree };
})();
