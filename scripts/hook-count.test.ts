// A screen's file stays readable: past a handful of hook calls it is holding several screens or
// several concerns at once (state, clock, socket, form...), each of which has a file of its own
// to live in (a component per screen or part, a `useXxx` hook per concern, its logic as a pure
// function tested beside it). Counted as the text `useXxx(` anywhere in the file, comments too.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const MAX_HOOKS = 8;

/**
 * The one file allowed more: the Google map's view, one Google map instance (`useMap`) with the
 * map-without-a-pointer's crosshair kept on it (decision 048: its keys, the shown view, the
 * crosshair reset on a drag or a view that lost it). Its calls are already hooks of their own
 * (`useMapKeyboard`, `useShownView`, `useLatest`); what is left reads the same map and the same
 * crosshair, and split further it would spread one map's state over files that each need all of it.
 */
const EXCEPTIONS = new Set(["app/features/map/GoogleView.tsx"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const entry = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, entry)).isDirectory()) return sourceFiles(entry);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [entry] : [];
  });
}

/** The hook calls in a module's text: `useState(`, `useT(`, `useRoomSocket(`... */
function hookCalls(source: string): number {
  return source.match(/\buse[A-Z][A-Za-z]*\(/g)?.length ?? 0;
}

describe("the app's screens", () => {
  const files = sourceFiles("app/features");

  it(`call at most ${MAX_HOOKS} hooks per file`, () => {
    expect(files.length).toBeGreaterThan(50);
    const crowded = files.flatMap((f) => {
      const n = hookCalls(readFileSync(path.join(ROOT, f), "utf8"));
      return n > MAX_HOOKS && !EXCEPTIONS.has(f) ? [`${f}: ${n} hook calls`] : [];
    });
    expect(crowded).toEqual([]);
  });

  it("keeps its one exception needed", () => {
    for (const f of EXCEPTIONS) expect(hookCalls(readFileSync(path.join(ROOT, f), "utf8"))).toBeGreaterThan(MAX_HOOKS);
  });

  it("counts calls, not imported names nor words that only end or start alike", () => {
    expect(hookCalls("const [a] = useState(0);\nconst t = useT();\nuseEffect(() => {}, []);")).toBe(3);
    expect(hookCalls("import { useState, useMemo } from 'react';")).toBe(0);
    expect(hookCalls("const x = reuseState(1); const y = user(2); const z = useful(3);")).toBe(0);
  });
});
