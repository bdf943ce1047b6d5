import { stringify } from "csv-stringify/sync";

/**
 * Rows as CSV under a header line, the one way the shop writes a CSV file. csv-stringify quotes
 * safely, and `escape_formulas` puts a `'` before a cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return, so that text a shopper typed (a name like `=HYPERLINK(…)`) reaches a
 * spreadsheet as text, never as a live formula. Numbers (negative ones too) stay numbers.
 */
export function toCsv(columns: string[], rows: (string | number)[][]): string {
  return stringify(rows, { header: true, columns, escape_formulas: true });
}

/** A CSV file to download, named `{name}-{today}.csv`, never cached. */
export function csvDownload(csv: string, name: string, today = new Date()): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${today.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
