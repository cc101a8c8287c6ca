import '../client-area.css';
import { Anchor, Grid, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { useLocale } from '../../../lib/locale';
import { useSiteInfo } from '../../../lib/session';
import { siteLinks } from '../../../lib/site';
import { profileQuery } from '../api/client-area-api';
import { ScreenHeader } from '../components/ScreenHeader';
import { SectionCard } from '../components/SectionCard';

/** Languages whose update notes give the contact mail address (docs/product.md, "Client area"); Japanese gets the
 * enquiry link only.
 */
const MAIL_NOTE_LANGUAGES = new Set(['en', 'zh', 'kr']);

function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <Stack gap={2} component="span">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
        <span key={index}>{line}</span>
      ))}
    </Stack>
  );
}

/** My Profile (/b2c/my_profile): read-only personal details and how to have them changed. */
export default function MyProfileScreen() {
  const { t } = useTranslation('client');
  const { t: tc } = useTranslation();
  const { language } = useLocale();
  const site = useSiteInfo();
  const links = siteLinks(site);
  const profile = useQuery(profileQuery(language));

  return (
    <>
      <ScreenHeader title={tc('client.myProfile')} description={t('profile.intro')} />
      {profile.isPending ? (
        <LoadingState />
      ) : profile.isError ? (
        <FetchError error={profile.error} onRetry={() => profile.refetch()} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SectionCard title={t('profile.personal')}>
              <DefinitionGrid
                cols={2}
                items={[
                  { label: t('profile.name'), value: profile.data.name },
                  { label: t('profile.phoneNumber'), value: <Lines lines={profile.data.phoneNumber} /> },
                  { label: t('profile.email'), value: <Lines lines={profile.data.email} /> },
                  { label: t('profile.resAddress'), value: <Lines lines={profile.data.resAddress} /> },
                  { label: t('profile.corrAddress'), value: <Lines lines={profile.data.corrAddress} /> },
                ]}
              />
            </SectionCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SectionCard title={t('profile.updateTitle')}>
              <Stack gap="sm">
                <Text size="sm">{t('profile.updateIntro')}</Text>
                <List size="sm" spacing="xs">
                  {MAIL_NOTE_LANGUAGES.has(language) && (
                    <List.Item>
                      <Trans
                        t={t}
                        i18nKey="profile.updateByMail"
                        values={{ email: links.inquiryEmail }}
                        components={{ mail: <Anchor href={`mailto:${links.inquiryEmail}`} size="sm" /> }}
                      />
                    </List.Item>
                  )}
                  <List.Item>
                    <Trans
                      t={t}
                      i18nKey="profile.updateByEnquiry"
                      components={{
                        enquiry: (
                          <Anchor
                            href={links.contactUs}
                            target="_blank"
                            rel="noopener noreferrer"
                            size="sm"
                          />
                        ),
                      }}
                    />
                  </List.Item>
                </List>
                <Text size="xs" c="dimmed">
                  {t('profile.updateNote')}
                </Text>
              </Stack>
            </SectionCard>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
