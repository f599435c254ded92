/**
 * The défi screens' own words that are not rules (those are DEFI_MSG, common/rules/defi.ts), kept
 * together so that the catalogs can take them over.
 */
import { formatPlayedAt } from "@common/dashboard/format";

export const DEFI_TEXT = {
  // After an answer, in a défi that shows the spots at the end.
  inRing: (radiusM: number) => `Dans le cercle de ${radiusM} m`,
  outsideRings: "Hors des cercles",
  tapMap: "Carte : votre réponse, telle que vous l'avez placée",
  // The end, and the leaderboard once the défi is over.
  answersTitle: "Les réponses",
  questionOf: (n: number, count: number) => `Question ${n}/${count}`,
  inTime: (seconds: string) => `en ${seconds}`,
  answersLoading: "Chargement des réponses…",
  answersMap: (n: number) => `Carte des réponses à la question ${n} : la bonne réponse au centre des cercles`,
  answersCount: (n: number) => (n > 1 ? `${n} réponses` : `${n} réponse`),
  photoOf: (n: number) => `Photo de la question ${n}`,
  aroundSpot: "Autour de la bonne réponse",
  wholeMap: "Toute la carte",
  previous: "Question précédente",
  next: "Question suivante",
  yourAnswer: "Votre réponse",
  noAnswer: "Pas de réponse à cette question",
  notPlayed: "Vous n'avez pas joué cette question",
  spotLegend: "la bonne réponse",
  mineLegend: "la vôtre",
  othersLegend: "celles des autres joueurs, de la couleur de leur cercle",
  // The management screen.
  options: "Options",
  revealEnd: "Réponses montrées à la fin du défi",
  boardShown: "Classement visible pendant le défi",
  reopen: "Rouvrir le défi",
  reopenHint: "Même lien, mêmes joueurs et mêmes lignes : le classement final sera refait à la nouvelle échéance.",
  endedOn: (deadline: number) => `Terminé le ${formatPlayedAt(deadline)}`,
  bans: (n: number) => (n > 1 ? `${n} appareils ou réseaux bloqués` : `${n} appareil ou réseau bloqué`),
  joined: "Arrivée",
  network: "Réseau",
  flags: "Signes de script",
  flagged: (n: number) => (n > 1 ? `${n} lignes signalées` : `${n} ligne signalée`),
  bulkTitle: "Retirer des lignes en bloc",
  bulkHint: "Les lignes retirées perdent leurs réponses ; leurs appareils et leurs réseaux ne peuvent plus rejoindre ce défi.",
  byNetwork: "Par réseau",
  byTime: "Par heure d'arrivée",
  byFlag: "Par signe",
  from: "De",
  to: "À",
  matching: (n: number) => (n > 1 ? `${n} lignes concernées` : n === 1 ? "1 ligne concernée" : "Aucune ligne concernée"),
  removeLines: "Retirer ces lignes",
  confirmBulk: (n: number) => `Retirer ${n > 1 ? `ces ${n} lignes` : "cette ligne"} et leurs réponses, et bloquer leurs appareils et leurs réseaux ?`,
  removeTitle: (name: string) => `Retirer « ${name} »`,
  removeBody: "Sa ligne et ses réponses sont retirées ; son appareil ne pourra plus rejoindre ce défi.",
  removeNetworkToo: (n: number) =>
    n > 1 ? `Bloquer aussi son réseau (${n} lignes en viennent, elles restent)` : "Bloquer aussi son réseau",
  remove: "Retirer",
  networkOption: (label: string, n: number) => `${label} (${n > 1 ? `${n} lignes` : "1 ligne"})`,
} as const;
