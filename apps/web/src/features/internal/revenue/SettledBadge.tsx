import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function CheckIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * An instalment's settled state. The spec's colours are kept (spec 2 §4: fully settled in the danger colour, not
 * yet settled in the success colour) but never alone: the words and an icon say the same (issue 11 plan (g10)).
 */
export function SettledBadge({ fullySettled }: { fullySettled: boolean }) {
  const { t } = useTranslation('revenue');
  return fullySettled ? (
    <Badge color="red" variant="light" leftSection={<CheckIcon />}>
      {t('payin.fullySettled')}
    </Badge>
  ) : (
    <Badge color="green" variant="light" leftSection={<ClockIcon />}>
      {t('payin.notSettled')}
    </Badge>
  );
}
