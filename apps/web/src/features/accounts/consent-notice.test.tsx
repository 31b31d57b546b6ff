import { CONSENT_MESSAGES } from '@mandado/shared/legal-versions';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { ConsentNotice } from './consent-notice.tsx';

const PENDING = {
  privacy_policy: { version: '2026-11-27', accepted_version: null },
  terms: { version: '2026-11-27', accepted_version: '2026-11-27' },
  pending: true,
};

describe('ConsentNotice', () => {
  it('asks once with a link to the policy, sends the versions it showed, and goes away', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      'GET /v1/users/consent/': { status: 200, body: PENDING },
      'POST /v1/users/consent/': {
        status: 200,
        body: {
          ...PENDING,
          privacy_policy: { version: '2026-11-27', accepted_version: '2026-11-27' },
          pending: false,
        },
      },
    });
    renderWithApp(<ConsentNotice />);
    const notice = await screen.findByRole('region', { name: CONSENT_MESSAGES.noticeTitle });
    const link = screen.getByRole('link', { name: CONSENT_MESSAGES.readPolicy });
    expect(link.getAttribute('href')).toBe('/privacidad');
    await user.click(screen.getByRole('button', { name: CONSENT_MESSAGES.accept }));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      privacy_policy_version: '2026-11-27',
      terms_version: '2026-11-27',
    });
  });

  it('shows nothing to an account that accepted the current versions', async () => {
    const { calls } = stubApi({
      'GET /v1/users/consent/': { status: 200, body: { ...PENDING, pending: false } },
    });
    renderWithApp(<ConsentNotice />);
    await waitFor(() => expect(calls.some((call) => call.path === '/v1/users/consent/')).toBe(true));
    expect(screen.queryByRole('region', { name: CONSENT_MESSAGES.noticeTitle })).toBeNull();
  });

  it('tells why when the version changed while it was open', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      'GET /v1/users/consent/': { status: 200, body: PENDING },
      'POST /v1/users/consent/': { status: 409, body: { detail: CONSENT_MESSAGES.versionChanged } },
    });
    renderWithApp(<ConsentNotice />);
    await user.click(await screen.findByRole('button', { name: CONSENT_MESSAGES.accept }));
    expect(await screen.findByText(CONSENT_MESSAGES.versionChanged)).toBeTruthy();
  });
});
