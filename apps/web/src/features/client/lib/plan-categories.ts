import { type PlanListItem, PRODUCT_CATEGORIES, type ProductCategory } from '@portal/contract';
import { chartColor } from '../../../components/charts/legend-columns';

/** One colour per product category, fixed so a category keeps its colour across screens. */
export const CATEGORY_COLORS: Record<ProductCategory, string> = Object.fromEntries(
  PRODUCT_CATEGORIES.map((category, index) => [category, chartColor(index)]),
) as Record<ProductCategory, string>;

/** Plan counts by product category, in the documented category order (docs/product.md), categories without plans left
 * out.
 */
export function countPlansByCategory(plans: readonly Pick<PlanListItem, 'productCategory'>[]) {
  const counts = new Map<ProductCategory, number>();
  for (const plan of plans) counts.set(plan.productCategory, (counts.get(plan.productCategory) ?? 0) + 1);
  return PRODUCT_CATEGORIES.filter((category) => counts.has(category)).map((category) => ({
    category,
    count: counts.get(category) ?? 0,
  }));
}

/** Plans grouped by category (the documented category order), for the plan-detail side list. */
export function groupPlansByCategory<T extends Pick<PlanListItem, 'productCategory'>>(plans: readonly T[]) {
  return PRODUCT_CATEGORIES.map((category) => ({
    category,
    plans: plans.filter((plan) => plan.productCategory === category),
  })).filter((group) => group.plans.length > 0);
}
