import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The error pop-up of modals and downloads (docs/product.md, "Messages everyone sees"): a title ("Notification" by
 * default) and the error text the server gave. It is an alert dialog, so screen readers announce it when it opens.
 */
export function ErrorPopup({
  opened,
  onClose,
  title,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  title?: string;
  error: unknown;
}) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : error ? String(error) : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? t('app.notification')}
      centered
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Text size="sm" role="alert">
        {message}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('app.close')}
        </Button>
      </Group>
    </Modal>
  );
}
