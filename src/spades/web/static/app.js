// The page's controller: loads or starts a game, sends South's actions, plays the
// server's events back one at a time, and wires the toolbar, dialogs and keyboard.

import { api, sendAction, ApiError } from "./api.js";
import {
  t, reason, hintReason, cardWords, pickLanguage, setLanguage, translatePage, language, trickWon, gameResult,
  presetName,
} from "./i18n.js";
import { beep, setSound } from "./sound.js";
import { cardFace, loadDeck, setBack } from "./cards.js";
import {
  displayFrom, renderScoreboard, renderSeats, renderTrick, renderHand, layoutHand,
  seatName, sideName, sidesOf, sortHand, bidText, presetOf, legalAction, useBlindNilName,
  blindNilText,
} from "./table.js";
import {
  openDialog, closeDialog, showHandResult, showGameSheet, showGameOver, showLastTrick,
  showStats, showHelp, showOptions,
} from "./dialogs.js";

const $ = (sel) => document.querySelector(sel);
const DEFAULTS = { felt: "green", back: "blue", fourColour: false, sound: false, speed: "normal", lang: "auto", rules: { preset: "classic" } };
const SPEED = { slow: 1.6, normal: 1, fast: 0.45, instant: 0 };

const ui = { view: null, disp: null, busy: false, focus: 0, selected: new Set(), hint: null, opts: { ...DEFAULTS }, rulesInfo: null, bidBuffer: "", bidTimer: 0 };
window.spadesUi = ui; // read-only handle for debugging in the console

// ---- options ------------------------------------------------------------------------

function loadLocalOptions() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem("spades-options") || "{}") }; } catch { return { ...DEFAULTS }; }
}

function applyOptions() {
  const o = ui.opts;
  const body = document.body;
  body.className = body.className.replace(/\b(felt|back)-\w+/g, "").trim();
  body.classList.add(`felt-${o.felt}`, `back-${o.back}`);
  body.classList.toggle("four-colour", !!o.fourColour);
  body.dataset.speed = o.speed;
  setBack(o.back);
  document.documentElement.style.setProperty("--speed", String(SPEED[o.speed] ?? 1));
  setSound(o.sound);
  setLanguage(pickLanguage(o.lang));
  translatePage();
}

async function saveOptions(next) {
  ui.opts = next;
  localStorage.setItem("spades-options", JSON.stringify(next));
  applyOptions();
  render();
  try { await api("PUT", "/api/options", next); } catch { /* kept locally; the server copy updates next time */ }
  toast(t("saved"));
}

// ---- small helpers ------------------------------------------------------------------

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const delay = (ms) => new Promise((r) => setTimeout(r, ms * (SPEED[ui.opts.speed] ?? 1)));

let toastTimer = 0;
function toast(text, kind = "info") {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  delete el.dataset.hint;
  delete el.dataset.card;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, kind === "error" ? 5000 : 4000);
}

/** A message belongs to the moment it was shown: it goes when the game moves on. */
function hideToast() {
  clearTimeout(toastTimer);
  $("#toast").hidden = true;
}

// ---- dealing ----------------------------------------------------------------------------

const DEAL_STEP = 45;  // ms between two cards of the deal, before the speed option
const DEAL_TIME = 320; // ms one card takes to fly in

/** Whether the deal is being animated now; sets the elapsed time the CSS continues from. */
function dealing(v, d) {
  const key = `${v.id}:${v.hand_index}`;
  const fresh = (v.phase === "bid" || v.phase === "blind") && d.bids.S === undefined;
  if (key !== ui.dealKey) {
    ui.dealKey = key;
    ui.dealStart = fresh && !reducedMotion() && (SPEED[ui.opts.speed] ?? 1) > 0 ? performance.now() : -Infinity;
  }
  const total = (12 * DEAL_STEP + DEAL_TIME) * (SPEED[ui.opts.speed] ?? 1);
  const elapsed = performance.now() - ui.dealStart;
  document.documentElement.style.setProperty("--deal-elapsed", `${Math.round(Math.max(0, elapsed))}ms`);
  return elapsed < total;
}

