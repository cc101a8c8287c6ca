import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

/** Placeholder until the producer area issue builds this screen. */
export default function MyProfileScreen() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('producer.myProfile')} namespace="producer" />;
}
