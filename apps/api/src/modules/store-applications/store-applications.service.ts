import { dateTimeWithZoneText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { StoreApplicationValues } from '@mandado/shared/store-application.schemas';
import { STORE_KIND_LABELS, type StoreKind } from '@mandado/shared/store-kinds';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import { sendStoreInvitation } from '../store-members/store-members.service.ts';
import { goLiveChecklistOf } from '../store-payouts/store-payouts.service.ts';
import { createStoreFromApplication } from '../stores/stores.service.ts';
import {
  type ApplicationRow,
  cityName,
  insertApplication,
  listApplications,
  lockApplication,
  markApplicationDecided,
  markApplicationRejected,
  operatorEmails,
  storeNameExists,
} from './store-applications.repository.ts';

/**
 * 'Vende en Mandado' (issue 18): anyone may apply (the route limits how often). The application, the
 * operators' e-mails and the applicant's acknowledgement are written in one transaction (the outbox).
 */
export async function submitApplication(
  db: Database,
  input: StoreApplicationValues,
  deps: { publicUrl: string },
): Promise<{ id: number; detail: string }> {
  const city = await cityName(db, input.city_id);
  if (city === null) throw new HttpError(400, { city_id: [MESSAGES.invalidValue] });
  return db.transaction(async (tx) => {
    const id = await insertApplication(tx, {
      storeName: input.store_name,
      kind: input.kind,
      addressLine1: input.address_line1,
      cityId: input.city_id,
      latitude: input.latitude.toFixed(6),
      longitude: input.longitude.toFixed(6),
      contactName: input.contact_name,
      email: input.email,
      phoneE164: input.phone,
      rut: input.rut,
    });
    if (id === null) throw new HttpError(409, { detail: SERVER_MESSAGES.applicationDuplicate });
    const kind = STORE_KIND_LABELS[input.kind as StoreKind] ?? input.kind;
    for (const to of await operatorEmails(tx)) {
      await enqueueEmail(tx, {
        to,
        subject: `Nueva solicitud de tienda: ${input.store_name}`,
        text: [
          `${input.contact_name} pidió sumar ${input.store_name} (${kind}) a Mandado.`,
          '',
          `Dirección: ${input.address_line1}, ${city}`,
          `RUT: ${input.rut}`,
          `Correo: ${input.email}`,
          `Teléfono: ${input.phone}`,
          '',
          `Revísala en ${deps.publicUrl}/admin`,
        ].join('\n'),
      });
    }
    await enqueueEmail(tx, {
      to: input.email,
      subject: `Recibimos la solicitud de ${input.store_name}`,
      text: [
        `Hola, ${input.contact_name}:`,
        '',
        `Gracias por querer vender en Mandado. Recibimos la solicitud de ${input.store_name}.`,
        'La revisamos en los próximos días hábiles y te escribimos a este correo con los pasos siguientes.',
        '',
        'El equipo de Mandado',
      ].join('\n'),
    });
    return { id, detail: SERVER_MESSAGES.applicationReceived };
  });
}

/**
 * The approval (issue 31): it says the store was approved, what is left before it is published, and where
 * the checklist is; the owner's invitation link comes first, since every other step needs the account.
 */
function approvalEmail(values: {
  storeName: string;
  contactName: string;
  link: string;
  expiresAt: Date;
  left: readonly string[];
  checklistUrl: string;
}) {
  return {
    subject: `Aprobamos ${values.storeName}: el equipo de Mandado te invitó a administrarla`,
    text: [
      `Hola, ${values.contactName}:`,
      '',
      `Aprobamos ${values.storeName} para vender en Mandado. Todavía no se ve en la tienda: la publicamos cuando esté lista.`,
      '',
      '1. Acepta la invitación como dueño (ingresa o crea tu cuenta con este correo):',
      values.link,
      `   El enlace vence el ${dateTimeWithZoneText(values.expiresAt.toISOString())}.`,
      '',
      '2. Completa lo que falta para publicarla:',
      ...values.left.map((item) => `   - ${item}`),
      '',
      `Ves esta lista, con lo que ya está hecho, en ${values.checklistUrl}`,
      '',
      'El equipo de Mandado',
    ].join('\n'),
  };
}

function presentApplication(row: ApplicationRow) {
  return {
    id: row.id,
    store_name: row.storeName,
    kind: row.kind as StoreKind,
    address_line1: row.addressLine1,
    city: row.city,
    contact_name: row.contactName,
    email: row.email,
    phone: row.phoneE164,
    rut: row.rut,
    status: row.status as 'pending' | 'approved' | 'rejected',
    created: new Date(row.createdAt).toISOString(),
    store_id: row.storeId,
    rejection_reason: row.rejectionReason,
  };
}

export async function listStoreApplications(db: Database, actor: Actor | null, status: string | null) {
  requirePermission(actor, 'admin:read');
  return (await listApplications(db, status)).map(presentApplication);
}

/**
 * An operator approves an application: the store is created, not yet shown to shoppers (status pending,
 * until its catalog is ready and operators publish it), and the applicant is invited as its owner.
 */
export async function approveApplication(
  db: Database,
  actor: Actor | null,
  applicationId: number,
  deps: { publicUrl: string; now?: Date },
): Promise<{ store_id: number }> {
  const operator = requirePermission(actor, 'admin:manage');
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    if (application.status !== 'pending')
      throw new HttpError(409, { detail: SERVER_MESSAGES.applicationNotPending });
    if (await storeNameExists(tx, application.storeName)) {
      throw new HttpError(409, { detail: SERVER_MESSAGES.storeNameTaken });
    }
    const storeId = await createStoreFromApplication(
      tx,
      application,
      await getSetting(tx, 'default_commission_rate'),
    );
    await markApplicationDecided(tx, applicationId, {
      status: 'approved',
      decidedBy: operator.userId,
      storeId,
    });
    const checklist = await goLiveChecklistOf(tx, storeId);
    await sendStoreInvitation(tx, {
      storeId,
      storeName: application.storeName,
      email: application.email,
      role: 'owner',
      invitedBy: operator.userId,
      inviterName: 'El equipo de Mandado',
      publicUrl: deps.publicUrl,
      now: deps.now ?? new Date(),
      compose: (link, expiresAt) =>
        approvalEmail({
          storeName: application.storeName,
          contactName: application.contactName,
          link,
          expiresAt,
          left: checklist?.items.filter((item) => !item.done).map((item) => item.label) ?? [],
          checklistUrl: `${deps.publicUrl}/comercio/tienda`,
        }),
    });
    await recordAudit(tx, operator, {
      storeId,
      action: 'store_application.approved',
      subject: `store_application:${applicationId}`,
      detail: { store_name: application.storeName },
      actorRole: 'operator',
    });
    return { store_id: storeId };
  });
}

