"""A Discourse topic's number comes from what the source says (its JSON, its URL) or from
--topic — never from the digits of a saved file's name: `/raw` saved as `77 (1).txt` once
became topic 771, and every command rolled again."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import forum_pages as fp
from gmtool.errors import InputError
from gmtool.forum.sources import Options, read_thread
from helpers import assert_error, ok_json, snapshot, write_text

pytestmark = pytest.mark.camp(example="fresh")


saved = write_text


def test_a_raw_text_saved_as_77_1_is_refused_asking_for_the_topic(gm, camp, tmp_path):
    raw = saved(tmp_path, "77 (1).txt", fp.discourse_raw(fp.sample_posts()[:3]))
    before = snapshot(camp)
    assert_error(gm("post", "resolve", str(raw), "-c", str(camp)), "77 (1).txt", "--topic N", quiet=True)
    assert snapshot(camp) == before
    assert_error(gm("post", "resolve", str(raw), "-c", str(camp), "--lang", "ru"), "--topic N", quiet=True)


def test_with_topic_the_same_raw_text_under_any_name_is_the_same_posts(gm, camp, tmp_path):
    text = fp.discourse_raw(fp.sample_posts()[:3])
    first = ok_json(
        gm(
            "post",
            "resolve",
            str(saved(tmp_path, "77.txt", text)),
            "-c",
            str(camp),
            "--topic",
            "77",
            "--format",
            "json",
        )
    )
    assert [p["post_id"] for p in first["posts"]] == ["t77-2", "t77-3"]
    after = snapshot(camp)
    again = ok_json(
        gm(
            "post",
            "resolve",
            str(saved(tmp_path, "77 (1).txt", text)),
            "-c",
            str(camp),
            "--topic",
            "77",
            "--format",
            "json",
        )
    )
    assert again == first and snapshot(camp) == after  # nothing rolled again


def test_a_json_takes_its_topic_from_its_content_not_its_name(tmp_path):
    js = saved(tmp_path, "77 (1).json", fp.discourse_json(fp.sample_posts()[:2], topic=12))
    assert [p.post_id for p in read_thread([str(js)]).posts] == ["t12-1", "t12-2"]
    with pytest.raises(InputError, match="this is Discourse topic 12, but --topic says 77"):
        read_thread([str(js)], Options(topic=77))


def test_a_json_without_its_topic_needs_topic(tmp_path):
    import json

    data = json.loads(fp.discourse_json(fp.sample_posts()[:2], topic=12))
    del data["id"]
    for post in data["post_stream"]["posts"]:
        del post["topic_id"]
    js = saved(tmp_path, "12.json", json.dumps(data))
    with pytest.raises(InputError, match="--topic N"):
        read_thread([str(js)])
    assert [p.post_id for p in read_thread([str(js)], Options(topic=12)).posts] == ["t12-1", "t12-2"]


class _Raw(BaseHTTPRequestHandler):
    body = b""

    def do_GET(self) -> None:  # noqa: N802
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args) -> None:
        pass


def test_a_urls_topic_is_kept_and_must_agree_with_topic():
    _Raw.body = fp.discourse_raw(fp.sample_posts()[:2]).encode("utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Raw)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/raw/77"
        assert [p.post_id for p in read_thread([url]).posts] == ["t77-1", "t77-2"]
        assert [p.post_id for p in read_thread([url], Options(topic=77)).posts] == ["t77-1", "t77-2"]
        with pytest.raises(InputError, match="--topic says 78"):
            read_thread([url], Options(topic=78))
    finally:
        server.shutdown()
        server.server_close()
