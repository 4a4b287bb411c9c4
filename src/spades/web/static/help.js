// Help pages built from the settings of the game being played, so that "How to play",
// the scoring table and the FAQ always describe the rules actually in force.

import { language } from "./i18n.js";

const esc = (s) => String(s).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
const p = (s) => `<p>${s}</p>`;
const h = (s) => `<h3>${s}</h3>`;
const ul = (items) => `<ul>${items.filter(Boolean).map((i) => `<li>${i}</li>`).join("")}</ul>`;
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

function howToEn(s, preset) {
  const two = s.players === 2;
  const team = s.partnerships;
  const out = [p(`You are playing the <b>${esc(preset)}</b> rules. Spades is a trick-taking game: everyone bids how many tricks they will take, then tries to make that bid. Spades are always trumps.`)];
  out.push(h("Seats"));
  if (two) out.push(p("Two players: you sit South, the computer North. Each plays for themselves."));
  else if (team) out.push(p("You sit South at the bottom with your computer partner North opposite. West and East are the opposing team. Play goes clockwise: you, then West, North and East."));
  else out.push(p("Four players, each for themselves (cutthroat): your own bid, your own score and bags. Play goes clockwise: you, West, North, East."));
  out.push(h(two ? "The draw" : "The deal"));
  if (two) out.push(p("There is no deal. The first player looks at the top card of the stock and either keeps it (the next card is then discarded unseen) or discards it and takes the next card without choice. Players alternate until each holds 13 cards; the rest are out of play. The second player bids first and leads first; roles swap every hand."));
  else out.push(p("All 52 cards are dealt, 13 each. The deal passes to the left after every hand; the player on the dealer's left bids first and leads the first trick. In the first hand that is you."));
  if (s.deck === "jokers") out.push(p("This game uses the <b>jokers deck</b>: the 2♣ and 2♦ are removed and a Big Joker and a Little Joker added. They are the two highest spades: Big Joker, Little Joker, A♠, K♠ … 2♠. They count as spades for following suit, breaking spades and leading."));
  else out.push(p("The Ace is high and the 2 low."));
  out.push(h("Bidding"));
  out.push(p(`One round of bids: each player bids Nil or 1 to 13 tricks. ${team ? "Your team's contract is the sum of your bid and North's: if you bid 3 and North 4, you need 7 tricks between you, whoever takes them." : "Each player's bid is their own contract."}`));
  out.push(p(`<b>Nil</b> is a separate bet to take no trick at all: ${signed(s.nil_value)} if you take none, ${signed(-s.nil_value)} otherwise. ${team ? "A Nil adds nothing to the contract." : ""} ${s.bots_bid_nil ? "The computer players may bid Nil." : "The computer players never bid Nil: only you can."}`));
  if (s.blind_nil) {
    out.push(p(`<b>${two ? "Double Nil" : "Blind Nil"}</b> is declared before you see any card of the hand, worth ${signed(s.blind_nil_value)} or ${signed(-s.blind_nil_value)}.${s.blind_nil_deficit > 0 ? ` It is allowed only to a side trailing by at least ${s.blind_nil_deficit} points.` : ""}${two && s.exchange > 0 ? ` After the draw you may swap up to ${s.exchange} cards for random cards from the discards.` : ""}`));
  }
  out.push(h("Playing the tricks"));
  out.push(ul([
    "The leader plays a card, then each player adds one in turn. You must follow the suit led if you can; otherwise play any card. Playing a spade on another suit is trumping.",
    "You cannot lead a spade until spades are broken, that is until a spade has been played in an earlier trick, unless you hold nothing but spades.",
    "The highest spade wins the trick; without a spade, the highest card of the suit led. The winner leads the next trick.",
  ]));
  out.push(h("Winning the game"));
  out.push(p(`The game ends after any hand in which a ${team ? "team" : "player"} reaches ${s.target} points. The highest score wins; on a tie another hand is played.${s.floor !== null && s.floor !== undefined ? ` A ${team ? "team" : "player"} at or below ${s.floor} loses at once.` : ""}`));
  return out.join("");
}