function announce(text) {
  const live = $("#live");
  const p = document.createElement("p");
  p.textContent = text;
  live.append(p);
  while (live.children.length > 20) live.firstChild.remove();
}

function showError(e) {
  if (e instanceof ApiError) toast(t("error", { msg: reason(e.error) }), "error");
  else toast(t("offline"), "error");
  beep("error");
}

// ---- rendering ----------------------------------------------------------------------

function render() {
  useBlindNilName(ui.view);
  const v = ui.view;
  if (!v) return;
  const d = ui.disp || displayFrom(v);
  const preset = presetOf(v);
  const changed = typeof v.rules === "string" ? "" : "*";
  $("#deal-label").textContent = `${preset === "classic" && !changed ? "" : `${presetName(preset)}${changed} · `}${v.daily ? `${t("daily")} · ` : ""}${v.deal == null ? t("dealSecret") : t("dealN", { n: v.deal_text ?? v.deal })} · ${t("hand")} ${v.hand_index + 1}`;
  document.body.dataset.phase = v.phase;
  document.body.dataset.busy = ui.busy ? "1" : "0";
  document.body.dataset.toAct = v.to_act || "";
  document.body.dataset.version = String(v.version);
  // A background tab says when the game waits for you.
  document.title = v.to_act === "S" && !ui.busy ? `▶ ${t("title")}` : t("title");
  document.body.dataset.players = String(v.order.length);
  document.body.dataset.sides = String(sidesOf(v).length);
  document.body.dataset.dealer = d.dealer || "";
  ui.dealing = dealing(v, d);
  renderScoreboard(v, d);
  renderSeats(v, d, ui);
  renderTrick(v, d);
  renderHand(v, d, ui);
  renderControls(v);
}

function button(label, attrs, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  for (const [k, val] of Object.entries(attrs)) b.setAttribute(k, val);
  b.addEventListener("click", onClick);
  return b;
}

function renderControls(v) {
  const box = $("#actionbox");
  const prompt = $("#prompt");
  box.replaceChildren();
  box.dataset.phase = v.phase;
  const mine = v.to_act === "S" && !ui.busy;
  if (v.phase === "over") {
    prompt.textContent = `${t("gameOver")} — ${gameResult(v.winner)}`;
    box.append(button(t("newGame"), { "data-action": "new" }, () => newGame({})),
      button(t("replay"), { "data-action": "replay" }, replay));
    return;
  }
  if (!mine) {
    prompt.textContent = ui.busy || !v.to_act ? "" : t("waiting", { seat: seatName(v.to_act) });
    return;
  }
  const offered = (type) => v.legal_actions.filter((a) => a.type === type);
  if (v.phase === "blind") {
    prompt.textContent = t("blindAsk", { value: v.settings.blind_nil_value });
    const label = blindNilText();
    const choices = offered("blind_choice");
    const blind = choices.find((a) => a.blind);
    const look = choices.find((a) => !a.blind);
    if (blind) box.append(button(label, { "data-bid": "blind-nil" }, () => act(blind.text)));
    if (look) box.append(button(t("lookCards"), { "data-action": "look" }, () => act(look.text)));
  } else if (v.phase === "draw") {
    prompt.textContent = `${t("drawAsk")} (${v.hand.length + 1}/13)`;
    // The card on offer lies in the middle of the table, where tricks are played.
    const top = document.createElement("div");
    top.className = "slot slot-center draw-card";
    if (v.top_card) top.append(cardFace(v.top_card));
    $("#trick").append(top);
    const draws = offered("draw");
    for (const keep of [true, false]) {
      const choice = draws.find((a) => a.keep === keep);
      const name = keep ? "keep" : "discard";
      const b = button(t(name), { "data-action": name }, () => choice && act(choice.text));
      b.disabled = !choice;
      box.append(b);
    }
  } else if (v.phase === "exchange") {
    prompt.textContent = t("exchangeAsk", { n: v.exchange_limit ?? 0 });
    const chosen = [...ui.selected];
    box.append(button(chosen.length ? `${t("exchange")} (${chosen.length})` : t("keepAll"), { "data-action": "exchange" },
      () => act(["exchange", ...chosen].join(" "))));
  } else if (v.phase === "bid") {
    prompt.textContent = t("yourBid");
    // Strategy tip 3: add up the bids made before yours.
    const made = v.bids.filter(([s]) => s !== "S");
    if (made.length) {
      const total = made.reduce((n, [, b]) => n + (typeof b === "number" ? b : 0), 0);
      const note = document.createElement("p");
      note.className = "bid-note";
      note.textContent = t("bidsSoFar", { list: made.map(([s, b]) => `${seatName(s)} ${bidText(b)}`).join(", "), total, left: Math.max(0, 13 - total) });
      box.append(note);
    }
    const row = document.createElement("div");
    row.className = "bids";
    // Every bid from Nil to 13 has its place; those the rules refuse now are disabled.
    const bids = new Map(offered("bid").map((a) => [a.tricks, a]));
    for (let n = 0; n <= 13; n++) {
      const a = bids.get(n);
      const key = n === 0 ? "nil" : String(n);
      row.append(button(n === 0 ? t("nil") : key, { "data-bid": key, ...(a ? {} : { disabled: "" }) }, () => a && act(a.text)));
    }
    if (ui.hint) for (const b of row.children) b.classList.toggle("hinted", b.dataset.bid === ui.hint);
    box.append(row);
  } else if (v.phase === "play") {
    prompt.textContent = t("yourTurn");
  }
  if (v.phase === "play") {
    const chip = document.createElement("span");
    chip.className = "broken-chip";
    chip.textContent = v.spades_broken ? t("broken") : t("notBroken");
    prompt.append(" ", chip);
  }
  if (mine && v.phase === "play" && ui.keyboard) {
    const cards = $("#hand").querySelectorAll(".card[data-card]");
    cards[Math.min(ui.focus, cards.length - 1)]?.focus();
  }
}

