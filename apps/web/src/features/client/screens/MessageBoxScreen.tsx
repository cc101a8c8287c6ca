import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

/** Placeholder until the client area issue builds this screen. */
export default function MessageBoxScreen() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('client.messageBox')} namespace="client" />;
}
