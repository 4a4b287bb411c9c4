// Drawing the table from a game view and the display state (what the animation has
// shown so far). Nothing here decides a rule: legality comes from the server's view.

import { t, cardWords } from "./i18n.js";
import { cardFace, cardBack, cardLabel } from "./cards.js";

const $ = (sel) => document.querySelector(sel);
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = "23456789TJQKA";

/** The side a seat scores for, as the server says (the view's side_of). */
export function sideOf(view, seat) { return view.side_of[seat]; }

/** The sides in the rules' order, as the server lists them. */
export function sidesOf(view) { return view.sides.map((s) => s.side); }

/** One side's entry of the view: its seats, contract, tricks, score and bags. */
export function sideEntry(view, side) { return view.sides.find((s) => s.side === side); }

/** The preset the game is played under (the view's rules are a name or an object). */
export function presetOf(view) { return typeof view.rules === "string" ? view.rules : view.rules.preset; }

/** The action the view offers whose text is `text` (structured: type, card, tricks...). */
export function legalAction(view, text) { return (view.legal_actions || []).find((a) => a.text === text) || null; }

/** A side's name for people: "Us (N–S)", or a seat's name when each plays alone. */
export function sideName(view, side) {
  if (side === "NS") return `${t("us")} (${t("N")}–${t("S")})`;
  if (side === "EW") return `${t("them")} (${t("E")}–${t("W")})`;
  return seatName(side);
}

export function seatName(seat) { return seat === "S" ? t("you") : t(seat); }

/** Marker shape per side, so that teams differ by more than colour. */
export function marker(side) {
  return { NS: "●", EW: "◆", S: "●", N: "▲", W: "◆", E: "■" }[side] || "•";
}

/** A bid as shown at a seat. */
let blindNilKey = "blindNil";

/** Name Blind Nil bids as the rules of the view in play do (two players: Double Nil). */
export function useBlindNilName(view) {
  blindNilKey = view && view.blind_nil_name === "double nil" ? "doubleNil" : "blindNil";
}

/** The text of a blind bid under the rules in play. */
export function blindNilText() { return t(blindNilKey); }

export function bidText(bid) {
  if (bid === null || bid === undefined) return t("noBid");
  if (bid === "nil" || bid === 0) return t("nil");
  if (bid === "blind nil") return blindNilText();
  return String(bid);
}

/** The display state that matches a view exactly (no animation pending). */
export function displayFrom(view) {
  return {
    bids: Object.fromEntries(view.bids.map(([s, b]) => [s, b])),
    tricks: { ...view.tricks },
    trick: view.trick.map(([s, c]) => [s, c]),
    hand: [...view.hand],
    sizes: { ...view.hand_sizes },
    toAct: view.to_act,
    dealer: view.dealer,
    enter: null,
    collect: null,
  };
}

export function sortHand(cards) {
  const key = (c) => (c === "BJ" ? -2 : c === "LJ" ? -1 : SUIT_ORDER[c[1]] * 20 + (12 - RANK_ORDER.indexOf(c[0])));
  return [...cards].sort((a, b) => key(a) - key(b));
}

export function renderScoreboard(view, disp) {
  const box = $("#scoreboard");
  box.replaceChildren();
  for (const entry of view.sides) {
    const side = entry.side;
    // The contract is the server's; the tricks follow the cards as they are shown.
    const taken = entry.seats.reduce((n, s) => n + (disp.tricks[s] || 0), 0);
    const el = document.createElement("div");
    el.className = `side side-${side}`;
    el.dataset.side = side;
    el.innerHTML =
      `<span class="marker" aria-hidden="true">${marker(side)}</span>` +
      `<span class="side-name">${sideName(view, side)}</span>` +
      `<span class="side-score"><b data-score>${entry.score}</b> <small>/ ${view.settings.target}</small></span>` +
      `<span class="side-bags">${t("bags")}${t("colon")}<b data-bags>${entry.bag_count}</b></span>` +
      `<span class="side-contract">${t("contract")}${t("colon")}${entry.bids_complete ? entry.contract : "…"} · ${t("taken")}${t("colon")}${taken}</span>`;
    box.append(el);
  }
}

/** A fan of face-down cards whose number stays readable in a badge. */
function fan(count) {
  const box = document.createElement("div");
  box.className = "fan";
  box.dataset.count = String(count);
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", t("cardsLeft", { n: count }));
  const shown = Math.min(count, 13);
  for (let i = 0; i < shown; i++) {
    const back = cardBack();
    // Spread around the middle: the angle and the shift grow from the centre card out.
    const k = shown > 1 ? i - (shown - 1) / 2 : 0;
    back.style.setProperty("--k", String(k));
    box.append(back);
  }
  const badge = document.createElement("span");
  badge.className = "count-badge";
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = String(count);
  box.append(badge);
  return box;
}