// ---- playing the server's events back -------------------------------------------------

/**
 * What kind of action an event reports: "bid", "blind", "look", "draw" (a draw choice, or
 * another seat's hidden one), "exchange" or "play", from the event's structured move.
 */
function eventKind(move) {
  if (move.type === "blind_choice") return move.blind ? "blind" : "look";
  return move.type;
}

function describe(ev, before) {
  const who = seatName(ev.seat);
  const me = ev.seat === "S";
  const m = ev.move;
  const kind = eventKind(m);
  if (kind === "bid") {
    const bid = m.nil ? t("nil") : String(m.tricks);
    return me ? t("youBid", { bid }) : t("bidsLine", { seat: who, bid });
  }
  if (kind === "blind") {
    return me ? t("youBid", { bid: blindNilText() }) : t("bidsLine", { seat: who, bid: blindNilText() });
  }
  if (kind === "look") return me ? t("youLook") : t("looks", { seat: who });
  if (kind === "draw") {
    if (me && !m.hidden && before?.top_card) return t(m.keep ? "youKeep" : "youDiscard", { card: cardWords(before.top_card) });
    return t("draws", { seat: who });
  }
  if (kind === "exchange") return me ? t("youExchange", { n: m.count }) : t("exchanges", { seat: who, n: m.count });
  return me ? t("youPlay", { card: cardWords(m.card) }) : t("plays", { seat: who, card: cardWords(m.card) });
}


