import {
  BANK_ROW_OUTCOME_LABELS,
  BANK_STATEMENT_MAX_CHARS,
  type BankStatementImport,
} from '@mandado/shared/admin-payments.schemas';
import { decodeCsvBytes } from '@mandado/shared/csv-encoding';
import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { confirmBankStatement, PAYMENTS_KEY, uploadBankStatement } from './admin-payments.api.ts';
import { paidCountText } from './payments-text.ts';

/**
 * 'Importar extracto' (issue 19): the bank's CSV is read in the browser (UTF-8, else
 * Windows-1252) and sent as text; the answer is the
 * preview (each row matched, without a match, ambiguous or already paid); 'Confirmar' pays the matches at once.
 * Nothing is paid before the confirmation, and the same file twice pays nothing twice (the server sees to it).
 */
export function StatementImport() {
  const ids = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<BankStatementImport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'confirm' | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setProblem(null);
    setPreview(null);
    if (file.size > BANK_STATEMENT_MAX_CHARS * 4) {
      setProblem('El archivo es demasiado grande: sube un extracto de a lo sumo 1 MB.');
      return;
    }
    setBusy('upload');
    try {
      // Not file.text(), which reads everything as UTF-8: a statement saved on a Spanish Windows is
      // Windows-1252, and is read the way the catalog import reads it, so 'Pérez' stays 'Pérez'.
      const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
      if ('problem' in decoded) {
        setProblem(decoded.problem);
        return;
      }
      setPreview(await uploadBankStatement(file.name.slice(0, 200), decoded.text));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'No pudimos leer el extracto.');
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!preview) return;
    setProblem(null);
    setBusy('confirm');
    try {
      const result = await confirmBankStatement(preview.id);
      setPreview(result);
      notify({ kind: 'success', title: 'Extracto confirmado', message: paidCountText(result.counts.paid) });
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'No pudimos confirmar el extracto.');
    } finally {
      setBusy(null);
    }
  }

  function reset() {
    setPreview(null);
    setProblem(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <section className="payments-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="payments-section__title">
        Importar extracto bancario
      </h2>
      <p className="payments-note">
        Sube el CSV de tu banco con las columnas fecha, descripción e importe (con ; o , y coma o punto
        decimal). Cada movimiento se compara con el número de pedido de su descripción y el monto exacto.
      </p>
      <div className="payments-upload">
        <label className="field-label" htmlFor={`${ids}-file`}>
          Archivo CSV del extracto
        </label>
        <input
          ref={fileInput}
          id={`${ids}-file`}
          className="payments-upload__input"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void onFile(event)}
          disabled={busy !== null}
        />
      </div>
      {busy === 'upload' ? <Spinner label="Leyendo el extracto" /> : null}
      <FormProblem problem={problem} />
      {preview ? (
        <StatementPreview
          preview={preview}
          busy={busy === 'confirm'}
          onConfirm={() => void confirm()}
          onReset={reset}
        />
      ) : null}
    </section>
  );
}

function StatementPreview({
  preview,
  busy,
  onConfirm,
  onReset,
}: {
  preview: BankStatementImport;
  busy: boolean;
  onConfirm: () => void;
  onReset: () => void;
}) {
  const ids = useId();
  const confirmed = preview.confirmed_at !== null;
  const { counts } = preview;
  return (
    <section className="statement-preview" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="statement-preview__title">
        {confirmed ? 'Resultado' : 'Vista previa'}: {preview.file_name || 'extracto'}
      </h3>
      {preview.duplicate ? (
        <p className="payments-callout" role="status">
          Este archivo ya se había importado: te mostramos esa importación y no se paga nada dos veces.
        </p>
      ) : null}
      <ul className="statement-preview__counts">
        {confirmed ? <li>{paidCountText(counts.paid)}</li> : <li>Coinciden: {counts.matched}</li>}
        <li>Sin coincidencia: {counts.unmatched}</li>
        <li>Ambiguos: {counts.ambiguous}</li>
        <li>Ya pagados: {counts.already_paid}</li>
      </ul>
      <table className="payments-table statement-rows">
        <caption className="visually-hidden">Movimientos del extracto y su resultado</caption>
        <thead>
          <tr>
            <th scope="col">Fila</th>
            <th scope="col">Descripción</th>
            <th scope="col">Importe</th>
            <th scope="col">Resultado</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row_number} data-outcome={row.outcome}>
              <th scope="row" className="payments-table__lead">
                <span>Fila {row.row_number}</span>
                {row.booked_on ? <span className="payments-table__sub">{row.booked_on}</span> : null}
              </th>
              <td data-label="Descripción" className="statement-rows__description">
                {row.description}
              </td>
              <td data-label="Importe" className="payments-table__money">
                {moneyText(parseMoney(row.amount), { code: row.currency || 'USD' })}
              </td>
              <td data-label="Resultado">
                <span className={`outcome-chip outcome-chip--${row.outcome}`}>
                  {BANK_ROW_OUTCOME_LABELS[row.outcome]}
                </span>
                {row.order_number ? <span className="order-number"> {row.order_number}</span> : null}
                {row.note ? <span className="payments-table__sub">{row.note}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="statement-preview__actions">
        {!confirmed && counts.matched > 0 ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
            {busy ? <Spinner size="small" /> : null}
            Confirmar y marcar {counts.matched === 1 ? '1 pago' : `${counts.matched} pagos`}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onReset}>
          {confirmed || counts.matched === 0 ? 'Importar otro extracto' : 'Descartar'}
        </button>
      </div>
    </section>
  );
}
