import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { PrivacyPage } from './privacy.page.tsx';

describe('PrivacyPage', () => {
  it('states the retention of delivery data the operators set (issue 32)', async () => {
    stubApi({
      'GET /v1/whoami/': {
        status: 200,
        body: { whoami: null, settings: { personal_data_retention_days: 45 } },
      },
    });
    renderWithApp(<PrivacyPage />);
    expect(await screen.findByText(/45 días desde la entrega/)).toBeTruthy();
  });
});
