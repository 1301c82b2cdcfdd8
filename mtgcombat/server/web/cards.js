// mtgcombat web calculator: one card-search hit (every printed card, from /v1/cards) with
// its keywords, each modelled effect in words (the effect kind's description from the board
// schema) and any combat text the engine does not model.
"use strict";

const mtgCards = (() => {
  let kinds = {};
  mtgSchema.load().then((defs) => { kinds = mtgSchema.kinds(defs); }).catch(() => {});

  // An effect in words: what its kind means, then the fields it sets.
  function effectWords(e) {
    const s = kinds[e.kind];
    const what = s && s.description ? s.description.split("\n\n")[0].replace(/\s+/g, " ")
      : e.kind.replace(/_/g, " ");
    const rest = Object.entries(e).filter(([k]) => k !== "kind")
      .map(([k, v]) => `${k.replace(/_/g, " ")}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
    return `${e.kind.replace(/_/g, " ")} — ${what}${rest.length ? ` (${rest.join("; ")})` : ""}`;
  }

  function hit(c) {
    if (c.error) return el("li", { class: "card-error", text: `${c.name}: ${c.error}` });
    const effects = [...c.effects, ...c.resolved, ...(c.abilities || []).flatMap((a) => a.resolved)];
    const missing = c.unmodelled || [];
    const summary = `${effects.length} modelled effect${effects.length === 1 ? "" : "s"}` +
      (missing.length ? `, ${missing.length} not modelled` : "") +
      (c.origin === "catalog" ? " (hand-written)" : "");
    const type = [c.types.join(" "), c.subtypes.join(" ")].filter(Boolean).join(" — ") +
      (c.power != null ? ` ${c.power}/${c.toughness}` : "");
    return el("li", { "data-card": c.name },
      el("button", { type: "button", class: "card-hit", "data-name": c.name, text: c.name,
                     "aria-label": `add ${c.name} to the board`, onclick: () => addCard(c.name) }),
      el("span", { class: "type", text: type }),
      c.keywords.length ? el("span", { class: "card-keywords",
                                       text: ` keywords: ${c.keywords.join(", ")}` }) : null,
      el("details", { class: "card-detail" },
        el("summary", { text: summary }),
        el("p", { class: "card-text", text: c.text || "(no rules text)" }),
        effects.length ? el("ul", { class: "card-effects" },
          ...effects.map((e) => el("li", { text: effectWords(e) }))) : null,
        missing.length ? el("ul", { class: "card-unmodelled" },
          ...missing.map((u) => el("li", { text: `not modelled: ${u.text} (${u.family})` })))
          : null));
  }

  return { hit, effectWords };
})();
