CREATE TABLE `defi_players` (
	`game_id` text NOT NULL,
	`player_no` integer NOT NULL,
	`device_hash` text NOT NULL,
	`name_key` text,
	`question` integer DEFAULT 0 NOT NULL,
	`opened_at` integer,
	`open_token` text,
	`address_hash` text DEFAULT '' NOT NULL,
	`joined_at` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `player_no`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `defi_players_device` ON `defi_players` (`game_id`,`device_hash`);--> statement-breakpoint
CREATE INDEX `defi_players_address` ON `defi_players` (`game_id`,`address_hash`,`joined_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `defi_players_name` ON `defi_players` (`game_id`,`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `defi_players_open_token` ON `defi_players` (`open_token`);--> statement-breakpoint
CREATE TABLE `defis` (
	`game_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`deadline` integer NOT NULL,
	`name_mode` text NOT NULL,
	`joins` integer DEFAULT 0 NOT NULL,
	`seed` integer NOT NULL,
	`help` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `defis_code_unique` ON `defis` (`code`);--> statement-breakpoint
ALTER TABLE `games` ADD `kind` text DEFAULT 'room' NOT NULL;--> statement-breakpoint
CREATE INDEX `game_players_total` ON `game_players` (`game_id`,"points" DESC,`time_ms`,`player_no`);