import { RETURN_MESSAGES, RETURN_STATUS_TEXTS, type ReturnStatus } from '@mandado/shared/return-status';
import type { CourierReturn } from '@mandado/shared/returns-schemas';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import { recordCourierLinkAudit } from '../modules/audit/audit.service.ts';
import {
  applyReturnMove,
  countWrongPickupCode,
  linesToRefund,
  lockReturnLink,
  presentRows,
  RETURN_PICKUP_CODE_KEY,
  type ReturnRow,
  readReturnLink,
  storeAddressOf,
} from '../modules/returns/returns.service.ts';
import { serverSecret } from '../modules/store-inbox/server-secrets.service.ts';

/**
 * The reverse pickup (decision 076): the courier opens the return's own link (`/entrega/devolucion/<token>`,
 * made when the store accepted), collects the goods from the family and types the code they give. One
 * transaction holding the return's row: the code checked in constant time (a wrong one counts, and the fifth
 * locks the link), the compare-and-set to picked_up, its history and the link's audit row.
 */

async function presentForCourier(db: DatabaseOrTransaction, row: ReturnRow): Promise<CourierReturn> {
  const [presented] = await presentRows(db, [row], { side: 'staff', publicUrl: '' });
  const wanted = new Map((await linesToRefund(db, row.id)).map((line) => [line.orderLineId, line.quantity]));
  const { beneficiary } = row;
  return {
    storeName: row.storeName,
    storeAddress: (await storeAddressOf(db, row.storeId)) || row.storeAddress,
    pickupAddress: [beneficiary.addressLine1, beneficiary.cityName].filter(Boolean).join(', '),
    beneficiaryName: `${beneficiary.firstName} ${beneficiary.lastName}`.trim(),
    beneficiaryPhone: beneficiary.mobile || null,
    lines: (presented?.lines ?? []).map((line) => ({
      name: line.name,
      quantity: wanted.get(line.lineId) ?? line.quantity,
    })),
    status: row.status as ReturnStatus,
    statusText: RETURN_STATUS_TEXTS[row.status as ReturnStatus] ?? row.status,
  };
}

/** `GET /v1/courier-returns/:token/`. */
export async function courierReturnFlow(db: Database, token: string): Promise<CourierReturn> {
  return presentForCourier(db, await readReturnLink(db, token));
}

/** `POST /v1/courier-returns/:token/picked-up/` with the family's code. */
export async function returnPickedUpFlow(db: Database, token: string, code: string): Promise<CourierReturn> {
  const secret = await serverSecret(db, RETURN_PICKUP_CODE_KEY);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockReturnLink(tx, token);
    if (row.status !== 'accepted') {
      throw new HttpError(409, {
        detail: RETURN_MESSAGES.notAllowedNow(RETURN_STATUS_TEXTS[row.status as ReturnStatus] ?? row.status),
      });
    }
    // A wrong code is committed (it counts towards the lock), so its refusal is thrown after the commit.
    const wrong = await countWrongPickupCode(tx, row, secret, code);
    if (wrong) {
      await recordCourierLinkAudit(tx, {
        storeId: row.storeId,
        storeOrderNumber: row.storeOrderNumber,
        action: 'return.wrong_code',
        detail: { return_id: row.id, code_failures: row.codeFailures + 1 },
      });
      return { wrong };
    }
    await applyReturnMove(tx, row, {
      to: 'picked_up',
      actor: 'courier',
      userId: null,
      codeChecked: true,
      changes: { pickedUpAt: new Date() },
    });
    await recordCourierLinkAudit(tx, {
      storeId: row.storeId,
      storeOrderNumber: row.storeOrderNumber,
      action: 'return.picked_up',
      detail: { return_id: row.id, before: { status: 'accepted' }, after: { status: 'picked_up' } },
    });
    return { wrong: null };
  });
  if (outcome.wrong) throw outcome.wrong;
  return presentForCourier(db, await readReturnLink(db, token));
}
