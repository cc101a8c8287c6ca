import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type FormErrors, useFilterForm } from './useFilterForm';

const initialValues = {
  keywords: '',
  stage: 'nb',
  stageOptions: [] as string[],
  receivedFrom: null as string | null,
  includedTeam: true,
};
type Values = typeof initialValues;

/** A rule the tests can break on purpose: "bad" keywords are refused. */
const validate = (values: Values): FormErrors => (values.keywords === 'bad' ? { keywords: 'Invalid' } : {});

function setup() {
  return renderHook(() => useFilterForm<Values>({ initialValues, validate }));
}

const submitEvent = () =>
  ({ preventDefault: vi.fn() }) as unknown as FormEvent & { preventDefault: () => void };

describe('useFilterForm', () => {
  it('gives each field its value and takes changes as events or values; checkboxes read checked', () => {
    const { result } = setup();
    expect(result.current.getInputProps('keywords')).toMatchObject({ value: '' });
    expect(result.current.getInputProps('includedTeam', { type: 'checkbox' })).toMatchObject({
      checked: true,
    });

    act(() => result.current.getInputProps('keywords').onChange({ currentTarget: { value: 'Chan' } }));
    act(() => result.current.getInputProps('stageOptions').onChange(['1', '3']));
    act(() =>
      result.current
        .getInputProps('includedTeam', { type: 'checkbox' })
        .onChange({ currentTarget: { checked: false } }),
    );
    act(() => result.current.setValues({ stage: 'select' }));

    expect(result.current.values).toEqual({
      keywords: 'Chan',
      stage: 'select',
      stageOptions: ['1', '3'],
      receivedFrom: null as string | null,
      includedTeam: false,
    });
    expect(result.current.getInputProps('includedTeam', { type: 'checkbox' }).checked).toBe(false);
  });

  it('validates on submit: errors on their fields, no search; a change clears that field’s error', () => {
    const { result } = setup();
    const onSearch = vi.fn();
    act(() => result.current.setFieldValue('keywords', 'bad'));
    const event = submitEvent();
    act(() => result.current.onSubmit(onSearch)(event));

    expect(event.preventDefault).toHaveBeenCalled();
    expect(onSearch).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ keywords: 'Invalid' });
    expect(result.current.getInputProps('keywords').error).toBe('Invalid');

    act(() => result.current.setFieldError('stage', 'Choose one'));
    act(() => result.current.getInputProps('keywords').onChange('good'));
    expect(result.current.errors).toEqual({ stage: 'Choose one' });
    act(() => result.current.clearErrors());
    expect(result.current.errors).toEqual({});
  });

  it('submits the current values when they are valid', () => {
    const { result } = setup();
    const onSearch = vi.fn();
    act(() => result.current.setFieldValue('keywords', 'Wong'));
    act(() => result.current.onSubmit(onSearch)(submitEvent()));
    expect(onSearch).toHaveBeenCalledWith({ ...initialValues, keywords: 'Wong' });
    expect(result.current.errors).toEqual({});
  });

  it('resets to the values it started with, or to those it was last refilled with, and drops errors', () => {
    const { result } = setup();
    act(() => result.current.setValues({ keywords: 'bad', stage: 'all' }));
    act(() => result.current.onSubmit(vi.fn())());
    act(() => result.current.reset());
    expect(result.current.values).toEqual(initialValues);
    expect(result.current.errors).toEqual({});

    const fromUrl = { ...initialValues, keywords: 'P-1001', receivedFrom: '2026-01-31' };
    act(() => result.current.resetTo(fromUrl));
    act(() => result.current.setFieldValue('keywords', 'changed'));
    act(() => result.current.reset());
    expect(result.current.values).toEqual(fromUrl);
  });
});