function howToFr(s, preset) {
  const two = s.players === 2;
  const team = s.partnerships;
  const out = [p(`Vous jouez avec les règles <b>${esc(preset)}</b>. Le Spades est un jeu de plis : chacun annonce combien de plis il va remporter, puis tente de tenir son contrat. Le pique est toujours atout.`)];
  out.push(h("Les places"));
  if (two) out.push(p("Deux joueurs : vous êtes Sud, l'ordinateur Nord. Chacun joue pour soi."));
  else if (team) out.push(p("Vous êtes assis en Sud, en bas de l'écran, avec votre partenaire virtuel Nord en face de vous. Ouest et Est forment l'équipe adverse. On joue dans le sens des aiguilles d'une montre : vous, puis Ouest, Nord et Est."));
  else out.push(p("Quatre joueurs, chacun pour soi : votre propre annonce, votre score et vos sacs. On joue dans le sens des aiguilles d'une montre : vous, Ouest, Nord, Est."));
  out.push(h(two ? "La pioche" : "La donne"));
  if (two) out.push(p("Il n'y a pas de donne. Le premier joueur regarde la carte du dessus du talon : il la garde (la suivante est alors défaussée sans être vue) ou la défausse et prend la suivante sans choix. Les joueurs alternent jusqu'à avoir 13 cartes chacun ; les autres cartes ne servent pas. Le second joueur annonce et entame en premier ; les rôles s'échangent à chaque manche."));
  else out.push(p("Les 52 cartes sont distribuées, 13 par joueur. Le rôle de donneur passe au joueur de gauche à chaque manche, et le joueur à gauche du donneur annonce en premier et entame le premier pli. Lors de la première manche, c'est vous."));
  if (s.deck === "jokers") out.push(p("Cette partie se joue <b>avec jokers</b> : le 2♣ et le 2♦ sont retirés, un grand et un petit joker ajoutés. Ce sont les deux plus forts piques : grand joker, petit joker, A♠, R♠ … 2♠. Ils comptent comme des piques pour fournir, ouvrir les piques et entamer."));
  else out.push(p("L'As est la carte la plus forte, le 2 la plus faible."));
  out.push(h("Les annonces"));
  out.push(p(`Les annonces font un seul tour de table : chacun annonce Nil ou de 1 à 13 plis. ${team ? "Le contrat de votre équipe est la somme de votre annonce et de celle de Nord : si vous annoncez 3 et Nord 4, il vous faut 7 plis à vous deux, peu importe qui les fait." : "L'annonce de chaque joueur est son propre contrat."}`));
  out.push(p(`Le <b>Nil</b> est un pari à part : ne faire aucun pli. ${signed(s.nil_value)} si vous n'en faites aucun, ${signed(-s.nil_value)} sinon. ${team ? "Un Nil n'ajoute rien au contrat." : ""} ${s.bots_bid_nil ? "Les joueurs virtuels peuvent annoncer Nil." : "Les joueurs virtuels n'annoncent jamais Nil : vous seul le pouvez."}`));
  if (s.blind_nil) {
    out.push(p(`Le <b>${two ? "Double Nil" : "Nil aveugle"}</b> s'annonce avant de voir la moindre carte de la manche et vaut ${signed(s.blind_nil_value)} ou ${signed(-s.blind_nil_value)}.${s.blind_nil_deficit > 0 ? ` Il n'est permis qu'à un camp mené d'au moins ${s.blind_nil_deficit} points.` : ""}${two && s.exchange > 0 ? ` Après la pioche, vous pouvez échanger jusqu'à ${s.exchange} cartes contre des cartes tirées au hasard de la défausse.` : ""}`));
  }
  out.push(h("Jouer les plis"));
  out.push(ul([
    "Le joueur qui entame pose une carte, puis chacun en ajoute une à son tour. Vous devez fournir à la couleur demandée si vous le pouvez ; sinon, jouez n'importe quelle carte. Jouer un pique sur une autre couleur s'appelle couper.",
    "Vous ne pouvez pas entamer à pique tant que les piques ne sont pas ouverts, c'est-à-dire tant qu'aucun pique n'a été joué lors d'un pli précédent, sauf si vous n'avez que des piques.",
    "Le plus haut pique remporte le pli ; sans pique, la plus forte carte de la couleur demandée. Le gagnant entame le pli suivant.",
  ]));
  out.push(h("Gagner la partie"));
  out.push(p(`La partie s'arrête à la fin de toute manche où ${team ? "une équipe" : "un joueur"} atteint ${s.target} points. Le score le plus élevé l'emporte ; en cas d'égalité, on joue une manche de plus.${s.floor !== null && s.floor !== undefined ? ` ${team ? "Une équipe" : "Un joueur"} à ${s.floor} points ou moins perd aussitôt.` : ""}`));
  return out.join("");
}

