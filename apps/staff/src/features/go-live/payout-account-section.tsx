import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@mandado/shared/messages';
import {
  PAYOUT_BANK_CODES,
  PAYOUT_BANKS,
  PAYOUT_MESSAGES,
  type PayoutAccountInput,
  type PayoutAccountValues,
  type PayoutAccountView,
  payoutAccountInputSchema,
} from '@mandado/shared/payout-account.schemas';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { goLiveKey } from '../../lib/go-live-key.ts';
import { payoutAccountKey, payoutAccountQueryOptions, savePayoutAccount } from './go-live.api.ts';
import './go-live.css';

const FIELDS = ['bank', 'account_number', 'holder_name', 'holder_document'] as const;

/**
 * 'Cuenta de cobro' (issue 31) on /comercio/tienda, for owners: where the weekly statements are paid. The
 * saved account shows masked ('BROU •••• 1234'); 'Cambiar' opens the form, which never shows the old number.
 */
export function PayoutAccountSection({ storeId }: { storeId: number }) {
  const ids = useId();
  const account = useQuery(payoutAccountQueryOptions(storeId));
  const [editing, setEditing] = useState(false);
  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Cuenta de cobro
      </h2>
      <p className="store-settings__text">
        La cuenta bancaria donde te transferimos cada semana. Solo los dueños la ven y la cambian; cada cambio
        te llega por correo.
      </p>
      {account.isPending ? (
        <Spinner label="Cargando tu cuenta de cobro" />
      ) : account.isError ? (
        <QueryError message={account.error.message} onRetry={() => void account.refetch()} />
      ) : account.data && !editing ? (
        <>
          <SavedAccount account={account.data} />
          <div className="store-settings__actions">
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              Cambiar la cuenta
            </button>
          </div>
        </>
      ) : (
        <PayoutAccountForm
          storeId={storeId}
          onDone={() => setEditing(false)}
          onCancel={account.data ? () => setEditing(false) : null}
        />
      )}
    </section>
  );
}

function SavedAccount({ account }: { account: PayoutAccountView }) {
  return (
    <p className="payout-account__current">
      <strong>
        {account.bank_name} {account.account_masked}
      </strong>
      <br />A nombre de {account.holder_name} ({account.holder_document_kind === 'rut' ? 'RUT' : 'CI'}{' '}
      {account.holder_document_masked})
    </p>
  );
}

interface FormProps {
  storeId: number;
  onDone: () => void;
  onCancel: (() => void) | null;
}

function PayoutAccountForm({ storeId, onDone, onCancel }: FormProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PayoutAccountInput, unknown, PayoutAccountValues>({
    resolver: zodResolver(payoutAccountInputSchema),
    defaultValues: { bank: undefined, account_number: '', holder_name: '', holder_document: '' },
  });

  const submit = handleSubmit(async () => {
    setProblem(null);
    // The API normalises what the owner typed itself (the same schema): it gets the text, not the digits.
    const input = getValues();
    try {
      const saved = await savePayoutAccount(storeId, input);
      queryClient.setQueryData(payoutAccountKey(storeId), saved);
      void queryClient.invalidateQueries({ queryKey: goLiveKey(storeId) });
      void queryClient.invalidateQueries({ queryKey: ['statements', storeId] });
      notify({ kind: 'success', title: PAYOUT_MESSAGES.saved });
      onDone();
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      for (const field of FIELDS) {
        const message = fields[field];
        if (message) {
          setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setProblem(failureText(error) ?? MESSAGES.serverError);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <Field fieldId={id('bank')} label="Banco" required error={errors.bank?.message}>
        <select {...invalidProps(id('bank'), errors.bank?.message)} {...register('bank')} defaultValue="">
          <option value="" disabled>
            Elige el banco
          </option>
          {PAYOUT_BANK_CODES.map((code) => (
            <option key={code} value={code}>
              {PAYOUT_BANKS[code].name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        fieldId={id('number')}
        label="Número de cuenta"
        required
        error={errors.account_number?.message}
        hint="Como figura en tu estado de cuenta; los puntos y guiones no importan."
      >
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          {...invalidProps(id('number'), errors.account_number?.message, `${id('number')}-hint`)}
          {...register('account_number')}
        />
      </Field>
      <Field fieldId={id('holder')} label="Titular" required error={errors.holder_name?.message}>
        <input
          type="text"
          autoComplete="organization"
          {...invalidProps(id('holder'), errors.holder_name?.message)}
          {...register('holder_name')}
        />
      </Field>
      <Field
        fieldId={id('document')}
        label="RUT o cédula del titular"
        required
        error={errors.holder_document?.message}
      >
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          {...invalidProps(id('document'), errors.holder_document?.message)}
          {...register('holder_document')}
        />
      </Field>
      <FormProblem problem={problem} />
      <div className="store-settings__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Guardar la cuenta
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancelar
          </button>
        ) : null}
      </div>
    </form>
  );
}
