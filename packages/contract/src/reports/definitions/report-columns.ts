import { z } from 'zod';
import { decimalStringSchema } from '../../decimal.js';
import type { LocalizedLabel } from '../../lists/define-list.js';

/*
 * What several report definitions share: the label helper, the item field schemas and the column headers a
 * producer sees under the same words in every report.
 */

export const label = (en: string, zh: string, ja: string, kr: string): LocalizedLabel => ({ en, zh, ja, kr });

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const amount = decimalStringSchema;

export const REPORT_HEADERS = {
  policyNo: label('Policy No.', '保單號碼', '証券番号', '증권 번호'),
  clientNo: label('Client ID', '客戶編號', '顧客ID', '고객 ID'),
  clientName: label('Client', '客戶', '顧客', '고객'),
  ownerName: label('Policy Owner', '保單持有人', '契約者', '계약자'),
  insuredName: label('Insured', '受保人', '被保険者', '피보험자'),
  productName: label('Product', '產品', '商品', '상품'),
  providerName: label('Provider', '產品供應商', 'プロバイダー', '공급사'),
  productType: label('Product Type', '產品類型', '商品種類', '상품 유형'),
  status: label('Status', '狀態', '状況', '상태'),
  currency: label('Currency', '貨幣', '通貨', '통화'),
  modalPremium: label('Modal Premium', '每期保費', '保険料', '회차 보험료'),
  annualPremium: label('Annualized Premium', '年化保費', '年換算保険料', '연환산 보험료'),
  sumInsured: label('Sum Insured', '保額', '保険金額', '보험금액'),
  paymentFrequency: label('Payment Frequency', '繳費頻率', '払込頻度', '납입 주기'),
  commenceDate: label('Commence Date', '生效日期', '契約日', '계약일'),
  receivedDate: label('Received Date', '收件日期', '受付日', '접수일'),
  sentDate: label('Sent to Provider', '送交供應商日期', 'プロバイダー送付日', '공급사 발송일'),
  consultant: label('Consultant', '顧問', 'コンサルタント', '컨설턴트'),
  consultantCode: label('Consultant Code', '顧問編號', 'コンサルタントコード', '컨설턴트 코드'),
  phone: label('Phone', '電話', '電話', '전화'),
  email: label('E-mail', '電郵', 'メール', '이메일'),
  dateOfBirth: label('Date of Birth', '出生日期', '生年月日', '생년월일'),
};
