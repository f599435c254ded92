import { useEffect, useSyncExternalStore } from "react";

/**
 * Players' marker pictures, loaded one at a time and kept for the page's whole life.
 *
 * A marker is an SVG document, which the browser parses on the main thread when it arrives: a few
 * milliseconds each, four times that on a slow laptop. When a ranking page, the lobby or the
 * results map showed sixteen new pictures at once, their parses ran back to back and the big
 * screen stopped for a third of a second. Here each picture arrives in its own task with a frame
 * after it, and stays held: an `<img>` of the same address later is served from memory, already
 * parsed. A room has at most 54 of them (9 fruits x 6 colours).
 */

type PictureState = "loading" | "ready" | "failed";

type Entry = { state: PictureState; img: HTMLImageElement | null; waiters: ((img: HTMLImageElement | null) => void)[] };

const entries = new Map<string, Entry>();
const queue: string[] = [];
let pumping = false;
const listeners = new Set<() => void>();

/** Resolves after the next frame has been produced (or 50 ms, for a page nobody is looking at). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const entry = entries.get(url)!;
      const img = new Image();
      img.src = url;
      let ok = true;
      try {
        await img.decode();
      } catch {
        ok = false;
      }
      entry.state = ok ? "ready" : "failed";
      entry.img = ok ? img : null;
      for (const w of entry.waiters.splice(0)) w(entry.img);
      // One picture settles a frame: screens render once for it.
      for (const l of listeners) l();
      await afterNextFrame();
    }
  } finally {
    pumping = false;
  }
}

function entryOf(url: string): Entry {
  let entry = entries.get(url);
  if (!entry) {
    entry = { state: "loading", img: null, waiters: [] };
    entries.set(url, entry);
    if (typeof window !== "undefined") {
      queue.push(url);
      void pump();
    }
  }
  return entry;
}

/** Starts loading a picture (in turn with the others) and keeps it. */
export function keepPicture(url: string): void {
  entryOf(url);
}

/** The loaded picture, or null if it could not be loaded. */
export function loadPicture(url: string): Promise<HTMLImageElement | null> {
  const entry = entryOf(url);
  if (entry.state !== "loading") return Promise.resolve(entry.img);
  return new Promise((resolve) => entry.waiters.push(resolve));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where a picture stands, for a screen that shows it once loaded. */
export function usePicture(url: string): PictureState {
  useEffect(() => {
    keepPicture(url);
  }, [url]);
  return useSyncExternalStore(
    subscribe,
    () => entries.get(url)?.state ?? "loading",
    () => "loading",
  );
}
