import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

/** Placeholder until the internal area issue builds this screen. */
export default function RevenuePayoutScreen() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('internal.revenuePayout')} namespace="internal" />;
}