export function renderSeats(view, disp, ui = {}) {
  for (const el of document.querySelectorAll(".seat")) {
    const seat = el.dataset.seat;
    const present = view.order.includes(seat);
    el.hidden = !present;
    if (!present) continue;
    const side = sideOf(view, seat);
    const role = seat === view.seat || !view.partner ? ""
      : ` <small>(${t(seat === view.partner ? "partner" : "opponent")})</small>`;
    const b = disp.bids[seat];
    const turn = disp.toAct === seat && view.phase !== "over";
    el.className = `seat seat-${seat} team-${side}${turn ? " turn" : ""}`;
    const doing = t({ bid: "toBid", blind: "toBid", draw: "toDraw", exchange: "toExchange" }[view.phase] || "toPlay");
    const dealer = disp.dealer === seat
      ? ` <span class="dealer-chip" title="${t("dealer")}" aria-label="${t("dealer")}">${t("dealer")[0]}</span>` : "";
    // Every part is always there (the turn flag only turns visible), so nothing moves.
    el.innerHTML =
      `<div class="seat-name"><span class="marker" aria-hidden="true">${marker(side)}</span> ${seatName(seat)}${role}${dealer}</div>` +
      `<div class="seat-stats"><span class="badge badge-bid${b === undefined ? " empty" : ""}">${t("bid")}${t("colon")}<b data-bid-shown>${bidText(b)}</b></span>` +
      `<span class="badge badge-tricks">${t("tricks")}${t("colon")}<b data-tricks>${disp.tricks[seat] || 0}</b></span></div>` +
      `<div class="turn-flag"${turn ? "" : ' aria-hidden="true"'}>▶ ${doing}</div>`;
    if (seat !== "S") {
      const f = fan(disp.sizes[seat] || 0);
      if (ui.dealing) f.classList.add("dealing");
      el.append(f);
    }
  }
}

export function renderTrick(view, disp) {
  const box = $("#trick");
  box.replaceChildren();
  box.className = `trick players-${view.order.length}${disp.collect ? ` collect-${disp.collect}` : ""}`;
  disp.trick.forEach(([seat, card], i) => {
    const slot = document.createElement("div");
    slot.className = `slot slot-${seat}${disp.enter === seat ? ` enter enter-${seat}` : ""}${i === 0 ? " led" : ""}`;
    const face = cardFace(card);
    face.setAttribute("aria-label", `${seatName(seat)}: ${cardWords(card)}`);
    face.setAttribute("role", "img");
    slot.append(face);
    box.append(slot);
  });
}

/** South's hand: buttons with data-card; unplayable cards carry aria-disabled. */
export function renderHand(view, disp, ui) {
  const box = $("#hand");
  box.replaceChildren();
  box.classList.toggle("dealing", !!ui.dealing);
  const myPlay = view.phase === "play" && view.to_act === "S" && !ui.busy;
  const exchanging = view.phase === "exchange" && view.to_act === "S" && !ui.busy;
  const cards = sortHand(disp.hand);
  if (view.cards_hidden && view.phase !== "over") {
    for (let i = 0; i < (view.hand_sizes.S || 0); i++) {
      const back = cardBack();
      back.style.setProperty("--i", String(i));
      box.append(back);
    }
    layoutHand();
    return;
  }
  cards.forEach((card, i) => {
    const el = cardFace(card, "button");
    el.classList.add("in-hand");
    el.style.setProperty("--i", String(i));
    el.tabIndex = i === ui.focus ? 0 : -1;
    let label = cardWords(card);
    if (myPlay && view.illegal && view.illegal[card]) {
      el.setAttribute("aria-disabled", "true");
      el.classList.add("illegal");
    } else if (myPlay) {
      el.classList.add("playable");
    }
    if (exchanging) {
      const on = ui.selected.has(card);
      el.setAttribute("aria-pressed", on ? "true" : "false");
      if (on) { el.classList.add("selected"); label += `, ${t("selected")}`; }
    }
    if (ui.hint === card) el.classList.add("hinted");
    el.setAttribute("aria-label", label);
    box.append(el);
  });
  layoutHand();
}

/** Overlap the cards in one row so that the whole hand fits the width of its box. */
export function layoutHand() {
  const box = $("#hand");
  const cards = [...box.querySelectorAll(".card")];
  if (!cards.length) return;
  const width = box.clientWidth - 16;
  const cw = cards[0].offsetWidth || 70;
  const n = cards.length;
  const step = n <= 1 ? cw : Math.min(cw * 0.62, (width - cw) / (n - 1));
  cards.forEach((el, i) => { el.style.marginLeft = i === 0 ? "0px" : `${Math.floor(step - cw)}px`; });
}

export { cardLabel };
