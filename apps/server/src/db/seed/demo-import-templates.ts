import type { ImportTemplateMapping } from '@portal/contract';

/**
 * Each demo insurer's statement layout (docs/samples/commission-statement-<code>.csv|xlsx): the headings, date and
 * number layouts its own statement uses, as the first version of its mapping template. Different on purpose, so the
 * import is shown to read each insurer's file as it comes.
 */
export const DEMO_IMPORT_TEMPLATES: Record<string, ImportTemplateMapping> = {
  HLA: {
    columns: {
      policyNo: 'Policy Number',
      producerCode: 'Agent Code',
      statementDate: 'Payment Date',
      amount: 'Commission Amount',
      currency: 'Currency',
      reference: 'Statement Ref',
    },
    dateFormat: 'DD/MM/YYYY',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
  PPI: {
    columns: {
      policyNo: 'POLICY_NO',
      producerCode: 'BROKER_AGENT',
      statementDate: 'PAID_ON',
      amount: 'COMM_AMT',
      currency: 'CCY',
    },
    dateFormat: 'YYYY-MM-DD',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
  GCL: {
    columns: {
      policyNo: 'Contract',
      statementDate: 'Value Date',
      amount: 'Amount',
      currency: 'Currency',
      reference: 'Line Id',
    },
    dateFormat: 'DD.MM.YYYY',
    numberFormat: '1.234,56',
    delimiter: ';',
    tolerancePercent: '2',
  },
  EVA: {
    columns: {
      policyNo: 'Policy',
      producerCode: 'Intermediary',
      statementDate: 'Date',
      amount: 'Gross Commission',
      currency: 'Ccy',
    },
    dateFormat: 'MM/DD/YYYY',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
  NSL: {
    columns: {
      policyNo: 'Policy No.',
      producerCode: 'Adviser',
      statementDate: 'Posting Date',
      amount: 'Commission',
      currency: 'Currency',
    },
    dateFormat: 'YYYY/MM/DD',
    numberFormat: '1,234.56',
    delimiter: '\t',
    tolerancePercent: '5',
  },
  LTI: {
    columns: {
      policyNo: 'Policy Number',
      statementDate: 'Settlement Date',
      amount: 'Net Commission',
      currency: 'Settlement Currency',
      reference: 'Reference',
    },
    dateFormat: 'DD/MM/YYYY',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
  MRG: {
    columns: {
      policyNo: 'Policy',
      producerCode: 'Agent',
      statementDate: 'Paid',
      amount: 'Commission',
      currency: 'CCY',
    },
    dateFormat: 'YYYY-MM-DD',
    numberFormat: '1,234.56',
    delimiter: ';',
    tolerancePercent: '5',
  },
  SAF: {
    columns: {
      policyNo: 'Certificate No',
      producerCode: 'Agent No',
      statementDate: 'Payment Date',
      amount: 'Commission Payable',
      currency: 'Currency',
    },
    dateFormat: 'DD/MM/YYYY',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
  ISL: {
    columns: {
      policyNo: 'Policy Reference',
      producerCode: 'Introducer',
      statementDate: 'Commission Date',
      amount: 'Commission',
      currency: 'Currency',
      reference: 'Transaction',
    },
    dateFormat: 'DD/MM/YYYY',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
  RVL: {
    columns: {
      policyNo: 'Plan Number',
      producerCode: 'Servicing Agent',
      statementDate: 'Pay Date',
      amount: 'Amount Paid',
      currency: 'Currency',
    },
    dateFormat: 'YYYY-MM-DD',
    numberFormat: '1,234.56',
    delimiter: ',',
    tolerancePercent: '5',
  },
};

/** Insurers whose sample statement is a workbook rather than a CSV file. */
export const XLSX_SAMPLE_INSURERS: readonly string[] = ['ISL', 'RVL'];
