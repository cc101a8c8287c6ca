import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

/** Placeholder until the public area issue builds this screen. */
export default function ForgetPasswordB2bScreen() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('public.forgetPasswordB2b')} namespace="public" />;
}
