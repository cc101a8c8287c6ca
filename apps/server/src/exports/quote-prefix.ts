import { createRequire } from 'node:module';

/**
 * Text a spreadsheet would take for a formula once a person edits the cell or saves the sheet as CSV: it starts with
 * `=`, `+`, `-` or `@`, or with a tab or carriage return before one (OWASP "CSV injection"). A client's or a
 * document's name is typed by someone outside the firm; `=HYPERLINK(…)` in it must stay text.
 */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

export function looksLikeFormula(value: unknown): value is string {
  return typeof value === 'string' && FORMULA_LIKE.test(value);
}

/** exceljs 4.4's styles manager (xlsx/xform/style/styles-xform.js): the part of it this module wraps. */
interface StylesManager {
  addStyleModel(model: { quotePrefix?: boolean } | undefined, cellType?: number): number;
  _addStyle(style: unknown): number;
  map: { style: { toXml(style: unknown): string } };
  index: { style: Record<string, number> };
  model: { styles: string[] };
}

let installed = false;

/**
 * Lets a cell style carry `quotePrefix: true`, written as the cell format's `quotePrefix="1"` (ECMA-376 §18.8.45):
 * Excel and LibreOffice then keep the cell's text as text when it is edited or saved as CSV, and show no apostrophe.
 * exceljs (pinned 4.4.0) has no such style property, so the styles manager is wrapped: a style asking for it gets a
 * cell format of its own, the attribute added to the format's XML, which exceljs keeps as a string per format. Another
 * exceljs would leave the styles unwrapped (the cells are still written as text, never as formulas); the export tests
 * read the attribute back, and a LibreOffice conversion shows the cell stays text (docs/producer/exports.md).
 */
export function installQuotePrefixStyles(): void {
  if (installed) return;
  installed = true;
  const require = createRequire(import.meta.url);
  const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform.js') as {
    prototype: StylesManager;
  };
  const proto = StylesXform.prototype;
  const { addStyleModel, _addStyle: addStyle } = proto;
  if (typeof addStyleModel !== 'function' || typeof addStyle !== 'function') return;
  proto.addStyleModel = function (this: StylesManager, model, cellType) {
    if (!model?.quotePrefix) return addStyleModel.call(this, model, cellType);
    this._addStyle = function (this: StylesManager, style: unknown) {
      const xml = this.map.style.toXml(style).replace(/^<xf /, '<xf quotePrefix="1" ');
      let index = this.index.style[xml];
      if (index === undefined) {
        index = this.model.styles.length;
        this.index.style[xml] = index;
        this.model.styles.push(xml);
      }
      return index;
    };
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      // Back to the prototype's own.
      delete (this as Partial<StylesManager>)._addStyle;
    }
  };
}
