import { describe, expect, it } from 'vitest';
import {
  availableQuantityChoices,
  courierShareText,
  courierWhatsAppUrl,
  inboxDocumentTitle,
  rejectReasonText,
  storeMoves,
  unavailableOutcomes,
} from './inbox-wording.ts';

describe('inboxDocumentTitle', () => {
  it('counts unopened orders in the tab title', () => {
    expect(inboxDocumentTitle(2)).toBe('(2) Pedidos · Mandado');
    expect(inboxDocumentTitle(0)).toBe('Pedidos · Mandado');
  });
});

describe('rejectReasonText', () => {
  it('sends the label of a fixed reason', () => {
    expect(rejectReasonText('out_of_stock', '')).toBe('Sin stock');
    expect(rejectReasonText('unreachable_address', 'ignored')).toBe('No llegamos a esa dirección');
  });

  it("sends 'Otro: <note>' with the note on one line", () => {
    expect(rejectReasonText('other', '  Se cortó  la luz\n')).toBe('Otro: Se cortó la luz');
  });
});

describe('storeMoves', () => {
  it("offers 'Aceptar' and 'Rechazar' on a new order, accept first", () => {
    const moves = storeMoves(
      { status: 'approved', next_statuses: ['preparing_to_delivery', 'rejected'] },
      false,
    );
    expect(moves.map((move) => move.label)).toEqual(['Aceptar', 'Rechazar']);
    expect(moves[0]?.to).toBe('preparing_to_delivery');
  });

  it('offers only what next_statuses allows', () => {
    expect(storeMoves({ status: 'approved', next_statuses: ['preparing_to_delivery'] }, false)).toHaveLength(
      1,
    );
    expect(storeMoves({ status: 'approved', next_statuses: [] }, false)).toEqual([]);
  });

  it('words the ready move by delivery or pick-up', () => {
    const preparing = {
      status: 'preparing_to_delivery' as const,
      next_statuses: ['ready_to_delivery' as const],
    };
    expect(storeMoves(preparing, false)[0]?.label).toBe('Listo para entregar');
    expect(storeMoves(preparing, true)[0]?.label).toBe('Listo para retirar');
  });

  it('hands a ready pick-up over at the counter, and a ready delivery only through the courier link', () => {
    // The server lists no code-needing edge as a plain move.
    const ready = {
      status: 'ready_to_delivery' as const,
      next_statuses: ['in_transit' as const, 'delivery_attempt' as const],
    };
    expect(storeMoves(ready, true).map((move) => move.label)).toEqual(['Entregar en el mostrador']);
    expect(storeMoves(ready, false)).toEqual([]);
  });
});

describe('courier share', () => {
  it('carries the link in a prefilled WhatsApp message without a number', () => {
    const url = 'http://localhost:3000/entrega/abc';
    expect(courierShareText('Almacén Sol', 'MV-10-1', url)).toContain(url);
    const link = courierWhatsAppUrl('Almacén Sol', 'MV-10-1', url);
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(link.slice('https://wa.me/?text='.length))).toBe(
      courierShareText('Almacén Sol', 'MV-10-1', url),
    );
  });

  it('says the delivery window when the order has one (decision 065)', () => {
    expect(courierShareText('Almacén Sol', 'MV-10-1', 'http://x/entrega/abc', 'mar 1/12, 9:00 a 13:00')).toBe(
      'Hola, hay un pedido de Almacén Sol para entregar (MV-10-1, mar 1/12, 9:00 a 13:00). Aquí tienes la dirección y los pasos: http://x/entrega/abc',
    );
  });
});

describe('unavailable lines', () => {
  it('offers 0 … quantity − 1 available units', () => {
    expect(availableQuantityChoices(5)).toEqual([0, 1, 2, 3, 4]);
    expect(availableQuantityChoices(1)).toEqual([0]);
  });

  it('follows the preference chosen at checkout', () => {
    expect(unavailableOutcomes('similar')).toEqual(['substitute', 'refund']);
    expect(unavailableOutcomes('call')).toEqual(['substitute', 'refund']);
    expect(unavailableOutcomes('refund')).toEqual(['refund']);
  });
});
