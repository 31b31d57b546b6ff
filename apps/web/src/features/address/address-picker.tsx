import type { DeliveryZone, GeoPlace } from '@mandado/shared/geo.schemas';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { isVisitorInUruguay, useVisitorCountry } from '../../hooks/use-visitor-country.ts';
import { type GeoPoint, geoSearchQueryOptions, reverseGeocode, roundCoordinate } from './geo.api.ts';
import { withHouseNumber } from './house-number.ts';
import {
  GEOLOCATION_DENIED_TEXT,
  GEOLOCATION_UNAVAILABLE_TEXT,
  requestPosition,
} from './request-position.ts';
import './address-picker.css';

const LocationMap = lazy(
  lazyWithReload(async () => ({ default: (await import('./location-map.tsx')).LocationMap })),
);

/** Until the settings arrive: the OpenStreetMap standard tiles, as the server's default. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_ATTRIBUTION = '© OpenStreetMap contributors';
const SEARCH_DEBOUNCE_MS = 300;

export type LocationChoice = 'current' | 'other';

export interface AddressValue {
  /** The address line as the shopper reads it (a suggestion's or the reverse lookup's label, editable). */
  address: string;
  position: GeoPoint | null;
}

interface AddressPickerProps {
  fieldId: string;
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  addressError?: string;
  /** Spec §5: 'Campo requerido' with 'Otra dirección' and no position. */
  positionError?: string;
  /** Moves focus to the address box when the form reports an error there. */
  addressRef?: (element: HTMLInputElement | null) => void;
  /**
   * The map (Leaflet, ~50 KB gzip, and its tiles) waits until there is a position or the shopper asks for it.
   * The address popup opens on a browse page's first load, which must not grow by the map (issue 9).
   */
  mapOnDemand?: boolean;
  /**
   * The shopper's delivery notices for the picked point (outside the city, a meeting point). A store applying
   * to sell (issue 18) is told nothing about shipping.
   */
  zoneNotices?: boolean;
}

function zoneNotice(zone: DeliveryZone | null): string | null {
  if (!zone) return null;
  if (zone.meeting_point) {
    return `Zona con punto de encuentro (${zone.meeting_point.name}): el repartidor coordina con quien recibe dónde entregar.`;
  }
  if (!zone.in_service_area) return 'Esta dirección queda fuera de la ciudad: el envío cuesta más.';
  return null;
}

/**
 * Spec §5 address form: the location choice ('Mi ubicación actual' or 'Otra dirección'), the address box
 * with suggestions from our geocoder (Uruguay only, 3 characters or more, debounced) and the map, where a
 * click or a drag of the pin moves the position; the reverse lookup fills the address only while the
 * shopper has not written one. A picked suggestion keeps the house number they typed.
 */
