import { Text } from '@mantine/core';
import type { Requirement } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/*
 * The words of one requirement, as every checklist shows them (the producer's under a policy's detail, the office's
 * in its case review): the item with "Required to issue" under a mandatory one, and the status with the office's
 * reason under a rejection or a waiver. Plain text, not badges: a badge cut its words on a phone.
 */

export function RequirementName({ item }: { item: Pick<Requirement, 'type' | 'mandatory'> }) {
  const { t } = useTranslation('domain');
  return (
    <>
      {t(`requirementType.${item.type}`)}
      {item.mandatory && (
        <Text size="xs" c="dimmed">
          {t('requirementMandatory')}
        </Text>
      )}
    </>
  );
}

export function RequirementStatusText({ item }: { item: Pick<Requirement, 'status' | 'reason'> }) {
  const { t } = useTranslation('domain');
  return (
    <>
      {t(`requirementStatus.${item.status}`)}
      {item.reason && (
        <Text size="xs" c="dimmed">
          {item.reason}
        </Text>
      )}
    </>
  );
}
