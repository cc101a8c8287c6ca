import { Anchor, Stack } from '@mantine/core';
import type { Area } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/locale';
import { useSiteInfo } from '../../../lib/session';
import { isExternalEnabled } from '../../../lib/site';

/**
 * Account links under the form (spec 2 §2): clients may activate their account or recover their Client ID or
 * password; producers may recover their password, except on absg. None on a staff host: the account flows belong
 * to the hosts that serve client and producer pages (the server answers them with 404 elsewhere), and staff manage
 * their passwords in the back-office system.
 */
export function LoginLinks({ area }: { area: Area }) {
  const { t } = useTranslation('public');
  const localePath = useLocalePath();
  const site = useSiteInfo();
  if (!isExternalEnabled(site)) return null;
  const links =
    area === 'b2c'
      ? [
          { to: '/registration', label: t('login.activateAccount') },
          { to: '/forget_password', label: t('login.forgotClient') },
        ]
      : site.siteCode === 'absg'
        ? []
        : [{ to: '/forget_password_b2b', label: t('login.forgotProducer') }];
  if (links.length === 0) return null;
  return (
    <Stack gap={6} align="center">
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={localePath(link.to)} size="sm">
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}
