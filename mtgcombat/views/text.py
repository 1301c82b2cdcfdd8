"""Data strings made safe for a terminal: control characters shown as visible escapes."""

from __future__ import annotations

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(code: int) -> str:
    char = chr(code)
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


_CONTROLS = [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), 0x2028, 0x2029]
_TABLE = {code: _escape(code) for code in _CONTROLS}


def safe(text: object) -> str:
    """``str(text)`` with every C0/C1 control character (ESC, newline, tab, ...) and Unicode
    line/paragraph separator replaced by a visible escape (``\\x1b``, ``\\n``), so a value
    read from a board can neither drive the terminal nor break a line."""
    return str(text).translate(_TABLE)
