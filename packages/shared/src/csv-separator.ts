/** The separators a CSV we read may use: what spreadsheets write when they save or export text. */
export type CsvSeparator = ';' | ',' | '\t';

/**
 * A CSV file's separator, read off its header line, the one rule of the catalog import and the bank-statement
 * import (decision 059): the one of ';', ',' and a tab the header uses most. A Spanish-language spreadsheet
 * writes semicolons (its decimal mark is the comma, as in "245,50"), others commas, a "text (tab-delimited)"
 * export tabs; a file cannot mix them, "245,50" would split in two. A tie goes to ';', a header without any
 * (one column) to ','.
 */
export function csvSeparatorOf(text: string): CsvSeparator {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const end = body.search(/[\r\n]/);
  const header = end === -1 ? body : body.slice(0, end);
  const count = (separator: CsvSeparator) => header.split(separator).length - 1;
  const semicolons = count(';');
  const commas = count(',');
  const tabs = count('\t');
  if (semicolons === 0 && commas === 0 && tabs === 0) return ',';
  if (semicolons >= commas && semicolons >= tabs) return ';';
  return commas >= tabs ? ',' : '\t';
}
