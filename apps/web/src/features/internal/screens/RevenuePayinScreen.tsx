import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

/** Placeholder until the internal area issue builds this screen. */
export default function RevenuePayinScreen() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('internal.revenuePayin')} namespace="internal" />;
}
