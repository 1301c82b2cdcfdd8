"""Request bodies of the HTTP API (``mtgcombat serve``), as pydantic models.

The OpenAPI schema is generated from these. ``board`` is typed as the project's
:class:`~mtgcombat.board.Board` so the schema describes a board exactly, but validation is left
to :func:`~mtgcombat.board.parse_board` in the endpoint (the value is kept as sent): its errors
carry the JSON path of the bad input, say "did you mean", and also check references (card
names, player names, permanent ids), which a shape check can't.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SkipValidation,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)

from mtgcombat.board.model import Board


def _as_sent(value: Any, _handler: ValidatorFunctionWrapHandler) -> Any:
    """The value as decoded from JSON, unchecked (``parse_board`` checks it)."""
    return value


RawBoard = Annotated[Board, WrapValidator(_as_sent)]
"""A board as sent: documented as (a reference to) :class:`Board`, validated by
``parse_board`` (the value is the decoded JSON, whatever its type)."""

AttackMap = Annotated[dict[str, str], SkipValidation]
"""``{creature_id: target}`` as sent, validated by ``Declaration.from_json``."""

BlockMap = Annotated[dict[str, str | list[str]], SkipValidation]
"""``{blocker_id: attacker_id or [attacker_ids]}`` as sent, validated by
``BlockDeclaration.from_json``."""

Limit = Annotated[int | None, Field(ge=0, le=1_000_000,
                                    description="Return only the first N declarations.")]
AssumePayable = Annotated[bool, Field(
    description="Skip the payment check (CR 508.1g-j, 509.1d-g).")]
Strict = Annotated[bool, Field(description=(
    "Refuse (HTTP 422, at the card's path) a board whose cards have combat text the engine "
    "does not model, instead of answering without it (the answer's `unmodelled` list)."))]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class BoardRequest(_Request):
    """Just a board (``show``, ``explain``)."""

    board: RawBoard
    strict: Strict = False


class LegalRequest(_Request):
    """List the legal attack declarations (CR 508.1)."""

    board: RawBoard
    strict: Strict = False
    limit: Limit = None
    assume_payable: AssumePayable = False
    summary: bool = Field(default=False, description=(
        "Also return the judge's summary over every legal declaration: how many, the "
        "creatures attacking in every one and in none."))


class CheckRequest(_Request):
    """Check one attack declaration (CR 508.1)."""

    board: RawBoard
    strict: Strict = False
    declaration: AttackMap = Field(default_factory=dict)
    assume_payable: AssumePayable = False


class BlocksRequest(_Request):
    """List the legal block declarations (CR 509.1)."""

    board: RawBoard
    strict: Strict = False
    limit: Limit = None
    assume_payable: AssumePayable = False


class BlocksCheckRequest(_Request):
    """Check one block declaration (CR 509.1)."""

    board: RawBoard
    strict: Strict = False
    declaration: BlockMap = Field(default_factory=dict)
    assume_payable: AssumePayable = False


class DamageCheckRequest(_Request):
    """Check one combat damage step's assignment (CR 510)."""

    board: RawBoard
    strict: Strict = False
    assignment: dict[str, dict[str, Annotated[int, Field(ge=0, le=1_000_000)]]] = Field(
        default_factory=dict,
        description="{creature_id: {recipient_id: amount}}; a creature left out is filled in "
                    "only when exactly one choice is legal for it.")
    step: Literal["first", "regular"] = "first"
    after_first: bool = Field(False, description="With step 'regular': play the first-strike "
                              "step with first_assignment first (CR 510.4).")
    first_assignment: dict[str, dict[str, Annotated[int, Field(ge=0, le=1_000_000)]]] = Field(
        default_factory=dict, description="The first-strike step's divisions for after_first "
                                          "(left-out creatures filled in when forced).")


class DamageResolveRequest(_Request):
    """Play every combat damage step with the best divisions (CR 510)."""

    board: RawBoard
    strict: Strict = False
    maximize: Literal["player", "kills", "poison", "permanents"] = "player"
