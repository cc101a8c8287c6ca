import { Box, Text } from '@mantine/core';
import { CANCELLED_STAGE, type ClientApplication } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * An application's way from receipt to the end of its cooling-off, as an ordered list: each of the site's stages with
 * the day the application reached it, the current one marked (aria-current="step"), the ones still ahead worded as
 * such, and the cooling-off end with the days left. A cancelled application ends at its cancellation.
 */
export function ApplicationTimeline({
  application,
  stages,
  today,
}: {
  application: ClientApplication;
  /** The site's stages in order (site capabilities). */
  stages: readonly number[];
  /** Hong Kong today (YYYY-MM-DD). */
  today: string;
}) {
  const { t } = useTranslation('client');
  const reached = new Map(application.timeline.map((step) => [step.stage, step.at]));
  const cancelled = application.stage === CANCELLED_STAGE;
  const shown = cancelled
    ? stages.filter((stage) => reached.has(stage) || stage === CANCELLED_STAGE)
    : stages.filter((stage) => stage !== CANCELLED_STAGE);
  const coolingOff = application.coolingOffEndsOn;
  const daysLeft = coolingOff ? Math.round((Date.parse(coolingOff) - Date.parse(today)) / 86_400_000) : null;

  return (
    <Box component="ol" className="application-timeline" aria-label={t('applications.timeline')}>
      {shown.map((stage) => {
        const current = stage === application.stage;
        const at = reached.get(stage);
        const past = at !== undefined && !current;
        return (
          <Box
            component="li"
            key={stage}
            className="application-timeline__step"
            data-state={current ? 'current' : past ? 'done' : 'ahead'}
            aria-current={current ? 'step' : undefined}
          >
            <Text size="sm" fw={current ? 700 : 500}>
              {t(`applications.stage.${stage}`)}
            </Text>
            <Text size="xs" c="dimmed" className="tabular">
              {current
                ? t('applications.currentSince', { date: formatDate(at ?? null) })
                : at
                  ? formatDate(at)
                  : t('applications.ahead')}
            </Text>
          </Box>
        );
      })}
      {coolingOff && daysLeft !== null && (
        <Box
          component="li"
          className="application-timeline__step"
          data-state={daysLeft < 0 ? 'done' : 'ahead'}
        >
          <Text size="sm" fw={500}>
            {t('applications.coolingOffEnds', { date: formatDate(coolingOff) })}
          </Text>
          <Text size="xs" c="dimmed">
            {daysLeft < 0
              ? t('applications.coolingOffEnded')
              : t('applications.coolingOffLeft', { count: daysLeft })}
          </Text>
        </Box>
      )}
    </Box>
  );
}
