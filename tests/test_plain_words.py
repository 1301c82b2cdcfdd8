"""Explanations in a judge's words: the human output of the command line and the web page says
what the rules say, citing them, never the engine's own words ("witness", "terminal",
"commitment", "pattern", ...). The JSON answers keep their field names (scripts rely on them).

The boards are the article's (``models/article``) and a Lure board (``models/blocks``). The
expected facts come from the cards: Crazed Goblin attacks each combat if able, Bear Cub has no
requirement, so not attacking with the Goblin obeys 0 requirements while attacking with it obeys
1 (CR 508.1d); Lure makes Giant Spider (reach) block the flying Serra Angel if able (CR
509.1c).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
ARTICLE = ROOT / "models" / "article"
CUB_GOBLIN = str(ARTICLE / "ex_bear_cub_crazed_goblin.json")
WEB = str(ARTICLE / "ex_magnetic_web.json")
Q26 = str(ARTICLE / "q26_goad_wars_toll_propaganda_brainwash.json")
LURE = str(ROOT / "models" / "blocks" / "lure_flier.json")
DAMAGE = str(ROOT / "models" / "damage" / "split_4_3_two_blockers.json")
WEB_DIR = ROOT / "mtgcombat" / "server" / "web"

ENGINE_WORDS = ("witness", "terminal", "commitment", "pattern", "fixed point", "fixed-point",
                "history", "conditions on", "sat(")
"""Words of the engine a judge doesn't use (matched case-insensitively, as substrings)."""
JSON_KEYS = re.compile(r'"(witness|witness_obeys|terminals|terminals_complete|commitments|'
                       r'history)"')
"""JSON field names a help text may quote: they name the answer's fields, and stay."""


def engine_words(text: str) -> list[str]:
    """The engine words in ``text`` (JSON field names in quotes left out)."""
    low = JSON_KEYS.sub("", text).lower()
    return [w for w in ENGINE_WORDS if w in low]


def test_the_word_check_finds_engine_words() -> None:
    """The check itself: it flags the old wording and lets JSON field names through."""
    assert engine_words("Witness (a declaration that does better)") == ["witness"]
    assert engine_words("Commitment 1 of 1; terminal declarations") == ["terminal",
                                                                      "commitment"]
    assert engine_words('{"witness": {...}|null, "commitments": [...]}') == []


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide output, so a phrase is never cut by a line break."""
    monkeypatch.setenv("COLUMNS", "400")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The human output of ``mtgcombat ARGS`` (which must succeed)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


HUMAN_RUNS = [
    ("check", CUB_GOBLIN, "--attack", "cub=opp"),
    ("check", CUB_GOBLIN, "--attack", "cub=opp", "--attack", "goblin=opp"),
    ("check", Q26, "--attack", "flunkies=Alice", "--attack", "cub=Alice"),
    ("check", WEB, "--attack", "cyclops=opp", "--attack", "goblin=opp", "--assume-payable"),
    ("check", WEB, "--attack", "cub=opp", "--attack", "cyclops=opp", "--assume-payable"),
    ("explain", WEB),
    ("explain", Q26),
    ("legal", WEB),
    ("legal", Q26),
    ("show", WEB),
    ("blocks", LURE),
    ("blocks", LURE, "--check"),
    ("blocks", LURE, "--block", "spider=angel"),
    ("damage", DAMAGE, "--resolve"),
]


@pytest.mark.parametrize("args", HUMAN_RUNS, ids=lambda a: " ".join(Path(x).stem for x in a))
def test_human_output_has_no_engine_words(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...]) -> None:
    out = run(capsys, *args)
    assert out.strip()
    assert engine_words(out) == [], out


@pytest.mark.parametrize("command", ["check", "explain", "legal", "blocks", "damage", "show"])
def test_help_has_no_engine_words(capsys: pytest.CaptureFixture[str], command: str) -> None:
    out = run(capsys, command, "--help")
    assert engine_words(out) == [], out


def test_requirements_verdict_cites_the_rule_and_names_the_better_declaration(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Bear Cub alone: Crazed Goblin's requirement is disobeyed, and attacking with the Goblin
    obeys it (1 instead of 0) while breaking no restriction and paying no cost (CR 508.1d)."""
    out = run(capsys, "check", CUB_GOBLIN, "--attack", "cub=opp")
    assert out.startswith("ILLEGAL")
    reason = next(line for line in out.splitlines() if line.startswith("Reason:"))
    assert "CR 508.1d" in reason
    assert "a better declaration exists: declaring goblin → opp" in reason
    assert "(1 instead of 0)" in reason
    assert "A better declaration" in out and "--attack goblin=opp" in out
    data = json.loads(run(capsys, "check", CUB_GOBLIN, "--attack", "cub=opp", "--json"))
    assert data["legal"] is False and data["witness"] == {"goblin": "opp"}
    assert "CR 508.1d" in data["reason"] and "goblin → opp" in data["reason"]
    assert data["details"]["witness_obeys"] and data["details"]["kind"] == "requirements"


def test_block_requirements_verdict_cites_509_1c(capsys: pytest.CaptureFixture[str]) -> None:
    """No block under Lure: Giant Spider could block the Angel, obeying Lure (CR 509.1c)."""
    out = run(capsys, "blocks", LURE, "--check")
    reason = next(line for line in out.splitlines() if line.startswith("Reason:"))
    assert "CR 509.1c" in reason and "508.1d" not in reason
    assert "declaring spider blocks angel" in reason


def test_legal_verdict_cites_restrictions_and_requirements(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "check", CUB_GOBLIN, "--attack", "cub=opp", "--attack", "goblin=opp")
    reason = next(line for line in out.splitlines() if line.startswith("Reason:"))
    assert out.startswith("LEGAL")
    assert "CR 508.1c" in reason and "(1 of 1, CR 508.1d)" in reason


