// Browser tests use Debian's Chromium; nothing here ever downloads a browser.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Chromium manque : installation du paquet Debian « chromium »…");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const res = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
    if (res.status === 0 && existsSync(CHROMIUM)) return;
  }
  throw new Error(
    `Chromium est introuvable (${CHROMIUM}). Installez-le : sudo apt-get install chromium ` +
      "(ou indiquez son chemin dans CHROMIUM_PATH). Les tests ne téléchargent jamais de navigateur.",
  );
}
