// "How a turn is played here": the same steps for every game (the turn banner, the
// decision panel, clicking the board, Confirm, the log and reveals, the glossary), with
// each game's own clicks after the second step.

/** @type {Record<string, string[]>} */
const COMMON = {
  en: [
    "When it is your turn the banner at the top says “Your turn” and the tab's title starts with ●. The “Your decision” panel — on the right, or on a phone a sheet at the bottom of the screen — says what to decide.",
    "Click your choice on the board (what you may click is outlined in gold) or use the panel's buttons. A move may take several clicks; “Start over” clears them and “All legal choices” lists every move in words.",
    "The last click only shows what will be sent: “Confirm” sends it, “Change” lets you choose again. Nothing leaves before Confirm (you can turn this off under Settings).",
    "What just happened is highlighted on the board, and reveals play one step at a time (“Skip” jumps to the end). The Log tells every event in words from your point of view, grouped by round; “What you know” keeps what you have seen.",
    "Hover, focus or tap any symbol on the board to see what it means; “Terms and symbols” under the board lists them all.",
  ],
  es: [
    "Cuando es tu turno, el aviso de arriba dice «Tu turno» y el título de la pestaña empieza por ●. El panel «Tu decisión» —a la derecha, o en un móvil una hoja en la parte de abajo de la pantalla— dice qué hay que decidir.",
    "Haz clic en tu elección sobre el tablero (lo que puedes pulsar tiene un borde dorado) o usa los botones del panel. Una jugada puede llevar varios clics; «Volver a empezar» los borra y «Todas las opciones legales» enumera cada jugada con palabras.",
    "El último clic solo muestra lo que se enviará: «Confirmar» lo envía y «Cambiar» te deja elegir de nuevo. Nada sale antes de Confirmar (puedes desactivarlo en Ajustes).",
    "Lo que acaba de pasar se resalta en el tablero, y las revelaciones se muestran paso a paso («Saltar» va al final). El Registro cuenta cada suceso con palabras desde tu punto de vista, agrupado por ronda; «Lo que sabes» guarda lo que has visto.",
    "Pasa el ratón, enfoca o toca cualquier símbolo del tablero para ver qué significa; «Términos y símbolos», bajo el tablero, los explica todos.",
  ],
};

/** @type {Record<string, Record<string, string[]>>} */
const GAME = {
  estoril: {
    en: ["Estoril 1942: click a tile in your hand, then a free space. After placing on an eye, choose the face-down tile to look at (or pass). When a board resolves the panel asks about your tiles' abilities in Roman-numeral order; at the end of a round click the tiles to discard."],
    es: ["Estoril 1942: haz clic en una loseta de tu mano y luego en un espacio libre. Tras colocar sobre un ojo, elige la loseta boca abajo que quieres mirar (o pasa). Al resolverse un tablero, el panel te pregunta por las habilidades de tus losetas en el orden de los números romanos; al final de la ronda haz clic en las losetas que descartas."],
  },
  agencia: {
    en: ["La Agencia: the Ambassador clicks Hall or Garden. To play, click one of the four cards in your own row — you choose a position, even one whose card you cannot see. A Recruiter or Infiltrator then clicks the name plate of the player it targets."],
    es: ["La Agencia: el Embajador hace clic en Salón o Jardín. Para jugar, haz clic en una de las cuatro cartas de tu fila: eliges una posición, aunque no veas su carta. Un Reclutador o un Infiltrado hace clic después en la placa del jugador al que apunta."],
  },
  spies: {
    en: ["Spies & Lies: to deploy, click four soldiers in your hand, for Mission 1 to 4 in turn; then the panel asks whether your Sergeant gets an intel token. To guess, click an enemy mission, then a rank. When the enemy is about to guess one of yours, the panel offers your Deception token."],
    es: ["Spies & Lies: para desplegar, haz clic en cuatro soldados de tu mano, de la Misión 1 a la 4 por orden; después el panel pregunta si tu Sargento lleva ficha de inteligencia. Para adivinar, haz clic en una misión enemiga y luego en un rango. Cuando el rival va a adivinar uno de los tuyos, el panel te ofrece tu ficha de Engaño."],
  },
  conspiracy: {
    en: ["Conspiracy: to move, click an agent on the map, then a city (a burn names the target agent instead). A payoff is made from the panel: Payoff, whom, how many sovereigns. When an order is announced the panel asks each player in turn whether to challenge; in the duel, announce a number or stop."],
    es: ["Conspiracy: para mover, haz clic en un agente del mapa y luego en una ciudad (para quemar se elige el agente objetivo). Un pago se hace desde el panel: Pago, a quién y cuántos soberanos. Cuando se anuncia una orden, el panel pregunta a cada jugador por turno si desafía; en el duelo, anuncia una cantidad o plántate."],
  },
};

/** The steps for `game` in `lang`: the common ones with the game's own after the second.
 * @param {string} game @param {string} lang @returns {string[]} */
export function howTo(game, lang) {
  const common = COMMON[lang] || COMMON.en;
  const own = (GAME[game]?.[lang] || GAME[game]?.en || []);
  return [...common.slice(0, 2), ...own, ...common.slice(2)];
}
