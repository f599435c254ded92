/**
 * The game's rules and constants, in one place: imported by the room (party/engine), the app
 * server and the browser. Plain data and pure functions: no zod, no I/O, nothing that cannot run
 * in a phone's bundle.
 */
export * from "./audience";
export * from "./launch";
export * from "./limits";
export * from "./names";
export * from "./points";
export * from "./timings";
export * from "./defi";
export * from "./typed-names";
export * from "./player-media";
export * from "./scripted-lines";
export * from "./adapted-time";
export * from "./clock";
