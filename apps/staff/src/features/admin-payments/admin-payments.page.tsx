import { hasPermission } from '@mandado/shared/permissions';
import { useState } from 'react';
import { useOperator } from '../../lib/use-operator.ts';
import { PaymentFindings } from './payment-findings.tsx';
import { PaymentQueue } from './payment-queue.tsx';
import { StatementImport } from './statement-import.tsx';
import './admin-payments.css';

/**
 * `/admin/pagos` (issue 19): the transfers and deposits waiting, 'Marcar pagado', the bank-statement import and
 * the payments audit's findings. Soporte sees the queue and the findings; recording money is for
 * administración and pagos (payment:mark-paid), so the actions and the import are not shown to others.
 */
export function AdminPaymentsScreen() {
  const operator = useOperator();
  const canMarkPaid = hasPermission(operator, 'payment:mark-paid');
  // One clock for the whole screen: ages and deadlines agree while the page is open.
  const [now] = useState(() => new Date());
  return (
    <div className="payments">
      <h1 className="staff-title">Pagos</h1>
      <PaymentQueue canMarkPaid={canMarkPaid} now={now} />
      {canMarkPaid ? <StatementImport /> : null}
      <PaymentFindings />
    </div>
  );
}
