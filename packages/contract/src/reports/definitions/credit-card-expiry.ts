import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { amount, REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 8, credit card expiry: plans still paying premiums whose paying card expires in the chosen months (both
 * ends inclusive), so the producer can ask the client for the new card before a premium is refused.
 */
export const creditCardExpiryReport = defineReport({
  type: 8,
  title: label('Credit Card Expiry', '信用卡到期', 'クレジットカード有効期限', '신용카드 만료'),
  purpose: label(
    'Plans whose premium-paying credit card expires in the chosen months.',
    '繳付保費的信用卡於所選月份到期的計劃。',
    '保険料を支払うクレジットカードが選択した月に期限切れとなるプラン。',
    '보험료 납부 신용카드가 선택한 달에 만료되는 플랜.',
  ),
  filters: ['expiryFromYear', 'expiryFromMonth', 'expiryToYear', 'expiryToMonth'],
  required: ['expiryFromYear', 'expiryFromMonth', 'expiryToYear', 'expiryToMonth'],
  item: z.object({
    cardId: z.number().int(),
    policyId: z.number().int(),
    policyNo: z.string(),
    ownerName: z.string(),
    phone: z.string(),
    cardBrand: z.string(),
    maskedCardNumber: z.string(),
    /** The card's last month, `YYYY-MM` (decision 005). */
    expiryMonth: z.string().regex(/^\d{4}-\d{2}$/),
    /** The same month as shown, `YYYY/MM`. */
    expiry: z.string().regex(/^\d{4}\/\d{2}$/),
    nextPremiumDue: isoDate.nullable(),
    modalPremium: amount.nullable(),
    currency: z.string(),
    consultant: z.string(),
  }),
  sortFields: ['expiry', 'policyNo', 'ownerName', 'nextPremiumDue', 'consultant'],
  defaultSort: { field: 'expiry', order: 'asc' },
  columns: [
    { key: 'policyNo', kind: 'text', label: H.policyNo },
    { key: 'ownerName', kind: 'text', label: H.ownerName, wrap: true, pin: 'start' },
    { key: 'phone', kind: 'text', label: H.phone },
    { key: 'cardBrand', kind: 'text', label: label('Card', '信用卡', 'カード', '카드') },
    {
      key: 'maskedCardNumber',
      kind: 'text',
      label: label('Card No.', '信用卡號碼', 'カード番号', '카드 번호'),
    },
    { key: 'expiry', kind: 'text', label: label('Expiry', '到期月份', '有効期限', '만료월') },
    {
      key: 'nextPremiumDue',
      kind: 'date',
      label: label('Next Premium Due', '下期保費到期日', '次回保険料期日', '다음 보험료 납기일'),
    },
    { key: 'modalPremium', kind: 'amount', label: H.modalPremium },
    { key: 'currency', kind: 'text', label: H.currency },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});
