import type { Language, LocalizedText } from '@portal/contract';
import { clientMessages } from '../schema/index.js';
import { insertInSlices } from './bulk.js';
import type { DemoContext } from './demo-context.js';
import { addDays, Random } from './random.js';

interface MessageTemplate {
  type: string;
  title: LocalizedText;
  /** The message body for a plan (its number given) or for the client as a whole (null). */
  content: (planNo: string | null) => LocalizedText;
}

const planSuffix: Record<Language, (planNo: string) => string> = {
  en: (planNo) => ` (Plan ${planNo})`,
  zh: (planNo) => `（計劃 ${planNo}）`,
  ja: (planNo) => `（プラン ${planNo}）`,
  kr: (planNo) => ` (플랜 ${planNo})`,
};

function withPlan(texts: Required<LocalizedText>) {
  return (planNo: string | null): LocalizedText => ({
    en: planNo ? `${texts.en}${planSuffix.en(planNo)}` : texts.en,
    zh: planNo ? `${texts.zh}${planSuffix.zh(planNo)}` : texts.zh,
    ja: planNo ? `${texts.ja}${planSuffix.ja(planNo)}` : texts.ja,
    kr: planNo ? `${texts.kr}${planSuffix.kr(planNo)}` : texts.kr,
  });
}

/** What the group's back office sends, written in every language the portal offers (zh = Traditional Chinese). */
const MESSAGE_TEMPLATES: MessageTemplate[] = [
  {
    type: 'statement',
    title: {
      en: 'Your monthly statement is ready',
      zh: '您的月結單已備妥',
      ja: '月次明細書のご用意ができました',
      kr: '월간 명세서가 준비되었습니다',
    },
    content: withPlan({
      en: 'Your statement for the month is now available in the portal.',
      zh: '您本月的結單現已可於網站查閱。',
      ja: '今月の明細書をポータルでご覧いただけます。',
      kr: '이번 달 명세서를 포털에서 확인하실 수 있습니다.',
    }),
  },
  {
    type: 'premium',
    title: {
      en: 'Premium payment received',
      zh: '已收到保費',
      ja: '保険料の入金を確認しました',
      kr: '보험료 납입이 확인되었습니다',
    },
    content: withPlan({
      en: 'We have received your premium payment. Thank you.',
      zh: '我們已收到您繳付的保費，謝謝。',
      ja: '保険料のお支払いを確認いたしました。ありがとうございます。',
      kr: '보험료 납입을 확인했습니다. 감사합니다.',
    }),
  },
  {
    type: 'reminder',
    title: {
      en: 'Premium due reminder',
      zh: '保費到期提示',
      ja: '保険料払込期日のお知らせ',
      kr: '보험료 납입 기일 안내',
    },
    content: withPlan({
      en: 'Your next premium is due soon. Please ensure sufficient funds.',
      zh: '您的下期保費即將到期，請確保有足夠款項。',
      ja: '次回の保険料払込期日が近づいています。残高をご確認ください。',
      kr: '다음 보험료 납입일이 다가옵니다. 잔액을 확인해 주십시오.',
    }),
  },
  {
    type: 'fund',
    title: {
      en: 'Fund switching completed',
      zh: '基金轉換已完成',
      ja: 'ファンドのスイッチングが完了しました',
      kr: '펀드 변경이 완료되었습니다',
    },
    content: withPlan({
      en: 'Your fund switching instruction has been completed.',
      zh: '您的基金轉換指示已經完成。',
      ja: 'ファンドのスイッチングのご指示が完了しました。',
      kr: '요청하신 펀드 변경이 완료되었습니다.',
    }),
  },
  {
    type: 'notice',
    title: {
      en: 'Change of fund manager',
      zh: '基金經理變更',
      ja: 'ファンド運用会社の変更',
      kr: '펀드 운용사 변경',
    },
    content: withPlan({
      en: 'The provider has announced a change of manager for one of your funds.',
      zh: '產品供應商已公佈您其中一隻基金的基金經理變更。',
      ja: '商品提供会社より、お客様のファンドの運用会社変更が発表されました。',
      kr: '상품 제공사가 고객님 펀드 중 하나의 운용사 변경을 발표했습니다.',
    }),
  },
];

/** Days between two messages of one client; eight messages span about ten weeks. */
const MESSAGE_SPACING_DAYS = 9;

/**
 * Message box: the main client has eight (three unread), the second three (one unread), others a few. Messages are
 * dated backwards from the last statement month-end, so every one falls within the statement months the client can
 * open: a "statement is ready" message never predates the statements it announces, nor postdates today.
 */
export async function insertMessages(ctx: DemoContext): Promise<void> {
  const rng = new Random(606);
  const latest = ctx.months.at(-1)?.asOf;
  if (!latest) return;
  const rows: (typeof clientMessages.$inferInsert)[] = [];
  ctx.clients.forEach((client, index) => {
    const count =
      client.clientNo === 'AG10000001' ? 8 : client.clientNo === 'AG10000002' ? 3 : index % 4 === 0 ? 2 : 0;
    const unread = client.clientNo === 'AG10000001' ? 3 : 1;
    for (let i = 0; i < count; i++) {
      const policy = client.policies[i % Math.max(client.policies.length, 1)];
      const template = MESSAGE_TEMPLATES[i % MESSAGE_TEMPLATES.length] ?? MESSAGE_TEMPLATES[0];
      if (!template) continue;
      const day = addDays(latest, -i * MESSAGE_SPACING_DAYS - rng.int(0, 4));
      const createdAt = new Date(`${day}T0${rng.int(1, 9)}:30:00Z`);
      rows.push({
        clientId: client.id,
        policyId: policy?.id ?? null,
        planNo: policy?.planNo ?? null,
        category: policy?.category ?? null,
        type: template.type,
        title: template.title,
        content: template.content(policy?.planNo ?? null),
        createdAt,
        readAt: i < unread ? null : new Date(createdAt.getTime() + 86_400_000),
      });
    }
  });
  await insertInSlices(ctx.tx, clientMessages, rows);
}