async function playEvents(events, before, after) {
  const d = displayFrom(before);
  ui.disp = d;
  const order = after.order;
  for (const ev of events) {
    const m = ev.move;
    const text = describe(ev, before);
    const kind = eventKind(m);
    if (kind === "play") {
      d.trick.push([ev.seat, m.card]);
      d.sizes[ev.seat] = Math.max(0, (d.sizes[ev.seat] || 0) - 1);
      if (ev.seat === "S") d.hand = d.hand.filter((c) => c !== m.card);
      d.enter = ev.seat;
      d.toAct = ev.hand_over ? null : ev.next_to_act;
      announce(text);
      beep("card");
      render();
      await delay(ev.seat === "S" ? 250 : 480);
      d.enter = null;
      if (ev.trick_winner) {
        await delay(550);
        d.tricks[ev.trick_winner] = (d.tricks[ev.trick_winner] || 0) + 1;
        announce(trickWon(ev.trick_winner));
        beep("trick");
        if (!reducedMotion() && SPEED[ui.opts.speed] > 0) { d.collect = ev.trick_winner; render(); await delay(320); }
        d.collect = null;
        d.trick = [];
        render();
      }
      if (ev.hand_over) {
        const r = after.results.find((x) => x.index === ev.hand);
        if (r) {
          beep("hand");
          for (const side of sidesOf(after)) announce(t("scoreLine", { side: sideName(after, side), score: r.sides[side].score, bags: r.sides[side].bag_count }));
          d.toAct = null;
          const shown = { ...after, hand_index: ev.hand, phase: "play", to_act: null,
            sides: after.sides.map((s) => ({ ...s, score: r.sides[s.side].score, bag_count: r.sides[s.side].bag_count })) };
          ui.view = shown;
          render();
          await showHandResult(after, r);
        }
        // The next hand starts: its bids, tricks and (once dealt) South's cards.
        Object.assign(d, displayFrom({ ...after, bids: [], trick: [], tricks: Object.fromEntries(order.map((s) => [s, 0])) }));
        if (after.hand_index !== ev.hand + 1) d.hand = [];
        // Its contracts show once its bids have been shown.
        ui.view = { ...after, results: after.results, phase: after.phase === "over" ? "over" : "bid", to_act: null,
          sides: after.sides.map((s) => ({ ...s, bids_complete: false })) };
      }
    } else {
      if (kind === "bid") d.bids[ev.seat] = m.nil ? "nil" : m.tricks;
      if (kind === "blind") d.bids[ev.seat] = "blind nil";
      d.toAct = ev.next_to_act;
      if (!(kind === "draw" && (m.hidden || ev.seat !== "S"))) announce(text);
      render();
      if ((kind === "bid" || kind === "blind") && ev.seat !== "S") await delay(380);
    }
  }
}

async function show(res, before) {
  const after = res.game;
  hideToast();
  ui.busy = true;
  try {
    if (res.events?.length && before && before.id === after.id) await playEvents(res.events, before, after);
    else if (res.events?.length) await playEvents(res.events, { ...after, bids: [], trick: [], plays: [], hand: after.hand, tricks: after.tricks }, after);
  } finally {
    ui.view = after;
    ui.disp = null;
    ui.busy = false;
    ui.selected.clear();
    ui.hint = null;
    ui.focus = Math.min(ui.focus, Math.max(0, after.hand.length - 1));
    render();
  }
  if (after.to_act === "S") {
    beep("turn");
    if (after.phase === "play") announce(t("yourTurn"));
  }
  if (after.phase === "over") {
    const choice = await showGameOver(after, `/api/games/${encodeURIComponent(after.id)}/record`);
    if (choice === "new") newGame({});
    else if (choice === "replay") replay();
  }
}

// ---- actions ----------------------------------------------------------------------------

async function act(action) {
  const v = ui.view;
  if (!v || ui.busy) return;
  ui.busy = true;
  ui.hint = null;
  render();
  let res;
  try {
    res = await sendAction(v.id, action, v.version);
  } catch (e) {
    ui.busy = false;
    showError(e);
    if (e instanceof ApiError && e.status === 409) await reloadGame(v.id);
    render();
    return;
  }
  ui.busy = false;
  await show(res, v);
}

async function reloadGame(id) {
  try { ui.view = (await api("GET", `/api/games/${encodeURIComponent(id)}`)).game; } catch (e) { showError(e); }
}

function rulesBody(extra) {
  const o = ui.opts;
  const body = { rules: o.rules && Object.keys(o.rules).length > 1 ? o.rules : (o.rules?.preset || "classic"), ...extra };
  if (o.level) body.level = o.level;
  if (typeof o.botsNil === "boolean") body.bots_bid_nil = o.botsNil;
  return body;
}

async function newGame(extra) {
  if (ui.busy) return;
  closeDialog();
  try {
    const res = await api("POST", "/api/games", rulesBody(extra));
    ui.view = null;
    setUrl(res.game.deal_text);
    await show(res, null);
  } catch (e) { showError(e); }
}

