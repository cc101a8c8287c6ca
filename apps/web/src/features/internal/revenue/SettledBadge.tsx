import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ClockIcon } from '../../../components/icons';

/**
 * An instalment's settled state. The original design's colours are kept (fully settled in the danger colour, not
 * yet settled in the success colour) but never alone: the words and an icon say the same
 * (docs/internal/staff-area-plan.md (g10)).
 */
export function SettledBadge({ fullySettled }: { fullySettled: boolean }) {
  const { t } = useTranslation('revenue');
  return fullySettled ? (
    <Badge color="red" variant="light" leftSection={<CheckIcon size={14} strokeWidth={2.4} />}>
      {t('payin.fullySettled')}
    </Badge>
  ) : (
    <Badge color="green" variant="light" leftSection={<ClockIcon size={14} strokeWidth={2.2} />}>
      {t('payin.notSettled')}
    </Badge>
  );
}