function scoring(s, fr) {
  const rows = fr ? [
    ["Contrat réussi", "10 × contrat"], ["Chaque pli en trop (un sac)", "+1"], ["Contrat chuté", "−10 × contrat"],
    ["Nil réussi", signed(s.nil_value)], ["Nil chuté", signed(-s.nil_value)],
    s.blind_nil ? [s.players === 2 ? "Double Nil réussi / chuté" : "Nil aveugle réussi / chuté", `${signed(s.blind_nil_value)} / ${signed(-s.blind_nil_value)}`] : null,
    s.bag_limit > 0 ? [`Chaque série de ${s.bag_limit} sacs`, signed(-s.bag_penalty)] : ["Sacs", "pas de pénalité"],
  ] : [
    ["Contract made", "10 × contract"], ["Each extra trick (a bag)", "+1"], ["Contract set", "−10 × contract"],
    ["Nil made", signed(s.nil_value)], ["Nil failed", signed(-s.nil_value)],
    s.blind_nil ? [s.players === 2 ? "Double Nil made / failed" : "Blind Nil made / failed", `${signed(s.blind_nil_value)} / ${signed(-s.blind_nil_value)}`] : null,
    s.bag_limit > 0 ? [`Each ${s.bag_limit} bags`, signed(-s.bag_penalty)] : ["Bags", "no penalty"],
  ];
  const table = `<table class="sheet"><thead><tr><th>${fr ? "Résultat" : "Result"}</th><th>${fr ? "Points" : "Points"}</th></tr></thead><tbody>` +
    rows.filter(Boolean).map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`).join("") + "</tbody></table>";
  const nil = s.nil_tricks === "count"
    ? (fr ? "Les plis d'un joueur qui a annoncé Nil comptent quand même pour le contrat de l'équipe et, au-delà, comme sacs." : "A Nil bidder's tricks still count toward the team's contract and, beyond it, as bags.")
    : (fr ? "Les plis d'un joueur qui a annoncé Nil ne comptent pas pour l'annonce de son partenaire : chacun est un sac." : "A Nil bidder's tricks do not help the partner's bid: each one is a bag.");
  const bags = s.bag_limit > 0
    ? (fr ? `Les sacs se cumulent d'une manche à l'autre. Chaque fois que le total atteint ${s.bag_limit}, on perd ${s.bag_penalty} points et ${s.bag_limit} sacs sont retirés.` : `Bags carry over from hand to hand. Each time the count reaches ${s.bag_limit}, ${s.bag_penalty} points are lost and ${s.bag_limit} bags are taken off.`)
    : "";
  const example = fr
    ? "Exemple : vous annoncez Nil et Nord 5 ; le contrat est 5. Si vous faites 1 pli et Nord 4, le contrat de 5 est réussi (+50) mais le Nil chute (−100) : −50 pour la manche."
    : "Example: you bid Nil and North 5; the contract is 5. If you take 1 trick and North 4, the contract of 5 is made (+50) but the Nil fails (−100): −50 for the hand.";
  return table + (s.partnerships ? p(nil) : "") + p(bags) + (s.partnerships && s.nil_tricks === "count" ? p(example) : "");
}

function faq(s, fr) {
  const qa = fr ? [
    ["Combien de points faut-il pour gagner ?", `Dans cette partie, ${s.target}. Si plusieurs camps l'atteignent lors de la même manche, le score le plus élevé l'emporte, et en cas d'égalité, on joue une manche de plus.`],
    ["Peut-on entamer à pique à tout moment ?", "Non. On ne peut pas entamer à pique tant qu'un pique n'a pas été joué lors d'un pli précédent, sauf si le joueur qui entame n'a que des piques."],
    ["Que se passe-t-il si j'annonce Nil et que je remporte un pli ?", `Vous perdez ${s.nil_value} points. ${s.nil_tricks === "count" ? "Le pli compte quand même pour le contrat : il peut aider Nord ou devenir un sac." : "Le pli ne compte pas pour le contrat de Nord : c'est un sac."}`],
    ["Que sont les sacs ?", `Les plis faits au-delà du contrat. Chacun rapporte 1 point${s.bag_limit > 0 ? `, mais chaque série de ${s.bag_limit} sacs coûte ${s.bag_penalty} points` : ""}.`],
    ["Les joueurs virtuels annoncent-ils Nil ?", s.bots_bid_nil ? "Oui, dans cette partie ils le peuvent." : "Non. Les joueurs virtuels annoncent toujours au moins 1 : vous seul pouvez annoncer Nil."],
    ["Puis-je annuler un coup ?", "Non, il n'y a pas de bouton Annuler. La partie est enregistrée automatiquement et reprend après un rechargement de la page."],
  ] : [
    ["How many points do you need to win?", `In this game, ${s.target}. If several sides reach it in the same hand the highest score wins, and on a tie another hand is played.`],
    ["Can I lead a spade at any time?", "No. You cannot lead a spade until one has been played in an earlier trick, unless the leader holds nothing but spades."],
    ["What if I bid Nil and take a trick?", `You lose ${s.nil_value} points. ${s.nil_tricks === "count" ? "The trick still counts toward the contract: it can help North or become a bag." : "The trick does not count toward North's bid: it is a bag."}`],
    ["What are bags?", `Tricks taken beyond the contract. Each is worth 1 point${s.bag_limit > 0 ? `, but every ${s.bag_limit} bags cost ${s.bag_penalty} points` : ""}.`],
    ["Do the computer players bid Nil?", s.bots_bid_nil ? "Yes, in this game they may." : "No. The computer players always bid at least 1: only you can bid Nil."],
    ["Can I undo a move?", "No, there is no undo. The game is saved automatically and continues after a page reload."],
  ];
  return qa.map(([q, a]) => `<h3>${q}</h3>${p(a)}`).join("");
}

