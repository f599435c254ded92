CREATE TABLE `browser_alert_counts` (
	`directive` text NOT NULL,
	`report_only` integer NOT NULL,
	`count` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`directive`, `report_only`)
);
--> statement-breakpoint
CREATE TABLE `browser_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`received_at` integer NOT NULL,
	`directive` text NOT NULL,
	`page` text NOT NULL,
	`blocked` text NOT NULL,
	`report_only` integer NOT NULL
);
