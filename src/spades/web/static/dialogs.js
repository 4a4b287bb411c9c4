// The dialogs over the table: scoresheets, last trick, stats, help and options. They
// open on top of the game, so reading them never loses the game in progress.

import { t, language, trickWon, gameResult, presetName, presetAbout } from "./i18n.js";
import { cardFace } from "./cards.js";
import { sidesOf, sideEntry, sideName, marker, seatName, bidText } from "./table.js";
import { helpSections } from "./help.js";

const dlg = () => document.getElementById("dialog");

/** Settles the promise of the dialog last opened, until its close event does. */
let answer = null;

/** Show a dialog; resolves when it is closed. `name` is set as data-dialog for tests. */
export async function openDialog(name, title, body) {
  const d = dlg();
  if (d.open) {
    // Let the dialog on screen finish closing first, so its close event is not taken
    // for this one's.
    await new Promise((resolve) => { d.addEventListener("close", resolve, { once: true }); d.close(); });
  }
  // The previous dialog is closed; if its close event is still on its way, it gets
  // its answer now rather than this dialog's.
  if (answer) answer();
  d.dataset.dialog = name;
  // A message from the table never lies over a dialog.
  document.getElementById("toast").hidden = true;
  document.getElementById("dialog-title").textContent = title;
  const box = document.getElementById("dialog-body");
  box.replaceChildren();
  if (typeof body === "string") box.innerHTML = body; else box.append(body);
  d.querySelector(".close").setAttribute("aria-label", t("close"));
  d.returnValue = "";
  d.showModal();
  // The browser fires "close" a moment after the dialog closes: a dialog closed just
  // before this one opened can deliver its event now, while this one is on screen.
  // Only a close event that finds the dialog closed is this dialog's answer.
  return new Promise((resolve) => {
    const finish = () => {
      d.removeEventListener("close", onClose);
      answer = null;
      resolve(d.returnValue);
    };
    const onClose = () => { if (!d.open) finish(); };
    answer = finish;
    d.addEventListener("close", onClose);
  });
}

export function closeDialog() { if (dlg().open) dlg().close(); }

