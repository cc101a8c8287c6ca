import { isTerminatedStatus } from '@portal/contract';

/** Plan-detail tabs (docs/product.md, "Client area"; docs/web.md), by the names the URL carries in ?tab=. */
export const PLAN_TABS = ['plan_overview', 'plan_details', 'assets_selection', 'download_form'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];
export const DEFAULT_PLAN_TAB: PlanTab = 'plan_overview';

/** Where the forms lookup of a plan stands: 'notFound' is the forms API's "Not Found" (no forms). */
export type FormsState = 'skipped' | 'loading' | 'found' | 'notFound' | 'error';

export interface TabRules {
  isShowAssetsSelection: boolean;
  policyStatusCode: string;
  forms: FormsState;
}

/** Terminated plans (COF, CAN, LAP, SUR, TOT) never look up or offer forms. */
export function formsApply(policyStatusCode: string): boolean {
  return !isTerminatedStatus(policyStatusCode);
}

/**
 * The tabs a plan shows. Assets Selection needs the plan flag. Form Download needs a non-terminated status and
 * forms: it shows once forms are found, and on a lookup failure (the tab then says "error"); "Not Found" hides it.
 */
export function visibleTabs(rules: TabRules): PlanTab[] {
  const tabs: PlanTab[] = ['plan_overview', 'plan_details'];
  if (rules.isShowAssetsSelection) tabs.push('assets_selection');
  if (formsApply(rules.policyStatusCode) && (rules.forms === 'found' || rules.forms === 'error')) {
    tabs.push('download_form');
  }
  return tabs;
}

function isPlanTab(value: string | null): value is PlanTab {
  return !!value && (PLAN_TABS as readonly string[]).includes(value);
}

/**
 * The tab to show for ?tab=. An unknown or unavailable tab falls back to Overview. A linked Form Download tab
 * waits (stays selected) while the forms are still being looked up, so the link does not bounce to Overview.
 */
export function resolvePlanTab(requested: string | null, rules: TabRules): PlanTab {
  if (!isPlanTab(requested)) return DEFAULT_PLAN_TAB;
  if (requested === 'download_form' && formsApply(rules.policyStatusCode) && rules.forms === 'loading') {
    return requested;
  }
  return visibleTabs(rules).includes(requested) ? requested : DEFAULT_PLAN_TAB;
}
