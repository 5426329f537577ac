"""Treaties between leaders (issue 35 §5; docs/rules-orion.md A6, treaties, wave 4): a leader
proposes one in its room (`!treaty LEADER[, LEADER…] "TEXT" [public|secret]`, `!договор`),
each other party confirms it (`!sign N`) or refuses it (`!refuse N`) in its own room, and it
is recorded in force when every party has confirmed it; its parties' reports list it (a public
one the public post too); all parties' confirmation ends it at no cost (`!end N`), a party
alone breaks it for 1 order at the turn (`!break N`, a turn order). gmtool enforces no
treaty's terms. `gmtool order treaty`, `treaty_end` and `treaty_break` are the moderator's."""

from __future__ import annotations

import tomllib

from helpers import assert_error, example_copy, ok, player_of, resolve_post, write_text


def rooms_camp(tmp_path, alice_orders: int = 0):
    camp = example_copy(tmp_path, rooms=True)
    if alice_orders:
        state = camp / "campaign.toml"
        state.write_text(state.read_text(encoding="utf-8").replace("orders = 0", f"orders = {alice_orders}", 1))
    return camp


def room(gm, tmp_path, camp, leader: str, post: int, *lines: str, lang: str = "en", fmt: str = "plain") -> str:
    text = f"=== {leader} #{post} ===\n" + "\n".join(lines) + "\n"
    source = write_text(tmp_path, f"room-{leader}-{post}.txt", text)
    return resolve_post(gm, camp, source, "--room", leader, "--lang", lang, fmt=fmt)


def treaties(camp) -> list[dict]:
    return tomllib.loads((camp / "campaign.toml").read_text(encoding="utf-8")).get("treaty", [])


def orders(camp, leader: str) -> int:
    return int(player_of(camp, leader)["orders"])


def report(camp, name: str) -> str:
    return (camp / "reports" / "turn-01" / f"{name}.txt").read_text(encoding="utf-8")


