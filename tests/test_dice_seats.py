"""A roll's label names the leader's seat — the name it joined under — not its current name
(docs/verify.md): a moderator who undoes a turn, renames a leader and plays the turn again
gets the very same dice, and a renamed leader's post rolls what it rolled under the old name.
The words a player reads (a Dice block's reading lines, the site) say the current name."""

from __future__ import annotations

import re

from dice2_helpers import copy, entries, new_game, next_to, rolls_of, state
from dice_sites import build, page_json
from helpers import ok


def _orders(folder, turn: int, explore: dict[str, str]):
    """An orders file whose leaders' names are quoted (a Russian name is no bare TOML key)."""
    path = folder.parent / f"{folder.name}-orders-{turn}.toml"
    text = f"turn = {turn}\n" + "".join(f'["{who}"]\nexplore = ["{at}"]\n' for who, at in explore.items())
    path.write_text(text, encoding="utf-8")
    return path


def _seats(folder) -> dict[str, str]:
    return {p["name"]: p["seat"] for p in state(folder)["player"] if "seat" in p}


def test_undo_rename_and_replay_rolls_the_same_faces(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    at_alice, at_bob = next_to(game, "alice"), next_to(game, "bob")
    ok(gm("turn", "run", "-c", str(game), str(_orders(game, 1, {"alice": at_alice, "bob": at_bob}))))
    first = [(e.label, e.index, e.die, e.face) for e in entries(game)]
    assert any(label.startswith("turn 1 · alice · explore ") for label, *_ in first)
    ok(gm("turn", "undo", "-c", str(game)))
    ok(gm("player", "rename", "-c", str(game), "--player", "alice", "--to", "Алиса"))
    assert _seats(game) == {"Алиса": "alice"}
    ok(gm("turn", "run", "-c", str(game), str(_orders(game, 1, {"Алиса": at_alice, "bob": at_bob}))))
    again = [(e.label, e.index, e.die, e.face) for e in entries(game)][len(first) :]
    assert again == first  # the rename bought no other die
    assert not [label for label, *_ in again if "Алиса" in label]
    ok(gm("verify", "-c", str(game)))
    # the leader reads its own rolls under its name now; the checked lines keep the seat
    report = ok(gm("turn", "show", "-c", str(game), "--turn", "1", "--player", "Алиса", "--lang", "ru"))
    box = report[report.index("Для проверки эти строки копируются как есть:") :]
    said = [line for line in report[: report.index(box)].splitlines() if line.startswith("- ход 1 · ")]
    checked = [line for line in box.splitlines() if line.startswith("turn 1 · ")]
    assert said and len(said) == len(checked)
    assert all(line.startswith("- ход 1 · Алиса · исследование ") for line in said), said
    assert all(line.startswith("turn 1 · alice · explore ") for line in checked), checked


def test_a_renamed_leaders_posts_roll_what_they_rolled_under_the_old_name(gm, new_campaign, tmp_path):
    base = new_game(new_campaign, tmp_path / "g")
    renamed = copy(base, "renamed")
    ok(gm("player", "rename", "-c", str(renamed), "--player", "alice", "--to", "Алиса"))
    for folder, who in ((base, "alice"), (renamed, "Алиса")):
        room = folder.parent / f"{folder.name}-room.txt"
        room.write_text(f"=== {who} #7 ===\n!roll 3d6 luck\n", encoding="utf-8")
        ok(gm("post", "resolve", str(room), "-c", str(folder), "--room", who))
        thread = folder.parent / f"{folder.name}-thread.txt"
        thread.write_text(f"=== {who} #8 ===\n!roll 2d10 storm\n", encoding="utf-8")
        ok(gm("post", "resolve", str(thread), "-c", str(folder)))
    in_room = rolls_of(base, "turn 1 · alice · room alice post #7.1 !roll · ")
    in_thread = rolls_of(base, "turn 1 · alice · post #8.1 !roll · ")
    assert len(in_room) == 3 and len(in_thread) == 2
    assert rolls_of(renamed, "turn 1 · alice · room alice post #7.1 !roll · ") == in_room
    assert rolls_of(renamed, "turn 1 · alice · post #8.1 !roll · ") == in_thread
    for folder in (base, renamed):
        ok(gm("verify", "-c", str(folder)))


def test_a_seat_is_kept_by_rename_and_replace_and_a_newcomer_never_takes_a_held_one(gm, new_campaign, tmp_path):
    game = new_game(new_campaign, tmp_path / "g")
    c = ("-c", str(game))
    before = (game / "campaign.toml").read_text(encoding="utf-8")
    assert "seat" not in before  # no leader renamed: every seat is its name, written nowhere
    ok(gm("player", "rename", *c, "--player", "alice", "--to", "Алиса"))
    ok(gm("player", "rename", *c, "--player", "Алиса", "--to", "Alicia"))
    ok(gm("player", "replace", *c, "--player", "bob", "--by", "erin"))
    assert _seats(game) == {"Alicia": "alice", "erin": "bob"}
    ok(gm("player", "add", *c, "--player", "alice"))  # a newcomer by the name alice's seat holds
    assert _seats(game) == {"Alicia": "alice", "erin": "bob", "alice": "alice 2"}
    ok(gm("player", "rename", *c, "--player", "Alicia", "--to", "Ally"))
    ok(gm("player", "rename", *c, "--player", "Ally", "--to", "Alicia"))
    assert _seats(game)["Alicia"] == "alice"
    plan = _orders(game, 1, {"Alicia": next_to(game, "Alicia"), "alice": next_to(game, "alice")})
    ok(gm("turn", "run", *c, str(plan)))
    labels = {
        e.label.split(" · ")[1] for e in entries(game) if e.label.startswith("turn 1 · ") and "explore" in e.label
    }
    assert labels == {"alice", "alice 2"}
    ok(gm("verify", *c))


def test_the_dice_page_says_the_current_name_and_checks_the_seats_label(gm, new_campaign, tmp_path):
    folder = new_campaign("c", players=["Глафира", "Илья", "Никита"], lang="ru")
    thread = tmp_path / "t.txt"
    thread.write_text("=== Глафира #1023 ===\n!бросок 2d6 абордаж\n", encoding="utf-8")
    ok(gm("post", "resolve", str(thread), "-c", str(folder)))
    ok(gm("player", "rename", "-c", str(folder), "--player", "Глафира", "--to", "Агата"))
    text = build(folder, tmp_path / "site", "ru").read_text(encoding="utf-8")
    cells = re.findall(r'<td class="label"><span class="for">([^<]*)</span><code class="exact">([^<]*)</code>', text)
    assert cells == [
        ("Бросок Агаты (сообщение #1023): 2d6, кубик 1", "turn 1 · Глафира · post #1023.1 !roll · 2d6"),
        ("Бросок Агаты (сообщение #1023): 2d6, кубик 2", "turn 1 · Глафира · post #1023.1 !roll · 2d6"),
    ]
    assert [r["label"] for r in page_json(text)["rolls"]] == [cell[1] for cell in cells]
