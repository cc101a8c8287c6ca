import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ErrorBoundary } from './ErrorBoundary';

function Boom({ explode }: { explode: boolean }) {
  if (explode) throw new Error('render failure');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it('shows Something went wrong instead of a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Boom explode />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Boom explode={false} />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('recovers on retry once the cause is gone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let explode = true;
    const Flaky = () => <Boom explode={explode} />;
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Flaky />
        </ErrorBoundary>
      </MantineProvider>,
    );
    explode = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });
});
