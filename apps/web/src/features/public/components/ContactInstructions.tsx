import { Anchor, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../lib/session';
import { siteLinks } from '../../../lib/site';

/** How to reach the site when the portal cannot e-mail someone: the contact page and the inquiry address. */
export function ContactInstructions() {
  const { t } = useTranslation('public');
  const links = siteLinks(useSiteInfo());
  return (
    <Text size="sm">
      <Trans
        t={t}
        i18nKey="registration.contactBy"
        values={{ email: links.inquiryEmail }}
        components={{
          contact: <Anchor href={links.contactUs} target="_blank" rel="noopener noreferrer" size="sm" />,
          mail: <Anchor href={`mailto:${links.inquiryEmail}`} size="sm" />,
        }}
      />
    </Text>
  );
}
