/**
 * CSV as a spreadsheet opens it without an import dialog, in the form of the reader's language:
 * in French (and German) `;` between fields since the comma is the decimal separator there, and
 * decimal commas; in English `,` and decimal points. Always UTF-8 with a byte order mark (else
 * Excel reads accents as garbage) and CRLF line ends. Text cells are quoted when needed and every
 * part of a cell that could start a formula is defused, so nothing a quiz author typed runs in
 * the spreadsheet.
 */
import type { Locale } from "../i18n/locales";

export const CSV_BOM = "\uFEFF";

/** How one language's spreadsheet reads a CSV file. */
export type CsvForm = { separator: ";" | ","; decimalComma: boolean };

const FORMS: Record<Locale, CsvForm> = {
  fr: { separator: ";", decimalComma: true },
  en: { separator: ",", decimalComma: false },
  de: { separator: ";", decimalComma: true },
};

/** The form of a language's Excel: French by default. */
export const csvForm = (locale: Locale = "fr"): CsvForm => FORMS[locale];

type Cell = string | number | null;

/** A number with a fixed count of decimals, in the form's decimal separator ('' for none). */
export function decimal(value: number | null | undefined, decimals: number, form: CsvForm = csvForm()): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  const text = value.toFixed(decimals);
  return form.decimalComma ? text.replace(".", ",") : text;
}

/**
 * Where a spreadsheet could start a formula: the cell's start, and any `,`, `;` or tab (a cell is
 * not always split where this file means: Excel in English splits on commas, an import dialog
 * on tabs) or line break (a reader that ignores quotes starts a row there), when a formula's
 * first character follows (spaces before it do not stop every spreadsheet), or a tab or CR.
 */
const AFTER_SEPARATOR = /(?<=[,;\t\r\n])/;
const FORMULA_START = /^(?:[ \u00a0]*[=+\-@]|[\t\r])/;

/**
 * A text cell a spreadsheet shows as text: each place that could start a formula gets a `'`
 * (OWASP's advice on CSV injection), and a cell holding a separator, a quote or a line break is
 * quoted.
 */
export function textCell(value: string): string {
  const safe = value
    .split(AFTER_SEPARATOR)
    .map((part) => (FORMULA_START.test(part) ? `'${part}` : part))
    .join("");
  return /[,;\t"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Numbers are written as integers; pass decimals already formatted with `decimal`. */
function cell(value: Cell, numeric: boolean): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(Math.round(value)) : "";
  return numeric ? value : textCell(value);
}

interface CsvColumn<R> {
  title: string;
  value: (row: R) => Cell;
  /** Already formatted as a number (`decimal`): written as is, never defused. */
  numeric?: boolean;
}

export function toCsv<R>(columns: CsvColumn<R>[], rows: Iterable<R>, form: CsvForm = csvForm()): string {
  const lines = [columns.map((c) => textCell(c.title)).join(form.separator)];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row), c.numeric ?? false)).join(form.separator));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** Reads back what toCsv wrote (tests, and anyone checking an export): rows of strings. */
export function parseCsv(text: string, form: CsvForm = csvForm()): string[][] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === form.separator) {
      row.push(field);
      field = "";
    } else if (ch === "\r" && body[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** '12,5' or '12.5' -> 12.5 (what Excel would read). */
export const readDecimal = (s: string) => Number(s.replace(",", "."));
