import { Alert, Card, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Area, SITE_AREAS } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { readReferrer } from '../../../lib/referrer';
import { useMe, useSiteInfo } from '../../../lib/session';
import { hasSessionEndedNotice } from '../../../lib/session-expiry';
import { isExternalEnabled } from '../../../lib/site';
import { AreaChoice } from '../login/AreaChoice';
import { CredentialsForm } from '../login/CredentialsForm';
import { LegalNotice } from '../login/LegalNotice';
import { LoginAside } from '../login/LoginAside';
import { LoginLinks } from '../login/LoginLinks';
import { OneTimeCodeForm } from '../login/OneTimeCodeForm';
import { readPendingLogin } from '../login/pending-login';

/**
 * The area the form signs in to: the only one of a producer-only site (and of a staff host); on afs the one in
 * `?area=` (kept in the URL so the language switcher and a reload keep it), else the area of the page the person
 * was sent here from, else the client area.
 */
function chosenArea(areas: readonly Area[], params: URLSearchParams): Area {
  const only = areas.length === 1 ? areas[0] : undefined;
  if (only) return only;
  const asked = params.get('area');
  if (asked === 'b2b' || asked === 'b2c') return asked;
  const referrer = readReferrer(params) ?? '';
  return /^(\/(en|ja|zh|kr))?\/b2b(\/|\?|$)/.test(referrer) ? 'b2b' : 'b2c';
}

/** Login page (spec 2 §2): area choice on afs, then credentials or, while a code is pending, the code form. */
export default function LoginScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const site = useSiteInfo();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  // The password is needed once more for the code step; it lives only in this component's memory.
  const [password, setPassword] = useState<string | null>(null);

  const areas: readonly Area[] = isExternalEnabled(site) ? SITE_AREAS[site.siteCode] : ['b2b'];
  const area = chosenArea(areas, params);
  const forStaff = !isExternalEnabled(site);
  const title = forStaff
    ? tc('public.staffLogin')
    : site.siteCode === 'absg'
      ? tc('public.advisorLogin')
      : tc('public.login');
  usePageTitle(title);
  const otpPending = me.otpUserId != null;

  const chooseArea = (next: Area) => {
    const updated = new URLSearchParams(params);
    updated.set('area', next);
    setParams(updated, { replace: true });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 64 }} py={{ base: 0, md: 'xl' }}>
      <Card
        withBorder
        shadow="sm"
        radius="md"
        padding="xl"
        maw={460}
        w="100%"
        style={{ justifySelf: 'center' }}
      >
        <Stack gap="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {hasSessionEndedNotice(params) && (
            <Alert color="orange" variant="light" role="alert" title={tc('session.endedTitle')}>
              {tc('session.endedBody')}
            </Alert>
          )}
          {otpPending ? (
            <OneTimeCodeForm area={readPendingLogin()?.area ?? area} password={password} />
          ) : (
            <>
              {areas.length > 1 && <AreaChoice value={area} onChange={chooseArea} />}
              <CredentialsForm key={area} area={area} forStaff={forStaff} onPassword={setPassword} />
              <LoginLinks area={area} />
            </>
          )}
          <Divider />
          <LegalNotice />
          <Text size="xs" c="dimmed" ta="center">
            {t('login.copyright', { year: new Date().getFullYear(), siteName: site.siteName })}
          </Text>
        </Stack>
      </Card>
      <LoginAside />
    </SimpleGrid>
  );
}
