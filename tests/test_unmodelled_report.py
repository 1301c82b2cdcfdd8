"""Every answer says which combat text of the board's cards the engine ignores, and
``--strict`` (``strict`` in the HTTP API and batch) refuses such a board.

The cards are real printed cards whose combat text lies outside the effect vocabulary: Ayumi,
the Last Visitor ("Legendary landwalk": can't be blocked while the defending player controls a
legendary land, CR 702.14c; the engine doesn't read supertypes), Dryad Sophisticate
("Nonbasic landwalk", the same for a nonbasic land) and Dragon Mantle (enchanted creature has
a quoted activated pump: the board records the activations of a permanent's own abilities).
Grizzly Bears and Bear
Cub are hand-written catalog cards: nothing of theirs is unmodelled.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from mtgcombat.batch.run import BatchItem, Options, run_item
from mtgcombat.board.model import parse_board
from mtgcombat.board.unmodelled import Unmodelled, board_unmodelled, check_modelled
from mtgcombat.cli.main import main
from mtgcombat.errors import BoardError
from mtgcombat.rules.catalog import Catalog, UnmodelledSentence, default_catalog
from mtgcombat.views.unmodelled import warning, with_unmodelled

LANDWALK = "legendary landwalk"
NONBASIC = "nonbasic landwalk"


def board(permanents: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A two-player board (A attacks B)."""
    return {"active_player": "A", "players": [{"name": "A"}, {"name": "B"}],
            "permanents": permanents, **extra}


HAND = {"id": "hand", "card": "Ayumi, the Last Visitor", "controller": "A"}
CALLER = {"id": "caller", "card": "Dryad Sophisticate", "controller": "A"}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "B"}
CUB = {"id": "cub", "card": "Bear Cub", "controller": "A"}


def texts(found: list[Unmodelled]) -> list[tuple[str, str]]:
    return [(u.permanent, u.text.casefold()) for u in found]


# -- collecting ------------------------------------------------------------------------------


def test_each_permanent_lists_its_cards_unmodelled_text_in_board_order() -> None:
    found = board_unmodelled(parse_board(board([HAND, BEARS, CALLER])))
    assert texts(found) == [("hand", LANDWALK), ("caller", NONBASIC)]
    assert [u.card for u in found] == ["Ayumi, the Last Visitor", "Dryad Sophisticate"]
    assert found[0].family == "keywords"
    assert [u.path for u in found] == ["$.permanents[0].card", "$.permanents[2].card"]


def test_two_copies_are_two_permanents() -> None:
    second = {**HAND, "id": "hand2", "controller": "B"}
    found = board_unmodelled(parse_board(board([HAND, second])))
    assert texts(found) == [("hand", LANDWALK), ("hand2", LANDWALK)]


def test_hand_written_cards_have_nothing_unmodelled() -> None:
    assert board_unmodelled(parse_board(board([CUB, BEARS]))) == []


def test_a_face_down_permanent_has_no_text() -> None:
    """CR 708.2: a face-down permanent is a 2/2 creature with no text."""
    found = board_unmodelled(parse_board(board([{**HAND, "face_down": True}, CALLER])))
    assert texts(found) == [("caller", NONBASIC)]


def test_phased_out_permanents_and_what_is_attached_to_them_have_no_text() -> None:
    """CR 702.26b: a phased-out permanent (and, phased out indirectly, what is attached to it)
    is treated as though it doesn't exist."""
    mace = {"id": "mace", "card": "Dragon Mantle", "controller": "A",
            "attached_to": "cub"}
    present = board_unmodelled(parse_board(board([CUB, mace])))
    assert [(u.permanent, u.card) for u in present] == [("mace", "Dragon Mantle")]
    assert "{R}: This creature gets +1/+0" in present[0].text
    gone = parse_board(board([{**CUB, "phased_out": True}, mace,
                              {**HAND, "phased_out": True}]))
    assert board_unmodelled(gone) == []


def _catalog_with_incite_colour() -> Catalog:
    """The catalog's Incite, whose colour change ("Target creature becomes red until end of
    turn") the catalog doesn't model, listed as unmodelled."""
    cat = default_catalog()
    incite = cat.get("Incite").model_copy(update={"unmodelled": [UnmodelledSentence(
        text="Target creature becomes red until end of turn", family="characteristic")]})
    return Catalog([incite, cat.get("Bear Cub")])


def test_a_resolved_spell_entry_counts_under_its_json_path() -> None:
    cat = _catalog_with_incite_colour()
    b = parse_board(board([CUB], effects=[
        {"name": "fog", "controller": "B", "effects": [{"kind": "cant_attack"}]},
        {"card": "Incite", "controller": "B", "targets": ["cub"]}]), catalog=cat)
    found = board_unmodelled(b, cat)
    assert [(u.permanent, u.card, u.path) for u in found] == [
        ("effects[1]", "Incite", "$.effects[1].card")]
    with pytest.raises(BoardError) as err:
        check_modelled(b, cat)
    assert err.value.path == "$.effects[1].card"
    assert "'Incite'" in err.value.message and "becomes red" in err.value.message


