import { useTranslation } from 'react-i18next';

/** A stage number in words, as every producer screen names it ("Stage 3"; stage 8 is "Other"). */
export function useStageName(): (stage: number) => string {
  const { t } = useTranslation('domain');
  return (stage: number) => (stage === 8 ? t('stageOther') : t('stageNumber', { stage }));
}
