"""A retro kept on a kanban board, exported as JSON, read as the markdown retro it is.

A team that runs its retro on a board (Trello and its like) exports it as one JSON
document: the board's columns ("lists") and its cards, each card with a title ("name"), a
description in markdown ("desc"), checklists, comments and labels, filed to its column by
id ("idList") or by name. Read as generic data (`agentmem.harvest.structured`), every card
became one line of ids and fields under a heading "Cards": which column it stood in
("Went well", "Change", "Lessons") was lost, and so was what its description said.

`as_markdown` writes the board as a retro: a heading per column in the board's order, a
bullet per open card ("Bib pickup moves to Hall C — Hall B is booked for the expo"), a
bullet per line of its description, per checklist item (" — done" when ticked) and per
comment, each led by the card's title so it says whose fact it is. Archived cards and
columns (`"closed": true`) are off the board and left out; labels are topics, not
statements. Checklists and comments are read on the card or, as Trello files them, beside
the cards (`checklists` with `idCard`, `actions` of type `commentCard`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

DESC_ITEM = ("- ", "* ", "+ ")
DONE = frozenset({"complete", "completed", "done", "checked", "true"})
NO_COLUMN = "Cards"


def is_board(data: dict[str, Any]) -> bool:
    """Whether the data is a board's export: a list of cards, each a mapping with a title."""
    cards = data.get("cards")
    return (
        isinstance(cards, list)
        and bool(cards)
        and all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in cards)
    )


def as_markdown(data: dict[str, Any]) -> str:
    """The board (`is_board`) as a markdown retro: a section per column, a bullet per fact."""
    columns: dict[str, str] = {}  # column id → its name, in the board's order
    closed: set[str] = set()
    for listed in _mappings(data.get("lists")):
        if listed.get("closed"):
            closed.add(str(listed.get("id")))
        elif isinstance(listed.get("name"), str):
            columns[str(listed.get("id", listed["name"]))] = listed["name"]
    beside = _beside(data)
    sections: dict[str, list[str]] = {name: [] for name in columns.values()}
    for card in _mappings(data.get("cards")):
        where = card.get("idList", card.get("list", card.get("column")))
        if card.get("closed") or str(where) in closed:
            continue
        column = columns.get(str(where)) or (where if isinstance(where, str) else NO_COLUMN)
        sections.setdefault(column, []).extend(_bullets(card, beside.get(_key(card), ([], []))))
    title = data.get("name") if isinstance(data.get("name"), str) else None
    out = [f"# {_line(title)}", ""] if title else []
    for column, bullets in sections.items():
        if bullets:
            out += [f"## {_line(column)}", "", *bullets, ""]
    return "\n".join(out)


Beside = tuple[list[dict[str, Any]], list[Any]]  # a card's checklists and comment texts


def _beside(board: dict[str, Any]) -> dict[str, Beside]:
    """What Trello files beside the cards, by card id, read once for the whole board (a
    board of many cards and actions is not read again for each card): `checklists` with
    `idCard`, and `actions` of type `commentCard` naming their card."""
    found: dict[str, Beside] = {}
    for checklist in _mappings(board.get("checklists")):
        if (card := checklist.get("idCard")) is not None:
            found.setdefault(str(card), ([], []))[0].append(checklist)
    for action in _mappings(board.get("actions")):
        data = action.get("data")
        if action.get("type") == "commentCard" and isinstance(data, dict):
            on = data.get("card")
            if isinstance(on, dict) and on.get("id") is not None:
                found.setdefault(str(on["id"]), ([], []))[1].append(data.get("text"))
    return found


def _key(card: dict[str, Any]) -> str:
    """The card's id as `_beside` files it; a card without one has nothing beside it."""
    return str(card["id"]) if card.get("id") is not None else "\x00"


def _bullets(card: dict[str, Any], beside: Beside) -> list[str]:
    """A card's facts, each a bullet led by its title (the title alone when it has none)."""
    title = _line(card["name"]).rstrip(" .:")
    lists, said = beside
    facts = [*_described(card.get("desc")), *_ticked(card, lists), *_comments(card, said)]
    facts = [f for f in facts if f.casefold() != title.casefold()]
    return [f"- {title} — {fact}" for fact in facts] if facts else [f"- {title}"]


def _described(desc: Any) -> Iterator[str]:
    """The description's items and paragraphs, one fact each."""
    if not isinstance(desc, str):
        return
    paragraph: list[str] = []
    for raw in [*desc.splitlines(), ""]:
        line = raw.strip()
        item = line.startswith(DESC_ITEM)
        if (not line or item) and paragraph:
            yield " ".join(paragraph)
            paragraph = []
        if item:
            yield _line(line[2:])
        elif line:
            paragraph.append(_line(line.lstrip("#> ")))


def _ticked(card: dict[str, Any], beside: list[dict[str, Any]]) -> Iterator[str]:
    """The card's checklist items (on the card, then beside it), " — done" on a ticked one."""
    for checklist in [*_mappings(card.get("checklists")), *beside]:
        for item in _mappings(checklist.get("checkItems", checklist.get("items"))):
            text = item.get("name", item.get("text"))
            if isinstance(text, str) and text.strip():
                done = str(item.get("state", item.get("checked", ""))).casefold() in DONE
                yield f"{_line(text).rstrip('.')} — done" if done else _line(text)


def _comments(card: dict[str, Any], beside: list[Any]) -> Iterator[str]:
    """The card's comments: on the card, then Trello's `commentCard` actions naming it."""
    said = [*(c.get("text") for c in _mappings(card.get("comments"))), *beside]
    yield from (_line(text) for text in said if isinstance(text, str) and text.strip())


def _mappings(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, list):
        yield from (item for item in value if isinstance(item, dict))


def _line(text: str) -> str:
    return " ".join(text.split())