async function replay() {
  if (!ui.view || ui.busy) return;
  closeDialog();
  try {
    const res = await api("POST", `/api/games/${encodeURIComponent(ui.view.id)}/replay`);
    await show(res, null);
  } catch (e) { showError(e); }
}

/** Put the deal in the address, so that a reload or a bookmark opens it again; a random
 * deal whose number is still secret leaves the address plain. */
function setUrl(deal) {
  const url = new URL(location.href);
  url.searchParams.delete("daily");
  if (deal == null) url.searchParams.delete("deal");
  else url.searchParams.set("deal", String(deal));
  history.replaceState(null, "", url);
}

async function hint() {
  const v = ui.view;
  if (!v || ui.busy || v.to_act !== "S") return;
  try {
    const h = await api("GET", `/api/games/${encodeURIComponent(v.id)}/hint`);
    const offer = legalAction(v, h.action);
    ui.hint = offer?.type === "play" ? offer.card : offer?.type === "bid" ? (offer.nil ? "nil" : String(offer.tricks)) : h.action;
    let text;
    // The hint is one of the actions the view offers: read its kind there.
    const a = offer;
    if (a?.type === "play") {
      text = t("hintCard", { card: cardWords(a.card) });
      ui.focus = Math.max(0, sortHand(v.hand).indexOf(a.card));
    } else if (a?.type === "bid") text = t("hintBid", { bid: a.nil ? t("nil") : String(a.tricks) });
    else text = t("hintOther", { action: h.action });
    render();
    const why = hintReason(h);
    const msg = why ? `${text} ${why[0].toUpperCase()}${why.slice(1)}.` : text;
    const box = $("#toast");
    toast(msg, "hint");
    box.dataset.hint = h.action;
    announce(msg);
    $("#hand .hinted")?.focus();
  } catch (e) { showError(e); }
}

function onHandClick(e) {
  const el = e.target.closest(".card[data-card]");
  const v = ui.view;
  if (!el || !v || ui.busy) return;
  const card = el.dataset.card;
  ui.focus = [...$("#hand").querySelectorAll(".card")].indexOf(el);
  if (v.phase === "exchange" && v.to_act === "S") {
    const limit = v.exchange_limit ?? 0;
    if (ui.selected.has(card)) ui.selected.delete(card);
    else if (ui.selected.size < limit) ui.selected.add(card);
    else toast(reason({ code: "exchange_limit", params: { limit } }), "error");
    render();
    $("#hand").querySelectorAll(".card")[ui.focus]?.focus();
    return;
  }
  if (v.phase !== "play" || v.to_act !== "S") return;
  const why = v.illegal?.[card];
  if (why) {
    const text = t("cannot", { reason: reason(why) });
    toast(text, "error");
    $("#toast").dataset.card = card;
    announce(text);
    beep("error");
    return;
  }
  act(card);
}

// ---- keyboard -----------------------------------------------------------------------------

