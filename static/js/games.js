// What the app says about each game: a lobby blurb and the rules reference
// (a short summary and the component data we had to reconstruct, from
// shared/rules/clarifications.md, marked so owners of the box can check it).

/** @type {Record<string, import("./types/client").Json>} */
const GAMES = {
  estoril: {
    blurb: {
      en: "Lisbon, 1942. Place agents face up or face down on six locations, peek with look symbols, trigger abilities and win the reward tiles.",
      es: "Lisboa, 1942. Coloca agentes boca arriba o boca abajo en seis localizaciones, espía con los símbolos de ojo, activa habilidades y gana las recompensas.",
    },
    summary: {
      en: [
        "Four rounds. Each round six location boards (eight with five players) are laid out in a grid, each with a reward tile (face down on a Top Secret space).",
        "On your turn place one character tile from your hand with one of your markers on a free space: an outer space, or an inner space next to a tile you control. On a Top Secret space the tile goes face down.",
        "A look symbol lets you look at one face-down tile in its reach; everyone sees that you looked, only you see the tile.",
        "Boards resolve in ascending numeral order: tiles are revealed, abilities (Assassin, Conspiracy, Seduction, Diplomacy, Double Agent) are used or skipped, and the strongest player takes the reward.",
        "At the end of the round keep at most six tiles; discards are chosen secretly and revealed together. Score discards (1 VP each), hand tiles, missions, the Enigma.",
      ],
      es: [
        "Cuatro rondas. En cada ronda se colocan seis tableros de localización (ocho con cinco jugadores), cada uno con una loseta de recompensa (boca abajo en un espacio Alto Secreto).",
        "En tu turno coloca una loseta de personaje de tu mano con uno de tus marcadores en un espacio libre: exterior, o interior junto a una loseta que controles. En un espacio Alto Secreto va boca abajo.",
        "Un símbolo de ojo te deja mirar una loseta boca abajo a su alcance; todos ven que miraste, solo tú ves la loseta.",
        "Los tableros se resuelven en orden de numeral: se revelan, se usan u omiten habilidades y el jugador más fuerte se lleva la recompensa.",
        "Al final de la ronda quédate con seis losetas como máximo; los descartes se eligen en secreto. Puntúan descartes (1 PV), mano, misiones y Enigma.",
      ],
    },
    reconstructed: [
      { en: "VIP expansion: all 17 characters (names, flags, strengths, abilities, black medals).", es: "Expansión VIP: los 17 personajes (nombres, banderas, fuerza, habilidades, medallas negras)." },
      { en: "Garret (board #10) and Portela Airport boards: space layout, look symbols and reward spaces.", es: "Tableros Garret (#10) y Aeropuerto de Portela: disposición de espacios, ojos y recompensas." },
      { en: "VIP missions: the flag set of \"most different flags\" and \"fewest Seduction symbols\".", es: "Misiones VIP: banderas de «más banderas distintas» y «menos símbolos de Seducción»." },
      { status: "likely", en: "Location boards #0–#9 and the promo / Double Agent characters are marked likely (from photos, not the printed list).", es: "Los tableros #0–#9 y los personajes promo / Agente Doble son probables (de fotos, no de la lista impresa)." },
    ],
  },
  agencia: {
    blurb: {
      en: "Each hand play one of four cards — one only you see, one only the others see, one face up, one face down — to send Agents into the Embassy.",
      es: "En cada mano juega una de tus cuatro cartas — una que solo ves tú, una que solo ven los demás, una boca arriba y otra boca abajo — para enviar Agentes a la Embajada.",
    },
    summary: {
      en: [
        "Each player keeps four cards in four positions: on the table face up (everyone sees it), on the table face down (nobody), in hand facing you (only you) and in hand facing the others (everyone but you).",
        "The Ambassador turns the Embassy to the Hall (at most as many Agents as players fit) or the Garden (the Agents must reach the number of players).",
        "From the Ambassador's left, each plays one card face up. Infiltrators resolve first, then Recruiters, then Agents.",
        "Information moves between players and the bank; most Information (tokens plus the value of your eight cards) wins.",
      ],
      es: [
        "Cada jugador tiene cuatro cartas en cuatro posiciones: en la mesa boca arriba (todos la ven), en la mesa boca abajo (nadie), en la mano mirándote (solo tú) y en la mano mirando a los demás (todos menos tú).",
        "El Embajador pone la Embajada en el Salón (caben como máximo tantos Agentes como jugadores) o el Jardín (los Agentes deben llegar al número de jugadores).",
        "Desde la izquierda del Embajador, cada uno juega una carta boca arriba. Primero Infiltrados, luego Reclutadores, luego Agentes.",
        "La Información pasa entre jugadores y banco; gana quien más tenga (fichas más el valor de sus ocho cartas).",
      ],
    },
    reconstructed: [
      { en: "Infiltrator card: information value 0.", es: "Carta de Infiltrado: valor de información 0." },
      { en: "Agent cards: information values 1, 1, 2, 2, 3 for 1–5 Agents (fits the rule text's example).", es: "Cartas de Agente: valores 1, 1, 2, 2, 3 para 1–5 Agentes (encaja con el ejemplo del reglamento)." },
      { en: "The \"More Embassies\" cards are not implemented: their effects are not in the rule text.", es: "Las cartas «Más Embajadas» no están implementadas: sus efectos no figuran en el reglamento." },
    ],
  },
  spies: {
    blurb: {
      en: "Secretly deploy four soldiers on missions, guess the enemy's ranks, bluff with the Sergeant and Deception tokens, push the Double Agent to their flag.",
      es: "Despliega en secreto cuatro soldados en misiones, adivina los rangos enemigos, farolea con el Sargento y las fichas de Engaño y empuja al Agente Doble hasta su bandera.",
    },
    summary: {
      en: [
        "Three days. Each day both sides secretly deploy four soldiers on Missions 1–4 in increasing rank order (the Sergeant may go anywhere).",
        "Each day an Intel card names a range of ranks (1–4, 4–7 or 7–10) and an Intel token marks each soldier in it; a Sergeant may lie. Then sides take turns guessing a rank on an enemy mission; the defender may first play a Deception token.",
        "A revealed soldier activates: Infiltration points, Double Agent moves, special effects. Reaching 10 IP moves the Double Agent toward the enemy by the day number.",
        "Push the Double Agent onto the enemy flag to win at once; otherwise after day 3 the side in whose enemy territory it stands wins.",
      ],
      es: [
        "Tres días. Cada día ambos bandos despliegan en secreto cuatro soldados en las Misiones 1–4 en orden creciente de rango (el Sargento puede ir en cualquier sitio).",
        "Cada día una carta de Inteligencia nombra un intervalo de rangos (1–4, 4–7 o 7–10) y una ficha de inteligencia marca a cada soldado que está en él; un Sargento puede mentir. Luego se adivinan rangos de misiones enemigas; el defensor puede jugar antes una ficha de Engaño.",
        "Un soldado revelado se activa: puntos de Infiltración, movimientos del Agente Doble, efectos. Llegar a 10 PI mueve al Agente Doble tantas casillas como el día.",
        "Lleva al Agente Doble a la bandera enemiga para ganar; si no, tras el día 3 gana el bando en cuyo territorio enemigo esté.",
      ],
    },
    reconstructed: [
      { status: "likely", en: "Intel deck: 6 cards, each naming one range of ranks: 1 to 4, 4 to 7 or 7 to 10 (the ranges are confirmed by a published review). Two cards of each range is our inference.", es: "Mazo de Inteligencia: 6 cartas, cada una con un intervalo de rangos: 1 a 4, 4 a 7 o 7 a 10 (los intervalos los confirma una reseña publicada). Dos cartas de cada intervalo es nuestra deducción." },
      { en: "Double Agent track: centre, 4 territory spaces per side, then the wall, then the flag.", es: "Recorrido del Agente Doble: centro, 4 casillas de territorio por bando, el muro y la bandera." },
    ],
  },
  conspiracy: {
    blurb: {
      en: "Bribe six independent agents across Europe and carry the briefcase to your HQ — or out-pay everyone to Dr. Solomon before he recovers it.",
      es: "Soborna a seis agentes independientes por Europa y lleva el maletín a tu sede — o paga al Dr. Solomon más que nadie antes de que lo recupere.",
    },
    summary: {
      en: [
        "Each player secretly pays sovereigns to the six agents (and Dr. Solomon) on a hidden payoff board; everyone only sees that a payoff was made.",
        "On your turn make a payoff or move an agent one step (or burn it). Any player may challenge: the duel is a bidding of announced payoffs on that agent, never more than what was really paid.",
        "After a successful move the mover may carry the briefcase and use the agent's ability.",
        "Bring the briefcase into your own HQ to win. At the end of Dr. Solomon's track his die is rolled each round: if it shows his face, the biggest payoff to Dr. Solomon wins.",
      ],
      es: [
        "Cada jugador paga en secreto soberanos a los seis agentes (y al Dr. Solomon) en su tablero de pagos, tras su escudo; los demás solo ven que hubo un pago.",
        "En tu turno haz un pago o mueve un agente un paso (o quémalo). Cualquiera puede desafiar: el duelo es una puja de pagos anunciados, nunca más de lo pagado.",
        "Tras un movimiento con éxito puedes llevar el maletín y usar la habilidad del agente.",
        "Lleva el maletín a tu propia sede para ganar. Al final de la pista del Dr. Solomon su dado se tira cada ronda: si sale su cara, gana el mayor pago al Dr. Solomon.",
      ],
    },
    reconstructed: [
      { en: "HQs: London, Moscow, Istanbul, Madrid (2 players: London and Istanbul).", es: "Sedes: Londres, Moscú, Estambul, Madrid (2 jugadores: Londres y Estambul)." },
      { en: "The map: 26 cities, stations (★) and red lines.", es: "El mapa: 26 ciudades, estaciones (★) y líneas rojas." },
      { en: "Dr. Solomon's track (starts on 20 with 4 players, 15 otherwise) and his die (2 Solomon faces).", es: "La pista del Dr. Solomon (empieza en 20 con 4 jugadores, 15 si no) y su dado (2 caras de Solomon)." },
      { en: "All six agent abilities: Beacon, Magician, Roulette, Spyglass, Tempest, Vagabond.", es: "Las seis habilidades de agente: Beacon, Magician, Roulette, Spyglass, Tempest, Vagabond." },
    ],
  },
};

/** @param {string} id */
export function gameBlurb(id) { return GAMES[id]?.blurb || null; }
/** @param {string} id */
export function gameRules(id) { return GAMES[id] || null; }
export const GAME_IDS = Object.keys(GAMES);
