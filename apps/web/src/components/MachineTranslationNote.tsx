import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/locale';

/** Japanese pages carry a visible remark that their text is machine-translated (docs/product.md, "Languages"). */
export function MachineTranslationNote() {
  const { language } = useLocale();
  const { t } = useTranslation();
  if (language !== 'ja') return null;
  return (
    <Alert variant="light" color="gray" py={6} mb="md" data-testid="machine-translation-note">
      {t('app.autoTranslationRemark')}
    </Alert>
  );
}
