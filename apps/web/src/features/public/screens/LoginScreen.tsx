import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';
import { useSiteInfo } from '../../../lib/session';

/** Placeholder until the sign-in issue builds the login page. absg titles it "Advisor Login" (spec 2 §1). */
export default function LoginScreen() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <ScreenPlaceholder
      title={site.siteCode === 'absg' ? t('public.advisorLogin') : t('public.login')}
      namespace="public"
    />
  );
}
