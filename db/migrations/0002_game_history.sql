CREATE TABLE `game_answers` (
	`game_id` text NOT NULL,
	`question` integer NOT NULL,
	`player_no` integer NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`distance_m` integer NOT NULL,
	`ring` integer NOT NULL,
	`points` real NOT NULL,
	`time_ms` integer NOT NULL,
	PRIMARY KEY(`game_id`, `question`, `player_no`)
);
--> statement-breakpoint
CREATE TABLE `game_players` (
	`game_id` text NOT NULL,
	`player_no` integer NOT NULL,
	`pseudo` text NOT NULL,
	`marker` text NOT NULL,
	`team` text,
	`rank` integer,
	`points` real,
	`time_ms` integer,
	PRIMARY KEY(`game_id`, `player_no`)
);
--> statement-breakpoint
ALTER TABLE `games` ADD `quiz_name` text;--> statement-breakpoint
ALTER TABLE `games` ADD `quiz_snapshot` text;--> statement-breakpoint
ALTER TABLE `games` ADD `players_count` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `winner` text;--> statement-breakpoint
CREATE INDEX `games_owner_started` ON `games` (`owner_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `games_started` ON `games` (`started_at`);