CREATE TABLE `defi_bans` (
	`game_id` text NOT NULL,
	`kind` text NOT NULL,
	`hash` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `hash`)
);
--> statement-breakpoint
CREATE TABLE `defi_join_windows` (
	`game_id` text NOT NULL,
	`address_hash` text NOT NULL,
	`started_at` integer NOT NULL,
	`joins` integer NOT NULL,
	PRIMARY KEY(`game_id`, `address_hash`)
);
--> statement-breakpoint
ALTER TABLE `defi_players` ADD `photo_at` integer;--> statement-breakpoint
ALTER TABLE `defi_players` ADD `round_trips` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `defis` ADD `reveal` text DEFAULT 'end' NOT NULL;--> statement-breakpoint
ALTER TABLE `defis` ADD `board_hidden` integer DEFAULT false NOT NULL;