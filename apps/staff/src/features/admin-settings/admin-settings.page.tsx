import type { AdminSetting } from '@mandado/shared/admin-settings.schemas';
import { hasPermission } from '@mandado/shared/permissions';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useOperator } from '../../lib/use-operator.ts';
import { settingsQueryOptions } from './admin-settings.api.ts';
import { CurrenciesSection } from './currencies-section.tsx';
import { SettingCard } from './setting-card.tsx';
import { ZonesSection } from './zones-section.tsx';
import './admin-settings.css';

/**
 * `/admin/ajustes` (issue 19): the settings registry grouped under its headings, each setting with its own
 * form and history; the currency rates with their manual override; the delivery zones on a map, replaced by
 * a GeoJSON upload. Groups without admin:manage (pagos, soporte) see the same values, with nothing to edit.
 */
export function AdminSettings() {
  const canEdit = hasPermission(useOperator(), 'admin:manage');
  return (
    <div className="admin-settings">
      <header className="admin-settings__head">
        <h1 className="staff-title">Ajustes</h1>
        <nav aria-label="Secciones de ajustes" className="admin-settings__nav">
          <a className="chip" href="#ajustes-generales">
            Ajustes
          </a>
          <a className="chip" href="#monedas">
            Monedas
          </a>
          <a className="chip" href="#zonas">
            Zonas
          </a>
        </nav>
        {canEdit ? null : (
          <p className="admin-settings__readonly">
            Solo el grupo de administración puede cambiar estos ajustes.
          </p>
        )}
      </header>
      <section
        id="ajustes-generales"
        className="admin-settings__section"
        aria-labelledby="ajustes-generales-title"
      >
        <h2 id="ajustes-generales-title" className="admin-settings__title">
          Ajustes de la tienda
        </h2>
        <SettingsList canEdit={canEdit} />
      </section>
      <section id="monedas" className="admin-settings__section" aria-labelledby="monedas-title">
        <h2 id="monedas-title" className="admin-settings__title">
          Monedas
        </h2>
        <p className="admin-settings__lead">
          Unidades por 1 US$. Una tasa manual rige sobre la del día hasta que la quites.
        </p>
        <CurrenciesSection canEdit={canEdit} />
      </section>
      <section id="zonas" className="admin-settings__section" aria-labelledby="zonas-title">
        <h2 id="zonas-title" className="admin-settings__title">
          Zonas
        </h2>
        <ZonesSection canEdit={canEdit} />
      </section>
    </div>
  );
}

function SettingsList({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(settingsQueryOptions());
  if (settings.isPending) return <Spinner label="Cargando los ajustes" />;
  if (settings.isError) {
    return <QueryError message={settings.error.message} onRetry={() => void settings.refetch()} />;
  }
  const groups = new Map<string, { label: string; settings: AdminSetting[] }>();
  for (const setting of settings.data) {
    const group = groups.get(setting.group) ?? { label: setting.group_label, settings: [] };
    group.settings.push(setting);
    groups.set(setting.group, group);
  }
  return (
    <div className="admin-settings__groups">
      {[...groups].map(([key, group]) => (
        <section key={key} className="settings-group" aria-labelledby={`settings-group-${key}`}>
          <h3 id={`settings-group-${key}`} className="settings-group__title">
            {group.label}
          </h3>
          <ul className="settings-group__list">
            {group.settings.map((setting) => (
              <li key={setting.key}>
                <SettingCard setting={setting} canEdit={canEdit} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
