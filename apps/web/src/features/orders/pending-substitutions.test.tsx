import type { SubstitutionQuestion } from '@mandado/shared/substitution.schemas';
import { SUBSTITUTION_MESSAGES } from '@mandado/shared/substitution-texts';
import { stubApi } from '@mandado/web-kit/testing/fetch-stub.ts';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { PendingSubstitutions } from './pending-substitutions.tsx';

const QUESTION: SubstitutionQuestion = {
  id: 7,
  status: 'pending',
  answer: null,
  answered_by: null,
  store_name: 'Almacén La Esquina',
  store_order_number: 'MV-10234-1',
  line: { name: 'Arroz 1 kg', quantity: 5, paid: '50.00' },
  available_quantity: 2,
  substitute: { name: 'Arroz integral', image: null, quantity: 3, price: '24.00' },
  refund_if_accepted: '6.00',
  refund_if_refused: '30.00',
  card_refund: false,
  deadline: '2026-11-27T21:00:00.000Z',
  preference: 'similar',
};

describe("PendingSubstitutions in 'Mis Compras' (decision 073)", () => {
  it('offers the choices the payment allows, says why an answer was refused, and confirms the one that applied', async () => {
    const user = userEvent.setup({ delay: null });
    let tries = 0;
    const { calls } = stubApi({
      'GET /v1/substitutions/': {
        status: 200,
        body: { results: [{ question: QUESTION, path: '/reemplazo/x' }] },
      },
      'POST /v1/substitutions/mine/7/answer/': (body) => {
        tries += 1;
        if (tries === 1) return { status: 409, body: { detail: SUBSTITUTION_MESSAGES.alreadyAnswered } };
        return {
          status: 200,
          body: {
            ...QUESTION,
            status: 'answered',
            answer: (body as { answer: string }).answer,
            answered_by: 'remitter',
          },
        };
      },
    });
    renderWithApp(<PendingSubstitutions />);
    const card = within(
      await screen.findByRole('article', { name: /¿Aceptas un reemplazo\? Pedido MV-10234-1/ }),
    );
    // Paid by transfer: no refund to a card.
    expect(card.queryByRole('button', { name: /a la tarjeta/ })).toBeNull();
    const credit = card.getByRole('button', { name: /Devuélvanme el dinero como saldo/ });
    expect(credit.textContent).toContain('US$ 30,00 como saldo');

    await user.click(credit);
    expect((await card.findByRole('alert')).textContent).toBe(SUBSTITUTION_MESSAGES.alreadyAnswered);

    await user.click(card.getByRole('button', { name: /Acepto el reemplazo/ }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Respuesta registrada: Acepto el reemplazo',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { answer: 'refund_credit' },
      { answer: 'accept' },
    ]);
  });
});
