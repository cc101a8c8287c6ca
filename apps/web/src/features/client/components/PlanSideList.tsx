import { NavLink, Stack, Text } from '@mantine/core';
import type { PlanListItem } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/locale';
import { groupPlansByCategory } from '../lib/plan-categories';

/** Every plan of the client grouped by category; the plan on screen is highlighted and marked as current. */
export function PlanSideList({ plans, currentId }: { plans: readonly PlanListItem[]; currentId: number }) {
  const { t } = useTranslation('client');
  const { t: td } = useTranslation('domain');
  const localePath = useLocalePath();
  return (
    <Stack
      component="nav"
      aria-label={t('planDetail.allPlans')}
      gap="md"
      data-no-print
      className="plan-side-list"
    >
      {groupPlansByCategory(plans).map((group) => (
        <div key={group.category}>
          <Text
            size="xs"
            fw={700}
            c="dimmed"
            tt="uppercase"
            lts={0.5}
            mb={4}
            px="xs"
            id={`plans-${group.category}`}
          >
            {td(`productCategory.${group.category}`)}
          </Text>
          <Stack
            component="ul"
            gap={2}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby={`plans-${group.category}`}
          >
            {group.plans.map((plan) => {
              const current = plan.id === currentId;
              return (
                <li key={plan.id}>
                  <NavLink
                    component={Link}
                    to={localePath(`/b2c/plan_detail/${plan.id}`)}
                    active={current}
                    aria-current={current ? 'page' : undefined}
                    variant="light"
                    label={plan.productName}
                    description={plan.planNo}
                    styles={{ label: { fontWeight: current ? 600 : 500 } }}
                  />
                </li>
              );
            })}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
