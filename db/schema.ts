import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { MapSettings } from "../common/wire/protocol";
import { DEFAULT_SPEED_POINTS_MAX, type AdaptedTime } from "../common/rules";
import type { Locale } from "../common/i18n/locales";

/**
 * Admin and game masters share one table: the role is the only difference
 * (docs/architecture.md, Who may call what).
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    role: text("role", { enum: ["admin", "mj"] }).notNull(),
    name: text("name").notNull(),
    /** Stored lower-case so that logins are case-insensitive and unique. */
    mail: text("mail").notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt>$<hash>` */
    passwordHash: text("password_hash").notNull(),
    /** MJ only: login refused after this instant (ms since epoch). */
    expiration: integer("expiration"),
    /** Games the MJ may still launch; null = unlimited. */
    gamesLeft: integer("nb_game"),
    /** The MJ may edit quizzes (the admin always may). */
    canEdit: integer("edition", { mode: "boolean" }).notNull().default(false),
    photoKey: text("photo_key"),
    lobbyPictureKey: text("lobby_picture_key"),
    /**
     * Carried in every session token and compared on every request: raising it (logout, a new
     * password) ends every session the account already had, on every device.
     */
    sessionVersion: integer("session_version").notNull().default(0),
    /**
     * The language the account chose with the workshop's language switch; its login sets the
     * device's `lang` cookie from it, so the workshop speaks it on any device. Null: never chose.
     */
    locale: text("locale").$type<Locale>(),
    createdAt: integer("created_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("accounts_mail_unique").on(t.mail)],
);

export const folders = sqliteTable(
  "folders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => accounts.id),
    /** null = at the root of the owner's dashboard. */
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    imageKey: text("image_key"),
    createdAt: integer("created_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("folders_owner_parent").on(t.ownerId, t.parentId)],
);


export const quizzes = sqliteTable(
  "quizzes",
  {
    /** Slug of the name plus a random suffix: it is the public /watch link, so not guessable. */
    uniqueName: text("unique_name").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => accounts.id),
    folderId: integer("folder_id"),
    name: text("name").notNull(),
    description: text("description").notNull(),
    mapSettings: text("map_settings", { mode: "json" }).$type<MapSettings>(),
    /** Speed points available when a question opens; also the scale of the rings. */
    speedPointsMax: real("point_max_temps").notNull().default(DEFAULT_SPEED_POINTS_MAX),
    lastTimePlayed: integer("last_time_played"),
    createdAt: integer("created_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("quizzes_owner_folder").on(t.ownerId, t.folderId)],
);

export const questions = sqliteTable(
  "questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quizUniqueName: text("quiz_unique_name")
      .notNull()
      .references(() => quizzes.uniqueName),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["photo", "streetview"] }).notNull(),
    /** R2 key (content hash) of the photo; null for Street View questions. */
    fileKey: text("file_key"),
    /**
     * Street View: parsed from the embed, the iframe URL is rebuilt from these, so no pasted HTML
     * reaches a page.
     */
    svPano: text("sv_pano"),
    svLat: real("sv_lat"),
    svLng: real("sv_lng"),
    svHeading: real("sv_heading"),
    svPitch: real("sv_pitch"),
    svFov: real("sv_fov"),
    title: text("titre"),
    description: text("description"),
    lat: real("lat").notNull(),
    lng: real("lng").notNull(),
  },
  (t) => [index("questions_quiz_position").on(t.quizUniqueName, t.position)],
);

/** Key/value: ring points (`circlesPoints`), sound keys per category. Values are JSON. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
});

export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    quizUniqueName: text("quiz_unique_name").notNull(),
    ownerId: integer("owner_id").notNull(),
    /** A défi has no room: `defi:{id}`, which no room number (six digits) can ever be. */
    roomNumber: text("room_number").notNull(),
    status: text("status", { enum: ["lobby", "live", "over", "closed"] }).notNull(),
    /** 'room': a live game in a room; 'defi': played alone until a deadline (its row stays 'live' until then). */
    kind: text("kind", { enum: ["room", "defi"] }).notNull().default("room"),
    mode: text("mode", { enum: ["player", "team"] }).notNull(),
    settings: text("settings", { mode: "json" }).notNull(),
    /** Final ranking and team standings ({ ranking, teams }); each answer is a game_answers row. */
    results: text("results", { mode: "json" }),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    endedAt: integer("ended_at"),
    /**
     * The history's summary, written by the room: the quiz as it was played (questions, spots,
     * photos, map, rings), so a report stays true after the quiz is edited or deleted; then the
     * number of players and the winner, for the list of games played.
     */
    quizName: text("quiz_name"),
    quizSnapshot: text("quiz_snapshot", { mode: "json" }),
    playersCount: integer("players_count"),
    winner: text("winner"),
  },
  (t) => [
    // The registry of live rooms: a number is taken while its game is not closed.
    uniqueIndex("games_live_room_unique")
      .on(t.roomNumber)
      .where(sql`status <> 'closed'`),
    index("games_owner").on(t.ownerId),
    // A room number typed or reloaded after its game closed is no guess (the room throttle).
    index("games_room_ended").on(t.roomNumber, t.endedAt),
    // « Parties jouées », newest first: one account's, or everyone's for the admin.
    index("games_owner_started").on(t.ownerId, t.startedAt),
    index("games_started").on(t.startedAt),
  ],
);

/** Who played a game (one row per seat): the identity answers refer to, and the final totals. */
export const gamePlayers = sqliteTable(
  "game_players",
  {
    gameId: text("game_id").notNull(),
    /** The seat's join number ('p12' in the room is 12 here). */
    playerNo: integer("player_no").notNull(),
    pseudo: text("pseudo").notNull(),
    marker: text("marker").notNull(),
    team: text("team"),
    /** Null until the game is over (an interrupted game has answers but no final ranking). */
    rank: integer("rank"),
    points: real("points"),
    timeMs: integer("time_ms"),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.playerNo] }),
    // A défi's leaderboard: its players' running totals, best first, read without the answers.
    index("game_players_total").on(t.gameId, sql`${t.points} DESC`, t.timeMs, t.playerNo),
  ],
);

/**
 * Every answer of every game played. The key makes the room's batches idempotent: a batch sent
 * again after a lost reply inserts nothing twice. Question first, as the report reads a
 * question's answers together.
 */
export const gameAnswers = sqliteTable(
  "game_answers",
  {
    gameId: text("game_id").notNull(),
    question: integer("question").notNull(),
    playerNo: integer("player_no").notNull(),
    lat: real("lat").notNull(),
    lng: real("lng").notNull(),
    distanceM: integer("distance_m").notNull(),
    /** Index in the game's rings (0 = outside every ring). */
    ring: integer("ring").notNull(),
    points: real("points").notNull(),
    /** From the question's opening to the answer's arrival, room clock. */
    timeMs: integer("time_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.question, t.playerNo] })],
);

/**
 * A défi: its game row (kind 'defi') holds the frozen settings and the quiz as played; this holds
 * what only a défi has. Its code is the link's (`/defi/{code}`).
 */
export const defis = sqliteTable(
  "defis",
  {
    gameId: text("game_id").primaryKey(),
    code: text("code").notNull(),
    /** Answers are taken until this instant (ms); the MJ may move it or end the défi early. */
    deadline: integer("deadline").notNull(),
    nameMode: text("name_mode", { enum: ["free", "pseudo"] }).notNull(),
    /** Join numbers handed out so far: the next player's is one more, taken in one statement. */
    joins: integer("joins").notNull().default(0),
    /** Shuffles the colour and fruit pairs the players get (common/rules/defi.ts). */
    seed: integer("seed").notNull(),
    /** Help squares, one per question (null: no help), drawn once at creation like a launch's. */
    help: text("help", { mode: "json" }).notNull(),
    /**
     * When a player sees a question's spot: 'end', with everyone's answers once the défi is over
     * (the default: a second attempt learns nothing the first did not); 'each', right after their
     * own answer (a practice défi, which the leaderboard says).
     */
    reveal: text("reveal", { enum: ["end", "each"] }).notNull().default("end"),
    /** The leaderboard shows no line until the défi is over. */
    boardHidden: integer("board_hidden", { mode: "boolean" }).notNull().default(false),
    /**
     * « Temps adapté » (common/rules/adapted-time.ts): twice the time or no limit, for the whole
     * défi or the lines given it, how their speed points count; null: none.
     */
    adapted: text("adapted", { mode: "json" }).$type<AdaptedTime>(),
  },
  (t) => [uniqueIndex("defis_code_unique").on(t.code)],
);

/**
 * A défi's player beyond their game_players row: the device that plays (a hash of its token), the
 * name's key for uniqueness, and where they are: the question to play next, and once it is opened,
 * when (server clock) and the token of its photo address.
 */
export const defiPlayers = sqliteTable(
  "defi_players",
  {
    gameId: text("game_id").notNull(),
    playerNo: integer("player_no").notNull(),
    deviceHash: text("device_hash").notNull(),
    /** Free names only: the name without case or accents. */
    nameKey: text("name_key"),
    question: integer("question").notNull().default(0),
    openedAt: integer("opened_at"),
    openToken: text("open_token"),
    /**
     * The joining network's address key (common/util/address.ts) hashed with the défi's id: the
     * table counts joins per address without holding an address.
     */
    addressHash: text("address_hash").notNull().default(""),
    joinedAt: integer("joined_at").notNull().default(0),
    /**
     * The first request of the open question's photo (server clock): with the opening, one sample
     * of the player's round trip (common/rules/round-trip.ts).
     */
    photoAt: integer("photo_at"),
    /** The player's latest round-trip samples (ms), newest last. */
    roundTrips: text("round_trips", { mode: "json" }).$type<number[]>().notNull().default([]),
    /** The player plays with the défi's adapted time (defis.adapted): given on joining or by the MJ. */
    adapted: integer("adapted", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.playerNo] }),
    uniqueIndex("defi_players_device").on(t.gameId, t.deviceHash),
    index("defi_players_address").on(t.gameId, t.addressHash, t.joinedAt),
    uniqueIndex("defi_players_name").on(t.gameId, t.nameKey),
    uniqueIndex("defi_players_open_token").on(t.openToken),
  ],
);

/**
 * What the MJ removed from a défi and keeps out: a device (the hash of its token, as
 * defi_players has it) or a network (its address key hashed with the défi's id). A join from
 * either is refused.
 */
export const defiBans = sqliteTable(
  "defi_bans",
  {
    gameId: text("game_id").notNull(),
    kind: text("kind", { enum: ["device", "network"] }).notNull(),
    hash: text("hash").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.hash] })],
);

/**
 * Joins one network address made to a défi in its current window: reserved, one statement, before
 * the player is written, so a burst sent at once cannot pass the cap (common/rules/defi.ts).
 */
export const defiJoinWindows = sqliteTable(
  "defi_join_windows",
  {
    gameId: text("game_id").notNull(),
    addressHash: text("address_hash").notNull(),
    startedAt: integer("started_at").notNull(),
    joins: integer("joins").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.addressHash] })],
);

/**
 * What the pages' browsers reported of their Content-Security-Policies (the enforced one and
 * Google's strict one, Report-Only), as the admin reads them: the last few reports
 * (app/server/http/browser-alerts.server.ts keeps 20), nothing else of them.
 */
export const browserAlerts = sqliteTable("browser_alerts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  receivedAt: integer("received_at").notNull(),
  /** A directive CSP knows, or « autre » (app/server/http/csp-report.server.ts). */
  directive: text("directive").notNull(),
  page: text("page").notNull(),
  blocked: text("blocked").notNull(),
  /** From the Report-Only policy: nothing was blocked. */
  reportOnly: integer("report_only", { mode: "boolean" }).notNull(),
});

/** How many reports each directive drew, per policy, since the installation: a few dozen rows at most. */
export const browserAlertCounts = sqliteTable(
  "browser_alert_counts",
  {
    directive: text("directive").notNull(),
    reportOnly: integer("report_only", { mode: "boolean" }).notNull(),
    count: integer("count").notNull(),
    lastAt: integer("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.directive, t.reportOnly] })],
);

export type Account = typeof accounts.$inferSelect;
export type Folder = typeof folders.$inferSelect;
export type Quiz = typeof quizzes.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type Game = typeof games.$inferSelect;
export type GamePlayer = typeof gamePlayers.$inferSelect;
export type GameAnswer = typeof gameAnswers.$inferSelect;
export type Defi = typeof defis.$inferSelect;
export type DefiPlayer = typeof defiPlayers.$inferSelect;