const TIPS_EN = [
  "Bid your sure tricks. In hearts, diamonds and clubs count each Ace as one trick and Ace-King as two. Count a King with one or two small cards of its suit as half a trick, and ignore Queens. A long suit is risky: with six clubs your King may be trumped.",
  "Then count your spades. The Ace is a sure trick and the King nearly so if another spade guards it. Add about one trick for each spade beyond the third, and half a trick for a void or singleton in a side suit that you can trump. With the Ace and King of hearts and four small spades, count about three tricks.",
  "Add up the bids made before yours. There are only 13 tricks: if the other three bid 10 in total, a bid of 4 from you means at least one team will be set. If they bid 7, the spare tricks will probably become bags.",
  "Bid Nil only with the right hand: no Ace or King, no spade above about the 9, three spades at most, and plenty of 2s, 3s and 4s. Then, whenever a higher card is already winning the trick, play your highest card that still loses, such as the Queen of clubs under the King.",
  "Protect your partner's Nil. Take the tricks that could fall to them: play high before them so they can duck under, win any trick they are winning, and lead suits they have run out of so they can discard dangerous cards.",
  "Treat bags as a real cost. A bag earns 1 point now but every 10 cost 100, so each costs about 9 points in the long run. Once your contract is made, play low and let the other team take the rest, unless you can still set them. But never overbid to avoid bags: failing a bid of 6 costs 60.",
  "Lead your Aces early. A side-suit Ace usually wins on the first or second round; by the third someone may trump it. Lead suits North has run out of so North can trump, and avoid those West or East has run out of. Once spades are broken, leading your big spades draws out the others'.",
  "Trump wisely. Do not trump your partner's winning card: if North's Ace is winning the trick, discard a small card of your shortest side suit instead. Playing last, use the lowest spade that wins. With players still to come, a small spade may be overtrumped: go higher if you need the trick.",
  "Track spades and voids. Count the 13 spades as they fall and note who fails to follow suit: that player can trump the suit next time. Once the Ace and King of spades are gone, your Queen of spades is the master.",
];
const TIPS_FR = [
  "Annoncez en comptant vos plis sûrs. À cœur, à carreau et à trèfle, comptez chaque As pour un pli et un As-Roi pour deux. Comptez un Roi accompagné d'une ou deux petites cartes de sa couleur pour un demi-pli, et ignorez les Dames. Une couleur longue est risquée : avec six trèfles, votre Roi risque d'être coupé.",
  "Comptez ensuite vos piques. L'As est un pli sûr, et le Roi presque, s'il est protégé par un autre pique. Ajoutez environ un pli pour chaque pique au-delà du troisième, et un demi-pli pour une chicane ou un singleton dans une couleur annexe, que vous pourrez couper. Avec l'As et le Roi de cœur et quatre petits piques, comptez environ trois plis.",
  "Additionnez les annonces faites avant la vôtre. Il n'y a que 13 plis : si les trois autres joueurs ont annoncé 10 au total, une annonce de 4 de votre part signifie qu'au moins une équipe chutera. S'ils ont annoncé 7, les plis restants deviendront probablement des sacs.",
  "N'annoncez Nil qu'avec la bonne main. Cherchez une main sans As ni Roi, sans pique au-dessus du 9 environ, avec trois piques au maximum, et beaucoup de 2, de 3 et de 4. Ensuite, chaque fois qu'une carte plus forte remporte déjà le pli, jouez votre plus haute carte qui perd encore, comme la Dame de trèfle sous le Roi.",
  "Protégez le Nil de votre partenaire. Votre rôle est de prendre les plis qui pourraient lui rester sur les bras : jouez haut avant lui pour qu'il puisse passer en dessous, remportez à sa place tout pli qu'il est en train de gagner, et entamez les couleurs qu'il n'a plus pour qu'il puisse se défausser de ses cartes dangereuses.",
  "Considérez les sacs comme un vrai coût. Un sac rapporte 1 point sur le moment, mais chaque série de 10 en coûte 100 : à long terme, chacun coûte donc environ 9 points. Une fois votre contrat réussi, jouez petit et laissez l'autre équipe faire le reste, sauf si vous pouvez encore la faire chuter. Mais n'annoncez jamais trop haut pour éviter les sacs : manquer une annonce de 6 coûte 60.",
  "Entamez vos As tôt. Un As dans une couleur annexe gagne généralement au premier ou au deuxième tour ; au troisième, quelqu'un risque de le couper. Entamez les couleurs que Nord n'a plus, pour que Nord puisse couper, et évitez celles qu'Ouest ou Est n'a plus. Une fois les piques ouverts, entamer vos plus gros piques fait tomber ceux des autres.",
  "Coupez à bon escient. Ne coupez pas la carte maîtresse de votre partenaire : si l'As de Nord domine le pli, défaussez plutôt une petite carte de votre couleur annexe la plus courte. Quand vous jouez en dernier, utilisez le plus petit pique qui gagne. S'il reste des joueurs après vous, un petit pique peut être surcoupé : montez plus haut si vous avez besoin du pli.",
  "Suivez les piques et les chicanes. Comptez les 13 piques à mesure qu'ils tombent, et notez qui ne fournit pas, car ce joueur pourra couper cette couleur la fois suivante. Une fois l'As et le Roi de pique tombés, votre Dame de pique est maîtresse.",
];

