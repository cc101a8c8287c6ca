import { type ReactElement, useId } from 'react';

/**
 * Says why a control is disabled: the browser's tooltip on hover (on a wrapper, since a disabled control gets no
 * pointer events) and the same words as the control's description (`aria-describedby`), so a screen reader hears the
 * reason with the control. No floating-ui: this sits in tables of first screens.
 */
export function DisabledReason({
  reason,
  children,
}: {
  /** Why the control is disabled; null or empty when it is not. */
  reason: string | null | undefined;
  /** The control, given the id of its description when there is a reason. */
  children: (describedBy: string | undefined) => ReactElement;
}) {
  const id = useId();
  // The same wrapper with or without a reason: the control is never remounted when the reason comes and goes (it
  // keeps its focus and its state, e.g. a download's progress line).
  return (
    <span className="disabled-reason" title={reason || undefined} style={{ display: 'inline-flex' }}>
      {children(reason ? id : undefined)}
      {/* Hidden, yet a description by reference (read once, with the control, not again as page text). */}
      {reason && (
        <span id={id} hidden>
          {reason}
        </span>
      )}
    </span>
  );
}