/**
 * An operator rejects an application (issue 19): its reason is stored and e-mailed to the applicant through
 * the outbox, with the audit row, in one transaction.
 */
export async function rejectApplication(
  db: Database,
  actor: Actor | null,
  applicationId: number,
  reason: string,
): Promise<{ id: number; status: 'rejected' }> {
  const operator = requirePermission(actor, 'admin:manage');
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    if (application.status !== 'pending')
      throw new HttpError(409, { detail: SERVER_MESSAGES.applicationNotPending });
    await markApplicationRejected(tx, applicationId, { decidedBy: operator.userId, reason });
    await enqueueEmail(tx, {
      to: application.email,
      subject: `Tu solicitud para vender ${application.storeName} en Mandado`,
      text: [
        `Hola, ${application.contactName}:`,
        '',
        `Revisamos la solicitud de ${application.storeName} y por ahora no podemos sumarla a Mandado.`,
        '',
        `Motivo: ${reason}`,
        '',
        'Si cambia algo de esto, puedes volver a enviarnos una solicitud.',
        '',
        'El equipo de Mandado',
      ].join('\n'),
    });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'store_application.rejected',
      subject: `store_application:${applicationId}`,
      detail: {
        store_name: application.storeName,
        before: { status: 'pending' },
        after: { status: 'rejected' },
        reason,
      },
      actorRole: 'operator',
    });
    return { id: applicationId, status: 'rejected' as const };
  });
}
