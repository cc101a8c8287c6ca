import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNotificationTime } from './format';
import { deliveriesQuery } from './notifications-api';

/** "Sent to your e-mail at …": read on demand, one line per channel used. Firm notices are not sent by the portal. */
export function DeliveryLine({ id }: { id: string }) {
  const { t } = useTranslation('notifications');
  const [shown, setShown] = useState(false);
  const deliveries = useQuery({ ...deliveriesQuery(id), enabled: shown });
  if (id.startsWith('m')) return null;
  if (!shown)
    return (
      <Anchor component="button" type="button" size="xs" onClick={() => setShown(true)}>
        {t('delivery.show')}
      </Anchor>
    );
  if (deliveries.isPending) return <Text size="xs">{t('delivery.loading')}</Text>;
  if (deliveries.isError || deliveries.data.length === 0)
    return <Text size="xs">{t('delivery.inAppOnly')}</Text>;
  return (
    <>
      {deliveries.data.map((d) => (
        <Text size="xs" key={d.channel}>
          {t(`delivery.${d.status}`, {
            channel: t(`channels.${d.channel}`),
            at: formatNotificationTime(d.at),
            attempts: d.attempts,
          })}
        </Text>
      ))}
    </>
  );
}
