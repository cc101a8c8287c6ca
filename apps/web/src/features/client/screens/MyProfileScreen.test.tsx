import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const profile = {
  name: 'Tai Man Chan',
  phoneNumber: ['+852 9123 4567', '+852 2888 0000'],
  email: ['taiman.chan@example.com'],
  resAddress: ['Flat A, 10/F', 'Hong Kong'],
  corrAddress: ['PO Box 123', 'Central'],
};

describe('my profile', () => {
  it('shows the details read-only with the mail and enquiry notes', async () => {
    renderApp('/b2c/my_profile', {
      me: meWith({ currentClient: aClient }),
      handlers: { '/b2c/profile': () => profile },
    });
    expect(await screen.findByText('+852 2888 0000')).toBeInTheDocument();
    expect(screen.getByText('PO Box 123')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'inquiry@afs.example' })).toHaveAttribute(
      'href',
      'mailto:inquiry@afs.example',
    );
    expect(screen.getByRole('link', { name: 'enquiry' })).toHaveAttribute('target', '_blank');
  });

  it('gives Japanese readers the enquiry link only', async () => {
    renderApp('/ja/b2c/my_profile', {
      me: meWith({ currentClient: aClient }),
      handlers: { '/b2c/profile': () => profile },
    });
    await screen.findByText('PO Box 123');
    expect(
      await within(screen.getByRole('main')).findByRole('link', { name: 'お問い合わせ' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'inquiry@afs.example' })).toBeNull();
  });
});
