/** The en catalog: one file per area (common/i18n/areas.ts). */
import type { Area } from "../../areas";
import common from "./common.json";
import home from "./home.json";
import map from "./map.json";
import player from "./player.json";
import room from "./room.json";
import defi from "./defi.json";
import publicArea from "./public.json";
import dashboard from "./dashboard.json";
import wizard from "./wizard.json";
import admin from "./admin.json";
import presenter from "./presenter.json";
import history from "./history.json";
import server from "./server.json";

const catalog: Record<Area, Record<string, string>> = {
  common,
  home,
  map,
  player,
  room,
  defi,
  public: publicArea,
  dashboard,
  wizard,
  admin,
  presenter,
  history,
  server,
};
export default catalog;
