import type { Area } from '@portal/contract';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useT } from './translator';

const AREAS: readonly Area[] = ['b2c', 'b2b'];

/**
 * The area choice of afs (docs/product.md, "Sign-in and account screens") as two radio cards in a radio group, built
 * like Mantine's Radio.Card: buttons with role="radio" and aria-checked, one tab stop for the group, arrow keys move
 * and choose, and each card says what the area is for.
 */
export function AreaChoice({ value, onChange }: { value: Area; onChange: (area: Area) => void }) {
  const { t } = useT();
  const labelId = useId();
  const cards = useRef(new Map<Area, HTMLButtonElement>());
  const text: Record<Area, { label: string; hint: string }> = {
    b2c: { label: t('public:login.areaClient'), hint: t('public:login.areaClientHint') },
    b2b: { label: t('public:login.areaProducer'), hint: t('public:login.areaProducerHint') },
  };

  const move = (event: KeyboardEvent, from: Area) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = AREAS[(AREAS.indexOf(from) + step + AREAS.length) % AREAS.length] as Area;
    onChange(next);
    cards.current.get(next)?.focus();
  };

  return (
    <div className="area-choice">
      <div className="field-label area-choice-label" id={labelId}>
        {t('public:login.areaLabel')}
      </div>
      <div role="radiogroup" aria-labelledby={labelId} className="area-cards">
        {AREAS.map((area) => (
          // biome-ignore lint/a11y/useSemanticElements: Mantine's Radio.Card pattern (a button with role radio), whose aria-checked the e2e tests read
          <button
            key={area}
            ref={(element) => {
              if (element) cards.current.set(area, element);
              else cards.current.delete(area);
            }}
            type="button"
            role="radio"
            aria-checked={area === value}
            tabIndex={area === value ? 0 : -1}
            className="area-card"
            data-checked={area === value || undefined}
            onClick={() => onChange(area)}
            onKeyDown={(event) => move(event, area)}
          >
            <span className="area-card-row">
              <span className="radio-indicator" aria-hidden="true" />
              <span className="area-card-text">
                <span className="area-card-label">{text[area].label}</span>
                <span className="area-card-hint">{text[area].hint}</span>
              </span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
