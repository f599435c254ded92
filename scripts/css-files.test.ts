// The app's stylesheets stay readable and whole. A block left open runs on to the end of its file:
// a browser closes it there without a word, so every rule after it quietly depends on the open
// block's condition (the pseudo screen's waiting line was styled only under « less motion »). A
// file past MAX_LINES is a feature's views in one place: split by view, listed in order by the
// feature's index file (`@import`, inlined by the build into the one stylesheet its routes link).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const MAX_LINES = 600;

function cssFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const entry = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, entry)).isDirectory()) return cssFiles(entry);
    return name.endsWith(".css") ? [entry] : [];
  });
}

/** Where a block opens that never closes, or a brace closes nothing: null when the file is whole. */
function unbalanced(css: string): string | null {
  // Comments and strings may hold braces of their own.
  const code = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  const open: number[] = [];
  const lines = code.split("\n");
  for (let i = 0; i < lines.length; i++) {
    for (const ch of lines[i]!) {
      if (ch === "{") open.push(i + 1);
      else if (ch === "}" && open.pop() === undefined) return `line ${i + 1}: a brace closes nothing`;
    }
  }
  return open.length > 0 ? `line ${open[open.length - 1]}: a block never closes` : null;
}

describe("the app's stylesheets", () => {
  const files = cssFiles("app");

  it("close every block they open", () => {
    expect(files.length).toBeGreaterThan(10);
    const broken = files.flatMap((f) => {
      const problem = unbalanced(readFileSync(path.join(ROOT, f), "utf8"));
      return problem ? [`${f} ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it(`hold at most ${MAX_LINES} lines each`, () => {
    const long = files.flatMap((f) => {
      const lines = readFileSync(path.join(ROOT, f), "utf8").split("\n").length - 1;
      return lines > MAX_LINES ? [`${f}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it("tells an open block from a closed one, whatever the comments and strings hold", () => {
    expect(unbalanced(".a { color: red; }\n@media (x) { .b { top: 0; } }\n")).toBeNull();
    expect(unbalanced('.a::before { content: "{"; } /* } */\n')).toBeNull();
    expect(unbalanced("@media (x) {\n  .b { top: 0; }\n.c { left: 0; }\n")).toBe("line 1: a block never closes");
    expect(unbalanced(".a { top: 0; }\n}\n")).toBe("line 2: a brace closes nothing");
  });
});
