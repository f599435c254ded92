CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`mail` text NOT NULL,
	`password_hash` text NOT NULL,
	`expiration` integer,
	`nb_game` integer,
	`edition` integer DEFAULT false NOT NULL,
	`photo_key` text,
	`lobby_picture_key` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_mail_unique` ON `accounts` (`mail`);--> statement-breakpoint
CREATE TABLE `folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`parent_id` integer,
	`name` text NOT NULL,
	`image_key` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `folders_owner_parent` ON `folders` (`owner_id`,`parent_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`quiz_unique_name` text NOT NULL,
	`owner_id` integer NOT NULL,
	`room_number` text NOT NULL,
	`status` text NOT NULL,
	`mode` text NOT NULL,
	`settings` text NOT NULL,
	`results` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_live_room_unique` ON `games` (`room_number`) WHERE status <> 'closed';--> statement-breakpoint
CREATE INDEX `games_owner` ON `games` (`owner_id`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quiz_unique_name` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`file_key` text,
	`sv_pano` text,
	`sv_lat` real,
	`sv_lng` real,
	`sv_heading` real,
	`sv_pitch` real,
	`sv_fov` real,
	`titre` text,
	`description` text,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	FOREIGN KEY (`quiz_unique_name`) REFERENCES `quizzes`(`unique_name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `questions_quiz_position` ON `questions` (`quiz_unique_name`,`position`);--> statement-breakpoint
CREATE TABLE `quizzes` (
	`unique_name` text PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`folder_id` integer,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`map_settings` text,
	`point_max_temps` real DEFAULT 5 NOT NULL,
	`last_time_played` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quizzes_owner_folder` ON `quizzes` (`owner_id`,`folder_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