def test_a_treaty_proposed_in_a_room_is_recorded_when_every_party_confirms_it_and_reported(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    reply = room(gm, tmp_path, camp, "alice", 40, '!treaty Bob, carol "No attacks for three turns" public')
    assert (
        '!treaty Bob, carol "No attacks for three turns" public\n\n'
        "Treaty 1 proposed to bob and carol\n\n"
        "«No attacks for three turns» — public: once in force, the public post tells it\n\n"
        "It is recorded when each of them confirms it in their room: !sign 1 (or refuses it: !refuse 1).\n"
    ) in reply
    assert [(t["id"], t["status"], t["confirmed"]) for t in treaties(camp)] == [(1, "proposed", ["alice"])]
    reply = room(gm, tmp_path, camp, "bob", 41, "!подписать 1", lang="ru")
    assert (
        "!подписать 1\n\n"
        "Договор 1: ваше подтверждение записано; ждём подтверждения: carol\n\n"
        "«No attacks for three turns» — публичный: когда вступит в силу, о нём скажет общий пост\n"
    ) in reply
    reply = room(gm, tmp_path, camp, "carol", 42, "!sign 1")
    assert (
        "!sign 1\n\n"
        "Treaty 1 is in force: confirmed by alice, bob and carol\n\n"
        "«No attacks for three turns» — public: once in force, the public post tells it\n\n"
        "It ends at no cost when every party confirms its end (!end 1); a party breaking it alone (!break 1)"
        " pays 1 order at the turn.\n"
    ) in reply
    [treaty] = treaties(camp)
    assert treaty == {
        "id": 1,
        "text": "No attacks for three turns",
        "parties": ["alice", "bob", "carol"],
        "public": True,
        "status": "in_force",
        "confirmed": ["alice", "bob", "carol"],
        "turn": 1,
        "since": 1,
    }
    assert (
        ok(gm("status", "-c", str(camp), "--player", "bob")).count(
            "Treaties\n--------\n\n- 1 (alice, bob, carol; public): «No attacks for three turns»\n"
        )
        == 1
    )
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    signed = "- Treaty 1 of alice, bob, carol is in force (public): «No attacks for three turns»\n"
    listed = "Treaties\n--------\n\n- 1 (alice, bob, carol; public): «No attacks for three turns»\n"
    for name in ("public", "alice", "bob", "carol"):
        assert signed in report(camp, name), name
        assert listed in report(camp, name), name


def test_a_treaty_in_russian_names_its_parties_in_any_case(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    ok(gm("player", "rename", "-c", str(camp), "--player", "bob", "--to", "Ярослав"))
    ok(gm("player", "rename", "-c", str(camp), "--player", "carol", "--to", "Глафира"))
    reply = room(gm, tmp_path, camp, "alice", 40, "!договор с Ярославом и Глафирой «Мир на три хода» тайный", lang="ru")
    assert (
        "Договор 1 предложен: Ярослав и Глафира\n\n«Мир на три хода» — тайный: о нём узнают только его стороны\n"
        in reply
    )
    assert (
        "Он будет записан, когда каждый из них подтвердит его в своей комнате: !подписать 1 (или отклонит: !отклонить 1)."
        in reply
    )
    [treaty] = treaties(camp)
    assert (treaty["parties"], treaty["public"]) == (["alice", "Ярослав", "Глафира"], False)


def test_a_refused_treaty_is_never_recorded(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Trade: 2 BC a turn for a scout"')
    reply = room(gm, tmp_path, camp, "bob", 41, "!refuse 1", "!sign 1")
    assert (
        "!refuse 1\n\nTreaty 1 refused: it is not recorded\n\n"
        "«Trade: 2 BC a turn for a scout» — secret: only its parties are told of it\n"
    ) in reply
    assert "!sign 1 — refused: treaty 1 was refused\n" in reply
    [treaty] = treaties(camp)
    assert (treaty["status"], treaty["by"]) == ("refused", "bob")
    assert "Treaties" not in ok(gm("status", "-c", str(camp)))
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    refused = "- bob refused treaty 1 of alice, bob: «Trade: 2 BC a turn for a scout»\n"
    assert refused in report(camp, "alice") and refused in report(camp, "bob")
    assert "Trade" not in report(camp, "carol") and "Trade" not in report(camp, "public")


def test_a_treaty_is_signed_by_its_number_with_the_word_treaty_before_it(gm, tmp_path):
    """`!sign treaty 1`, `!подписать договор 1`: the word for a treaty, in any case, is read past."""
    camp = rooms_camp(tmp_path)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Peace"')
    reply = room(gm, tmp_path, camp, "bob", 41, "!подписать договор 1", lang="ru")
    assert "Договор 1 вступил в силу: его подтвердили alice и bob" in reply
    assert [(t["id"], t["status"]) for t in treaties(camp)] == [(1, "in_force")]


def test_breaking_a_treaty_alone_costs_the_party_one_order_at_the_turn(gm, tmp_path):
    camp = rooms_camp(tmp_path, alice_orders=2)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Peace" public')
    room(gm, tmp_path, camp, "bob", 41, "!sign 1")
    reply = room(gm, tmp_path, camp, "alice", 42, "!break 1")
    assert (
        "- break treaty 1 alone → alice broke treaty 1 of alice, bob alone, for 1 order: «Peace»; costs 1 order"
        " — post #42, command 1\n"
    ) in reply
    reply = room(gm, tmp_path, camp, "alice", 43, "!разорвать 1", lang="ru")
    assert (
        "- разорвать договор 1 в одностороннем порядке → alice разрывает договор 1 (alice, bob) в одностороннем"
        " порядке, за 1 ордер: «Peace»; стоит 1 ордер — пост #43, команда 1\n"
    ) in reply
    assert treaties(camp)[0]["status"] == "in_force"  # a turn order: played at the turn
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert (treaties(camp)[0]["status"], treaties(camp)[0]["by"]) == ("broken", "alice")
    assert orders(camp, "alice") == 1
    broke = "alice broke treaty 1 of alice, bob alone, for 1 order: «Peace»\n"
    assert broke in report(camp, "alice") and broke in report(camp, "bob") and broke in report(camp, "public")
    assert "Treaties\n" not in report(camp, "bob")  # no longer in force


def test_breaking_a_treaty_with_no_order_left_is_flagged_and_dropped(gm, tmp_path):
    camp = rooms_camp(tmp_path)  # alice has 0 orders
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Peace"')
    room(gm, tmp_path, camp, "bob", 41, "!sign 1")
    reply = room(gm, tmp_path, camp, "alice", 42, "!break 1")
    assert (
        "- break treaty 1 alone — post #42, command 1\n"
        "- ⚠ problem: treaty_break: alice has no order left: breaking treaty 1 alone costs 1 order\n"
    ) in reply
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert treaties(camp)[0]["status"] == "in_force"
    assert (
        "- break treaty 1 alone — alice has no order left: breaking treaty 1 alone costs 1 order (post #42, command 1)"
        in report(camp, "alice")
    )


def test_a_treaty_ended_by_every_party_costs_nothing(gm, tmp_path):
    camp = rooms_camp(tmp_path, alice_orders=2)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Peace"')
    room(gm, tmp_path, camp, "bob", 41, "!sign 1")
    reply = room(gm, tmp_path, camp, "alice", 42, "!end 1")
    assert (
        "!end 1\n\nTreaty 1: your confirmation of its end is recorded; it waits for bob\n\n"
        "«Peace» — secret: only its parties are told of it\n\n"
        "It ends at no cost once every party has confirmed its end (!end 1); to break it alone, !break 1,"
        " for 1 order at the turn.\n"
    ) in reply
    assert (
        ok(gm("status", "-c", str(camp), "--player", "bob")).count(
            "- 1 (alice, bob; secret) — its end confirmed by alice: «Peace»\n"
        )
        == 1
    )
    reply = room(gm, tmp_path, camp, "bob", 43, "!прекратить 1", lang="ru")
    assert "!прекратить 1\n\nДоговор 1 прекращён с согласия всех сторон, без платы\n\n«Peace» — тайный" in reply
    assert treaties(camp)[0]["status"] == "ended"
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    assert orders(camp, "alice") == 2
    ended = "- Treaty 1 of alice, bob ended by all its parties' confirmation: «Peace»\n"
    assert ended in report(camp, "alice") and ended in report(camp, "bob")
    assert "Peace" not in report(camp, "public") and "Peace" not in report(camp, "carol")


HOSTILE = "[b]Peace[/b] [url=http://evil.example]here[/url] **bold** <i>x</i> @everyone"


def test_a_treatys_hostile_text_is_escaped_in_every_format(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    bbcode = room(gm, tmp_path, camp, "alice", 40, f'!treaty bob "{HOSTILE}" public', fmt="bbcode")
    assert (
        "«[\u200bb]Peace[\u200b/b] [\u200burl=http://evil.example]here[\u200b/url] **bold** <i>x</i> @everyone»"
        in bbcode
    )
    room(gm, tmp_path, camp, "bob", 41, "!sign 1")
    markdown = ok(gm("status", "-c", str(camp), "--player", "bob", "--format", "markdown"))
    assert (
        "«\\[b\\]Peace\\[/b\\] \\[url=http://evil.example\\]here\\[/url\\] \\*\\*bold\\*\\* \\<i\\>x\\</i\\>"
        " @\u200beveryone»"
    ) in markdown
    ok(gm("turn", "run", "--from-posts", "-c", str(camp), "--format", "bbcode"))
    public = (camp / "reports" / "turn-01" / "public.bbcode").read_text(encoding="utf-8")
    assert "[url=" not in public and "[b]Peace" not in public
    assert public.count("[\u200burl=http://evil.example]") == 2  # the news line and the list of treaties


def test_a_secret_treaty_is_told_only_to_its_parties(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Secret pact against carol"')
    room(gm, tmp_path, camp, "bob", 41, "!sign 1")
    assert "Secret pact" not in ok(gm("status", "-c", str(camp), "--player", "carol"))
    assert "- 1 (alice, bob; secret): «Secret pact against carol»\n" in ok(gm("status", "-c", str(camp)))
    ok(gm("turn", "run", "--from-posts", "-c", str(camp)))
    for name in ("alice", "bob"):
        assert "- Treaty 1 of alice, bob is in force (secret): «Secret pact against carol»\n" in report(camp, name)
        assert "- 1 (alice, bob; secret): «Secret pact against carol»\n" in report(camp, name)
    assert "Secret pact" not in report(camp, "public")
    assert "Secret pact" not in report(camp, "carol")


def test_a_treaty_command_is_refused_in_the_public_thread_and_for_what_it_cannot_read(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    public = write_text(tmp_path, "thread.txt", '=== alice #40 ===\n!treaty bob "Peace"\n')
    assert (
        '!treaty bob "Peace" — refused: !treaty: treaties are made in your room (your closed thread with the'
        " moderator), not here" in resolve_post(gm, camp, public)
    )
    reply = room(
        gm,
        tmp_path,
        camp,
        "alice",
        41,
        "!treaty bob Peace",
        '!treaty "Peace"',
        '!treaty zed "Peace"',
        '!treaty alice "Peace"',
        '!treaty bob "Peace" forever',
        '!treaty bob, bob "Peace"',
        "!sign",
        "!sign peace",
        "!end 1",
    )
    assert "!treaty bob Peace — refused: !treaty: the treaty's text in quotes is missing;" in reply
    assert '!treaty "Peace" — refused: !treaty: leader is missing; write !treaty LEADER[, LEADER…] "TEXT"' in reply
    assert '!treaty zed "Peace" — refused: !treaty: zed is no leader (known: alice, bob, carol)' in reply
    assert '!treaty alice "Peace" — refused: alice cannot make a treaty with itself' in reply
    assert '!treaty bob "Peace" forever — refused: !treaty: forever is not understood here;' in reply
    assert '!treaty bob, bob "Peace" — refused: bob is named twice' in reply
    assert "!sign — refused: !sign: the treaty's number is missing; write !sign N" in reply
    assert "!sign peace — refused: !sign: peace is not understood here; write !sign N" in reply
    assert "!end 1 — refused: no treaty has the number 1" in reply
    assert treaties(camp) == []


def test_gmtool_order_records_ends_and_breaks_a_treaty_for_the_moderator(gm, tmp_path):
    camp = rooms_camp(tmp_path, alice_orders=1)
    c = ("-c", str(camp))
    assert (
        ok(gm("order", "treaty", *c, "--player", "alice", "with=bob,carol", "text=No war", "public=true"))
        == "Treaty 1 of alice, bob, carol is in force (public): «No war»\n"
    )
    assert (
        ok(gm("order", "treaty_end", *c, "--player", "bob", "1"))
        == "Treaty 1 of alice, bob, carol ended by all its parties' confirmation: «No war»\n"
    )
    ok(gm("order", "treaty", *c, "--player", "alice", "with=bob", "text=Trade"))
    assert (
        ok(gm("order", "treaty_break", *c, "--player", "alice", "2"))
        == "alice broke treaty 2 of alice, bob alone, for 1 order: «Trade»\n"
    )
    assert orders(camp, "alice") == 0
    assert_error(gm("order", "treaty_break", *c, "--player", "alice", "2"), "error: treaty 2 was broken\n")
    assert_error(gm("order", "treaty_end", *c, "--player", "carol", "2"), "carol is no party to treaty 2 (alice, bob)")
    assert [t["status"] for t in treaties(camp)] == ["ended", "broken"]


def test_a_renamed_leader_keeps_its_treaties(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob "Peace"')
    room(gm, tmp_path, camp, "bob", 41, "!sign 1")
    ok(gm("player", "rename", "-c", str(camp), "--player", "bob", "--to", "Ярослав"))
    [treaty] = treaties(camp)
    assert (treaty["parties"], treaty["confirmed"]) == (["alice", "Ярослав"], ["alice", "Ярослав"])
    assert "- 1 (alice, Ярослав; secret): «Peace»\n" in ok(gm("status", "-c", str(camp), "--player", "Ярослав"))


def test_a_party_that_confirms_twice_or_ends_twice_is_told_it_has_already(gm, tmp_path):
    camp = rooms_camp(tmp_path)
    room(gm, tmp_path, camp, "alice", 40, '!treaty bob, carol "Peace"')
    reply = room(gm, tmp_path, camp, "bob", 41, "!sign 1", "!sign 1")
    assert "!sign 1 — refused: bob has confirmed treaty 1 already" in reply
    room(gm, tmp_path, camp, "carol", 42, "!sign 1")
    reply = room(gm, tmp_path, camp, "alice", 43, "!end 1", "!end 1")
    assert "!end 1 — refused: alice has confirmed the end of treaty 1 already" in reply
    assert [(t["status"], t["ending"]) for t in treaties(camp)] == [("in_force", ["alice"])]
