import type { Language } from '@portal/contract';

/** The consolidated statement's performance section, worded as the Performance screen words it. */
const en = {
  title: 'Performance',
  statementMonth: 'Statement month',
  sinceInception: 'Since inception',
  twr: 'Time-weighted return (TWR)',
  mwr: 'Money-weighted return (MWR)',
  annualised: 'annualised',
  cumulative: 'cumulative',
  startValue: 'Value at start',
  endValue: 'Value at end',
  netFlows: 'Net payments in (out)',
  gain: 'Gain or loss',
  benchmark: (name: string) => `Benchmark: ${name}`,
  chartTitle: (currency: string) => `Value and net contributions since inception (${currency})`,
  value: 'Value',
  netContributions: 'Net contributions',
  method:
    'TWR: Modified Dietz per month, chain-linked — how the investments did, whatever was paid in or taken out. MWR: XIRR of the payments and values — how the money did, including when it was paid in. Returns over more than a year are annualised. Values at month ends, converted at the same exchange rates as the statements.',
};

export type StatementPerformanceTexts = typeof en;

const zh: StatementPerformanceTexts = {
  title: '投資表現',
  statementMonth: '結單月份',
  sinceInception: '自生效日起',
  twr: '時間加權回報（TWR）',
  mwr: '金額加權回報（MWR）',
  annualised: '年化',
  cumulative: '累計',
  startValue: '期初價值',
  endValue: '期末價值',
  netFlows: '淨供款（提款）',
  gain: '收益或虧損',
  benchmark: (name) => `基準：${name}`,
  chartTitle: (currency) => `自生效日起的價值及淨供款（${currency}）`,
  value: '價值',
  netContributions: '淨供款',
  method:
    'TWR：每月修正迪茲法連鎖計算，反映投資本身的表現，不受供款或提款影響。MWR：按供款及價值計算的XIRR，計及供款時間。超過一年的回報以年化列示。價值為月結日價值，按結單所用的相同匯率換算。',
};

const ja: StatementPerformanceTexts = {
  title: '運用実績',
  statementMonth: '報告月',
  sinceInception: '契約開始以来',
  twr: '時間加重収益率（TWR）',
  mwr: '金額加重収益率（MWR）',
  annualised: '年率',
  cumulative: '累計',
  startValue: '期首評価額',
  endValue: '期末評価額',
  netFlows: '純入金（出金）',
  gain: '損益',
  benchmark: (name) => `ベンチマーク：${name}`,
  chartTitle: (currency) => `契約開始以来の評価額と純拠出額（${currency}）`,
  value: '評価額',
  netContributions: '純拠出額',
  method:
    'TWR：月次修正ディーツ法の連鎖。入出金に左右されない運用成績です。MWR：入出金と評価額のXIRR。入金の時期を含めた資金の成績です。1年を超える期間のリターンは年率で表示します。評価額は月末時点のもので、報告書と同じ為替レートで換算しています。',
};

const kr: StatementPerformanceTexts = {
  title: '투자 성과',
  statementMonth: '보고 월',
  sinceInception: '개시 이후',
  twr: '시간가중수익률(TWR)',
  mwr: '금액가중수익률(MWR)',
  annualised: '연환산',
  cumulative: '누적',
  startValue: '기초 평가액',
  endValue: '기말 평가액',
  netFlows: '순납입(인출)',
  gain: '손익',
  benchmark: (name) => `벤치마크: ${name}`,
  chartTitle: (currency) => `개시 이후 평가액과 순납입액(${currency})`,
  value: '평가액',
  netContributions: '순납입액',
  method:
    'TWR: 월별 수정 디에츠 방식 연쇄 계산으로, 입출금과 무관한 투자 자체의 성과입니다. MWR: 납입금과 평가액의 XIRR로, 납입 시점을 반영한 자금의 성과입니다. 1년을 초과하는 기간의 수익률은 연환산합니다. 평가액은 월말 기준이며 명세서와 같은 환율로 환산합니다.',
};

const TEXTS: Record<Language, StatementPerformanceTexts> = { en, zh, ja, kr };

export function statementPerformanceTexts(language: Language): StatementPerformanceTexts {
  return TEXTS[language];
}
