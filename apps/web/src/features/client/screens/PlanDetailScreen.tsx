import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

/** Placeholder until the client area issue builds plan detail. */
export default function PlanDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <ScreenPlaceholder title={t('client.planDetail')} namespace="client">
      <Text size="sm">#{id}</Text>
    </ScreenPlaceholder>
  );
}
