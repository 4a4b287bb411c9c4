// Interface strings in English and French. The language follows the browser unless the
// player picks one in Options; engine refusals are translated by their stable `code`.

const STRINGS = {
  en: {
    title: "Spades", colon: ": ", you: "You", N: "North", E: "East", S: "South", W: "West",
    partner: "partner", opponent: "opponent", us: "Us", them: "Them",
    newGame: "New game", replay: "Replay", daily: "Daily deal", hint: "Hint",
    lastTrick: "Last trick", scores: "Scoresheet", stats: "Stats", options: "Options",
    help: "Help", close: "Close", ok: "OK", continue: "Continue", share: "Share",
    deal: "Deal", hand: "Hand", dealer: "Dealer", bid: "Bid", tricks: "Tricks",
    score: "Score", bags: "Bags", noBid: "—", nil: "Nil", blindNil: "Blind Nil",
    doubleNil: "Double Nil", lookCards: "Look at cards", keep: "Keep", discard: "Discard",
    exchange: "Exchange", keepAll: "Keep all",
    yourBid: "Your bid: how many tricks will you take?",
    blindAsk: "Blind Nil or look at your cards? (Blind Nil is declared before you see them: ±{value})",
    drawAsk: "Keep this card, or discard it and take the next one unseen?",
    exchangeAsk: "Double Nil: choose up to {n} cards to swap with random discards, then confirm.",
    yourTurn: "Your turn: play a card.", waiting: "{seat} is thinking…",
    bidsLine: "{seat} bids {bid}", looks: "{seat} looks at the cards",
    plays: "{seat} plays {card}", winsTrick: "{seat} wins the trick",
    youBid: "You bid {bid}", youLook: "You look at your cards",
    youPlay: "You play {card}", youWinTrick: "You win the trick", youExchange: "You exchange {n} cards",
    draws: "{seat} draws", exchanges: "{seat} exchanges {n} cards",
    youKeep: "You keep {card}", youDiscard: "You discard {card}",
    handOver: "Hand {n} is over", scoreLine: "{side}: {score} points, {bags} bags",
    gameOver: "Game over", drawn: "The game is drawn: nobody wins.", youWin: "You win!", youLose: "You lose.", winnerIs: "{side} wins.",
    pairWins: "{a} and {b} win.",
    contract: "Contract", made: "made", set: "set", points: "Points", nilPts: "Nil",
    penalty: "Bag penalty", total: "Total", bagCount: "Bag count", taken: "Taken",
    game: "Whole game", noHands: "No hand has been finished yet.", noTrick: "No trick yet.",
    hintBid: "Hint: bid {bid}.", hintCard: "Hint: play {card}.", hintOther: "Hint: {action}.",
    played: "Games played", won: "Games won", winRate: "Win rate", bestScore: "Best final score",
    streak: "Current winning streak", bestStreak: "Best winning streak",
    felt: "Felt colour", back: "Card back", fourColour: "Four-colour suits", sound: "Sound effects",
    speed: "Animation speed", language: "Language", auto: "Browser default",
    slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant",
    green: "Green", blue: "Blue", red: "Red", grey: "Grey", purple: "Purple",
    nextRules: "Rules of the next game", preset: "Preset", level: "Computer players",
    botsNil: "Computer players may bid Nil", apply: "Save", saved: "Options saved.",
    preset_classic: "Classic", preset_no_help_nil: "No-help Nil", preset_jokers: "Jokers",
    preset_blind_nil: "Blind Nil", preset_short: "Short game", preset_two_player: "Two players",
    preset_cutthroat: "Cutthroat",
    about_classic: "partnerships, game to 500; a Nil bidder's tricks count for the partner; no Blind Nil",
    about_no_help_nil: "partnerships, game to 500; a Nil bidder's tricks are bags and never help the partner",
    about_jokers: "Big and Little Joker are the two highest spades (2♣ and 2♦ out); game to 1000",
    about_blind_nil: "partnerships, game to 500; Blind Nil (±200) declared before looking at the cards",
    about_short: "a short game to 100, Blind Nil allowed",
    about_two_player: "two players, draw-and-discard deal, Double Nil with a card exchange",
    about_cutthroat: "four players, each for themselves: own bid, own score, own bags",
    applyNext: "These rules apply to the next game.", record: "Download record",
    howTo: "How to play", scoring: "Scoring", faq: "FAQ", strategy: "Strategy",
    cannot: "You cannot play that card: {reason}", selected: "selected",
    shared: "Link copied: {url}", error: "Error: {msg}", offline: "The server cannot be reached.",
    gameTools: "Game", scoresLabel: "Scores", trickLabel: "Trick", handLabel: "Your hand",
    choice_deck_standard: "standard", choice_deck_jokers: "jokers",
    choice_nil_tricks_count: "count", choice_nil_tricks_bags: "bags",
    level_random: "Random", level_beginner: "Beginner", level_basic: "Basic", level_strong: "Strong",
    level_expert: "Expert",
    team: "Team", cardsLeft: "{n} cards", toPlay: "to play", toBid: "to bid", toDraw: "to draw", toExchange: "to exchange",
    houseRules: "House rules", broken: "♠ broken", notBroken: "♠ not broken yet",
    bidsSoFar: "Bids so far: {list} — total {total}, {left} tricks left.", prevHandTrick: "Last trick of hand {n}", handPoints: "Hand",
    announcements: "Announcements", lastHand: "Hand result", on: "on", off: "off",
    back_blue: "Blue lattice", back_red: "Red lattice", back_green: "Green stripes", back_black: "Black",
    dealN: "Deal {n}", dailyOf: "Daily deal {date}",
    // The table's look: a random deal's number is told at the end of the game.
    dealSecret: "Random deal", shareLater: "This deal's number is shown when the game is over; share it then.",
  },
  fr: {
    title: "Spades", colon: " : ", you: "Vous", N: "Nord", E: "Est", S: "Sud", W: "Ouest",
    partner: "partenaire", opponent: "adversaire", us: "Nous", them: "Eux",
    newGame: "Nouvelle partie", replay: "Rejouer", daily: "Donne du jour", hint: "Indice",
    lastTrick: "Dernier pli", scores: "Feuille de score", stats: "Stats", options: "Options",
    help: "Aide", close: "Fermer", ok: "OK", continue: "Continuer", share: "Partager",
    deal: "Donne", hand: "Manche", dealer: "Donneur", bid: "Annonce", tricks: "Plis",
    score: "Score", bags: "Sacs", noBid: "—", nil: "Nil", blindNil: "Nil aveugle",
    doubleNil: "Double Nil", lookCards: "Voir mes cartes", keep: "Garder", discard: "Défausser",
    exchange: "Échanger", keepAll: "Tout garder",
    yourBid: "Votre annonce : combien de plis ferez-vous ?",
    blindAsk: "Nil aveugle ou voir vos cartes ? (le Nil aveugle s'annonce avant de les voir : ±{value})",
    drawAsk: "Garder cette carte, ou la défausser et prendre la suivante sans la voir ?",
    exchangeAsk: "Double Nil : choisissez jusqu'à {n} cartes à échanger contre des cartes défaussées, puis confirmez.",
    yourTurn: "À vous : jouez une carte.", waiting: "{seat} réfléchit…",
    bidsLine: "{seat} annonce {bid}", looks: "{seat} regarde ses cartes",
    plays: "{seat} joue {card}", winsTrick: "{seat} remporte le pli",
    youBid: "Vous annoncez {bid}", youLook: "Vous regardez vos cartes",
    youPlay: "Vous jouez {card}", youWinTrick: "Vous remportez le pli", youExchange: "Vous échangez {n} cartes",
    draws: "{seat} pioche", exchanges: "{seat} échange {n} cartes",
    youKeep: "Vous gardez {card}", youDiscard: "Vous défaussez {card}",
    handOver: "La manche {n} est terminée", scoreLine: "{side} : {score} points, {bags} sacs",
    gameOver: "Partie terminée", drawn: "Partie nulle : personne ne gagne.", youWin: "Vous avez gagné !", youLose: "Vous avez perdu.", winnerIs: "{side} gagne.",
    pairWins: "{a} et {b} gagnent.",
    contract: "Contrat", made: "réussi", set: "chuté", points: "Points", nilPts: "Nil",
    penalty: "Pénalité des sacs", total: "Total", bagCount: "Sacs cumulés", taken: "Faits",
    game: "Toute la partie", noHands: "Aucune manche n'est encore terminée.", noTrick: "Aucun pli pour l'instant.",
    hintBid: "Indice : annoncez {bid}.", hintCard: "Indice : jouez {card}.", hintOther: "Indice : {action}.",
    played: "Parties jouées", won: "Parties gagnées", winRate: "Taux de réussite", bestScore: "Meilleur score final",
    streak: "Série de victoires en cours", bestStreak: "Meilleure série de victoires",
    felt: "Couleur du tapis", back: "Dos des cartes", fourColour: "Couleurs en quatre teintes", sound: "Effets sonores",
    speed: "Vitesse des animations", language: "Langue", auto: "Celle du navigateur",
    slow: "Lente", normal: "Normale", fast: "Rapide", instant: "Instantanée",
    green: "Vert", blue: "Bleu", red: "Rouge", grey: "Gris", purple: "Violet",
    nextRules: "Règles de la prochaine partie", preset: "Variante", level: "Joueurs virtuels",
    botsNil: "Les joueurs virtuels peuvent annoncer Nil", apply: "Enregistrer", saved: "Options enregistrées.",
    preset_classic: "Classique", preset_no_help_nil: "Nil sans aide", preset_jokers: "Jokers",
    preset_blind_nil: "Nil aveugle", preset_short: "Partie courte", preset_two_player: "À deux",
    preset_cutthroat: "Chacun pour soi",
    about_classic: "par équipes, partie en 500 ; les plis d'un joueur à Nil comptent pour son partenaire ; pas de Nil aveugle",
    about_no_help_nil: "par équipes, partie en 500 ; les plis d'un joueur à Nil sont des sacs et n'aident jamais son partenaire",
    about_jokers: "le grand et le petit joker sont les deux plus forts piques (2♣ et 2♦ retirés) ; partie en 1000",
    about_blind_nil: "par équipes, partie en 500 ; Nil aveugle (±200) annoncé avant de regarder ses cartes",
    about_short: "une partie courte en 100, Nil aveugle permis",
    about_two_player: "deux joueurs, donne par pioche et défausse, Double Nil avec échange de cartes",
    about_cutthroat: "quatre joueurs, chacun pour soi : sa propre annonce, son score et ses sacs",
    applyNext: "Ces règles s'appliquent à la prochaine partie.", record: "Télécharger la partie",
    howTo: "Comment jouer", scoring: "Décompte", faq: "Questions", strategy: "Stratégie",
    cannot: "Vous ne pouvez pas jouer cette carte : {reason}", selected: "choisie",
    shared: "Lien copié : {url}", error: "Erreur : {msg}", offline: "Le serveur est injoignable.",
    gameTools: "Partie", scoresLabel: "Scores", trickLabel: "Pli en cours", handLabel: "Votre main",
    choice_deck_standard: "standard", choice_deck_jokers: "avec jokers",
    choice_nil_tricks_count: "comptent", choice_nil_tricks_bags: "sacs",
    level_random: "Au hasard", level_beginner: "Débutant", level_basic: "Intermédiaire", level_strong: "Fort",
    level_expert: "Expert",
    team: "Équipe", cardsLeft: "{n} cartes", toPlay: "joue", toBid: "annonce", toDraw: "pioche", toExchange: "échange",
    houseRules: "Règles maison", broken: "♠ ouverts", notBroken: "♠ pas encore ouverts",
    bidsSoFar: "Annonces déjà faites : {list} — total {total}, reste {left} plis.", prevHandTrick: "Dernier pli de la manche {n}", handPoints: "Manche",
    announcements: "Annonces", lastHand: "Résultat de la manche", on: "oui", off: "non",
    back_blue: "Treillis bleu", back_red: "Treillis rouge", back_green: "Rayures vertes", back_black: "Noir",
    dealN: "Donne {n}", dailyOf: "Donne du jour {date}",
    // The table's look: a random deal's number is told at the end of the game.
    dealSecret: "Donne au hasard", shareLater: "Le numéro de cette donne est donné à la fin de la partie ; partagez-la alors.",
  },
};

