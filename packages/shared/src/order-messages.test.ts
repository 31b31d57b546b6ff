import { describe, expect, it } from 'vitest';
import {
  maskedPhone,
  messagingPhoneE164,
  optOutReply,
  renderOrderMessage,
  sendableAt,
} from './order-messages.ts';

/** An instant given as Montevideo's wall clock (UTC−3). */
const montevideo = (iso: string) => new Date(`${iso}-03:00`);

describe('sendableAt (quiet hours, Montevideo)', () => {
  it('sends at once between 08:00 and 21:00', () => {
    for (const at of ['2026-11-27T08:00:00', '2026-11-27T13:15:00', '2026-11-27T20:59:59']) {
      expect(sendableAt(montevideo(at))).toEqual(montevideo(at));
    }
  });

  it('waits for the next 08:00 from 21:00 on, and for the same morning after midnight', () => {
    expect(sendableAt(montevideo('2026-11-27T21:00:00'))).toEqual(montevideo('2026-11-28T08:00:00'));
    expect(sendableAt(montevideo('2026-11-30T23:59:00'))).toEqual(montevideo('2026-12-01T08:00:00'));
    expect(sendableAt(montevideo('2026-11-28T00:30:00'))).toEqual(montevideo('2026-11-28T08:00:00'));
    expect(sendableAt(montevideo('2026-11-28T07:59:59'))).toEqual(montevideo('2026-11-28T08:00:00'));
  });
});

describe('optOutReply', () => {
  it('reads BAJA and STOP in any case, with accents or punctuation, and ALTA/START', () => {
    for (const text of ['BAJA', ' baja. ', 'Bajá', 'stop', 'STOP!']) expect(optOutReply(text)).toBe('stop');
    expect(optOutReply('Alta')).toBe('start');
    expect(optOutReply('start')).toBe('start');
    expect(optOutReply('gracias, baja la música')).toBeNull();
  });
});

describe('messagingPhoneE164', () => {
  it('reads the mobile mask and E.164, and refuses landlines and junk', () => {
    expect(messagingPhoneE164('(091) 123456')).toBe('+59891123456');
    expect(messagingPhoneE164('+59891123456')).toBe('+59891123456');
    expect(messagingPhoneE164('+14155552671')).toBe('+14155552671');
    expect(messagingPhoneE164('(2622) 1234')).toBeNull();
    expect(messagingPhoneE164('123')).toBeNull();
    expect(messagingPhoneE164('')).toBeNull();
  });

  it('masks all but the country code and the last three digits', () => {
    expect(maskedPhone('+59891123456')).toBe('+598 •••• 456');
  });
});

describe('renderOrderMessage', () => {
  it('ends every text with the opt-out note and completes links with the site', () => {
    const text = renderOrderMessage(
      'delivered',
      'remitter',
      {
        firstName: 'Ana',
        storeOrderNumber: 'MV-10234-1',
        storeName: 'Almacén',
        receivedBy: 'Rosa',
        linkPath: '/user/orders/MV-10234',
      },
      'https://mandado.uy',
    );
    expect(text.template).toBe('mandado_pedido_entregado');
    expect(text.variables).toEqual([
      'Ana',
      'MV-10234-1',
      'Almacén',
      'Rosa',
      'https://mandado.uy/user/orders/MV-10234',
    ]);
    expect(text.body).toBe(
      'Hola Ana: entregamos tu pedido MV-10234-1 de Almacén; lo recibió Rosa. Mira la constancia en https://mandado.uy/user/orders/MV-10234 Responde BAJA para no recibir más mensajes.',
    );
  });
});
