// Build the card sprite src/spades/web/static/cards/deck.svg from Adrian Kennard's
// public-domain (CC0) card designs as packaged on npm by "@letele/playing-cards".
//
// The page inlines this one sprite once and draws every card as <use href="#c-QH">, so a
// whole deck costs a single cached download. Run only to re-vendor the deck:
//   npm pack @letele/playing-cards@0.1.0 && node scripts/build-deck.mjs letele-playing-cards-0.1.0.tgz
// The build also:
//   - paints the diamonds' and clubs' pips and indices with CSS variables (--diamonds,
//     --clubs), so the four-colour option is a stylesheet switch;
//   - adds French court indices (V, D, R) shown instead of J, Q, K when --fr-index is set;
//   - adds corner indices to the two jokers and draws the backs in four colours.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const tarball = process.argv[2];
if (!tarball) { console.error("usage: node scripts/build-deck.mjs PACKAGE.tgz"); process.exit(2); }
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "deck-"));
execFileSync("tar", ["xzf", tarball, "-C", tmp]);
let src = fs.readFileSync(path.join(tmp, "package/dist/index.esm.js"), "utf8");
src = src.replace(/^import .*$/gm, "").replace(/^export .*$/gm, "");

// A stand-in for React.createElement that writes SVG markup.
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
const KEEP = new Set(["viewBox", "preserveAspectRatio", "patternUnits"]);
const attr = (k) => (k === "xlinkHref" ? "href" : KEEP.has(k) ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
const React = {
  createElement(tag, props, ...kids) {
    const attrs = Object.entries(props || {})
      .filter(([k, v]) => v != null && !k.startsWith("aria") && !["className", "xmlns", "xmlnsXlink"].includes(k))
      .map(([k, v]) => ` ${attr(k)}="${esc(v)}"`).join("");
    const inner = kids.flat().filter((k) => k != null && k !== false)
      .map((k) => (typeof k === "object" ? k.svg : esc(k))).join("");
    return { svg: `<${tag}${attrs}>${inner}</${tag}>` };
  },
};
const names = [...src.matchAll(/^const (Svg\w+) =/gm)].map((m) => m[1]);
const build = new Function("React", "_extends", `${src}\nreturn {${names.join(",")}};`);
const comps = build(React, Object.assign);

const RANK = { A: "A", 10: "T", J: "J", Q: "Q", K: "K" };
// French court indices in the style of the deck's own (stroked, square caps).
const FRENCH = {
  J: "M-270-460h160m-90 10L0 460l200-910m-90-10h160",
  Q: "M-285-460h250a300 460 0 0 1 0 920h-250M-185-460v920",
  K: "M-285-460h250a230 230 0 0 1 0 460h-150M-185-460v920M-285 460h200M20 0l190 460h75",
};
const COLOUR = { D: "var(--diamonds,red)", C: "var(--clubs,#000)" };
const defs = [];
const symbols = [];

for (const name of names) {
  const m = /^Svg([CDHS])(\w+)$/.exec(name);
  if (!m) continue;
  const [, suit, r] = m;
  const id = `${RANK[r] || r}${suit}`;
  let svg = comps[name]({}).svg;
  const body = /^<svg[^>]*>(?:<defs>(.*?)<\/defs>)?(.*)<\/svg>$/s.exec(svg);
  let [, d = "", content] = body;
  // Index glyphs are the symbols drawn in a -500..500 box; pips in -600..600.
  if (FRENCH[r]) {
    d = d.replace(/(<symbol[^>]*viewBox="-500 -500 1000 1000"[^>]*>)<path d="([^"]*)"([^>]*)><\/path>/,
      (_, open, en, rest) => `${open}<path d="${en}"${rest} style="display:var(--en-index,inline)"></path>` +
        `<path d="${FRENCH[r]}"${rest} style="display:var(--fr-index,none)"></path>`);
  }
  if (COLOUR[suit]) {
    const paint = (prop) => (tag) => {
      const t = tag.replace(new RegExp(` ${prop}="[^"]*"`), "");
      return /style="/.test(t) ? t.replace('style="', `style="${prop}:${COLOUR[suit]};`) : t.replace(/>$/, ` style="${prop}:${COLOUR[suit]}">`);
    };
    d = d.replace(/(<symbol[^>]*viewBox="-600 -600 1200 1200"[^>]*>)(<path[^>]*>)/g, (_, open, tag) => open + paint("fill")(tag));
    d = d.replace(/(<symbol[^>]*viewBox="-500 -500 1000 1000"[^>]*>)((?:<path[^>]*><\/path>)+)/g,
      (_, open, paths) => open + paths.replace(/<path[^>]*>/g, paint("stroke")));
  }
  defs.push(d);
  symbols.push(`<symbol id="c-${id}" viewBox="-120 -168 240 336">${content}</symbol>`);
}

