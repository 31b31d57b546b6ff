import { describe, expect, it } from 'vitest';
import { shouldOpenAddressPopup } from './address-popup-host.tsx';

const firstVisit = {
  hasLocation: false,
  dismissed: false,
  hasCity: true,
  pathname: '/stores',
  helpOpen: false,
};

describe('shouldOpenAddressPopup (spec §2 Address popup)', () => {
  it('opens on a first visit with a city and no stored location', () => {
    expect(shouldOpenAddressPopup(firstVisit)).toBe(true);
  });

  it('stays closed once a location is stored', () => {
    expect(shouldOpenAddressPopup({ ...firstVisit, hasLocation: true })).toBe(false);
  });

  it('stays closed for the rest of the visit once dismissed', () => {
    expect(shouldOpenAddressPopup({ ...firstVisit, dismissed: true })).toBe(false);
  });

  it('never opens over the city screen, nor before a city is chosen', () => {
    expect(shouldOpenAddressPopup({ ...firstVisit, pathname: '/' })).toBe(false);
    expect(shouldOpenAddressPopup({ ...firstVisit, hasCity: false })).toBe(false);
  });

  it('waits while help is open (a shared ?ayuda= link) instead of stacking on it', () => {
    expect(shouldOpenAddressPopup({ ...firstVisit, helpOpen: true })).toBe(false);
  });
});
