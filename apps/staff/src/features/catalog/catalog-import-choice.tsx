import type { CatalogImportMode, CatalogImportReport } from '@mandado/shared/merchant-catalog.schemas';
import { useId } from 'react';
import { countText } from './catalog-import-text.ts';

/**
 * Issue 31: what happens to a file with bad rows, the owner's choice. All or nothing stays the default (the
 * rows are fixed in the spreadsheet first); the other imports the good rows and leaves the listed ones out.
 */
export function ImportModeChoice({
  mode,
  onChange,
}: {
  mode: CatalogImportMode;
  onChange: (mode: CatalogImportMode) => void;
}) {
  const ids = useId();
  return (
    <fieldset className="csv-import__choice">
      <legend className="csv-import__legend">¿Qué hacemos con las filas con errores?</legend>
      <label className="csv-import__option" htmlFor={`${ids}-all`}>
        <input
          id={`${ids}-all`}
          type="radio"
          name={`${ids}-mode`}
          checked={mode === 'all'}
          onChange={() => onChange('all')}
        />
        Nada por ahora: corrijo el archivo y lo importo entero
      </label>
      <label className="csv-import__option" htmlFor={`${ids}-valid`}>
        <input
          id={`${ids}-valid`}
          type="radio"
          name={`${ids}-mode`}
          checked={mode === 'valid'}
          onChange={() => onChange('valid')}
        />
        Importar las filas correctas y dejar fuera las que tienen errores
      </label>
    </fieldset>
  );
}

/** "2 filas correctas: 2 nuevos, 0 cambian; 1 fila queda fuera". */
export function validRowsText(
  report: Pick<CatalogImportReport, 'rows' | 'skipped' | 'created' | 'updated'>,
): string {
  const good = report.rows - report.skipped;
  return `${countText(good, 'fila correcta', 'filas correctas')}: ${countText(report.created, 'nuevo', 'nuevos')}, ${countText(
    report.updated,
    'cambia',
    'cambian',
  )}; ${countText(report.skipped, 'fila queda fuera', 'filas quedan fuera')}`;
}

/**
 * Each category the file names that the store does not have (issue 31), with the closest one it has: the
 * owner ticks the ones to create, or fixes a typo in the file. Nothing is created unticked.
 */
export function ImportCategories({
  report,
  confirmed,
  onConfirm,
}: {
  report: Pick<CatalogImportReport, 'category_list' | 'needs_confirmation'>;
  confirmed: ReadonlySet<string>;
  onConfirm: (name: string, yes: boolean) => void;
}) {
  const ids = useId();
  if (!report.needs_confirmation || report.category_list.length === 0) return null;
  return (
    <fieldset className="csv-import__choice">
      <legend className="csv-import__legend">
        {report.category_list.length === 1
          ? 'Esta categoría no existe en tu tienda'
          : 'Estas categorías no existen en tu tienda'}
      </legend>
      {report.category_list.map((category, index) => (
        <div key={category.name} className="csv-import__category">
          <label className="csv-import__option" htmlFor={`${ids}-${index}`}>
            <input
              id={`${ids}-${index}`}
              type="checkbox"
              checked={confirmed.has(category.name)}
              onChange={(event) => onConfirm(category.name, event.target.checked)}
            />
            Crear la categoría «{category.name}»
          </label>
          <p className="csv-import__text">
            {category.suggestion
              ? `La más parecida es «${category.suggestion}»: si era esa, corrige el archivo y vuelve a subirlo.`
              : 'No se parece a ninguna de tus categorías.'}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
