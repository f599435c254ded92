/**
 * When an e2e test fails, prints what the shared server logged while it ran (requests with their
 * status and time, Worker errors, reloads): a CI log then says whether the server was slow,
 * failing or restarting, which the test's own error cannot.
 */
import { openSync, readSync, statSync, closeSync } from "node:fs";
import { beforeEach, inject } from "vitest";

const LOG = inject("serverLog");
/** Enough to see the last requests and errors without drowning the report. */
const MAX_LINES = 60;

const sizeNow = () => statSync(LOG, { throwIfNoEntry: false })?.size ?? 0;

function readFrom(offset: number): string {
  const length = sizeNow() - offset;
  if (length <= 0) return "";
  const buffer = Buffer.alloc(length);
  const fd = openSync(LOG, "r");
  try {
    readSync(fd, buffer, 0, length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString();
}

beforeEach(({ onTestFailed, task }) => {
  const start = sizeNow();
  onTestFailed(async () => {
    // The server logs a request once it has answered: let the last lines arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = readFrom(start).trimEnd().split("\n");
    const shown = lines.slice(-MAX_LINES).join("\n");
    console.warn(`\nServeur des tests pendant « ${task.name} » (${lines.length} lignes, les ${Math.min(lines.length, MAX_LINES)} dernières) :\n${shown}`);
  });
});