// Refusal reasons by engine code; `params.suit` is an English suit name.
const REASONS = {
  en: {
    must_follow: "you must follow {suit}", spades_not_broken: "spades are not broken yet",
    not_in_hand: "you do not hold that card", not_your_turn: "it is not your turn",
    wrong_phase: "that is not possible now", game_over: "the game is over",
    bid_range: "a bid is Nil or 1 to 13", blind_not_allowed: "Blind Nil is not allowed now",
    stale: "the game moved on; the table has been refreshed",
    exchange_limit: "you may exchange at most {limit} cards",
  },
  fr: {
    must_follow: "vous devez fournir à {suit}", spades_not_broken: "les piques ne sont pas encore ouverts",
    not_in_hand: "vous n'avez pas cette carte", not_your_turn: "ce n'est pas votre tour",
    wrong_phase: "ce n'est pas possible maintenant", game_over: "la partie est terminée",
    bid_range: "une annonce est Nil ou de 1 à 13", blind_not_allowed: "le Nil aveugle n'est pas permis maintenant",
    stale: "la partie a avancé ; la table a été mise à jour",
    exchange_limit: "vous pouvez échanger au plus {limit} cartes",
  },
};

const SUIT_WORDS = {
  en: { clubs: "clubs", diamonds: "diamonds", hearts: "hearts", spades: "spades" },
  fr: { clubs: "trèfle", diamonds: "carreau", hearts: "cœur", spades: "pique" },
};
const SUIT_OF_NAME = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };
const RANK_WORDS = {
  en: { T: "ten", J: "jack", Q: "queen", K: "king", A: "ace", BJ: "big joker", LJ: "little joker" },
  fr: { T: "dix", J: "valet", Q: "dame", K: "roi", A: "as", BJ: "grand joker", LJ: "petit joker" },
};
const SUIT_LETTER_WORDS = {
  en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  fr: { C: "trèfle", D: "carreau", H: "cœur", S: "pique" },
};