def test_strict_refuses_at_the_first_cards_path_naming_card_and_sentence() -> None:
    b = parse_board(board([BEARS, CALLER, HAND]))
    with pytest.raises(BoardError) as err:
        check_modelled(b, file="x.json")
    assert (err.value.file, err.value.path) == ("x.json", "$.permanents[1].card")
    assert "Dryad Sophisticate" in err.value.message
    assert NONBASIC in err.value.message
    assert "(and 1 more)" in err.value.message
    assert check_modelled(parse_board(board([CUB, BEARS]))) == []


# -- the shared views ------------------------------------------------------------------------


def test_the_warning_is_one_line_counting_and_quoting_the_sentences() -> None:
    found = board_unmodelled(parse_board(board([HAND, CALLER])))
    line = warning(found)
    assert line == (f'warning: 2 combat sentences are not modelled (hand: "{found[0].text}"; '
                    f'caller: "{NONBASIC}"); the answer ignores them')
    one = warning(found[:1])
    assert one is not None and one.startswith("warning: 1 combat sentence is not modelled")
    assert warning([]) is None


def test_the_warning_quotes_three_and_counts_the_rest() -> None:
    many = [{**HAND, "id": f"hand{i}"} for i in range(5)]
    line = warning(board_unmodelled(parse_board(board(many))))
    assert line is not None and "\n" not in line
    assert line.count('"') == 6 and "; and 2 more)" in line
    assert line.startswith("warning: 5 combat sentences")


def test_the_json_key_is_left_out_when_there_is_nothing() -> None:
    found = board_unmodelled(parse_board(board([CALLER])))
    assert with_unmodelled({"legal": True}, []) == {"legal": True}
    assert with_unmodelled({"legal": True}, found) == {"legal": True, "unmodelled": [
        {"permanent": "caller", "card": "Dryad Sophisticate", "text": NONBASIC,
         "family": found[0].family}]}


# -- the command line ------------------------------------------------------------------------


def write(tmp_path: Path, data: dict[str, Any], name: str = "b") -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def mixed(tmp_path: Path) -> str:
    """A has Ayumi, the Last Visitor and Dryad Sophisticate and attacks B (Grizzly Bears) with
    both."""
    return write(tmp_path, board([HAND, CALLER, BEARS], attack={"hand": "B", "caller": "B"}))


@pytest.fixture
def clean(tmp_path: Path) -> str:
    return write(tmp_path, board([CUB, BEARS], attack={"cub": "B"}), "clean")


COMMANDS = [
    ["check", "--attack", "hand=B"],
    ["legal"],
    ["explain"],
    ["blocks"],
    ["blocks", "--check"],
    ["damage", "--resolve"],
    ["damage", "--assign", "hand=B:7", "--assign", "caller=B:2"],
]


@pytest.mark.parametrize("cmd", COMMANDS, ids=" ".join)
def test_every_json_answer_carries_the_list(capsys: pytest.CaptureFixture[str], mixed: str,
                                            cmd: list[str]) -> None:
    code, out, _ = run(capsys, cmd[0], mixed, *cmd[1:], "--json")
    assert code == 0
    got = json.loads(out)["unmodelled"]
    assert [(u["permanent"], u["card"]) for u in got] == [
        ("hand", "Ayumi, the Last Visitor"), ("caller", "Dryad Sophisticate")]
    assert got[1]["text"] == NONBASIC


@pytest.mark.parametrize("cmd", COMMANDS, ids=" ".join)
def test_every_human_answer_ends_with_one_warning_line(
        capsys: pytest.CaptureFixture[str], mixed: str, cmd: list[str]) -> None:
    code, out, _ = run(capsys, cmd[0], mixed, *cmd[1:])
    assert code == 0
    last = out.rstrip("\n").split("\n")[-1]
    assert last.startswith("warning: 2 combat sentences are not modelled (hand: ")
    assert last.endswith("; the answer ignores them") and NONBASIC in last
    assert out.count("warning:") == 1


@pytest.mark.parametrize("cmd", [*COMMANDS, ["show"]], ids=" ".join)
def test_strict_is_bad_input_naming_card_and_sentence(
        capsys: pytest.CaptureFixture[str], mixed: str, clean: str, cmd: list[str]) -> None:
    code, out, err = run(capsys, cmd[0], mixed, *cmd[1:], "--strict")
    assert (code, out) == (2, "")
    assert err.startswith(f"mtgcombat: {mixed}: $.permanents[0].card: strict: ")
    assert "'Ayumi, the Last Visitor'" in err and f"'{LANDWALK}'" in err.casefold()
    assert len(err.splitlines()) == 1


