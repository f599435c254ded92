/**
 * What a screen reader hears of a live night on the phone (docs/accessibility.md, The phone during
 * a night): one sentence or a few for each step, said once through the page's one polite live
 * region, in the phone's language. A step is a new screen (the lobby, the start, a question, the
 * answer received, a question's results, the end) or a mark of the question's clock (10 s, 5 s,
 * time up); a room that sends the same screen again (a resync, a reconnection) says nothing new.
 */
import { formatDecimal, formatDistance, formatSeconds, pluralForm } from "@common/i18n/format";
import type { Words } from "@common/i18n/ids";
import type { Locale } from "@common/i18n/locales";
import { m } from "@common/i18n/words";
import { buildTargetSettings } from "@common/rules/points";
import { ringIndex } from "@common/rules/scoring";
import type { Me, PlayScreen } from "./play-state";
import { remainingMs, type ClockMark } from "./progress";

/** The phone as a screen reader follows it: the screen shown and, on a question, its clock's mark. */
export interface Moment {
  screen: PlayScreen;
  mark: ClockMark;
}

/** Screens that are a step of the game; the others (loading, errors, leaving) speak for themselves. */
const STEPS = new Set<PlayScreen["name"]>(["lobby", "starting", "question", "answered", "endQuestion", "endGame"]);

/** The step a screen is: the same for the same question's screen sent again. */
function stepOf(screen: PlayScreen): string | null {
  if (!STEPS.has(screen.name)) return null;
  switch (screen.name) {
    case "question":
    case "answered":
      return `${screen.name}:${screen.questionIndex}`;
    case "endQuestion":
      return `${screen.name}:${screen.result.questionIndex}`;
    default:
      return screen.name;
  }
}

/**
 * What to say when the phone goes from `prev` (null: the page just arrived) to `next`: nothing
 * when neither the step nor the clock's mark changed. `now` is the clock the question's was
 * anchored on.
 */
export function saidOnChange(locale: Locale, me: Me | null, prev: Moment | null, next: Moment, now: number): Words[] {
  const step = stepOf(next.screen);
  if (step === null || !me) return [];
  if (prev === null || stepOf(prev.screen) !== step) return stepWords(locale, me, next.screen, now);
  const said: Words[] = [];
  // The presenter gave this seat more time (« Temps adapté »): said once, when it comes.
  if (next.screen.name === "question" && next.screen.clock.extended && !(prev.screen.name === "question" && prev.screen.clock.extended)) {
    said.push(m("player.question.extraTime"));
  }
  if (next.screen.name === "question" && next.mark !== prev.mark && next.mark !== null) {
    said.push(next.mark === "up" ? m("player.question.timeUp") : m("player.question.secondsLeft", { n: next.mark }));
  }
  return said;
}

/**
 * Whether the focus goes to the new screen's heading: at each new step, but not on the page's
 * first one, where the reader arrives and the browser put the focus already.
 */
export function movesFocus(prev: Moment | null, next: Moment): boolean {
  const step = stepOf(next.screen);
  const before = prev && stepOf(prev.screen);
  return step !== null && !!before && before !== step;
}

const points = (locale: Locale, value: number) => ({ points: formatDecimal(locale, value, 2), form: pluralForm(locale, value, 2) });

function stepWords(locale: Locale, me: Me, screen: PlayScreen, now: number): Words[] {
  switch (screen.name) {
    case "lobby":
      return [m("player.say.lobby", { pseudo: me.pseudo })];
    case "starting":
      return [m("player.say.starting")];
    case "question": {
      const said = [
        m("player.say.question", {
          n: screen.questionIndex + 1,
          count: screen.questionCount,
          seconds: Math.round(remainingMs(screen.clock, now) / 1000),
        }),
      ];
      if (screen.clock.extended) said.push(m("player.question.extraTime"));
      return said;
    }
    case "answered":
      return [m("player.say.answered", { time: formatSeconds(locale, screen.elapsedMs) })];
    case "endQuestion": {
      const r = screen.result;
      const said = [resultWords(locale, me, r.questionIndex + 1, r.distance, r.questionPoints), m("player.say.rank", { rank: r.rank, count: r.playersCount })];
      if (r.rankMove > 0) said.push(m("player.say.moveUp", { n: r.rankMove }));
      if (r.rankMove < 0) said.push(m("player.say.moveDown", { n: -r.rankMove }));
      said.push(m("player.say.total", points(locale, r.totalPoints)));
      return said;
    }
    case "endGame": {
      const r = screen.result;
      const rank = { rank: r.rank, count: r.playersCount };
      const said = [r.night ? m("player.say.endRound", { round: r.night.round, ...rank }) : m("player.say.end", rank), m("player.say.total", points(locale, r.totalPoints))];
      if (r.night) said.push(m("player.say.night", { rank: r.night.me.rank, count: r.night.playersCount, ...points(locale, r.night.me.points) }));
      return said;
    }
    default:
      return [];
  }
}

/**
 * The ring and points of a question's result. The room sends the distance, rounded to the metre
 * on its ring's side of every ring's edge (metresInRing), and the points: the ring is the
 * smallest holding that distance, the one the room scored, and none when nothing was scored.
 */
function resultWords(locale: Locale, me: Me, n: number, distance: number | null, questionPoints: number): Words {
  if (distance === null) return m("player.say.resultNone", { n });
  const targets = buildTargetSettings(me.scoring.ringPoints);
  const ring = questionPoints > 0 ? ringIndex(distance, targets) : 0;
  const inRing = ring > 0 ? { ring: "in", radius: targets[ring]!.max } : { ring: "out", radius: 0 };
  return m("player.say.result", { n, distance: formatDistance(locale, distance), ...inRing, ...points(locale, questionPoints) });
}