// The computer's reasons behind a hint, by the stable code the server sends with them.
// English shows the server's own sentence (it may carry figures); French translates the
// code, and falls back on the English sentence for a code it does not know.
const HINT_REASONS_FR = {
  random: "une action légale au hasard",
  blind_comeback: "très mené en fin de partie : tentez le Nil aveugle",
  blind_look: "regardez d'abord vos cartes",
  draw_nil: "pour le Double Nil, gardez les cartes faibles",
  draw_keep: "gardez une carte qui peut faire un pli",
  draw_discard: "défaussez une carte faible, prenez la suivante",
  exchange_none: "gardez toutes vos cartes : aucune n'est dangereuse",
  exchange_high: "rendez les cartes les plus susceptibles de faire un pli",
  bid_nil: "pas de hautes cartes et peu de piques : annoncez Nil",
  bid_count: "le compte de vos plis sûrs (As, Rois gardés, piques longs)",
  bid_adjust: "vos plis sûrs, ajustés aux annonces déjà faites",
  bid_partner_nil: "votre partenaire a annoncé Nil : jamais Nil à deux ; comptez vos plis sûrs",
  bid_endgame: "annonce ajustée au score de fin de partie",
  search_bid: "cette annonce rapporte le plus en moyenne sur de nombreuses donnes possibles",
  search_nil: "le Nil rapporte le plus en moyenne sur de nombreuses donnes possibles",
  search: "sur de nombreuses donnes possibles, cette carte rapporte le plus en moyenne",
  search_endgame: "les derniers plis joués sur de nombreuses donnes possibles : cette carte rapporte le plus",
  search_blind: "le Nil aveugle rapporte le plus en moyenne sur de nombreuses donnes possibles",
  search_look: "regarder ses cartes d'abord rapporte plus en moyenne sur de nombreuses donnes possibles",
  nil_lead_low: "Nil : entamez votre plus petite carte",
  nil_under: "Nil : la plus haute carte qui perd encore",
  nil_discard: "Nil : débarrassez-vous d'une carte dangereuse",
  nil_forced: "le Nil a perdu ce pli : débarrassez-vous de la plus haute",
  nil_hope: "Nil : la plus petite carte, en espérant être dépassé",
  cover_lead_void: "entamez une couleur que votre partenaire n'a plus, pour protéger son Nil",
  cover_lead_high: "entamez haut pour protéger le Nil de votre partenaire",
  cover_overtake: "prenez ce pli à la place de votre partenaire qui a annoncé Nil",
  cover_high: "protégez le Nil de votre partenaire : jouez haut avant lui",
  set_nil_lead: "entamez petit pour faire chuter le Nil",
  set_nil_duck: "passez sous le joueur du Nil pour le faire chuter",
  set_nil_low: "restez bas pour que le joueur du Nil soit obligé de prendre",
  partner_winning: "la carte de votre partenaire gagne : jouez petit",
  no_overtrump: "ne coupez jamais la carte maîtresse de votre partenaire : défaussez petit",
  cannot_win: "impossible de gagner ce pli : jouez petit",
  trump_lowest: "le plus petit pique qui gagne",
  win_lowest: "la plus petite carte qui remporte le pli",
  trump_safe: "coupez assez haut pour ne pas être surcoupé",
  win_sure: "la plus petite carte maîtresse",
  second_low: "deuxième à jouer : petit, votre partenaire joue après",
  third_high: "jouez haut pour forcer les adversaires",
  duck: "contrat réussi : évitez les sacs, passez sous le pli",
  forced_win: "ce pli est pour vous de toute façon : jouez la plus haute",
  lead_ace: "entamez un As annexe tôt, avant qu'il soit coupé",
  lead_trump: "entamez le plus gros pique pour faire tomber les atouts",
  lead_partner_void: "entamez une couleur que votre partenaire peut couper",
  lead_low: "entamez petit dans une couleur que les adversaires fournissent",
  duck_lead: "contrat réussi : entamez petit",
  lowest: "jouez la plus petite carte",
  beginner_overbid: "dames et couleurs longues comptées comme des plis",
  beginner_underbid: "une annonce d'un pli de moins, par prudence",
  beginner_lead_high: "entame de la plus haute carte de la couleur la plus longue",
  beginner_play_high: "jouer haut pour gagner le pli, même sans besoin",
  beginner_trump_high: "couper avec un gros pique",
};

