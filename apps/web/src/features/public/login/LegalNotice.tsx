import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LegalKind } from '../../../components/legal/legal-types';
import { useOpenLegalText } from '../../../components/legal/useOpenLegalText';

/** "By signing in you accept the Disclaimer and the Privacy Policy", each name opening its text in a dialog. */
export function LegalNotice() {
  const { t } = useTranslation('public');
  const open = useOpenLegalText();
  const link = (kind: LegalKind) => <LegalLink onOpen={() => open(kind)} />;
  return (
    <Text size="xs" c="dimmed" ta="center">
      <Trans
        t={t}
        i18nKey="login.legalNotice"
        components={{ disclaimer: link('disclaimer'), privacy: link('privacy') }}
      />
    </Text>
  );
}

function LegalLink({ onOpen, children }: { onOpen: () => void; children?: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="xs" onClick={onOpen} style={{ verticalAlign: 'baseline' }}>
      {children}
    </Anchor>
  );
}
