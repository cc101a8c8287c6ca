import { label } from './report-columns.js';

/*
 * Headers the new-business reports (types 2–5) share beyond REPORT_HEADERS: the application's stage, how long it has
 * been there, what kind of business it is and its production counts.
 */
export const APPLICATION_HEADERS = {
  stage: label('Stage', '階段', 'ステージ', '단계'),
  stageName: label('Stage Description', '階段說明', 'ステージ内容', '단계 설명'),
  stageSince: label('In Stage Since', '進入階段日期', 'ステージ開始日', '단계 시작일'),
  daysInStage: label('Days in Stage', '階段日數', 'ステージ日数', '단계 경과일'),
  action: label('Application Type', '申請類別', '申込種別', '신청 유형'),
  submitted: label('Submitted', '已提交', '提出', '제출'),
  pending: label('Pending', '處理中', '処理中', '진행 중'),
  issued: label('Issued', '已發出', '発行済', '발행'),
  cancelled: label('Cancelled', '已取消', '取消', '취소'),
};