/** The reason of a hint ({action, reason, code}) in the current language. */
export function hintReason(hint) {
  if (lang === "fr" && hint.code && HINT_REASONS_FR[hint.code]) return HINT_REASONS_FR[hint.code];
  return hint.reason || "";
}

let lang = "en";

/** The language to use: the saved choice, else the browser's, else English. */
export function pickLanguage(choice) {
  if (choice === "en" || choice === "fr") return choice;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("fr") ? "fr" : "en";
}

export function setLanguage(code) {
  lang = code === "fr" ? "fr" : "en";
  document.documentElement.lang = lang;
}

export function language() { return lang; }

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? String(params[k]) : `{${k}}`));
}

/** A translated interface string with `{name}` placeholders filled in. */
export function t(key, params) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return fill(s, params);
}

/** A refusal as a sentence in the current language (falls back on the server's English). */
export function reason(err) {
  if (!err) return "";
  const tpl = REASONS[lang][err.code];
  if (!tpl) return err.message || err.code;
  const params = { ...(err.params || {}) };
  if (params.suit) params.suit = SUIT_WORDS[lang][params.suit] || params.suit;
  return fill(tpl, params);
}

/** A card in words, e.g. "queen of hearts" / "dame de cœur". */
export function cardWords(name) {
  if (name === "BJ" || name === "LJ") return RANK_WORDS[lang][name];
  const r = name[0], s = name[1];
  const rank = RANK_WORDS[lang][r] || r;
  return lang === "fr" ? `${rank} de ${SUIT_LETTER_WORDS.fr[s]}` : `${rank} of ${SUIT_LETTER_WORDS.en[s]}`;
}