CLEAN_COMMANDS = [
    ["check", "--attack", "cub=B"], ["legal"], ["explain"], ["blocks"], ["blocks", "--check"],
    ["damage", "--resolve"], ["damage", "--assign", "cub=B:2"],
]


@pytest.mark.parametrize("cmd", CLEAN_COMMANDS, ids=" ".join)
def test_fully_modelled_boards_say_nothing(capsys: pytest.CaptureFixture[str], clean: str,
                                           cmd: list[str]) -> None:
    code, out, _ = run(capsys, cmd[0], clean, *cmd[1:], "--json")
    assert code == 0 and "unmodelled" not in json.loads(out)
    code, out, _ = run(capsys, cmd[0], clean, *cmd[1:], "--strict")
    assert code == 0 and "warning:" not in out


def test_show_lists_each_permanents_sentences(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              mixed: str) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    code, out, _ = run(capsys, "show", mixed)
    assert code == 0
    assert "Combat text not modelled" in out
    rows = [line for line in out.splitlines() if "Ayumi" in line or "Dryad Sophisticate" in line]
    assert any("hand" in r and LANDWALK in r.casefold() for r in rows)
    assert any("caller" in r and NONBASIC in r for r in rows)
    assert "warning:" not in out


def test_no_verdict_still_carries_the_list(capsys: pytest.CaptureFixture[str],
                                           mixed: str) -> None:
    code, out, _ = run(capsys, "check", mixed, "--attack", "hand=B", "--timeout", "0", "--json")
    data = json.loads(out)
    assert (code, data["status"]) == (0, "unknown")
    assert [u["permanent"] for u in data["unmodelled"]] == ["hand", "caller"]
    code, out, _ = run(capsys, "check", mixed, "--timeout", "0")
    assert out.splitlines()[0] == "unknown (time limit)"
    assert out.splitlines()[-1].startswith("warning: 2 combat sentences")


# -- batch -----------------------------------------------------------------------------------


def test_batch_lines_carry_the_list_and_strict_is_bad_input(tmp_path: Path) -> None:
    b = board([HAND, BEARS])
    listed = run_item(BatchItem(id="x", board=b, source="x"), Options(timeout=20))
    assert listed.status == "listed"
    got = listed.to_json()["unmodelled"]
    assert got == [{"permanent": "hand", "card": "Ayumi, the Last Visitor", "text": got[0]["text"],
                    "family": "keywords"}] and got[0]["text"].casefold() == LANDWALK
    checked = run_item(BatchItem(id="y", board=b, declaration={"hand": "B"}, source="y"),
                       Options(timeout=20))
    assert checked.status == "legal" and checked.unmodelled == listed.unmodelled
    refused = run_item(BatchItem(id="z", board=b, source="z", line=3),
                       Options(timeout=20, strict=True))
    assert refused.status == "bad_input" and refused.error is not None
    assert refused.error.path == "$.board.permanents[0].card"
    assert "Ayumi, the Last Visitor" in refused.error.message and refused.unmodelled is None
    clean = run_item(BatchItem(id="c", board=board([CUB, BEARS]), source="c"),
                     Options(timeout=20, strict=True))
    assert clean.status == "listed" and "unmodelled" not in clean.to_json()


def test_batch_command_strict(capsys: pytest.CaptureFixture[str], mixed: str,
                              clean: str) -> None:
    code, out, err = run(capsys, "batch", mixed, clean, "--jobs", "0")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["status"] for r in lines] == ["listed", "listed"]
    assert [u["permanent"] for u in lines[0]["unmodelled"]] == ["hand", "caller"]
    assert "unmodelled" not in lines[1]
    assert "with unmodelled text" in err
    code, out, _ = run(capsys, "batch", mixed, clean, "--jobs", "0", "--strict")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in lines] == ["bad_input", "listed"]
    assert lines[0]["error"]["path"] == "$.permanents[0].card"


# -- the HTTP API ----------------------------------------------------------------------------


