import { Anchor } from '@mantine/core';
import type { PlanListItem } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { nextSort, type SortState } from '../../../components/data-table/sorting';
import { useLocalePath } from '../../../lib/locale';
import { usePolicyStatusLabel } from '../lib/labels';

type PlanColumn = 'productCategory' | 'productName' | 'policyStatus' | 'planNo';

/** My Plan's sort (docs/product.md, "Client area"): product category ascending until the client clicks another header. */
export const DEFAULT_PLAN_SORT: SortState<PlanColumn> = { column: 'productCategory', direction: 'asc' };

/** My Plan table: sortable by every column; each row opens the plan's detail. */
export function PlansTable({ plans }: { plans: readonly PlanListItem[] }) {
  const { t } = useTranslation('client');
  const { t: td } = useTranslation('domain');
  const statusLabel = usePolicyStatusLabel();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const [sort, setSort] = useState(DEFAULT_PLAN_SORT);
  const detailPath = (plan: PlanListItem) => localePath(`/b2c/plan_detail/${plan.id}`);

  const columns: DataColumn<PlanListItem, PlanColumn>[] = [
    {
      key: 'productCategory',
      header: t('plan.productCategory'),
      cell: (plan) => td(`productCategory.${plan.productCategory}`),
      sortValue: (plan) => td(`productCategory.${plan.productCategory}`),
    },
    {
      key: 'productName',
      header: t('plan.productName'),
      cell: (plan) => (
        <Anchor component={Link} to={detailPath(plan)} fw={500}>
          {plan.productName}
        </Anchor>
      ),
      sortValue: (plan) => plan.productName,
    },
    {
      key: 'policyStatus',
      header: t('plan.policyStatus'),
      cell: (plan) => statusLabel(plan.policyStatusCode, plan.policyStatus),
      sortValue: (plan) => statusLabel(plan.policyStatusCode, plan.policyStatus),
    },
    {
      key: 'planNo',
      header: t('plan.planNo'),
      cell: (plan) => plan.planNo,
      sortValue: (plan) => plan.planNo,
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={plans}
      rowKey={(plan) => plan.id}
      caption={t('myPlan.tableCaption')}
      sort={sort}
      onSortChange={(column) => setSort((current) => nextSort(current, column))}
      sortHint={(direction) => t(`table.sort.${direction ?? 'none'}`)}
      onRowActivate={(plan) => navigate(detailPath(plan))}
      emptyText={t('myPlan.noPlans')}
    />
  );
}