export function suitWord(letter) { return SUIT_LETTER_WORDS[lang][letter]; }

// The rank printed in a card's corner: French cards read V (valet), D (dame), R (roi).
const RANK_INDEX = {
  en: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
  fr: { T: "10", J: "V", Q: "D", K: "R", A: "A" },
};

/** A card's corner index in the current language: rankLabel("Q") is "Q", or "D" in French. */
export function rankLabel(rank) { return RANK_INDEX[lang][rank] || rank; }

/** "You win the trick" for South, "West wins the trick" for another seat. */
export function trickWon(seat) {
  return seat === "S" ? t("youWinTrick") : t("winsTrick", { seat: t(seat) });
}

/** The end of a game in a sentence: "You win!", or "You lose. East and West win." */
export function gameResult(winner) {
  if (!winner) return t("drawn");
  if (winner === "S" || winner === "NS") return t("youWin");
  const who = winner.length === 2 ? t("pairWins", { a: t(winner[0]), b: t(winner[1]) })
    : t("winnerIs", { side: t(winner) });
  return `${t("youLose")} ${who}`;
}

const presetKey = (name) => String(name).replaceAll("-", "_");

/** A preset's name for players ("Two players" / "À deux"); an unknown one keeps its id. */
export function presetName(name) {
  const key = `preset_${presetKey(name)}`;
  return key in STRINGS[lang] ? STRINGS[lang][key] : String(name);
}

/** What a preset plays, in a phrase, in the current language ("" for an unknown one). */
export function presetAbout(name) {
  const key = `about_${presetKey(name)}`;
  return key in STRINGS[lang] ? STRINGS[lang][key] : "";
}
export { SUIT_OF_NAME };

/** Apply translations to every element marked `data-i18n` (text), `data-i18n-title`
 * (tooltip and accessible name) or `data-i18n-label` (accessible name only). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute("aria-label", t(el.dataset.i18nTitle));
  }
}
