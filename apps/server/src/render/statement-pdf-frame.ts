import type { StatementDocument, StatementFirm } from './statement-model.js';
import type { StatementTexts } from './statement-texts.js';

/** The page frame of the statement PDF: the firm's letterhead above, the statement's identity and page below. */

type Node = Record<string, unknown>;

export const PAGE_MARGIN_X = 36;
/** Room above the content for the letterhead, below it for the footer (points). */
export const HEADER_HEIGHT = 74;
export const FOOTER_HEIGHT = 40;
const MUTED = '#5b6673';

/**
 * The site logo as vector shapes (the SPA's SiteLogo: a rounded square with an "A" and the word mark), so it
 * prints sharp at any zoom and needs no image file.
 */
function logo(firm: StatementFirm): Node {
  const white = { lineColor: '#ffffff', lineWidth: 2, lineCap: 'round', lineJoin: 'round' };
  return {
    columns: [
      {
        width: 26,
        canvas: [
          { type: 'rect', x: 0, y: 0, w: 24, h: 24, r: 5, color: firm.accent },
          {
            type: 'polyline',
            points: [
              { x: 6, y: 18 },
              { x: 12, y: 6 },
              { x: 18, y: 18 },
            ],
            ...white,
          },
          { type: 'line', x1: 8.3, y1: 13.5, x2: 15.7, y2: 13.5, ...white },
        ],
      },
      {
        width: 'auto',
        stack: [
          { text: firm.shortName, fontSize: 15, color: firm.accent, lineHeight: 0.9 },
          { text: firm.name, fontSize: 8, color: '#1f3a5f' },
        ],
        margin: [4, -1, 0, 0],
      },
    ],
  };
}

/** The words a letterhead needs (the statement texts have them; other documents pass theirs). */
export type LetterheadTexts = Pick<StatementTexts, 'telephone' | 'emailLabel'>;

/** Address on the right, then telephone, e-mail and website on one line. */
function contact(firm: StatementFirm, texts: LetterheadTexts): Node {
  const reach = [
    firm.phone ? `${texts.telephone} ${firm.phone}` : null,
    firm.email ? `${texts.emailLabel} ${firm.email}` : null,
    firm.website,
  ].filter((part): part is string => part !== null);
  return {
    width: '*',
    stack: [...firm.address, reach.join('   ·   ')].filter((line) => line !== ''),
    alignment: 'right',
    fontSize: 7.5,
    color: MUTED,
    lineHeight: 1.15,
  };
}

/** The firm's letterhead at the top of every page: logo and name on the left, address and contact on the right. */
export function letterhead(firm: StatementFirm, texts: LetterheadTexts, pageWidth: number): Node {
  return {
    margin: [PAGE_MARGIN_X, 22, PAGE_MARGIN_X, 0],
    stack: [
      { columns: [{ width: 'auto', stack: [logo(firm)] }, contact(firm, texts)], columnGap: 16 },
      {
        canvas: [
          {
            type: 'line',
            x1: 0,
            y1: 6,
            x2: pageWidth - 2 * PAGE_MARGIN_X,
            y2: 6,
            lineWidth: 1,
            lineColor: firm.accent,
          },
        ],
      },
    ],
  };
}

/** Client, account and month on the left, "page x of y" of this statement on the right, in its language. */
export function pageFooter(doc: StatementDocument, texts: StatementTexts, page: number, pages: number): Node {
  const who = [
    doc.clientName,
    `${texts.accountNo} ${doc.accountNo}`,
    `${texts.statementMonth} ${doc.month.replace('-', '/')}`,
  ].join('   ·   ');
  return {
    margin: [PAGE_MARGIN_X, 14, PAGE_MARGIN_X, 0],
    fontSize: 7.5,
    color: MUTED,
    columns: [
      { width: '*', text: who },
      {
        width: 'auto',
        text: texts.pageOfPages.replace('{page}', String(page)).replace('{pages}', String(pages)),
        alignment: 'right',
      },
    ],
  };
}

/**
 * Page numbers per statement in a file of several: pdfmake numbers the pages of the whole file, and lays out every
 * page's header before any footer, so the headers record which statement each page belongs to and the footers
 * count within it.
 */
export class StatementPageCounter {
  private readonly statementOfPage = new Map<number, number>();

  /** Called by statement `index`'s header for file page `page`. */
  record(index: number, page: number): void {
    this.statementOfPage.set(page, index);
  }

  /** This page's number within its statement and the statement's page count. */
  position(index: number, page: number): { page: number; pages: number } {
    const own = [...this.statementOfPage].filter(([, i]) => i === index).map(([p]) => p);
    if (own.length === 0) return { page, pages: page };
    const first = Math.min(...own);
    return { page: page - first + 1, pages: own.length };
  }
}
