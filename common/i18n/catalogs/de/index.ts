/** The de catalog: one file per area (common/i18n/areas.ts), each exported under its area's name. */
export { default as common } from "./common.json";
export { default as home } from "./home.json";
export { default as map } from "./map.json";
export { default as player } from "./player.json";
export { default as room } from "./room.json";
export { default as defi } from "./defi.json";
export { default as public } from "./public.json";
export { default as dashboard } from "./dashboard.json";
export { default as wizard } from "./wizard.json";
export { default as admin } from "./admin.json";
export { default as presenter } from "./presenter.json";
export { default as history } from "./history.json";
export { default as server } from "./server.json";
