import { describe, expect, it } from 'vitest';
import { webhookStatusText } from './admin-webhooks.schemas.ts';

describe('a partner’s HTTP status, for operators', () => {
  it('says in plain Spanish what each class of answer means', () => {
    expect(webhookStatusText(204)).toBe('recibido');
    expect(webhookStatusText(301)).toBe('redirección: no la seguimos, configura la URL final');
    expect(webhookStatusText(403)).toBe('acceso negado por el servidor del socio');
    expect(webhookStatusText(404)).toBe('esa ruta no existe en el servidor del socio');
    expect(webhookStatusText(429)).toBe('el servidor del socio pidió esperar; se vuelve a intentar');
    expect(webhookStatusText(422)).toBe('el servidor del socio rechazó el aviso');
    expect(webhookStatusText(503)).toBe('error en el servidor del socio; se vuelve a intentar');
  });
});
