/* The moderator's work page (gmtool/report/workpage.py): each post ticked off is kept in the
   browser's localStorage, by campaign and turn; the posts still to make that go to the same
   place are joined into one post, while the forum's limit allows.  Nothing here reaches the
   network; every text is set as text, never as HTML. */
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const words = data.words;
  const posts = data.posts;
  const byId = new Map(posts.map((p) => [p.id, p]));
  // the campaign: its name and its folder (this page is the folder's reports/posts.html)
  const folder = decodeURIComponent(location.pathname).replace(/\/reports\/[^/]*$/, "");
  const prefix = "gmtool-posts|" + data.campaign + "|" + folder + "|turn-";
  const ticks = {};

  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null; // storage refused: the ticks last as long as the page
    }
  }

  function ticked(turn) {
    if (!(turn in ticks)) {
      let got = {};
      try {
        const store = storage();
        const raw = store ? store.getItem(prefix + turn) : null;
        const parsed = raw ? JSON.parse(raw) : {};
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) got = parsed;
      } catch (e) {
        got = {};
      }
      ticks[turn] = got;
    }
    return ticks[turn];
  }

  function save(turn) {
    try {
      const store = storage();
      if (store) store.setItem(prefix + turn, JSON.stringify(ticks[turn]));
    } catch (e) {
      /* kept for this visit only */
    }
  }

  const isDone = (post) => ticked(post.turn)[post.id] === 1;

  function mark(ids, value) {
    const turns = new Set();
    for (const id of ids) {
      const post = byId.get(id);
      if (!post) continue;
      const kept = ticked(post.turn);
      if (value) kept[id] = 1;
      else delete kept[id];
      turns.add(post.turn);
    }
    turns.forEach(save);
    render();
  }

  const chars = (text) => Array.from(text).length;
  const trimmed = (text) => text.replace(/\n+$/, "");
  const foldable = (post) => post.format !== "json" && post.parts === 1;

  function joinedText(members) {
    // a leader's report followed by its next start report leaves its orders template to that one
    const texts = members.map((post, i) => {
      const later = members.slice(i + 1).some((next) => next.step === "start" && next.turn > post.turn);
      return trimmed(later && post.cut ? post.cut : post.text);
    });
    return texts.join("\n\n") + "\n";
  }

  function supersedes(later, earlier) {
    // a reply of the same place and turn makes an earlier one never posted needless: one holding
    // everything the earlier replies did (post collect without --new), or a room's latest reply
    // (it states the orders that stand) — save a reply that tells rolls, which players must see
    if (later.step !== "collect" || earlier.step !== "collect") return false;
    if (later.to !== earlier.to || later.turn !== earlier.turn) return false;
    return Boolean(later.whole) || (later.to !== "" && !earlier.rolled);
  }

  function superseded() {
    // earlier reply id → the later reply that makes it needless (the latest one)
    const by = new Map();
    posts.forEach((later, i) => {
      for (const earlier of posts.slice(0, i)) {
        if (!isDone(earlier) && supersedes(later, earlier)) by.set(earlier.id, later);
      }
    });
    return by;
  }

  function groups() {
    // the posts still to make, in order; per place, one post while they fit in one
    const open = new Map();
    const out = [];
    out.needless = [];
    const needless = superseded();
    const home = new Map(); // a post → the group it is in
    const left = []; // the needless replies: in their latest reply's group
    for (const post of posts) {
      if (isDone(post)) continue;
      if (needless.has(post.id)) {
        left.push(post);
        continue;
      }
      const group = open.get(post.to);
      if (group) {
        const next = [...group.members, post];
        const most = Math.min(...next.map((q) => (typeof q.limit === "number" ? q.limit : Infinity)));
        const same = next.every((q) => q.format === post.format); // one post is in one format
        if (same && next.every(foldable) && chars(joinedText(next)) <= most) {
          group.members = next;
          home.set(post.id, group);
          continue;
        }
      }
      const fresh = { members: [post], contained: [] };
      open.set(post.to, fresh);
      home.set(post.id, fresh);
      out.push(fresh);
    }
    for (const post of left) {
      let later = needless.get(post.id);
      while (needless.has(later.id)) later = needless.get(later.id);
      const group = home.get(later.id);
      if (group) group.contained.push(post); // ticking the group ticks it off too
      else out.needless.push(post); // its latest reply is posted: nothing left to post of it
    }
    return out;
  }

  const card = (id) => document.getElementById(id);

  function element(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function described(post) {
    const own = card(post.id);
    const heading = own && own.closest("section") ? own.closest("section").querySelector("h2") : null;
    const what = own ? own.querySelector(".what") : null;
    return [heading ? heading.textContent : "", what ? what.textContent : ""].filter(Boolean).join(" · ");
  }

  function joinedCard(group) {
    const all = [...group.members, ...group.contained];
    const first = group.members[0];
    const node = element("article", { class: "post joined", "data-ids": all.map((p) => p.id).join(" ") });
    const head = element("div", { class: "head" });
    head.append(element("h3", {}, data.places[first.to] || first.to));
    const tick = element("label", { class: "tick" });
    const box = element("input", { type: "checkbox", class: "all", "data-ids": all.map((p) => p.id).join(" ") });
    tick.append(box, " " + words.posted);
    head.append(tick);
    const where = card(first.id) && card(first.id).querySelector(".where");
    if (where) head.append(where.cloneNode(true));
    head.append(element("p", { class: "what" }, words.joined.replace("{n}", String(all.length))));
    const list = element("ul", { class: "members" });
    for (const post of all) {
      const item = element("li");
      const label = element("label");
      const own = element("input", { type: "checkbox", class: "member", "data-id": post.id });
      label.append(own, " " + described(post) + " — " + words.joined_part);
      item.append(label);
      list.append(item);
    }
    head.append(list);
    const body = element("div", { class: "body" });
    const part = element("div", { class: "part" });
    const bar = element("div", { class: "bar" });
    bar.append(element("button", { type: "button", class: "copy" }, words.copy));
    const text = joinedText(group.members);
    const area = element("textarea", {
      readonly: "",
      rows: String(Math.max(3, Math.min(18, text.split("\n").length))),
      wrap: "off",
      spellcheck: "false",
    });
    area.value = text;
    part.append(bar, area);
    body.append(part);
    const sources = [];
    for (const post of group.members) {
      (post.src || []).forEach((src, i) => {
        if (!sources.some((s) => s[0] === src)) sources.push([src, post.names[i]]);
      });
    }
    if (sources.length) {
      const images = element("div", { class: "images" });
      images.append(element("p", {}, words.attach));
      for (const [src, name] of sources) {
        const figure = element("figure");
        figure.append(element("img", { src: src, alt: name }), element("figcaption", {}, name));
        images.append(figure);
      }
      body.append(images);
    }
    node.append(head, body);
    return node;
  }

  function render() {
    document.querySelectorAll("article.joined").forEach((node) => node.remove());
    for (const post of posts) {
      const own = card(post.id);
      if (!own) continue;
      const done = isDone(post);
      own.classList.toggle("done", done);
      own.classList.remove("in-fold");
      const box = own.querySelector("input.done");
      if (box) box.checked = done;
    }
    const found = groups();
    for (const post of found.needless) {
      const own = card(post.id);
      if (own) own.classList.add("in-fold");
    }
    for (const group of found) {
      const all = [...group.members, ...group.contained];
      if (all.length < 2) continue;
      const cards = all.map((p) => card(p.id)).filter(Boolean);
      cards.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      if (!cards.length) continue;
      cards[0].before(joinedCard(group));
      cards.forEach((node) => node.classList.add("in-fold"));
    }
    const left = document.getElementById("left");
    if (left) left.textContent = found.length ? words.left.replace("{n}", String(found.length)) : words.all_done;
  }

  function copy(button) {
    const area = button.closest(".part").querySelector("textarea");
    area.focus();
    area.select();
    area.setSelectionRange(0, area.value.length);
    const copied = () => {
      button.textContent = words.copied;
      button.classList.add("ok");
    };
    const byHand = () => {
      let ok = false;
      try {
        ok = document.execCommand("copy");
      } catch (e) {
        ok = false;
      }
      if (ok) copied();
      else button.textContent = words.copy_failed;
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(area.value).then(copied, byHand);
    else byHand();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.copy");
    if (button) copy(button);
  });
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== "checkbox") return;
    if (box.classList.contains("all")) mark(box.dataset.ids.split(" "), box.checked);
    else if (box.dataset.id) mark([box.dataset.id], box.checked);
  });
  render();
})();
