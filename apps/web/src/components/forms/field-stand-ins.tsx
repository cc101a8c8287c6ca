import type { ComboboxItem, MultiSelectProps, SelectProps } from '@mantine/core';
import { ComboboxChevron, Input, InputBase, Pill, PillsInput } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StandInProps } from '../lazy-widget/lazyWidget';
import type { BusinessDateInputProps } from './business-date';
import { formatBusinessDate, parseTypedDate } from './business-date';

/*
 * The stand-ins of the lazily loaded form fields (lazy-fields.ts): Mantine's light input parts drawn the way the real
 * Select, MultiSelect and DateInput draw them (same wrapper, label, description, error, chevron, clear button, pills
 * and ARIA), so the field is the same size and reads the same before its code arrives. Focusing, clicking or typing
 * asks for the real widget at once; the lazy wrapper then hands over focus and typed text.
 */

type Option = { value: string; label: string };

/** Options as the selects take them (plain strings or `{ value, label }`), flattened. */
function optionsOf(data: SelectProps['data']): Option[] {
  return (data ?? []).flatMap((item): Option[] => {
    if (typeof item === 'string') return [{ value: item, label: item }];
    if ('group' in item) return optionsOf(item.items as SelectProps['data']);
    const option = item as ComboboxItem;
    return [{ value: option.value, label: option.label ?? option.value }];
  });
}

/**
 * The props the stand-ins pass on: what the search forms give their fields, the same for every kind. The real
 * widgets' own props (calendar, dropdown, data) mean nothing to a plain input and are left for the real widget.
 */
function shellProps(props: {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  withAsterisk?: boolean;
  size?: string;
  id?: string;
  name?: string;
  'aria-label'?: string;
}) {
  const { label, description, error, disabled, required, withAsterisk, size, id, name } = props;
  return {
    label,
    description,
    error,
    disabled,
    required,
    withAsterisk,
    size,
    id,
    name,
    'aria-label': props['aria-label'],
  };
}

const labelOf = (options: Option[], value: string | null | undefined) =>
  value == null ? '' : (options.find((option) => option.value === value)?.label ?? '');

/** The clear button the real field shows while it holds a value (it clears at once; the real one then arrives). */
function ClearSection({ onClear, label }: { onClear: () => void; label?: string }) {
  return (
    <Input.ClearButton aria-label={label} onMouseDown={(event) => event.preventDefault()} onClick={onClear} />
  );
}

export function SelectStandIn(props: StandInProps<SelectProps>) {
  const { data, value, onChange, searchable, clearable, readOnly, placeholder, handOverProps, onWanted } =
    props;
  const inputProps = shellProps(props);
  const options = optionsOf(data);
  const chosen = options.find((option) => option.value === value);
  const [search, setSearch] = useState(labelOf(options, value));
  useEffect(() => setSearch(chosen?.label ?? ''), [chosen?.label]);
  const clearableNow = !!clearable && value != null && !inputProps.disabled && !readOnly;
  return (
    <InputBase
      {...inputProps}
      {...handOverProps}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      placeholder={placeholder}
      readOnly={readOnly || !searchable}
      pointer={!searchable}
      value={search}
      onChange={(event: ChangeEvent<HTMLInputElement>) => setSearch(event.currentTarget.value)}
      onPointerEnter={() => onWanted()}
      onFocus={() => onWanted()}
      onClick={() => onWanted({ defaultDropdownOpened: true })}
      rightSectionPointerEvents="none"
      __defaultRightSection={<ComboboxChevron size={inputProps.size} error={inputProps.error} />}
      __clearSection={
        <ClearSection
          label={props.clearButtonProps?.['aria-label']}
          onClear={() => onChange?.(null, undefined as unknown as ComboboxItem)}
        />
      }
      __clearable={clearableNow}
    />
  );
}

export function MultiSelectStandIn(props: StandInProps<MultiSelectProps>) {
  const {
    data,
    value,
    onChange,
    searchable,
    clearable,
    handOverProps,
    onWanted,
    placeholder,
    readOnly,
    clearButtonProps,
  } = props;
  const { label, description, error, disabled, size, id, required, withAsterisk, name } = shellProps(props);
  const options = optionsOf(data as SelectProps['data']);
  const values = value ?? [];
  const clearableNow = !!clearable && values.length > 0 && !disabled && !readOnly;
  return (
    <PillsInput
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      size={size}
      required={required}
      withAsterisk={withAsterisk}
      id={id}
      pointer={!searchable}
      onPointerEnter={() => onWanted()}
      onClick={() => onWanted({ defaultDropdownOpened: true })}
      rightSectionPointerEvents="none"
      __defaultRightSection={<ComboboxChevron size={size} error={error} />}
      __clearSection={
        <ClearSection label={clearButtonProps?.['aria-label']} onClear={() => onChange?.([])} />
      }
      __clearable={clearableNow}
    >
      <Pill.Group disabled={disabled}>
        {values.map((item) => (
          <Pill
            key={item}
            withRemoveButton={!readOnly}
            disabled={disabled}
            onRemove={() => onChange?.(values.filter((other) => other !== item))}
          >
            {labelOf(options, item) || item}
          </Pill>
        ))}
        <PillsInput.Field
          {...handOverProps}
          id={id}
          name={name}
          aria-label={props['aria-label']}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          autoComplete="off"
          placeholder={placeholder}
          type={!searchable && !placeholder ? 'hidden' : 'visible'}
          readOnly={readOnly || !searchable}
          disabled={disabled}
          onFocus={() => onWanted()}
        />
      </Pill.Group>
    </PillsInput>
  );
}

export function DateStandIn(props: StandInProps<BusinessDateInputProps>) {
  const { value, onChange, handOverProps, onWanted, clearButtonProps, readOnly } = props;
  const inputProps = shellProps(props);
  const { t } = useTranslation('lists');
  const iso = typeof value === 'string' ? value : null;
  const [text, setText] = useState(formatBusinessDate(iso));
  useEffect(() => setText(formatBusinessDate(iso)), [iso]);
  return (
    <InputBase
      {...inputProps}
      {...handOverProps}
      autoComplete="off"
      placeholder="YYYY/MM/DD"
      value={text}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const typed = event.currentTarget.value;
        setText(typed);
        // The same reading the real field applies: an empty field clears, a complete date sets, anything else waits.
        if (typed.trim() === '') onChange?.(null);
        else {
          const parsed = parseTypedDate(typed);
          if (parsed) onChange?.(parsed);
        }
      }}
      onPointerEnter={() => onWanted()}
      onFocus={() => onWanted()}
      __clearSection={
        <ClearSection
          label={clearButtonProps?.['aria-label'] ?? t('date.clear')}
          onClear={() => onChange?.(null)}
        />
      }
      readOnly={readOnly}
      __clearable={!!iso && !inputProps.disabled && !readOnly}
    />
  );
}
