import type { CellValue } from './cells.js';
import { numberFormat } from './cells.js';
import type { ExportColumn } from './protocol.js';
import { looksLikeFormula } from './quote-prefix.js';

/*
 * The parts of a one-sheet workbook (Office Open XML, ECMA-376 part 1), written as text. The sheet holds inline
 * strings (no shared-strings table kept in memory) and is produced row by row; everything else is small and known
 * before the first row. Only what the exports need: typed cells with number formats, a bold frozen header with a
 * filter, column widths, and the quotePrefix mark on text that looks like a formula (§18.8.45), which keeps it text
 * in Excel and LibreOffice when the cell is edited or the sheet saved as CSV.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Every character but those XML 1.0 allows (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and up). */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text for an element or a double-quoted attribute; characters XML cannot hold become U+FFFD. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A1-style column letters of a 0-based column index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Days since 1899-12-30 (Excel's serial date; the 1900 leap-year bug lies before every date we write). */
function serialDate(date: Date): number {
  return (date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** Style indexes into cellXfs for one sheet's columns. */
export interface SheetStyles {
  xml: string;
  header: number;
  /** Per column: the cell format of a value, and of a value that looks like a formula. */
  columns: { plain: number; quoted: number }[];
}

/**
 * styles.xml: the default format, a bold header, and for every column its number format with and without the
 * quotePrefix mark. Number formats get custom ids (164 and up) so a reader sees the format code itself.
 */
export function sheetStyles(columns: ExportColumn[]): SheetStyles {
  const formats = [...new Set(columns.map((c) => numberFormat(c.kind)).filter((f) => f !== undefined))];
  const formatId = (f: string | undefined) => (f === undefined ? 0 : 164 + formats.indexOf(f));
  const xfs: string[] = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
  ];
  const indexOf = (xf: string) => {
    const found = xfs.indexOf(xf);
    if (found >= 0) return found;
    xfs.push(xf);
    return xfs.length - 1;
  };
  const styleColumns = columns.map((c) => {
    const id = formatId(numberFormat(c.kind));
    const number = id ? ` applyNumberFormat="1"` : '';
    return {
      plain: id ? indexOf(`<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${number}/>`) : 0,
      quoted: indexOf(
        `<xf quotePrefix="1" numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${number}/>`,
      ),
    };
  });
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>`;
  const xml =
    `${HEAD}<styleSheet xmlns="${MAIN}">` +
    (formats.length
      ? `<numFmts count="${formats.length}">${formats
          .map((f) => `<numFmt numFmtId="${formatId(f)}" formatCode="${xmlText(f)}"/>`)
          .join('')}</numFmts>`
      : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';
  return { xml, header: 1, columns: styleColumns };
}

/** The fixed parts: content types, relationships, the workbook (with the filter's defined name). */
export function packageParts(sheetName: string, columnCount: number): { name: string; xml: string }[] {
  const quotedName = `'${sheetName.replace(/'/g, "''")}'`;
  const filterRange = `${quotedName}!$A$1:$${columnLetters(Math.max(columnCount, 1) - 1)}$1`;
  return [
    {
      name: '[Content_Types].xml',
      xml:
        `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      xml:
        `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      xml:
        `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      xml:
        `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
        '<bookViews><workbookView/></bookViews>' +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
        `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(filterRange)}</definedName></definedNames>` +
        '</workbook>',
    },
  ];
}

/** The sheet up to its first row: frozen header pane and column widths (with each column's default format). */
export function sheetStart(widths: number[], styles: SheetStyles): string {
  const cols = widths
    .map(
      (w, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"${styles.columns[i]?.plain ? ` style="${styles.columns[i]?.plain}"` : ''}/>`,
    )
    .join('');
  return (
    `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

/** The rest of the sheet after its last row: the header's filter. */
export function sheetEnd(columnCount: number): string {
  const filter = columnCount > 0 ? `<autoFilter ref="A1:${columnLetters(columnCount - 1)}1"/>` : '';
  return `</sheetData>${filter}</worksheet>`;
}

/** One cell; an empty value writes nothing (the cell does not exist). */
function cellXml(ref: string, value: CellValue, plain: number, quoted: number): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return `<c r="${ref}"${plain ? ` s="${plain}"` : ''}><v>${value}</v></c>`;
  }
  if (value instanceof Date) {
    return `<c r="${ref}"${plain ? ` s="${plain}"` : ''}><v>${serialDate(value)}</v></c>`;
  }
  const style = looksLikeFormula(value) ? quoted : plain;
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

/** One row of typed values (row numbers from 1). */
export function rowXml(
  rowNumber: number,
  values: CellValue[],
  styles: SheetStyles,
  letters: string[],
): string {
  let cells = '';
  values.forEach((value, i) => {
    const style = styles.columns[i] ?? { plain: 0, quoted: 0 };
    cells += cellXml(`${letters[i]}${rowNumber}`, value, style.plain, style.quoted);
  });
  return `<row r="${rowNumber}">${cells}</row>`;
}

/** The header row: bold text cells. */
export function headerXml(headers: string[], styles: SheetStyles, letters: string[]): string {
  const cells = headers
    .map(
      (h, i) =>
        `<c r="${letters[i]}1" t="inlineStr" s="${styles.header}"><is><t xml:space="preserve">${xmlText(h)}</t></is></c>`,
    )
    .join('');
  return `<row r="1">${cells}</row>`;
}
