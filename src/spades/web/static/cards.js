// Card faces and backs drawn with HTML and CSS only: no image is downloaded.

const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_TEXT = { T: "10" };

/** The rank as printed on a card ("10" for T) and its suit letter. */
export function parts(name) {
  if (name === "BJ" || name === "LJ") return { rank: name === "BJ" ? "★" : "☆", suit: "S", joker: true };
  return { rank: RANK_TEXT[name[0]] || name[0], suit: name[1], joker: false };
}

/** Short text for a card: "Q♥", "10♠", "Big ★". */
export function cardLabel(name) {
  const p = parts(name);
  if (p.joker) return name === "BJ" ? "★JK" : "☆JK";
  return `${p.rank}${SYMBOL[p.suit]}`;
}

/** A face-up card element; `tag` is "button" for South's hand, "div" elsewhere. */
export function cardFace(name, tag = "div") {
  const p = parts(name);
  const el = document.createElement(tag);
  el.className = `card face suit-${p.suit}${p.joker ? " joker" : ""}${name === "BJ" ? " big" : ""}`;
  el.dataset.card = name;
  const sym = p.joker ? p.rank : SYMBOL[p.suit];
  const corner = `<span class="corner"><b>${p.rank}</b><i>${p.joker ? "J" : SYMBOL[p.suit]}</i></span>`;
  el.innerHTML = `${corner}<span class="pip" aria-hidden="true">${sym}</span>` +
    `<span class="corner end" aria-hidden="true"><b>${p.rank}</b><i>${p.joker ? "J" : SYMBOL[p.suit]}</i></span>`;
  if (p.joker) el.insertAdjacentHTML("beforeend", `<span class="joker-word" aria-hidden="true">JOKER</span>`);
  if (tag === "button") el.type = "button";
  return el;
}

/** A face-down card (the pattern follows the card-back option). */
export function cardBack() {
  const el = document.createElement("div");
  el.className = "card back";
  el.setAttribute("aria-hidden", "true");
  return el;
}
