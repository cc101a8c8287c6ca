import { label } from './report-columns.js';

/*
 * Headers of the plan and client reports 6, 7, 9–12 that the shared REPORT_HEADERS do not have. Kept apart from
 * report-columns.ts so reports written in parallel do not edit one file; a header two reports share lives here once.
 */
export const PLAN_REPORT_HEADERS = {
  birthDay: label('Day', '日', '日', '일'),
  birthday: label('Birthday', '生日', '誕生日', '생일'),
  turningAge: label('Age Turning', '將屆年齡', '迎える年齢', '맞이하는 나이'),
  reference: label('Reference', '參考編號', '参照番号', '참조 번호'),
  followupType: label('Type', '類別', '種類', '유형'),
  dueDate: label('Due Date', '到期日', '期日', '납입 기일'),
  amountDue: label('Amount Due', '應繳金額', '請求額', '납입 금액'),
  createdDate: label('Created Date', '建立日期', '作成日', '생성일'),
  completedDate: label('Completed Date', '完成日期', '完了日', '완료일'),
  followupStatus: label('Follow-up Status', '跟進狀態', 'フォローアップ状況', '후속 조치 상태'),
  serviceType: label('Service Type', '服務類別', 'サービス種別', '서비스 유형'),
  valuationCurrency: label('Valuation Currency', '估值貨幣', '評価通貨', '평가 통화'),
  valuationDate: label('Valuation Date', '估值日期', '評価日', '평가일'),
  planValue: label('Plan Value', '計劃價值', 'プラン評価額', '플랜 평가액'),
  totalPremiumPaid: label('Total Premium Paid', '已繳總保費', '払込保険料総額', '총 납입 보험료'),
  applicationDate: label('Application Received', '申請收件日期', '申込受付日', '청약 접수일'),
  itemType: label('Item Type', '項目類別', '項目種別', '항목 유형'),
  itemCode: label('Item Code', '項目編號', '項目コード', '항목 코드'),
  itemName: label('Item', '項目', '項目', '항목'),
  units: label('Units', '單位', '口数', '좌수'),
  price: label('Price', '價格', '価格', '가격'),
  value: label('Value', '價值', '評価額', '평가액'),
  address: label('Address', '地址', '住所', '주소'),
  planCount: label('Plans', '計劃數目', 'プラン数', '플랜 수'),
  policyNos: label('Policy Nos.', '保單號碼', '証券番号', '증권 번호'),
};
