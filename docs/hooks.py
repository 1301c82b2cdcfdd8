"""mkdocs hooks: the pages generated from the code at build time.

``<!-- generated: board-schema -->`` in a page becomes the board file's JSON Schema as tables
(one section per definition), and ``<!-- generated: cli -->`` the ``--help`` text of every
command, so neither can drift from the code.
"""

from __future__ import annotations

import json
from typing import Any

import click

SCHEMA_MARK = "<!-- generated: board-schema -->"
CLI_MARK = "<!-- generated: cli -->"


def _anchor(name: str) -> str:
    """The heading anchor mkdocs gives a definition's section."""
    return name.lower()


def _type(spec: dict[str, Any]) -> str:
    """A short human reading of one JSON Schema node."""
    if "$ref" in spec:
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{_anchor(name)})"
    for key in ("anyOf", "oneOf"):
        if key in spec:
            return " or ".join(_type(s) for s in spec[key])
    if "const" in spec:
        return f"`{json.dumps(spec['const'])}`"
    if "enum" in spec:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in spec["enum"])
    kind = spec.get("type", "any")
    if kind == "array":
        return "list of " + _type(spec.get("items", {}))
    if kind == "object":
        values = spec.get("additionalProperties")
        return "map to " + _type(values) if isinstance(values, dict) else "object"
    bounds = [f"{word} {spec[key]}" for key, word in
              (("minimum", "≥"), ("maximum", "≤"), ("minLength", "length ≥"),
               ("maxLength", "length ≤"), ("minItems", "items ≥"))
              if key in spec]
    return f"{kind} ({', '.join(bounds)})" if bounds else str(kind)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _section(name: str, node: dict[str, Any], level: str) -> list[str]:
    """One definition: its description and a table of its fields."""
    lines = [f"{level} {name}", ""]
    if node.get("description"):
        lines += [" ".join(node["description"].split()), ""]
    props: dict[str, Any] = node.get("properties", {})
    if props:
        required = set(node.get("required", []))
        lines += ["| field | type | default |", "| --- | --- | --- |"]
        for field, spec in props.items():
            default = ("required" if field in required
                       else f"`{json.dumps(spec['default'])}`" if "default" in spec else "")
            lines.append(f"| `{field}` | {_cell(_type(spec))} | {_cell(default)} |")
        lines.append("")
    return lines


def schema_markdown() -> str:
    """The board file's JSON Schema rendered as one section per definition."""
    from mtgcombat.cli.schema import board_schema

    schema = board_schema()
    lines = _section("Board", schema, "###")
    for name, node in sorted(schema.get("$defs", {}).items()):
        lines += _section(name, node, "###")
    return "\n".join(lines)


def _commands(group: click.Command, path: list[str]) -> list[tuple[list[str], click.Command]]:
    out = [(path, group)]
    if isinstance(group, click.Group):
        for name in sorted(group.commands):
            out += _commands(group.commands[name], [*path, name])
    return out


def cli_markdown() -> str:
    """Every command's ``--help`` text, one section per command."""
    from mtgcombat.cli.main import cli

    lines: list[str] = []
    for path, command in _commands(cli, ["mtgcombat"]):
        ctx = click.Context(command, info_name=" ".join(path), terminal_width=100,
                            max_content_width=100)
        level = "#" * min(2 + len(path) - 1, 4)
        lines += [f"{level} `{' '.join(path)}`", "", "```text", command.get_help(ctx), "```", ""]
    return "\n".join(lines)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Fill the generated parts of a page."""
    if SCHEMA_MARK in markdown:
        markdown = markdown.replace(SCHEMA_MARK, schema_markdown())
    if CLI_MARK in markdown:
        markdown = markdown.replace(CLI_MARK, cli_markdown())
    return markdown