function onKey(e) {
  ui.keyboard = true;
  if ($("#dialog").open || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest?.("input, select, textarea")) return;
  const v = ui.view;
  if (!v) return;
  const cards = [...$("#hand").querySelectorAll(".card[data-card]")];
  if ((e.key === "ArrowLeft" || e.key === "ArrowRight") && cards.length) {
    e.preventDefault();
    const cur = cards.indexOf(document.activeElement);
    const from = cur >= 0 ? cur : ui.focus;
    ui.focus = (from + (e.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
    cards.forEach((c, i) => { c.tabIndex = i === ui.focus ? 0 : -1; });
    cards[ui.focus].focus();
    return;
  }
  if (e.key === "h" || e.key === "H") { hint(); return; }
  if (v.phase === "bid" && v.to_act === "S" && !ui.busy) {
    if (e.key === "n" || e.key === "N" || (e.key === "0" && ui.bidBuffer === "")) { act("nil"); return; }
    if (/^\d$/.test(e.key)) {
      clearTimeout(ui.bidTimer);
      const s = ui.bidBuffer + e.key;
      if (s === "1") { ui.bidBuffer = s; ui.bidTimer = setTimeout(() => { ui.bidBuffer = ""; act("1"); }, 700); return; }
      ui.bidBuffer = "";
      if (Number(s) >= 1 && Number(s) <= 13) act(String(Number(s)));
      return;
    }
    if (e.key === "Enter" && ui.bidBuffer) { clearTimeout(ui.bidTimer); const s = ui.bidBuffer; ui.bidBuffer = ""; act(s); }
  }
}

// ---- start-up -------------------------------------------------------------------------------

async function boot() {
  ui.opts = loadLocalOptions();
  applyOptions();
  // Ask for the saved options and the game in progress at once: the first draw waits
  // for both, and for nothing else.
  const asked = api("GET", "/api/options");
  const inProgress = api("GET", "/api/games/current");
  asked.catch(() => {});
  inProgress.catch(() => {});
  try {
    const server = await asked;
    if (server && Object.keys(server).length) { ui.opts = { ...DEFAULTS, ...server }; localStorage.setItem("spades-options", JSON.stringify(ui.opts)); applyOptions(); }
  } catch { /* local options stand */ }
  api("GET", "/api/rules").then((r) => { ui.rulesInfo = r; }).catch(() => {});
  const params = new URLSearchParams(location.search);
  const deal = params.get("deal");
  const wantDaily = params.get("daily");
  const preset = params.get("rules");
  let current = null;
  // No game yet is answered 204 (no body): api() gives null then.
  try { current = (await inProgress)?.game ?? null; } catch { current = null; }
  const extra = preset ? { rules: preset } : {};
  if (wantDaily) {
    let daily = null;
    try { daily = await api("GET", "/api/daily"); } catch { daily = null; }
    if (current && daily && current.deal === daily.deal) await show({ game: current, events: [] }, null);
    else await newGame({ daily: true, ...extra });
  } else if (deal && /^\d+$/.test(deal)) {
    if (current && current.deal_text === deal && (!preset || presetOf(current) === preset)) await show({ game: current, events: [] }, null);
    else await newGame({ deal, ...extra });
  } else if (current) {
    setUrl(current.deal_text);
    await show({ game: current, events: [] }, null);
  } else {
    await newGame({});
  }
}

function wire() {
  loadDeck().catch(() => toast(t("offline"), "error"));
  $("#hand").addEventListener("click", onHandClick);
  document.addEventListener("pointerdown", () => { ui.keyboard = false; });
  document.addEventListener("keydown", onKey);
  $("#btn-new").addEventListener("click", () => newGame({}));
  $("#btn-replay").addEventListener("click", replay);
  $("#btn-daily").addEventListener("click", () => newGame({ daily: true }));
  $("#btn-hint").addEventListener("click", hint);
  $("#btn-last").addEventListener("click", () => ui.view && showLastTrick(ui.view));
  $("#btn-scores").addEventListener("click", () => ui.view && showGameSheet(ui.view));
  $("#btn-stats").addEventListener("click", async () => {
    try { await showStats(await api("GET", "/api/stats")); } catch (e) { showError(e); }
  });
  $("#btn-help").addEventListener("click", () => {
    const v = ui.view;
    const preset = v ? presetOf(v) : "classic";
    const settings = v ? v.settings : (ui.rulesInfo?.presets?.classic || {});
    showHelp(settings, preset);
  });
  $("#btn-options").addEventListener("click", async () => {
    if (!ui.rulesInfo) { try { ui.rulesInfo = await api("GET", "/api/rules"); } catch { /* the form still works */ } }
    const next = await showOptions(ui.opts, ui.rulesInfo);
    if (next) await saveOptions(next);
  });
  $("#btn-share").addEventListener("click", async () => {
    if (!ui.view) return;
    if (ui.view.deal == null) { toast(t("shareLater")); return; }
    const url = new URL(location.origin + location.pathname);
    url.searchParams.set("deal", ui.view.deal_text);
    const preset = presetOf(ui.view);
    if (preset !== "classic") url.searchParams.set("rules", preset);
    try { await navigator.clipboard.writeText(url.href); } catch { /* shown below anyway */ }
    toast(t("shared", { url: url.href }));
  });
  $("#toast").addEventListener("click", () => { $("#toast").hidden = true; });
  window.addEventListener("resize", layoutHand);
}

wire();
boot().catch(showError);

export { ui, openDialog, language };
