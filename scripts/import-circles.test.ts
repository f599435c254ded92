// No import circle in the code (server.ts, app/, common/, party/, db/): a module that imports
// itself through others can only be read, tested or moved together with all of them, and which
// of them is evaluated first depends on who was imported first. Type-only imports count too: a
// circle of types is still a circle to whoever reads the modules. The layers (eslint.config.js)
// keep imports pointing one way between folders; this keeps them one way inside a folder. The
// whole code is read, so a circle through common/ or party/ is seen, but only a circle with a
// module of app/, db/ or the Worker's entry fails: common/ and party/ are not held to it yet.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const ROOTS = ["server.ts", "load-context.ts", "app", "common", "party", "db"];
const ALIASES: Record<string, string> = { "~/": "app/", "@common/": "common/", "@party/": "party/", "@db/": "db/" };
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return /\.tsx?$/.test(entry) ? [entry] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(path.posix.join(entry, name)));
}

/** The repository file a specifier names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  let base: string;
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(path.join(ROOT, c))) ?? null;
}

/** The code's import graph: each file and the repository files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of ROOTS.flatMap(sourceFiles)) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    const targets = [...source.matchAll(SPECIFIER)]
      .map((m) => resolve(file, (m[1] ?? m[2])!))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import circles", () => {
  it("finds a circle, and only a circle", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    expect(circles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("reads the code's imports, aliases and relative paths alike", () => {
    const graph = importGraph();
    expect(graph.get("server.ts")).toContain("load-context.ts");
    expect(graph.get("party/engine/index.ts")).toContain("party/engine/game.ts");
    expect([...graph.values()].flat()).toContain("common/rules/index.ts");
  });

  it("no module of app/, db/ or the Worker's entry imports itself through others", () => {
    const held = /^(app\/|db\/|server\.ts$|load-context\.ts$)/;
    expect(circles(importGraph()).filter((circle) => circle.some((file) => held.test(file)))).toEqual([]);
  });
});
