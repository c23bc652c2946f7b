// English and Spanish UI strings, a language switch and a default from the browser.
import { savedLang, saveLang } from "./storage.js";

/** @type {Record<string, Record<string, string>>} */
const STRINGS = {
  en: {
    "app.tagline": "Hidden-information spy games with friends, from an invite link.",
    "nav.lobby": "Lobby", "nav.rules": "Rules", "nav.language": "Language",
    "lobby.games": "Games", "lobby.create": "Create a table", "lobby.public": "Public tables waiting for players",
    "lobby.noPublic": "No public table is waiting right now.", "lobby.players": "{min}–{max} players",
    "lobby.yourTables": "Your tables", "lobby.open": "Open", "lobby.join": "Join",
    "lobby.rules": "Rules",
    "create.game": "Game", "create.seats": "Players", "create.name": "Your name",
    "create.private": "Private (invite link only)", "create.spectators": "Allow spectators",
    "create.publish": "Publish the full log after the game", "create.bots": "Bots in empty seats", "create.botLevel": "Bot level",
    "create.searchTooMany": "{level}: Search plays for at most {n} bots at a table (with more, every round would wait for each of them). You may still choose it.",
    "create.searchClock": "{level}: Search would not keep to this clock (it thinks about a second per move). You may still choose it.",
    "bot.random": "Random", "bot.heuristic": "Rules of thumb", "bot.search": "Search (strongest)",
    "opt.estoril.promo": "Enigma promo", "opt.estoril.double_agent": "Double Agent", "opt.estoril.vip": "VIP", "opt.estoril.roulette": "Casino Roulette",
    "create.options": "Options", "create.submit": "Create table", "create.noOptions": "This game has no options.",
    "create.clock": "Clock", "clock.none": "No clock (the table waits for everyone)", "clock.per_decision": "Per decision",
    "clock.bank": "Time bank (+ increment)", "clock.correspondence": "Correspondence (days)",
    "create.clockSeconds": "Seconds", "create.clockIncrement": "Increment (s)", "create.handoverAfter": "Timeouts before a bot holds the seat",
    "create.clockMin": "A clock needs at least 5 seconds.",
    "clock.describe.none": "No clock: the table waits for everyone.",
    "clock.describe.per_decision": "Clock: {time} per decision.",
    "clock.describe.bank": "Clock: a bank of {time} per player, +{increment} s per decision.",
    "clock.describe.correspondence": "Clock: {time} per decision (correspondence).",
    "clock.describe.handover": "When time runs out, Spyhouse plays for that player; after {n} timeouts in a row a bot holds the seat until they come back.",
    "rules.clocks": "Clocks: a table may have no clock, a time per decision, a time bank per player (with an increment) or days per decision. When a player's time runs out, Spyhouse plays their pending decision for them and the log says so; after some timeouts in a row a bot holds their seat until they come back.",
    "join.title": "Join {game}", "join.name": "Display name", "join.submit": "Take a seat",
    "join.started": "This game has already started.", "join.full": "Every seat is taken.",
    "join.watch": "Watch as a spectator", "join.seats": "Seats",
    "wait.title": "Waiting for players", "wait.invite": "Invite link", "wait.copy": "Copy link", "wait.copied": "Copied!",
    "wait.addBot": "Add a bot", "wait.remove": "Remove", "wait.start": "Start the game",
    "wait.fillStart": "Fill with bots and start", "wait.open": "open seat", "wait.bot": "bot",
    "wait.hostOnly": "The host starts the game when every seat is filled.", "wait.reserved": "kept for {name}",
    "seat.you": "you", "seat.name": "Seat {n}",
    "table.spectating": "You are watching as a spectator: you see only public information.",
    "table.yourTurn": "Your turn", "table.waitingFor": "Waiting for {who}", "table.nobody": "—",
    "table.decide": "Your decision", "table.choose": "Choose {field}", "table.back": "Start over",
    "table.allChoices": "All legal choices ({n})", "table.nothing": "Nothing to decide right now.",
    "table.log": "Log", "table.fullLog": "Full log (published by the host)", "table.players": "Players",
    "table.scores": "Final scores", "table.winner": "Winner", "table.winners": "Winners",
    "table.draw": "No winner", "table.breakdown": "Breakdown", "table.gameOver": "The game is over.",
    "table.connecting": "Connecting…", "table.reconnecting": "Connection lost — reconnecting…",
    "table.online": "Live", "table.noSpectators": "This table does not allow spectators.",
    "table.unknown": "No such table.", "table.selected": "Selected", "table.sending": "Sending…",
    "table.round": "Round {n}", "table.rules": "Rules reference", "table.board": "Board",
    "table.toLobby": "Back to the lobby", "table.privateTo": "[seen by {who}]", "table.toBot": "Hand to a bot", "table.score": "Score", "table.seat": "Seat",
    "error.offline": "You are offline; the move was not sent.",
    "error.generic": "Something went wrong.",
    "ev.joined": "{name} joined", "ev.bot_seated": "A bot took seat {seat}", "ev.seat_emptied": "Seat {seat} was emptied",
    "ev.game_started": "The game started", "ev.rematch": "The host opened a rematch",
    "yes": "Yes", "no": "No", "none": "none",
    "field.type": "action",
    "bd.total": "Total", "bd.tokens": "Tokens", "bd.cards": "Cards", "bd.discarded_tiles": "Discarded tiles", "bd.hand_tiles": "Hand tiles",
    "bd.missions": "Missions", "bd.enigma": "Enigma", "bd.black_medals": "Black medals", "bd.ending": "Ending", "bd.winner": "Winner",
    "bd.day": "Day", "bd.double_agent": "Double Agent", "bd.double_agent_position": "Double Agent position", "bd.infiltration_points": "Infiltration points",
    "bd.payoffs_to_solomon": "Payoffs to Dr. Solomon", "bd.reserves": "Reserves", "bd.shared": "Shared win", "bd.scores": "Scores",
    "bd.players": "Players", "bd.player": "Player", "bd.seat": "Seat", "bd.shown": "Shown", "bd.hands": "Hands",
    "rules.reconstructed": "Reconstructed", "rules.likely": "Likely", "rules.reconstructedNote": "Reconstructed component data: printed on a component we could not see; invented to be plausible. Check it against your physical copy.",
    "rules.title": "{game}: rules reference", "rules.summary": "Summary", "rules.data": "Component data to check",
    "rules.serverEnforces": "The server enforces the rules: an illegal move is refused with the reason.",
  },
  es: {
    "app.tagline": "Juegos de espías con información oculta, con amigos y un enlace de invitación.",
    "nav.lobby": "Sala", "nav.rules": "Reglas", "nav.language": "Idioma",
    "lobby.games": "Juegos", "lobby.create": "Crear una mesa", "lobby.public": "Mesas públicas esperando jugadores",
    "lobby.noPublic": "Ahora mismo no hay mesas públicas esperando.", "lobby.players": "{min}–{max} jugadores",
    "lobby.yourTables": "Tus mesas", "lobby.open": "Abrir", "lobby.join": "Unirse",
    "lobby.rules": "Reglas",
    "create.game": "Juego", "create.seats": "Jugadores", "create.name": "Tu nombre",
    "create.private": "Privada (solo con enlace)", "create.spectators": "Permitir espectadores",
    "create.publish": "Publicar el registro completo al terminar", "create.bots": "Bots en asientos vacíos", "create.botLevel": "Nivel de los bots",
    "create.searchTooMany": "{level}: Búsqueda juega como mucho por {n} bots en una mesa (con más, cada ronda esperaría a cada uno). Aún puedes elegirla.",
    "create.searchClock": "{level}: Búsqueda no cabría en este reloj (piensa cerca de un segundo por jugada). Aún puedes elegirla.",
    "bot.random": "Al azar", "bot.heuristic": "Reglas de oro", "bot.search": "Búsqueda (el más fuerte)",
    "create.options": "Opciones", "create.submit": "Crear mesa", "create.noOptions": "Este juego no tiene opciones.",
    "create.clock": "Reloj", "clock.none": "Sin reloj (la mesa espera a todos)", "clock.per_decision": "Por decisión",
    "clock.bank": "Bolsa de tiempo (+ incremento)", "clock.correspondence": "Por correspondencia (días)",
    "create.clockSeconds": "Segundos", "create.clockIncrement": "Incremento (s)", "create.handoverAfter": "Tiempos agotados antes de que un bot guarde el asiento",
    "create.clockMin": "Un reloj necesita al menos 5 segundos.",
    "clock.describe.none": "Sin reloj: la mesa espera a todos.",
    "clock.describe.per_decision": "Reloj: {time} por decisión.",
    "clock.describe.bank": "Reloj: una bolsa de {time} por jugador, +{increment} s por decisión.",
    "clock.describe.correspondence": "Reloj: {time} por decisión (por correspondencia).",
    "clock.describe.handover": "Si se acaba el tiempo, Spyhouse juega por ese jugador; tras {n} tiempos agotados seguidos un bot guarda su asiento hasta que vuelva.",
    "rules.clocks": "Relojes: una mesa puede no tener reloj, tener un tiempo por decisión, una bolsa de tiempo por jugador (con incremento) o días por decisión. Si a un jugador se le acaba el tiempo, Spyhouse toma su decisión pendiente y el registro lo dice; tras varios tiempos agotados seguidos un bot guarda su asiento hasta que vuelva.",
    "join.title": "Unirse a {game}", "join.name": "Nombre visible", "join.submit": "Sentarse",
    "join.started": "La partida ya ha empezado.", "join.full": "Todos los asientos están ocupados.",
    "join.watch": "Mirar como espectador", "join.seats": "Asientos",
    "wait.title": "Esperando jugadores", "wait.invite": "Enlace de invitación", "wait.copy": "Copiar enlace", "wait.copied": "¡Copiado!",
    "wait.addBot": "Añadir un bot", "wait.remove": "Quitar", "wait.start": "Empezar la partida",
    "wait.fillStart": "Completar con bots y empezar", "wait.open": "asiento libre", "wait.bot": "bot",
    "wait.hostOnly": "El anfitrión empieza la partida cuando todos los asientos están ocupados.", "wait.reserved": "reservado para {name}",
    "seat.you": "tú", "seat.name": "Asiento {n}",
    "table.spectating": "Estás mirando como espectador: solo ves la información pública.",
    "table.yourTurn": "Tu turno", "table.waitingFor": "Esperando a {who}", "table.nobody": "—",
    "table.decide": "Tu decisión", "table.choose": "Elige {field}", "table.back": "Volver a empezar",
    "table.allChoices": "Todas las opciones legales ({n})", "table.nothing": "Ahora no tienes nada que decidir.",
    "table.log": "Registro", "table.fullLog": "Registro completo (publicado por el anfitrión)", "table.players": "Jugadores",
    "table.scores": "Puntuación final", "table.winner": "Ganador", "table.winners": "Ganadores",
    "table.draw": "Sin ganador", "table.breakdown": "Desglose", "table.gameOver": "La partida ha terminado.",
    "table.connecting": "Conectando…", "table.reconnecting": "Conexión perdida — reconectando…",
    "table.online": "En directo", "table.noSpectators": "Esta mesa no admite espectadores.",
    "table.unknown": "No existe esa mesa.", "table.selected": "Seleccionado", "table.sending": "Enviando…",
    "table.round": "Ronda {n}", "table.rules": "Reglas", "table.board": "Tablero",
    "table.toLobby": "Volver a la sala", "table.privateTo": "[visto por {who}]", "table.toBot": "Pasar a un bot", "table.score": "Puntos", "table.seat": "Asiento",
    "error.offline": "Estás sin conexión; la jugada no se envió.",
    "error.generic": "Algo ha ido mal.",
    "ev.joined": "{name} se ha unido", "ev.bot_seated": "Un bot ocupa el asiento {seat}", "ev.seat_emptied": "Se ha vaciado el asiento {seat}",
    "ev.game_started": "Empieza la partida", "ev.rematch": "El anfitrión ha abierto una revancha",
    "yes": "Sí", "no": "No", "none": "ninguno",
    "opt.estoril.promo": "Promo Enigma", "opt.estoril.promo.help": "La loseta Enigma y 4 personajes promocionales",
    "opt.estoril.double_agent": "Agente Doble", "opt.estoril.double_agent.help": "Expansión Agente Doble: 7 personajes, Alcântara y Hotel Avenida Palace, 2 misiones; permite un 5.º jugador (rosa)",
    "opt.estoril.vip": "VIP", "opt.estoril.vip.help": "Expansión VIP: 17 personajes (reconstruidos), Garret y Aeropuerto de Portela, 3 misiones",
    "opt.estoril.roulette": "Ruleta", "opt.estoril.roulette.help": "Ruleta del Casino (VIP): una loseta extra boca abajo al colocar en el Casino; las medallas negras cuestan 1 PV",
    "field.type": "acción",
    "bd.total": "Total", "bd.tokens": "Fichas", "bd.cards": "Cartas", "bd.discarded_tiles": "Losetas descartadas", "bd.hand_tiles": "Losetas en mano",
    "bd.missions": "Misiones", "bd.enigma": "Enigma", "bd.black_medals": "Medallas negras", "bd.ending": "Final", "bd.winner": "Ganador",
    "bd.day": "Día", "bd.double_agent": "Agente Doble", "bd.double_agent_position": "Posición del Agente Doble", "bd.infiltration_points": "Puntos de infiltración",
    "bd.payoffs_to_solomon": "Pagos al Dr. Solomon", "bd.reserves": "Reservas", "bd.shared": "Victoria compartida", "bd.scores": "Puntuaciones",
    "bd.players": "Jugadores", "bd.player": "Jugador", "bd.seat": "Asiento", "bd.shown": "Mostradas", "bd.hands": "Manos",
    "rules.reconstructed": "Reconstruido", "rules.likely": "Probable", "rules.reconstructedNote": "Datos de componentes reconstruidos: impresos en un componente que no pudimos ver; inventados para ser plausibles. Compruébalos con tu copia física.",
    "rules.title": "{game}: referencia de reglas", "rules.summary": "Resumen", "rules.data": "Datos de componentes a comprobar",
    "rules.serverEnforces": "El servidor aplica las reglas: una jugada ilegal se rechaza con el motivo.",
    "prompt.agencia.choose_location": "Eres el Embajador: coloca la Embajada por el lado del Salón o del Jardín.",
    "prompt.agencia.play": "Juega boca arriba una de tus cuatro cartas.",
    "prompt.agencia.recruit": "Elige a quién reclutar.",
    "prompt.agencia.infiltrate": "Elige a quién infiltrar.",
    "prompt.spies.deploy": "Despliega cuatro soldados en orden creciente de rango (el Sargento puede ir en cualquier sitio).",
    "prompt.spies.place_intel": "Tu Sargento puede dar inteligencia verdadera o falsa: pon una ficha sobre él o no.",
    "prompt.spies.guess": "Adivina el rango de un soldado enemigo.",
    "prompt.spies.deception": "¿Juegas una ficha de Engaño sobre el soldado que van a adivinar?",
    "prompt.conspiracy.choose_setup_agents": "Elige otros dos agentes para pagarles 1 soberano a cada uno.",
    "prompt.conspiracy.choose_action": "Haz un pago, mueve un agente o quema un agente.",
    "prompt.conspiracy.announce_or_stop": "Anuncia un pago mayor o plántate.",
    "prompt.conspiracy.use_ability": "Puedes usar la habilidad del agente o no.",
    "prompt.conspiracy.offer_challenge": "¿Desafías esta orden?",
    "prompt.conspiracy.challenge_or_pass": "¿Desafías esta orden o pasas?",
    "prompt.conspiracy.carry_briefcase": "¿Llevas el maletín con el agente?",
    "prompt.conspiracy.tempest_push": "Tempest: elige a quién empujar y adónde.",
    "prompt.estoril.place": "Coloca una loseta de personaje de tu mano con uno de tus marcadores.",
    "prompt.estoril.look": "Puedes mirar una loseta boca abajo.",
    "prompt.estoril.ability": "Puedes usar las habilidades de tu personaje, o pasar.",
    "prompt.estoril.discard": "Descarta boca abajo hasta tener 6 losetas en la mano.",
    "prompt.estoril.place_enigma": "Coloca el Enigma en un espacio de recompensa.",
    "prompt.estoril.conspiracy": "Quédate la recompensa o cámbiala por la primera loseta de la pila.",
    "prompt.estoril.hells_mouth": "Eres el más débil aquí: retira del juego uno de tus personajes.",
    "prompt.estoril.airport_die": "Puedes cambiar el dado del Aeropuerto.",
    "prompt.estoril.roulette": "Pon otra loseta boca abajo bajo la Ruleta del Casino.",
    "prompt.estoril.rotate": "Puedes girar Alcântara.",
  },
};

