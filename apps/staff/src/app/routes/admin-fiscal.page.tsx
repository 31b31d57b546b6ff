import { FiscalProblems } from '../../features/admin-fiscal/fiscal-problems.tsx';

/** /admin/comprobantes (decision 078): fiscal documents that need an operator. */
export function AdminFiscalPage() {
  return <FiscalProblems />;
}
