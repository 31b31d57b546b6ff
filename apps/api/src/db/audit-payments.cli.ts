import { readConfig } from '../config.ts';
import { auditPayments } from '../modules/payments/payments-audit.service.ts';
import { openDatabase } from './database.ts';

// npm run audit:payments — read-only (decision 030): lists charges without a paid group, paid groups without a
// charge, refunds above what was paid (per charge, credit, store order and line, decision 050) and credit
// balances that differ from their ledger; exits 1 when any exists. It reads DATABASE_URL, else the embedded
// DATA_DIR, and never migrates or writes.
const handle = await openDatabase(readConfig().database);
try {
  const findings = await auditPayments(handle.db);
  for (const finding of findings) console.log(`${finding.kind}\t${finding.subject}\t${finding.detail}`);
  console.log(
    findings.length === 0
      ? 'Pagos en orden: ningún cobro, pedido, reembolso ni saldo fuera de lugar.'
      : `${findings.length} diferencia(s) en los pagos.`,
  );
  if (findings.length > 0) process.exitCode = 1;
} finally {
  await handle.close();
}
