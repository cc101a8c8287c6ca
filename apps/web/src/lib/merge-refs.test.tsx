import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Probe({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div ref={useMergeRefs(refs)} data-testid="probe" />;
}

describe('useMergeRefs', () => {
  it('sets object refs and calls callback refs with the element, and clears both on unmount', () => {
    const objectRef = createRef<HTMLDivElement>();
    const callbackRef = vi.fn();
    const { getByTestId, unmount } = render(<Probe refs={[objectRef, callbackRef, undefined]} />);
    const element = getByTestId('probe');
    expect(objectRef.current).toBe(element);
    expect(callbackRef).toHaveBeenLastCalledWith(element);
    unmount();
    expect(objectRef.current).toBeNull();
    expect(callbackRef).toHaveBeenLastCalledWith(null);
  });

  it("runs a callback ref's own cleanup instead of calling it with null", () => {
    const cleanup = vi.fn();
    const callbackRef = vi.fn(() => cleanup);
    const { unmount } = render(<Probe refs={[callbackRef]} />);
    unmount();
    expect(cleanup).toHaveBeenCalledOnce();
    expect(callbackRef).toHaveBeenCalledOnce();
  });

  it('gives no ref at all when every ref is missing', () => {
    let merged: unknown = 'unset';
    function Reader() {
      merged = useMergeRefs([undefined, null]);
      return null;
    }
    render(<Reader />);
    expect(merged).toBeNull();
  });
});
