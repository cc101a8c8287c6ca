import { domainWords } from '../../render/domain-texts.js';
import { renderSimplePdf } from './pdf.js';

/** Content of the demo PDFs: short, but shaped like the real thing so a download is worth opening. */

export function providerStatementPdf(p: {
  planNo: string;
  productName: string;
  clientName: string;
  asOf: string;
  currency: string;
}) {
  return renderSimplePdf({
    title: 'Provider Statement',
    facts: [
      ['Plan number', p.planNo],
      ['Product', p.productName],
      ['Policy owner', p.clientName],
      ['Valuation date', p.asOf],
      ['Currency', p.currency],
    ],
    table: {
      header: ['Transaction', 'Date', 'Amount'],
      rows: [
        ['Regular premium', p.asOf, `${p.currency} 1,200.00`],
        ['Policy fee', p.asOf, `${p.currency} -15.00`],
        ['Fund switch', p.asOf, `${p.currency} 0.00`],
      ],
    },
    footnote: 'Issued by the product provider. Values are indicative and not guaranteed.',
  });
}

export function clientDocumentPdf(p: { title: string; clientName: string; accountNo: string; date: string }) {
  return renderSimplePdf({
    title: p.title,
    facts: [
      ['Client', p.clientName],
      ['Account number', p.accountNo],
      ['Date', p.date],
    ],
    footnote: 'Copy kept on file by your adviser.',
  });
}

export function formPdf(p: {
  title: string;
  provider: string;
  productType: string;
  language: string;
  formType: string;
}) {
  return renderSimplePdf({
    title: p.title,
    facts: [
      ['Provider', p.provider],
      ['Product type', p.productType],
      ['Language', p.language],
      ['Form', p.formType === 'original' ? 'Original required' : 'Copy accepted'],
    ],
    table: {
      header: ['Section', 'To complete'],
      rows: [
        ['A', 'Policy owner details'],
        ['B', 'Requested change'],
        ['C', 'Declaration and signature'],
      ],
    },
  });
}

export function factsheetPdf(p: { code: string; name: string; currency: string; assetClass: string }) {
  return renderSimplePdf({
    title: `${p.name} – Factsheet`,
    facts: [
      ['Fund code', p.code],
      ['Currency', p.currency],
      ['Asset class', domainWords('en').assetClass(p.assetClass)],
    ],
    table: {
      header: ['Period', 'Return'],
      rows: [
        ['1 month', '0.8%'],
        ['1 year', '6.2%'],
        ['3 years (annualised)', '4.1%'],
      ],
    },
    footnote: 'Past performance is not indicative of future results.',
  });
}
