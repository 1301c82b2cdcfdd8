// mtgcombat web calculator: custom effects built with a form generated from the board
// format's JSON Schema (the server's /openapi.json), never hand-listed kinds.
"use strict";

const mtgSchema = (() => {
  let loading = null;
  // The schema's components (Permanent, Selector, every effect kind ...), fetched once.
  const load = () => (loading ||= fetch("/openapi.json").then((r) => {
    if (!r.ok) throw new Error(`can't read the board schema (HTTP ${r.status})`);
    return r.json();
  }).then((d) => d.components.schemas));
  const refName = (ref) => ref.split("/").pop();
  const resolve = (defs, s) => (s && s.$ref ? defs[refName(s.$ref)] : s);
  // Effect kind -> its schema, from the union a permanent's "effects" accepts.
  const kinds = (defs) => {
    const map = defs.Permanent.properties.effects.items.discriminator.mapping;
    return Object.fromEntries(Object.entries(map).map(([k, ref]) => [k, defs[refName(ref)]]));
  };
  return { load, resolve, kinds, refName };
})();

const mtgEffectForm = (() => {
  const words = (name) => name.replace(/_/g, " ");
  let uid = 0;

  // A labelled control for one schema property: {node, read} where read() gives the value,
  // or undefined when left at the schema's default.
  function field(defs, name, raw, depth) {
    let s = mtgSchema.resolve(defs, raw);
    const dflt = raw.default;
    const opts = (s.anyOf || s.oneOf || []).map((b) => mtgSchema.resolve(defs, b));
    if (opts.length && opts.some((b) => b.type === "null")) {
      const rest = opts.filter((b) => b.type !== "null");
      if (rest.length === 1) s = { ...rest[0], default: dflt };
      else if (raw.anyOf && raw.anyOf[0].discriminator) return union(defs, name, raw.anyOf[0], depth);
      else return note(name, "not editable in this form");
    }
    if (s.discriminator) return union(defs, name, s, depth);
    if (s.const !== undefined) return null;
    const id = `ef-${++uid}`;
    const lab = el("label", { for: id, text: words(name) });
    if (s.enum) {
      const sel = el("select", { id, "data-path": name },
        el("option", { value: "", text: dflt != null ? `(default: ${dflt})` : "—" }),
        ...s.enum.map((v) => el("option", { value: v, text: words(String(v)) })));
      return row(lab, sel, () => (sel.value === "" ? undefined : sel.value));
    }
    if (s.type === "boolean") {
      const box = el("input", { id, type: "checkbox", "data-path": name, checked: !!dflt });
      return row(lab, box, () => (box.checked === !!dflt ? undefined : box.checked));
    }
    if (s.type === "integer" || s.type === "number") {
      const num = el("input", { id, type: "number", "data-path": name, min: s.minimum,
                                max: s.maximum, step: s.type === "integer" ? 1 : "any",
                                placeholder: dflt != null ? String(dflt) : "" });
      return row(lab, num, () => (num.value === "" ? undefined : Number(num.value)));
    }
    if (s.type === "string") {
      const txt = el("input", { id, "data-path": name, maxlength: s.maxLength || 200,
                                placeholder: dflt != null ? String(dflt) : "" });
      return row(lab, txt, () => (txt.value.trim() === "" ? undefined : txt.value.trim()));
    }
    if (s.type === "array") return array(defs, name, id, lab, mtgSchema.resolve(defs, s.items));
    if (s.type === "object" && s.properties && depth < 3) return group(defs, name, s, depth + 1);
    if (s.type === "object" && s.additionalProperties) {
      const txt = el("input", { id, "data-path": name, placeholder: "name=1, other=2" });
      return row(lab, txt, () => (txt.value.trim() ? parseCounters(txt.value) : undefined));
    }
    return note(name, "not editable in this form");
  }

  function array(defs, name, id, lab, item) {
    if (item.enum) {
      const boxes = item.enum.map((v) => el("input", { type: "checkbox", value: v }));
      const set = el("fieldset", { class: "ef-set", "data-path": name }, el("legend", {
        text: words(name) }), ...boxes.map((b) => el("label", {}, b, ` ${words(b.value)}`)));
      return { node: set, read: () => {
        const on = boxes.filter((b) => b.checked).map((b) => b.value);
        return on.length ? on : undefined;
      } };
    }
    if (item.type === "string" || item.type === "integer") {
      const txt = el("input", { id, "data-path": name, placeholder: "comma-separated" });
      return row(lab, txt, () => {
        const parts = txt.value.split(",").map((t) => t.trim()).filter(Boolean);
        if (!parts.length) return undefined;
        return item.type === "integer" ? parts.map(Number) : parts;
      });
    }
    return note(name, "not editable in this form");
  }

  // A nested object (a selector): its fields in a collapsible group.
  function group(defs, name, s, depth) {
    const kids = Object.entries(s.properties)
      .map(([k, v]) => [k, field(defs, k, v, depth)]).filter(([, f]) => f);
    const box = el("details", { class: "ef-group", "data-path": name },
      el("summary", { text: `${words(name)}${s.description ? ": " + firstLine(s.description) : ""}` }),
      ...kids.map(([, f]) => f.node));
    return { node: box, read: () => collect(kids) };
  }

  // A choice among kinds (a condition): pick one, then fill its fields.
  function union(defs, name, s, depth) {
    const map = s.discriminator.mapping;
    const id = `ef-${++uid}`;
    const sel = el("select", { id, "data-path": name }, el("option", { value: "", text: "none" }),
      ...Object.keys(map).map((k) => el("option", { value: k, text: words(k) })));
    const inner = el("div", { class: "ef-union" });
    let current = null;
    sel.addEventListener("change", () => {
      current = sel.value ? kindFields(defs, defs[mtgSchema.refName(map[sel.value])], depth + 1)
        : null;
      inner.replaceChildren(...(current ? current.nodes : []));
    });
    const node = el("div", { class: "ef-row" }, el("label", { for: id, text: words(name) }), sel,
      inner);
    return { node, read: () => (current ? { kind: sel.value, ...collect(current.kids) } : undefined) };
  }

  function kindFields(defs, s, depth) {
    const kids = Object.entries(s.properties || {}).filter(([k]) => k !== "kind")
      .map(([k, v]) => [k, field(defs, k, v, depth)]).filter(([, f]) => f);
    const nodes = [s.description ? el("p", { class: "hint ef-desc", text: s.description }) : null,
      ...kids.map(([, f]) => f.node)].filter(Boolean);
    return { kids, nodes };
  }

  const collect = (kids) => {
    const out = {};
    for (const [k, f] of kids) { const v = f.read(); if (v !== undefined) out[k] = v; }
    return Object.keys(out).length ? out : undefined;
  };
  const row = (lab, input, read) => ({ node: el("div", { class: "ef-row" }, lab, input), read });
  const note = (name, text) => ({ node: el("p", { class: "hint", text: `${words(name)}: ${text}` }),
                                  read: () => undefined });
  const firstLine = (t) => t.split("\n")[0];

  // -- the form on the page ----------------------------------------------------------------

  let defs = null;
  let current = null;

  function targets() {
    const sel = $("#effect-target");
    const keep = sel.value;
    sel.replaceChildren(
      ...board.players.map((p) => el("option", { value: `player:${p.name}`,
        text: `the board, controlled by ${p.name}` })),
      ...board.permanents.map((p) => el("option", { value: `perm:${p.id}`, text: `permanent ${p.id}` })));
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  }

  function pickKind() {
    const kind = $("#effect-kind").value;
    current = kindFields(defs, mtgSchema.kinds(defs)[kind], 0);
    $("#effect-fields").replaceChildren(...current.nodes);
    $("#effect-error").textContent = "";
  }

  function withEffect(b, eff, target) {
    const next = structuredClone(b);
    if (target.startsWith("perm:")) {
      const p = next.permanents.find((q) => q.id === target.slice(5));
      p.effects = [...(p.effects || []), eff];
    } else {
      const n = (next.effects || []).length + 1;
      next.effects = [...(next.effects || []),
        { name: `Custom effect ${n}`, controller: target.slice(7), effects: [eff] }];
    }
    return next;
  }

  async function add(e) {
    e.preventDefault();
    const eff = { kind: $("#effect-kind").value, ...(collect(current.kids) || {}) };
    const next = withEffect(board, eff, $("#effect-target").value);
    const err = $("#effect-error");
    err.textContent = "";
    try {
      await api("/v1/show", { board: next });   // the server's checks, before it is kept
    } catch (x) { err.textContent = String(x.message || x); return; }
    board = next;
    $("#effect-added").textContent = `added: ${JSON.stringify(eff)}`;
    changed();
  }

  async function start() {
    try {
      defs = await mtgSchema.load();
    } catch (x) { $("#effect-error").textContent = String(x.message || x); return; }
    const kinds = Object.keys(mtgSchema.kinds(defs)).sort();
    $("#effect-kind").replaceChildren(...kinds.map((k) => el("option", { value: k, text: words(k) })));
    $("#effect-kind").addEventListener("change", pickKind);
    $("#effect-form").addEventListener("submit", add);
    document.addEventListener("board-changed", targets);
    targets();
    pickKind();
  }

  // app.js (loaded after this file) defines the page helpers start() uses: start once the
  // document is parsed, when every script has run, whichever way the schema fetch races.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  return { kindFields };
})();
