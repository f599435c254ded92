/**
 * Route modules served at more than one address. A page both sides have (the administrator's
 * /pres/…, the game masters' /mj/…) is one module, which reads its side from the address
 * (sideOfPath, common/contracts/dashboard/format.ts); likewise the two addresses of a picture. Every other
 * route is a file of app/routes named after its address (Remix's flat routes). Each address keeps
 * the route id its own file would have (routes/pres.lobby, routes/mj.lobby…).
 * vite.config.ts declares them (Remix's `routes` option); tests/workers/http-convention.test.ts
 * reads this list too, so that its sweeps reach every address. Decision 009.
 */
export const SHARED_ROUTES: { file: string; paths: string[]; index?: true }[] = [
  { file: "routes/shared/dashboard.tsx", paths: ["pres", "mj"], index: true },
  { file: "routes/shared/dashboard.tsx", paths: ["pres/:folderId/:folderName/folder", "mj/:folderId/:folderName/folder"] },
  { file: "routes/shared/lobby.tsx", paths: ["pres/lobby", "mj/lobby"] },
  { file: "routes/shared/report.tsx", paths: ["pres/parties/:gameId", "mj/parties/:gameId"] },
  { file: "routes/shared/launch.tsx", paths: ["pres/:quiz", "pres/:quiz/team", "pres/:quiz/player", "mj/:quiz"] },
  { file: "routes/shared/room.tsx", paths: ["pres/salle/:room", "mj/salle/:room"] },
  { file: "routes/shared/api.auth.login.ts", paths: ["api/auth/login", "api/auth/mj/login"] },
  { file: "routes/shared/api.auth.check.ts", paths: ["api/auth/check", "api/auth/mj/check"] },
  { file: "routes/shared/api.pictures.ts", paths: ["api/quizz/images/src/pictures/:file", "api/quizz/images/src/mj_pic/:file"] },
];

/** The id a flat route file of that address would have: routes/mj.$quiz, routes/pres._index. */
export const routeId = (path: string, index?: true) =>
  `routes/${path.replace(/\//g, ".").replace(/:/g, "$")}${index ? "._index" : ""}`;
