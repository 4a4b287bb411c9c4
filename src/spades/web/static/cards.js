// Card faces and backs from the vendored SVG deck (static/cards/deck.svg, public domain).
// The sprite is fetched once and inlined, so every card on the page is a <use> of one of
// its symbols: one download for the whole deck, and the four-colour option and the
// French indices are stylesheet switches on the same drawings.

import { language } from "./i18n.js";

const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_TEXT = { T: "10" };
const FRENCH_RANK = { J: "V", Q: "D", K: "R" };
const SVG_NS = "http://www.w3.org/2000/svg";
const DECK_URL = "/static/cards/deck.svg";
const BACKS = new Set(["blue", "red", "green", "black"]);
let backColour = "blue";

/** Fetch the deck sprite and put it in the page; cards drawn before it fill in then. */
export async function loadDeck() {
  if (document.getElementById("deck")) return;
  const res = await fetch(DECK_URL, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`deck: HTTP ${res.status}`);
  const holder = document.createElement("div");
  holder.id = "deck";
  // Zero-sized rather than display:none, so that the backs' patterns still paint.
  holder.className = "deck-sprite";
  holder.setAttribute("aria-hidden", "true");
  holder.innerHTML = await res.text();
  document.body.prepend(holder);
  document.body.dataset.deck = "ready";
}

/** The back that cardBack() draws (the card-back option). */
export function setBack(colour) { backColour = BACKS.has(colour) ? colour : "blue"; }

/** The rank as printed on a card in the page's language ("10" for T, "R" for a French K). */
export function parts(name) {
  if (name === "BJ" || name === "LJ") return { rank: name === "BJ" ? "★" : "☆", suit: "S", joker: true };
  const r = name[0];
  const rank = language() === "fr" && FRENCH_RANK[r] ? FRENCH_RANK[r] : RANK_TEXT[r] || r;
  return { rank, suit: name[1], joker: false };
}

/** Short text for a card: "Q♥" ("D♥" in French), "10♠", "★JK". */
export function cardLabel(name) {
  const p = parts(name);
  if (p.joker) return name === "BJ" ? "★JK" : "☆JK";
  return `${p.rank}${SYMBOL[p.suit]}`;
}

function picture(href) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 240 336");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("art");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", href);
  use.setAttribute("width", "240");
  use.setAttribute("height", "336");
  svg.append(use);
  return svg;
}

/** A face-up card element; `tag` is "button" for South's hand, "div" elsewhere. */
export function cardFace(name, tag = "div") {
  const p = parts(name);
  const el = document.createElement(tag);
  el.className = `card face suit-${p.suit}${p.joker ? " joker" : ""}${name === "BJ" ? " big" : ""}`;
  el.dataset.card = name;
  el.append(picture(`#c-${name}`));
  if (tag === "button") el.type = "button";
  return el;
}

/** A face-down card in the colour of the card-back option. */
export function cardBack() {
  const el = document.createElement("div");
  el.className = "card back";
  el.setAttribute("aria-hidden", "true");
  el.append(picture(`#back-${backColour}`));
  return el;
}
