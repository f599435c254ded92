ALTER TABLE `defi_players` ADD `adapted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `defis` ADD `adapted` text;