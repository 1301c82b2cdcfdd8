// mtgcombat web calculator: the article's examples, each with the source's question and
// answer (quoted) and, once opened, the engine's answer beside them.
"use strict";

const mtgExamples = (() => {
  function entry(x) {
    const open = el("button", { type: "button", "data-example": x.id,
      text: x.title.replace(/^article, /, ""), onclick: () => pick(x) });
    return el("li", { class: "example", "data-example-entry": x.id }, open,
      x.question ? el("p", { class: "ex-question" }, el("b", { text: "Question: " }),
                      x.question) : null,
      el("blockquote", { class: "ex-source" }, el("b", { text: "The source's answer: " }),
         `“${x.quote}”`));
  }

  // The engine's answer for the example's board, next to the source's.
  async function pick(x) {
    const got = await api(`/v1/examples/${encodeURIComponent(x.id)}`);
    board = got.board;
    changed();
    const box = $("#example-compare");
    box.hidden = false;
    box.replaceChildren(el("h3", { text: x.title }),
      x.question ? el("p", { class: "ex-question" }, el("b", { text: "Question: " }), x.question)
        : null,
      el("blockquote", { class: "ex-source" }, el("b", { text: "The source's answer: " }),
         `“${x.quote}”`),
      el("p", { class: "ex-engine", text: "The engine's answer: working…" }));
    const assume = $("#assume-payable").checked;
    try {
      const legal = await api("/v1/legal", { board, limit: 50, assume_payable: assume });
      const text = legal.status === "unknown" ? `unknown (${legal.reason})`
        : `${legal.count} legal attack declaration${legal.count === 1 ? "" : "s"}` +
          `${assume ? " (every cost assumed payable)" : ""}: ` +
          legal.legal.map(declText).join(" | ");
      box.querySelector(".ex-engine").textContent = `The engine's answer: ${text}`;
    } catch (e) {
      box.querySelector(".ex-engine").textContent = `The engine's answer: ${e.message || e}`;
    }
  }

  async function load() {
    try {
      const data = await api("/v1/examples");
      $("#examples").replaceChildren(el("ul", { class: "example-list" },
        ...data.examples.map(entry)));
    } catch (e) { setStatus(String(e.message || e), true); }
  }

  return { load };
})();
