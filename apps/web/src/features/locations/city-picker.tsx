import type { City } from '@mandado/shared/catalog.schemas';
import { PinIcon, SearchIcon } from '@mandado/web-kit/icons.tsx';
import { useId, useMemo, useState } from 'react';
import { groupCitiesByState } from './group-cities.ts';
import { isSameCity } from './same-city.ts';

interface CityPickerProps {
  cities: City[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  currentCity: City | null;
  onChoose: (city: City) => void;
  onNotMyCity: () => void;
}

function resultsText(count: number): string {
  if (count === 0) return 'No hay ciudades que coincidan.';
  return count === 1 ? '1 ciudad disponible.' : `${count} ciudades disponibles.`;
}

/** The city selector's options (spec §2): a filter box, cities grouped by state, and 'No veo mi ciudad'. */
export function CityPicker({
  cities,
  isLoading,
  isError,
  onRetry,
  currentCity,
  onChoose,
  onNotMyCity,
}: CityPickerProps) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const groups = useMemo(() => groupCitiesByState(cities ?? [], query), [cities, query]);
  const count = groups.reduce((total, group) => total + group.cities.length, 0);

  return (
    <div className="city-picker">
      <label htmlFor={inputId} className="field-label">
        Buscar ciudad
      </label>
      <div className="search-field">
        <SearchIcon className="search-field__icon" />
        <input
          id={inputId}
          className="search-field__input"
          type="search"
          autoComplete="off"
          placeholder="Montevideo, Canelones…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      <div className="city-picker__results">
        {isLoading ? (
          <ul className="city-picker__list" aria-hidden="true">
            <li className="skeleton city-option--skeleton" />
            <li className="skeleton city-option--skeleton" />
          </ul>
        ) : null}
        {isError ? (
          <div className="city-picker__error" role="alert">
            <p>No pudimos cargar las ciudades.</p>
            <button type="button" className="button button--secondary button--small" onClick={onRetry}>
              Reintentar
            </button>
          </div>
        ) : null}
        {cities ? (
          <>
            <p className="visually-hidden" role="status">
              {resultsText(count)}
            </p>
            {groups.map((group) => (
              <section key={group.state} className="city-picker__group" aria-label={group.state}>
                <h2 className="city-picker__state">{group.state}</h2>
                <ul className="city-picker__list">
                  {group.cities.map((city) => {
                    const current = isSameCity(city, currentCity);
                    return (
                      <li key={city.id}>
                        <button
                          type="button"
                          className={current ? 'city-option city-option--current' : 'city-option'}
                          aria-current={current ? 'true' : undefined}
                          onClick={() => onChoose(city)}
                        >
                          <PinIcon className="city-option__icon" />
                          <span className="city-option__name">{city.name}</span>
                          {current ? <span className="city-option__tag">Tu ciudad</span> : null}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
            {count === 0 ? (
              <p className="city-picker__empty">
                No encontramos “{query.trim()}”. Por ahora enviamos solo a Montevideo.
              </p>
            ) : null}
          </>
        ) : null}
      </div>

      <button type="button" className="button button--ghost city-picker__missing" onClick={onNotMyCity}>
        No veo mi ciudad
      </button>
    </div>
  );
}
