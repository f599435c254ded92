ALTER TABLE `accounts` ADD `session_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `games_room_ended` ON `games` (`room_number`,`ended_at`);