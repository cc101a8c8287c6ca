import type { MessageKey } from '../../i18n/index.js';
import { formatDate } from '../../render/decimal.js';
import type { DetailDocument } from '../../render/detail-model.js';
import { domainWords } from '../../render/domain-texts.js';
import { admitRecordOf, type DetailsContext, type DetailsRequester } from './context.js';
import { selectServiceRecord } from './queries.js';

/** Follow-up types the catalog words (1–10); a newer type shows the reference table's English name. */
const KNOWN_FOLLOWUP_TYPES = 10;

/** GET /b2b/service_record_detail/{followupId}.html: the service record, worded in the request's language. */
export async function loadServiceRecordDetail(
  ctx: DetailsContext,
  who: DetailsRequester,
  followupId: number,
): Promise<DetailDocument> {
  const record = await selectServiceRecord(ctx.db, followupId, who.caller.siteCode);
  await admitRecordOf(ctx, who, record, 'service_record_detail', { followupId });
  if (!record) throw new Error('unreachable: admitRecordOf refuses a missing record');
  const { t, language } = who;
  const type =
    record.typeId >= 1 && record.typeId <= KNOWN_FOLLOWUP_TYPES
      ? t(`details.followup${record.typeId}` as MessageKey)
      : record.typeName;
  return {
    language,
    title: t('details.serviceRecordTitle'),
    subtitle: record.uniqueId,
    sections: [
      {
        kind: 'facts',
        heading: t('details.sectionServiceRecord'),
        facts: [
          { label: t('details.reference'), value: record.uniqueId },
          { label: t('details.type'), value: type },
          {
            label: t('details.status'),
            value: t(record.status === 'C' ? 'details.statusC' : 'details.statusO'),
          },
          { label: t('details.subject'), value: record.subject },
          { label: t('details.createdDate'), value: formatDate(record.createdDate) },
          { label: t('details.completedDate'), value: formatDate(record.completedDate) },
          { label: t('details.category'), value: domainWords(language).productCategory(record.category) },
          { label: t('details.planNo'), value: record.planNo },
          { label: t('details.productName'), value: record.productName },
          { label: t('details.client'), value: `${record.clientName} (${record.clientNo})` },
          { label: t('details.insured'), value: record.insuredName },
          { label: t('details.consultant'), value: `${record.producerName} (${record.producerCode})` },
        ],
      },
      { kind: 'text', heading: t('details.sectionDetails'), text: record.details },
    ],
    printedOn: null,
  };
}
