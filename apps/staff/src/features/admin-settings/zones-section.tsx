import {
  ADMIN_SETTINGS_MESSAGES,
  type AdminZone,
  type AdminZoneList,
} from '@mandado/shared/admin-settings.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { uploadZones, ZONES_KEY, zonesQueryOptions } from './admin-settings.api.ts';
import { projectZones } from './zone-map.ts';

const MAP_WIDTH = 1000;

/** Names may repeat in an upload; a zone's kind, name and first vertex together tell it apart. */
function zoneKey(zone: AdminZone): string {
  return `${zone.kind}:${zone.name}:${zone.polygon[0]?.join(',') ?? ''}`;
}

/**
 * 'Zonas': the service area and the meeting-point zones in force, drawn as an inline SVG (the shop's Leaflet
 * map lives in apps/web, which the staff app may not import, and tiles would add a third-party load to a
 * screen that only needs the outlines), listed with their notes, and replaced by uploading a GeoJSON.
 */
export function ZonesSection({ canEdit }: { canEdit: boolean }) {
  const zones = useQuery(zonesQueryOptions());
  if (zones.isPending) return <Spinner label="Cargando las zonas" />;
  if (zones.isError) return <QueryError message={zones.error.message} onRetry={() => void zones.refetch()} />;
  return (
    <div className="zones">
      <p className="zones__source">
        {zones.data.source === 'uploaded'
          ? 'Rigen las zonas que subió un operador.'
          : 'Rigen las zonas de fábrica (nomenclátor): todavía nadie subió las suyas.'}
      </p>
      <ZoneMap list={zones.data} />
      <ul className="zones__list">
        {zones.data.zones.map((zone) => (
          <li key={zoneKey(zone)} className={`zone-item zone-item--${zone.kind}`}>
            <span className="zone-item__name">{zone.name}</span>
            <span className="zone-item__kind">
              {zone.kind === 'service_area' ? 'Área de servicio' : 'Punto de encuentro'}
            </span>
            {zone.note ? <span className="zone-item__note">{zone.note}</span> : null}
          </li>
        ))}
      </ul>
      {canEdit ? <ZoneUpload /> : null}
    </div>
  );
}

function ZoneMap({ list }: { list: AdminZoneList }) {
  const { shapes, height } = useMemo(() => projectZones(list.zones, MAP_WIDTH), [list]);
  if (shapes.length === 0) return null;
  return (
    <svg
      className="zones__map"
      viewBox={`-10 -10 ${MAP_WIDTH + 20} ${height + 20}`}
      role="img"
      aria-label="Mapa de las zonas: el área de servicio y los puntos de encuentro"
    >
      {shapes.map((shape) => (
        <polygon
          key={zoneKey(shape.zone)}
          points={shape.points}
          className={`zones__shape zones__shape--${shape.zone.kind}`}
        >
          <title>{shape.zone.name}</title>
        </polygon>
      ))}
    </svg>
  );
}

function ZoneUpload() {
  const ids = useId();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setProblem('Elige un archivo GeoJSON.');
      return;
    }
    let geojson: unknown;
    try {
      geojson = JSON.parse(await file.text());
    } catch {
      setProblem(ADMIN_SETTINGS_MESSAGES.invalidJson);
      return;
    }
    setBusy(true);
    try {
      queryClient.setQueryData(ZONES_KEY, await uploadZones(geojson));
      notify({
        kind: 'success',
        title: 'Zonas reemplazadas',
        message: 'Las direcciones ya usan las nuevas.',
      });
      if (fileRef.current) fileRef.current.value = '';
    } catch (failure) {
      setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="zones__upload" noValidate onSubmit={(event) => void submit(event)}>
      <label className="field-label" htmlFor={`${ids}-file`}>
        Reemplazar con un GeoJSON
      </label>
      <p id={`${ids}-hint`} className="form__hint">
        Una FeatureCollection de polígonos en [longitud, latitud], cada uno con properties.name,
        properties.kind ("service_area", exactamente uno, o "meeting_point") y, si quieres, properties.note:
        dónde se encuentra el repartidor con quien recibe.
      </p>
      <input
        ref={fileRef}
        id={`${ids}-file`}
        className="input"
        type="file"
        accept=".geojson,.json,application/geo+json,application/json"
        aria-describedby={`${ids}-hint`}
      />
      <FormProblem problem={problem} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <Spinner size="small" /> : null}
        Subir y reemplazar
      </button>
    </form>
  );
}