// Jokers: J1 is the coloured (big) one, J2 the plain (little) one; add "JOKER" corners.
for (const [name, id, ink] of [["SvgJ1", "BJ", "#d40000"], ["SvgJ2", "LJ", "#000"]]) {
  const svg = comps[name]({}).svg;
  const [, d = "", content] = /^<svg[^>]*>(?:<defs>(.*?)<\/defs>)?(.*)<\/svg>$/s.exec(svg);
  defs.push(d);
  const letters = [..."JOKER"].map((ch, i) => `<text x="-108" y="${-140 + i * 22}">${ch}</text>`).join("");
  const corner = `<g font-family="Georgia,serif" font-weight="700" font-size="22" text-anchor="middle" fill="${ink}" transform="translate(0 0)">` +
    `<g transform="translate(4 0)">${letters}</g><g transform="rotate(180) translate(4 0)">${letters}</g></g>`;
  symbols.push(`<symbol id="c-${id}" viewBox="-120 -168 240 336">${content}${corner}</symbol>`);
}

// Backs: the deck's diamond lattice in each colour of the options, a spade in the middle.
const BACKS = { blue: "#1d3f8f", red: "#a3182b", green: "#1b6b3a", black: "#222" };
for (const [colour, ink] of Object.entries(BACKS)) {
  // Lattices in blue and red, stripes in green, plain black: as the options name them.
  const motif = { green: '<path d="M0 0h2v6H0z" fill="#fff" fill-opacity=".3"/>', black: "" }[colour]
    ?? '<path d="m3 0 3 3-3 3-3-3Z" fill="#fff" fill-opacity=".28"/>';
  defs.push(`<pattern id="lattice-${colour}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="${ink}"/>${motif}</pattern>`);
  symbols.push(`<symbol id="back-${colour}" viewBox="-120 -168 240 336">` +
    `<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" fill="#fff" stroke="#666"/>` +
    `<rect fill="url(#lattice-${colour})" width="216" height="312" x="-108" y="-156" rx="10"/>` +
    `<ellipse rx="46" ry="62" fill="#fff" stroke="${ink}" stroke-width="4"/>` +
    `<use href="#c-AS-pip" width="64" height="64" x="-32" y="-34" fill="${ink}"/></symbol>`);
}
// The spade pip for the backs, taken from the ace of spades' small pip.
const spade = /<symbol id="S-A_svg__a" viewBox="-600 -600 1200 1200"[^>]*>(<path[^>]*><\/path>)<\/symbol>/.exec(defs.join(""));
defs.push(`<symbol id="c-AS-pip" viewBox="-600 -600 1200 1200">${spade ? spade[1] : ""}</symbol>`);

const out = `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" width="0" height="0" style="position:absolute;width:0;height:0;overflow:hidden">` +
  `<defs>${defs.join("")}</defs>${symbols.join("")}</svg>\n`;
const dest = path.join(path.dirname(new URL(import.meta.url).pathname), "../src/spades/web/static/cards/deck.svg");
fs.mkdirSync(path.dirname(dest), { recursive: true });
fs.writeFileSync(dest, out);
console.log(`${symbols.length} symbols, ${out.length} bytes -> ${dest}`);