def test_explain_speaks_of_stages_and_choices_of_costs(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Magnetic Web: every way through ends with Crazed Goblin and Ekundu Cyclops attacking;
    with Propaganda (Question #26) the costs are a choice, and paying is noted."""
    out = run(capsys, "explain", WEB)
    assert "Choice 1 of 1 of which costs to pay: pay none" in out
    assert "stage 0" in out and "legal at this point" in out
    assert "cyclops → opp, goblin → opp" in out
    costly = run(capsys, "explain", Q26)
    assert "of which costs to pay: {" in costly
    assert "legal only if their costs can also be paid" in costly


def test_json_keeps_its_field_names(capsys: pytest.CaptureFixture[str]) -> None:
    """The plain words are for people: ``--json`` still says witness, terminals, commitments."""
    data = json.loads(run(capsys, "explain", WEB, "--json"))
    state = data["commitments"][0]["states"][0]
    assert {"witness", "terminals", "terminals_complete", "history"} <= set(state)


# -- the web page ----------------------------------------------------------------------------


def _literals(js: str) -> list[str]:
    """The string and template literals of ``js`` (interpolations removed) that hold a space:
    the page's visible text (ids, classes and field names are single words)."""
    found = re.findall(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`', js)
    texts = [re.sub(r"\$\{[^}]*\}", " ", a or b) for a, b in found]
    return [t for t in texts if " " in t.strip()]


def test_page_strings_have_no_engine_words() -> None:
    texts = [t for js in ("app.js", "verdict.js", "steps.js")
             for t in _literals((WEB_DIR / js).read_text("utf-8"))]
    assert any("A better declaration" in t for t in texts)
    assert [t for t in texts if engine_words(t)] == []
    html = (WEB_DIR / "index.html").read_text("utf-8")
    visible = re.sub(r"<[^>]*>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S))
    assert "CR 508.1d" in visible
    assert engine_words(visible) == [], visible


HARNESS = r"""// A minimal DOM for app.js; fetch answered from the API's real answers.
const vm = require("vm");
const fs = require("fs");
const [script, answersFile, hash, ...before] = process.argv.slice(2);
const answers = JSON.parse(fs.readFileSync(answersFile, "utf8"));
class El {
  constructor(tag) {
    Object.assign(this, { tag, children: [], attrs: {}, textContent: "", value: "",
                          checked: false, hidden: false, className: "" });
  }
  setAttribute(k, v) { this.attrs[k] = v; }
  addEventListener() {}
  append(...kids) { this.children.push(...kids); }
  replaceChildren(...kids) { this.children = kids; }
  text() {
    return this.textContent + " "
      + this.children.map((c) => (c instanceof El ? c.text() : String(c))).join(" ");
  }
}
const bySel = {};
const document = { querySelector: (s) => (bySel[s] ||= new El(s)), createElement: (t) => new El(t),
                   body: { dataset: {} } };
const fetch = async (path) => {
  const data = answers[path.split("?")[0]] || { examples: [], cards: [] };
  return { ok: true, status: 200, json: async () => data };
};
const ctx = { document, fetch, location: { hash }, history: { replaceState() {} },
              setTimeout, clearTimeout, console, encodeURIComponent, decodeURIComponent, JSON,
              Promise, Object, Array, Set, Map, Number, String, Blob, TextEncoder, TextDecoder,
              Response, Uint8Array, btoa, atob };
vm.createContext(ctx);
for (const s of before) vm.runInContext(fs.readFileSync(s, "utf8"), ctx);  // verdict.js
vm.runInContext(fs.readFileSync(script, "utf8"), ctx);
setTimeout(async () => {
  await vm.runInContext("check()", ctx);
  const text = (sel) => (bySel[sel] ? bySel[sel].text() : "");
  console.log(JSON.stringify({ status: text("#status"), verdict: text("#verdict"),
                               explain: text("#explain"), show: text("#show") }));
}, 500);
"""


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_page_renders_plain_words(client: Any, tmp_path: Path) -> None:
    """The page, run in Node on the API's answers for the Bear Cub + Crazed Goblin board:
    checking no attack shows the better declaration (the Goblin attacking) citing CR 508.1d,
    and the explanation speaks of stages, never of witnesses or terminals."""
    b = json.loads(Path(CUB_GOBLIN).read_text("utf-8"))
    answers = {
        "/v1/show": client.post("/v1/show", json={"board": b}).json(),
        "/v1/legal": client.post("/v1/legal", json={"board": b, "limit": 200,
                                                     "summary": True}).json(),
        "/v1/explain": client.post("/v1/explain", json={"board": b}).json(),
        "/v1/check": client.post("/v1/check", json={"board": b, "declaration": {}}).json(),
    }
    (tmp_path / "answers.json").write_text(json.dumps(answers), "utf-8")
    (tmp_path / "harness.js").write_text(HARNESS, "utf-8")
    done = subprocess.run(
        ["node", str(tmp_path / "harness.js"), str(WEB_DIR / "app.js"),
         str(tmp_path / "answers.json"), "#j=" + urllib.parse.quote(json.dumps(b)),
         str(WEB_DIR / "verdict.js")],
        capture_output=True, text=True, timeout=60, check=True)
    shown = json.loads(done.stdout)
    assert shown["status"].strip() == "ready"
    assert "ILLEGAL" in shown["verdict"] and "CR 508.1d" in shown["verdict"]
    assert "A better declaration" in shown["verdict"] and "Crazed Goblin (goblin)" in \
        shown["verdict"]
    assert "Stage 0" in shown["explain"] and "Legal at this stage" in shown["explain"]
    for part in ("verdict", "explain", "show"):
        assert engine_words(shown[part]) == [], shown[part]
