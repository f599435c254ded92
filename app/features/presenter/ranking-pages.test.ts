import { describe, expect, it } from "vitest";
import { AUTO_ADVANCE_MS } from "@common/rules";
import {
  afterEndPage,
  afterQuestionPage,
  clampPage,
  columnsOf,
  END_LAYOUT,
  PAGE_MS,
  pageRanges,
  QUESTION_LAYOUT,
  QUESTION_TEAM_LAYOUT,
  questionPageMs,
  rangeLabel,
} from "./ranking-pages";
import { tIn } from "../../../tests/support/i18n";
import { rankedLine } from "../../../tests/support/ranking-lines";

const ranked = rankedLine;

/** Every position of the ranking, in order, exactly once. */
function covered(total: number, layout = QUESTION_LAYOUT) {
  return pageRanges(total, layout).flatMap((r) => Array.from({ length: r.to - r.from }, (_, k) => r.from + k));
}

describe("ranking pages after a question", () => {
  it("shows the detailed top first, then dense pages through every player", () => {
    expect(pageRanges(3, QUESTION_LAYOUT)).toEqual([{ from: 0, to: 3 }]);
    expect(pageRanges(16, QUESTION_LAYOUT)).toEqual([{ from: 0, to: 16 }]);
    expect(pageRanges(40, QUESTION_LAYOUT)).toEqual([
      { from: 0, to: 16 },
      { from: 16, to: 40 },
    ]);
    expect(pageRanges(47, QUESTION_LAYOUT)).toEqual([
      { from: 0, to: 16 },
      { from: 16, to: 46 },
      { from: 46, to: 47 },
    ]);
    expect(pageRanges(20, QUESTION_TEAM_LAYOUT)).toEqual([
      { from: 0, to: 8 },
      { from: 8, to: 20 },
    ]);
  });

  it("leaves nobody out and shows nobody twice, up to 2,000 players", () => {
    for (const total of [0, 1, 15, 16, 17, 46, 47, 100, 1999, 2000]) {
      expect(covered(total)).toEqual(Array.from({ length: total }, (_, i) => i));
      expect(covered(total, END_LAYOUT)).toEqual(Array.from({ length: total }, (_, i) => i));
    }
    // 2,000 players: 1 + 67 pages of at most 30 lines, every page readable.
    const pages = pageRanges(2000, QUESTION_LAYOUT);
    expect(pages).toHaveLength(1 + Math.ceil(1984 / 30));
    expect(Math.max(...pages.map((p) => p.to - p.from))).toBe(30);
  });

  it("keeps an empty room on one empty page", () => {
    expect(pageRanges(0, QUESTION_LAYOUT)).toEqual([{ from: 0, to: 0 }]);
    expect(pageRanges(0, END_LAYOUT)).toEqual([{ from: 0, to: 0 }]);
  });

  it("turns the pages, then asks for the next question", () => {
    expect(afterQuestionPage(0, 3)).toEqual({ page: 1 });
    expect(afterQuestionPage(1, 3)).toEqual({ page: 2 });
    expect(afterQuestionPage(2, 3)).toBe("advance");
    expect(afterQuestionPage(0, 1)).toBe("advance");
    // The first page keeps the usual pause before the next question, later ones PAGE_MS.
    expect(questionPageMs(0)).toBe(AUTO_ADVANCE_MS);
    expect(questionPageMs(4)).toBe(PAGE_MS);
  });

  it("loops under the podium and keeps a page inside a ranking that changed size", () => {
    expect(afterEndPage(0, 3)).toBe(1);
    expect(afterEndPage(2, 3)).toBe(0);
    expect(afterEndPage(0, 1)).toBe(0);
    expect(afterEndPage(0, 0)).toBe(0);
    expect(clampPage(5, 3)).toBe(2);
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(2, 0)).toBe(0);
  });
});

describe("ranking page layout", () => {
  it("cuts a page into columns, left to right", () => {
    expect(columnsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(columnsOf([], 10)).toEqual([[]]);
  });

  it("names a page by the ranks it shows, ties included", () => {
    const t = tIn("fr");
    expect(t(rangeLabel([ranked(17), ranked(18), ranked(46)])!)).toBe("Rangs 17 à 46");
    expect(t(rangeLabel([ranked(5, 5), ranked(5, 6)])!)).toBe("Rang 5");
    expect(tIn("de")(rangeLabel([ranked(17), ranked(46)])!)).toBe("Plätze 17 bis 46");
    expect(rangeLabel([])).toBeNull();
  });
});
