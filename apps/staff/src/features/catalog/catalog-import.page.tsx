import type { CatalogImportMode, CatalogImportReport } from '@mandado/shared/merchant-catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type RefObject, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { catalogKey } from './catalog.api.ts';
import { catalogExportHref, catalogTemplateHref, importCatalogCsv } from './catalog-import.api.ts';
import { ImportCategories, ImportModeChoice, validRowsText } from './catalog-import-choice.tsx';
import {
  canImport,
  importDoneText,
  importErrorLine,
  importPreviewText,
  importProblemsText,
} from './catalog-import-text.ts';
import { CATALOG_PATH } from './catalog-paths.ts';
import { OwnersOnly } from './owners-only.tsx';
import './catalog.css';
import './catalog-import.css';

/**
 * `/comercio/catalogo/importar` (issue 18), for the store's owners: a spreadsheet's CSV of products, prices and
 * stock. Choosing the file runs the dry run at once (nothing changes yet): what it would create, change or
 * leave alone, or every row's error in Spanish. For a file with bad rows the owner chooses (issue 31): all or
 * nothing (fix the file first, the default) or import the good rows and leave the listed ones out. A category
 * the store does not have is named, with the closest existing one, and is created only once ticked.
 */
export function CatalogImportPage({ store }: { store: MerchantStore }) {
  return (
    <OwnersOnly store={store}>
      <CatalogImport store={store} />
    </OwnersOnly>
  );
}

