// Help pages built from the settings of the game being played, so that "How to play",
// the scoring table, the FAQ and the strategy tips always describe the rules actually in
// force: a two-player or cutthroat game never hears of a partner it does not have.

import { language, presetName } from "./i18n.js";

const esc = (s) => String(s).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
const p = (s) => `<p>${s}</p>`;
const h = (s) => `<h3>${s}</h3>`;
const ul = (items) => `<ul>${items.filter(Boolean).map((i) => `<li>${i}</li>`).join("")}</ul>`;
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** The few facts about a table that change what the help says. */
function shape(s) {
  const two = s.players === 2;
  const team = !!s.partnerships;
  return { two, team, cutthroat: !two && !team, blindName: two ? ["Double Nil", "Double Nil"] : ["Blind Nil", "Nil aveugle"] };
}

function howTo(s, preset, fr) {
  const { two, team } = shape(s);
  const L = (en, f) => (fr ? f : en);
  const blind = L(...shape(s).blindName);
  const out = [p(L(
    `You are playing the <b>${esc(presetName(preset))}</b> rules. Spades is a trick-taking game: everyone bids how many tricks they will take, then tries to make that bid. Spades are always trumps.`,
    `Vous jouez avec les règles <b>${esc(presetName(preset))}</b>. Le Spades est un jeu de plis : chacun annonce combien de plis il va remporter, puis tente de tenir son contrat. Le pique est toujours atout.`))];
  out.push(h(L("Seats", "Les places")));
  if (two) out.push(p(L("Two players: you sit South, the computer North, your opponent. Each plays for themselves.",
    "Deux joueurs : vous êtes Sud, l'ordinateur Nord, votre adversaire. Chacun joue pour soi.")));
  else if (team) out.push(p(L("You sit South at the bottom with your computer partner North opposite. West and East are the opposing team. Play goes clockwise: you, then West, North and East.",
    "Vous êtes assis en Sud, en bas de l'écran, avec votre partenaire virtuel Nord en face de vous. Ouest et Est forment l'équipe adverse. On joue dans le sens des aiguilles d'une montre : vous, puis Ouest, Nord et Est.")));
  else out.push(p(L("Four players, each for themselves (cutthroat): there are no partners, North is an opponent like West and East. Each player has their own bid, score and bags. Play goes clockwise: you, West, North, East.",
    "Quatre joueurs, chacun pour soi : il n'y a pas de partenaire, Nord est un adversaire comme Ouest et Est. Chacun a sa propre annonce, son score et ses sacs. On joue dans le sens des aiguilles d'une montre : vous, Ouest, Nord, Est.")));
  out.push(h(two ? L("The draw", "La pioche") : L("The deal", "La donne")));
  if (two) out.push(p(L("There is no deal. The first player looks at the top card of the stock and either keeps it (the next card is then discarded unseen) or discards it and takes the next card without choice. Players alternate until each holds 13 cards; the rest are out of play. The second player bids first and leads first; roles swap every hand.",
    "Il n'y a pas de donne. Le premier joueur regarde la carte du dessus du talon : il la garde (la suivante est alors défaussée sans être vue) ou la défausse et prend la suivante sans choix. Les joueurs alternent jusqu'à avoir 13 cartes chacun ; les autres cartes ne servent pas. Le second joueur annonce et entame en premier ; les rôles s'échangent à chaque manche.")));
  else out.push(p(L("All 52 cards are dealt, 13 each. The deal passes to the left after every hand; the player on the dealer's left bids first and leads the first trick. In the first hand that is you.",
    "Les 52 cartes sont distribuées, 13 par joueur. Le rôle de donneur passe au joueur de gauche à chaque manche, et le joueur à gauche du donneur annonce en premier et entame le premier pli. Lors de la première manche, c'est vous.")));
  if (s.deck === "jokers") out.push(p(L("This game uses the <b>jokers deck</b>: the 2♣ and 2♦ are removed and a Big Joker and a Little Joker added. They are the two highest spades: Big Joker, Little Joker, A♠, K♠ … 2♠. They count as spades for following suit, breaking spades and leading.",
    "Cette partie se joue <b>avec jokers</b> : le 2♣ et le 2♦ sont retirés, un grand et un petit joker ajoutés. Ce sont les deux plus forts piques : grand joker, petit joker, A♠, R♠ … 2♠. Ils comptent comme des piques pour fournir, ouvrir les piques et entamer.")));
  else out.push(p(L("The Ace is high and the 2 low.", "L'As est la carte la plus forte, le 2 la plus faible.")));

  out.push(h(L("Bidding", "Les annonces")));
  out.push(p(L(
    `One round of bids: each player bids Nil or 1 to 13 tricks. ${team ? "Your team's contract is the sum of your bid and North's: if you bid 3 and North 4, you need 7 tricks between you, whoever takes them." : "Each player's bid is their own contract: nobody's tricks help anybody else."}`,
    `Les annonces font un seul tour de table : chacun annonce Nil ou de 1 à 13 plis. ${team ? "Le contrat de votre équipe est la somme de votre annonce et de celle de Nord : si vous annoncez 3 et Nord 4, il vous faut 7 plis à vous deux, peu importe qui les fait." : "L'annonce de chaque joueur est son propre contrat : les plis de l'un n'aident personne d'autre."}`)));
  const nilTricks = team
    ? (s.nil_tricks === "count"
      ? L("A Nil adds nothing to the contract; if the Nil bidder takes tricks anyway, they count toward the partner's bid and, beyond it, as bags.",
        "Un Nil n'ajoute rien au contrat ; si le joueur à Nil fait quand même des plis, ils comptent pour l'annonce de son partenaire et, au-delà, comme sacs.")
      : L("A Nil adds nothing to the contract, and the Nil bidder's tricks never help the partner: each one is a bag.",
        "Un Nil n'ajoute rien au contrat, et les plis du joueur à Nil n'aident jamais son partenaire : chacun est un sac."))
    : L("A Nil bidder's tricks, if any, are bags: 1 point each, added to that player's bag count.",
      "Les plis d'un joueur à Nil, s'il en fait, sont des sacs : 1 point chacun, ajouté à ses sacs.");
  out.push(p(L(
    `<b>Nil</b> is a separate bet to take no trick at all: ${signed(s.nil_value)} if you take none, ${signed(-s.nil_value)} otherwise. ${nilTricks} ${s.bots_bid_nil ? "The computer players may bid Nil." : "The computer players never bid Nil: only you can."}`,
    `Le <b>Nil</b> est un pari à part : ne faire aucun pli. ${signed(s.nil_value)} si vous n'en faites aucun, ${signed(-s.nil_value)} sinon. ${nilTricks} ${s.bots_bid_nil ? "Les joueurs virtuels peuvent annoncer Nil." : "Les joueurs virtuels n'annoncent jamais Nil : vous seul le pouvez."}`)));
  if (s.blind_nil) {
    const deficit = s.blind_nil_deficit > 0
      ? L(` It is allowed only to a ${team ? "side" : "player"} trailing by at least ${s.blind_nil_deficit} points.`,
        ` Il n'est permis qu'à ${team ? "un camp mené" : "un joueur mené"} d'au moins ${s.blind_nil_deficit} points.`)
      : "";
    if (two) {
      out.push(p(L(
        `<b>${blind}</b> is declared before your first draw choice, so before you see any card of the hand, and is worth ${signed(s.blind_nil_value)} or ${signed(-s.blind_nil_value)}.${deficit}${s.exchange > 0 ? ` You then draw as usual; after the draw you may swap up to ${s.exchange} cards for random cards from the discards.` : ""}`,
        `Le <b>${blind}</b> s'annonce avant votre premier choix de pioche, donc avant de voir la moindre carte de la manche, et vaut ${signed(s.blind_nil_value)} ou ${signed(-s.blind_nil_value)}.${deficit}${s.exchange > 0 ? ` Vous piochez ensuite normalement ; après la pioche, vous pouvez échanger jusqu'à ${s.exchange} cartes contre des cartes tirées au hasard de la défausse.` : ""}`)));
    } else {
      out.push(p(L(
        `<b>${blind}</b> is declared before you see any card of the hand, worth ${signed(s.blind_nil_value)} or ${signed(-s.blind_nil_value)}.${deficit} At the start of each hand every player who may declare it is asked first: ${blind}, or look at the cards. A ${blind} player's cards stay face down while the others bid and are shown once the bids are made; the hand is then played as usual, trying to take no trick.`,
        `Le <b>${blind}</b> s'annonce avant de voir la moindre carte de la manche et vaut ${signed(s.blind_nil_value)} ou ${signed(-s.blind_nil_value)}.${deficit} Au début de chaque manche, chaque joueur qui peut l'annoncer est d'abord interrogé : ${blind}, ou voir ses cartes. Les cartes d'un joueur en ${blind} restent face cachée pendant les annonces des autres et sont montrées une fois les annonces faites ; la manche se joue ensuite normalement, en essayant de ne faire aucun pli.`)));
    }
  }
  out.push(h(L("Playing the tricks", "Jouer les plis")));
  out.push(fr ? ul([
    "Le joueur qui entame pose une carte, puis chacun en ajoute une à son tour. Vous devez fournir à la couleur demandée si vous le pouvez ; sinon, jouez n'importe quelle carte. Jouer un pique sur une autre couleur s'appelle couper.",
    "Vous ne pouvez pas entamer à pique tant que les piques ne sont pas ouverts, c'est-à-dire tant qu'aucun pique n'a été joué lors d'un pli précédent, sauf si vous n'avez que des piques.",
    "Le plus haut pique remporte le pli ; sans pique, la plus forte carte de la couleur demandée. Le gagnant entame le pli suivant.",
  ]) : ul([
    "The leader plays a card, then each player adds one in turn. You must follow the suit led if you can; otherwise play any card. Playing a spade on another suit is trumping.",
    "You cannot lead a spade until spades are broken, that is until a spade has been played in an earlier trick, unless you hold nothing but spades.",
    "The highest spade wins the trick; without a spade, the highest card of the suit led. The winner leads the next trick.",
  ]));
  out.push(h(L("Winning the game", "Gagner la partie")));
  const floor = s.floor !== null && s.floor !== undefined;
  out.push(p(L(
    `The game ends after any hand in which a ${team ? "team" : "player"} reaches ${s.target} points. The highest score wins; on a tie another hand is played.${floor ? ` A ${team ? "team" : "player"} at or below ${s.floor} loses at once.` : ""}`,
    `La partie s'arrête à la fin de toute manche où ${team ? "une équipe" : "un joueur"} atteint ${s.target} points. Le score le plus élevé l'emporte ; en cas d'égalité, on joue une manche de plus.${floor ? ` ${team ? "Une équipe" : "Un joueur"} à ${s.floor} points ou moins perd aussitôt.` : ""}`)));
  return out.join("");
}

function scoring(s, fr) {
  const { team } = shape(s);
  const L = (en, f) => (fr ? f : en);
  const blind = L(...shape(s).blindName);
  const rows = [
    [L("Contract made", "Contrat réussi"), L("10 × contract", "10 × contrat")],
    [L("Each extra trick (a bag)", "Chaque pli en trop (un sac)"), "+1"],
    [L("Contract set", "Contrat chuté"), L("−10 × contract", "−10 × contrat")],
    [L("Nil made", "Nil réussi"), signed(s.nil_value)], [L("Nil failed", "Nil chuté"), signed(-s.nil_value)],
    team && s.nil_tricks === "count" ? null : [L("Each trick taken by a Nil bidder (a bag)", "Chaque pli fait par un joueur à Nil (un sac)"), "+1"],
    s.blind_nil ? [L(`${blind} made / failed`, `${blind} réussi / chuté`), `${signed(s.blind_nil_value)} / ${signed(-s.blind_nil_value)}`] : null,
    s.bag_limit > 0 ? [L(`Each ${s.bag_limit} bags`, `Chaque série de ${s.bag_limit} sacs`), signed(-s.bag_penalty)] : [L("Bags", "Sacs"), L("no penalty", "pas de pénalité")],
  ];
  const table = `<table class="sheet"><thead><tr><th scope="col">${L("Result", "Résultat")}</th><th scope="col">Points</th></tr></thead><tbody>` +
    rows.filter(Boolean).map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`).join("") + "</tbody></table>";
  const nil = team
    ? (s.nil_tricks === "count"
      ? L("A Nil bidder's tricks still count toward the team's contract and, beyond it, as bags.",
        "Les plis d'un joueur qui a annoncé Nil comptent quand même pour le contrat de l'équipe et, au-delà, comme sacs.")
      : L("A Nil bidder's tricks do not help the partner's bid: each one is a bag.",
        "Les plis d'un joueur qui a annoncé Nil ne comptent pas pour l'annonce de son partenaire : chacun est un sac."))
    : L("Each player scores alone. A Nil bidder's tricks are bags: 1 point each, added to that player's bag count, and the Nil fails with the first one.",
      "Chaque joueur marque pour lui seul. Les plis d'un joueur à Nil sont des sacs : 1 point chacun, ajouté à ses sacs, et le Nil chute dès le premier.");
  const bags = s.bag_limit > 0
    ? L(`Bags carry over from hand to hand. Each time the count reaches ${s.bag_limit}, ${s.bag_penalty} points are lost and ${s.bag_limit} bags are taken off.`,
      `Les sacs se cumulent d'une manche à l'autre. Chaque fois que le total atteint ${s.bag_limit}, on perd ${s.bag_penalty} points et ${s.bag_limit} sacs sont retirés.`)
    : "";
  let example;
  if (!team) {
    example = L("Example: you bid 4 and take 6 tricks: 40 + 2 = +42, and 2 bags. Had you taken 3, you would lose 40.",
      "Exemple : vous annoncez 4 et faites 6 plis : 40 + 2 = +42, et 2 sacs. Avec 3 plis, vous perdriez 40.");
  } else if (s.nil_tricks === "count") {
    example = L(`Example: you bid Nil and North 5; the contract is 5. If you take 1 trick and North 4, the contract of 5 is made (+50) but the Nil fails (${signed(-s.nil_value)}): ${signed(50 - s.nil_value)} for the hand.`,
      `Exemple : vous annoncez Nil et Nord 5 ; le contrat est 5. Si vous faites 1 pli et Nord 4, le contrat de 5 est réussi (+50) mais le Nil chute (${signed(-s.nil_value)}) : ${signed(50 - s.nil_value)} pour la manche.`);
  } else {
    example = L(`Example: you bid Nil and North 5. If you take 1 trick and North 5, North's 5 is made (+50), the Nil fails (${signed(-s.nil_value)}) and your trick is a bag (+1): ${signed(51 - s.nil_value)} for the hand.`,
      `Exemple : vous annoncez Nil et Nord 5. Si vous faites 1 pli et Nord 5, le contrat de 5 est réussi (+50), le Nil chute (${signed(-s.nil_value)}) et votre pli est un sac (+1) : ${signed(51 - s.nil_value)} pour la manche.`);
  }
  return table + p(nil) + (bags ? p(bags) : "") + p(example);
}

function faq(s, fr) {
  const { two, team } = shape(s);
  const L = (en, f) => (fr ? f : en);
  const blind = L(...shape(s).blindName);
  let nilTrick;
  if (!team) {
    nilTrick = L(`You lose ${s.nil_value} points, and the trick is a bag: 1 point, added to your bag count. It helps nobody else${two ? ": North is your opponent" : ""}.`,
      `Vous perdez ${s.nil_value} points, et le pli est un sac : 1 point, ajouté à vos sacs. Il n'aide personne d'autre${two ? " : Nord est votre adversaire" : ""}.`);
  } else if (s.nil_tricks === "count") {
    nilTrick = L(`You lose ${s.nil_value} points. The trick still counts toward your team's contract: it can help North make the bid, and beyond the contract it is a bag.`,
      `Vous perdez ${s.nil_value} points. Le pli compte quand même pour le contrat de l'équipe : il peut aider Nord à tenir son annonce et, au-delà du contrat, c'est un sac.`);
  } else {
    nilTrick = L(`You lose ${s.nil_value} points. The trick does not count toward North's bid: it is a bag.`,
      `Vous perdez ${s.nil_value} points. Le pli ne compte pas pour l'annonce de Nord : c'est un sac.`);
  }
  const qa = [
    [L("How many points do you need to win?", "Combien de points faut-il pour gagner ?"),
      L(`In this game, ${s.target}. If several ${team ? "teams" : "players"} reach it in the same hand the highest score wins, and on a tie another hand is played.`,
        `Dans cette partie, ${s.target}. Si plusieurs ${team ? "équipes l'atteignent" : "joueurs l'atteignent"} lors de la même manche, le score le plus élevé l'emporte, et en cas d'égalité, on joue une manche de plus.`)],
    team ? null : [L("Who is my partner?", "Qui est mon partenaire ?"),
      two ? L("Nobody: there are two of you, and North is your opponent.", "Personne : vous êtes deux, et Nord est votre adversaire.")
        : L("Nobody: in this game each of the four plays for themselves, so North is an opponent like West and East.",
          "Personne : dans cette partie, chacun des quatre joue pour soi, et Nord est un adversaire comme Ouest et Est.")],
    [L("Can I lead a spade at any time?", "Peut-on entamer à pique à tout moment ?"),
      L("No. You cannot lead a spade until one has been played in an earlier trick, unless the leader holds nothing but spades.",
        "Non. On ne peut pas entamer à pique tant qu'un pique n'a pas été joué lors d'un pli précédent, sauf si le joueur qui entame n'a que des piques.")],
    [L("What if I bid Nil and take a trick?", "Que se passe-t-il si j'annonce Nil et que je remporte un pli ?"), nilTrick],
    s.blind_nil && !two ? [L(`When are a ${blind} player's cards shown?`, `Quand voit-on les cartes d'un joueur en ${blind} ?`),
      L(`Once the bids are made. Until every player has bid, the ${blind} player's cards stay face down (yours too, if you declared it); then they are shown and the hand is played as usual.`,
        `Une fois les annonces faites. Tant que tout le monde n'a pas annoncé, les cartes du joueur en ${blind} restent face cachée (les vôtres aussi, si vous l'avez annoncé) ; elles sont ensuite montrées et la manche se joue normalement.`)] : null,
    s.blind_nil && two ? [L("What is Double Nil?", "Qu'est-ce que le Double Nil ?"),
      L(`The two-player Blind Nil: declared before your first draw choice, worth ${signed(s.blind_nil_value)} or ${signed(-s.blind_nil_value)}. You then draw as usual${s.exchange > 0 ? `, and after the draw you may swap up to ${s.exchange} cards for random cards from the discards` : ""}.`,
        `Le Nil aveugle à deux : il s'annonce avant votre premier choix de pioche et vaut ${signed(s.blind_nil_value)} ou ${signed(-s.blind_nil_value)}. Vous piochez ensuite normalement${s.exchange > 0 ? `, et après la pioche vous pouvez échanger jusqu'à ${s.exchange} cartes contre des cartes tirées au hasard de la défausse` : ""}.`)] : null,
    [L("What are bags?", "Que sont les sacs ?"),
      L(`Tricks taken beyond the contract. Each is worth 1 point${s.bag_limit > 0 ? `, but every ${s.bag_limit} bags cost ${s.bag_penalty} points` : ""}.`,
        `Les plis faits au-delà du contrat. Chacun rapporte 1 point${s.bag_limit > 0 ? `, mais chaque série de ${s.bag_limit} sacs coûte ${s.bag_penalty} points` : ""}.`)],
    [L("Do the computer players bid Nil?", "Les joueurs virtuels annoncent-ils Nil ?"),
      s.bots_bid_nil ? L("Yes, in this game they may.", "Oui, dans cette partie ils le peuvent.")
        : L("No. The computer players always bid at least 1: only you can bid Nil.", "Non. Les joueurs virtuels annoncent toujours au moins 1 : vous seul pouvez annoncer Nil.")],
    [L("Can I undo a move?", "Puis-je annuler un coup ?"),
      L("No, there is no undo. The game is saved automatically and continues after a page reload.",
        "Non, il n'y a pas de bouton Annuler. La partie est enregistrée automatiquement et reprend après un rechargement de la page.")],
  ];
  return qa.filter(Boolean).map(([q, a]) => `<h3>${q}</h3>${p(a)}`).join("");
}

/** Strategy tips that fit the table: partnership tips only where there is a partner. */
function tips(s, fr) {
  const { two, team, cutthroat } = shape(s);
  const L = (en, f) => (fr ? f : en);
  const out = [];
  out.push(L("Bid your sure tricks. In hearts, diamonds and clubs count each Ace as one trick and Ace-King as two. Count a King with one or two small cards of its suit as half a trick, and ignore Queens. A long suit is risky: with six clubs your King may be trumped.",
    "Annoncez en comptant vos plis sûrs. À cœur, à carreau et à trèfle, comptez chaque As pour un pli et un As-Roi pour deux. Comptez un Roi accompagné d'une ou deux petites cartes de sa couleur pour un demi-pli, et ignorez les Dames. Une couleur longue est risquée : avec six trèfles, votre Roi risque d'être coupé."));
  out.push(L("Then count your spades. The Ace is a sure trick and the King nearly so if another spade guards it. Add about one trick for each spade beyond the third, and half a trick for a void or singleton in a side suit that you can trump. With the Ace and King of hearts and four small spades, count about three tricks.",
    "Comptez ensuite vos piques. L'As est un pli sûr, et le Roi presque, s'il est protégé par un autre pique. Ajoutez environ un pli pour chaque pique au-delà du troisième, et un demi-pli pour une chicane ou un singleton dans une couleur annexe, que vous pourrez couper. Avec l'As et le Roi de cœur et quatre petits piques, comptez environ trois plis."));
  if (s.deck === "jokers") out.push(L("With the jokers deck the Big and Little Joker are the two highest spades: each is a sure trick, and they push your Ace and King of spades down a rank. There is no 2♣ or 2♦, so those suits run out a card sooner.",
    "Avec les jokers, le grand et le petit joker sont les deux plus forts piques : chacun est un pli sûr, et ils font descendre d'un rang votre As et votre Roi de pique. Il n'y a ni 2♣ ni 2♦ : ces couleurs s'épuisent une carte plus tôt."));
  if (two) out.push(L("During the draw, keep Aces, Kings and high spades when you see them, and discard middle cards: the card you take after a discard is unseen, and half the deck is never played, so voids and long suits are common.",
    "Pendant la pioche, gardez les As, les Rois et les gros piques quand vous les voyez, et défaussez les cartes moyennes : la carte prise après une défausse est inconnue, et la moitié du jeu n'est jamais jouée, si bien que chicanes et couleurs longues sont fréquentes."));
  if (two) out.push(L("Add up the bids. There are 13 tricks between the two of you: if North bids 6, a bid of 8 from you means one of you will be set; if the bids add up to 9, the four spare tricks will become bags.",
    "Additionnez les annonces. Il y a 13 plis pour vous deux : si Nord annonce 6, une annonce de 8 de votre part signifie que l'un de vous chutera ; si les annonces font 9 au total, les quatre plis restants deviendront des sacs."));
  else out.push(L(`Add up the bids made before yours. There are only 13 tricks: if the other three bid 10 in total, a bid of 4 from you means at least one ${team ? "team" : "player"} will be set. If they bid 7, the spare tricks will probably become bags.`,
    `Additionnez les annonces faites avant la vôtre. Il n'y a que 13 plis : si les trois autres joueurs ont annoncé 10 au total, une annonce de 4 de votre part signifie qu'au moins ${team ? "une équipe chutera" : "un joueur chutera"}. S'ils ont annoncé 7, les plis restants deviendront probablement des sacs.`));
  out.push(L(`Bid Nil only with the right hand: no Ace or King, no spade above about the 9, three spades at most, and plenty of 2s, 3s and 4s. Then, whenever a higher card is already winning the trick, play your highest card that still loses, such as the Queen of clubs under the King.${team ? "" : " Nobody will protect you: every other player is glad to see your Nil fail."}`,
    `N'annoncez Nil qu'avec la bonne main. Cherchez une main sans As ni Roi, sans pique au-dessus du 9 environ, avec trois piques au maximum, et beaucoup de 2, de 3 et de 4. Ensuite, chaque fois qu'une carte plus forte remporte déjà le pli, jouez votre plus haute carte qui perd encore, comme la Dame de trèfle sous le Roi.${team ? "" : " Personne ne vous protégera : tous les autres joueurs ont intérêt à voir votre Nil chuter."}`));
  if (team) out.push(L("Protect your partner's Nil. Take the tricks that could fall to them: play high before them so they can duck under, win any trick they are winning, and lead suits they have run out of so they can discard dangerous cards.",
    "Protégez le Nil de votre partenaire. Votre rôle est de prendre les plis qui pourraient lui rester sur les bras : jouez haut avant lui pour qu'il puisse passer en dessous, remportez à sa place tout pli qu'il est en train de gagner, et entamez les couleurs qu'il n'a plus pour qu'il puisse se défausser de ses cartes dangereuses."));
  if (!team) out.push(L("Set a Nil when you can: lead low cards in the Nil bidder's short suits and stay under their cards, so that they are left winning a trick.",
    "Faites chuter un Nil quand vous le pouvez : entamez petit dans les couleurs courtes du joueur à Nil et restez sous ses cartes, pour qu'il finisse par remporter un pli."));
  const others = team ? L("the other team", "l'autre équipe") : two ? L("North", "Nord") : L("the others", "les autres");
  const setThem = team ? L("set them", "la faire chuter") : two ? L("set North", "faire chuter Nord") : L("set someone", "faire chuter quelqu'un");
  if (s.bag_limit > 0) {
    const cost = Math.max(0, Math.round(s.bag_penalty / s.bag_limit) - 1);
    out.push(L(`Treat bags as a real cost. A bag earns 1 point now but every ${s.bag_limit} cost ${s.bag_penalty}, so each costs about ${cost} points in the long run. Once your contract is made, play low and let ${others} take the rest, unless you can still ${setThem}. But never overbid to avoid bags: failing a bid of 6 costs 60.`,
      `Considérez les sacs comme un vrai coût. Un sac rapporte 1 point sur le moment, mais chaque série de ${s.bag_limit} en coûte ${s.bag_penalty} : à long terme, chacun coûte donc environ ${cost} points. Une fois votre contrat réussi, jouez petit et laissez ${others} faire le reste, sauf si vous pouvez encore ${setThem}. Mais n'annoncez jamais trop haut pour éviter les sacs : manquer une annonce de 6 coûte 60.`));
  } else {
    out.push(L(`Bags cost nothing in this game: every extra trick is a free point. Once your contract is made, keep taking tricks, above all those that could ${setThem}.`,
      `Les sacs ne coûtent rien dans cette partie : chaque pli en trop est un point gagné. Une fois votre contrat réussi, continuez à prendre des plis, surtout ceux qui peuvent ${setThem}.`));
  }
  out.push(team
    ? L("Lead your Aces early. A side-suit Ace usually wins on the first or second round; by the third someone may trump it. Lead suits North has run out of so North can trump, and avoid those West or East has run out of. Once spades are broken, leading your big spades draws out the others'.",
      "Entamez vos As tôt. Un As dans une couleur annexe gagne généralement au premier ou au deuxième tour ; au troisième, quelqu'un risque de le couper. Entamez les couleurs que Nord n'a plus, pour que Nord puisse couper, et évitez celles qu'Ouest ou Est n'a plus. Une fois les piques ouverts, entamer vos plus gros piques fait tomber ceux des autres.")
    : L(`Lead your Aces early. A side-suit Ace usually wins on the first or second round; by the third someone may trump it. Avoid leading a suit ${two ? "North has" : "another player has"} run out of. Once spades are broken, leading your big spades draws out the others'.`,
      `Entamez vos As tôt. Un As dans une couleur annexe gagne généralement au premier ou au deuxième tour ; au troisième, quelqu'un risque de le couper. Évitez d'entamer une couleur que ${two ? "Nord n'a plus" : "un autre joueur n'a plus"}. Une fois les piques ouverts, entamer vos plus gros piques fait tomber ceux des autres.`));
  out.push(team
    ? L("Trump wisely. Do not trump your partner's winning card: if North's Ace is winning the trick, discard a small card of your shortest side suit instead. Playing last, use the lowest spade that wins. With players still to come, a small spade may be overtrumped: go higher if you need the trick.",
      "Coupez à bon escient. Ne coupez pas la carte maîtresse de votre partenaire : si l'As de Nord domine le pli, défaussez plutôt une petite carte de votre couleur annexe la plus courte. Quand vous jouez en dernier, utilisez le plus petit pique qui gagne. S'il reste des joueurs après vous, un petit pique peut être surcoupé : montez plus haut si vous avez besoin du pli.")
    : L(`Trump wisely. Playing last, use the lowest spade that wins.${cutthroat ? " With players still to come, a small spade may be overtrumped: go higher if you need the trick." : ""} When you need no more tricks, discard instead of trumping.`,
      `Coupez à bon escient. Quand vous jouez en dernier, utilisez le plus petit pique qui gagne.${cutthroat ? " S'il reste des joueurs après vous, un petit pique peut être surcoupé : montez plus haut si vous avez besoin du pli." : ""} Quand vous n'avez plus besoin de plis, défaussez-vous au lieu de couper.`));
  out.push(two
    ? L("Track spades and voids. Only half the deck is played, so a missing spade may simply be out of play; note when North fails to follow suit: North can trump that suit next time.",
      "Suivez les piques et les chicanes. Seule la moitié du jeu est jouée, si bien qu'un pique manquant est peut-être hors jeu ; notez quand Nord ne fournit pas : il pourra couper cette couleur la fois suivante.")
    : L("Track spades and voids. Count the 13 spades as they fall and note who fails to follow suit: that player can trump the suit next time. Once the Ace and King of spades are gone, your Queen of spades is the master.",
      "Suivez les piques et les chicanes. Comptez les 13 piques à mesure qu'ils tombent, et notez qui ne fournit pas, car ce joueur pourra couper cette couleur la fois suivante. Une fois l'As et le Roi de pique tombés, votre Dame de pique est maîtresse."));
  if (s.blind_nil) {
    out.push(two
      ? L(`Double Nil is worth ${signed(s.blind_nil_value)} on cards you have not seen. Draw for it: keep low cards and discard high ones${s.exchange > 0 ? `, then exchange the ${s.exchange} most dangerous cards` : ""}. Keep it for when you trail near the end.`,
        `Le Double Nil vaut ${signed(s.blind_nil_value)} sur des cartes que vous n'avez pas vues. Piochez en conséquence : gardez les petites cartes et défaussez les grosses${s.exchange > 0 ? `, puis échangez les ${s.exchange} cartes les plus dangereuses` : ""}. Gardez-le pour quand vous êtes mené en fin de partie.`)
      : L(`Blind Nil is a comeback bet: ${signed(s.blind_nil_value)} on cards you have not seen, and it fails far more often than a Nil. Keep it for when you trail badly near the end.${team ? " When your partner declares it, bid a little higher and take every trick you can before them." : ""}`,
        `Le Nil aveugle est un pari de rattrapage : ${signed(s.blind_nil_value)} sur des cartes que vous n'avez pas vues, et il chute bien plus souvent qu'un Nil. Gardez-le pour quand vous êtes nettement mené en fin de partie.${team ? " Quand votre partenaire l'annonce, annoncez un peu plus haut et prenez tous les plis que vous pouvez avant lui." : ""}`));
  }
  return out;
}

function history(fr) {
  return fr
    ? h("Petite histoire du Spades") + p("Le Spades appartient à la famille du whist, des jeux de plis qui comprend aussi le bridge. C'est un jeu américain du XXe siècle, longtemps joué en ligne sous Windows (Internet Spades). Les règles maison varient : jokers comme atouts les plus forts, Nil aveugle annoncé avant de regarder ses cartes, parties sans partenaires ou à deux joueurs. Toutes ces variantes se choisissent dans Options.")
    : h("A short history") + p("Spades belongs to the whist family of trick-taking games, which also includes bridge. It is an American game of the twentieth century, long played online on Windows (Internet Spades). House rules vary: jokers as the highest trumps, Blind Nil declared before looking at one's cards, games without partners or for two players. Every one of these variants can be chosen in Options.");
}

function usingPage(fr) {
  return fr ? ul([
    "Appuyez sur Nil ou sur un nombre pour annoncer, puis sur une carte pour la jouer. Les cartes injouables sont grisées ; un appui sur l'une d'elles en donne la raison.",
    "Clavier : Tab passe d'un bouton à l'autre, flèches gauche et droite pour parcourir votre main, Entrée pour jouer, chiffres pour annoncer (0 ou n pour Nil), h pour un indice, Échap pour fermer une fenêtre.",
    "Indice propose une annonce ou met en évidence la carte que l'ordinateur jouerait. Rejouer relance la même donne ; ajoutez ?deal= et un numéro à l'adresse pour partager une donne.",
    "Il n'y a pas de bouton Annuler. La partie et les statistiques sont enregistrées automatiquement.",
  ]) : ul([
    "Tap Nil or a number to bid, then a card to play it. Cards you may not play are greyed; tapping one tells you why.",
    "Keyboard: Tab moves between buttons, left and right arrows move through your hand, Enter plays, number keys bid (0 or n for Nil), h asks for a hint, Escape closes a window.",
    "Hint proposes a bid or highlights the card the computer would play. Replay restarts the same deal; add ?deal= and a number to the address to share a deal.",
    "There is no undo. The game and your stats are saved automatically.",
  ]);
}

/** The help sections for these settings, in the current language: [[id, title, html]]. */
export function helpSections(settings, preset) {
  const fr = language() === "fr";
  return [
    ["howto", fr ? "Comment jouer" : "How to play", howTo(settings, preset, fr) + h(fr ? "Jouer sur cette page" : "Playing on this page") + usingPage(fr) + history(fr)],
    ["scoring", fr ? "Décompte" : "Scoring", scoring(settings, fr)],
    ["faq", fr ? "Questions" : "FAQ", faq(settings, fr)],
    ["strategy", fr ? "Stratégie" : "Strategy", `<ol class="tips">${tips(settings, fr).map((x) => `<li>${x}</li>`).join("")}</ol>`],
  ];
}