function history(fr) {
  return fr
    ? h("Petite histoire du Spades") + p("Le Spades appartient à la famille du whist, des jeux de plis qui comprend aussi le bridge. C'est un jeu américain du XXe siècle, longtemps joué en ligne sous Windows (Internet Spades). Les règles maison varient : jokers comme atouts les plus forts, Nil aveugle annoncé avant de regarder ses cartes, parties sans partenaires ou à deux joueurs. Toutes ces variantes se choisissent dans Options.")
    : h("A short history") + p("Spades belongs to the whist family of trick-taking games, which also includes bridge. It is an American game of the twentieth century, long played online on Windows (Internet Spades). House rules vary: jokers as the highest trumps, Blind Nil declared before looking at one's cards, games without partners or for two players. Every one of these variants can be chosen in Options.");
}

function usingPage(fr) {
  return fr ? ul([
    "Appuyez sur Nil ou sur un nombre pour annoncer, puis sur une carte pour la jouer. Les cartes injouables sont grisées ; un appui sur l'une d'elles en donne la raison.",
    "Clavier : flèches gauche et droite pour parcourir votre main, Entrée pour jouer, chiffres pour annoncer (0 ou n pour Nil), h pour un indice.",
    "Indice propose une annonce ou met en évidence la carte que l'ordinateur jouerait. Rejouer relance la même donne ; ajoutez ?deal= et un numéro à l'adresse pour partager une donne.",
    "Il n'y a pas de bouton Annuler. La partie et les statistiques sont enregistrées automatiquement.",
  ]) : ul([
    "Tap Nil or a number to bid, then a card to play it. Cards you may not play are greyed; tapping one tells you why.",
    "Keyboard: left and right arrows move through your hand, Enter plays, number keys bid (0 or n for Nil), h asks for a hint.",
    "Hint proposes a bid or highlights the card the computer would play. Replay restarts the same deal; add ?deal= and a number to the address to share a deal.",
    "There is no undo. The game and your stats are saved automatically.",
  ]);
}

/** The help sections for these settings, in the current language: [[id, title, html]]. */
export function helpSections(settings, preset) {
  const fr = language() === "fr";
  return [
    ["howto", fr ? "Comment jouer" : "How to play", (fr ? howToFr : howToEn)(settings, preset) + h(fr ? "Jouer sur cette page" : "Playing on this page") + usingPage(fr) + history(fr)],
    ["scoring", fr ? "Décompte" : "Scoring", scoring(settings, fr)],
    ["faq", fr ? "Questions" : "FAQ", faq(settings, fr)],
    ["strategy", fr ? "Stratégie" : "Strategy", `<ol class="tips">${(fr ? TIPS_FR : TIPS_EN).map((x) => `<li>${x}</li>`).join("")}</ol>`],
  ];
}