export const LANGS = { en: "English", es: "Español" };
let lang = pickDefault();
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();

function pickDefault() {
  const saved = savedLang();
  if (saved && STRINGS[saved]) return saved;
  const nav = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return nav.find((l) => STRINGS[l]) || "en";
}

export function currentLang() { return lang; }

/** @param {string} next */
export function setLang(next) {
  if (!STRINGS[next] || next === lang) return;
  lang = next;
  saveLang(next);
  document.documentElement.lang = next;
  listeners.forEach((fn) => fn(next));
}

/** @param {(lang: string) => void} fn */
export function onLangChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

/** Register more strings (per game board modules): {en: {...}, es: {...}}.
 * @param {Record<string, Record<string, string>>} table */
export function extend(table) {
  for (const [l, entries] of Object.entries(table)) Object.assign(STRINGS[l] ||= {}, entries);
}

/** @param {string} key */
export function has(key) { return key in STRINGS[lang] || key in STRINGS.en; }

/** Translate `key`, filling {placeholders} from vars.
 * @param {string} key @param {Record<string, unknown>} [vars] @returns {string} */
export function t(key, vars = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, /** @type {string} */ k) => String(vars[k] ?? `{${k}}`));
}

/** The English UI strings that Spanish says differently (for the page-walking test). */
export function englishOnly() {
  return Object.entries(STRINGS.en).filter(([k, v]) => STRINGS.es[k] !== undefined && STRINGS.es[k] !== v).map(([, v]) => v);
}
/** @type {any} */ (window).spyhouseEnglish = englishOnly;

/** Pick a localised string from {en, es} objects or return plain strings.
 * @param {any} value @returns {any} */
export function pick(value) {
  if (value && typeof value === "object") return value[lang] ?? value.en;
  return value;
}

document.documentElement.lang = lang;