export function AddressPicker({
  fieldId,
  value,
  onChange,
  addressError,
  positionError,
  addressRef,
  mapOnDemand = false,
  zoneNotices = true,
}: AddressPickerProps) {
  const [choice, setChoice] = useState<LocationChoice>('other');
  const [mapWanted, setMapWanted] = useState(!mapOnDemand);
  const [locating, setLocating] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [denied, setDenied] = useState(false);
  const [zone, setZone] = useState<DeliveryZone | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [term, setTerm] = useState('');
  const debouncedTerm = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...geoSearchQueryOptions(debouncedTerm),
    enabled: open && debouncedTerm.trim().length >= 3,
  });
  const settings = usePublicSettings();
  // Issue 30: a payer abroad is not where the order goes; their own position is offered only in Uruguay.
  const offerCurrentLocation = isVisitorInUruguay(useVisitorCountry());
  const listId = useId();
  const choiceName = useId();
  const valueRef = useRef(value);
  const lookupRef = useRef(0);
  // Whether the address line is the shopper's (typed, or a suggestion they picked) or only a map label: a
  // tap on the map moves the pin and relabels a map label, never a line the shopper wrote (issue 16).
  const ownLineRef = useRef(value.address.trim() !== '');

  useEffect(() => {
    valueRef.current = value;
  });

  const results = open ? (suggestions.data ?? []) : [];

  /** A new position: shown at once, then labelled by the reverse lookup (the latest one wins). */
  function pickPoint(point: GeoPoint) {
    const rounded = {
      latitude: roundCoordinate(point.latitude),
      longitude: roundCoordinate(point.longitude),
    };
    const lookup = ++lookupRef.current;
    onChange({ address: valueRef.current.address, position: rounded });
    reverseGeocode(rounded)
      .then((place) => {
        if (lookup !== lookupRef.current) return;
        setZone(place.zone);
        const keepLine = ownLineRef.current && valueRef.current.address.trim() !== '';
        onChange({ address: keepLine ? valueRef.current.address : place.label, position: rounded });
      })
      .catch(() => {
        // Without a label the shopper types the address; the position stays.
      });
  }

  function pickPlace(place: GeoPlace) {
    lookupRef.current += 1;
    setOpen(false);
    setActive(-1);
    setTerm('');
    setZone(place.zone);
    ownLineRef.current = true;
    onChange({
      address: withHouseNumber(valueRef.current.address, place.label),
      position: { latitude: place.latitude, longitude: place.longitude },
    });
  }

  async function locateCurrent() {
    setChoice('current');
    setUnavailable(false);
    setDenied(false);
    setLocating(true);
    const answer = await requestPosition();
    setLocating(false);
    if (answer.kind === 'unavailable') setUnavailable(true);
    else if (answer.kind === 'denied') setDenied(true);
    else if (answer.kind === 'ready') pickPoint(answer.point);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setActive((current) => (current + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActive((current) => (current <= 0 ? results.length - 1 : current - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      const place = results[active];
      if (place) {
        event.preventDefault();
        pickPlace(place);
      }
    } else if (event.key === 'Escape' && open) {
      // Closes the suggestions only, not the dialog around the form.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const notice = zoneNotices ? zoneNotice(zone) : null;
  const positionErrorId = `${fieldId}-position-error`;
  const addressInput = invalidProps(fieldId, addressError ?? positionError);

  return (
    <div className="address-picker">
      {offerCurrentLocation ? (
        <fieldset className="address-picker__choice">
          <legend className="field-label">Ubicación</legend>
          <label className="address-picker__option">
            <input
              type="radio"
              name={choiceName}
              checked={choice === 'current'}
              onChange={() => void locateCurrent()}
            />
            Mi ubicación actual
          </label>
          <label className="address-picker__option">
            <input
              type="radio"
              name={choiceName}
              checked={choice === 'other'}
              onChange={() => setChoice('other')}
            />
            Otra dirección
          </label>
        </fieldset>
      ) : null}
      {locating ? (
        <p className="notice">
          <Spinner size="small" /> Buscando tu ubicación…
        </p>
      ) : null}
      {unavailable ? (
        <p className="notice notice--warn" role="alert">
          {GEOLOCATION_UNAVAILABLE_TEXT}
        </p>
      ) : null}
      {denied ? (
        <p className="notice notice--warn" role="alert">
          {GEOLOCATION_DENIED_TEXT}
        </p>
      ) : null}
      <div className="form__field address-picker__search">
        <label className="field-label field-label--required" htmlFor={fieldId}>
          Dirección
        </label>
        <input
          {...addressInput}
          aria-describedby={
            [addressError ? `${fieldId}-error` : undefined, positionError ? positionErrorId : undefined]
              .filter(Boolean)
              .join(' ') || undefined
          }
          ref={addressRef}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder="Calle y número, barrio"
          value={value.address}
          onChange={(event) => {
            ownLineRef.current = event.target.value.trim() !== '';
            onChange({ address: event.target.value, position: value.position });
            setTerm(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => window.setTimeout(() => setOpen(false), 200)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Direcciones sugeridas"
          className="address-picker__suggestions"
          hidden={results.length === 0}
        >
          {results.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter).
            <div
              key={`${place.label}-${place.latitude}-${place.longitude}`}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={
                index === active
                  ? 'address-picker__suggestion address-picker__suggestion--active'
                  : 'address-picker__suggestion'
              }
              // The box's blur would close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pickPlace(place)}
            >
              {place.label}
            </div>
          ))}
        </div>
        {addressError ? (
          <p id={`${fieldId}-error`} className="form__error">
            {addressError}
          </p>
        ) : null}
        {positionError && !addressError ? (
          <p id={positionErrorId} className="form__error">
            {positionError}
          </p>
        ) : null}
      </div>
      {mapWanted || value.position !== null ? (
        <>
          <p className="form__hint">Toca el mapa o arrastra el marcador para ajustar la ubicación.</p>
          <Suspense fallback={<div className="location-map location-map--loading" aria-hidden="true" />}>
            <LocationMap
              position={value.position}
              onPick={pickPoint}
              tileUrl={settings?.map_tile_url ?? DEFAULT_TILE_URL}
              attribution={settings?.map_attribution ?? DEFAULT_ATTRIBUTION}
              label="Mapa de la dirección"
            />
          </Suspense>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setMapWanted(true)}
        >
          Elegir en el mapa
        </button>
      )}
      {notice ? <p className="notice">{notice}</p> : null}
    </div>
  );
}