function CatalogImport({ store }: { store: MerchantStore }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<CatalogImportMode>('all');
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const preview = useMutation({
    mutationFn: ({ chosen, as }: { chosen: File; as: CatalogImportMode; focus: boolean }) =>
      importCatalogCsv(store.id, chosen, true, { mode: as, confirmed: [] }),
    onSuccess: (_report, { focus }) => {
      if (focus) focusSoon(resultHeading);
    },
  });
  const run = useMutation({
    mutationFn: (chosen: File) =>
      importCatalogCsv(store.id, chosen, false, { mode, confirmed: [...confirmed] }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKey(store.id) });
      notify({ kind: 'success', title: 'Catálogo importado' });
      focusSoon(resultHeading);
    },
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Emptied so that choosing the same file again, fixed in the spreadsheet, runs the dry run again.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setConfirmed(new Set());
    run.reset();
    preview.mutate({ chosen, as: mode, focus: true });
  }

  function changeMode(next: CatalogImportMode) {
    setMode(next);
    run.reset();
    // The focus stays on the radio the owner just chose.
    if (file) preview.mutate({ chosen: file, as: next, focus: false });
  }

  function confirmCategory(name: string, yes: boolean) {
    setConfirmed((current) => {
      const next = new Set(current);
      if (yes) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  // While a new mode's preview runs, the last answer stays on screen, so the choice does not jump away.
  const report = preview.data ?? null;

  return (
    <div className="catalog catalog--form">
      <p className="catalog__back">
        <Link to={CATALOG_PATH}>
          <span aria-hidden="true">←</span>Volver al catálogo
        </Link>
      </p>
      <h1 className="catalog__title">Importar CSV</h1>
      <p className="staff-lead">
        Carga tus productos, precios y stock desde una planilla. Primero te mostramos qué cambiaría: nada
        cambia hasta que toques «Importar».
      </p>

      <section className="csv-import__step" aria-labelledby={`${ids}-start`}>
        <h2 id={`${ids}-start`} className="csv-import__heading">
          1. Prepara el archivo
        </h2>
        <p className="csv-import__text">
          Columnas obligatorias: <b>nombre</b>, <b>categoria</b>, <b>precio</b> y <b>stock</b>. Opcionales:{' '}
          <b>descripcion</b>, <b>precio_descuento</b> y <b>activo</b> (sí o no). Reconocemos cada producto por
          su nombre: si ya existe, lo actualizamos; si no, lo creamos.
        </p>
        <div className="csv-import__downloads">
          <a href={catalogTemplateHref(store.id)} download className="button button--secondary">
            Descargar plantilla
          </a>
          <a href={catalogExportHref(store.id)} download className="button button--secondary">
            Descargar catálogo actual
          </a>
        </div>
      </section>

      <section className="csv-import__step" aria-labelledby={`${ids}-pick`}>
        <h2 id={`${ids}-pick`} className="csv-import__heading">
          2. Elige el archivo
        </h2>
        <div className="csv-import__pick">
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv"
            className="csv-import__input"
            aria-describedby={`${ids}-file-hint`}
            onChange={choose}
          />
          <label htmlFor={`${ids}-file`} className="button button--primary csv-import__choose">
            Elegir archivo CSV
          </label>
          <p id={`${ids}-file-hint`} className="csv-import__file">
            {file ? (
              <>
                Archivo: <span className="csv-import__name">{file.name}</span>
              </>
            ) : (
              'Guárdalo desde tu planilla como CSV (separado por comas o por punto y coma).'
            )}
          </p>
        </div>
        {/* Always in the page, so a screen reader hears the dry run start. */}
        <p className="csv-import__status" role="status">
          {preview.isPending ? (
            <>
              <Spinner size="small" />
              Revisando el archivo…
            </>
          ) : null}
        </p>
        {preview.isError ? (
          <p className="form__alert" role="alert">
            {failureText(preview.error) ?? MESSAGES.serverError}
          </p>
        ) : null}
      </section>

      {run.isSuccess ? (
        <ImportDone report={run.data} headingRef={resultHeading} />
      ) : report && file ? (
        <ImportPreview
          report={report}
          headingRef={resultHeading}
          importing={run.isPending}
          problem={run.isError ? (failureText(run.error) ?? MESSAGES.serverError) : null}
          onImport={() => run.mutate(file)}
          mode={mode}
          onModeChange={changeMode}
          confirmed={confirmed}
          onConfirm={confirmCategory}
        />
      ) : null}
    </div>
  );
}

/** Moves the focus to the answer once it is on screen: on a phone it appears below the fold. */
function focusSoon(heading: RefObject<HTMLHeadingElement | null>) {
  requestAnimationFrame(() => heading.current?.focus());
}

interface ImportPreviewProps {
  report: CatalogImportReport;
  headingRef: RefObject<HTMLHeadingElement | null>;
  importing: boolean;
  problem: string | null;
  onImport: () => void;
  mode: CatalogImportMode;
  onModeChange: (mode: CatalogImportMode) => void;
  confirmed: ReadonlySet<string>;
  onConfirm: (name: string, yes: boolean) => void;
}

function ImportPreview(props: ImportPreviewProps) {
  const { report, headingRef, importing, problem, onImport } = props;
  const ids = useId();
  const fileUnreadable = report.errors.some((error) => error.line <= 1);
  const unconfirmed = report.needs_confirmation
    ? report.category_list.filter((category) => !props.confirmed.has(category.name))
    : [];
  const importButton = (label: string) => (
    <>
      <ImportCategories report={report} confirmed={props.confirmed} onConfirm={props.onConfirm} />
      <FormProblem problem={problem} />
      {unconfirmed.length > 0 ? (
        <p className="csv-import__text">Confirma las categorías nuevas para importar.</p>
      ) : null}
      <button
        type="button"
        className="button button--primary csv-import__go"
        disabled={importing || unconfirmed.length > 0}
        onClick={onImport}
      >
        {importing ? <Spinner size="small" /> : null}
        {importing ? 'Importando…' : label}
      </button>
    </>
  );
  if (report.errors.length > 0) {
    return (
      <section className="csv-import__step csv-import__result" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="csv-import__heading">
          3. Corrige los errores
        </h2>
        <p className="csv-import__problem">{importProblemsText(report)}.</p>
        <p className="csv-import__text">
          Corrígelos en tu planilla, vuelve a guardarla como CSV y elígela de nuevo. No cambiamos nada.
        </p>
        {fileUnreadable ? null : <ImportModeChoice mode={props.mode} onChange={props.onModeChange} />}
        <ul className="csv-import__errors" aria-label="Errores del archivo">
          {report.errors.map((error, index) => (
            // A row can have several errors, and the same one twice in a column: the index keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <li key={index} className="csv-import__error">
              <p className="csv-import__where">
                <span>{importErrorLine(error)}</span>
                {error.column ? (
                  <>
                    {' · '}
                    <span className="csv-import__column">
                      Columna <code>{error.column}</code>
                    </span>
                  </>
                ) : null}
              </p>
              <p className="csv-import__message">{error.message}</p>
            </li>
          ))}
        </ul>
        {!fileUnreadable &&
        report.mode === 'valid' &&
        props.mode === 'valid' &&
        report.rows > report.skipped ? (
          <>
            <p className="csv-import__summary">{validRowsText(report)}.</p>
            {importButton('Importar las filas correctas')}
          </>
        ) : null}
      </section>
    );
  }
  return (
    <section className="csv-import__step csv-import__result" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="csv-import__heading">
        3. Revisa e importa
      </h2>
      {canImport(report) ? (
        <>
          <p className="csv-import__summary">{importPreviewText(report)}.</p>
          {importButton('Importar')}
        </>
      ) : (
        <p className="csv-import__problem">El archivo no tiene productos: agrega una fila por producto.</p>
      )}
    </section>
  );
}

function ImportDone({
  report,
  headingRef,
}: {
  report: CatalogImportReport;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const ids = useId();
  return (
    <section
      className="csv-import__step csv-import__result csv-import__done"
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="csv-import__heading">
        Listo: importamos el archivo
      </h2>
      <p className="csv-import__summary">{importDoneText(report)}.</p>
      <p className="csv-import__text">Tus clientes ven los cambios en unos segundos.</p>
      <p>
        <Link to={CATALOG_PATH} className="button button--secondary">
          Ver el catálogo
        </Link>
      </p>
    </section>
  );
}
