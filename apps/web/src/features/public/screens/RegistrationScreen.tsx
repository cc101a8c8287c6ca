import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import type { AccountFlowResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useFormFields } from '../../../components/forms/useFormFields';
import { useFormSubmit } from '../../../components/forms/useFormSubmit';
import { useLocalePath } from '../../../lib/locale';
import { useSiteInfo } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { AccountCard } from '../components/AccountCard';
import { BirthDateFields } from '../components/BirthDateFields';
import { ConfirmationPanel, ConfirmationText } from '../components/ConfirmationPanel';
import { ContactInstructions } from '../components/ContactInstructions';

const FIELDS = ['idNo', 'surName', 'givenName', 'birthDay', 'birthMonth', 'birthYear'] as const;

/**
 * /registration (docs/auth.md, "Registration"): a client proves who they are; the server e-mails an activation link.
 * The answer does not say whether anyone matched, except when the client has no e-mail on file: then we show how to
 * contact us.
 */
export default function RegistrationScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const site = useSiteInfo();
  const localePath = useLocalePath();
  const form = useFormFields(FIELDS);
  const [answer, setAnswer] = useState<AccountFlowResponse | null>(null);
  const { submitting, submit } = useFormSubmit(form, FIELDS, async () => {
    const { idNo, surName, givenName, ...birth } = form.values;
    setAnswer(await authApi.register({ idNo: idNo.trim(), surName, givenName, ...birth }));
  });

  const loginPath = localePath('/login?area=b2c');
  return (
    <AccountCard
      title={tc('public.registration')}
      intro={answer ? undefined : t('registration.intro', { siteName: site.siteName })}
    >
      {answer?.withEmail === false ? (
        <ConfirmationPanel
          title={t('registration.noEmailTitle')}
          tone="info"
          linkTo={loginPath}
          linkLabel={t('backToLogin')}
        >
          <ConfirmationText>{t('registration.noEmail')}</ConfirmationText>
          <ContactInstructions />
        </ConfirmationPanel>
      ) : answer ? (
        <ConfirmationPanel
          title={t('registration.sentTitle')}
          tone="info"
          linkTo={loginPath}
          linkLabel={t('backToLogin')}
        >
          <ConfirmationText>
            {answer.email ? t('registration.sentTo', { email: answer.email }) : t('registration.sent')}
          </ConfirmationText>
          <ConfirmationText>{t('forgot.retry')}</ConfirmationText>
        </ConfirmationPanel>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
            <TextInput
              label={t('registration.idNo')}
              description={t('registration.idNoHint')}
              autoCapitalize="characters"
              spellCheck={false}
              withAsterisk
              {...form.field('idNo')}
            />
            <Group grow align="flex-start" gap="sm">
              <TextInput
                label={t('registration.surName')}
                autoComplete="family-name"
                withAsterisk
                {...form.field('surName')}
              />
              <TextInput
                label={t('registration.givenName')}
                autoComplete="given-name"
                withAsterisk
                {...form.field('givenName')}
              />
            </Group>
            <BirthDateFields
              day={form.field('birthDay')}
              month={form.field('birthMonth')}
              year={form.field('birthYear')}
            />
            <Button type="submit" size="md" loading={submitting}>
              {t('registration.submit')}
            </Button>
            <Anchor component={Link} to={loginPath} size="sm" ta="center">
              {t('backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
