// params.csv text, written exactly as the server's params.WriteCSV writes it (Go's
// encoding/csv with CRLF), so that Verify parameters downloads the same bytes as the
// experiment_parameters export of the study Create would make.
import type { ParamRow } from './types';

/** csvField quotes a field when Go's csv.Writer would: it holds a comma, a quote, a line
 * break, or starts with a space or tab (or is the lone `\.`). */
export function csvField(value: string): string {
  const needs = value === '\\.' || /[",\r\n]/.test(value) || /^[ \t]/.test(value);
  if (!needs) return value;
  // Line breaks inside values become CRLF, as csv.Writer with UseCRLF writes them.
  return '"' + value.replace(/\r\n|\r|\n/g, '\n').replace(/"/g, '""').replace(/\n/g, '\r\n') + '"';
}

/** toCSV writes rows as a params.csv: the header condition,param,value and one CRLF line per row. */
export function toCSV(rows: ParamRow[]): string {
  const lines = ['condition,param,value'];
  for (const r of rows) lines.push([String(r.condition), csvField(r.param), csvField(r.value)].join(','));
  return lines.join('\r\n') + '\r\n';
}

/** VERIFY_FILENAME is the spec's name of the file Verify parameters downloads. */
export const VERIFY_FILENAME = 'experiment_parameters.csv';

/** createdFilename is the spec's name of a created study's parameter file. */
export function createdFilename(experimentId: string): string {
  return `${experimentId}_experiment_parameters.csv`;
}

/** csvRecords splits RFC 4180 text into records (quoted fields, doubled quotes, CRLF or LF). */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((f) => f.trim() !== '')); // blank lines are no records
}
