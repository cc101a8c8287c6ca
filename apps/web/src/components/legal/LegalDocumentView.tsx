import { Stack, Text, Title } from '@mantine/core';
import type { Language, SiteCode } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../LoadingState';
import { type LegalValues, loadLegalDocument } from './legal-texts';
import type { LegalKind } from './legal-types';

/** The disclaimer or the privacy policy of a site, in a language, as headings and paragraphs. */
export function LegalDocumentView({
  kind,
  language,
  site,
  values,
}: {
  kind: LegalKind;
  language: Language;
  site: SiteCode;
  values: LegalValues;
}) {
  const { t } = useTranslation();
  const document = useQuery({
    queryKey: ['legal', language, site, kind, values.siteName, values.contactEmail],
    queryFn: () => loadLegalDocument(language, site, kind, values),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (document.isPending) return <LoadingState />;
  if (document.isError) return <Text c="red">{t('app.somethingWentWrong')}</Text>;
  const { summary, sections, lastUpdated } = document.data;
  return (
    <Stack gap="md" lang={language === 'kr' ? 'ko' : language === 'zh' ? 'zh-Hant' : language}>
      <Text size="sm" fw={500}>
        {summary}
      </Text>
      {sections.map((section) => (
        <Stack gap={6} key={section.heading}>
          <Title order={3} size="h5">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text size="sm" key={paragraph} c="dark.6">
              {paragraph}
            </Text>
          ))}
        </Stack>
      ))}
      <Text size="xs" c="dimmed">
        {lastUpdated}
      </Text>
    </Stack>
  );
}
