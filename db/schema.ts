import { sql } from "drizzle-orm";
import {
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { DEFAULT_POINT_MAX_TEMPS } from "../common/rules";

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
    nbGame: integer("nb_game"),
    /** The MJ may edit quizzes (the admin always may). */
    edition: integer("edition", { mode: "boolean" }).notNull().default(false),
    photoKey: text("photo_key"),
    lobbyPictureKey: text("lobby_picture_key"),
    /**
     * Carried in every session token and compared on every request: raising it (logout, a new
     * password) ends every session the account already had, on every device.
     */
    sessionVersion: integer("session_version").notNull().default(0),
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

export type MapSettings = {
  center: { lat: number; lng: number };
  zoom: number;
  bounds: { north: number; south: number; east: number; west: number };
};

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
    pointMaxTemps: real("point_max_temps").notNull().default(DEFAULT_POINT_MAX_TEMPS),
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
    titre: text("titre"),
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
    roomNumber: text("room_number").notNull(),
    status: text("status", { enum: ["lobby", "live", "over", "closed"] }).notNull(),
    mode: text("mode", { enum: ["player", "team"] }).notNull(),
    settings: text("settings", { mode: "json" }).notNull(),
    /** Ranking and every answer (pseudo, question, lat, lng, distance, points, time). */
    results: text("results", { mode: "json" }),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    endedAt: integer("ended_at"),
  },
  (t) => [
    // The registry of live rooms: a number is taken while its game is not closed.
    uniqueIndex("games_live_room_unique")
      .on(t.roomNumber)
      .where(sql`status <> 'closed'`),
    index("games_owner").on(t.ownerId),
    // A room number typed or reloaded after its game closed is no guess (the room throttle).
    index("games_room_ended").on(t.roomNumber, t.endedAt),
  ],
);

export type Account = typeof accounts.$inferSelect;
export type Folder = typeof folders.$inferSelect;
export type Quiz = typeof quizzes.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type Game = typeof games.$inferSelect;