function el(html) {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

function handRows(view, r) {
  return sidesOf(view).map((side) => {
    const sc = r.sides[side];
    const members = sideEntry(view, side).seats;
    const bids = members.map((s) => {
      const b = r.bids.find(([x]) => x === s);
      return `${seatName(s)} ${bidText(b ? b[1] : null)} (${r.tricks[s] ?? 0})`;
    }).join(", ");
    const parts = [];
    if (sc.nil_points) parts.push(`${t("nilPts")} ${sc.nil_points > 0 ? "+" : ""}${sc.nil_points}`);
    if (sc.bags) parts.push(`${t("bags")} +${sc.bags}`);
    if (sc.penalty) parts.push(`${t("penalty")} −${Math.abs(sc.penalty)}`);
    return `<tr data-side="${side}"><th scope="row"><span aria-hidden="true">${marker(side)}</span> ${sideName(view, side)}</th>` +
      `<td>${bids}</td><td>${sc.contract} ${sc.made ? "✓" : "✗"} <small>${sc.made ? t("made") : t("set")}</small></td>` +
      `<td><b>${sc.points}</b>${parts.length ? `<small>${parts.join(", ")}</small>` : ""}</td>` +
      `<td><b data-total>${sc.score}</b></td><td>${sc.bag_count}</td></tr>`;
  }).join("");
}

/** The scoresheet of one finished hand. */
export function handResultHtml(view, r) {
  return `<div class="scroll"><table class="sheet hand-sheet"><thead><tr><th></th><th>${t("bid")} (${t("tricks")})</th><th>${t("contract")}</th>` +
    `<th>${t("points")}</th><th>${t("total")}</th><th>${t("bagCount")}</th></tr></thead>` +
    `<tbody>${handRows(view, r)}</tbody></table></div>`;
}

export function showHandResult(view, r) {
  const body = el(handResultHtml(view, r) +
    `<form method="dialog" class="dialog-actions"><button value="continue" data-action="continue" autofocus>${t("continue")}</button></form>`);
  return openDialog("hand-result", `${t("handOver", { n: r.index + 1 })}`, body);
}

/** The whole game's sheet: one row per hand, points and running totals per side. */
export function gameSheetHtml(view) {
  if (!view.results.length) return `<p>${t("noHands")}</p>`;
  const sides = sidesOf(view);
  const head = sides.map((s) => `<th colspan="3"><span aria-hidden="true">${marker(s)}</span> ${sideName(view, s)}</th>`).join("");
  const sub = sides.map(() => `<th>${t("contract")}</th><th>${t("points")}</th><th>${t("total")} (${t("bags")})</th>`).join("");
  const rows = view.results.map((r) => `<tr><th scope="row">${r.index + 1}</th>` + sides.map((s) => {
    const sc = r.sides[s];
    const tricks = sideEntry(view, s).seats.reduce((n, x) => n + (r.tricks[x] || 0), 0);
    return `<td>${sc.contract}/${tricks}</td><td>${sc.points}</td><td>${sc.score} (${sc.bag_count})</td>`;
  }).join("") + "</tr>").join("");
  return `<div class="scroll"><table class="sheet game-sheet"><thead><tr><th>${t("hand")}</th>${head}</tr><tr><th></th>${sub}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function showGameSheet(view) {
  return openDialog("game-sheet", t("game"), gameSheetHtml(view));
}

export function showGameOver(view, recordUrl) {
  const win = view.winner;
  const html = `<p class="big">${gameResult(win)}</p>` +
    gameSheetHtml(view) +
    `<form method="dialog" class="dialog-actions"><a class="button" href="${recordUrl}" download="spades-${view.deal_text ?? "game"}.json">${t("record")}</a>` +
    `<button value="replay">${t("replay")}</button><button value="new" autofocus>${t("newGame")}</button></form>`;
  return openDialog("game-over", t("gameOver"), html);
}

export function showLastTrick(view) {
  const last = view.last_trick;
  const box = document.createElement("div");
  if (!last) { box.textContent = t("noTrick"); return openDialog("last-trick", t("lastTrick"), box); }
  box.className = "last-trick";
  if (last.hand !== view.hand_index) box.append(el(`<p class="caption">${t("prevHandTrick", { n: last.hand + 1 })}</p>`).firstChild);
  for (const [seat, card] of last.plays) {
    const fig = document.createElement("figure");
    if (seat && seat === last.winner) fig.className = "winner";
    fig.append(cardFace(card));
    const cap = document.createElement("figcaption");
    cap.textContent = seat ? `${seatName(seat)}${seat === last.winner ? " ★" : ""}` : "";
    fig.append(cap);
    box.append(fig);
  }
  if (last.winner) box.append(el(`<p>${trickWon(last.winner)}</p>`));
  return openDialog("last-trick", t("lastTrick"), box);
}

export function showStats(stats) {
  const pct = stats.played ? `${Math.round((stats.win_rate ?? stats.won / stats.played) * 100)}%` : "—";
  const rows = [["played", stats.played], ["won", stats.won], ["winRate", pct],
    ["bestScore", stats.best_score ?? "—"], ["streak", stats.streak], ["bestStreak", stats.best_streak]];
  return openDialog("stats", t("stats"), `<table class="sheet stats">${rows.map(([k, v]) => `<tr><th scope="row">${t(k)}</th><td data-stat="${k}">${v}</td></tr>`).join("")}</table>`);
}

export function showHelp(settings, preset, start = "howto") {
  const sections = helpSections(settings, preset);
  const box = document.createElement("div");
  const tabs = document.createElement("div");
  tabs.className = "tabs";
  tabs.setAttribute("role", "tablist");
  const panels = [];
  for (const [id, title, html] of sections) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "tab");
    b.dataset.tab = id;
    b.textContent = title;
    const panel = el(html);
    panel.className = "help-panel";
    panel.setAttribute("role", "tabpanel");
    panel.dataset.panel = id;
    b.addEventListener("click", () => select(id));
    tabs.append(b);
    panels.push(panel);
  }
  function select(id) {
    for (const b of tabs.children) b.setAttribute("aria-selected", String(b.dataset.tab === id));
    for (const pn of panels) pn.hidden = pn.dataset.panel !== id;
  }
  box.append(tabs, ...panels);
  select(start);
  return openDialog("help", t("help"), box);
}

const FELTS = ["green", "blue", "red", "grey", "purple"];
const BACKS = ["blue", "red", "green", "black"];
const SPEEDS = ["slow", "normal", "fast", "instant"];
const HIDDEN = new Set(["players", "partnerships", "draw", "first_dealer", "bots_bid_nil"]);
const CHOICES = { deck: ["standard", "jokers"], nil_tricks: ["count", "bags"] };

// House-rule settings in French; English uses the server's own description.
const SETTINGS_FR = {
  deck: ["Jeu de cartes", "« standard » 52 cartes, ou « avec jokers » (2♣ 2♦ retirés, deux jokers ajoutés)"],
  target: ["Score à atteindre", "score qui termine la partie après une manche"],
  floor: ["Plancher", "un camp à ce score ou moins perd aussitôt (vide : aucun)"],
  nil_value: ["Valeur du Nil", "points gagnés ou perdus par un Nil"],
  nil_tricks: ["Plis du Nil", "« comptent » : ils aident le partenaire et deviennent des sacs ; « sacs » : chacun n'est qu'un sac"],
  blind_nil: ["Nil aveugle", "le Nil aveugle (à deux : Double Nil) peut être annoncé"],
  blind_nil_value: ["Valeur du Nil aveugle", "points gagnés ou perdus par un Nil aveugle"],
  blind_nil_deficit: ["Retard exigé", "Nil aveugle permis seulement à un camp mené d'au moins ce nombre de points (0 : toujours)"],
  exchange: ["Cartes échangées", "cartes qu'un joueur en Double Nil peut échanger contre la défausse (à deux)"],
  bag_limit: ["Limite de sacs", "sacs qui déclenchent la pénalité (0 : aucune pénalité)"],
  bag_penalty: ["Pénalité des sacs", "points perdus chaque fois que la limite est atteinte"],
};

function settingText(s) {
  if (language() === "fr" && SETTINGS_FR[s.name]) return SETTINGS_FR[s.name];
  const name = s.name.replaceAll("_", " ");
  return [name[0].toUpperCase() + name.slice(1), s.meaning];
}

function select(name, values, current, label = (v) => v) {
  return `<select name="${name}">${values.map((v) => `<option value="${v}"${String(v) === String(current) ? " selected" : ""}>${label(v)}</option>`).join("")}</select>`;
}

function settingInput(name, value) {
  if (typeof value === "boolean") return `<input type="checkbox" name="s:${name}"${value ? " checked" : ""}>`;
  if (CHOICES[name]) return select(`s:${name}`, CHOICES[name], value, (v) => t(`choice_${name}_${v}`));
  return `<input type="number" name="s:${name}" value="${value ?? ""}" ${name === "floor" ? 'placeholder="—"' : ""} step="1">`;
}

/** Options form; resolves with the new options object, or null when cancelled. */
export async function showOptions(opts, rulesInfo) {
  const presets = rulesInfo?.presets || { classic: {} };
  const rules = opts.rules || { preset: "classic" };
  const preset = presets[rules.preset] ? rules.preset : "classic";
  const form = document.createElement("form");
  form.method = "dialog";
  form.className = "options";
  const levels = rulesInfo?.levels || ["random"];
  const settingRows = (name, saved) => (rulesInfo?.settings || []).filter((s) => !HIDDEN.has(s.name) && s.name in presets[name])
    .map((s) => {
      const [label, meaning] = settingText(s);
      const value = saved && s.name in saved ? saved[s.name] : presets[name][s.name];
      return `<label title="${meaning} (${s.rule})"><span>${label}</span>${settingInput(s.name, value)}<small>${meaning} (${s.rule})</small></label>`;
    }).join("");
  form.innerHTML =
    `<fieldset><legend>${t("options")}</legend>` +
    `<label><span>${t("felt")}</span>${select("felt", FELTS, opts.felt, (v) => t(v))}</label>` +
    `<label><span>${t("back")}</span>${select("back", BACKS, opts.back, (v) => t(`back_${v}`))}</label>` +
    `<label><span>${t("fourColour")}</span><input type="checkbox" name="fourColour"${opts.fourColour ? " checked" : ""}></label>` +
    `<label><span>${t("sound")}</span><input type="checkbox" name="sound"${opts.sound ? " checked" : ""}></label>` +
    `<label><span>${t("speed")}</span>${select("speed", SPEEDS, opts.speed, (v) => t(v))}</label>` +
    `<label><span>${t("language")}</span>${select("lang", ["auto", "en", "fr"], opts.lang || "auto", (v) => (v === "auto" ? t("auto") : v === "en" ? "English" : "Français"))}</label>` +
    `</fieldset><fieldset><legend>${t("nextRules")}</legend><p class="note">${t("applyNext")}</p>` +
    `<label><span>${t("preset")}</span>${select("preset", Object.keys(presets), preset, (v) => `${presetName(v)}${presetAbout(v) ? ` — ${presetAbout(v)}` : ""}`)}</label>` +
    `<label><span>${t("level")}</span>${select("level", levels, opts.level || (levels.includes("basic") ? "basic" : levels[0]), (v) => t(`level_${v}`))}</label>` +
    `<label><span>${t("botsNil")}</span><input type="checkbox" name="botsNil"${(opts.botsNil ?? presets[preset].bots_bid_nil) ? " checked" : ""}></label>` +
    `<details><summary>${t("houseRules")}</summary><div class="settings">${settingRows(preset, rules)}</div></details>` +
    `</fieldset><div class="dialog-actions"><button value="cancel" formnovalidate>${t("close")}</button><button value="save" data-action="save-options">${t("apply")}</button></div>`;
  form.elements.preset.addEventListener("change", () => {
    const name = form.elements.preset.value;
    form.querySelector(".settings").innerHTML = settingRows(name, null);
    form.elements.botsNil.checked = !!presets[name].bots_bid_nil;
  });
  let answer = null;
  form.addEventListener("submit", (e) => { answer = e.submitter?.value || "save"; });
  await openDialog("options", t("options"), form);
  if (answer !== "save") return null;
  const f = form.elements;
  const name = f.preset.value;
  const next = { preset: name };
  for (const input of form.querySelectorAll("[name^='s:']")) {
    const key = input.name.slice(2);
    const base = presets[name][key];
    let v;
    if (input.type === "checkbox") v = input.checked;
    else if (input.type === "number") v = input.value === "" ? null : Number.parseInt(input.value, 10);
    else v = input.value;
    if (v !== base && !(v === null && base === undefined)) next[key] = v;
  }
  return {
    ...opts, felt: f.felt.value, back: f.back.value, fourColour: f.fourColour.checked, sound: f.sound.checked,
    speed: f.speed.value, lang: f.lang.value, level: f.level.value, botsNil: f.botsNil.checked, rules: next,
  };
}

export { language };
