import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../components/ChangePasswordForm';

/** /b2b/change_password: the shared change-password form. */
export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  return <ChangePasswordForm title={t('producer.changePassword')} />;
}
