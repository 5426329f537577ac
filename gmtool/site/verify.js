// gmtool's dice checked in the browser: every public roll recomputed from the revealed key.
//
// The derivation is docs/verify.md's ("How a roll is derived"), written out with the Web
// Crypto API; nothing is sent anywhere and nothing else is loaded.  The page's rolls, keys,
// commitments and words are in its <script type="application/json" id="dice-data"> block.
"use strict";

const SPACE = 1n << 64n; // faces come from the first 8 bytes of a digest: 2**64 values
const encoder = new TextEncoder();

function hexBytes(hex) {
  const clean = String(hex || "").trim().toLowerCase();
  if (!/^([0-9a-f]{2})+$/.test(clean)) return null;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.substr(2 * i, 2), 16);
  return out;
}

function bytesHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256Hex(bytes) {
  return bytesHex(await crypto.subtle.digest("SHA-256", bytes));
}

function hmacKey(raw) {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

// Rejection sampling (docs/verify.md): for counter = 0, 1, 2, … take HMAC-SHA256(key,
// message(counter)), read its first 8 bytes as a big-endian unsigned x; if
// x < 2**64 − (2**64 mod sides) the face is x mod sides + 1, else try the next counter.
// The face is returned as a decimal string (a die may have up to 2**64 sides).
async function drawFace(key, sides, message) {
  const s = BigInt(sides);
  const limit = SPACE - (SPACE % s);
  for (let counter = 0; ; counter++) {
    const digest = await crypto.subtle.sign("HMAC", key, encoder.encode(message(counter)));
    const x = new DataView(digest).getBigUint64(0, false);
    if (x < limit) return String((x % s) + 1n);
  }
}

// Scheme 1: the key is the secret, the message "gmtool-v1:{id}:{sides}:{counter}" (ASCII).
function faceV1(key, id, sides) {
  return drawFace(key, sides, (counter) => `gmtool-v1:${id}:${sides}:${counter}`);
}

// Scheme 2: a part's key is HMAC-SHA256(secret, "gmtool-v2 key:" + part); the message is
// "gmtool-v2\n{label}\n{share}\n{sides}\n{index}\n{counter}" in UTF-8.
async function partKey(secretKey, part) {
  return new Uint8Array(await crypto.subtle.sign("HMAC", secretKey, encoder.encode(`gmtool-v2 key:${part}`)));
}

function faceV2(key, label, share, sides, index) {
  return drawFace(key, sides, (counter) => `gmtool-v2\n${label}\n${share}\n${sides}\n${index}\n${counter}`);
}

// The keys the page can check with: {part or "v1": CryptoKey, or "bad" when the revealed key
// does not match its commitment}.  Scheme 2 takes a part's revealed key, or derives it from
// the whole-game secret once that is revealed.
async function revealedKeys(data) {
  const keys = {};
  let secret = null;
  if (data.secret) {
    const raw = hexBytes(data.secret);
    secret = raw && (await sha256Hex(raw)) === data.commitment ? raw : "bad";
  }
  // scheme 1's rolls: a campaign moved to scheme 2 keeps its earlier ones
  const v1 = data.scheme !== 2 || data.rolls.some((roll) => roll.scheme === 1);
  if (secret && v1) keys.v1 = secret === "bad" ? "bad" : await hmacKey(secret);
  if (data.scheme !== 2) return keys;
  const secretKey = secret && secret !== "bad" ? await hmacKey(secret) : null;
  for (const [part, known] of Object.entries(data.parts)) {
    let raw = known.key ? hexBytes(known.key) : null;
    if (!raw && secretKey) raw = await partKey(secretKey, part);
    if (known.key && !raw) keys[part] = "bad";
    if (!raw) continue;
    const matches = !known.commitment || (await sha256Hex(raw)) === known.commitment;
    keys[part] = matches && secret !== "bad" ? await hmacKey(raw) : "bad";
  }
  return keys;
}

// One roll's verdict: "ok", "bad", "pending" (its key is not revealed) or "manual".
// A roll that cannot be recomputed (a die that is not a whole number of sides) is "bad".
async function check(roll, keys, scheme) {
  if (roll.source === "manual") return "manual";
  const key = scheme === 2 ? keys[roll.part] : keys.v1;
  if (!key) return "pending";
  if (key === "bad" || !/^[1-9][0-9]*$/.test(String(roll.die))) return "bad";
  const face =
    scheme === 2 ? await faceV2(key, roll.label, roll.share, roll.die, roll.index) : await faceV1(key, roll.id, roll.die);
  return face === String(roll.face) ? "ok" : "bad";
}

const MARKS = { ok: "✓", bad: "✗" };

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Every listed roll checked at once (the browser runs the HMACs side by side).
async function checkPage(data) {
  const started = performance.now();
  const keys = await revealedKeys(data);
  const verdicts = await Promise.all(data.rolls.map((roll) => check(roll, keys, roll.scheme || data.scheme)));
  const counts = { ok: 0, bad: 0, pending: 0, manual: 0 };
  const cells = document.querySelectorAll("td.check");
  verdicts.forEach((verdict, n) => {
    counts[verdict]++;
    const cell = cells[n];
    if (!cell) return;
    cell.textContent = MARKS[verdict] ? `${MARKS[verdict]} ${data.text[verdict]}` : data.text[verdict];
    cell.className = `check ${verdict}`;
  });
  const badKeys = Object.entries(keys).filter(([, key]) => key === "bad").map(([part]) => part);
  const lines = [fill(data.text.summary, { n: data.rolls.length, ...counts })];
  if (badKeys.length) lines.push(fill(data.text.key_bad, { parts: badKeys.join(", ") }));
  document.getElementById("summary").textContent = lines.join(" ");
  window.gmtoolChecked = { verdicts, counts, ms: performance.now() - started };
  return window.gmtoolChecked;
}

// A Dice block's line as gmtool wrote it, from the line a post shows — what `gmtool verify`
// reads too (gmtool/report/dice_block.py, published_line): the code box's own [code] and
// [/code] at its ends, and the zero-width space that defused a label's "[/code" or "```"
// (so that a leader named "[/code]…" cannot end the box early), taken out.
const DEFUSED = [["[\u200b/code", "[/code"], ["`\u200b``", "```"]];

function publishedLine(raw) {
  let line = String(raw).trim().replace(/^\[code\]/, "").replace(/\[\/code\]$/, "").trim();
  for (const [shown, written] of DEFUSED) line = line.split(shown).join(written);
  return line;
}

// A private report's roll lines, as its Dice block prints them (gmtool/report/dice_block.py):
//   gmtool-v2 stage1 share 5f3a…                      (the part and the turn's share; "-": none)
//   turn 3 · alice · explore 1,-2 · exploration · salt 0123456789abcdef: d10 #1=7, d10 #2=3
// gives [{label, part, share, die, index, face}, …] (part null: the part chosen on the page);
// a `share: HEX` line is read too, and a line that is neither is returned in `unread`.
function parseRollLines(text) {
  const rolls = [];
  const unread = [];
  let share = null;
  let part = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = publishedLine(raw);
    if (!line) continue;
    const header = /^gmtool-v2 (setup|stage[1-3]) share (\S+)$/.exec(line);
    if (header) {
      part = header[1];
      share = header[2] === "-" ? "" : header[2];
      continue;
    }
    if (/^gmtool-v2 key (setup|stage[1-3]) [0-9a-f]{64}$/.test(line)) continue; // a revealed key: the page has it
    const shareLine = /^(?:share|доля)\s*[:=]?\s*(.+)$/i.exec(line);
    if (shareLine) {
      share = shareLine[1].trim();
      continue;
    }
    const at = line.search(/:\s*d\d+\s*#\d+\s*=/);
    const dice = at >= 0 ? [...line.slice(at + 1).matchAll(/d(\d+)\s*#(\d+)\s*=\s*(\d+)/g)] : [];
    if (!dice.length) {
      unread.push(line);
      continue;
    }
    const label = line.slice(0, at).trim();
    for (const [, die, index, face] of dice) rolls.push({ label, part, share, die: Number(die), index: Number(index), face });
  }
  return { rolls, unread };
}

// The paste box: the key typed (a part's key, or the whole secret), else the page's revealed key.
async function checkPasted(data) {
  const out = document.getElementById("paste-result");
  out.textContent = "";
  const say = (text, verdict) => {
    const item = document.createElement("li");
    item.textContent = text;
    if (verdict) item.className = verdict;
    out.appendChild(item);
  };
  const { rolls, unread } = parseRollLines(document.getElementById("paste-lines").value);
  unread.forEach((line) => say(fill(data.text.paste_unread, { line }), "bad"));
  if (!rolls.length) return say(data.text.paste_none);
  const chosen = document.getElementById("paste-part").value;
  const typed = document.getElementById("paste-key").value.trim();
  const revealed = await revealedKeys(data);
  const keys = {};
  // a part's key: the one typed (a part's key, or the whole secret), else the one the page shows
  async function keyFor(part) {
    if (part in keys) return keys[part];
    let key = revealed[part];
    if (typed) {
      let raw = hexBytes(typed);
      const digest = raw ? await sha256Hex(raw) : "";
      if (raw && data.commitment && digest === data.commitment) raw = await partKey(await hmacKey(raw), part);
      else if (!raw || (data.parts[part].commitment && digest !== data.parts[part].commitment)) raw = null;
      key = raw ? await hmacKey(raw) : "bad";
    }
    keys[part] = key;
    return key;
  }
  for (const roll of rolls) {
    const head = `${roll.label}: d${roll.die} #${roll.index}=${roll.face}`;
    const part = roll.part || chosen;
    const key = await keyFor(part);
    if (!key) {
      say(`${head} — ${data.text.paste_no_key}`, "bad");
      continue;
    }
    if (key === "bad") {
      say(`${head} — ${fill(data.text.key_bad, { parts: part })}`, "bad");
      continue;
    }
    if (roll.share === null) {
      say(`${head} — ${data.text.paste_no_share}`, "bad");
      continue;
    }
    const face = await faceV2(key, roll.label, roll.share, roll.die, roll.index);
    const verdict = face === roll.face ? "ok" : "bad";
    say(`${MARKS[verdict]} ${head} — ${data.text[verdict]}`, verdict);
  }
}

const gmtoolVerify = { faceV1, faceV2, partKey, hmacKey, hexBytes, publishedLine, parseRollLines, checkPage, checkPasted };
window.gmtoolVerify = gmtoolVerify;

(function start() {
  const block = document.getElementById("dice-data");
  if (!block) return;
  const data = JSON.parse(block.textContent);
  if (!window.crypto || !crypto.subtle) {
    document.getElementById("summary").textContent = data.text.no_crypto;
    return;
  }
  document.getElementById("summary").textContent = data.text.checking;
  const button = document.getElementById("paste-check");
  if (button) button.addEventListener("click", () => checkPasted(data));
  window.gmtoolDone = checkPage(data);
})();