MIXED = board([HAND, CALLER, BEARS], attack={"hand": "B", "caller": "B"})
ENDPOINTS = [
    ("/v1/legal", {"summary": True}), ("/v1/check", {"declaration": {"hand": "B"}}),
    ("/v1/explain", {}), ("/v1/show", {}), ("/v1/blocks", {}),
    ("/v1/blocks/check", {"declaration": {"bears": "hand"}}),
    ("/v1/damage/check", {"assignment": {"hand": {"B": 7}, "caller": {"B": 2}}}),
    ("/v1/damage/resolve", {}),
]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize(("url", "body"), ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_api_answers_carry_the_list_and_strict_is_422(client: Any, url: str,
                                                      body: dict[str, Any]) -> None:
    r = client.post(url, json={"board": MIXED, **body})
    assert r.status_code == 200
    assert r.json().get("legal") is not False  # these declarations and divisions are legal
    got = r.json()["unmodelled"]
    assert [(u["permanent"], u["card"]) for u in got] == [
        ("hand", "Ayumi, the Last Visitor"), ("caller", "Dryad Sophisticate")]
    r = client.post(url, json={"board": MIXED, **body, "strict": True})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["path"] == "$.board.permanents[0].card"
    assert "Ayumi, the Last Visitor" in error["message"]
    clean = board([CUB, BEARS], attack={"cub": "B"})
    body = {k: v for k, v in body.items() if k not in ("declaration", "assignment")}
    r = client.post(url, json={"board": clean, **body, "strict": True})
    assert r.status_code == 200 and "unmodelled" not in r.json()


# -- the web page ----------------------------------------------------------------------------

HARNESS = r"""// A minimal DOM for app.js: elements by selector, fetch answered from canned JSON.
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
  getAttribute(k) { return this.attrs[k]; }
  addEventListener() {}
  append(...kids) { this.children.push(...kids); }
  replaceChildren(...kids) { this.children = kids; }
  text() {
    return this.textContent
      + this.children.map((c) => (c instanceof El ? c.text() : String(c))).join("");
  }
  all(cls) {
    return this.children.flatMap((c) => (c instanceof El
      ? [...(c.className === cls ? [c] : []), ...c.all(cls)] : []));
  }
}
const bySel = {};
const document = { querySelector: (s) => (bySel[s] ||= new El(s)), createElement: (t) => new El(t),
                   body: { dataset: {} } };
const fetch = async (path, opts) => {
  const key = path.split("?")[0];
  const data = answers[key] || { examples: [], cards: [] };
  return { ok: true, status: 200, json: async () => data };
};
const ctx = { document, fetch, location: { hash }, history: { replaceState() {} },
              setTimeout: () => 0, clearTimeout() {}, console, encodeURIComponent,
              decodeURIComponent, JSON, Promise, Object, Array, Set, Map, Number, String, Blob,
              TextEncoder, TextDecoder, Response, Uint8Array, btoa, atob };
vm.createContext(ctx);
for (const s of before) vm.runInContext(fs.readFileSync(s, "utf8"), ctx);  // verdict.js
vm.runInContext(fs.readFileSync(script, "utf8"), ctx);
setTimeout(() => {
  const box = bySel["#unmodelled"];
  const items = box ? box.all("unmodelled") : [];
  console.log(JSON.stringify({ ready: document.body.dataset.ready || null,
    status: bySel["#status"] && bySel["#status"].textContent, hidden: box ? box.hidden : null,
    head: box && box.children[0] ? box.children[0].text() : null,
    items: items.map((i) => [i.getAttribute("data-permanent"), i.text()]) }));
}, 200);
"""
"""Runs app.js in Node with a minimal DOM, ``fetch`` answered with the API's real answers;
prints what the page's #unmodelled box shows."""


def _page_box(client: Any, tmp_path: Path, permanents: list[dict[str, Any]]) -> Any:
    b = board(permanents)
    answers = {"/v1/show": client.post("/v1/show", json={"board": b}).json(),
               "/v1/legal": client.post("/v1/legal", json={"board": b, "limit": 200,
                                                            "summary": True}).json(),
               "/v1/explain": client.post("/v1/explain", json={"board": b}).json()}
    (tmp_path / "answers.json").write_text(json.dumps(answers), "utf-8")
    (tmp_path / "harness.js").write_text(HARNESS, "utf-8")
    script = Path(__file__).resolve().parents[1] / "mtgcombat" / "server" / "web" / "app.js"
    done = subprocess.run(
        ["node", str(tmp_path / "harness.js"), str(script), str(tmp_path / "answers.json"),
         "#j=" + urllib.parse.quote(json.dumps(b)), str(script.with_name("verdict.js"))],
        capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_web_page_shows_the_list(client: Any, tmp_path: Path) -> None:
    """The page puts /v1/show's list in its #unmodelled box, hidden when there is none."""
    shown = _page_box(client, tmp_path, [HAND, BEARS])
    assert (shown["status"], shown["hidden"]) == ("ready", False)
    assert shown["head"].startswith("1 combat sentence is not modelled")
    assert shown["items"] == [["hand", "hand (Ayumi, the Last Visitor): legendary landwalk"]]
    clean = _page_box(client, tmp_path, [CUB, BEARS])
    assert (clean["status"], clean["hidden"], clean["items"]) == ("ready", True, [])
